import { expect } from 'chai';
import { documentFromText } from '@docsift/core/testing';
import type { BBox } from '@docsift/core';
import { findBest, findLabel } from '../../../plugins/insurance-cert/src/layout/labels.js';
import { buildLayout, groupRows, tokenFromWord } from '../../../plugins/insurance-cert/src/layout/page-layout.js';

const layoutOf = (text: string) => buildLayout(documentFromText(text, { columns: 120, rows: 60 }).pages[0]);

describe('insurance-cert fuzzy labels', () => {
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
    const rows = groupRows([word('DAMAGE', [0.5, 0.400, 0.55, 0.407]), word('PREMISES', [0.5, 0.406, 0.56, 0.413]), word('X', [0.2, 0.399, 0.21, 0.414])]);
    expect(rows.map((row) => row.map((token) => token.text))).to.deep.equal([['X', 'DAMAGE'], ['PREMISES']]);
  });

  it('keeps the words of a line with a first word OCR boxed much taller (`FEDERATED MUTUAL …`)', () => {
    const rows = groupRows([word('FEDERATED', [0.1, 0.1394, 0.164, 0.1538]), word('MUTUAL', [0.169, 0.147, 0.214, 0.1534]), word('HOME', [0.1, 0.1557, 0.133, 0.1621])]);
    expect(rows.map((row) => row.map((token) => token.text))).to.deep.equal([['FEDERATED', 'MUTUAL'], ['HOME']]);
  });
});

function word(text: string, bbox: BBox) {
  return tokenFromWord({ text, bbox, confidence: 1, source: 'text' });
}
