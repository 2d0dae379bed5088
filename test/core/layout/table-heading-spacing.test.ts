import { expect } from 'chai';
import { readTables, textOf } from '../../../core/src/layout/index.js';
import { DOT, fixed, page, rowsOf } from './helpers.js';

describe('core layout: a heading set apart from the wrapped lines above it', () => {
  /** Rows of a monospace page with each line moved down to its own row position (in grid rows), as a template with taller heading bands prints them. */
  function rowsAt(lines: Array<[number, string]>) {
    const rows = rowsOf(page(...lines.map(([, text]) => text)));
    for (const [index, row] of rows.entries()) {
      const shift = (lines[index][0] - index) / 66;
      for (const word of row.words) word.bbox = [word.bbox[0], word.bbox[1] + shift, word.bbox[2], word.bbox[3] + shift];
      Object.assign(row, { top: row.top + shift, bottom: row.bottom + shift });
    }
    return rows;
  }
  const cells = fixed(5, 40, -10, -10, -11);

  it('reads a title as a heading where it sits further under a wrapped line than the items’ wrapped lines sit under each other', () => {
    const rows = rowsAt([
      [0, cells('#', 'Description', 'Labor', 'Materials', 'Total')],
      [1.5, cells('', 'Kitchen')],
      [3, cells('1', 'Base cabinets, maple shaker, with soft', '1,200.00', '3,400.00', '4,600.00')],
      [4, cells('', 'close hinges and crown molding')],
      [5.5, cells('', 'Comedor / Dining Room')],
      [7, cells('2', 'Skim coat cracked plaster walls', '576.00', '169.60', '745.60')],
    ]);
    const [table] = readTables(rows, { format: DOT });
    expect(table.entries.map((entry) => `${entry.kind}: ${textOf(entry.kind === 'heading' ? entry.label : entry.cells[1])}`)).to.deep.equal([
      'heading: Kitchen',
      'item: Base cabinets, maple shaker, with soft close hinges and crown molding',
      'heading: Comedor / Dining Room',
      'item: Skim coat cracked plaster walls',
    ]);
  });

  it('keeps a title-like line at the wrapped lines’ pitch as the item’s wrapped line', () => {
    const rows = rowsAt([
      [0, cells('#', 'Description', 'Labor', 'Materials', 'Total')],
      [1.5, cells('', 'Kitchen')],
      [3, cells('1', 'Vinyl siding, all work to meet HUD', '1,200.00', '3,400.00', '4,600.00')],
      [4, cells('', 'Minimum Property')],
      [5, cells('', 'Standards')],
      [6.5, cells('2', 'Skim coat cracked plaster walls', '576.00', '169.60', '745.60')],
    ]);
    const [table] = readTables(rows, { format: DOT });
    expect(table.entries.map((entry) => entry.kind)).to.deep.equal(['heading', 'item', 'item']);
    expect(textOf(table.entries[1].cells[1])).to.equal('Vinyl siding, all work to meet HUD Minimum Property Standards');
  });
});
