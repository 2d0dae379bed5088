import { expect } from 'chai';
import { createDocsift, type DocumentModel, type DocumentReader } from '@docsift/core';
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
