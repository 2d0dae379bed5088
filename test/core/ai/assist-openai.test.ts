import { expect } from 'chai';
import pino from 'pino';
import { createDocsift, type Docsift, type Logger, type RegistryEntry } from '@docsift/core';
import { templatePlugin } from '@docsift/plugin-template';
import { startFakeOpenAi, type ChatReply } from '../../support/fake-openai.js';
import { makeTextPdf, paragraph } from '../../support/fixtures.js';

const API_KEY = 'sk-test-0123456789abcdef';

const projectInvoice: RegistryEntry = {
  typeCode: 'project_invoice',
  displayName: 'Project invoice',
  description: 'An invoice for project work.',
  confidenceThreshold: 0.5,
  extractionSupported: true,
  legacyTypeCodes: [],
  fields: [
    { name: 'invoiceNumber', type: 'string', description: 'Number of the invoice' },
    { name: 'projectCode', type: 'string', description: 'Code of the customer project the work was done for' },
  ],
  keywords: [],
  examples: [],
};

/** The invoice number has a label the template extractor reads; the project code has none, so it stays empty locally. */
const invoicePdf = () =>
  makeTextPdf([paragraph(['INVOICE', 'Invoice Number: INV-2024-117', 'Invoice Date: 03/15/2024', 'Work done under PRJ-7781 for the east wing.', 'Total: 1,250.00'])]);

function memoryLogger(): { logger: Logger; text: () => string } {
  const lines: string[] = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(line) }) as unknown as Logger;
  return { logger, text: () => lines.join('') };
}

const completion = (data: Record<string, unknown>) => ({ content: JSON.stringify({ data, confidence: { projectCode: 0.9 } }) });

describe('core/ai: model assistance against an OpenAI-compatible server over HTTP', () => {
  let endpoint: Awaited<ReturnType<typeof startFakeOpenAi>> | undefined;
  let docsift: Docsift | undefined;

  afterEach(async () => {
    await docsift?.close();
    await endpoint?.close();
    docsift = undefined;
    endpoint = undefined;
  });

  async function run(reply: ChatReply, options: { timeoutMs?: number; cancelOnRequest?: AbortController } = {}) {
    endpoint = await startFakeOpenAi(() => {
      options.cancelOnRequest?.abort();
      return reply;
    });
    const log = memoryLogger();
    docsift = createDocsift({
      plugins: [templatePlugin()],
      logger: log.logger,
      ai: { model: 'fake-model', baseUrl: endpoint.baseUrl, apiKey: API_KEY, maxRetries: 0, timeoutMs: options.timeoutMs ?? 10_000 },
    });
    const result = await docsift.process(await invoicePdf(), {
      typeHint: 'project_invoice',
      extraEntries: [projectInvoice],
      assist: 'model',
      signal: options.cancelOnRequest?.signal,
    });
    return { result, received: endpoint.received, logs: log.text() };
  }

  it("keeps an answer printed on the page, with its box, after sending only the local engine's empty field", async () => {
    const { result, received } = await run(completion({ projectCode: 'PRJ-7781' }));

    expect(received).to.have.length(1);
    const [request] = received;
    expect(request).to.include({ method: 'POST', url: '/v1/chat/completions' });
    expect(request.headers.authorization).to.equal(`Bearer ${API_KEY}`);
    expect(request.body.model).to.equal('fake-model');
    const user = request.body.messages.find((message) => message.role === 'user')!.content;
    const schema = JSON.parse(/JSON Schema of "data":\n(.*)\n/.exec(user)![1]);
    expect(Object.keys(schema.properties)).to.deep.equal(['projectCode']);
    expect(user).to.include('- projectCode (string): Code of the customer project the work was done for');
    expect(user).to.not.include('- invoiceNumber');
    expect(user).to.include('Work done under PRJ-7781 for the east wing.');

    expect(result.extractedData).to.deep.equal({ invoiceNumber: 'INV-2024-117', projectCode: 'PRJ-7781' });
    expect(result.fieldDetails.invoiceNumber).to.include({ source: 'text', confidence: 1 });
    const detail = result.fieldDetails.projectCode;
    expect(detail).to.include({ source: 'model', page: 1, confidence: 0.45 });
    const [x0, y0, x1, y1] = detail.bbox!;
    expect(y1).to.be.closeTo((72 + 3 * 18) / 792, 0.01);
    expect(y0).to.be.lessThan(y1);
    expect(x0).to.be.greaterThan(72 / 612 + 0.1);
    expect(x1 - x0).to.be.within(0.05, 0.15);
    expect(result.findings).to.deep.equal([]);
  });

  it('drops an answer that is printed nowhere on the page', async () => {
    const { result, received, logs } = await run(completion({ projectCode: 'PRJ-0000' }));
    expect(received).to.have.length(1);
    expect(result.extractedData).to.deep.equal({ invoiceNumber: 'INV-2024-117', projectCode: null });
    expect(result.fieldDetails).to.have.keys(['invoiceNumber']);
    expect(result.findings).to.deep.equal([]);
    expect(logs).to.match(/"unlocated":1.*model assistance merged/);
  });

  it('keeps the local result with a model_assist_failed warning when the server fails, logging neither key nor prompt', async () => {
    const { result, logs } = await run({ status: 500 });
    expect(result.extractedData).to.deep.equal({ invoiceNumber: 'INV-2024-117', projectCode: null });
    expect(result.findings).to.deep.include({
      severity: 'warning',
      code: 'model_assist_failed',
      message: "Model assistance was not applied because the AI model could not be reached; the values are the local engine's.",
      details: { reason: 'ai_request_failed' },
    });
    expect(logs).to.include('model assistance was not applied');
    expect(logs).to.not.include(API_KEY);
    expect(logs).to.not.include('PRJ-7781');
  });

  it('keeps the local result when the server does not answer in time', async () => {
    const { result } = await run('hang', { timeoutMs: 300 });
    expect(result.extractedData).to.deep.equal({ invoiceNumber: 'INV-2024-117', projectCode: null });
    expect(result.findings.map((finding) => finding.code)).to.deep.equal(['model_assist_failed']);
  });

  it('rejects with aborted when the caller cancels while the server is thinking', async () => {
    const started = Date.now();
    const error = await run('hang', { cancelOnRequest: new AbortController() }).catch((caught: unknown) => caught);
    expect(error).to.include({ name: 'DocsiftError', code: 'aborted' });
    expect(endpoint!.received).to.have.length(1);
    expect(Date.now() - started).to.be.lessThan(5_000);
  });
});
