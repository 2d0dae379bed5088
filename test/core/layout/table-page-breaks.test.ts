import { expect } from 'chai';
import { buildRows, readTables } from '../../../core/src/layout/index.js';
import { documentFromText } from '../../../core/src/testing/document-from-text.js';
import { cellOf, DOT, fixed, page, tablesOf } from './helpers.js';

const line = fixed(8, 40, -6, -5, -10, -10, -10);
const HEADER = line('Code', 'Description', 'Qty.', 'U/M', 'Labor', 'Material', 'Total');

describe('core layout: tables across page breaks and tight lines', () => {
  it('reads past a running balance at a page break ("Balance carried forward", "B/F from") to the items on the next page', () => {
    const { tables } = tablesOf([
      page(HEADER, line('06-205', 'Oak stair treads', '13.00', 'EA', '546.00', '767.00', '1,313.00'), line('', 'Balance carried forward', '', '', '546.00', '767.00', '1,313.00')),
      page(HEADER, line('', 'B/F from', '', '', '546.00', '767.00', '1,313.00'), line('07-200', 'Ice and water shield', '8.00', 'SQ', '224.00', '888.00', '1,112.00'), '', line('', 'TOTAL', '', '', '', '', '2,425.00')),
    ]);
    expect(tables).to.have.length(1);
    expect(tables[0].entries.map((entry) => `${entry.kind}: ${cellOf(entry, 'description')}`)).to.deep.equal(['item: Oak stair treads', 'item: Ice and water shield']);
    expect(tables[0].totals?.rows[0].text).to.match(/^TOTAL/);
  });

  it('ends a table set in the page’s right half at the page break when the next page starts with text at its left', () => {
    const right = (text: string): string => `${' '.repeat(50)}${text}`;
    const { tables } = tablesOf([
      page(right(HEADER), right(line('', 'EXTERIOR')), right(line('E-1', 'Concrete front walk', '1.00', 'LS', '1,585.00', '1,102.50', '2,687.50')), right(line('E-2', 'Sewer line jetting', '1.00', 'LS', '615.00', '34.00', '649.00')), right(line('', 'TOTAL EXTERIOR', '', '', '', '', '3,336.50'))),
      page(`${'Funds are released in draws.'.padEnd(50)}${line('', 'Interior', '', '', '', '', '46,403.00')}`, right(line('', 'Total Construction', '', '', '', '', '49,739.50'))),
    ]);
    expect(tables[0].entries.map((entry) => `${entry.kind}: ${cellOf(entry, 'description')}`)).to.deep.equal(['heading: EXTERIOR', 'item: Concrete front walk', 'item: Sewer line jetting', 'subtotal: TOTAL EXTERIOR']);
    expect(tables[0].end).to.equal(5);
  });

  it('ends a table at an estimate’s recap heading, so the totals by cost type under it are no items', () => {
    const { tables } = tablesOf(
      page(HEADER, line('06-205', 'Oak stair treads', '13.00', 'EA', '546.00', '767.00', '1,313.00'), '', line('', 'ESTIMATE RECAP'), line('', 'Labor', '', '', '', '', '546.00'), line('', 'Material', '', '', '', '', '767.00')),
    );
    expect(tables[0].entries.map((entry) => entry.kind)).to.deep.equal(['item']);
  });

  it('joins a wrapped line set at the pitch of the item’s lines above, though its glyphs leave a wider gap', () => {
    const rows = buildRows(documentFromText(page(HEADER, line('06-205', 'Oak stair treads and risers with new', '13.00', 'EA', '546.00', '767.00', '1,313.00'), line('', 'and brackets; all work to meet current'), line('', 'code and HUD Minimum Property Standards'), line('06-210', 'Replace rotted porch floor boards', '89.00', 'SF', '743.15', '652.37', '1,395.52'))));
    // A line without descenders ("and brackets; all work to meet current") ends higher than its pitch says.
    rows[2].bottom -= 0.7 * rows[2].height;
    const [table] = readTables(rows, { format: DOT });
    expect(table.entries.map((entry) => cellOf(entry, 'description'))).to.deep.equal(['Oak stair treads and risers with new and brackets; all work to meet current code and HUD Minimum Property Standards', 'Replace rotted porch floor boards']);
  });
});
