import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import {
  buildSubmissionPayload,
  buildWebhookHeaders,
  createDocsift,
  isMappingError,
  KEYS,
  verifyWebhookSignature,
  type Docsift,
  type MapperRegistry,
  type WebhookTransport,
} from '@docsift/core';
import { silentLogger } from '@docsift/core/testing';
import { loanSystemMapper, OutboxFileTransport, type OutboxLine } from '../../examples/custom-transform/src/index.js';

const completed = buildSubmissionPayload({
  jobId: '5d0c7f3e-2222-4000-8000-000000000001',
  status: 'completed',
  documentType: 'insurance_cert',
  confidence: 0.934,
  extractedData: { insuredName: 'Redstone Construction Services', policyNumber: 'GL-2291' },
  metadata: { loanNumber: 'KL-100482' },
});

describe('example: an integrator mapper and transport, with no change to core', () => {
  let directory: string;
  let outbox: string;
  let docsift: Docsift;
  let mappers: MapperRegistry;
  let transport: WebhookTransport;

  before(async () => {
    directory = await mkdtemp(join(tmpdir(), 'docsift-custom-transform-'));
    outbox = join(directory, 'outbox.jsonl');
    docsift = createDocsift({
      plugins: [],
      mappers: [loanSystemMapper()],
      webhookTransport: new OutboxFileTransport(outbox, () => new Date('2026-11-21T12:00:00Z')),
      logger: silentLogger,
    });
    mappers = docsift.container.resolve<MapperRegistry>(KEYS.mappers);
    transport = docsift.container.resolve<WebhookTransport>(KEYS.webhookTransport);
  });

  after(async () => {
    await docsift.close();
    await rm(directory, { recursive: true, force: true });
  });

  async function outboxLines(): Promise<OutboxLine[]> {
    const text = await readFile(outbox, 'utf8');
    return text.trim().split('\n').map((line) => JSON.parse(line) as OutboxLine);
  }

  it('resolves the integrator mapper beside the built-in formats, and their transport instead of HTTP', () => {
    expect(mappers.formats()).to.deep.equal(['default', 'flat', 'custom', 'loan-system']);
    expect(transport.name).to.equal('outbox-file');
  });

  it('maps a completed job to the loan system record and signs the delivery it queues', async () => {
    const body = JSON.stringify(await mappers.map('loan-system', completed));
    const timestampMs = Date.parse('2026-11-21T12:00:00Z');
    const headers = buildWebhookHeaders({ config: { authType: 'hmac', hmacSecret: 'keystone-secret' }, body, webhookId: 'd-1', timestampMs });
    const response = await transport.send({ url: 'queue://keystone/loans', headers, body });
    expect(response).to.include({ statusCode: null, error: null });

    const [line] = await outboxLines();
    expect(line.url).to.equal('queue://keystone/loans');
    expect(line.writtenAt).to.equal('2026-11-21T12:00:00.000Z');
    expect(verifyWebhookSignature('keystone-secret', line.headers['X-Webhook-Timestamp'], line.body, line.headers['X-Webhook-Signature'])).to.equal(true);
    expect(JSON.parse(line.body)).to.deep.equal({
      loanNumber: 'KL-100482',
      documentCode: 'HAZARD_INSURANCE',
      receivedFrom: 'docsift',
      confidencePercent: 93,
      fields: [
        { name: 'insuredName', value: 'Redstone Construction Services' },
        { name: 'policyNumber', value: 'GL-2291' },
      ],
      failure: null,
    });
  });

  it('maps a failed job and a type the integrator added a code for', async () => {
    const failed = buildSubmissionPayload({
      jobId: 'j-2',
      status: 'failed',
      error: 'the file is password protected',
      documentType: 'lien_waiver',
      metadata: { loanNumber: 'KL-7' },
    });
    const record = await mappers.map('loan-system', failed, { fields: { lien_waiver: 'LIEN_WAIVER' } });
    expect(record).to.include({ loanNumber: 'KL-7', documentCode: 'LIEN_WAIVER', confidencePercent: null, failure: 'the file is password protected' });
  });

  it('fails a payload the loan system cannot take with a MappingError, and checks mappings when saved', async () => {
    const noLoan = buildSubmissionPayload({
      jobId: completed.jobId,
      status: 'completed',
      documentType: 'insurance_cert',
      confidence: 0.934,
      extractedData: completed.extractedData,
      metadata: {},
    });
    const error = await mappers.map('loan-system', noLoan).catch((caught: unknown) => caught);
    expect(isMappingError(error) && error.code).to.equal('transform_failed');
    const invalid = await mappers.validate('loan-system', { fields: { sor: 'repair estimate' } }).catch((caught: unknown) => caught);
    expect(isMappingError(invalid) && invalid.code).to.equal('invalid_mapping');
  });

  it('still serves the built-in formats, custom transforms included', async () => {
    const output = await mappers.map('custom', completed, { transform: 'return { loan: data.metadata.loanNumber, type: data.documentType };' });
    expect(output).to.deep.equal({ loan: 'KL-100482', type: 'insurance_cert' });
  });

  it('reports an outbox it cannot write instead of throwing', async () => {
    const broken = new OutboxFileTransport(join(directory, 'missing', 'outbox.jsonl'));
    const response = await broken.send({ url: 'queue://x', headers: {}, body: '{}' });
    expect(response).to.include({ statusCode: null, error: 'the outbox file could not be written (ENOENT)' });
  });
});
