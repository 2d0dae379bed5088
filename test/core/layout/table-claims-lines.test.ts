import { expect } from 'chai';
import { buildRows, parseMixedNumber, readQuantityCell, readTables } from '../../../core/src/layout/index.js';
import { documentFromText } from '../../../core/src/testing/document-from-text.js';
import { DOT, fixed, page, read, rowsOf, word } from './helpers.js';

/**
 * A claims-style estimate: each line's number and description across the page, its values on the row
 * under it in columns no lexicon word names (REMOVE | REPLACE); measures in mixed numbers; a summary
 * named by what it sums; tables running over pages whose first lines print their values at the same place.
 */

const values = fixed(34, -12, -10, -10, -8, -12);
const HEADER = values('DESCRIPTION', 'QUANTITY', 'REMOVE', 'REPLACE', 'TAX', 'TOTAL');

const entriesOf = (text: string | string[]) => readTables(buildRows(documentFromText(text)), { format: DOT })[0].entries.map((entry) => read(entry));

describe('core layout: claims-style lines, mixed numbers and named summaries', () => {
  it('reads a short numbered line over a line of values alone as the item\'s description, not as a heading', () => {
    const entries = entriesOf(
      page(
        HEADER,
        'Roof',
        '  1. Continuous ridge vent',
        values('', '38.00 LF', '0.00', '8.12', '9.12', '317.68'),
        '  2. Replace damaged roof decking, 7/16 in. OSB',
        values('', '260.00 SF', '0.00', '3.12', '17.00', '828.20'),
      ),
    );
    expect(entries.map((entry) => [entry.kind, entry.description, entry.amount])).to.deep.equal([
      ['heading', 'Roof', undefined],
      ['item', 'Continuous ridge vent', '317.68'],
      ['item', 'Replace damaged roof decking, 7/16 in. OSB', '828.20'],
    ]);
  });

  it('keeps a text layer\'s description running on over columns no header word names in its cell, word space after word space', () => {
    const entries = entriesOf(
      page(
        HEADER,
        'Kitchen',
        '  1. Kitchen base and wall cabinets, shaker style; contractor to verify',
        '     quantities in field before ordering',
        values('', '27.00 LF', '0.00', '277.00', '379.89', '7,858.89'),
        '  2. GFCI receptacles at counters',
        values('', '8.00 EA', '0.00', '75.00', '14.00', '614.00'),
      ),
    );
    expect(entries.filter((entry) => entry.kind === 'item').map((entry) => entry.description)).to.deep.equal([
      'Kitchen base and wall cabinets, shaker style; contractor to verify quantities in field before ordering',
      'GFCI receptacles at counters',
    ]);
  });

  it('reads words under such columns on a line over values alone as the description\'s, however OCR spaced them', () => {
    const text = page(
      HEADER,
      'Kitchen',
      '  1. Vinyl window, insulated glass, with interior trim; including all trim and sealant',
      values('', '6.00 EA', '44.25', '576.75', '186.48', '3,912.48'),
      '  2. GFCI receptacles at counters',
      values('', '8.00 EA', '0.00', '75.00', '14.00', '614.00'),
    );
    const entries = readTables(buildRows(documentFromText(text, { source: 'ocr' })), { format: DOT })[0].entries.map((entry) => read(entry));
    expect(entries.filter((entry) => entry.kind === 'item').map((entry) => [entry.description, entry.amount])).to.deep.equal([
      ['Vinyl window, insulated glass, with interior trim; including all trim and sealant', '3,912.48'],
      ['GFCI receptacles at counters', '614.00'],
    ]);
  });

  it('ends the table at a summary named by what it sums ("ROOM SUMMARY"): its lines are no items', () => {
    const row = fixed(6, 40, -6, -6, -12);
    const entries = entriesOf(
      page(
        row('No.', 'Description', 'Qty', 'Unit', 'Total'),
        '1 - KITCHEN',
        row('1.1', 'Quartz countertops', '47', 'SF', '3,007.70'),
        row('', 'KITCHEN subtotal', '', '', '3,007.70'),
        '2 - GARAGE',
        row('2.1', 'Steel overhead door with opener', '1', 'EA', '2,005.00'),
        row('', 'GARAGE subtotal', '', '', '2,005.00'),
        '',
        'ROOM SUMMARY',
        row('', '1 - KITCHEN', '', '', '3,007.70'),
        row('', '2 - GARAGE', '', '', '2,005.00'),
      ),
    );
    expect(entries.filter((entry) => entry.kind === 'item').map((entry) => entry.description)).to.deep.equal(['Quartz countertops', 'Steel overhead door with opener']);
  });

  it('reads mixed numbers and fractions as measures, with thousands and OCR\'s glued or ticked forms', () => {
    expect([parseMixedNumber('12 1/2'), parseMixedNumber('1,089 1/2'), parseMixedNumber('3-1/4'), parseMixedNumber('3/4')]).to.deep.equal([12.5, 1089.5, 3.25, 0.75]);
    expect([parseMixedNumber('11/12'), parseMixedNumber('12'), parseMixedNumber('3/2')]).to.deep.equal([null, null, null]);
    const printed = (text: string) => word(text, [0, 0, 0.1, 0.01]);
    const ocr = (text: string) => word(text, [0, 0, 0.1, 0.01], { source: 'ocr' });
    expect(readQuantityCell([printed('12'), printed('1/2'), printed('LF')], DOT)).to.include({ value: 12.5, quality: 1 });
    expect(readQuantityCell([ocr('5241/2')], DOT)).to.include({ value: 524.5, quality: 0.8 });
    expect(readQuantityCell([ocr('1901/2.')], DOT)?.value).to.equal(190.5);
    expect(readQuantityCell([ocr('198'), ocr('1/2.')], DOT)?.value).to.equal(198.5);
    // A text layer prints what it means: "5241/2" there is no measure.
    expect(readQuantityCell([printed('5241/2')], DOT)?.value).to.not.equal(524.5);
  });

  it('never takes a line of amounts for a running header, however alike its shape on each page', () => {
    const pageWith = (first: string, last: string): string => page('Estimate E-100', values('', first, '0.00', '254.00', '18.48', last), ...Array<string>(30).fill(''), 'Work');
    const rows = rowsOf([pageWith('4.00 EA', '1,034.48'), pageWith('3.00 EA', '2,045.60'), pageWith('2.00 EA', '6,036.36')]);
    expect(rows.filter((row) => row.furniture).map((row) => row.text)).to.deep.equal(['Estimate E-100', 'Estimate E-100', 'Estimate E-100']);
  });
});
