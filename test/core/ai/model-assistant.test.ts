import { expect } from 'chai';
import sinon from 'sinon';
import { FakeListChatModel } from '@langchain/core/utils/testing';
import { sorPlugin } from '@docsift/plugin-sor';
import { DocsiftError, type ExtractionResult, type Logger } from '@docsift/core';
import { ASSISTED_CONFIDENCE_CAP, createAiProvider } from '../../../core/src/ai/index.js';
import { makeDocument } from '../../plugins/template/layout-helper.js';
import { entry, fakeModel, silentLogger } from './fixtures.js';

const invoiceEntry = entry('invoice', {
  displayName: 'Invoice',
  fields: [
    { name: 'invoiceNumber', type: 'string', description: 'Number printed on the invoice' },
    { name: 'issueDate', type: 'date', description: 'Date of issue' },
    { name: 'total', type: 'currency', description: 'Grand total' },
    { name: 'supplier', type: 'string', description: 'Who issued the invoice' },
    { name: 'buyer', type: 'string', description: 'Who the invoice is addressed to' },
    { name: 'orderNumber', type: 'string', description: 'Number of the order the invoice bills' },
    { name: 'paid', type: 'boolean', description: 'Marked as paid' },
    { name: 'lines', type: 'list', description: 'Line items', fields: [{ name: 'description', type: 'string', description: 'What was sold' }] },
  ],
});

/** Rows are 0.025 of the page apart; each character is 0.012 wide from a 0.02 margin (see layout-helper). */
const invoice = makeDocument([['ACME Supplies Ltd', 'Invoice No: INV-42', 'Date: 03/15/2024', 'Order INV-42 shipped'], ['Total due: $1,250.00']]);

/** What the local engine read: the number with confidence, the total unsure, the rest empty. */
function localInvoice(): ExtractionResult<Record<string, unknown>> {
  return {
    data: { invoiceNumber: 'INV-42', issueDate: null, total: 1250, supplier: null, buyer: null, orderNumber: null, paid: null, lines: null },
    fieldDetails: {
      invoiceNumber: { confidence: 0.95, page: 1, bbox: [0.164, 0.045, 0.236, 0.06], source: 'text' },
      total: { confidence: 0.55, page: 2, bbox: [0.152, 0.02, 0.26, 0.035], source: 'text' },
    },
  };
}

function recordingLogger() {
  const lines: Array<{ level: string; bindings: object; msg?: string }> = [];
  const make = (bound: object): Logger => ({
    debug: (bindings, msg) => void lines.push({ level: 'debug', bindings: { ...bound, ...(bindings as object) }, msg }),
    info: (bindings, msg) => void lines.push({ level: 'info', bindings: { ...bound, ...(bindings as object) }, msg }),
    warn: (bindings, msg) => void lines.push({ level: 'warn', bindings: { ...bound, ...(bindings as object) }, msg }),
    error: (bindings, msg) => void lines.push({ level: 'error', bindings: { ...bound, ...(bindings as object) }, msg }),
    child: (bindings) => make({ ...bound, ...bindings }),
  });
  return { logger: make({}), lines };
}

function assistantWith(responses: string[], options: { logger?: Logger; schemaFor?: Parameters<typeof createAiProvider>[1]['schemaFor'] } = {}) {
  const fake = fakeModel(responses);
  const { assistant } = createAiProvider({ model: 'm', chatModel: fake.model }, { logger: options.logger ?? silentLogger, schemaFor: options.schemaFor });
  return { assistant, ...fake };
}

/** The JSON Schema of `data` the prompt carried. */
function askedSchema(prompt: string): { properties: Record<string, { properties?: Record<string, unknown> }> } {
  return JSON.parse(/JSON Schema of "data":\n(.*)\n/.exec(prompt)![1]);
}

const unsureBelow = 0.6;

describe('core/ai: model assistance', () => {
  it('asks, in one call, only for the empty and unsure printable fields, with the document text', async () => {
    const { assistant, prompts, invoke } = assistantWith(['{"data":{}}']);
    await assistant.assist(invoice, invoiceEntry, localInvoice(), { unsureBelow });
    expect(invoke.callCount).to.equal(1);
    const user = prompts()[0][1];
    expect(Object.keys(askedSchema(user).properties)).to.deep.equal(['issueDate', 'total', 'supplier', 'buyer', 'orderNumber']);
    expect(user).to.include('- issueDate (date): Date of issue');
    expect(user).to.include('- total (currency): Grand total');
    expect(user).to.not.include('- invoiceNumber');
    expect(user).to.include('Invoice No: INV-42\nDate: 03/15/2024');
  });

  it("asks a built-in type's nested paths from its dataSchema, never list items or objects the local result lacks", async () => {
    const sor = sorPlugin();
    const document = makeDocument([['STATEMENT OF REPAIR', 'Borrower: John Doe', 'Lender: First Prairie Bank', 'GRAND TOTAL 48,200.00']]);
    const local: ExtractionResult<Record<string, unknown>> = {
      data: {
        documentMetadata: { consultant: null, propertyAddress: null, borrowerName: 'John Doe', lenderName: null, inspectionDate: null, contractorInfo: { name: null, license: null, phone: null } },
        constructionSections: [{ sectionName: 'Roof', lineItems: [{ description: 'Shingles', quantity: null, unit: null, materialCost: null, laborCost: null, totalCost: 100 }] }],
        recapSummary: { subtotal: 48_200, generalConditions: null, overheadAndProfit: null, grandTotal: null },
      },
      fieldDetails: {
        'documentMetadata.borrowerName': { confidence: 0.9, page: 1, bbox: [0.14, 0.045, 0.236, 0.06], source: 'text' },
        'recapSummary.subtotal': { confidence: 0.9, page: 1, bbox: [0.5, 0.9, 0.6, 0.92], source: 'text' },
      },
    };
    const { assistant, prompts } = assistantWith(['{"data":{"documentMetadata":{"lenderName":"First Prairie Bank"},"recapSummary":{"grandTotal":48200}}}'], {
      schemaFor: (typeCode) => (typeCode === 'sor' ? sor.dataSchema : undefined),
    });
    const { extraction } = await assistant.assist(document, sor.entry, local, { unsureBelow });

    const user = prompts()[0][1];
    const schema = askedSchema(user).properties;
    expect(Object.keys(schema)).to.deep.equal(['documentMetadata', 'recapSummary']);
    expect(Object.keys(schema.documentMetadata.properties!)).to.deep.equal(['consultant', 'propertyAddress', 'lenderName', 'inspectionDate', 'contractorInfo']);
    expect(Object.keys(schema.recapSummary.properties!)).to.deep.equal(['generalConditions', 'overheadAndProfit', 'grandTotal']);
    expect(user).to.include('- documentMetadata.lenderName (string): Lender of the renovation loan');
    expect(user).to.include('- recapSummary.grandTotal (currency, required): GRAND TOTAL of the recap');

    const data = extraction.data as { documentMetadata: Record<string, unknown>; recapSummary: Record<string, unknown>; constructionSections: unknown };
    expect(data.documentMetadata).to.include({ lenderName: 'First Prairie Bank', borrowerName: 'John Doe', consultant: null });
    expect(data.recapSummary).to.include({ grandTotal: 48_200, subtotal: 48_200 });
    expect(data.constructionSections).to.deep.equal(local.data.constructionSections);
    expect(extraction.fieldDetails['documentMetadata.lenderName']).to.include({ source: 'model', page: 1 });
    expect(extraction.fieldDetails['recapSummary.grandTotal']).to.include({ source: 'model', page: 1 });
    expect(local.data.recapSummary).to.include({ grandTotal: null });
  });

  it('keeps an answer printed on the page with its box, and drops one that is not, counting it in a debug line', async () => {
    const { logger, lines } = recordingLogger();
    const { assistant } = assistantWith(['{"data":{"issueDate":"2024-03-15","supplier":"Globex Corporation"},"confidence":{"issueDate":0.9}}'], { logger });
    const { extraction, findings } = await assistant.assist(invoice, invoiceEntry, localInvoice(), { unsureBelow });

    expect(findings).to.deep.equal([]);
    expect(extraction.data).to.include({ issueDate: '2024-03-15', supplier: null });
    const detail = extraction.fieldDetails.issueDate;
    expect(detail).to.include({ source: 'model', page: 1, confidence: ASSISTED_CONFIDENCE_CAP });
    const dateColumn = 0.02 + 'Date: '.length * 0.012;
    expect(detail.bbox![0]).to.be.closeTo(dateColumn, 1e-4);
    expect(detail.bbox![2]).to.be.closeTo(dateColumn + '03/15/2024'.length * 0.012, 1e-4);
    expect(detail.bbox![1]).to.be.closeTo(0.02 + 2 * 0.025, 1e-4);
    expect(extraction.fieldDetails).to.not.have.property('supplier');

    const merged = lines.find((line) => line.level === 'debug' && line.msg?.startsWith('model assistance merged'));
    expect(merged?.bindings).to.include({ typeCode: 'invoice', asked: 5, unlocated: 1, claimed: 0 });
    expect(merged?.bindings).to.have.deep.property('filled', ['issueDate']);
  });

  it('scores a kept answer under the cap, lower still on words OCR was unsure of', async () => {
    const scanned = makeDocument([{ rows: ['Date: 03/15/2024'], source: 'ocr', confidence: 0.8 }]);
    const { assistant } = assistantWith(['{"data":{"issueDate":"2024-03-15"},"confidence":{"issueDate":0.3}}', '{"data":{"issueDate":"2024-03-15"}}']);
    const low = await assistant.assist(scanned, invoiceEntry, localInvoice(), { unsureBelow });
    expect(low.extraction.fieldDetails.issueDate.confidence).to.equal(0.24);
    const unstated = await assistant.assist(scanned, invoiceEntry, localInvoice(), { unsureBelow });
    expect(unstated.extraction.fieldDetails.issueDate.confidence).to.equal(0.36);
  });

  it('never replaces a confident value, and leaves an unsure one the model confirms or cannot show on the page as read', async () => {
    const local = localInvoice();
    const { assistant: confirming } = assistantWith(['{"data":{"invoiceNumber":"INV-99","total":1250}}']);
    const confirmed = await confirming.assist(invoice, invoiceEntry, local, { unsureBelow });
    expect(confirmed.extraction.data).to.include({ invoiceNumber: 'INV-42', total: 1250 });
    expect(confirmed.extraction.fieldDetails).to.deep.equal(local.fieldDetails);

    const { assistant: inventing } = assistantWith(['{"data":{"total":999}}']);
    const invented = await inventing.assist(invoice, invoiceEntry, local, { unsureBelow });
    expect(invented.extraction.data.total).to.equal(1250);
    expect(invented.extraction.fieldDetails.total).to.deep.equal(local.fieldDetails.total);
  });

  it('replaces an unsure value with a different answer printed on the page', async () => {
    const local = localInvoice();
    local.data.supplier = 'Supplies';
    local.fieldDetails.supplier = { confidence: 0.5, page: 1, bbox: [0.08, 0.02, 0.188, 0.035], source: 'text' };
    const { assistant } = assistantWith(['{"data":{"supplier":"ACME Supplies Ltd"}}']);
    const { extraction } = await assistant.assist(invoice, invoiceEntry, local, { unsureBelow });
    expect(extraction.data.supplier).to.equal('ACME Supplies Ltd');
    expect(extraction.fieldDetails.supplier).to.include({ source: 'model', page: 1 });
    expect(extraction.fieldDetails.supplier.bbox![0]).to.be.closeTo(0.02, 1e-4);
  });

  it('drops an answer printed only where a confident value was read, and gives printed words to one field only', async () => {
    const document = makeDocument([['ACME Supplies Ltd', 'Invoice No: INV-42']]);
    const local = localInvoice();
    const { logger, lines } = recordingLogger();
    const { assistant } = assistantWith(['{"data":{"supplier":"ACME Supplies Ltd","buyer":"ACME Supplies Ltd","issueDate":null,"total":null}}'], { logger });
    const { extraction } = await assistant.assist(document, invoiceEntry, local, { unsureBelow });
    expect(extraction.data).to.include({ supplier: 'ACME Supplies Ltd', buyer: null });

    const { assistant: misattributing } = assistantWith(['{"data":{"buyer":"INV-42"}}']);
    const misattributed = await misattributing.assist(document, invoiceEntry, local, { unsureBelow });
    expect(misattributed.extraction.data.buyer).to.equal(null);

    const merged = lines.find((line) => line.msg?.startsWith('model assistance merged'));
    expect(merged?.bindings).to.include({ claimed: 1, unlocated: 0 });
  });

  it('finds a printed answer elsewhere when its first place belongs to a confident value', async () => {
    const { assistant } = assistantWith(['{"data":{"orderNumber":"INV-42"}}']);
    const { extraction } = await assistant.assist(invoice, invoiceEntry, localInvoice(), { unsureBelow });
    expect(extraction.data.orderNumber).to.equal('INV-42');
    expect(extraction.fieldDetails.orderNumber.bbox![0]).to.be.closeTo(0.02 + 'Order '.length * 0.012, 1e-4);
    expect(extraction.fieldDetails.orderNumber.bbox![1]).to.be.closeTo(0.02 + 3 * 0.025, 1e-4);
  });

  it('asks only for empty values at assistBelow 0, and nothing when every value was read or the document has no text', async () => {
    const { assistant, invoke, prompts } = assistantWith(['{"data":{}}']);
    const local = localInvoice();
    await assistant.assist(invoice, invoiceEntry, local, { unsureBelow: 0 });
    expect(Object.keys(askedSchema(prompts()[0][1]).properties)).to.deep.equal(['issueDate', 'supplier', 'buyer', 'orderNumber']);

    const complete: ExtractionResult<Record<string, unknown>> = {
      data: { invoiceNumber: 'INV-42' },
      fieldDetails: { invoiceNumber: { confidence: 0.95, page: 1, bbox: null, source: 'text' } },
    };
    const untouched = await assistant.assist(invoice, entry('invoice', { fields: [invoiceEntry.fields[0]] }), complete, { unsureBelow });
    expect(untouched).to.deep.equal({ extraction: complete, findings: [] });
    await assistant.assist(makeDocument([[]]), invoiceEntry, local, { unsureBelow });
    expect(invoke.callCount).to.equal(1);
  });
});

describe('core/ai: model assistance failures', () => {
  it('leaves the local result as it is when the request fails, with a warning finding and a log line without the prompt', async () => {
    const failing = new FakeListChatModel({ responses: ['{}'] });
    sinon.stub(failing, 'invoke').rejects(new Error('connect ECONNREFUSED 10.0.0.1:443'));
    const { logger, lines } = recordingLogger();
    const { assistant } = createAiProvider({ model: 'm', chatModel: failing }, { logger });
    const local = localInvoice();
    const assisted = await assistant.assist(invoice, invoiceEntry, local, { unsureBelow });
    expect(assisted.extraction).to.equal(local);
    expect(assisted.findings).to.deep.equal([
      {
        severity: 'warning',
        code: 'model_assist_failed',
        message: "Model assistance was not applied because the AI model could not be reached; the values are the local engine's.",
        details: { reason: 'ai_request_failed' },
      },
    ]);
    const warning = lines.find((line) => line.level === 'warn' && line.msg?.startsWith('model assistance was not applied'));
    expect(warning?.bindings).to.include({ code: 'ai_request_failed', asked: 5 });
    expect(JSON.stringify(lines)).to.not.include('INV-42');
  });

  it('leaves the local result as it is when the answer is not valid JSON twice', async () => {
    const { assistant, invoke } = assistantWith(['here you go: no JSON', '{"data":{"total":"a lot"}}']);
    const local = localInvoice();
    const assisted = await assistant.assist(invoice, invoiceEntry, local, { unsureBelow });
    expect(invoke.callCount).to.equal(2);
    expect(assisted.extraction).to.equal(local);
    expect(assisted.findings[0]).to.deep.include({ code: 'model_assist_failed', details: { reason: 'ai_invalid_output' } });
  });

  it('rejects with aborted when the caller cancels', async () => {
    const { assistant } = assistantWith(['{"data":{}}']);
    const controller = new AbortController();
    controller.abort();
    const error = await assistant.assist(invoice, invoiceEntry, localInvoice(), { unsureBelow, signal: controller.signal }).catch((caught: unknown) => caught);
    expect(error).to.be.instanceOf(DocsiftError);
    expect(error).to.include({ code: 'aborted' });
  });
});
