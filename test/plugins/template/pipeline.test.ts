import { expect } from 'chai';
import { createDocsift, type DocumentModel, type DocumentReader, type Logger, type RegistryEntry } from '@docsift/core';
import { templatePlugin } from '@docsift/plugin-template';
import { makeDocument } from './layout-helper.js';

const silent: Logger = { debug() {}, info() {}, warn() {}, error() {}, child: () => silent };

function readerOf(document: DocumentModel): DocumentReader {
  return { sniff: () => 'pdf', read: async () => document, close: async () => {} };
}

const deliveryNote: RegistryEntry = {
  typeCode: 'delivery_note',
  displayName: 'Delivery note',
  description: 'A note listing goods delivered to a customer.',
  confidenceThreshold: 0.5,
  extractionSupported: true,
  legacyTypeCodes: [],
  fields: [
    { name: 'noteNumber', type: 'string', description: 'Delivery note number' },
    { name: 'deliveryDate', type: 'date', description: 'Date of delivery' },
    { name: 'recipientEmail', type: 'email', description: 'E-mail of the recipient' },
  ],
  keywords: ['delivery note'],
  examples: [],
};

describe('plugin-template: in the pipeline', () => {
  it("extracts an organization's own type from its fields", async () => {
    const document = makeDocument([['DELIVERY NOTE', 'Note Number: DN-5521', 'Delivery Date: 14.02.2025', 'Recipient e-mail: store7@shop.example']]);
    const docsift = createDocsift({ plugins: [templatePlugin()], logger: silent, overrides: { documentReader: readerOf(document) } });
    try {
      const result = await docsift.process(new Uint8Array([0x25]), { typeHint: 'delivery_note', extraEntries: [deliveryNote] });
      expect(result.documentType).to.equal('delivery_note');
      expect(result.extractedData).to.deep.equal({ noteNumber: 'DN-5521', deliveryDate: '2025-02-14', recipientEmail: 'store7@shop.example' });
      expect(result.fieldDetails.deliveryDate).to.include({ source: 'text', page: 1 });
    } finally {
      await docsift.close();
    }
  });
});
