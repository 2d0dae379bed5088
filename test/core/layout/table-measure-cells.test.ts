import { expect } from 'chai';
import { isKnownUnit, parseUnit, readTables, spelledUnitCode, spelledUnitRuns, textOf } from '../../../core/src/layout/index.js';
import { DOT, fixed, page, read, rolesOf, rowsOf, tablesOf, word } from './helpers.js';

const line = fixed(6, 44, 16, -10, -10, -12);
const HEADER = [line('', '', '', "Mat'l /", 'Labor /'), line('Ref.', 'Work Item', 'Measure', 'Unit', 'Unit', 'Extension')];

describe('core layout: a quantity and its unit written out in one cell', () => {
  it('knows the construction units written out, in one word or several, and their codes', () => {
    expect(['each', 'squares', 'square', 'hours', 'lin. ft.', 'sq. ft.', 'sq. yd.', 'cu. yd.', 'lump sum'].map(spelledUnitCode)).to.deep.equal(['EA', 'SQ', 'SQ', 'HR', 'LF', 'SF', 'SY', 'CY', 'LS']);
    expect(spelledUnitCode('LF'), 'a code is no spelling').to.equal(null);
    expect(spelledUnitCode('lump')).to.equal(null);
    expect(parseUnit('lin. ft.')).to.equal('lin. ft');
    expect(isKnownUnit('squares')).to.equal(true);
    const words = (text: string) => text.split(' ').map((entry, index) => word(entry, [index * 0.05, 0, index * 0.05 + 0.04, 0.01]));
    expect(spelledUnitRuns(words('140 lin. ft. and 1 lump sum'))).to.deep.equal([
      [1, 3],
      [5, 7],
    ]);
    expect(spelledUnitRuns(words('12.5 squares'))).to.deep.equal([]);
  });

  it('reads a "Measure" cell of a number and a unit in words as the line’s quantity, the rates beside it per unit', () => {
    const { tables } = tablesOf(
      page(
        ...HEADER,
        line('A1', 'Tear off and reroof, architectural shingles', '12.5 squares', '142.00', '96.00', '2,975.00'),
        line('A2', 'Aluminum drip edge', '140 lin. ft.', '1.10', '1.35', '343.00'),
        line('A3', 'Dumpster and haul-off', '1 lump sum', '450.00', '0.00', '450.00'),
        line('A4', 'Electrician, troubleshoot open grounds', '8 hours', '0.00', '90.00', '720.00'),
      ),
    );
    const [table] = tables;
    expect(rolesOf(table.header.columns)).to.deep.equal(['itemNumber', 'description', 'quantity', 'material', 'labor', 'amount']);
    expect(table.header.columns.filter((column) => column.role === 'material' || column.role === 'labor').map((column) => column.basis)).to.deep.equal(['unit', 'unit']);
    expect(table.entries.map(read)).to.deep.equal([
      { kind: 'item', itemNumber: 'A1', description: 'Tear off and reroof, architectural shingles', quantity: '12.5 squares', material: '142.00', labor: '96.00', amount: '2,975.00' },
      { kind: 'item', itemNumber: 'A2', description: 'Aluminum drip edge', quantity: '140 lin. ft.', material: '1.10', labor: '1.35', amount: '343.00' },
      { kind: 'item', itemNumber: 'A3', description: 'Dumpster and haul-off', quantity: '1 lump sum', material: '450.00', labor: '0.00', amount: '450.00' },
      { kind: 'item', itemNumber: 'A4', description: 'Electrician, troubleshoot open grounds', quantity: '8 hours', material: '0.00', labor: '90.00', amount: '720.00' },
    ]);
  });

  it('reads the measure column on a scan where OCR lost some cells and misread a letter of the stacked "Mat\'l / Unit" label', () => {
    const rows = rowsOf(
      page(
        line('', '', '', "Mat't", 'Labor /'),
        line('Ref.', 'Work Item', 'Measure', 'Unit', 'Unit', 'Extension'),
        line('A1', 'Tear off and reroof, architectural shingles', '12.5 squares', '142.00', '96.00', '2,975.00'),
        line('A2', 'Aluminum drip edge', '', '1.10', '1.35', '343.00'),
        line('A3', 'Rebuild rear deck, composite decking', '', '18.34', '16.16', '4,278.00'),
        line('A4', 'Dumpster and haul-off', '1 lump sum', '450.00', '0.00', '450.00'),
      ),
      { source: 'ocr' },
    );
    const [table] = readTables(rows, { format: DOT });
    expect(rolesOf(table.header.columns)).to.deep.equal(['itemNumber', 'description', 'quantity', 'material', 'labor', 'amount']);
    expect(table.header.columns[3].basis).to.equal('unit');
    expect(read(table.entries[3])).to.deep.equal({ kind: 'item', itemNumber: 'A4', description: 'Dumpster and haul-off', quantity: '1 lump sum', material: '450.00', labor: '0.00', amount: '450.00' });
  });

  it('keeps a unit column of units alone, and a quantity column beside it, as they are', () => {
    const plain = fixed(6, 40, 8, 12, -10, -12);
    const { tables } = tablesOf(page(plain('#', 'Description', 'Qty', 'Unit', 'Price', 'Amount'), plain('1', 'Drip edge', '140', 'lin. ft.', '2.45', '343.00'), plain('2', 'Dumpster', '1', 'lump sum', '450.00', '450.00')));
    expect(rolesOf(tables[0].header.columns)).to.deep.equal(['itemNumber', 'description', 'quantity', 'unit', 'unitPrice', 'amount']);
    expect(tables[0].entries.map(read)[1]).to.deep.equal({ kind: 'item', itemNumber: '2', description: 'Dumpster', quantity: '1', unit: 'lump sum', unitPrice: '450.00', amount: '450.00' });
  });
});

describe('core layout: a wrapped line whose glyphs leave an uneven gap', () => {
  const cells = fixed(5, 40, -10, -10, -11);
  /**
   * Rows of a monospace page moved down to their positions (in grid rows: a table with more leading);
   * `trims` lower a line's glyph top (small letters only) or raise its bottom (no descenders), in row heights.
   */
  function rowsWithGlyphs(lines: Array<[number, string]>, trims: Record<number, { top?: number; bottom?: number }>) {
    const rows = rowsOf(page(...lines.map(([, text]) => text)));
    for (const [index, row] of rows.entries()) {
      const shift = (lines[index][0] - index) / 66;
      const [down, up] = [(trims[index]?.top ?? 0) * row.height, (trims[index]?.bottom ?? 0) * row.height];
      for (const entry of row.words) entry.bbox = [entry.bbox[0], entry.bbox[1] + shift + down, entry.bbox[2], entry.bbox[3] + shift - up];
      Object.assign(row, { top: row.top + shift + down, bottom: row.bottom + shift - up, height: row.height - down - up });
    }
    return rows;
  }

  it('joins a line of small letters (its glyphs’ top lower) one line pitch under the description to it, not to the item below', () => {
    const rows = rowsWithGlyphs(
      [
        [0, cells('#', 'Description', 'Labor', 'Materials', 'Total')],
        [2, cells('1', 'Insulated steel garage door 16x7 with', '453.00', '1,680.00', '2,133.00')],
        [3.5, cells('', 'opener')],
        [5.5, cells('2', 'Skim coat cracked plaster walls, bedroom', '576.00', '169.60', '745.60')],
        [7, cells('', 'closets and hall')],
      ],
      { 2: { top: 0.3 } },
    );
    const [table] = readTables(rows, { format: DOT });
    expect(table.entries.map((entry) => textOf(entry.cells[1]))).to.deep.equal(['Insulated steel garage door 16x7 with opener', 'Skim coat cracked plaster walls, bedroom closets and hall']);
  });

  it('keeps a title-like line at the item’s own line pitch as its wrapped line, however wide a gap a line without descenders above it leaves', () => {
    const rows = rowsWithGlyphs(
      [
        [0, cells('#', 'Description', 'Labor', 'Materials', 'Total')],
        [2, cells('', 'KITCHEN')],
        [4, cells('1', 'Closet shelving and rod, wire ventilated;', '203.94', '267.96', '471.90')],
        [5.5, cells('', 'all work to meet current local code and')],
        [7, cells('', 'HUD Minimum Property Standards')],
        [9, cells('2', 'Skim coat cracked plaster walls', '576.00', '169.60', '745.60')],
      ],
      { 3: { bottom: 0.15 } },
    );
    const [table] = readTables(rows, { format: DOT });
    expect(table.entries.map((entry) => entry.kind)).to.deep.equal(['heading', 'item', 'item']);
    expect(textOf(table.entries[1].cells[1])).to.equal('Closet shelving and rod, wire ventilated; all work to meet current local code and HUD Minimum Property Standards');
  });
});

describe('core layout: units written out in the words of the lexicon\'s languages', () => {
  it('knows the Dutch and German piece, lump-sum and running-length words', () => {
    expect(['st.', 'post', 'str. ft', 'lfd. ft'].map(spelledUnitCode)).to.deep.equal(['EA', 'LS', 'LF', 'LF']);
  });

  it('reads a unit of several words printed before the description ("36,50  lfd. ft  Baseboard") as the line\'s unit, not its words', () => {
    const before = fixed(8, -7, 2, 9, 36, -12);
    const { tables } = tablesOf(
      page(
        before('Pos.', 'Menge', '', 'Einh.', 'Leistungsbeschreibung', 'Gesamtpreis'),
        before('01.010', '1,00', '', 'Stk.', 'Remove abandoned oil tank', '1.185,00'),
        before('01.020', '36,50', '', 'lfd. ft', 'Baseboard, paint grade', '484,10'),
      ),
      { decimal: ',' },
    );
    expect(tables[0].entries.map(read)).to.deep.equal([
      { kind: 'item', itemNumber: '01.010', quantity: '1,00', unit: 'Stk.', description: 'Remove abandoned oil tank', amount: '1.185,00' },
      { kind: 'item', itemNumber: '01.020', quantity: '36,50', unit: 'lfd. ft', description: 'Baseboard, paint grade', amount: '484,10' },
    ]);
  });
});
