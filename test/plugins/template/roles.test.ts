import { expect } from 'chai';
import type { FieldSpec, Logger } from '@docsift/core';
import { documentFromText } from '@docsift/core/testing';
import { templatePlugin } from '@docsift/plugin-template';

const silent: Logger = { debug() {}, info() {}, warn() {}, error() {}, child: () => silent };
const context = { logger: silent, now: new Date('2024-06-01T00:00:00Z') };
const field = (name: string, type: FieldSpec['type'], description = ''): FieldSpec => ({ name, type, description });
const extract = (text: string, fields: FieldSpec[]) => templatePlugin().extractor.extract(documentFromText(text), fields, context);

/** documentFromText's grid: 100 columns, 66 rows per page. */
const column = (index: number): number => index / 100;

describe('plugin-template: values found by their role where no label names them', () => {
  describe('the number after the document title', () => {
    it('reads the identifier printed right after the title, boxed, at the confidence of a role', async () => {
      const result = await extract(['ACME GmbH', 'Rechnung R0005532486', 'Summe 100,00 EUR'].join('\n'), [field('invoiceNumber', 'string')]);
      expect(result.data.invoiceNumber).to.equal('R0005532486');
      expect(result.fieldDetails.invoiceNumber).to.include({ confidence: 0.7, page: 1, source: 'text' });
      expect(result.fieldDetails.invoiceNumber.bbox![0]).to.be.closeTo(column(9), 1e-3);
    });

    it('reads a receipt number after its title', async () => {
      const result = await extract(['ACME Ltd', 'Receipt 4471', 'Total  40.00'].join('\n'), [field('receiptNumber', 'string')]);
      expect(result.data.receiptNumber).to.equal('4471');
      expect(result.fieldDetails.receiptNumber.confidence).to.equal(0.7);
    });

    it('does not take a date after the title for the number', async () => {
      const result = await extract(['ACME Ltd', 'Invoice 2024-03-05', 'Total  40.00'].join('\n'), [field('invoiceNumber', 'string')]);
      expect(result.data.invoiceNumber).to.equal(null);
    });
  });

  describe('the first date as the issue date', () => {
    it('leaves a labelled due date to the due date field, whatever the order of the fields', async () => {
      const text = ['ACME Ltd', 'Due date: 2024-07-01', 'Leeds, 3 March 2024'].join('\n');
      for (const fields of [[field('invoiceDate', 'date'), field('dueDate', 'date')], [field('dueDate', 'date'), field('invoiceDate', 'date')]]) {
        const { data } = await extract(text, fields);
        expect(data).to.deep.equal({ invoiceDate: '2024-03-03', dueDate: '2024-07-01' });
      }
    });

    it('takes the first date of the first page, at the confidence of a role', async () => {
      const result = await extract(['ACME Ltd', 'Leeds, 3 March 2024', 'Paid 12 March 2024'].join('\n'), [field('invoiceDate', 'date')]);
      expect(result.data.invoiceDate).to.equal('2024-03-03');
      expect(result.fieldDetails.invoiceDate).to.include({ confidence: 0.65, page: 1 });
      expect(result.fieldDetails.invoiceDate.bbox![0]).to.be.closeTo(column(7), 1e-3);
    });

    it('skips dates inside tables', async () => {
      const text = ['Description                 Qty     Amount', 'Service on 3 March 2024       1      50.00', 'Widget                        2      20.00', '', 'Leeds, 5 March 2024'].join('\n');
      const result = await extract(text, [field('invoiceDate', 'date')]);
      expect(result.data.invoiceDate).to.equal('2024-03-05');
    });

    it('skips a date another field has already taken by its label', async () => {
      const result = await extract(['ACME Ltd', 'Due date: 2024-07-01', 'Leeds, 3 March 2024'].join('\n'), [field('dueDate', 'date'), field('invoiceDate', 'date')]);
      expect(result.data).to.deep.equal({ dueDate: '2024-07-01', invoiceDate: '2024-03-03' });
    });

    it('is dropped under a minimum confidence above that of a role', async () => {
      const plugin = templatePlugin({ minConfidence: 0.7 });
      const result = await plugin.extractor.extract(documentFromText(['ACME Ltd', 'Leeds, 3 March 2024'].join('\n')), [field('invoiceDate', 'date')], context);
      expect(result).to.deep.equal({ data: { invoiceDate: null }, fieldDetails: {} });
    });
  });

  describe('the currency beside the amounts', () => {
    const currency = async (text: string) => {
      const result = await extract(text, [field('currency', 'string')]);
      return { value: result.data.currency, confidence: result.fieldDetails.currency?.confidence };
    };

    it('reads an ISO code or a sign that stands for one currency', async () => {
      expect(await currency(['ACME GmbH', 'Rechnung R0005532486', 'Summe 100,00 EUR'].join('\n'))).to.deep.equal({ value: 'EUR', confidence: 0.9 });
      expect(await currency(['ACME Ltd', 'Invoice', 'Total  £40.00'].join('\n'))).to.deep.equal({ value: 'GBP', confidence: 0.9 });
    });

    it('takes a bare "$" for US dollars, with less confidence, unless the document places it in another dollar country', async () => {
      expect(await currency(['ACME Ltd', 'Invoice', 'Total  $40.00'].join('\n'))).to.deep.equal({ value: 'USD', confidence: 0.75 });
      expect(await currency(['ACME Ltd', 'Invoice', 'Total  $40.00  HST 13%'].join('\n'))).to.deep.equal({ value: 'CAD', confidence: 0.8 });
      expect(await currency(['ACME S.A.', 'Factura', 'CUIT 30-12345678-9', 'Total  $40.000,00'].join('\n'))).to.deep.include({ value: 'ARS' });
    });

    it('gives null when nothing names a currency', async () => {
      expect(await currency(['ACME Ltd', 'Invoice', 'Total  40.00'].join('\n'))).to.deep.equal({ value: null, confidence: undefined });
    });
  });
});
