import { useEffect, useState } from 'preact/hooks';
import { api, issuesOf, messageOf } from '../api';
import { applyChange, DataTable, ErrorNote, formatTime, formText, Loaded, Page, StatusBadge, useLoad, useSubmit } from '../ui';

interface Webhook {
  id: string;
  connectionName: string;
  webhookConfig: { url: string; authType: string; authValue?: string; hmacSecret?: string; retryEnabled: boolean; maxRetries: number };
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

function WebhookForm({ onDone }: { onDone: () => void }) {
  const [authType, setAuthType] = useState('none');
  const [format, setFormat] = useState('default');
  const submit = useSubmit(
    async (formElement) => {
      const text = formText(new FormData(formElement));
      const fieldsText = text('fields');
      const fields = fieldsText ? (JSON.parse(fieldsText) as Record<string, string>) : undefined;
      await api('POST', '/api/integrations/webhooks', {
        connectionName: text('connectionName'),
        webhookConfig: {
          url: text('url'),
          authType,
          authValue: authType === 'bearer' || authType === 'apikey' ? text('authValue') : undefined,
          hmacSecret: authType === 'hmac' ? text('hmacSecret') : undefined,
          maxRetries: Number(text('maxRetries')),
        },
        fieldMappings: { format, fields, transform: format === 'custom' ? text('transform') : undefined },
      });
      onDone();
    },
    (caught) => (caught instanceof SyntaxError ? `The field mapping is not JSON: ${caught.message}` : issuesOf(caught)),
  );

  return (
    <form class="card stack" onSubmit={submit.onSubmit} aria-labelledby="webhook-form">
      <h2 id="webhook-form">New webhook</h2>
      <label>
        Name
        <input name="connectionName" required maxLength={255} />
      </label>
      <label>
        URL
        <input name="url" type="url" required placeholder="https://example.com/hooks/docsift" />
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
      {(authType === 'bearer' || authType === 'apikey') && (
        <label>
          {authType === 'bearer' ? 'Token' : 'Key (or Header-Name:value)'}
          <input name="authValue" required autoComplete="off" />
        </label>
      )}
      {authType === 'hmac' && (
        <label>
          HMAC secret
          <input name="hmacSecret" required autoComplete="off" />
        </label>
      )}
      <label>
        Attempts per delivery
        <input name="maxRetries" type="number" min={1} max={20} value={5} required />
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
          <textarea name="fields" rows={3} placeholder='{"extractedData.certificateNumber": "certNo"}' />
        </label>
      )}
      {format === 'custom' && (
        <label>
          Transform <span class="muted">(a function body; the payload is `data`; return an object)</span>
          <textarea name="transform" rows={6} required class="code" value={TRANSFORM_EXAMPLE} />
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

  const sendTest = async () => {
    setTesting(true);
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
        <code>{webhook.webhookConfig.url}</code> · auth {webhook.webhookConfig.authType} · mapping {webhook.fieldMappings.format} · {webhook.webhookConfig.maxRetries} attempts
      </p>
      <div class="toolbar">
        <button type="button" onClick={sendTest} disabled={testing}>
          Send test
        </button>
        <button type="button" class="secondary" aria-expanded={showDeliveries} onClick={() => setShowDeliveries(!showDeliveries)}>
          Deliveries
        </button>
        <button type="button" class="secondary" onClick={() => setStatus(webhook.status === 'active' ? 'inactive' : 'active')}>
          {webhook.status === 'active' ? 'Deactivate' : 'Activate'}
        </button>
        <button type="button" class="danger" onClick={remove}>
          Delete
        </button>
      </div>
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
