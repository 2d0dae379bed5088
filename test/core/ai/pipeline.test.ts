import { expect } from 'chai';
import { createDocsift, type DocsiftError, type DocumentModel, type DocumentReader, type ProcessOptions } from '@docsift/core';
import { lienWaiverPlugin } from '@docsift/example-custom-plugin';
import { makeDocument } from '../../plugins/template/layout-helper.js';
import { entry, fakeModel, silentLogger } from './fixtures.js';

function readerOf(document: DocumentModel): DocumentReader {
  return { sniff: () => 'pdf', read: async () => document, close: async () => {} };
}

describe('core/ai: the model engine in the pipeline', () => {
  it('classifies and extracts with the configured chat model when engine is model', async () => {
    const fake = fakeModel([
      '{"documentType":"purchase_order","confidence":0.92,"alternatives":[]}',
      '{"data":{"poNumber":"PO-881","total":77.5},"confidence":{"poNumber":0.9,"total":0.8}}',
    ]);
    const purchaseOrder = entry('purchase_order', {
      displayName: 'Purchase order',
      fields: [
        { name: 'poNumber', type: 'string', description: 'Purchase order number' },
        { name: 'total', type: 'currency', description: 'Order total' },
      ],
    });
    const docsift = createDocsift({
      plugins: [],
      logger: silentLogger,
      ai: { model: 'fake-1', chatModel: fake.model },
      overrides: { documentReader: readerOf(makeDocument([['PURCHASE ORDER PO-881', 'Total: 77.50']])) },
    });
    try {
      const result = await docsift.process(new Uint8Array([0x25]), { engine: 'model', extraEntries: [purchaseOrder] });
      expect(result).to.include({ documentType: 'purchase_order', classificationConfidence: 0.92 });
      expect(result.extractedData).to.deep.equal({ poNumber: 'PO-881', total: 77.5 });
      expect(result.fieldDetails.poNumber).to.include({ source: 'model', page: 1, confidence: 0.9 });
      expect(result.fieldDetails.total).to.include({ source: 'model', page: 1, confidence: 0.8 });
      expect(fake.prompts()[0][1]).to.include('- purchase_order: Purchase order.');
      expect(fake.prompts()[1][1]).to.include('- poNumber (string): Purchase order number');
    } finally {
      await docsift.close();
    }
  });
});

describe('core/ai: model assistance in the pipeline', () => {
  const waiver = makeDocument([
    ['CONDITIONAL WAIVER AND RELEASE ON PROGRESS PAYMENT', 'Name of Claimant: Bob Builder LLC', 'Check amount: $4,250.00', 'Through Date: 05/31/2025'],
  ]);

  function docsiftWith(responses: string[], ai = true) {
    const fake = fakeModel(responses);
    const docsift = createDocsift({
      plugins: [lienWaiverPlugin()],
      logger: silentLogger,
      ai: ai ? { model: 'fake-1', chatModel: fake.model } : null,
      overrides: { documentReader: readerOf(waiver) },
    });
    return { docsift, ...fake };
  }

  it('sends nothing to the model unless the caller asks', async () => {
    const { docsift, invoke } = docsiftWith(['{"data":{"paymentAmount":4250}}']);
    try {
      const result = await docsift.process(new Uint8Array([0x25]), { typeHint: 'lien_waiver' });
      expect(result.extractedData).to.include({ claimant: 'Bob Builder LLC', paymentAmount: null });
      expect(invoke.callCount).to.equal(0);
    } finally {
      await docsift.close();
    }
  });

  it("fills a plugin type's empty field from its dataSchema and runs the validators on the merged data", async () => {
    const { docsift, invoke, prompts } = docsiftWith(['{"data":{"paymentAmount":4250,"claimant":"Someone Else"},"confidence":{"paymentAmount":0.9}}']);
    try {
      const result = await docsift.process(new Uint8Array([0x25]), { typeHint: 'lien_waiver', assist: 'model' });
      expect(invoke.callCount).to.equal(1);
      const user = prompts()[0][1];
      expect(user).to.include('"paymentAmount"');
      expect(user).to.include('- paymentAmount (currency): Amount of check');
      expect(user).to.not.include('"claimant"');
      expect(result.extractedData).to.include({ claimant: 'Bob Builder LLC', paymentAmount: 4250, throughDate: '2025-05-31' });
      expect(result.fieldDetails.paymentAmount).to.include({ source: 'model', page: 1, confidence: 0.45 });
      expect(result.fieldDetails.claimant).to.include({ source: 'text', confidence: 1 });
      expect(result.findings.map((finding) => finding.code)).to.not.include('waiver_missing_amount');
    } finally {
      await docsift.close();
    }
  });

  it('keeps the local result, with a model_assist_failed warning beside the validators\' findings, when the model fails', async () => {
    const { docsift } = docsiftWith(['not JSON', 'still not JSON']);
    try {
      const result = await docsift.process(new Uint8Array([0x25]), { typeHint: 'lien_waiver', assist: 'model' });
      expect(result.extractedData).to.include({ claimant: 'Bob Builder LLC', paymentAmount: null });
      expect(result.findings.map((finding) => finding.code)).to.have.members(['model_assist_failed', 'waiver_missing_amount']);
    } finally {
      await docsift.close();
    }
  });

  it('refuses assistance without a provider, with the model engine, or with a threshold outside 0..1', async () => {
    const refusal = (docsift: ReturnType<typeof docsiftWith>['docsift'], options: ProcessOptions) =>
      docsift.process(new Uint8Array([0x25]), options).then(
        () => null,
        (error: unknown) => error as DocsiftError,
      );
    const { docsift: withoutAi } = docsiftWith([], false);
    const { docsift, invoke } = docsiftWith([]);
    try {
      const noProvider = await refusal(withoutAi, { assist: 'model' });
      expect(noProvider).to.include({ code: 'invalid_argument', message: 'Model assistance was asked for, but no AI provider is configured.' });
      expect(await refusal(withoutAi, { engine: 'model' })).to.include({ code: 'invalid_argument' });
      expect(await refusal(docsift, { assist: 'model', engine: 'model' })).to.include({ code: 'invalid_argument' });
      expect(await refusal(docsift, { assist: 'model', assistBelow: 1.5 })).to.include({ code: 'invalid_argument' });
      expect(invoke.callCount).to.equal(0);
    } finally {
      await withoutAi.close();
      await docsift.close();
    }
  });
});
