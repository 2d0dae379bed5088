import { useEffect, useState } from 'preact/hooks';
import { api, issuesOf, messageOf } from '../api';
import { applyChange, DataTable, EditableRows, ErrorNote, formatTime, formText, Loaded, Page, StatusBadge, useLoad, useSubmit } from '../ui';

interface Webhook {
  id: string;
  connectionName: string;
  webhookConfig: { url: string; authType: string; authValue?: string; hmacSecret?: string; headers: Record<string, string>; retryEnabled: boolean; maxRetries: number };
  fieldMappings: { format: string; fields?: Record<string, string>; transform?: string };
  status: 'active' | 'inactive';
  createdAt: string;
}

interface Delivery {
  id: string;
  event: string;
  jobId: string | null;
  status: string;
  attempts: Array<{ attempt: number; at: string; statusCode: number | null; durationMs: number; error: string | null }>;
  createdAt: string;
}

interface TestResult {
  delivered: boolean;
  statusCode: number | null;
  attempts: number;
  durationMs: number;
  error?: string;
}

/** While a delivery is pending, the log is read again this often. */
const DELIVERIES_REFRESH_MS = 2000;
const TRANSFORM_EXAMPLE = 'return { id: data.extractionId ?? data.jobId, status: data.status };';

export function WebhooksScreen() {
  const webhooks = useLoad(() => api<{ webhooks: Webhook[] }>('GET', '/api/integrations/webhooks').then((body) => body.webhooks), []);
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);

  return (
    <Page
      title="Webhooks"
      actions={
        !creating && (
          <button type="button" onClick={() => setCreating(true)}>
            New webhook
          </button>
        )
      }
    >
      <p class="muted">Every completed or failed extraction of the organization is sent to each active webhook.</p>
      {creating && (
        <WebhookForm
          onDone={() => {
            setCreating(false);
            webhooks.reload();
          }}
        />
      )}
      <ErrorNote>{error ?? webhooks.error}</ErrorNote>
      <Loaded state={webhooks} empty="No webhooks yet. Add one to have results sent to your system.">
        {(list) => list.map((webhook) => <WebhookCard webhook={webhook} onChanged={webhooks.reload} onError={setError} />)}
      </Loaded>
    </Page>
  );
}

const CREDENTIAL_NAMES: Record<string, string> = { authValue: 'the token or key', hmacSecret: 'the HMAC secret' };

function describeSaveError(caught: unknown): string {
  if (caught instanceof SyntaxError) return `The field mapping is not JSON: ${caught.message}`;
  const details = (caught as { details?: { reason?: string; credentials?: string[] } }).details;
  if (details?.reason === 'credentials_required') {
    const names = (details.credentials ?? []).map((name) => CREDENTIAL_NAMES[name] ?? name.replace(/^headers\./, 'the header '));
    return `The new URL is on another host, so the stored credentials are not sent there unless you enter them again: ${names.join(', ')}. Nothing was saved.`;
  }
  return issuesOf(caught);
}

interface Header {
  name: string;
  value: string;
}

const usesAuthValue = (authType: string) => authType === 'bearer' || authType === 'apikey';

/**
 * Creates a configuration, or edits `webhook`. A secret comes back from the API only masked, so on
 * an edit an empty secret field keeps the stored one (left out of the PUT); the secret the chosen
 * authentication does not use is removed. Extra headers are sent as the whole set: a stored header
 * whose value is left empty is sent back masked, which keeps its stored value.
 */
function WebhookForm({ webhook, onDone }: { webhook?: Webhook; onDone: () => void }) {
  const [authType, setAuthType] = useState(webhook?.webhookConfig.authType ?? 'none');
  const [format, setFormat] = useState(webhook?.fieldMappings.format ?? 'default');
  const stored = webhook?.webhookConfig;
  const [headers, setHeaders] = useState<Header[]>(() => Object.keys(stored?.headers ?? {}).map((name) => ({ name, value: '' })));
  const storedHeader = (name: string) => stored?.headers[name.trim()];
  const submit = useSubmit(async (formElement) => {
    const text = formText(new FormData(formElement));
    const fieldsText = text('fields');
    const fields = fieldsText ? (JSON.parse(fieldsText) as Record<string, string>) : undefined;
    const secretOf = (name: 'authValue' | 'hmacSecret', used: boolean) => {
      if (!stored) return used ? text(name) : undefined;
      if (used) return text(name) || undefined;
      return stored[name] === undefined ? undefined : null;
    };
    const body = {
      connectionName: text('connectionName'),
      webhookConfig: {
        url: text('url'),
        authType,
        authValue: secretOf('authValue', usesAuthValue(authType)),
        hmacSecret: secretOf('hmacSecret', authType === 'hmac'),
        headers: Object.fromEntries(headers.map(({ name, value }) => [name.trim(), value || storedHeader(name) || ''])),
        maxRetries: Number(text('maxRetries')),
      },
      fieldMappings: { format, fields, transform: format === 'custom' ? text('transform') : undefined },
    };
    await (webhook ? api('PUT', `/api/integrations/webhooks/${webhook.id}`, body) : api('POST', '/api/integrations/webhooks', body));
    onDone();
  }, describeSaveError);
  const formId = `webhook-form-${webhook?.id ?? 'new'}`;
  const keepHint = (masked: string | undefined) => (masked === undefined ? undefined : `Leave empty to keep ${masked}`);

  return (
    <form class="card stack" onSubmit={submit.onSubmit} aria-labelledby={formId}>
      <h2 id={formId}>{webhook ? `Edit webhook ${webhook.connectionName}` : 'New webhook'}</h2>
      <label>
        Name
        <input name="connectionName" required maxLength={255} value={webhook?.connectionName} />
      </label>
      <label>
        URL
        <input name="url" type="url" required placeholder="https://example.com/hooks/docsift" value={stored?.url} />
      </label>
      <label>
        Authentication
        <select value={authType} onChange={(event) => setAuthType((event.target as HTMLSelectElement).value)}>
          <option value="none">none</option>
          <option value="bearer">bearer token</option>
          <option value="apikey">API key header</option>
          <option value="hmac">HMAC signature</option>
        </select>
      </label>
      {usesAuthValue(authType) && (
        <label>
          {authType === 'bearer' ? 'Token' : 'Key (or Header-Name:value)'}
          <input name="authValue" required={stored?.authValue === undefined} autoComplete="off" placeholder={keepHint(stored?.authValue)} />
        </label>
      )}
      {authType === 'hmac' && (
        <label>
          HMAC secret
          <input name="hmacSecret" required={stored?.hmacSecret === undefined} autoComplete="off" placeholder={keepHint(stored?.hmacSecret)} />
        </label>
      )}
      <fieldset>
        <legend>
          Extra headers <span class="muted">(sent with every delivery; values are shown masked)</span>
        </legend>
        <EditableRows rows={headers} onChange={setHeaders} noun="header" blank={() => ({ name: '', value: '' })} empty="None.">
          {(header, set, number) => (
            <>
              <label>
                Name <span class="visually-hidden">of header {number}</span>
                <input value={header.name} required maxLength={256} autoComplete="off" onInput={(event) => set({ ...header, name: (event.target as HTMLInputElement).value })} />
              </label>
              <label class="grow">
                Value <span class="visually-hidden">of header {number}</span>
                <input
                  value={header.value}
                  required={storedHeader(header.name) === undefined}
                  maxLength={8192}
                  autoComplete="off"
                  placeholder={keepHint(storedHeader(header.name))}
                  onInput={(event) => set({ ...header, value: (event.target as HTMLInputElement).value })}
                />
              </label>
            </>
          )}
        </EditableRows>
      </fieldset>
      <label>
        Attempts per delivery
        <input name="maxRetries" type="number" min={1} max={20} value={stored?.maxRetries ?? 5} required />
      </label>
      <label>
        Mapping
        <select value={format} onChange={(event) => setFormat((event.target as HTMLSelectElement).value)}>
          <option value="default">default: the payload, optionally with renamed fields</option>
          <option value="flat">flat: only the mapped fields</option>
          <option value="custom">custom: a transform</option>
        </select>
      </label>
      {format !== 'custom' && (
        <label>
          Field mapping <span class="muted">(JSON: source path → name; optional)</span>
          <textarea
            name="fields"
            rows={3}
            placeholder='{"extractedData.certificateNumber": "certNo"}'
            value={webhook?.fieldMappings.fields ? JSON.stringify(webhook.fieldMappings.fields) : undefined}
          />
        </label>
      )}
      {format === 'custom' && (
        <label>
          Transform <span class="muted">(a function body; the payload is `data`; return an object)</span>
          <textarea name="transform" rows={6} required class="code" value={webhook?.fieldMappings.transform ?? TRANSFORM_EXAMPLE} />
        </label>
      )}
      <ErrorNote>{submit.error}</ErrorNote>
      <div class="toolbar">
        <button type="submit">Save webhook</button>
        <button type="button" class="secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function WebhookCard({ webhook, onChanged, onError }: { webhook: Webhook; onChanged: () => void; onError: (message: string) => void }) {
  const [test, setTest] = useState<TestResult | null>(null);
  const [testing, setTesting] = useState(false);
  const [showDeliveries, setShowDeliveries] = useState(false);
  const [editing, setEditing] = useState(false);
  const headerNames = Object.keys(webhook.webhookConfig.headers);

  const sendTest = async () => {
    setTesting(true);
    // The last test's result would otherwise stand for this one until its answer comes.
    setTest(null);
    try {
      setTest(await api<TestResult>('POST', '/api/integrations/webhooks/test', { webhookId: webhook.id, testData: { data: { example: 'value' } } }));
    } catch (caught) {
      onError(messageOf(caught));
    } finally {
      setTesting(false);
    }
  };
  const setStatus = (status: 'active' | 'inactive') => applyChange(() => api('PUT', `/api/integrations/webhooks/${webhook.id}`, { status }), { onDone: onChanged, onError });
  const remove = () =>
    applyChange(() => api('DELETE', `/api/integrations/webhooks/${webhook.id}`), { question: `Delete the webhook "${webhook.connectionName}"?`, onDone: onChanged, onError });

  return (
    <article class="card webhook" aria-label={webhook.connectionName}>
      <h2>
        {webhook.connectionName} <StatusBadge status={webhook.status} />
      </h2>
      <p>
        <code>{webhook.webhookConfig.url}</code> · auth {webhook.webhookConfig.authType}
        {headerNames.length > 0 && ` · headers ${headerNames.join(', ')}`} · mapping {webhook.fieldMappings.format} · {webhook.webhookConfig.maxRetries} attempts
      </p>
      <div class="toolbar">
        <button type="button" onClick={sendTest} disabled={testing}>
          Send test
        </button>
        <button type="button" class="secondary" aria-expanded={showDeliveries} onClick={() => setShowDeliveries(!showDeliveries)}>
          Deliveries
        </button>
        <button type="button" class="secondary" aria-expanded={editing} onClick={() => setEditing(!editing)}>
          Edit
        </button>
        <button type="button" class="secondary" onClick={() => setStatus(webhook.status === 'active' ? 'inactive' : 'active')}>
          {webhook.status === 'active' ? 'Deactivate' : 'Activate'}
        </button>
        <button type="button" class="danger" onClick={remove}>
          Delete
        </button>
      </div>
      {editing && (
        <WebhookForm
          webhook={webhook}
          onDone={() => {
            setEditing(false);
            onChanged();
          }}
        />
      )}
      {test && (
        <p class={test.delivered ? 'ok' : 'error'} role="status" data-testid="test-result">
          {test.delivered ? `Delivered: HTTP ${test.statusCode} in ${test.durationMs} ms.` : `Not delivered${test.statusCode ? ` (HTTP ${test.statusCode})` : ''}: ${test.error ?? 'no answer'}.`}
        </p>
      )}
      {showDeliveries && <Deliveries webhookId={webhook.id} />}
    </article>
  );
}

function Deliveries({ webhookId }: { webhookId: string }) {
  const deliveries = useLoad(() => api<{ deliveries: Delivery[] }>('GET', `/api/integrations/webhooks/${webhookId}/deliveries`).then((body) => body.deliveries), [webhookId]);
  const pending = deliveries.data?.some((delivery) => delivery.status === 'pending') ?? false;
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(deliveries.reload, DELIVERIES_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [deliveries.data]);
  if (deliveries.error) return <ErrorNote>{deliveries.error}</ErrorNote>;
  return (
    <Loaded state={deliveries} empty="No deliveries yet: they appear when an extraction completes or fails.">
      {(list) => (
        <DataTable columns={['Created', 'Event', 'Status', 'Attempts']}>
          {list.map((delivery) => (
            <tr>
              <td>{formatTime(delivery.createdAt)}</td>
              <td>{delivery.event}</td>
              <td>
                <StatusBadge status={delivery.status} />
              </td>
              <td>
                <ol class="attempts">
                  {delivery.attempts.map((attempt) => (
                    <li>
                      {formatTime(attempt.at)}: {attempt.statusCode ?? 'no answer'} in {attempt.durationMs} ms{attempt.error ? ` (${attempt.error})` : ''}
                    </li>
                  ))}
                </ol>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </Loaded>
  );
}
