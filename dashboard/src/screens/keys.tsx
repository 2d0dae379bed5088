import { useState } from 'preact/hooks';
import { api, messageOf, type Session } from '../api';
import { applyChange, DataTable, ErrorNote, formatTime, Loaded, Page, RowButton, useLoad, useSubmit } from '../ui';

const SCOPES = ['documents:read', 'documents:write', 'lending:read', 'lending:write', 'types:manage', 'webhooks:manage', 'analysis:read', 'analysis:write'];
const EXPIRIES = [
  ['never', 'Never'],
  ['7d', '7 days'],
  ['30d', '30 days'],
  ['90d', '90 days'],
  ['365d', '1 year'],
];

interface ApiKey {
  id: string;
  name: string;
  keyPrefix: string;
  scopes: string[];
  expiresAt: string | null;
  createdAt: string;
  lastUsedAt?: string | null;
}

export function KeysScreen({ session }: { session: Session }) {
  const keys = useLoad(() => api<{ apiKeys: ApiKey[] }>('GET', '/api/api-keys').then((body) => body.apiKeys), []);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const [allScopes, setAllScopes] = useState(true);
  const manager = session.role !== 'member';

  const create = useSubmit(async (formElement) => {
    const form = new FormData(formElement);
    const scopes = allScopes ? ['*'] : form.getAll('scope').map(String);
    if (scopes.length === 0) throw new Error('Choose at least one scope, or all scopes.');
    const key = await api<{ name: string; key: string }>('POST', '/api/api-keys', { name: String(form.get('name')).trim(), expiresIn: String(form.get('expiresIn')), scopes });
    setCreated(key);
    setCopied(false);
    formElement.reset();
    setAllScopes(true);
    keys.reload();
  }, messageOf);

  const revoke = (key: ApiKey) =>
    applyChange(() => api('DELETE', `/api/api-keys/${key.id}`), {
      question: `Revoke the key "${key.name}"? Programs using it get 401 from now on.`,
      onDone: keys.reload,
      onError: create.setError,
    });

  return (
    <Page title="API keys">
      {manager ? (
        <form class="card stack" onSubmit={create.onSubmit} aria-labelledby="new-key">
          <h2 id="new-key">New key</h2>
          <label>
            Name
            <input name="name" required maxLength={255} placeholder="e.g. billing backend" />
          </label>
          <label>
            Expires
            <select name="expiresIn">
              {EXPIRIES.map(([value, label]) => (
                <option value={value}>{label}</option>
              ))}
            </select>
          </label>
          <fieldset>
            <legend>Scopes</legend>
            <label class="inline">
              <input type="checkbox" checked={allScopes} onChange={(event) => setAllScopes((event.target as HTMLInputElement).checked)} /> All scopes (*)
            </label>
            {!allScopes &&
              SCOPES.map((scope) => (
                <label class="inline">
                  <input type="checkbox" name="scope" value={scope} /> {scope}
                </label>
              ))}
          </fieldset>
          <button type="submit">Create key</button>
        </form>
      ) : (
        <p class="muted">Only owners and admins create and revoke keys.</p>
      )}
      <ErrorNote>{create.error ?? keys.error}</ErrorNote>
      {created && (
        <div class="card created-key" role="status">
          <p>
            The key <strong>{created.name}</strong> is shown this once; store it now.
          </p>
          <code class="secret" data-testid="new-key">
            {created.key}
          </code>
          <button
            type="button"
            onClick={() =>
              navigator.clipboard.writeText(created.key).then(
                () => setCopied(true),
                () => create.setError('The browser refused the clipboard: select the key and copy it by hand.'),
              )
            }
          >
            {copied ? 'Copied' : 'Copy'}
          </button>
        </div>
      )}
      <Loaded state={keys} empty="No API keys yet. Create one to call the API from a program.">
        {(list) => (
          <DataTable columns={['Name', 'Prefix', 'Scopes', 'Expires', 'Last used']} withActions>
            {list.map((key) => (
              <tr>
                <td>{key.name}</td>
                <td>
                  <code>{key.keyPrefix}…</code>
                </td>
                <td>{key.scopes.join(', ')}</td>
                <td>{key.expiresAt ? formatTime(key.expiresAt) : 'never'}</td>
                <td>{formatTime(key.lastUsedAt)}</td>
                <td>
                  {manager && <RowButton label="Revoke" subject={key.name} onClick={() => revoke(key)} />}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </Loaded>
    </Page>
  );
}
