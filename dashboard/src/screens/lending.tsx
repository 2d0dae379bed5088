import { useState } from 'preact/hooks';
import { api, issuesOf, messageOf } from '../api';
import { ErrorNote, formatTime, Loading, Page, useLoad } from '../ui';

interface Requirements {
  requirements: Record<string, unknown>;
  source: 'organization' | 'default';
  updatedAt: string | null;
}

export function LendingScreen() {
  const current = useLoad(() => api<Requirements>('GET', '/api/lending/requirements'), []);
  // The user's text once they edit it; until then the requirements in force, so the first render already shows them.
  const [edited, setEdited] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const text = edited ?? (current.data ? JSON.stringify(current.data.requirements, null, 2) : '');

  const save = async (event: SubmitEvent) => {
    event.preventDefault();
    setError(null);
    setSaved(false);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (caught) {
      setError(`Not JSON: ${messageOf(caught)}`);
      return;
    }
    try {
      await api('PUT', '/api/lending/requirements', body);
      setSaved(true);
      setEdited(null);
      current.reload();
    } catch (caught) {
      setError(issuesOf(caught));
    }
  };

  return (
    <Page title="Lending requirements">
      <p class="muted">What lending jobs are checked against: required coverages, minimum limits, certificate holder, days of validity left, the largest tolerated difference in a statement of repair.</p>
      <ErrorNote>{current.error}</ErrorNote>
      {!current.data ? (
        !current.error && <Loading />
      ) : (
        <form class="card stack" onSubmit={save}>
          <p>
            In force: {current.data.source === 'default' ? 'the defaults (none set by the organization yet)' : `the organization's, updated ${formatTime(current.data.updatedAt)}`}.
          </p>
          <label>
            Requirements (JSON)
            <textarea class="code" rows={18} value={text} onInput={(event) => setEdited((event.target as HTMLTextAreaElement).value)} />
          </label>
          <ErrorNote>{error}</ErrorNote>
          {saved && <p class="ok" role="status">Saved.</p>}
          <button type="submit">Save requirements</button>
        </form>
      )}
    </Page>
  );
}
