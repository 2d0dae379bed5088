import { expect } from 'chai';
import { makeRow, PhraseMatcher, type LayoutRow } from '../../../core/src/layout/index.js';
import { page, rowsOf, word } from './helpers.js';

const matcher = PhraseMatcher.of<string>([
  ['invoiceNumber', ['Rechnungs-Nr.', 'Invoice Number']],
  ['total', ['Total', 'Grand Total']],
  ['subtotal', ['Subtotal']],
  ['amount', ['Amount']],
  ['due', ['Amount']],
]);

const found = (row: LayoutRow): string[] => matcher.findAll(row).map((match) => `${match.value}@${match.start}-${match.end}`);

describe('core layout: PhraseMatcher', () => {
  it('matches phrases whatever the words split them into ("Rechnungs Nr" is "Rechnungs-Nr.")', () => {
    const rows = rowsOf(page('Rechnungs Nr 42', 'RechnungsNr. 43', 'Invoice Number: 44'));
    expect(rows.map(found)).to.deep.equal([['invoiceNumber@0-2'], ['invoiceNumber@0-1'], ['invoiceNumber@0-2']]);
  });

  it("reads an apostrophe the text layer set apart as no word of the phrase (\"Contractor ' s fee\")", () => {
    const fee = PhraseMatcher.of<string>([['fee', ["Contractor's fee"]]]);
    const [row] = rowsOf("Contractor ' s fee (10%)   2,949.10");
    expect(row.words.map((word) => word.text).slice(0, 4)).to.deep.equal(['Contractor', "'", 's', 'fee']);
    expect(fee.find(row, { cellStart: true })).to.include({ value: 'fee', start: 0, end: 4, score: 1 });
  });

  it('takes a mark after a phrase in alike on OCR words as on the text layer ("Direccién de la obra /" over its English half)', () => {
    const address = PhraseMatcher.of<string>([['address', ['Dirección de la obra']]]);
    const [text] = rowsOf('Dirección de la obra / 372 Kingsley Ter');
    const [ocr] = rowsOf('Direccién de la obra / 372 Kingsley Ter', { source: 'ocr' });
    expect(address.at(text, 0)).to.include({ start: 0, end: 5, score: 1 });
    expect(address.at(ocr, 0)).to.include({ start: 0, end: 5 });
    expect(address.at(ocr, 0)?.score).to.be.above(0.8).and.below(1);
  });

  it('stops reading text-layer words that begin no phrase, and still reads OCR words after them fuzzily', () => {
    const text = makeRow(1, 1, [word('Gramd', [0.1, 0.1, 0.15, 0.12]), word('Total', [0.16, 0.1, 0.22, 0.12]), word('5.00', [0.8, 0.1, 0.85, 0.12])]);
    const mixed = makeRow(1, 1, [word('Gramd', [0.1, 0.1, 0.15, 0.12]), word('Total', [0.16, 0.1, 0.22, 0.12], { source: 'ocr' }), word('5.00', [0.8, 0.1, 0.85, 0.12])]);
    expect(matcher.at(text, 0)).to.equal(null);
    expect(matcher.at(mixed, 0)).to.include({ phrase: 'Grand Total', start: 0, end: 2 });
  });

  it('takes the longest phrase at a place and keeps every meaning of the same words', () => {
    const rows = rowsOf(page('Grand Total   5.00', 'Amount   5.00'));
    const grand = matcher.at(rows[0], 0);
    expect([grand?.phrase, grand?.end]).to.deep.equal(['Grand Total', 2]);
    expect(matcher.at(rows[1], 0)?.values).to.deep.equal(['amount', 'due']);
  });

  it('matches text-layer words exactly and OCR words fuzzily, scoring the slip', () => {
    expect(rowsOf('lnv0ice Numbr 7').map(found)).to.deep.equal([[]]);
    const [ocr] = rowsOf('lnv0ice Numbr 7', { source: 'ocr' });
    const match = matcher.at(ocr, 0);
    expect(match?.value).to.equal('invoiceNumber');
    expect(match?.score).to.be.above(0.8).and.below(1);
    const [exact] = rowsOf('Tota1   5.00', { source: 'ocr' });
    expect(matcher.at(exact, 0)?.score).to.equal(1);
  });

  it('reads a word of digits only as a number, not as the letters OCR may put for them ("155" spells no "ISS")', () => {
    const tax = PhraseMatcher.of<string>([['tax', ['ISS']], ['form', ['1040']]]);
    for (const source of ['text', 'ocr'] as const) {
      const [row] = rowsOf('155   SF   804.45   1040', { source });
      expect(tax.findAll(row).map((match) => `${match.value}@${match.start}`)).to.deep.equal(['form@3']);
    }
    const [misread] = rowsOf('I55   0.00', { source: 'ocr' });
    expect(tax.at(misread, 0)?.value).to.equal('tax');
  });

  it('does not run a phrase across a cell boundary', () => {
    const [row] = rowsOf('Grand          Total');
    expect(found(row)).to.deep.equal(['total@1-2']);
  });

  it('find with cellStart skips phrases inside running text', () => {
    const [row] = rowsOf('The grand total of the work is due now   Subtotal   5.00');
    expect(matcher.find(row)?.value).to.equal('total');
    expect(matcher.find(row, { cellStart: true })?.value).to.equal('subtotal');
  });

  it('finds phrases in a sequence of words read as one run (a label stacked on two lines)', () => {
    const rows = rowsOf(page('Grand', 'Total'));
    const matches = matcher.findAllInSequence([...rows[0].words, ...rows[1].words]);
    expect(matches.map((match) => [match.phrase, match.start, match.end])).to.deep.equal([['Grand Total', 0, 2]]);
  });
});
