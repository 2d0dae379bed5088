import { expect } from 'chai';
import { documentFromText } from '@docsift/core/testing';
import { extractSor } from '../../../plugins/sor/src/extractor.js';

/** The bank a bid or an invoice asks to be paid into is no lender, though a bank word labels both. */

const read = (lines: string[]) => extractSor(documentFromText(lines.join('\n'))).data.documentMetadata;

const ITEMS = [
  'Item     Description                                   Qty    Unit      Amount',
  '',
  '1        Prime and paint walls and ceilings             1.00  LS        1000.00',
  '2        Carpet and pad, mid-grade                      1.00  LS        1000.00',
];

describe('plugin-sor bank of the payee', () => {
  it('keeps the lender of a scan beside its loan number, which OCR matching would take for an IBAN ("Loan No." / "IBAN No.")', () => {
    const lines = ['Lender: Granite State Bank', 'Loan No. 3115971224', '', ...ITEMS];
    const meta = extractSor(documentFromText(lines.join('\n'), { source: 'ocr' })).data.documentMetadata;
    expect(meta.lenderName).to.equal('Granite State Bank');
  });

  it('reads no lender from the bank details a Dutch quote asks to be paid into', () => {
    const meta = read([
      'Van Dijk Bouw B.V.',
      'Opdrachtgever: Pieter de Vries',
      '',
      ...ITEMS,
      '',
      'Bank: ING Bank          IBAN: NL91 INGB 0001 2345 67          BIC: INGBNL2A',
    ]);
    expect(meta.lenderName).to.equal(null);
  });

  it('reads no lender from a bank named over its routing number under a US bid', () => {
    const meta = read([
      'Acme Roofing LLC',
      'Customer: John Smith',
      '',
      ...ITEMS,
      '',
      'Bank: First National Bank',
      'Routing No.: 021000021',
    ]);
    expect(meta.lenderName).to.equal(null);
  });

  it('still reads a lender labelled by a bank word with no bank details beside it', () => {
    const meta = read(['Borrower: Michael Novak', 'Bank: Lakeside Community Bank', '', ...ITEMS]);
    expect(meta.lenderName).to.equal('Lakeside Community Bank');
  });
});
