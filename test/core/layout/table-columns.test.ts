import { expect } from 'chai';
import { buildRows, inferHeader, readAmountCell, readQuantityCell, readTables, textOf, type TableEntry } from '../../../core/src/layout/index.js';
import { documentFromText } from '../../../core/src/testing/document-from-text.js';
import { readDetailLine } from '../../../core/src/layout/tables/detail-lines.js';
import { cellOf, COMMA, DOT, fixed, itemDescriptions, page, read, rolesOf, rowsOf, tablesOf } from './helpers.js';

/** Columns that no header names: leading item numbers, priced lists, columns inferred from arithmetic, detail lines. */

const numbered = fixed(5, 40, -12);
const NUMBERED_HEADER = numbered('', 'Description', 'Amount');

const amountOf = (entry: TableEntry, role: string): number | undefined => {
  const index = entry.columns.findIndex((column) => column.role === role);
  return index < 0 ? undefined : readAmountCell(entry.cells[index], DOT)?.value;
};

describe('core layout: table columns no header names', () => {
  describe('leading item numbers', () => {
    it('splits punctuated item numbers ("3.", "4.2", "C-2") off the descriptions into an item-number column', () => {
      const { tables } = tablesOf(page(NUMBERED_HEADER, numbered('3.', 'Frame wall', '1,200.00'), numbered('4.2', 'Insulate wall', '300.00'), numbered('C-2', 'Hang drywall', '800.00')));
      expect(rolesOf(tables[0].header.columns)).to.deep.equal(['itemNumber', 'description', 'amount']);
      expect(tables[0].entries.map(read)).to.deep.equal([
        { kind: 'item', itemNumber: '3.', description: 'Frame wall', amount: '1,200.00' },
        { kind: 'item', itemNumber: '4.2', description: 'Insulate wall', amount: '300.00' },
        { kind: 'item', itemNumber: 'C-2', description: 'Hang drywall', amount: '800.00' },
      ]);
    });

    it("keeps a cost code that overhangs the description column (a photo's perspective, a long code) in the item-number column", () => {
      const coded = fixed(12, 40, -12);
      const { tables } = tablesOf(page(coded('Code', 'Description', 'Amount'), `0920000-00401 Sand and refinish floors${' '.repeat(14)}1,200.00`, coded('092000-0050', 'Paint walls', '300.00')));
      expect(tables[0].entries.map(read)).to.deep.equal([
        { kind: 'item', itemNumber: '0920000-00401', description: 'Sand and refinish floors', amount: '1,200.00' },
        { kind: 'item', itemNumber: '092000-0050', description: 'Paint walls', amount: '300.00' },
      ]);
    });

    it('reads whole numbers that count 1, 2, 3 as item numbers and others as quantities', () => {
      const numbers = (first: string, second: string, third: string): TableEntry[] =>
        tablesOf(page(NUMBERED_HEADER, numbered(first, 'Frame wall', '1,200.00'), numbered(second, 'Insulate wall', '300.00'), numbered(third, 'Hang drywall', '800.00'))).tables[0]
          .entries;
      expect(numbers('1', '2', '3').map((entry) => [cellOf(entry, 'itemNumber'), cellOf(entry, 'description')])).to.deep.equal([
        ['1', 'Frame wall'],
        ['2', 'Insulate wall'],
        ['3', 'Hang drywall'],
      ]);
      expect(numbers('2', '5', '12').map((entry) => [cellOf(entry, 'quantity'), cellOf(entry, 'description')])).to.deep.equal([
        ['2', 'Frame wall'],
        ['5', 'Insulate wall'],
        ['12', 'Hang drywall'],
      ]);
    });

    it('leaves descriptions alone when few of them start with a number', () => {
      const { tables } = tablesOf(page(NUMBERED_HEADER, numbered('', '2 coats of paint', '1,200.00'), numbered('', 'Insulate wall', '300.00'), numbered('', 'Hang drywall', '800.00')));
      expect(rolesOf(tables[0].header.columns)).to.deep.equal(['description', 'amount']);
      expect(itemDescriptions(tables[0])).to.deep.equal(['2 coats of paint', 'Insulate wall', 'Hang drywall']);
    });
  });

  describe('a priced list without a header', () => {
    const { tables } = tablesOf(
      page(
        'ESTIMATE',
        '',
        'Pricing Summary',
        'Remove and dispose of existing railings            $1,200.00',
        'Install new composite railings                     $4,800.00',
        'Paint front door                                     $350.00',
        '',
        'Total                                              $6,350.00',
      ),
    );

    it('reads lines of text and one amount as items of a description and an amount column', () => {
      expect(tables).to.have.length(1);
      expect(tables[0].header.inferred).to.equal(true);
      expect(rolesOf(tables[0].header.columns)).to.deep.equal(['description', 'amount']);
      expect(tables[0].entries.filter((entry) => entry.kind === 'item').map(read)).to.deep.equal([
        { kind: 'item', description: 'Remove and dispose of existing railings', amount: '$1,200.00' },
        { kind: 'item', description: 'Install new composite railings', amount: '$4,800.00' },
        { kind: 'item', description: 'Paint front door', amount: '$350.00' },
      ]);
    });

    it('takes the title just above as its heading and ends at the total', () => {
      expect(tables[0].entries[0].kind).to.equal('heading');
      expect(textOf(tables[0].entries[0].label)).to.equal('Pricing Summary');
      expect(tables[0].totals && cellOf(tables[0].totals, 'amount')).to.equal('$6,350.00');
    });

    it('needs two priced lines close together', () => {
      expect(tablesOf(page('Remove and dispose of existing railings            $1,200.00', '', '', '', '', 'Thank you for your business')).tables).to.deep.equal([]);
    });
  });

  describe('a table whose header is not printed', () => {
    const parts = fixed(6, 30, -6, 1, 4, -10, -10, -10, 0);
    const row = (no: string, description: string, qty: string, unit: string, material: string, labor: string, total: string, after: string): string =>
      parts(no, description, qty, '', unit, material, labor, total, after);

    it('infers material | labor | total from rows whose two amounts add up to the third, with columns after them', () => {
      const { tables } = tablesOf(
        page(
          'SCOPE OF WORK',
          row('1.1', 'Demo kitchen cabinets', '1', 'LS', '0.00', '552.00', '552.00', '    -     -    0%    552.00'),
          row('1.2', 'New base cabinets', '12', 'LF', '1,800.00', '600.00', '2,400.00', '    -     -    0%  2,400.00'),
          row('1.3', 'Countertop, quartz', '40', 'SF', '2,000.00', '400.00', '2,400.00', '  600.00  -   25%  1,800.00'),
          row('1.4', 'Backsplash tile', '30', 'SF', '300.00', '450.00', '750.00', '    -     -    0%    750.00'),
        ),
      );
      expect(tables).to.have.length(1);
      const [table] = tables;
      expect(table.header.inferred).to.equal(true);
      expect(rolesOf(table.header.columns)).to.deep.equal(['itemNumber', 'description', 'quantity', 'unit', 'material', 'labor', 'amount']);
      expect(table.entries.map((entry) => [cellOf(entry, 'itemNumber'), cellOf(entry, 'description'), cellOf(entry, 'unit')])).to.deep.equal([
        ['1.1', 'Demo kitchen cabinets', 'LS'],
        ['1.2', 'New base cabinets', 'LF'],
        ['1.3', 'Countertop, quartz', 'SF'],
        ['1.4', 'Backsplash tile', 'SF'],
      ]);
      expect(table.entries.map((entry) => [amountOf(entry, 'material'), amountOf(entry, 'labor'), amountOf(entry, 'amount')])).to.deep.equal([
        [0, 552, 552],
        [1800, 600, 2400],
        [2000, 400, 2400],
        [300, 450, 750],
      ]);
      const quantity = table.header.columns.findIndex((column) => column.role === 'quantity');
      expect(table.entries.map((entry) => readQuantityCell(entry.cells[quantity], DOT)?.value)).to.deep.equal([1, 12, 40, 30]);
    });

    it('infers a rate and an extension per part where the quantity times each rate makes its extension and the extensions the total', () => {
      const rated = fixed(30, -5, 1, 3, -10, -10, -10, -10, -11);
      const { tables } = tablesOf(
        page(
          'PLUMBING',
          rated('Toilet with wax ring', '3', '', 'EA', '277.00', '831.00', '112.00', '336.00', '1,167.00'),
          rated('Camera inspection of sewer', '1', '', 'LS', '55.00', '55.00', '590.00', '590.00', '645.00'),
          rated('Repipe water supply, PEX', '264', '', 'LF', '2.82', '744.48', '6.10', '1,610.40', '2,354.88'),
          rated('Remove plaster ceiling', '166', '', 'SF', '-', '-', '2.11', '350.26', '350.26'),
          rated('Chain-link fence, 4 ft', '155', '', 'LF', '12.88', '1,996.40', '9.22', '1,429.10', '3,425.50'),
        ),
      );
      const [table] = tables;
      expect(table.header.inferred).to.equal(true);
      expect(table.header.columns.map((column) => [column.role, column.alternatives, column.basis])).to.deep.equal([
        ['description', [], null],
        ['quantity', [], null],
        ['unit', [], null],
        [null, ['material'], 'unit'],
        ['material', [], 'extended'],
        [null, ['labor'], 'unit'],
        ['labor', [], 'extended'],
        ['amount', [], null],
      ]);
      expect(table.entries.map((entry) => [amountOf(entry, 'material'), amountOf(entry, 'labor'), amountOf(entry, 'amount')])).to.deep.equal([
        [831, 336, 1167],
        [55, 590, 645],
        [744.48, 1610.4, 2354.88],
        [0, 350.26, 350.26],
        [1996.4, 1429.1, 3425.5],
      ]);
    });

    it('infers quantity | unit | unit price | amount where the quantity times the first amount makes the second', () => {
      const priced = fixed(30, -6, 1, 4, -10, -12);
      const { tables } = tablesOf(
        page(
          'Materials for job 41',
          priced('Copper pipe', '12', '', 'LF', '4.00', '48.00'),
          priced('Elbow fittings', '10', '', 'EA', '1.50', '15.00'),
          priced('Shutoff valves', '3', '', 'EA', '22.00', '66.00'),
          '',
          'Thank you',
        ),
      );
      expect(rolesOf(tables[0].header.columns)).to.deep.equal(['description', 'quantity', 'unit', 'unitPrice', 'amount']);
      expect(tables[0].entries.map(read)).to.deep.equal([
        { kind: 'item', description: 'Copper pipe', quantity: '12', unit: 'LF', unitPrice: '4.00', amount: '48.00' },
        { kind: 'item', description: 'Elbow fittings', quantity: '10', unit: 'EA', unitPrice: '1.50', amount: '15.00' },
        { kind: 'item', description: 'Shutoff valves', quantity: '3', unit: 'EA', unitPrice: '22.00', amount: '66.00' },
      ]);
    });

    it('infers quantity | unit printed before the descriptions, after the item numbers', () => {
      const first = fixed(6, -5, 2, 4, 40, -10, -10, -10);
      const { tables } = tablesOf(
        page(
          'A. DEMOLITION',
          first('A-1', '1', '', 'EA', 'Remove abandoned oil tank', '214.00', '820.00', '1,034.00'),
          first('A-2', '290', '', 'SF', 'Remove damaged plaster ceiling', '0.00', '542.30', '542.30'),
          first('A-3', '1', '', 'LS', 'Remove fixtures, primary bath', '27.00', '1,235.00', '1,262.00'),
          'B. MASONRY',
          first('B-1', '23', '', 'LF', 'Epoxy injection of wall cracks', '301.53', '805.00', '1,106.53'),
        ),
      );
      expect(tables).to.have.length(1);
      expect(rolesOf(tables[0].header.columns)).to.deep.equal(['itemNumber', 'quantity', 'unit', 'description', 'material', 'labor', 'amount']);
      expect(tables[0].entries.map(read)).to.deep.equal([
        { kind: 'heading', itemNumber: 'A. DEMOLITION' },
        { kind: 'item', itemNumber: 'A-1', quantity: '1', unit: 'EA', description: 'Remove abandoned oil tank', material: '214.00', labor: '820.00', amount: '1,034.00' },
        { kind: 'item', itemNumber: 'A-2', quantity: '290', unit: 'SF', description: 'Remove damaged plaster ceiling', material: '0.00', labor: '542.30', amount: '542.30' },
        { kind: 'item', itemNumber: 'A-3', quantity: '1', unit: 'LS', description: 'Remove fixtures, primary bath', material: '27.00', labor: '1,235.00', amount: '1,262.00' },
        { kind: 'heading', itemNumber: 'B. MASONRY' },
        { kind: 'item', itemNumber: 'B-1', quantity: '23', unit: 'LF', description: 'Epoxy injection of wall cracks', material: '301.53', labor: '805.00', amount: '1,106.53' },
      ]);
    });

    it('infers a unit price between the unit and the parts where the quantity times it makes the total', () => {
      const costed = fixed(6, 34, -5, 1, 4, -8, -10, -10, -10);
      const { tables } = tablesOf(
        page(
          '1 MASONRY',
          costed('1.01', 'Repoint brick foundation walls', '448', '', 'SF', '13.91', '842.24', '5,389.44', '6,231.68'),
          costed('1.02', 'Parge exterior foundation wall', '330', '', 'SF', '5.22', '303.60', '1,419.00', '1,722.60'),
          costed('1.03', 'Epoxy injection of wall cracks', '17', '', 'LF', '52.14', '223.38', '663.00', '886.38'),
          '      Section 1 Subtotal                                    1,369.22   7,471.44   8,840.66',
          '2 INTERIOR FINISHES',
          costed('2.01', 'Hang, tape and finish drywall', '1,051', '', 'SF', '3.56', '1,166.61', '2,574.95', '3,741.56'),
        ),
      );
      expect(tables).to.have.length(1);
      const [table] = tables;
      expect(rolesOf(table.header.columns)).to.deep.equal(['itemNumber', 'description', 'quantity', 'unit', 'unitPrice', 'material', 'labor', 'amount']);
      expect(table.entries.map((entry) => entry.kind)).to.deep.equal(['heading', 'item', 'item', 'item', 'subtotal', 'heading', 'item']);
      expect(table.entries.filter((entry) => entry.kind === 'item').map((entry) => [cellOf(entry, 'unitPrice'), cellOf(entry, 'material')])).to.deep.equal([
        ['13.91', '842.24'],
        ['5.22', '303.60'],
        ['52.14', '223.38'],
        ['3.56', '1,166.61'],
      ]);
    });

    it('infers nothing from fewer than three rows that add up, or from amounts that do not', () => {
      const priced = fixed(30, -6, -10, -12);
      expect(inferHeader(rowsOf(page(priced('Copper pipe', '12', '4.00', '48.00'), priced('Elbow fittings', '10', '1.50', '15.00'))), DOT)).to.equal(null);
      expect(
        inferHeader(rowsOf(page(priced('Copper pipe', '12', '4.00', '50.00'), priced('Elbow fittings', '10', '1.50', '16.00'), priced('Shutoff valves', '3', '22.00', '70.00'))), DOT),
      ).to.equal(null);
    });
  });

  describe('detail lines', () => {
    const priced = fixed(40, -12);

    it('attaches a "12 LF x 4.00" line under an item to it as its quantity, unit and unit price', () => {
      const { tables } = tablesOf(
        page(
          priced('Description', 'Amount'),
          priced('Copper pipe 3/4"', '48.00'),
          '  12 LF x 4.00',
          priced('Elbow fittings', '15.00'),
          '  10 @ 1.50',
          priced('Solder', '109.99'),
          '',
          priced('Total', '172.99'),
        ),
      );
      const details = tables[0].entries.map((entry) =>
        entry.detail ? [textOf(entry.detail.quantity), textOf(entry.detail.unit), textOf(entry.detail.unitPrice)] : null,
      );
      expect(itemDescriptions(tables[0])).to.deep.equal(['Copper pipe 3/4"', 'Elbow fittings', 'Solder']);
      expect(details).to.deep.equal([['12', 'LF', '4.00'], ['10', '', '1.50'], null]);
      expect(tables[0].entries[0].rows.map((row) => row.text)).to.deep.equal(['Copper pipe 3/4" 48.00', '12 LF x 4.00']);
    });

    it('attaches a detail line under a wrapped description at the pitch of its lines, however wide their spacing', () => {
      const document = documentFromText(page(priced('ITEM', 'AMOUNT'), priced('Clean and sanitize existing duct system;', '$646.00'), '  disturbed areas', '  1 LS x $646.00', '', priced('Smoke detectors', '$150.00')));
      // Lines set apart by padding; the wrapped line has no capitals nor descenders, the detail line is in small type:
      // the gap above the detail line is wider than its own height, its top still at the pitch of the item's lines.
      const shorter = new Map([['disturbed', 0.8], ['areas', 0.8], ['1', 0.6], ['LS', 0.6], ['x', 0.6]]);
      for (const word of document.pages[0].words) {
        const [x0, y0, x1, y1] = word.bbox;
        const scale = shorter.get(word.text) ?? (word.text === '$646.00' && x0 < 0.3 ? 0.6 : 1);
        word.bbox = [x0, y0 * 1.35, x1, y0 * 1.35 + (y1 - y0) * scale];
      }
      const tables = readTables(buildRows(document), { format: DOT });
      const [duct] = tables[0].entries;
      expect(read(duct)).to.deep.include({ description: 'Clean and sanitize existing duct system; disturbed areas', amount: '$646.00' });
      expect(duct.detail && [textOf(duct.detail.quantity), textOf(duct.detail.unit), textOf(duct.detail.unitPrice)]).to.deep.equal(['1', 'LS', '$646.00']);
    });

    it('makes a detail line with the amount on it the item of the description printed above it', () => {
      const { tables } = tablesOf(
        page(
          priced('Description', 'Amount'),
          'bananas loose',
          '0.792 kg x 2.49 /kg                     1.97',
          priced('BREAD', '2.49'),
          priced('MILK', '1.19'),
        ),
      );
      const [bananas] = tables[0].entries;
      expect(read(bananas)).to.deep.equal({ kind: 'item', description: 'bananas loose', amount: '1.97' });
      expect(bananas.detail && [textOf(bananas.detail.quantity), textOf(bananas.detail.unit), textOf(bananas.detail.unitPrice)]).to.deep.equal(['0.792', 'kg', '2.49 /kg']);
    });

    it('reads quantity × unit price lines in both conventions and refuses other lines', () => {
      const detail = (text: string, format = DOT): string[] | null => {
        const found = readDetailLine(rowsOf(text)[0], format);
        return found && [textOf(found.quantity), textOf(found.unit), textOf(found.unitPrice), textOf(found.amount)];
      };
      expect(detail('0,792 kg x 2,49 EUR/kg   1,97', COMMA)).to.deep.equal(['0,792', 'kg', '2,49 EUR/kg', '1,97']);
      expect(detail('4 Stk x 0,79', COMMA)).to.deep.equal(['4', 'Stk', '0,79', '']);
      expect(detail('2 @ 1.99')).to.deep.equal(['2', '', '1.99', '']);
      expect(detail('0,180 kg   1,89 €/kg   0,34', COMMA)).to.deep.equal(['0,180', 'kg', '1,89 €/kg', '0,34']);
      // Two numbers with nothing to say one counts and the other prices are no detail line.
      expect(detail('12   4.00')).to.equal(null);
      expect(detail('2 x 1.99 extra words')).to.equal(null);
      expect(detail('Copper pipe 12 x 4.00')).to.equal(null);
    });
  });
});
