import { expect } from 'chai';
import { readLayout, readQuantityCell, readUnitCell, textOf } from '../../../core/src/layout/index.js';
import { documentFromText } from '../../../core/src/testing/index.js';
import { DOT, word } from './helpers.js';

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

  it('keeps a unit OCR garbled in case ("Le") in the unit column printed before the description, for the document to snap', () => {
    const lines = [
      'Item   Qty   U/M   Description                          Material      Labor       Total',
      'B-1     23   Le    Epoxy injection of wall cracks          301.53     805.00    1,106.53',
      'B-2      1   LS    Rebuild chimney above roofline        1,240.00   2,465.00    3,705.00',
      'B-3    280   SF    Parge exterior foundation wall          372.40   1,520.40    1,892.80',
    ];
    const [table] = readLayout(documentFromText(lines.join('\n'), { source: 'ocr' })).tables;
    const cell = (entry: (typeof table.entries)[number], role: string): string => textOf(entry.cells[entry.columns.findIndex((column) => column.role === role)]);
    expect(table.entries.map((entry) => [cell(entry, 'unit'), cell(entry, 'description')])).to.deep.equal([
      ['Le', 'Epoxy injection of wall cracks'],
      ['LS', 'Rebuild chimney above roofline'],
      ['SF', 'Parge exterior foundation wall'],
    ]);
    const unit = readUnitCell(table.entries[0].cells[table.entries[0].columns.findIndex((column) => column.role === 'unit')]);
    expect(unit && { value: unit.value, quality: unit.quality }).to.deep.equal({ value: 'Le', quality: 0.5 });
  });

  it('reads the descriptions and the amounts of a header OCR lost their labels of ("QUAN.  UNIT" … "UNIT PRICE"): the description in the wide gap, the amounts in a column of their own', () => {
    const lines = [
      'QUAN.  UNIT                                                   UNIT PRICE',
      '    5  EA    6-panel prehung interior door with hardware          290.00          1,450.00',
      '  831  SF    Rewire with 12/2 and 14/2 NM-B, new boxes               6.28          5,218.68',
      '  184  SY    Topsoil, seed and straw at disturbed areas              4.87            896.08',
      '    1  LS    Camera inspection and hydro-jet main sewer            623.00            623.00',
    ];
    const [table] = readLayout(documentFromText(lines.join('\n'), { source: 'ocr' })).tables;
    expect(table.header.columns.map((column) => column.role)).to.deep.equal(['quantity', 'unit', 'description', 'unitPrice', 'amount']);
    const cell = (entry: (typeof table.entries)[number], role: string): string => textOf(entry.cells[entry.columns.findIndex((column) => column.role === role)]);
    expect(table.entries.map((entry) => [cell(entry, 'description'), cell(entry, 'unitPrice'), cell(entry, 'amount')])).to.deep.equal([
      ['6-panel prehung interior door with hardware', '290.00', '1,450.00'],
      ['Rewire with 12/2 and 14/2 NM-B, new boxes', '6.28', '5,218.68'],
      ['Topsoil, seed and straw at disturbed areas', '4.87', '896.08'],
      ['Camera inspection and hydro-jet main sewer', '623.00', '623.00'],
    ]);
  });

  it('takes the material and labor columns of a header OCR lost their labels of (on a shaded band) from the rows’ arithmetic', () => {
    const lines = [
      'Room    No.  Description                               Qty  Unit                              Total',
      '         1   Topsoil, seed and straw at disturbed        150   SY     292.50    271.50      564.00',
      '         2   Camera inspection and hydro-jet sewer         1   LS      50.00    555.00      605.00',
      '         3   Chain-link fence, 4 ft, with one gate        91   LF   1,082.90    828.10    1,911.00',
    ];
    const [table] = readLayout(documentFromText(lines.join('\n'), { source: 'ocr' })).tables;
    expect(table.header.columns.map((column) => column.role)).to.deep.equal(['scope', 'itemNumber', 'description', 'quantity', 'unit', 'material', 'labor', 'amount']);
    const cell = (entry: (typeof table.entries)[number], role: string): string => textOf(entry.cells[entry.columns.findIndex((column) => column.role === role)]);
    expect(table.entries.map((entry) => [cell(entry, 'quantity'), cell(entry, 'material'), cell(entry, 'labor'), cell(entry, 'amount')])).to.deep.equal([
      ['150', '292.50', '271.50', '564.00'],
      ['1', '50.00', '555.00', '605.00'],
      ['91', '1,082.90', '828.10', '1,911.00'],
    ]);
  });

  it('reads a one OCR read as a letter and glued to its unit ("lls", "IIs", "lea") as the quantity 1 and the unit', () => {
    const ocr = (text: string) => word(text, [0, 0, 0.1, 0.01], { source: 'ocr' });
    for (const [text, unit] of [['lls', 'LS'], ['IIs', 'LS'], ['lea', 'EA']]) {
      expect(readQuantityCell([ocr(text)], DOT)).to.include({ value: 1, quality: 0.8 });
      expect(readUnitCell([ocr(text)])?.value).to.equal(unit);
    }
    // A unit that starts with an l is read as printed, and a text layer's word is no misreading.
    expect(readQuantityCell([ocr('lf')], DOT)).to.equal(null);
    expect(readQuantityCell([word('lea', [0, 0, 0.1, 0.01])], DOT)).to.equal(null);
    // One letter after it is no such unit: "ll" and "II" are no quantity of 1 l.
    for (const text of ['ll', 'II']) expect(readQuantityCell([ocr(text)], DOT)).to.equal(null);
  });

  it('reads an OCR unit whose superscript two was read as a question mark ("ft?", "yd?") as the squared unit, not the unit without it', () => {
    const ocr = (text: string) => word(text, [0, 0, 0.1, 0.01], { source: 'ocr' });
    expect(readUnitCell([ocr('ft?')])?.value).to.equal('ft²');
    expect(readUnitCell([ocr('yd?')])?.value).to.equal('yd²');
    expect(readUnitCell([ocr('ft')])?.value).to.equal('FT');
  });
});
