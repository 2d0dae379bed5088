import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { issuesOf, messageOf } from './api';

/** Loads data for a screen: the value, the error, and a reload. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): { data: T | undefined; error: string | null; loading: boolean; reload: () => void } {
  const [state, setState] = useState<{ data: T | undefined; error: string | null; loading: boolean }>({ data: undefined, error: null, loading: true });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    setState((previous) => ({ ...previous, loading: true }));
    load().then(
      (data) => current && setState({ data, error: null, loading: false }),
      (error: unknown) => current && setState({ data: undefined, error: messageOf(error), loading: false }),
    );
    return () => {
      current = false;
    };
  }, [...deps, round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { ...state, reload };
}

/** A form's submit handler and its error line: the error is cleared on submit and set to the failure's message. */
export function useSubmit(submit: (form: HTMLFormElement) => Promise<void>, describe: (error: unknown) => string = issuesOf) {
  const [error, setError] = useState<string | null>(null);
  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await submit(event.currentTarget as HTMLFormElement);
    } catch (caught) {
      setError(describe(caught));
    }
  };
  return { onSubmit, error, setError };
}

/** Reads a form's text fields, trimmed. */
export const formText = (form: FormData) => (name: string) => String(form.get(name) ?? '').trim();

/** Sends a change (after the user confirms it, when a question is given), then calls onDone; a failure's message goes to onError. */
export async function applyChange(change: () => Promise<unknown>, { question, onDone, onError }: { question?: string; onDone: () => void; onError: (message: string) => void }): Promise<void> {
  if (question && !confirm(question)) return;
  try {
    await change();
    onDone();
  } catch (caught) {
    onError(messageOf(caught));
  }
}

export function ErrorNote({ children }: { children: ComponentChildren }) {
  return children ? (
    <p class="error" role="alert">
      {children}
    </p>
  ) : null;
}

export function Empty({ children }: { children: ComponentChildren }) {
  return <p class="empty">{children}</p>;
}

export function Loading() {
  return (
    <p class="muted" role="status">
      Loading…
    </p>
  );
}

/** What a loaded list shows: Loading… until the first data, the empty note when there is nothing, else the content. */
export function Loaded<T>({
  state,
  empty,
  isEmpty = (data) => Array.isArray(data) && data.length === 0,
  children,
}: {
  state: { data: T | undefined; loading: boolean };
  empty?: ComponentChildren;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ComponentChildren;
}) {
  if (state.data === undefined) return state.loading ? <Loading /> : null;
  if (empty !== undefined && isEmpty(state.data)) return <Empty>{empty}</Empty>;
  return <>{children(state.data)}</>;
}

/** A table of rows under column headings; withActions adds a last column of buttons, its heading read only by screen readers. */
export function DataTable({ columns, withActions = false, class: className = 'grid', children }: { columns: string[]; withActions?: boolean; class?: string; children: ComponentChildren }) {
  return (
    <table class={className}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th scope="col">{column}</th>
          ))}
          {withActions && (
            <th scope="col">
              <span class="visually-hidden">Actions</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** A button acting on one row of a table: its accessible name adds the row's subject, as the visible label repeats on every row. */
export function RowButton({ label, subject, class: className = 'danger', onClick }: { label: string; subject: string; class?: string; onClick: () => void }) {
  return (
    <button type="button" class={className} onClick={onClick} aria-label={`${label} ${subject}`}>
      {label}
    </button>
  );
}

/**
 * Rows the user adds and removes, each with its own inputs (`children`, then its Remove button, then
 * `below` when given); a row's buttons are named by `noun` and its number, as the labels repeat.
 */
export function EditableRows<T>({
  rows,
  onChange,
  noun,
  addLabel = `Add ${noun}`,
  blank,
  empty,
  children,
  below,
}: {
  rows: T[];
  onChange: (rows: T[]) => void;
  noun: string;
  addLabel?: string;
  blank: () => T;
  empty?: string;
  children: (row: T, set: (row: T) => void, number: number) => ComponentChildren;
  below?: (row: T, set: (row: T) => void, number: number) => ComponentChildren;
}) {
  return (
    <>
      {rows.length === 0 && empty && <p class="empty">{empty}</p>}
      {rows.map((row, index) => {
        const set = (changed: T) => onChange(rows.map((other, at) => (at === index ? changed : other)));
        return (
          <div class="field-row">
            {children(row, set, index + 1)}
            <button type="button" class="secondary" aria-label={`Remove ${noun} ${index + 1}`} onClick={() => onChange(rows.filter((_, at) => at !== index))}>
              Remove
            </button>
            {below?.(row, set, index + 1)}
          </div>
        );
      })}
      <button type="button" class="secondary" onClick={() => onChange([...rows, blank()])}>
        {addLabel}
      </button>
    </>
  );
}

/** The API's messages about one input, shown under it; give the input `aria-describedby={id}` and `aria-invalid`. */
export function FieldIssues({ id, messages }: { id: string; messages: string[] }) {
  return messages.length ? (
    <span class="field-issue" id={id}>
      {messages.join('; ')}
    </span>
  ) : null;
}

export function Page({ title, children, actions }: { title: string; children: ComponentChildren; actions?: ComponentChildren }) {
  useEffect(() => {
    document.title = `${title} · docsift`;
  }, [title]);
  return (
    <section aria-labelledby="page-title">
      <header class="page-head">
        <h1 id="page-title">{title}</h1>
        {actions}
      </header>
      {children}
    </section>
  );
}

export const formatTime = (iso: string | undefined | null): string => (iso ? new Date(iso).toLocaleString() : '—');

export const percent = (value: number | undefined | null): string => (value === undefined || value === null ? '—' : `${Math.round(value * 100)}%`);

/** Confidence below this is shown as low: worth a look before the value is trusted. */
export const LOW_CONFIDENCE = 0.8;

export function StatusBadge({ status }: { status: string }) {
  return <span class={`badge status-${status}`}>{status}</span>;
}
