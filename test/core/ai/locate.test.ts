import { expect } from 'chai';
import { locate } from '../../../core/src/ai/locate.js';
import { makeDocument } from '../../plugins/template/layout-helper.js';

/** Each character is 0.012 of the page wide from a 0.02 margin (see layout-helper). */
const column = (characters: number): number => 0.02 + characters * 0.012;

describe('core/ai: locating a value in the words', () => {
  it('finds a value across words and inside punctuation, with the box of the words that print it', () => {
    const document = makeDocument([['ACME Supplies Ltd', 'Ref No:INV-42 / PO 7781']]);
    const name = locate(document, 'Acme supplies LTD.');
    expect(name).to.include({ page: 1 });
    expect(name!.words.map((word) => word.text)).to.deep.equal(['ACME', 'Supplies', 'Ltd']);
    expect(name!.bbox[0]).to.be.closeTo(column(0), 1e-4);
    expect(locate(document, 'INV-42')!.words.map((word) => word.text)).to.deep.equal(['No:INV-42']);
    expect(locate(document, 'PO 7781')!.bbox[0]).to.be.closeTo(column('Ref No:INV-42 / '.length), 1e-4);
  });

  it('finds numbers and dates in their printed forms', () => {
    const document = makeDocument([['Total due: $1,250.00', 'Issued March 15, 2024']]);
    expect(locate(document, 1250)!.words.map((word) => word.text)).to.deep.equal(['$1,250.00']);
    expect(locate(document, '2024-03-15')!.words.map((word) => word.text)).to.deep.equal(['March', '15,', '2024']);
  });

  it('does not find a value that is only part of a printed number or word', () => {
    const document = makeDocument([['Grand total 12,500.00', 'Invoice INV-4217 of 03/15/2024', 'Supplier: ACMEX']]);
    expect(locate(document, 1250)).to.equal(null);
    expect(locate(document, 250)).to.equal(null);
    expect(locate(document, 'INV-42')).to.equal(null);
    expect(locate(document, 15)).to.equal(null);
    expect(locate(document, 'ACME')).to.equal(null);
    expect(locate(document, true)).to.equal(null);
  });

  it('passes over places the caller does not accept', () => {
    const document = makeDocument([['Invoice No: INV-42'], ['Order INV-42 shipped']]);
    const second = locate(document, 'INV-42', (place) => place.page !== 1);
    expect(second).to.include({ page: 2 });
    expect(locate(document, 'INV-42', () => false)).to.equal(null);
  });
});
