import { expect } from 'chai';
import { MAX_REVIEW_PARTS } from '@docsift/plugin-sor';
import { promptOf, startFakeOpenAi, type ChatReply, type ChatRequest, type FakeOpenAi } from '../support/fake-openai.js';
import { bearer, createKey, signup, startHarness, type Harness } from './support/harness.js';
import { fakeEngine, form, PDF_BYTES, resultOf, waitFor } from './support/fake-engine.js';

type Json = Record<string, any>;

const MODEL = 'fake-gpt-4o';

/** Three sections; the grand total is $500 short of its subtotal, so the local analysis has findings of its own. */
const statementData = {
  documentMetadata: { consultant: 'K. F.', propertyAddress: '1 Main St', borrowerName: 'A. Borrower', lenderName: 'B. Lender', inspectionDate: '2024-03-15', contractorInfo: { name: null, license: null, phone: null } },
  constructionSections: [
    { sectionName: '1.0 Roofing', lineItems: [{ description: 'Tear off and reroof', quantity: 20, unit: 'SQ', materialCost: 4000, laborCost: 3000, totalCost: 7000 }] },
    { sectionName: '2.0 Plumbing', lineItems: [{ description: 'Replace water heater', quantity: 1, unit: 'EA', materialCost: 900, laborCost: 400, totalCost: 1300 }] },
    { sectionName: '3.0 Kitchen', lineItems: [{ description: 'Granite countertops and wine cooler', quantity: 1, unit: 'LS', materialCost: 3000, laborCost: 700, totalCost: 3700 }] },
  ],
  recapSummary: { subtotal: 12000, generalConditions: null, overheadAndProfit: null, grandTotal: 11500 },
};

const modelFinding = { severity: 'warning', code: 'Vague-Scope', message: 'The roof work names no disposal of the torn-off material.', path: 'constructionSections[0].lineItems[0].description' };

/** Statement-of-repair tasks with a model review: the queue worker, a fake engine, and an OpenAI-compatible server over real HTTP. */
describe('host: the model review of analysis tasks, against an OpenAI-compatible server', function () {
  this.timeout(60_000);
  let endpoint: FakeOpenAi;
  let h: Harness;
  let key: string;
  let engine: ReturnType<typeof fakeEngine>;
  /** How the endpoint answers the next requests. */
  let reply: (request: ChatRequest) => ChatReply;

  before(async () => {
    endpoint = await startFakeOpenAi((request) => reply(request));
    engine = fakeEngine(() => resultOf('sor', statementData));
    h = await startHarness(
      { DOCSIFT_RATE_LIMIT_PER_KEY: '1000', DOCSIFT_AI_MODEL: MODEL, DOCSIFT_AI_BASE_URL: endpoint.baseUrl, DOCSIFT_AI_MAX_RETRIES: '0' },
      { worker: true, enginePool: engine },
    );
    key = await createKey(h, await signup(h));
  });
  after(async () => {
    await h.close();
    await endpoint.close();
  });
  beforeEach(() => {
    endpoint.received.length = 0;
    reply = () => ({ content: { findings: [modelFinding] } });
  });

  const trigger = (parts: Record<string, string>) =>
    h.request('POST', '/api/sor-analysis-trigger', { body: form({ ...parts, file: { bytes: PDF_BYTES, name: 'statement.pdf' } }), headers: bearer(key) });
  const finishedTask = async (parts: Record<string, string>): Promise<Json> => {
    const res = await trigger(parts);
    expect(res.status).to.equal(202);
    const { taskId } = (await res.json()) as Json;
    return waitFor(
      async () => (await h.request('GET', `/api/task-status/${taskId}`, { headers: bearer(key) })).json() as Promise<Json>,
      (task) => task.status === 'completed' || task.status === 'failed',
      50_000,
    );
  };
  const localFindingsOf = (task: Json) => (task.result.analysis.findings as Json[]).filter((finding) => finding.source === undefined);
  const modelFindingsOf = (task: Json) => (task.result.analysis.findings as Json[]).filter((finding) => finding.source === 'model');

  let localOnly: Json;

  it('model "local" sends nothing to the model, and the findings carry no source', async () => {
    localOnly = await finishedTask({ model: 'local', useChunking: 'true' });
    expect(localOnly.status).to.equal('completed');
    expect(endpoint.received).to.have.length(0);
    expect(localFindingsOf(localOnly)).to.have.length.above(0);
    expect(modelFindingsOf(localOnly)).to.have.length(0);
    expect(localFindingsOf(localOnly).map((finding) => finding.code)).to.include('sor_grand_total_mismatch');
  });

  it('a task with the configured model gets the model findings, marked source "model", after the local ones (one request without useChunking)', async () => {
    const task = await finishedTask({ model: MODEL });
    expect(task.status).to.equal('completed');
    expect(endpoint.received).to.have.length(1);
    const [request] = endpoint.received;
    expect(request!.body.model).to.equal(MODEL);
    const prompt = promptOf(request!);
    expect(prompt).to.include('Part 1 of 1: the whole statement');
    expect(prompt).to.include('sor_grand_total_mismatch');
    for (const section of statementData.constructionSections) expect(prompt).to.include(section.sectionName);
    expect(modelFindingsOf(task)).to.deep.equal([{ ...modelFinding, code: 'vague_scope', source: 'model' }]);
    expect(localFindingsOf(task)).to.deep.equal(localFindingsOf(localOnly));
    expect(task.result.analysis.summary).to.deep.equal(localOnly.result.analysis.summary);
    const findings = task.result.analysis.findings as Json[];
    expect(findings.at(-1)!.source).to.equal('model');
    expect(engine.calls.at(-1)!.options).to.deep.include({ engine: 'local', allowedTypes: ['sor'] });
  });

  it('accepts the alias "openai" for the configured model', async () => {
    const task = await finishedTask({ model: 'openai' });
    expect(endpoint.received).to.have.length(1);
    expect(modelFindingsOf(task)).to.have.length(1);
  });

  it('useChunking sends one request per section, each holding its section only, and merges their findings', async () => {
    reply = (request) => {
      const section = Number(/Part (\d+) of 3/.exec(promptOf(request))![1]) - 1;
      return { content: { findings: [{ severity: 'info', code: `section_${section}`, message: `About section ${section}.`, path: `constructionSections[${section}]` }] } };
    };
    const task = await finishedTask({ model: MODEL, useChunking: 'true' });
    expect(task.status).to.equal('completed');
    expect(endpoint.received).to.have.length(statementData.constructionSections.length);
    endpoint.received.forEach((request, index) => {
      const label = `Part ${index + 1} of 3: constructionSections[${index}]`;
      const part = promptOf(request).split(label)[1];
      expect(part, label).to.be.a('string');
      statementData.constructionSections.forEach((section, other) => {
        if (other === index) expect(part).to.include(section.sectionName);
        else expect(part).to.not.include(section.sectionName);
      });
    });
    expect(modelFindingsOf(task).map((finding) => finding.code)).to.deep.equal(['section_0', 'section_1', 'section_2']);
    expect(localFindingsOf(task)).to.deep.equal(localFindingsOf(localOnly));
    expect(MAX_REVIEW_PARTS).to.equal(20);
  });

  it('a malformed answer (asked again once) gives a warning finding and leaves the local analysis intact', async () => {
    reply = () => ({ content: 'Looks fine to me, nothing to add!' });
    const task = await finishedTask({ model: MODEL });
    expect(task.status).to.equal('completed');
    expect(endpoint.received).to.have.length(2);
    expect(promptOf(endpoint.received[1]!)).to.include('That answer is not valid');
    const [warning, ...others] = modelFindingsOf(task);
    expect(others).to.have.length(0);
    expect(warning).to.include({ severity: 'warning', code: 'model_review_invalid_answer', source: 'model' });
    expect(warning!.message).to.not.include('Looks fine');
    expect(localFindingsOf(task)).to.deep.equal(localFindingsOf(localOnly));
    expect(task.result.analysis.summary).to.deep.equal(localOnly.result.analysis.summary);
  });

  it('a provider that fails (HTTP 500) fails neither the task nor the local analysis: one warning, and the remaining sections are not sent', async () => {
    reply = () => ({ status: 500 });
    const task = await finishedTask({ model: MODEL, useChunking: 'true' });
    expect(task.status).to.equal('completed');
    expect(endpoint.received).to.have.length(1);
    const [warning, ...others] = modelFindingsOf(task);
    expect(others).to.have.length(0);
    expect(warning).to.include({ severity: 'warning', code: 'model_review_failed', source: 'model' });
    expect(warning!.details).to.include({ reason: 'ai_request_failed', partsNotReviewed: 3 });
    expect(localFindingsOf(task)).to.deep.equal(localFindingsOf(localOnly));
  });

  it('refuses an unknown model (400) before creating a task, and sends nothing', async () => {
    const calls = engine.calls.length;
    const res = await trigger({ model: 'gpt-nonexistent' });
    expect(res.status).to.equal(400);
    const body = (await res.json()) as Json;
    expect(body).to.include({ error: 'invalid_request' });
    expect(body.details).to.include({ field: 'model', reason: 'unknown_model' });
    expect(body.details.supportedModels).to.deep.equal(['local', 'openai', MODEL]);
    expect(endpoint.received).to.have.length(0);
    expect(engine.calls.length).to.equal(calls);
  });
});
