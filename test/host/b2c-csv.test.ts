import { expect } from 'chai';
import type { FieldSpec } from '@docsift/core';
import { csvCell, csvRow } from '../../host/src/services/extraction-csv.js';
import { extractionConfidence } from '../../host/src/services/extraction-view.js';

describe('host: consumer export cells and confidence', () => {
  describe('CSV cells (RFC 4180, formula injection)', () => {
    it('prefixes text that a spreadsheet would run as a formula with a single quote', () => {
      expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'].map(csvCell)).to.deep.equal(["'=1+1", "'+1", "'-1", "'@SUM(A1)", "'\tx", `"'\rx"`]);
    });

    it('writes numbers and booleans as they are (a negative amount stays a number), null as an empty cell', () => {
      expect([-12.5, 0, true, null, undefined].map(csvCell)).to.deep.equal(['-12.5', '0', 'true', '', '']);
    });

    it('quotes cells holding a comma, a quote or a line break, doubling the quotes', () => {
      expect(csvCell('Acme, Inc.')).to.equal('"Acme, Inc."');
      expect(csvCell('say "hi"')).to.equal('"say ""hi"""');
      expect(csvCell('two\nlines')).to.equal('"two\nlines"');
      expect(csvCell('plain')).to.equal('plain');
    });

    it('writes a list as JSON in one cell, and ends rows with CRLF', () => {
      expect(csvRow(['a', [{ x: 1 }]])).to.equal('a,"[{""x"":1}]"\r\n');
    });
  });

  describe('confidence', () => {
    const fields: FieldSpec[] = [
      { name: 'number', type: 'string', description: 'd', required: true },
      { name: 'total', type: 'currency', description: 'd' },
      { name: 'note', type: 'string', description: 'd' },
    ];
    const detail = (confidence: number) => ({ confidence, page: 1, bbox: null, source: 'text' as const });

    it('is the mean of the fields found when every required field is found (an optional field not found does not count)', () => {
      const confidence = extractionConfidence(fields, { number: 'N', total: 5, note: null }, { number: detail(0.9), total: detail(0.7) });
      expect(confidence).to.deep.equal({ fields: { number: 0.9, total: 0.7, note: 0 }, overall: 0.8 });
    });

    it('is capped by the lowest required field', () => {
      expect(extractionConfidence(fields, { number: 'N', total: 5, note: 'x' }, { number: detail(0.5), total: detail(1), note: detail(1) }).overall).to.equal(0.5);
    });

    it('is 0 when a required field is missing, however sure the others are', () => {
      expect(extractionConfidence(fields, { number: null, total: 5, note: 'x' }, { total: detail(1), note: detail(1) }).overall).to.equal(0);
    });

    it('is 0 when nothing was found', () => {
      expect(extractionConfidence([fields[1]!], { total: null }, {}).overall).to.equal(0);
    });
  });
});
