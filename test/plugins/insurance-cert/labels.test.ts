import { expect } from 'chai';
import { documentFromText } from '@docsift/core/testing';
import { editDistance, findBest, findLabel, similarity } from '../../../plugins/insurance-cert/src/layout/labels.js';
import { buildLayout, groupRows, tokenFromWord } from '../../../plugins/insurance-cert/src/layout/layout.js';

const layoutOf = (text: string) => buildLayout(documentFromText(text, { columns: 120, rows: 60 }).pages[0]);

describe('insurance-cert fuzzy labels', () => {
  it('measures edit distance and similarity', () => {
    expect(editDistance('OCCURRENCE', 'OCCURENCE')).to.equal(1);
    expect(editDistance('kitten', 'sitting')).to.equal(3);
    expect(similarity('INSURED', 'INSURED')).to.equal(1);
    expect(similarity('INSURED', 'lNSURED'.toUpperCase())).to.be.closeTo(6 / 7, 1e-9);
  });

  it('finds a caption despite OCR errors, case and punctuation', () => {
    const layout = layoutOf('COVERAGES        CERTIF1CATE NUMBER: 77AB');
    const match = findBest(layout, 'CERTIFICATE NUMBER');
    expect(match?.tokens.map((token) => token.text)).to.deep.equal(['CERTIF1CATE', 'NUMBER:']);
    expect(match?.score).to.be.above(0.9).and.below(1);
  });

  it('finds a caption whose words OCR split or merged', () => {
    expect(findBest(layoutOf('EACHOCCURRENCE   $ 1,000,000'), 'EACH OCCURRENCE')?.score).to.equal(1);
    expect(findBest(layoutOf('GENERAL AGGRE GATE   $ 2,000,000'), 'GENERAL AGGREGATE')?.tokens).to.have.length(3);
  });

  it('separates a value printed against its caption (NUMBER:CL2517)', () => {
    const layout = layoutOf('CERTIFICATE NUMBER:CL2517');
    const match = findBest(layout, 'CERTIFICATE NUMBER');
    const row = layout.rows[match!.row];
    expect(row[match!.end + 1].text).to.equal('CL2517');
  });

  it('refuses unrelated words and honours segment starts', () => {
    expect(findLabel(layoutOf('PRODUCT RECALL NOTICE'), 'PRODUCER')).to.have.length(0);
    const sentence = layoutOf('ISSUED TO THE INSURED NAMED ABOVE');
    expect(findLabel(sentence, 'INSURED')).to.have.length(1);
    expect(findLabel(sentence, 'INSURED', { segmentStart: true })).to.have.length(0);
  });

  it('groups words into rows by their vertical middle, not by a tall mark bridging two lines', () => {
    const rows = groupRows([
      tokenFromWord('DAMAGE', [0.5, 0.400, 0.55, 0.407], 1, 'text'),
      tokenFromWord('PREMISES', [0.5, 0.406, 0.56, 0.413], 1, 'text'),
      tokenFromWord('X', [0.2, 0.399, 0.21, 0.414], 1, 'text'),
    ]);
    expect(rows.map((row) => row.map((token) => token.text))).to.deep.equal([['X', 'DAMAGE'], ['PREMISES']]);
  });
});
