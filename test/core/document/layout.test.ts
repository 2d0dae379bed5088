import { expect } from 'chai';
import type { BBox, Word } from '../../../core/src/contracts/document.js';
import { documentText, groupWordsIntoLines } from '../../../core/src/document/index.js';

const word = (text: string, bbox: BBox): Word => ({ text, bbox, source: 'text', confidence: 1 });

describe('groupWordsIntoLines', () => {
  it('returns no lines for no words', () => {
    expect(groupWordsIntoLines([])).to.deep.equal([]);
  });

  it('orders rows top to bottom and words left to right, whatever the input order', () => {
    const words = [
      word('world', [0.2, 0.1, 0.3, 0.12]),
      word('second', [0.1, 0.2, 0.2, 0.22]),
      word('hello', [0.1, 0.1, 0.19, 0.12]),
      word('line', [0.21, 0.2, 0.26, 0.22]),
    ];
    expect(groupWordsIntoLines(words).map((line) => line.text)).to.deep.equal(['hello world', 'second line']);
  });

  it('keeps a slightly raised word (superscript, baseline jitter) on its row', () => {
    const words = [word('a', [0.1, 0.1, 0.12, 0.12]), word('b', [0.13, 0.105, 0.15, 0.125])];
    expect(groupWordsIntoLines(words).map((line) => line.text)).to.deep.equal(['a b']);
  });

  it('splits a row into separate lines at a wide gap, as between form cells', () => {
    const words = [
      word('INSURER', [0.5, 0.2, 0.55, 0.21]),
      word('PRODUCER', [0.05, 0.2, 0.1, 0.21]),
      word('A:', [0.552, 0.2, 0.56, 0.21]),
    ];
    const lines = groupWordsIntoLines(words);
    expect(lines.map((line) => line.text)).to.deep.equal(['PRODUCER', 'INSURER A:']);
    expect(lines[1].bbox).to.deep.equal([0.5, 0.2, 0.56, 0.21]);
  });
});

describe('documentText', () => {
  it('joins lines with newlines and pages with a separator', () => {
    const page = (number: number, text: string) => {
      const lines = groupWordsIntoLines([word(text, [0.1, 0.1, 0.2, 0.12])]);
      return { number, width: 1, height: 1, rotation: 0, deskewAngle: 0, source: 'text' as const, words: lines[0].words, lines };
    };
    const text = documentText({ format: 'pdf', pageCount: 2, pages: [page(1, 'one'), page(2, 'two')], formFields: [], encrypted: false }, '|');
    expect(text).to.equal('one|two');
  });
});
