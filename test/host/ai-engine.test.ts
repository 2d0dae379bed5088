import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { promptOf, startFakeOpenAi, type ChatReply, type FakeOpenAi } from '../support/fake-openai.js';
import { freePort } from '../support/cli-processes.js';
import { makeTextPdf, paragraph } from '../support/fixtures.js';
import { startReceiver, type Receiver } from './support/webhook-receiver.js';
import { bearer, createKey, signup, startHarness, type Harness } from './support/harness.js';
import { form, PDF_BYTES } from './support/fake-engine.js';

type Json = Record<string, any>;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const API_KEY = 'sk-docsift-test-7f3a9c1e5b2d4086';
const MODEL = 'fake-gpt-4o';
/** Words of the provider's own error body, which a failed job must not repeat. */
const PROVIDER_DETAIL = 'upstream shard 7 exploded';
const SAFE_REQUEST_FAILURE = 'The AI model could not be reached or refused the request. Submit the document again later, or with model "local".';
const SAFE_INVALID_OUTPUT = 'The AI model did not answer with valid data, even when asked again. Submit the document again, or with model "local".';

/**
 * An OpenAI-compatible endpoint on 127.0.0.1 answering `POST /v1/chat/completions`. Each test
 * document prints a case word the endpoint finds in the prompt: it answers that case's
 * classification and extraction, fails with 500, never answers, or answers with prose.
 */
function fakeOpenAi(): Promise<FakeOpenAi> {
  return startFakeOpenAi((request): ChatReply => {
    const prompt = promptOf(request);
    if (prompt.includes('CASE-HANG')) return 'hang';
    if (prompt.includes('CASE-FIVE-HUNDRED')) return { status: 500, message: `The server had an error: ${PROVIDER_DETAIL}.` };
    if (prompt.includes('CASE-GARBAGE')) return { content: 'Sure! I think this is an invoice, but I would rather not say which fields it has.' };
    if (prompt.includes('CASE-LENDING')) return { content: { documentType: 'unknown', confidence: 0.2, alternatives: [] } };
    if (prompt.includes('You classify business documents')) {
      return { content: { documentType: 'project_invoice', confidence: 0.91, alternatives: [{ typeCode: 'sor', confidence: 0.03 }] } };
    }
    return { content: { data: { invoiceNumber: 'INV-2024-117', projectCode: 'PRJ-7781' }, confidence: { invoiceNumber: 0.95, projectCode: 0.9 } } };
  });
}

/** `docsift serve` from source in a child process, so that everything it logs (engine threads included) is captured. */
async function serve(env: Record<string, string>): Promise<{ child: ChildProcess; output: string[]; baseUrl: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--conditions=docsift-source', '--import', 'tsx', '--no-node-snapshot', 'host/src/main/cli.ts', 'serve'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'debug', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${output.join('')}`)), 60_000);
    const check = () => {
      if (!output.join('').includes('listening on')) return;
      clearTimeout(timer);
      child.stdout!.off('data', check);
      resolve();
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code}: ${output.join('')}`));
    });
  });
  return { child, output, baseUrl: `http://127.0.0.1:${port}` };
}

const invoicePdf = (caseWord: string) =>
  makeTextPdf([paragraph(['INVOICE', 'Invoice Number: INV-2024-117', 'Invoice Date: 03/15/2024', `Work done under PRJ-7781 for the east wing. ${caseWord}`, 'Total: 1,250.00'])]);

describe('host: the AI engine over HTTP (`model`), against an OpenAI-compatible server', function () {
  this.timeout(120_000);
  let endpoint: Awaited<ReturnType<typeof fakeOpenAi>>;
  let receiver: Receiver;
  let host: Awaited<ReturnType<typeof serve>>;
  let dataDir: string;
  let key: string;
  /** Every job record the tests read, for the security checks. */
  const records: Json[] = [];

  const call = (method: string, url: string, init: { body?: FormData; json?: unknown; token?: string } = {}) =>
    fetch(host.baseUrl + url, {
      method,
      headers: { ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}), ...(init.token ? bearer(init.token) : {}) },
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    });

  async function submit(parts: Record<string, string>, caseWord: string, route = '/api/documents/extract'): Promise<Response> {
    return call('POST', route, { token: key, body: form({ ...parts, file: { bytes: await invoicePdf(caseWord), name: `${caseWord}.pdf` } }) });
  }

  async function finished(jobId: string, route = '/api/documents/extract'): Promise<Json> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const res = await call('GET', `${route}/${jobId}`, { token: key });
      // A refused poll (429 past the per-key limit) has no status: it must fail here, not read as "still pending".
      expect(res.status, `GET ${route}/${jobId}: ${await res.clone().text()}`).to.equal(200);
      const job = (await res.json()) as Json;
      if (job.status === 'completed' || job.status === 'failed' || Date.now() > deadline) return job;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function run(parts: Record<string, string>, caseWord: string, route?: string): Promise<Json> {
    const res = await submit(parts, caseWord, route);
    expect(res.status, await res.clone().text()).to.equal(202);
    const job = await finished(((await res.json()) as Json).jobId, route);
    records.push(job);
    return job;
  }

  const requestsFor = (caseWord: string) => endpoint.received.filter((request) => request.body.messages.some((message) => message.content.includes(caseWord)));

  before(async () => {
    endpoint = await fakeOpenAi();
    receiver = await startReceiver();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-ai-'));
    host = await serve({
      DOCSIFT_DATA_DIR: dataDir,
      DOCSIFT_AI_BASE_URL: endpoint.baseUrl,
      DOCSIFT_AI_API_KEY: API_KEY,
      DOCSIFT_AI_MODEL: MODEL,
      DOCSIFT_AI_TIMEOUT_MS: '1500',
      DOCSIFT_AI_MAX_RETRIES: '0',
      DOCSIFT_WEBHOOK_ALLOW_PRIVATE: 'true',
      DOCSIFT_WEBHOOK_RETRY_BASE_MS: '50',
      DOCSIFT_JOB_LOCK_LIFETIME_MS: '5000',
      // The polls of `finished` (10 a second, one key) would pass the per-key limits (100 a minute, 10 on /api/lending).
      DOCSIFT_RATE_LIMIT_PER_KEY: '100000',
      DOCSIFT_RATE_LIMIT_LENDING_PER_KEY: '100000',
      DOCSIFT_RATE_LIMIT_PER_ORG: '100000',
    });
    const signupRes = await call('POST', '/api/auth/signup', { json: { email: 'ai@example.com', password: 'correct horse battery', organizationName: 'AI Org' } });
    const session = ((await signupRes.json()) as Json).sessionToken as string;
    const typeRes = await call('POST', '/api/documents/types', {
      token: session,
      json: {
        typeCode: 'project_invoice',
        displayName: 'Project invoice',
        description: 'An invoice for project work.',
        confidenceThreshold: 0.5,
        fields: [
          { name: 'invoiceNumber', type: 'string', description: 'Number of the invoice' },
          { name: 'projectCode', type: 'string', description: 'Code of the customer project the work was done for' },
        ],
      },
    });
    expect(typeRes.status).to.equal(201);
    const keyRes = await call('POST', '/api/api-keys', { token: session, json: { name: 'ai' } });
    key = ((await keyRes.json()) as Json).key as string;
  });

  after(async () => {
    if (host?.child.exitCode === null) {
      const exited = new Promise((resolve) => host.child.once('exit', resolve));
      host.child.kill('SIGTERM');
      await exited;
    }
    await endpoint?.close();
    await receiver?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  describe('happy path', () => {
    it('classifies and extracts with the configured model when asked by its name, and the record says so', async () => {
      const job = await run({ model: MODEL }, 'CASE-OK');

      expect(job).to.include({ status: 'completed', documentType: 'project_invoice', classificationConfidence: 0.91, engine: 'model', model: MODEL });
      expect(job.extractedData).to.deep.equal({ invoiceNumber: 'INV-2024-117', projectCode: 'PRJ-7781' });
      expect(job.fieldDetails.projectCode).to.include({ source: 'model', page: 1 });
      const requests = requestsFor('CASE-OK');
      expect(requests).to.have.length(2);
      expect(requests[0]!.headers.authorization).to.equal(`Bearer ${API_KEY}`);
      expect(requests.map((request) => request.body.model)).to.deep.equal([MODEL, MODEL]);
      expect(requests[0]!.body.messages[1]!.content).to.include('- project_invoice: Project invoice.');
    });

    it('takes `openai` (any case) as the alias of the configured model on the lending route, offering the model only the lending types', async () => {
      const job = await run({ model: 'OpenAI' }, 'CASE-LENDING', '/api/lending/extract');

      expect(job).to.include({ status: 'completed', service: 'lending', documentType: 'unknown', engine: 'model', model: MODEL });
      expect(job.compliance.status).to.equal('unsupported_document');
      const [classification] = requestsFor('CASE-LENDING');
      const typeLines = classification!.body.messages[1]!.content.split('\n').filter((line) => line.startsWith('- '));
      expect(typeLines.map((line) => line.slice(2, line.indexOf(':')))).to.have.members(['sor', 'insurance_cert']);
    });

    for (const [label, parts, caseWord] of [
      ['absent', {}, 'CASE-ABSENT'],
      ['`local`', { model: 'local' }, 'CASE-LOCAL'],
    ] as const) {
      it(`runs the local engine with model ${label}, sending nothing to the provider`, async () => {
        const job = await run(parts, caseWord);

        expect(job).to.include({ status: 'completed', engine: 'local' });
        expect(job).not.to.have.property('model');
        expect(requestsFor(caseWord)).to.deep.equal([]);
      });
    }

    it('documents `model` on both submission routes and `engine`/`model` on the job record in the OpenAPI document', async () => {
      const document = (await (await call('GET', '/api/openapi.json')).json()) as Json;

      expect(document.components.schemas.SubmitDocument.properties.model.description).to.include('`openai`');
      expect(document.components.schemas.JobRecord.properties).to.include.keys('engine', 'model');
      expect(document.paths['/api/lending/extract'].post.requestBody.content['multipart/form-data'].schema.$ref).to.equal('#/components/schemas/SubmitDocument');
      const documentsForm = document.paths['/api/documents/extract'].post.requestBody.content['multipart/form-data'].schema.$ref;
      expect(documentsForm).to.equal('#/components/schemas/SubmitDocumentWithLegacyForm');
      expect(document.components.schemas.SubmitDocumentWithLegacyForm.properties.model.description).to.include('`openai`');
    });
  });

  describe('errors', () => {
    for (const route of ['/api/documents/extract', '/api/lending/extract']) {
      it(`refuses an unknown model on ${route} with 400 invalid_request, naming the choices, before any job or request`, async () => {
        const before = endpoint.received.length;
        const res = await submit({ model: 'gpt-5-turbo' }, 'CASE-UNKNOWN', route);

        expect(res.status).to.equal(400);
        expect(await res.json()).to.deep.equal({
          error: 'invalid_request',
          message: `model "gpt-5-turbo" is unknown; this server accepts "local", "openai", "${MODEL}".`,
          details: { field: 'model', model: 'gpt-5-turbo', supportedModels: ['local', 'openai', MODEL], reason: 'unknown_model' },
        });
        expect(endpoint.received.length).to.equal(before);
      });
    }

    const failures = [
      ['answers 500', 'CASE-FIVE-HUNDRED', SAFE_REQUEST_FAILURE, 1],
      ['never answers (timeout)', 'CASE-HANG', SAFE_REQUEST_FAILURE, 1],
      ['answers prose instead of JSON, twice', 'CASE-GARBAGE', SAFE_INVALID_OUTPUT, 2],
    ] as const;
    for (const [label, caseWord, message, requests] of failures) {
      it(`fails the job with a safe message when the provider ${label}, also in the webhook`, async () => {
        const job = await run({ model: 'openai', webhookUrl: `${receiver.url}/${caseWord}` }, caseWord);

        expect(job).to.include({ status: 'failed', error: message, engine: 'model', model: MODEL });
        expect(requestsFor(caseWord)).to.have.length(requests);
        const deadline = Date.now() + 10_000;
        while (receiver.on(`/${caseWord}`).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
        const [delivery] = receiver.on(`/${caseWord}`);
        expect(delivery!.body).to.include({ event: 'extraction.failed', error: message });
      });
    }
  });

  describe('security', () => {
    it('never lets the API key or the provider\'s error text into job records, webhook payloads or the logs', async () => {
      for (const caseWord of ['CASE-OK', 'CASE-FIVE-HUNDRED', 'CASE-HANG', 'CASE-GARBAGE']) {
        const requests = requestsFor(caseWord);
        expect(requests, caseWord).not.to.deep.equal([]);
        expect(requests[0]!.headers.authorization).to.equal(`Bearer ${API_KEY}`);
      }
      const shown = [...records.map((record) => JSON.stringify(record)), ...receiver.received.map((delivery) => delivery.raw.toString('utf8'))];
      const logs = host.output.join('');

      expect(records.filter((record) => record.status === 'failed')).to.have.length(3);
      expect(receiver.received.length).to.be.at.least(3);
      expect(logs).to.include('model classification request failed');
      for (const text of [...shown, logs]) expect(text).not.to.include(API_KEY);
      for (const text of shown) expect(text).not.to.include(PROVIDER_DETAIL);
    });
  });
});

describe('host: `model` on a server with no AI model configured', () => {
  let h: Harness;
  let key: string;
  before(async () => {
    h = await startHarness();
    key = await createKey(h, await signup(h));
  });
  after(() => h.close());

  for (const route of ['/api/documents/extract', '/api/lending/extract']) {
    it(`refuses a model on ${route} with 400 invalid_request saying none is configured, and accepts \`local\``, async () => {
      const refused = await h.request('POST', route, { body: form({ model: 'openai', file: { bytes: PDF_BYTES, name: 'a.pdf' } }), headers: bearer(key) });
      const accepted = await h.request('POST', route, { body: form({ model: 'local', file: { bytes: PDF_BYTES, name: 'a.pdf' } }), headers: bearer(key) });

      expect(refused.status).to.equal(400);
      expect(await refused.json()).to.deep.equal({
        error: 'invalid_request',
        message: 'model "openai" is not available: no AI model is configured on this server; leave model out or send "local".',
        details: { field: 'model', model: 'openai', supportedModels: ['local'], reason: 'model_not_configured' },
      });
      expect(accepted.status).to.equal(202);
    });
  }
});
