import { expect } from 'chai';
import type { Page, Word } from '../../../core/src/contracts/document.js';
import { hasUsableText } from '../../../core/src/document/text-quality.js';

const word = (text: string): Word => ({ text, bbox: [0.1, 0.1, 0.2, 0.12], source: 'text', confidence: 1 });
const page = (texts: string[]): Page => {
  const words = texts.map(word);
  return { number: 1, width: 612, height: 792, rotation: 0, deskewAngle: 0, source: 'text', words, lines: [] };
};
const sentence = 'The quick brown fox jumps over the lazy dog'.split(' ');

describe('hasUsableText', () => {
  it('accepts a digital page with ordinary text and no images', () => {
    expect(hasUsableText({ page: page(sentence), imageCoverage: 0 })).to.equal(true);
  });

  it('accepts a short text page without images (no point in OCR of vector text)', () => {
    expect(hasUsableText({ page: page(['Signature']), imageCoverage: 0 })).to.equal(true);
  });

  it('sends a page with no text to OCR', () => {
    expect(hasUsableText({ page: page([]), imageCoverage: 1 })).to.equal(false);
    expect(hasUsableText({ page: page([]), imageCoverage: 0 })).to.equal(false);
  });

  it('sends a page of undecodable glyphs (private-use code points) to OCR', () => {
    expect(hasUsableText({ page: page(['\ue001\ue002\ue003', '\ue004\ue005', 'ab']), imageCoverage: 0 })).to.equal(false);
  });

  it('sends a page whose font encoding came out as punctuation soup to OCR', () => {
    expect(hasUsableText({ page: page(['3!5(.%', '#$&*)', '@!!^', 'a1', '%%(!#', '&*(#@!']), imageCoverage: 0 })).to.equal(false);
  });

  it('keeps a page of priced lines whose dot leaders outnumber its letters', () => {
    const leader = '.'.repeat(90);
    expect(hasUsableText({ page: page(['Radon', 'test', leader, '$175.00', 'TOTAL', leader, '$30,953.00']), imageCoverage: 0 })).to.equal(true);
    expect(hasUsableText({ page: page(['!#%&', leader, '(*&^']), imageCoverage: 0 })).to.equal(false);
    const spaced = Array.from({ length: 60 }, () => '.');
    expect(hasUsableText({ page: page(['Category', '1:', 'General', 'Requirements', ...spaced, '$1,099.82', 'Total', ...spaced, '$62,292.75']), imageCoverage: 0 })).to.equal(true);
  });

  it('keeps punctuation-heavy form text', () => {
    expect(hasUsableText({ page: page(['DATE', '(MM/DD/YYYY)', '$', '1,000,000', 'INSURER(S)', 'NAIC', '#']), imageCoverage: 0 })).to.equal(true);
  });

  it('sends a scan with a short stamped header line to OCR', () => {
    expect(hasUsableText({ page: page(['FAX', 'FROM:', '555-0100', 'PAGE', '1/2']), imageCoverage: 0.98 })).to.equal(false);
  });

  it('keeps the text layer of a searchable scan (page image plus a full OCR layer)', () => {
    const many = Array.from({ length: 10 }, () => sentence).flat();
    expect(hasUsableText({ page: page(many), imageCoverage: 1 })).to.equal(true);
  });
});
