import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { api, issueList, issuesOf, messageOf, type Issue } from '../api';
import { EditableRows, ErrorNote, FieldIssues, formatTime, Loading, Page, useLoad } from '../ui';

type Requirements = Record<string, unknown>;

interface RequirementsView {
  requirements: Requirements;
  source: 'organization' | 'default';
  updatedAt: string | null;
}

interface Amount {
  group: string;
  name: string;
  amount: string;
}

/**
 * How a member is edited, chosen by the shape of its value in force: the members come from the
 * installed lending plugins, so any member the form has no control for is edited as JSON.
 */
type Editor =
  | { kind: 'number'; text: string }
  | { kind: 'text'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'amounts'; rows: Amount[] }
  | { kind: 'json'; text: string };

/** The bundled plugins' members (docs/lending.md): what they mean, a title when the name does not make one, and the labels of their rows. */
const KNOWN: Record<string, { hint: string; title?: string; labels?: [string, string?, string?] }> = {
  requiredCoverages: { hint: 'coverage types the certificate must list (general_liability, auto_liability, umbrella, workers_comp)', labels: ['Coverage'] },
  minimumLimits: { hint: 'smallest acceptable limit amounts, in dollars', labels: ['Coverage', 'Limit', 'Dollars'] },
  certificateHolderName: { hint: 'the holder the certificate must name; empty: not checked' },
  minimumDaysValid: { hint: "days each coverage must still run after the job's date" },
  maxSorDifference: { title: 'Max SOR difference', hint: "largest tolerated difference in a statement of repair's arithmetic, in dollars" },
  minimumFieldConfidence: { hint: 'from 0 to 1: a value a check needs, read with less confidence, goes to review' },
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const titleOf = (member: string) => KNOWN[member]?.title ?? member.replace(/[A-Z]/g, (capital) => ` ${capital.toLowerCase()}`).replace(/^./, (first) => first.toUpperCase());

function editorOf(value: unknown): Editor {
  if (typeof value === 'number') return { kind: 'number', text: String(value) };
  if (typeof value === 'string' || value === null) return { kind: 'text', text: value ?? '' };
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return { kind: 'list', items: value };
  if (isRecord(value) && Object.values(value).every((group) => isRecord(group) && Object.values(group).every((amount) => typeof amount === 'number'))) {
    const rows = Object.entries(value).flatMap(([group, amounts]) => Object.entries(amounts as Record<string, number>).map(([name, amount]) => ({ group, name, amount: String(amount) })));
    return { kind: 'amounts', rows };
  }
  return { kind: 'json', text: JSON.stringify(value, null, 2) };
}

/** The value to send; a member's JSON that does not parse throws a SyntaxError naming the member. */
function valueOf(member: string, editor: Editor): unknown {
  switch (editor.kind) {
    case 'number':
      return editor.text.trim() === '' ? null : Number(editor.text);
    case 'text':
      return editor.text.trim() || null;
    case 'list':
      return editor.items.map((item) => item.trim());
    case 'amounts': {
      const groups: Record<string, Record<string, number | null>> = {};
      for (const { group, name, amount } of editor.rows) (groups[group.trim()] ??= {})[name.trim()] = amount.trim() === '' ? null : Number(amount);
      return groups;
    }
    case 'json':
      try {
        return JSON.parse(editor.text);
      } catch (caught) {
        throw new SyntaxError(`${titleOf(member)} is not JSON: ${messageOf(caught)}`);
      }
  }
}

const editorsOf = (requirements: Requirements) => Object.fromEntries(Object.entries(requirements).map(([member, value]) => [member, editorOf(value)]));
const valuesOf = (editors: Record<string, Editor>) => Object.fromEntries(Object.entries(editors).map(([member, editor]) => [member, valueOf(member, editor)]));

export function LendingScreen() {
  const current = useLoad(() => api<RequirementsView>('GET', '/api/lending/requirements'), []);
  const [view, setView] = useState<RequirementsView | null>(null);
  // The user's form once they edit it; until then the requirements in force, so the first render already shows them.
  const [edited, setEdited] = useState<Record<string, Editor> | null>(null);
  // Set while the whole set is edited as JSON.
  const [json, setJson] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [issues, setIssues] = useState<Issue[]>([]);
  const [saved, setSaved] = useState(false);
  const shown = view ?? current.data;
  const editors = edited ?? (shown ? editorsOf(shown.requirements) : {});

  const attempt = (action: () => void) => {
    setError(null);
    setIssues([]);
    setSaved(false);
    try {
      action();
    } catch (caught) {
      setError(messageOf(caught));
    }
  };
  const switchMode = () =>
    attempt(() => {
      if (json === null) return setJson(JSON.stringify(valuesOf(editors), null, 2));
      let parsed: unknown;
      try {
        parsed = JSON.parse(json);
      } catch (caught) {
        throw new SyntaxError(`Not JSON: ${messageOf(caught)}`);
      }
      if (!isRecord(parsed)) throw new SyntaxError('The requirements are a JSON object.');
      setEdited(editorsOf(parsed));
      setJson(null);
    });

  const save = async (event: SubmitEvent) => {
    event.preventDefault();
    let body: unknown;
    attempt(() => {
      if (json === null) return (body = valuesOf(editors));
      try {
        body = JSON.parse(json);
      } catch (caught) {
        throw new SyntaxError(`Not JSON: ${messageOf(caught)}`);
      }
    });
    if (body === undefined) return;
    try {
      const answer = await api<RequirementsView>('PUT', '/api/lending/requirements', body);
      setView(answer);
      setEdited(null);
      if (json !== null) setJson(JSON.stringify(answer.requirements, null, 2));
      setSaved(true);
    } catch (caught) {
      // In the form, an issue about a member goes next to it; the note keeps the rest.
      const listed = issueList(caught);
      const placed = json === null ? listed.filter((issue) => issue.path.split('.')[0]! in editors) : [];
      setIssues(placed);
      setError(issuesOf(caught, listed.filter((issue) => !placed.includes(issue))) + (placed.length ? ' See the marked fields.' : ''));
    }
  };

  return (
    <Page title="Lending requirements">
      <p class="muted">What lending jobs are checked against: required coverages, minimum limits, certificate holder, days of validity left, the largest tolerated difference in a statement of repair.</p>
      <ErrorNote>{current.error}</ErrorNote>
      {!shown ? (
        !current.error && <Loading />
      ) : (
        <form class="card stack" onSubmit={save} aria-label="Lending requirements">
          <p>In force: {shown.source === 'default' ? 'the defaults (none set by the organization yet)' : `the organization's, updated ${formatTime(shown.updatedAt)}`}.</p>
          {json === null ? (
            Object.entries(editors).map(([member, editor]) => (
              <MemberEditor
                member={member}
                editor={editor}
                issues={issues}
                onChange={(changed) => {
                  // A changed member's messages may no longer match its rows: they go until the next save.
                  setIssues(issues.filter((issue) => issue.path.split('.')[0] !== member));
                  setEdited({ ...editors, [member]: changed });
                }}
              />
            ))
          ) : (
            <label>
              Requirements (JSON)
              <textarea class="code" rows={18} value={json} onInput={(event) => setJson((event.target as HTMLTextAreaElement).value)} />
            </label>
          )}
          <ErrorNote>{error}</ErrorNote>
          {saved && (
            <p class="ok" role="status">
              Saved.
            </p>
          )}
          <div class="toolbar">
            <button type="submit">Save requirements</button>
            <button type="button" class="secondary" onClick={switchMode}>
              {json === null ? 'Edit as JSON' : 'Edit as form'}
            </button>
          </div>
        </form>
      )}
    </Page>
  );
}

/** One requirement member's control, with the API's messages about it (and about each of its rows) beside it. */
function MemberEditor({ member, editor, issues, onChange }: { member: string; editor: Editor; issues: Issue[]; onChange: (editor: Editor) => void }) {
  const known = KNOWN[member];
  const labels = known?.labels ?? [];
  const id = `requirement-${member}`;
  const heading = (
    <>
      {titleOf(member)} <span class="muted">({known?.hint ?? member})</span>
    </>
  );
  // Issue paths below the member (`requiredCoverages.1`, `minimumLimits.umbrella.eachOccurrence`) name a row.
  const mine = issues.filter((issue) => issue.path === member || issue.path.startsWith(`${member}.`)).map((issue) => ({ at: issue.path.slice(member.length + 1), message: issue.message }));
  const rowKeys =
    editor.kind === 'list' ? editor.items.map((_, index) => String(index)) : editor.kind === 'amounts' ? editor.rows.flatMap((row) => [row.group, `${row.group}.${row.name}`]) : [];
  const messagesAt = (...keys: string[]) => mine.filter((issue) => keys.includes(issue.at)).map((issue) => issue.message);
  const own = mine.filter((issue) => !rowKeys.includes(issue.at)).map((issue) => (issue.at ? `${issue.at}: ${issue.message}` : issue.message));
  /** Marks an input the messages `issueId` shows are about. */
  const marked = (messages: string[], issueId: string) => ({ 'aria-invalid': messages.length > 0 || undefined, 'aria-describedby': messages.length ? issueId : undefined });
  const textInput = (label: ComponentChildren, value: string, set: (value: string) => void, messages: string[], issueId: string, type: 'text' | 'number' = 'text') => {
    const common = { value, onInput: (event: Event) => set((event.target as HTMLInputElement).value), ...marked(messages, issueId) };
    return (
      <label>
        {label}
        {type === 'number' ? <input type="number" step="any" {...common} /> : <input {...common} />}
      </label>
    );
  };
  const ownIssues = <FieldIssues id={`${id}-issues`} messages={own} />;

  switch (editor.kind) {
    case 'list':
      return (
        <fieldset class="requirement">
          <legend>{heading}</legend>
          <EditableRows rows={editor.items} onChange={(items) => onChange({ ...editor, items })} noun={(labels[0] ?? 'item').toLowerCase()} blank={() => ''} empty="None.">
            {(item, set, number) => {
              const messages = messagesAt(String(number - 1));
              return (
                <>
                  {textInput(<RowLabel label={labels[0] ?? 'Item'} number={number} />, item, set, messages, `${id}-${number}`)}
                  <FieldIssues id={`${id}-${number}`} messages={messages} />
                </>
              );
            }}
          </EditableRows>
          {ownIssues}
        </fieldset>
      );
    case 'amounts':
      return (
        <fieldset class="requirement">
          <legend>{heading}</legend>
          <EditableRows rows={editor.rows} onChange={(rows) => onChange({ ...editor, rows })} noun="limit" blank={() => ({ group: '', name: '', amount: '' })} empty="None.">
            {(row, set, number) => {
              const messages = messagesAt(row.group, `${row.group}.${row.name}`);
              const rowId = `${id}-${number}`;
              return (
                <>
                  {textInput(<RowLabel label={labels[0] ?? 'Group'} number={number} />, row.group, (group) => set({ ...row, group }), messages, rowId)}
                  {textInput(<RowLabel label={labels[1] ?? 'Name'} number={number} />, row.name, (name) => set({ ...row, name }), messages, rowId)}
                  {textInput(<RowLabel label={labels[2] ?? 'Amount'} number={number} />, row.amount, (amount) => set({ ...row, amount }), messages, rowId, 'number')}
                  <FieldIssues id={rowId} messages={messages} />
                </>
              );
            }}
          </EditableRows>
          {ownIssues}
        </fieldset>
      );
    case 'json':
      return (
        <div class="requirement">
          <label>
            {heading} <span class="muted">JSON</span>
            <textarea class="code" rows={4} value={editor.text} onInput={(event) => onChange({ ...editor, text: (event.target as HTMLTextAreaElement).value })} {...marked(own, `${id}-issues`)} />
          </label>
          {ownIssues}
        </div>
      );
    default:
      return (
        <div class="requirement">
          {textInput(heading, editor.text, (text) => onChange({ ...editor, text }), own, `${id}-issues`, editor.kind)}
          {ownIssues}
        </div>
      );
  }
}

/** A row input's label: visible once per row, its number read by screen readers. */
function RowLabel({ label, number }: { label: string; number: number }) {
  return (
    <>
      {label} <span class="visually-hidden">{number}</span>
    </>
  );
}
