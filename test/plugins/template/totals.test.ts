import { expect } from 'chai';
import type { FieldSpec, Logger, Word } from '@docsift/core';
import { documentFromText } from '@docsift/core/testing';
import { templatePlugin } from '@docsift/plugin-template';
import { reconcileTotals, type AmountCandidate } from '../../../plugins/template/src/totals.js';

const silent: Logger = { debug() {}, info() {}, warn() {}, error() {}, child: () => silent };
const context = { logger: silent, now: new Date('2024-06-01T00:00:00Z') };
const field = (name: string, type: FieldSpec['type'], description = ''): FieldSpec => ({ name, type, description });
const extract = (text: string, fields: FieldSpec[]) => templatePlugin().extractor.extract(documentFromText(text), fields, context);

let x = 0;
function candidate(value: number, confidence: number, word?: Word): AmountCandidate {
  x += 0.05;
  const printed = word ?? { text: value.toFixed(2), bbox: [x, 0.1, x + 0.04, 0.11], source: 'text', confidence: 1 };
  return { value, words: [printed], detail: { confidence, page: 1, bbox: printed.bbox, source: 'text' } };
}

describe('plugin-template: total, net total and tax reconciled', () => {
  describe('reconcileTotals', () => {
    it('prefers the weaker candidates whose net + tax make the total, raising each one’s confidence', () => {
      const wrongTotal = candidate(496, 0.9);
      const due = candidate(590.24, 0.7);
      const net = candidate(496, 0.9);
      const tax = candidate(94.24, 0.8);
      const picked = reconcileTotals({ total: [wrongTotal, due], net: [net], tax: [tax] });
      expect(picked.total?.value).to.equal(590.24);
      expect(picked.total?.detail.confidence).to.equal(0.95);
      expect(picked.net?.detail.confidence).to.equal(1);
      expect(picked.tax?.detail.confidence).to.equal(1);
    });

    it('keeps the strongest candidate of each role, unchanged, when no combination adds up', () => {
      const picked = reconcileTotals({ total: [candidate(100, 0.9), candidate(120, 0.6)], net: [candidate(70, 0.8)], tax: [candidate(10, 0.7)] });
      expect([picked.total?.value, picked.net?.value, picked.tax?.value]).to.deep.equal([100, 70, 10]);
      expect([picked.total?.detail.confidence, picked.net?.detail.confidence, picked.tax?.detail.confidence]).to.deep.equal([0.9, 0.8, 0.7]);
    });

    it('does not use one printed amount for two roles', () => {
      const shared: Word = { text: '50.00', bbox: [0.5, 0.2, 0.55, 0.21], source: 'text', confidence: 1 };
      const picked = reconcileTotals({ total: [candidate(50, 0.9, shared)], net: [candidate(50, 0.8, shared)] });
      expect(picked.total?.value).to.equal(50);
      expect(picked.net).to.equal(null);
    });

    it('leaves the tax unread when the best reading makes it as large as the total', () => {
      const picked = reconcileTotals({ total: [candidate(10.2, 0.95)], tax: [candidate(10.2, 0.6), candidate(1.7, 0.4)] });
      expect(picked.total?.value).to.equal(10.2);
      expect(picked.tax).to.equal(null);
    });

    it('gives null for a role without candidates', () => {
      expect(reconcileTotals({ total: [candidate(10, 0.9)] })).to.deep.include({ net: null, tax: null });
    });
  });

  describe('in the extractor', () => {
    it('does not read an amount out of a tax number printed in digit groups ("VAT 232 153 895")', async () => {
      const receipt = ['Total:          1,240.00', '', 'VAT 232 153 895'].join('\n');
      const result = await extract(receipt, [field('tax', 'currency'), field('total', 'currency')]);
      expect(result.data).to.deep.equal({ tax: null, total: 1240 });
    });


    const invoice = ['Total:          496.00', '', 'Net:            496.00', 'VAT 19%:         94.24', 'Amount due:     590.24'].join('\n');

    it('reads the net and the tax of total lines that print their rate first ("20% VAT Net   8.50") under the items', async () => {
      const receipt = ['  2 Meantime Pale            10.20', '  Food And Drink            10.20', '  20% VAT Net                8.50', '  20% VAT                    1.70', '  Total                     10.20'].join('\n');
      const result = await extract(receipt, [field('netTotal', 'currency'), field('tax', 'currency'), field('total', 'currency')]);
      expect(result.data).to.deep.equal({ netTotal: 8.5, tax: 1.7, total: 10.2 });
    });

    it('takes the amount due for the total when the amounts add up to it, not the net printed as "Total"', async () => {
      const result = await extract(invoice, [field('netTotal', 'currency'), field('tax', 'currency'), field('total', 'currency')]);
      expect(result.data).to.deep.equal({ netTotal: 496, tax: 94.24, total: 590.24 });
      expect(result.fieldDetails.total.bbox![1]).to.be.closeTo(4 / 66, 1e-3);
      expect(result.fieldDetails.netTotal.bbox![1]).to.be.closeTo(2 / 66, 1e-3);
    });

    it('raises the confidence of a tax that the net and the total confirm', async () => {
      const text = ['Net total:      496.00', 'VAT 19%:         94.24', 'Total:          590.24'].join('\n');
      const alone = await extract(text, [field('tax', 'currency')]);
      const together = await extract(text, [field('netTotal', 'currency'), field('tax', 'currency'), field('total', 'currency')]);
      expect(alone.data.tax).to.equal(94.24);
      expect(together.data.tax).to.equal(94.24);
      expect(together.fieldDetails.tax.confidence).to.be.above(alone.fieldDetails.tax.confidence);
      expect(together.fieldDetails.tax.confidence).to.equal(1);
    });

    it('adds up tax printed per rate when the sum makes the total, recording the derivation', async () => {
      const text = ['FACTURA', 'Subtotal:        600.00', 'IVA 21%:         105.00', 'IVA 10,5%:        10.50', 'Total:           715.50'].join('\n');
      const result = await extract(text, [field('taxAmount', 'currency'), field('total', 'currency'), field('netTotal', 'currency')]);
      expect(result.data).to.deep.equal({ taxAmount: 115.5, total: 715.5, netTotal: 600 });
      const detail = result.fieldDetails.taxAmount;
      expect(detail).to.include({ derivation: 'sum of the tax lines per rate', source: 'text', page: 1 });
      // Boxes both rate lines' amounts.
      expect(detail.bbox![1]).to.be.closeTo(2 / 66, 1e-3);
      expect(detail.bbox![3]).to.be.closeTo(3.8 / 66, 1e-3);
      expect(detail.confidence).to.be.below(1);
    });

    it('reads the net, the tax and the gross total from a tax summary’s totals row, by column', async () => {
      const text = [
        'RECHNUNG',
        '',
        'Pos  Artikel             Menge   Preis    Betrag',
        '1    Widget A              2     100,00   200,00',
        '2    Widget B              3     100,00   300,00',
        '',
        'MwSt-Satz      Netto      MwSt      Brutto',
        '19%           400,00     76,00     476,00',
        '7%            100,00      7,00     107,00',
        'Summe         500,00     83,00     583,00',
      ].join('\n');
      const result = await extract(text, [field('netTotal', 'currency'), field('taxAmount', 'currency'), field('total', 'currency')]);
      expect(result.data).to.deep.equal({ netTotal: 500, taxAmount: 83, total: 583 });
      expect(result.fieldDetails.netTotal.bbox![0]).to.be.closeTo(0.14, 1e-3);
      expect(result.fieldDetails.taxAmount.bbox![0]).to.be.closeTo(0.25, 1e-3);
      expect(result.fieldDetails.total.bbox![0]).to.be.closeTo(0.35, 1e-3);
      for (const name of ['netTotal', 'taxAmount', 'total']) expect(result.fieldDetails[name].confidence, name).to.equal(1);
    });
    it('reads the currency off the total\'s "$" without taking the amount from the total', async () => {
    const text = ['INVOICE', '', 'Subtotal            195.00', 'Sales Tax 5.0%        9.75', 'TOTAL              $204.75'].join('\n');
    const result = await extract(text, [field('currency', 'string', 'The currency, as a three-letter ISO code.'), field('total', 'currency'), field('taxAmount', 'currency')]);
    expect(result.data).to.deep.equal({ currency: 'USD', total: 204.75, taxAmount: 9.75 });
  });

  it('keeps a middle initial that spells a salutation ("Jessie M Horne")', async () => {
    const text = ['John Smith                                 INVOICE', '', 'Bill To', 'Jessie M Horne', '4312 Wood Road', 'New York, NY 10031'].join('\n');
    const result = await extract(text, [field('buyer', 'string', 'Name of the customer the invoice is addressed to.')]);
    expect(result.data.buyer).to.equal('Jessie M Horne');
  });
});
});
