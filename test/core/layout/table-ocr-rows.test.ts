import { expect } from 'chai';
import { readLayout, textOf } from '../../../core/src/layout/index.js';
import { documentFromText } from '../../../core/src/testing/index.js';

describe('core layout: lines of an item in OCR tables', () => {
  it('joins lowercase words under a description left unfinished to it, whatever OCR set before them at the left', () => {
    const lines = [
      'Line  Trade             Description of Work                                Materials      Labor       Total',
      '7     Roofing, Siding   Wrap fascia with aluminum coil stock; to match        202.95     344.52      547.47',
      '                        existing profile and',
      '                    Insulation  finish as closely as possible',
      '                        Replace damaged roof decking, 7/16 in. OSB            609.96     609.96    1,219.92',
      '8     Windows           Vinyl double-hung replacement window                  400.00     100.00      500.00',
    ];
    const [table] = readLayout(documentFromText(lines.join('\n'), { source: 'ocr' })).tables;
    const description = table.header.columns.findIndex((column) => column.role === 'description');
    const descriptions = table.entries.filter((entry) => entry.kind === 'item').map((entry) => textOf(entry.cells[description]));
    expect(descriptions[0]).to.match(/^Wrap fascia .* profile and .*finish as closely as possible$/);
    expect(descriptions[1]).to.match(/^Replace damaged roof decking/);
  });
});
