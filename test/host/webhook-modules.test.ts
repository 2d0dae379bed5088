import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import pino from 'pino';
import { ConfigError, loadConfig } from '../../host/src/config/config.js';
import { startHost } from '../../host/src/main/runtime.js';
import type { LoanSystemRecord, OutboxLine } from '@docsift/example-custom-transform';
import { bearer, createKey, signup, startHarness, type Harness } from './support/harness.js';
import { fakeEngine, form, PDF_BYTES, resultOf, waitFor } from './support/fake-engine.js';

const CERT = { insuredName: 'Redstone Construction Services', policyNumber: 'GL-2291' };
const EXAMPLE = '@docsift/example-custom-transform';

describe('host: webhook mappers and transport loaded by name (examples/custom-transform)', () => {
  let h: Harness;
  let outboxDir: string;
  let outbox: string;

  before(async () => {
    outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-outbox-'));
    outbox = path.join(outboxDir, 'outbox.jsonl');
    process.env.KEYSTONE_OUTBOX_FILE = outbox;
    h = await startHarness(
      {
        DOCSIFT_MAPPERS: `${EXAMPLE}#loanSystemMapper`,
        DOCSIFT_WEBHOOK_TRANSPORT: `${EXAMPLE}#outboxFileTransport`,
        DOCSIFT_WEBHOOK_ALLOW_PRIVATE: 'true',
      },
      { worker: true, enginePool: fakeEngine(() => resultOf('insurance_cert', CERT)) },
    );
  });

  after(async () => {
    await h?.close();
    delete process.env.KEYSTONE_OUTBOX_FILE;
    fs.rmSync(outboxDir, { recursive: true, force: true });
  });

  it("delivers a finished job in the integrator's format through the integrator's transport", async () => {
    const key = await createKey(h, await signup(h));
    const created = await h.request('POST', '/api/integrations/webhooks', {
      headers: bearer(key),
      json: {
        connectionName: 'keystone',
        webhookConfig: { url: 'http://127.0.0.1:9/loan-import', retryEnabled: false },
        fieldMappings: { format: 'loan-system', fields: { insurance_cert: 'PROOF_OF_INSURANCE' } },
      },
    });
    expect(created.status, await created.clone().text()).to.equal(201);
    const webhookId = ((await created.json()) as { id: string }).id;

    const submitted = await h.request('POST', '/api/documents/extract', {
      headers: bearer(key),
      body: form({ file: { bytes: PDF_BYTES, name: 'cert.pdf' }, metadata: JSON.stringify({ loanNumber: 'KL-100482' }) }),
    });
    expect(submitted.status).to.equal(202);
    const { jobId } = (await submitted.json()) as { jobId: string };

    const lines = await waitFor(
      async () => (fs.existsSync(outbox) ? fs.readFileSync(outbox, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as OutboxLine) : []),
      (list) => list.length > 0,
    );
    expect(lines).to.have.length(1);
    expect(lines[0]!.url).to.equal('http://127.0.0.1:9/loan-import');
    expect(JSON.parse(lines[0]!.body) as LoanSystemRecord).to.deep.equal({
      loanNumber: 'KL-100482',
      documentCode: 'PROOF_OF_INSURANCE',
      receivedFrom: 'docsift',
      confidencePercent: 93,
      fields: [
        { name: 'insuredName', value: 'Redstone Construction Services' },
        { name: 'policyNumber', value: 'GL-2291' },
      ],
      failure: null,
    });

    const deliveries = await waitFor(
      async () =>
        ((await (await h.request('GET', `/api/integrations/webhooks/${webhookId}/deliveries`, { headers: bearer(key) })).json()) as {
          deliveries: Array<{ jobId: string; status: string; attempts: Array<{ statusCode: number | null; error: string | null }> }>;
        }).deliveries,
      (list) => list.length > 0 && list[0]!.status !== 'pending',
    );
    expect(deliveries[0]).to.deep.include({ jobId, status: 'delivered' });
    expect(deliveries[0]!.attempts[0]).to.include({ statusCode: null, error: null });
  });

  it('refuses a mapping format no mapper provides, so a removed mapper is not silently skipped', async () => {
    const key = await createKey(h, await signup(h));
    const res = await h.request('POST', '/api/integrations/webhooks', {
      headers: bearer(key),
      json: { connectionName: 'other', webhookConfig: { url: 'http://127.0.0.1:9/x' }, fieldMappings: { format: 'loan-system-v2' } },
    });
    expect(res.status).to.equal(400);
  });

  it('stops start-up, naming the setting and the module, when a mapper or the transport cannot be used', async () => {
    const start = (env: Record<string, string>) =>
      startHost({
        config: loadConfig({ DOCSIFT_DATA_DIR: path.join(outboxDir, 'data'), PORT: '0', LOG_LEVEL: 'silent', ...env }),
        logger: pino({ level: 'silent' }),
        api: true,
        worker: false,
      });
    const cases: Array<[Record<string, string>, string]> = [
      [{ DOCSIFT_MAPPERS: `${EXAMPLE}#OutboxFileTransport` }, `DOCSIFT_MAPPERS: "${EXAMPLE}#OutboxFileTransport" exports a class as an export named "OutboxFileTransport"; export a factory function that takes no arguments`],
      [{ DOCSIFT_MAPPERS: `${EXAMPLE}#outboxFileTransport` }, `DOCSIFT_MAPPERS: "${EXAMPLE}#outboxFileTransport" did not give a mapper ({ format, map(payload, options), validate? })`],
      [{ DOCSIFT_WEBHOOK_TRANSPORT: `${EXAMPLE}#loanSystemMapper` }, `DOCSIFT_WEBHOOK_TRANSPORT: "${EXAMPLE}#loanSystemMapper" did not give a transport ({ name, send(request) })`],
      [{ DOCSIFT_WEBHOOK_TRANSPORT: `${EXAMPLE}#missing` }, `DOCSIFT_WEBHOOK_TRANSPORT: "${EXAMPLE}#missing" has no factory function as an export named "missing" (docs/plugins.md)`],
    ];
    for (const [env, message] of cases) {
      const error = await start(env).then(() => null, (caught: unknown) => caught);
      expect(error, JSON.stringify(env)).to.be.instanceOf(ConfigError).with.property('message', message);
    }
  });
});
