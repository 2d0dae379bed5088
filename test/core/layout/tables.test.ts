import { expect } from 'chai';
import { namesASection, readAmountCell, readHeaderAt, textOf } from '../../../core/src/layout/index.js';
import { cellOf, DOT, fixed, itemDescriptions, page, read, rolesOf, rowsOf, tablesOf } from './helpers.js';

/** Description | Qty | Unit | Unit Price | Amount. */
const line = fixed(40, -6, 2, 5, -12, -12);
const HEADER = line('Description', 'Qty', '', 'Unit', 'Unit Price', 'Amount');
const item = (description: string, qty: string, unit: string, price: string, amount: string): string => line(description, qty, '', unit, price, amount);
const labelled = (label: string, amount: string): string => line(label, '', '', '', '', amount);

describe('core layout: tables with a header', () => {
  describe('headers', () => {
    it('reads a header whose label is stacked on two lines ("Unit" over "Price") as one column', () => {
      const text = page(line('', '', '', '', 'Unit', ''), line('Description', 'Qty', '', 'Unit', 'Price', 'Amount'), item('Drywall patch', '10', 'SF', '4.00', '40.00'));
      const header = readHeaderAt(rowsOf(text), 0);
      expect(header?.rowCount).to.equal(2);
      expect(header?.header.columns.map((column) => [column.role, column.label])).to.deep.equal([
        ['description', 'Description'],
        ['quantity', 'Qty'],
        ['unit', 'Unit'],
        ['unitPrice', 'Unit Price'],
        ['amount', 'Amount'],
      ]);
    });

    it('gives each caller a header of its own: roles settled in place on one reading leave the next alone', () => {
      const rows = rowsOf(page(HEADER, item('Drywall patch', '10', 'SF', '4.00', '40.00')));
      const first = readHeaderAt(rows, 0)!;
      first.header.columns[0].role = null;
      first.header.columns[1].alternatives.push('amount');
      const again = readHeaderAt(rows, 0)!;
      expect(again.header.columns.map((column) => [column.role, column.alternatives])).to.deep.equal([
        ['description', []],
        ['quantity', []],
        ['unit', []],
        ['unitPrice', []],
        ['amount', []],
      ]);
    });

    it('reads the items under a stacked header by its columns', () => {
      const { tables } = tablesOf(
        page(
          line('', '', '', '', 'Unit', ''),
          line('Description', 'Qty', '', 'Unit', 'Price', 'Amount'),
          item('Drywall patch', '10', 'SF', '4.00', '40.00'),
          item('Paint walls', '200', 'SF', '1.50', '300.00'),
        ),
      );
      expect(tables).to.have.length(1);
      expect(tables[0].header.rows).to.have.length(2);
      expect(tables[0].entries.map(read)).to.deep.equal([
        { kind: 'item', description: 'Drywall patch', quantity: '10', unit: 'SF', unitPrice: '4.00', amount: '40.00' },
        { kind: 'item', description: 'Paint walls', quantity: '200', unit: 'SF', unitPrice: '1.50', amount: '300.00' },
      ]);
    });

    it('finds no header in a sentence or a row of values', () => {
      const rows = rowsOf(page('The price includes material and labor for the description above.', item('Drywall patch', '10', 'SF', '4.00', '40.00')));
      expect(readHeaderAt(rows, 0)).to.equal(null);
      expect(readHeaderAt(rows, 1)).to.equal(null);
    });

    it('reads progress-billing columns with their roles', () => {
      const draw = fixed(24, -12, -18, -13, -11, -21);
      const { tables } = tablesOf(
        page(
          draw('Description', 'Amount', 'Previous Draws', 'This Draw', '% Compl.', 'Balance to Finish'),
          draw('Framing', '10,000.00', '5,000.00', '2,500.00', '75%', '2,500.00'),
          draw('Electrical rough-in', '4,000.00', '0.00', '2,000.00', '50%', '2,000.00'),
          draw('Plumbing rough-in', '6,000.00', '6,000.00', '0.00', '100%', '0.00'),
        ),
      );
      expect(tables).to.have.length(1);
      expect(rolesOf(tables[0].header.columns)).to.deep.equal(['description', 'amount', 'previouslyBilled', 'thisPeriod', 'percentComplete', 'balance']);
      expect(read(tables[0].entries[0])).to.deep.equal({
        kind: 'item',
        description: 'Framing',
        amount: '10,000.00',
        previouslyBilled: '5,000.00',
        thisPeriod: '2,500.00',
        percentComplete: '75%',
        balance: '2,500.00',
      });
      expect(tables[0].entries.map((entry) => cellOf(entry, 'balance'))).to.deep.equal(['2,500.00', '2,000.00', '0.00']);
    });

    describe('a continuation sheet of a draw request (column letters over a three-line header)', () => {
      const draw = fixed(6, 28, -11, -15, -13, -11, -14, -10, -12, -11);
      const LETTERS = draw('A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J');
      const HEADER = [
        draw('', '', '', '', '', 'Materials', 'Total Compl.', '', 'Balance', ''),
        draw('Item', '', 'Scheduled', 'From Previous', '', 'Presently', 'and Stored', '%', 'to Finish', ''),
        draw('No.', 'Description of Work', 'Value', 'Application', 'This Period', 'Stored', 'to Date', '(G ÷ C)', '(C - G)', 'Retainage'),
      ];
      const ITEMS = [
        draw('1.00', 'DEMOLITION'),
        draw('1.01', 'Remove abandoned oil tank', '1,161.00', '1,161.00', '-', '-', '1,161.00', '100%', '-', '116.10'),
        draw('1.02', 'Remove fixtures and tile', '1,070.30', '267.58', '535.15', '-', '802.73', '75%', '267.57', '80.27'),
        draw('2.00', 'ROOFING'),
        draw('2.01', 'Replace roof decking', '520.20', '-', '-', '-', '-', '0%', '520.20', '-'),
      ];

      it('gives each progress column a role of its own beside the scheduled value, the line amount', () => {
        const { tables } = tablesOf(page(LETTERS, ...HEADER, ...ITEMS));
        expect(tables).to.have.length(1);
        expect(tables[0].header.rows).to.have.length(3);
        expect(rolesOf(tables[0].header.columns)).to.deep.equal([
          'itemNumber', 'description', 'amount', 'previouslyBilled', 'thisPeriod', 'storedMaterials', 'completedToDate', 'percentComplete', 'balance', 'retainage',
        ]);
        expect(read(tables[0].entries[2])).to.deep.equal({
          kind: 'item',
          itemNumber: '1.02',
          description: 'Remove fixtures and tile',
          amount: '1,070.30',
          previouslyBilled: '267.58',
          thisPeriod: '535.15',
          storedMaterials: '-',
          completedToDate: '802.73',
          percentComplete: '75%',
          balance: '267.57',
          retainage: '80.27',
        });
      });

      it('reads a row of column letters as neither an item nor a heading, above the header or under it', () => {
        for (const text of [page(LETTERS, ...HEADER, ...ITEMS), page(...HEADER, LETTERS, ...ITEMS)]) {
          const { tables } = tablesOf(text);
          expect(tables[0].entries.map((entry) => [entry.kind, cellOf(entry, 'itemNumber'), cellOf(entry, 'amount')])).to.deep.equal([
            ['heading', '1.00', ''],
            ['item', '1.01', '1,161.00'],
            ['item', '1.02', '1,070.30'],
            ['heading', '2.00', ''],
            ['item', '2.01', '520.20'],
          ]);
        }
      });
    });

    describe('group labels over pairs of columns ("Material" over "Unit Cost" and "Extended")', () => {
      const bid = fixed(23, -3, 2, 4, -12, -11, -12, -11, -13, -12);
      // Each group label centred over the two columns it spans.
      const GROUPS = `${' '.repeat(41)}Material${' '.repeat(17)}Labor`;
      const HEADER = bid('Description', 'Qty', '', 'Unit', 'Unit Cost', 'Extended', 'Unit Cost', 'Extended', 'Total Cost', 'Cost Code');
      const rows = [
        bid('Drywall patch', '10', '', 'SF', '4.00', '40.00', '6.00', '60.00', '100.00', '09-010'),
        bid('Paint walls', '200', '', 'SF', '0.50', '100.00', '1.00', '200.00', '300.00', '09-020'),
      ];

      it("qualifies each column under a part's label: the extended one is the part's amount, the rate keeps the part as an alternative", () => {
        const { tables } = tablesOf(page(GROUPS, HEADER, ...rows));
        expect(tables[0].header.rows).to.have.length(2);
        expect(tables[0].header.columns.map((column) => [column.role, column.alternatives, column.basis, column.label])).to.deep.equal([
          ['description', [], null, 'Description'],
          ['quantity', [], null, 'Qty'],
          ['unit', [], null, 'Unit'],
          [null, ['material'], 'unit', 'Material Unit Cost'],
          ['material', [], 'extended', 'Material Extended'],
          [null, ['labor'], 'unit', 'Labor Unit Cost'],
          ['labor', [], 'extended', 'Labor Extended'],
          ['amount', [], null, 'Total Cost'],
          ['itemNumber', [], null, 'Cost Code'],
        ]);
      });

      it('reads "Total Cost" as the line amount and the cost code after it as the item code, not an amount', () => {
        const { tables } = tablesOf(page(GROUPS, HEADER, ...rows));
        expect(tables[0].entries.map((entry) => [cellOf(entry, 'material'), cellOf(entry, 'labor'), cellOf(entry, 'amount'), cellOf(entry, 'itemNumber')])).to.deep.equal([
          ['40.00', '60.00', '100.00', '09-010'],
          ['100.00', '200.00', '300.00', '09-020'],
        ]);
      });

      it('keeps a part label stacked on one column ("Material" over "Cost") that column\'s own label', () => {
        const stacked = fixed(23, -3, 2, 4, -12, -12, -13);
        const { tables } = tablesOf(
          page(
            stacked('', '', '', '', 'Material', 'Labor', ''),
            stacked('Description', 'Qty', '', 'Unit', 'Cost', 'Cost', 'Total'),
            stacked('Drywall patch', '10', '', 'SF', '40.00', '60.00', '100.00'),
            stacked('Paint walls', '200', '', 'SF', '100.00', '200.00', '300.00'),
          ),
        );
        expect(tables[0].header.columns.map((column) => [column.role, column.label])).to.deep.equal([
          ['description', 'Description'],
          ['quantity', 'Qty'],
          ['unit', 'Unit'],
          ['material', 'Material Cost'],
          ['labor', 'Labor Cost'],
          ['amount', 'Total'],
        ]);
      });
    });

    it('reads insurance columns (RCV, DEPREC., ACV) with their roles', () => {
      const claim = fixed(34, -10, -12, -12, -12);
      const { tables } = tablesOf(
        page(
          claim('DESCRIPTION', 'QUANTITY', 'RCV', 'DEPREC.', 'ACV'),
          claim('Remove laminated shingles', '20.00 SQ', '1,200.00', '(0.00)', '1,200.00'),
          claim('Laminated comp. shingle rfg.', '22.00 SQ', '6,600.00', '(1,320.00)', '5,280.00'),
          claim('Drip edge', '150.00 LF', '450.00', '(90.00)', '360.00'),
        ),
      );
      expect(rolesOf(tables[0].header.columns)).to.deep.equal(['description', 'quantity', 'amount', 'depreciation', 'actualCashValue']);
      expect(read(tables[0].entries[1])).to.deep.equal({
        kind: 'item',
        description: 'Laminated comp. shingle rfg.',
        quantity: '22.00 SQ',
        amount: '6,600.00',
        depreciation: '(1,320.00)',
        actualCashValue: '5,280.00',
      });
      const entry = tables[0].entries[1];
      expect(readAmountCell(entry.cells[3], DOT)?.value).to.equal(-1320);
    });
  });

  describe('scanning', () => {
    it('opens sections at headings and keeps subtotals that items follow, up to the total', () => {
      const { tables } = tablesOf(
        page(
          HEADER,
          'KITCHEN',
          item('Drywall patch', '10', 'SF', '4.00', '40.00'),
          item('Paint walls', '200', 'SF', '1.50', '300.00'),
          labelled('Subtotal Kitchen', '340.00'),
          'BATHROOM',
          item('Tile floor', '50', 'SF', '8.00', '400.00'),
          item('Vanity', '1', 'EA', '350.00', '350.00'),
          labelled('Subtotal Bathroom', '750.00'),
          '',
          labelled('Total', '1,090.00'),
          'Thank you for your business',
        ),
      );
      expect(tables).to.have.length(1);
      const [table] = tables;
      expect(table.entries.map((entry) => [entry.kind, textOf(entry.kind === 'item' ? entry.cells[0] : entry.label)])).to.deep.equal([
        ['heading', 'KITCHEN'],
        ['item', 'Drywall patch'],
        ['item', 'Paint walls'],
        ['subtotal', 'Subtotal Kitchen'],
        ['heading', 'BATHROOM'],
        ['item', 'Tile floor'],
        ['item', 'Vanity'],
        ['subtotal', 'Subtotal Bathroom'],
      ]);
      expect(cellOf(table.entries[3], 'amount')).to.equal('340.00');
      expect(table.totals && read(table.totals)).to.deep.equal({ kind: 'subtotal', description: 'Total', amount: '1,090.00' });
      // The table ends at its last entry: the total and the line after it are outside.
      expect(table.end).to.equal(9);
    });

    it('joins wrapped description lines to the item above', () => {
      const { tables } = tablesOf(
        page(
          HEADER,
          item('Paint walls and ceiling, two coats,', '200', 'SF', '1.50', '300.00'),
          item('  including primer and caulking', '', '', '', ''),
          item('Trim', '30', 'LF', '2.00', '60.00'),
        ),
      );
      expect(itemDescriptions(tables[0])).to.deep.equal(['Paint walls and ceiling, two coats, including primer and caulking', 'Trim']);
      expect(tables[0].entries[0].rows.map((row) => row.index)).to.deep.equal([1, 2]);
    });

    it('gives lines printed above an item whose amounts are on its last line to that item', () => {
      const { tables } = tablesOf(
        page(
          HEADER,
          item('Drywall patch', '10', 'SF', '4.00', '40.00'),
          item('Remove existing vanity and top, cap', '', '', '', ''),
          item('supply lines and haul away', '1', 'EA', '150.00', '150.00'),
          item('Trim', '30', 'LF', '2.00', '60.00'),
          '',
          item('Remove the old water heater, drain the tank and', '', '', '', ''),
          item('haul it away', '1', 'EA', '90.00', '90.00'),
        ),
      );
      expect(tables[0].entries.map(read)).to.deep.equal([
        { kind: 'item', description: 'Drywall patch', quantity: '10', unit: 'SF', unitPrice: '4.00', amount: '40.00' },
        { kind: 'item', description: 'Remove existing vanity and top, cap supply lines and haul away', quantity: '1', unit: 'EA', unitPrice: '150.00', amount: '150.00' },
        { kind: 'item', description: 'Trim', quantity: '30', unit: 'LF', unitPrice: '2.00', amount: '60.00' },
        { kind: 'item', description: 'Remove the old water heater, drain the tank and haul it away', quantity: '1', unit: 'EA', unitPrice: '90.00', amount: '90.00' },
      ]);
    });

    describe('outline numbering', () => {
      const outline = fixed(6, 34, -6, 2, 5, -12, -12);
      const row = (no: string, description: string, qty = '', unit = '', price = '', amount = ''): string => outline(no, description, qty, '', unit, price, amount);
      const { tables } = tablesOf(
        page(
          row('Item', 'Description', 'Qty', 'Unit', 'Unit Price', 'Amount'),
          row('1', 'MASONRY', '', '', '', '1,900.00'),
          row('1.1', 'Repoint brick chimney', '40', 'SF', '25.00', '1,000.00'),
          row('1.2', 'Rebuild chimney cap', '1', 'EA', '900.00', '900.00'),
          row('2', 'SIDING'),
          row('3', 'ROOFING', '', '', '', '3,000.00'),
          row('3.1', 'Replace shingles', '20', 'SQ', '150.00', '3,000.00'),
          row('4', 'GUTTERS'),
          row('5', 'PAINTING'),
          '',
          'Notes: all work per code',
        ),
      );

      it('reads numbered categories as headings over their "1.1", "1.2" items, empty ones too', () => {
        const entries = tables[0].entries.map((entry) => [entry.kind, cellOf(entry, 'itemNumber'), cellOf(entry, 'description')]);
        expect(entries.slice(0, 6)).to.deep.equal([
          ['heading', '1', 'MASONRY'],
          ['item', '1.1', 'Repoint brick chimney'],
          ['item', '1.2', 'Rebuild chimney cap'],
          ['heading', '2', 'SIDING'],
          ['heading', '3', 'ROOFING'],
          ['item', '3.1', 'Replace shingles'],
        ]);
        expect(cellOf(tables[0].entries[0], 'amount')).to.equal('1,900.00');
      });

      it('keeps the empty numbered categories after the last item', () => {
        const entries = tables[0].entries.map((entry) => [entry.kind, cellOf(entry, 'itemNumber'), cellOf(entry, 'description')]);
        expect(entries.slice(6)).to.deep.equal([
          ['heading', '4', 'GUTTERS'],
          ['heading', '5', 'PAINTING'],
        ]);
      });
    });

    it('drops unnumbered headings after the last item: they head what follows the table', () => {
      const { tables } = tablesOf(page(HEADER, item('Drywall patch', '10', 'SF', '4.00', '40.00'), item('Paint walls', '200', 'SF', '1.50', '300.00'), 'EXCLUSIONS'));
      expect(tables[0].entries.map((entry) => entry.kind)).to.deep.equal(['item', 'item']);
    });

    it('keeps only the name of a heading printed with facts beside it ("Height: 8\'")', () => {
      const { tables } = tablesOf(
        page(
          HEADER,
          "Master Bedroom                  Height: 8'",
          item('Carpet', '120', 'SF', '5.00', '600.00'),
          item('Baseboard', '48', 'LF', '3.00', '144.00'),
        ),
      );
      const [heading] = tables[0].entries;
      expect(heading.kind).to.equal('heading');
      expect(textOf(heading.label)).to.equal('Master Bedroom');
    });

    it('reads "Continued on next page" as no heading, where a title in its place would be one', () => {
      const pages = (note: string): string[] => [
        page(HEADER, 'ROOFING', item('Tear off shingles', '20', 'SQ', '80.00', '1,600.00'), item('Drip edge', '150', 'LF', '2.50', '375.00'), '', note),
        page(HEADER, item('Ridge vent', '40', 'LF', '6.00', '240.00'), item('Gutters', '100', 'LF', '7.00', '700.00')),
      ];
      const headings = (note: string): string[] =>
        tablesOf(pages(note)).tables[0].entries.filter((entry) => entry.kind === 'heading').map((entry) => textOf(entry.label));
      expect(headings('Continued on next page')).to.deep.equal(['ROOFING']);
      expect(headings('Exterior Trim Work')).to.deep.equal(['ROOFING', 'Exterior Trim Work']);
    });

    it('continues a table over a page break under a repeated header', () => {
      const { tables } = tablesOf([
        page(HEADER, item('Tear off shingles', '20', 'SQ', '80.00', '1,600.00'), item('Drip edge', '150', 'LF', '2.50', '375.00')),
        page(HEADER, item('Ridge vent', '40', 'LF', '6.00', '240.00')),
      ]);
      expect(tables).to.have.length(1);
      expect(tables[0].entries.map((entry) => [entry.page, cellOf(entry, 'description')])).to.deep.equal([
        [1, 'Tear off shingles'],
        [1, 'Drip edge'],
        [2, 'Ridge vent'],
      ]);
    });
  });

  describe('totals', () => {
    it('keeps a total that names its room ("Totals: Kitchen") as a subtotal, and ends the table at a bare "Total"', () => {
      const { tables } = tablesOf(
        page(
          HEADER,
          'Kitchen',
          item('Drywall patch', '10', 'SF', '4.00', '40.00'),
          item('Paint walls', '200', 'SF', '1.50', '300.00'),
          labelled('Totals: Kitchen', '340.00'),
          'Master Bedroom',
          item('Carpet', '120', 'SF', '5.00', '600.00'),
          item('Baseboard', '48', 'LF', '3.00', '144.00'),
          labelled('Totals: Master Bedroom', '744.00'),
          labelled('Total', '1,084.00'),
          item('Replace window', '1', 'EA', '500.00', '500.00'),
        ),
      );
      const [table] = tables;
      expect(table.entries.filter((entry) => entry.kind === 'subtotal').map((entry) => textOf(entry.label))).to.deep.equal(['Totals: Kitchen', 'Totals: Master Bedroom']);
      expect(itemDescriptions(table)).to.deep.equal(['Drywall patch', 'Paint walls', 'Carpet', 'Baseboard']);
      expect(table.totals && cellOf(table.totals, 'amount')).to.equal('1,084.00');
    });

    it('reads "Section 3 Subtotal" as a section\'s subtotal, not a total of the table, also when other totals follow it', () => {
      expect(['Section 3 Subtotal', 'Section 3.0 Total', 'Division 04 Sub-total', 'Subtotal 3.0 Roofing'].map(namesASection)).to.deep.equal([true, true, true, true]);
      expect(['Subtotal', 'Subtotal of all sections', 'Section total'].map(namesASection)).to.deep.equal([false, false, false]);
      const { tables } = tablesOf(
        page(
          HEADER,
          item('Drywall patch', '10', 'SF', '4.00', '40.00'),
          item('Paint walls', '200', 'SF', '1.50', '300.00'),
          labelled('Section 1 Subtotal', '340.00'),
          labelled('Total', '340.00'),
        ),
      );
      expect(tables[0].entries.map((entry) => entry.kind)).to.deep.equal(['item', 'item', 'subtotal']);
      expect(tables[0].totals && textOf(tables[0].totals.label)).to.equal('Total');
    });

    it('ends the table at a subtotal followed by other totals rather than items', () => {
      const { tables } = tablesOf(
        page(
          HEADER,
          item('Drywall patch', '10', 'SF', '4.00', '40.00'),
          item('Paint walls', '200', 'SF', '1.50', '300.00'),
          labelled('Subtotal', '340.00'),
          labelled('TOTAL DIRECT COSTS', '340.00'),
          labelled('General Conditions (6%)', '20.40'),
          labelled("Builder's Risk", '$1,028.92'),
          item('Dumpster', '1', 'EA', '400.00', '400.00'),
        ),
      );
      expect(tables).to.have.length(1);
      expect(tables[0].entries.map((entry) => entry.kind)).to.deep.equal(['item', 'item']);
      expect(tables[0].totals && textOf(tables[0].totals.label)).to.equal('Subtotal');
    });

    it('reads a long description that begins like a fee as an item, and a short fee label as a total', () => {
      const { tables } = tablesOf(
        page(
          HEADER,
          item('Drywall patch', '10', 'SF', '4.00', '40.00'),
          labelled('Building permit and plan review fees', '$1,395'),
          item('Paint walls', '200', 'SF', '1.50', '300.00'),
          labelled('Permit fees', '$200.00'),
        ),
      );
      expect(itemDescriptions(tables[0])).to.deep.equal(['Drywall patch', 'Building permit and plan review fees', 'Paint walls']);
      expect(cellOf(tables[0].entries[1], 'amount')).to.equal('$1,395');
      expect(tables[0].totals && textOf(tables[0].totals.label)).to.equal('Permit fees');
    });
  });

  describe('roles settled by the cells', () => {
    const four = fixed(34, -10, -14, -14);

    it('reads an "Amount" header over quantities as the quantity where quantity × price makes the total', () => {
      const { tables } = tablesOf(
        page(
          four('Description', 'Amount', 'Unit Price', 'Total'),
          four('Copper pipe', '12', '4.00', '48.00'),
          four('Elbow fittings', '10', '1.50', '15.00'),
          four('Shutoff valves', '3', '22.00', '66.00'),
        ),
      );
      expect(rolesOf(tables[0].header.columns)).to.deep.equal(['description', 'quantity', 'unitPrice', 'amount']);
    });

    it('settles a header repeated on page 2 like page 1, though its one line says nothing alone', () => {
      const header = four('Description', 'Amount', 'Unit Price', 'Total');
      const { tables } = tablesOf([
        page(header, four('Copper pipe', '12', '4.00', '48.00'), four('Elbow fittings', '10', '1.50', '15.00'), four('Shutoff valves', '3', '22.00', '66.00')),
        page(header, four('Solder', '2', '9.99', '19.98')),
      ]);
      const last = tables[0].entries.at(-1)!;
      expect(last.page).to.equal(2);
      expect(last.columns).to.not.equal(tables[0].entries[0].columns);
      expect(rolesOf(last.columns)).to.deep.equal(['description', 'quantity', 'unitPrice', 'amount']);
      expect(cellOf(last, 'quantity')).to.equal('2');
    });

    it('tells a tax column of rates from one of amounts', () => {
      const taxed = fixed(30, -6, -12, -10, -12);
      const table = (rate: [string, string, string]): string =>
        page(
          taxed('Description', 'Qty', 'Unit Price', 'Tax', 'Amount'),
          taxed('Consulting', '10', '100.00', rate[0], '1,000.00'),
          taxed('Travel', '1', '250.00', rate[1], '250.00'),
          taxed('Report', '2', '300.00', rate[2], '600.00'),
        );
      expect(tablesOf(table(['20%', '20%', '10%'])).tables[0].header.columns[3].role).to.equal('taxRate');
      expect(tablesOf(table(['200.00', '50.00', '60.00'])).tables[0].header.columns[3].role).to.equal('taxAmount');
    });

    it('reads material and labor as rates per unit or as extended amounts by what adds up to the total', () => {
      const costs = fixed(30, -6, -12, -12, -12);
      const basis = (rows: string[][]): Array<string | null> => {
        const { tables } = tablesOf(page(costs('Description', 'Qty', 'Material', 'Labor', 'Total'), ...rows.map((cells) => costs(...cells))));
        return tables[0].header.columns.filter((column) => column.role === 'material' || column.role === 'labor').map((column) => column.basis);
      };
      expect(
        basis([
          ['Drywall', '10', '2.00', '3.00', '50.00'],
          ['Paint', '100', '0.50', '1.00', '150.00'],
          ['Trim', '20', '1.50', '2.50', '80.00'],
        ]),
      ).to.deep.equal(['unit', 'unit']);
      expect(
        basis([
          ['Drywall', '10', '20.00', '30.00', '50.00'],
          ['Paint', '100', '50.00', '100.00', '150.00'],
          ['Trim', '20', '30.00', '50.00', '80.00'],
        ]),
      ).to.deep.equal(['extended', 'extended']);
    });
  });
});
