import { expect } from 'chai';
import sinon from 'sinon';
import { z } from 'zod';
import { FakeListChatModel } from '@langchain/core/utils/testing';
import { DocsiftError } from '@docsift/core';
import { createAiProvider, DEFAULT_MODEL_CONFIDENCE, UNLOCATED_FACTOR } from '../../../core/src/ai/index.js';
import { makeDocument } from '../../plugins/template/layout-helper.js';
import { entry, fakeModel, silentLogger } from './fixtures.js';

const invoiceEntry = entry('invoice', {
  displayName: 'Invoice',
  fields: [
    { name: 'invoiceNumber', type: 'string', description: 'Number printed on the invoice', required: true },
    { name: 'issueDate', type: 'date', description: 'Date of issue' },
    { name: 'total', type: 'currency', description: 'Grand total' },
    { name: 'paid', type: 'boolean', description: 'Marked as paid' },
  ],
});
const invoice = makeDocument([['ACME Ltd', 'Invoice No: INV-42', 'Date: 03/15/2024'], ['Total due: $1,250.00']]);

function extractorWith(responses: string[], schemaFor?: (typeCode: string) => z.ZodType | undefined) {
  const fake = fakeModel(responses);
  const { extractor } = createAiProvider({ model: 'm', chatModel: fake.model }, { logger: silentLogger, schemaFor });
  return { extractor, ...fake };
}

describe('core/ai: LLM extractor', () => {
  it("names every field and the schema in the prompt, and locates each value in the document's words", async () => {
    const { extractor, prompts } = extractorWith([
      '{"data":{"invoiceNumber":"INV-42","issueDate":"2024-03-15","total":1250,"paid":null},"confidence":{"invoiceNumber":0.95}}',
    ]);
    const result = await extractor.extract(invoice, invoiceEntry);
    const user = prompts()[0][1];
    for (const field of invoiceEntry.fields) expect(user).to.include(`- ${field.name} (${field.type}`);
    expect(user).to.include('"invoiceNumber"');
    expect(user).to.include('Invoice No: INV-42');

    expect(result.data).to.deep.equal({ invoiceNumber: 'INV-42', issueDate: '2024-03-15', total: 1250, paid: null });
    expect(Object.keys(result.fieldDetails)).to.have.members(['invoiceNumber', 'issueDate', 'total']);
    expect(result.fieldDetails.invoiceNumber).to.include({ source: 'model', page: 1, confidence: 0.95 });
    expect(result.fieldDetails.invoiceNumber.bbox![0]).to.be.closeTo(0.02 + 12 * 0.012, 1e-6);
    expect(result.fieldDetails.issueDate).to.include({ page: 1, confidence: DEFAULT_MODEL_CONFIDENCE });
    expect(result.fieldDetails.total).to.include({ page: 2, source: 'model' });
  });

  it('lowers the confidence of a value that is nowhere in the document and gives it no place', async () => {
    expect(UNLOCATED_FACTOR).to.equal(0.75);
    const { extractor } = extractorWith(['{"data":{"invoiceNumber":"INV-99"},"confidence":{"invoiceNumber":0.8}}']);
    const result = await extractor.extract(invoice, invoiceEntry);
    expect(result.data).to.deep.equal({ invoiceNumber: 'INV-99', issueDate: null, total: null, paid: null });
    expect(result.fieldDetails.invoiceNumber).to.deep.equal({ confidence: 0.6, page: null, bbox: null, source: 'model' });
  });

  it('accepts the bare data object from a model that skips the envelope', async () => {
    const { extractor } = extractorWith(['{"invoiceNumber":"INV-42","total":1250}']);
    const result = await extractor.extract(invoice, invoiceEntry);
    expect(result.data).to.include({ invoiceNumber: 'INV-42', total: 1250 });
  });

  it("validates against a built-in type's data schema and reports nested paths", async () => {
    const certificateSchema = z.object({
      insured: z.string(),
      coverages: z.array(z.object({ type: z.string(), policyNumber: z.string(), expirationDate: z.string() })),
    });
    const lookup = sinon.spy((typeCode: string) => (typeCode === 'insurance_cert' ? certificateSchema : undefined));
    const document = makeDocument([['INSURED: Bob Builder LLC', 'GENERAL LIABILITY   POL-778   12/31/2025']]);
    const { extractor, prompts } = extractorWith(
      ['{"data":{"insured":"Bob Builder LLC","coverages":[{"type":"CGL","policyNumber":"POL-778","expirationDate":"2025-12-31"}]}}'],
      lookup,
    );
    const result = await extractor.extract(document, entry('insurance_cert'));
    expect(lookup.calledWith('insurance_cert')).to.equal(true);
    expect(prompts()[0][1]).to.include('"policyNumber"');
    expect(result.fieldDetails['coverages[0].policyNumber']).to.include({ page: 1, source: 'model' });
    expect(result.fieldDetails['coverages[0].expirationDate'].page).to.equal(1);
    expect(result.fieldDetails['coverages[0].type']).to.include({ page: null, bbox: null });
  });

  it('retries once when the data breaks the schema, telling the model what is wrong', async () => {
    const { extractor, prompts } = extractorWith([
      '{"data":{"invoiceNumber":"INV-42","issueDate":"15/03/2024"}}',
      '{"data":{"invoiceNumber":"INV-42","issueDate":"2024-03-15"}}',
    ]);
    const result = await extractor.extract(invoice, invoiceEntry);
    expect(result.data.issueDate).to.equal('2024-03-15');
    expect(prompts()[1][3]).to.include('issueDate: expected a date as YYYY-MM-DD');
  });

  it('throws ai_invalid_output when the retry is invalid too', async () => {
    const { extractor, invoke } = extractorWith(['{"data":{"total":"a lot"}}']);
    const error = await extractor.extract(invoice, invoiceEntry).catch((caught: unknown) => caught);
    expect(error).to.include({ name: 'AiProviderError', code: 'ai_invalid_output' });
    expect((error as Error).message).to.include('total:');
    expect(invoke.callCount).to.equal(2);
  });

  it('turns a failed request into ai_request_failed and a cancelled one into aborted', async () => {
    const failing = new FakeListChatModel({ responses: ['{}'] });
    sinon.stub(failing, 'invoke').rejects(new Error('connect ECONNREFUSED'));
    const provider = createAiProvider({ model: 'm', chatModel: failing }, { logger: silentLogger });
    const error = await provider.extractor.extract(invoice, invoiceEntry).catch((caught: unknown) => caught);
    expect(error).to.include({ code: 'ai_request_failed' });
    expect((error as Error).message).to.include('ECONNREFUSED');

    const controller = new AbortController();
    controller.abort();
    const aborted = await provider.classifier.classify(invoice, [invoiceEntry], { signal: controller.signal }).catch((caught: unknown) => caught);
    expect(aborted).to.be.instanceOf(DocsiftError);
    expect(aborted).to.include({ code: 'aborted' });
  });
});

describe('core/ai: provider construction', () => {
  it('builds ChatOpenAI clients for an OpenAI-compatible endpoint without calling it', () => {
    const provider = createAiProvider({ model: 'llama3.1', baseUrl: 'http://127.0.0.1:11434/v1' }, { logger: silentLogger });
    expect(provider.classifier.name).to.equal('model');
    expect(provider.extractor.name).to.equal('model');
  });

  it('refuses a configuration with neither key nor endpoint, or without a model name', () => {
    expect(() => createAiProvider({ model: 'gpt-4o-mini' }, { logger: silentLogger })).to.throw(DocsiftError, /API key/);
    expect(() => createAiProvider({ model: '', apiKey: 'k' }, { logger: silentLogger })).to.throw(DocsiftError, /model name/);
  });
});
