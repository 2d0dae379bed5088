import { expect } from 'chai';
import { createDocsift, TEMPLATE_DOCUMENT_TYPE, type DocumentModel, type DocumentReader, type FieldSpec, type Logger } from '@docsift/core';
import { templatePlugin } from '@docsift/plugin-template';
import { sorPlugin } from '@docsift/plugin-sor';
import { makeDocument } from '../../plugins/template/layout-helper.js';

const silent: Logger = { debug() {}, info() {}, warn() {}, error() {}, child: () => silent };

function readerOf(document: DocumentModel): DocumentReader {
  return { sniff: () => 'pdf', read: async () => document, close: async () => {} };
}

const FIELDS: FieldSpec[] = [
  { name: 'noteNumber', type: 'string', description: 'Delivery note number' },
  { name: 'deliveryDate', type: 'date', description: 'Date of delivery' },
];

describe('core: extraction by template (process option `template`)', () => {
  const document = makeDocument([['DELIVERY NOTE', 'Note Number: DN-5521', 'Delivery Date: 14.02.2025']]);

  it("reads the template's fields with the template extractor, without classifying, and keeps the document read", async () => {
    const docsift = createDocsift({ plugins: [templatePlugin(), sorPlugin()], logger: silent, overrides: { documentReader: readerOf(document) } });
    try {
      const stages: string[] = [];
      const result = await docsift.process(new Uint8Array([0x25]), { template: { fields: FIELDS }, onProgress: (_, stage) => stages.push(stage) });
      expect(result.documentType).to.equal(TEMPLATE_DOCUMENT_TYPE);
      expect(result.extractedData).to.deep.equal({ noteNumber: 'DN-5521', deliveryDate: '2025-02-14' });
      expect(result.findings).to.deep.equal([]);
      expect(result.document).to.equal(document);
      expect(stages).not.to.include('classify');
    } finally {
      await docsift.close();
    }
  });

  it('with a type hint, classifies and warns when the document does not look like that type', async () => {
    const docsift = createDocsift({ plugins: [templatePlugin(), sorPlugin()], logger: silent, overrides: { documentReader: readerOf(document) } });
    try {
      const result = await docsift.process(new Uint8Array([0x25]), { template: { fields: FIELDS }, typeHint: 'sor' });
      expect(result.extractedData).to.deep.equal({ noteNumber: 'DN-5521', deliveryDate: '2025-02-14' });
      expect(result.documentType).not.to.equal('sor');
      expect(result.findings.map((finding) => finding.code)).to.deep.equal(['template_type_mismatch']);
    } finally {
      await docsift.close();
    }
  });

  it('refuses an extraction by template on the model engine or with assistance', async () => {
    const docsift = createDocsift({ plugins: [templatePlugin()], logger: silent, overrides: { documentReader: readerOf(document) } });
    try {
      await docsift.process(new Uint8Array([0x25]), { template: { fields: FIELDS }, engine: 'model' }).then(
        () => expect.fail('should have been refused'),
        (error: Error) => expect(error.message).to.contain('local engine only'),
      );
    } finally {
      await docsift.close();
    }
  });

  it('refuses an extraction by template when no template extractor is installed', async () => {
    const docsift = createDocsift({ plugins: [sorPlugin()], logger: silent, overrides: { documentReader: readerOf(document) } });
    try {
      await docsift.process(new Uint8Array([0x25]), { template: { fields: FIELDS } }).then(
        () => expect.fail('should have been refused'),
        (error: Error) => expect(error.message).to.contain('template extractor'),
      );
    } finally {
      await docsift.close();
    }
  });
});
