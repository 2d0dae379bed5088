import { expect } from 'chai';
import { findLabelSpans, labelWords, PhraseMatcher, readAmountCell, readTables, snapUnitByUse, textOf, valueRegions, type Table, type TableEntry } from '../../../core/src/layout/index.js';
import { cellOf, DOT, fixed, itemDescriptions, page, read, rolesOf, rowsOf, tablesOf } from './helpers.js';

/** Each entry as its kind and, for headings and totals, the label; for items, the description. */
const outline = (table: Table): Array<[string, string]> => table.entries.map((entry) => [entry.kind, entry.kind === 'item' ? cellOf(entry, 'description') : textOf(entry.label)]);
const headings = (table: Table): string[] => table.entries.filter((entry) => entry.kind === 'heading').map((entry) => textOf(entry.label));
const amountOf = (entry: TableEntry, role: string): number | undefined => readAmountCell(entry.cells[entry.columns.findIndex((column) => column.role === role)] ?? [], DOT)?.value;

describe('core layout: table layouts', () => {
  describe('quantity-first tables', () => {
    it('reads "ITEM QTY UNIT DESCRIPTION UNIT PRICE EXTENDED" with the item number printed before the quantity', () => {
      const { tables } = tablesOf(
        page(
          'ITEM  QTY  UNIT  DESCRIPTION                        UNIT PRICE     EXTENDED',
          '1      14  LF    Base cabinets, shaker style            120.00     1,680.00',
          '2       1  EA    Kitchen sink, stainless                350.00       350.00',
          '3     200  SF    Paint walls                              1.50       300.00',
        ),
      );
      expect(tables).to.have.length(1);
      expect(rolesOf(tables[0].header.columns)).to.deep.equal(['itemNumber', 'quantity', 'unit', 'description', 'unitPrice', 'amount']);
      expect(tables[0].entries.map(read)).to.deep.equal([
        { kind: 'item', itemNumber: '1', quantity: '14', unit: 'LF', description: 'Base cabinets, shaker style', unitPrice: '120.00', amount: '1,680.00' },
        { kind: 'item', itemNumber: '2', quantity: '1', unit: 'EA', description: 'Kitchen sink, stainless', unitPrice: '350.00', amount: '350.00' },
        { kind: 'item', itemNumber: '3', quantity: '200', unit: 'SF', description: 'Paint walls', unitPrice: '1.50', amount: '300.00' },
      ]);
    });

    it('reads "QTY/UOM" as the quantity column holding "1.00 LS" in one cell', () => {
      const { tables } = tablesOf(
        page(
          'QTY/UOM    DESCRIPTION                          MATERIAL      LABOR       TOTAL',
          '1.00 LS    Demolition and haul away               200.00     800.00    1,000.00',
          '12.00 LF   Base cabinets, shaker style          1,440.00     480.00    1,920.00',
          '2.00 EA    Exterior doors                         900.00     300.00    1,200.00',
        ),
      );
      expect(rolesOf(tables[0].header.columns)).to.deep.equal(['quantity', 'description', 'material', 'labor', 'amount']);
      expect(tables[0].entries.map(read)).to.deep.equal([
        { kind: 'item', quantity: '1.00 LS', description: 'Demolition and haul away', material: '200.00', labor: '800.00', amount: '1,000.00' },
        { kind: 'item', quantity: '12.00 LF', description: 'Base cabinets, shaker style', material: '1,440.00', labor: '480.00', amount: '1,920.00' },
        { kind: 'item', quantity: '2.00 EA', description: 'Exterior doors', material: '900.00', labor: '300.00', amount: '1,200.00' },
      ]);
    });

    it('reads "Mat/Unit" and "Lab/Unit" as material and labor priced per unit', () => {
      const { tables } = tablesOf(
        page(
          'Qty   Unit  Description                      Mat/Unit   Lab/Unit       Total',
          ' 20   SQ    Tear off shingles                  100.00      75.00    3,500.00',
          '150   LF    Drip edge, aluminum                  1.00       1.50      375.00',
        ),
      );
      expect(tables[0].header.columns.map((column) => [column.role, column.label, column.basis])).to.deep.equal([
        ['quantity', 'Qty', null],
        ['unit', 'Unit', null],
        ['description', 'Description', null],
        ['material', 'Mat/Unit', 'unit'],
        ['labor', 'Lab/Unit', 'unit'],
        ['amount', 'Total', null],
      ]);
      expect(read(tables[0].entries[1])).to.deep.equal({ kind: 'item', quantity: '150', unit: 'LF', description: 'Drip edge, aluminum', material: '1.00', labor: '1.50', amount: '375.00' });
    });

    it('reads a word printed over the quantity column ("BATH") as a heading, not a unit or a description’s first word', () => {
      const { tables } = tablesOf(
        page(
          'QTY  UNIT  DESCRIPTION                        UNIT PRICE     EXTENDED',
          'KITCHEN',
          ' 14  LF    Base cabinets, shaker style            120.00     1,680.00',
          '  1  EA    Kitchen sink, stainless                350.00       350.00',
          'BATH',
          '  1  EA    Vanity with top                        450.00       450.00',
          ' 60  SF    Floor tile                               8.00       480.00',
        ),
      );
      expect(outline(tables[0])).to.deep.equal([
        ['heading', 'KITCHEN'],
        ['item', 'Base cabinets, shaker style'],
        ['item', 'Kitchen sink, stainless'],
        ['heading', 'BATH'],
        ['item', 'Vanity with top'],
        ['item', 'Floor tile'],
      ]);
      expect(cellOf(tables[0].entries[3], 'unit')).to.equal('');
    });

    it('reads a description starting with another language’s total word ("Base" is Spanish for a net total) as an item', () => {
      const { tables } = tablesOf(
        page(
          'ITEM  QTY  UNIT  DESCRIPTION                        UNIT PRICE     EXTENDED',
          '1       8  LF    Wall cabinets, maple                   300.00     2,400.00',
          '2      14  LF    Base cabinets, shaker style            120.00     1,680.00',
          '3       1  EA    Kitchen sink, stainless                350.00       350.00',
        ),
      );
      expect(tables[0].entries.map((entry) => entry.kind)).to.deep.equal(['item', 'item', 'item']);
      expect(itemDescriptions(tables[0])).to.deep.equal(['Wall cabinets, maple', 'Base cabinets, shaker style', 'Kitchen sink, stainless']);
      expect(tables[0].totals).to.equal(undefined);
    });

    it('reads a priced line without a quantity whose description runs on after "Base" as an item', () => {
      const { tables } = tablesOf(
        page(
          'DESCRIPTION                                                          AMOUNT',
          'Wall cabinets, maple                                               2,400.00',
          'Base cabinets, shaker style, painted white                         1,680.00',
          'Kitchen sink, stainless                                              350.00',
        ),
      );
      expect(outline(tables[0])).to.deep.equal([
        ['item', 'Wall cabinets, maple'],
        ['item', 'Base cabinets, shaker style, painted white'],
        ['item', 'Kitchen sink, stainless'],
      ]);
    });
  });

  describe('typed rules and currency signs', () => {
    it('reads typed column bars as cell edges and drops a typed rule row of bars and dashes', () => {
      const { rows, tables } = tablesOf(
        page(
          '| # | Description                 | Qty | Unit |  Unit Price |      Amount |',
          '|----|----|----|----|----|----|',
          '| 1 | Replace water heater        |   1 | EA   |    1,770.00 |    1,770.00 |',
          '| 2 | Install shutoff valves      |   3 | EA   |       45.00 |      135.00 |',
        ),
      );
      expect(rows.map((row) => row.text)).to.deep.equal([
        '# Description Qty Unit Unit Price Amount',
        '1 Replace water heater 1 EA 1,770.00 1,770.00',
        '2 Install shutoff valves 3 EA 45.00 135.00',
      ]);
      expect(tables[0].header.columns.map((column) => [column.role, column.label])).to.deep.equal([
        ['itemNumber', '#'],
        ['description', 'Description'],
        ['quantity', 'Qty'],
        ['unit', 'Unit'],
        ['unitPrice', 'Unit Price'],
        ['amount', 'Amount'],
      ]);
      expect(tables[0].entries.map(read)).to.deep.equal([
        { kind: 'item', itemNumber: '1', description: 'Replace water heater', quantity: '1', unit: 'EA', unitPrice: '1,770.00', amount: '1,770.00' },
        { kind: 'item', itemNumber: '2', description: 'Install shutoff valves', quantity: '3', unit: 'EA', unitPrice: '45.00', amount: '135.00' },
      ]);
    });

    it('keeps a bar or two in a row’s text: only three or more mark cells', () => {
      expect(rowsOf('Paint | prime walls          120.00').map((row) => row.text)).to.deep.equal(['Paint | prime walls 120.00']);
    });

    it('takes a currency sign set apart before an amount ("$   4,929.00") into the amount, not the description', () => {
      const { tables } = tablesOf(
        page(
          'Description                                                 Amount',
          'Roof tear-off and replacement          $                 4,929.00',
          'Gutters and downspouts                 $                   880.00',
          'Attic insulation                       $                   150.00',
        ),
      );
      expect(itemDescriptions(tables[0])).to.deep.equal(['Roof tear-off and replacement', 'Gutters and downspouts', 'Attic insulation']);
      expect(cellOf(tables[0].entries[0], 'amount')).to.equal('$ 4,929.00');
      expect(tables[0].entries.map((entry) => amountOf(entry, 'amount'))).to.deep.equal([4929, 880, 150]);
    });

    it('keeps the first amount of a form with a "$" cell before each amount out of the description', () => {
      const { tables } = tablesOf(
        page(
          'Description                         Labor            Material              Total',
          'Demolition                     $   1,200.00    $     300.00     $     1,500.00',
          'Roof tear-off                  $   2,929.00    $   2,000.00     $     4,929.00',
        ),
      );
      expect(itemDescriptions(tables[0])).to.deep.equal(['Demolition', 'Roof tear-off']);
      expect(tables[0].entries.map((entry) => [amountOf(entry, 'labor'), amountOf(entry, 'amount')])).to.deep.equal([
        [1200, 1500],
        [2929, 4929],
      ]);
    });
  });

  describe('column roles', () => {
    it('reads a lone "Cost" column with no quantity column as the line amount', () => {
      const { tables } = tablesOf(
        page(
          'Description                                                  Cost',
          'Replace water heater                                     1,770.00',
          'Install shutoff valves                                     135.00',
          'Roof tear-off                                            4,929.00',
        ),
      );
      expect(tables).to.have.length(1);
      expect(tables[0].header.columns.map((column) => [column.role, column.alternatives])).to.deep.equal([
        ['description', []],
        ['amount', ['unitPrice']],
      ]);
      expect(tables[0].entries.map((entry) => cellOf(entry, 'amount'))).to.deep.equal(['1,770.00', '135.00', '4,929.00']);
    });

    it('reads a lone "Price" column beside item numbers as the line amount', () => {
      const { tables } = tablesOf(
        page(
          'Item   Description                                          Price',
          '1      Replace water heater                              1,770.00',
          '2      Install shutoff valves                              135.00',
        ),
      );
      expect(rolesOf(tables[0].header.columns)).to.deep.equal(['itemNumber', 'description', 'amount']);
      expect(tables[0].entries.map(read)).to.deep.equal([
        { kind: 'item', itemNumber: '1', description: 'Replace water heater', amount: '1,770.00' },
        { kind: 'item', itemNumber: '2', description: 'Install shutoff valves', amount: '135.00' },
      ]);
    });

    it('keeps a lone "Price" a unit price where a quantity column is printed', () => {
      const { tables } = tablesOf(
        page(
          'Description                            Qty        Price',
          'Grab bars                                4        45.00',
          'Smoke detectors                          6        30.00',
        ),
      );
      expect(rolesOf(tables[0].header.columns)).to.deep.equal(['description', 'quantity', 'unitPrice']);
      expect(tables[0].entries.map((entry) => cellOf(entry, 'unitPrice'))).to.deep.equal(['45.00', '30.00']);
    });

    it('reads a header with a bracketed note in a column’s label ("Total (Labor + Materials)") as one amount column', () => {
      const { tables } = tablesOf(
        page(
          'Line  Trade                 Description of Work          Labor      Materials   Total (Labor + Materials)',
          '1     Painting              Paint all rooms           2,400.00         800.00                    3,200.00',
          '2     Doors                 Replace front door          300.00         900.00                    1,200.00',
        ),
      );
      expect(tables[0].header.columns.map((column) => [column.role, column.label])).to.deep.equal([
        ['itemNumber', 'Line'],
        ['scope', 'Trade'],
        ['description', 'Description of Work'],
        ['labor', 'Labor'],
        ['material', 'Materials'],
        ['amount', 'Total (Labor + Materials)'],
      ]);
      expect(read(tables[0].entries[0])).to.deep.equal({
        kind: 'item',
        itemNumber: '1',
        scope: 'Painting',
        description: 'Paint all rooms',
        labor: '2,400.00',
        material: '800.00',
        amount: '3,200.00',
      });
    });
  });

  describe('where a table ends', () => {
    it('starts another table at a second header with columns of its own', () => {
      const { tables } = tablesOf(
        page(
          'Description                                                   Amount',
          'Kitchen remodel                                            12,500.00',
          'Bathroom remodel                                            8,200.00',
          '',
          'Description                           Qty    Unit Price       Amount',
          'Grab bars                               4         45.00       180.00',
          'Smoke detectors                         6         30.00       180.00',
        ),
      );
      expect(tables.map((table) => rolesOf(table.header.columns))).to.deep.equal([
        ['description', 'amount'],
        ['description', 'quantity', 'unitPrice', 'amount'],
      ]);
      expect(tables.map(itemDescriptions)).to.deep.equal([
        ['Kitchen remodel', 'Bathroom remodel'],
        ['Grab bars', 'Smoke detectors'],
      ]);
    });

    it('ends a priced list at "Total 72.99": a money total under 100 is no section number', () => {
      const { tables } = tablesOf(
        page(
          'Description                                                   Amount',
          'Caulk, silicone                                                12.99',
          'Wax ring                                                       10.00',
          'Supply lines                                                   50.00',
          'Total                                                          72.99',
          'Thank you for your business',
        ),
      );
      expect(tables).to.have.length(1);
      expect(outline(tables[0])).to.deep.equal([
        ['item', 'Caulk, silicone'],
        ['item', 'Wax ring'],
        ['item', 'Supply lines'],
      ]);
      expect(tables[0].totals?.rows.map((row) => row.text)).to.deep.equal(['Total 72.99']);
    });
  });

  describe('item codes, trades and form lines', () => {
    it('reads an item code of several words ("Cabinetry:Lump Sum") in an "Activity" column beside the description', () => {
      const { tables } = tablesOf(
        page(
          'Activity              Description                          Qty      Rate        Amount',
          'Finishes:Install      Install baseboard trim, paint grade  120      4.50        540.00',
          'Cabinetry:Lump Sum    Kitchen cabinets, supply and set       1  6,800.00      6,800.00',
          'Demo                  Remove existing flooring             300      1.25        375.00',
        ),
      );
      expect(rolesOf(tables[0].header.columns)).to.deep.equal(['itemNumber', 'description', 'quantity', 'unitPrice', 'amount']);
      expect(tables[0].entries.map((entry) => [cellOf(entry, 'itemNumber'), cellOf(entry, 'description')])).to.deep.equal([
        ['Finishes:Install', 'Install baseboard trim, paint grade'],
        ['Cabinetry:Lump Sum', 'Kitchen cabinets, supply and set'],
        ['Demo', 'Remove existing flooring'],
      ]);
    });

    it('reads a lone "Activity" column as the description', () => {
      const { tables } = tablesOf(
        page(
          'Activity                                            Qty      Rate        Amount',
          'Install baseboard trim, paint grade                 120      4.50        540.00',
          'Kitchen cabinets, supply and set                      1  6,800.00      6,800.00',
        ),
      );
      expect(tables[0].header.columns.map((column) => [column.role, column.alternatives])).to.deep.equal([
        ['description', ['itemNumber']],
        ['quantity', []],
        ['unitPrice', []],
        ['amount', []],
      ]);
      expect(itemDescriptions(tables[0])).to.deep.equal(['Install baseboard trim, paint grade', 'Kitchen cabinets, supply and set']);
    });

    it('joins a trade cell’s wrapped second line to it, and reads a trade named like a total ("General Requirements") as an item’s trade', () => {
      const { tables } = tablesOf(
        page(
          'Trade                     Description                                      Amount',
          'General Requirements /    Building permit and plan review                  850.00',
          'Permits',
          'Demolition                Remove kitchen cabinets and counters             600.00',
          'General Requirements      Dumpster, 20 yard, two hauls                     900.00',
          'Electrical                New circuits for kitchen appliances            1,450.00',
          '                                                              Total      3,800.00',
        ),
      );
      expect(tables).to.have.length(1);
      expect(tables[0].entries.map(read)).to.deep.equal([
        { kind: 'item', scope: 'General Requirements / Permits', description: 'Building permit and plan review', amount: '850.00' },
        { kind: 'item', scope: 'Demolition', description: 'Remove kitchen cabinets and counters', amount: '600.00' },
        { kind: 'item', scope: 'General Requirements', description: 'Dumpster, 20 yard, two hauls', amount: '900.00' },
        { kind: 'item', scope: 'Electrical', description: 'New circuits for kitchen appliances', amount: '1,450.00' },
      ]);
      expect(tables[0].totals?.rows.map((row) => row.text)).to.deep.equal(['Total 3,800.00']);
    });

    /** A lender's budget form: Line | Trade | Description | Labor | Materials | Total, a "$" before each amount, "$ -" on lines without work. */
    const formRow = (no: string, trade: string, description: string, labor: string, material: string, total: string): string =>
      `${no.padEnd(5)}${trade.padEnd(34)}${description.padEnd(32)}$${labor.padStart(10)}  $${material.padStart(10)}  $${total.padStart(10)}`;
    const emptyRow = (no: string, trade: string): string => formRow(no, trade, '', '-', '-', '-');
    const subtotalRow = (label: string, labor: string, material: string, total: string): string => formRow('', '', '', labor, material, total).replace(/^ {0,71}/, label.padEnd(71));
    const band = (text: string): string => `${' '.repeat(52 - Math.floor(text.length / 2))}${text}`;

    it('reads centred band headings over form lines with dashes for amounts, an empty band still a heading', () => {
      const { tables } = tablesOf(
        page(
          'Line Trade                             Description of Work                 Labor      Materials          Total',
          band('Part I: General & Pre-Construction'),
          formRow('1', 'General Requirements', 'Building permit', '200.00', '650.00', '850.00'),
          emptyRow('2', 'Demolition & Haul-Off'),
          subtotalRow('Subtotal - General & Pre-Construction', '200.00', '650.00', '850.00'),
          band('Part II: Exterior & Structure'),
          emptyRow('3', 'Concrete & Flatwork'),
          emptyRow('4', 'Masonry & Foundation'),
          subtotalRow('Subtotal - Exterior & Structure', '-', '-', '-'),
          band('Part III: Interior Finishes'),
          formRow('5', 'Drywall, Paint & Flooring', 'Paint all rooms', '2,400.00', '800.00', '3,200.00'),
          emptyRow('6', 'Cabinets, Counters & Appliances'),
          subtotalRow('Subtotal - Interior Finishes', '2,400.00', '800.00', '3,200.00'),
          subtotalRow('TOTAL DIRECT CONSTRUCTION COST', '2,600.00', '1,450.00', '4,050.00'),
        ),
      );
      expect(tables).to.have.length(1);
      const [table] = tables;
      expect(headings(table)).to.deep.equal(['Part I: General & Pre-Construction', 'Part II: Exterior & Structure', 'Part III: Interior Finishes']);
      expect(table.entries.map((entry) => [entry.kind, entry.kind === 'heading' ? textOf(entry.label) : cellOf(entry, 'itemNumber')])).to.deep.equal([
        ['heading', 'Part I: General & Pre-Construction'],
        ['item', '1'],
        ['subtotal', 'Subtotal'],
        ['heading', 'Part II: Exterior & Structure'],
        ['subtotal', 'Subtotal'],
        ['heading', 'Part III: Interior Finishes'],
        ['item', '5'],
        ['subtotal', 'Subtotal'],
      ]);
      // The trade named like a total is the line's trade; lines with dashes for every amount are no items.
      expect(read(table.entries[1])).to.deep.include({ kind: 'item', scope: 'General Requirements', description: 'Building permit' });
      expect(table.totals?.rows[0].text).to.match(/^TOTAL DIRECT CONSTRUCTION COST/);
    });

    it('reads a band heading followed by form lines whose "$ -" cells read as no amount as a heading', () => {
      const line = (no: string, description: string, labor: string, total: string): string => `${no.padEnd(5)}${description.padEnd(50)}${labor.padStart(14)}${total.padStart(16)}`;
      const { tables } = tablesOf(
        page(
          'Line Description of Work                                    Labor           Total',
          band('Part I: General'),
          line('1', 'Dumpster, two hauls', '$ 200.00', '$ 850.00'),
          line('2', 'Demolition and haul-off', '$ -', '$ -'),
          line('', 'Subtotal - General', '$ 200.00', '$ 850.00'),
          band('Part II: Exterior & Structure'),
          line('3', 'Concrete and flatwork', '$ -', '$ -'),
          line('4', 'Masonry and foundation', '$ -', '$ -'),
          line('', 'Subtotal - Exterior & Structure', '$ -', '$ -'),
          band('Part III: Interior Finishes'),
          line('5', 'Paint all rooms', '$ 2,400.00', '$ 3,200.00'),
          line('', 'Subtotal - Interior Finishes', '$ 2,400.00', '$ 3,200.00'),
        ),
      );
      expect(outline(tables[0])).to.deep.equal([
        ['heading', 'Part I: General'],
        ['item', 'Dumpster, two hauls'],
        ['subtotal', 'Subtotal - General'],
        ['heading', 'Part II: Exterior & Structure'],
        ['heading', 'Part III: Interior Finishes'],
        ['item', 'Paint all rooms'],
        ['subtotal', 'Subtotal - Interior Finishes'],
      ]);
    });
  });

  describe('division headings', () => {
    const line = (description: string, qty: string, unit: string, price: string, total: string): string =>
      `${description.padEnd(44)}${qty.padStart(6)}  ${unit.padEnd(4)}${price.padStart(12)}${total.padStart(14)}`;
    const HEADER = line('Description', 'Qty', 'Unit', 'Unit Price', 'Total');

    it('reads "06 – Wood, Plastics & Composites" and the CSI subsection rows under it as headings', () => {
      const { tables } = tablesOf(
        page(
          HEADER,
          '06 – Wood, Plastics & Composites',
          '06 11 00 Wood Framing',
          line('Sister floor joists', '12', 'EA', '85.00', '1,020.00'),
          '06 20 00 Finish Carpentry',
          line('Base trim, paint grade', '180', 'LF', '4.00', '720.00'),
          '09 – Finishes',
          line('Paint interior walls', '1,200', 'SF', '1.25', '1,500.00'),
        ),
      );
      expect(outline(tables[0])).to.deep.equal([
        ['heading', '06 – Wood, Plastics & Composites'],
        ['heading', '06 11 00 Wood Framing'],
        ['item', 'Sister floor joists'],
        ['heading', '06 20 00 Finish Carpentry'],
        ['item', 'Base trim, paint grade'],
        ['heading', '09 – Finishes'],
        ['item', 'Paint interior walls'],
      ]);
    });

    it('reads a four-digit division code and a hyphen ("0400 - Masonry") as a heading', () => {
      const { tables } = tablesOf(
        page(
          HEADER,
          '0400 - Masonry',
          line('Rebuild chimney', '1', 'LS', '3,915.00', '3,915.00'),
          '0900 - Finishes',
          line('Paint interior walls', '1,200', 'SF', '1.25', '1,500.00'),
        ),
      );
      expect(outline(tables[0])).to.deep.equal([
        ['heading', '0400 - Masonry'],
        ['item', 'Rebuild chimney'],
        ['heading', '0900 - Finishes'],
        ['item', 'Paint interior walls'],
      ]);
    });

    it('reads OCR’d CSI codes without their spaces ("015100 Temporary Utilities") as headings', () => {
      const rows = rowsOf(
        page(
          HEADER,
          '01 – General Requirements',
          '015100 Temporary Utilities',
          line('Temporary power pole', '1', 'LS', '650.00', '650.00'),
          '015200 Construction Facilities',
          line('Portable toilet, 3 months', '3', 'MO', '150.00', '450.00'),
        ),
        { source: 'ocr' },
      );
      const tables = readTables(rows, { format: DOT });
      expect(headings(tables[0])).to.deep.equal(['01 – General Requirements', '015100 Temporary Utilities', '015200 Construction Facilities']);
      expect(itemDescriptions(tables[0])).to.deep.equal(['Temporary power pole', 'Portable toilet, 3 months']);
    });
  });

  describe('a line total printed left of the descriptions', () => {
    const coded = fixed(-12, 3, 9, 30, -4, 3, 4, -12);
    const HEADER = coded('Line Total', '', 'Code', 'Description', 'Qty', '', 'Unit', 'Unit Price');

    it('reads "5,021.40  Subtotal - Masonry" as the section\'s subtotal, its amount in the line-total column left of the label', () => {
      const { tables } = tablesOf(
        page(
          HEADER,
          'MASONRY',
          coded('3,915.00', '', '04-010', 'Rebuild chimney', '1', '', 'LS', '3,915.00'),
          coded('1,106.40', '', '04-020', 'Epoxy injection of cracks', '20', '', 'LF', '55.32'),
          coded('5,021.40', '', '', 'Subtotal - Masonry'),
          'FINISHES',
          coded('600.00', '', '09-010', 'Paint walls', '200', '', 'SF', '3.00'),
          coded('600.00', '', '', 'Subtotal - Finishes'),
        ),
      );
      expect(outline(tables[0])).to.deep.equal([
        ['heading', 'MASONRY'],
        ['item', 'Rebuild chimney'],
        ['item', 'Epoxy injection of cracks'],
        ['subtotal', 'Subtotal - Masonry'],
        ['heading', 'FINISHES'],
        ['item', 'Paint walls'],
        ['subtotal', 'Subtotal - Finishes'],
      ]);
      expect(amountOf(tables[0].entries[3], 'amount')).to.equal(5021.4);
    });
  });

  describe('a label with a bracketed note before its colon', () => {
    const labels = PhraseMatcher.of<string>([
      ['consultant', ['Consultant', '203(k) Consultant']],
      ['borrower', ['Borrower']],
    ]);
    const valueOf = (text: string): string[] => {
      const rows = rowsOf(text);
      const spans = findLabelSpans(rows, labels);
      return valueRegions(rows, spans[0], { maxLines: 1, compact: false, stops: labelWords(spans) }).map((region) => region.lines.map((words) => textOf(words)).join(' / '));
    };

    it('reads the value after "203(k) Consultant (if any):", not the note', () => {
      expect(valueOf('203(k) Consultant (if any):  Shannon Ibarra')).to.deep.equal(['Shannon Ibarra']);
      expect(valueOf('Consultant (if any): Shannon Ibarra')).to.deep.equal(['Shannon Ibarra']);
    });

    it('keeps a bracketed note with no colon after it as the value', () => {
      expect(valueOf('Consultant (if any)   Shannon Ibarra')).to.deep.equal(['(if any)']);
    });
  });

  describe('snapUnitByUse', () => {
    it('snaps an OCR unit to the known unit one edit away that the document uses most', () => {
      expect(snapUnitByUse('LE', new Map([['LF', 3], ['LS', 1]]))).to.equal('LF');
      expect(snapUnitByUse('XF', new Map([['LF', 1], ['SF', 3]]))).to.equal('SF');
      expect(snapUnitByUse('le', new Map([['LF', 3]]))).to.equal('LF');
    });

    it('prefers the unit whose letter OCR confuses with the one read ("LE" is LF, not LS) to the unit used most', () => {
      expect(snapUnitByUse('LE', new Map([['LF', 1], ['LS', 3]]))).to.equal('LF');
      expect(snapUnitByUse('5F', new Map([['SF', 1], ['LF', 4]]))).to.equal('SF');
      expect(snapUnitByUse('LE', new Map([['LF', 2], ['LS', 2]]))).to.equal('LF');
    });

    it('takes the one known unit whose letter OCR confuses with the one read before a used unit merely one edit away ("LE" is LF where only LS is used)', () => {
      expect(snapUnitByUse('LE', new Map([['LS', 4], ['SF', 2]]))).to.equal('LF');
      expect(snapUnitByUse('LE', new Map())).to.equal('LF');
    });

    it('snaps a unit with a letter dropped ("A") to the one it lost it from ("EA")', () => {
      expect(snapUnitByUse('A', new Map([['EA', 2], ['SF', 5]]))).to.equal('EA');
      expect(snapUnitByUse('SFF', new Map([['SF', 2]]))).to.equal('SF');
    });

    it('gives null on a tie, when no used unit is one edit away, or when the unit is already one the document uses', () => {
      expect(snapUnitByUse('XF', new Map([['LF', 2], ['SF', 2]]))).to.equal(null);
      expect(snapUnitByUse('XY', new Map([['LF', 3], ['EA', 2]]))).to.equal(null);
      expect(snapUnitByUse('QX', new Map())).to.equal(null);
      expect(snapUnitByUse('LF', new Map([['LF', 3]]))).to.equal(null);
    });
  });
});

describe('core layout: lines that only look like totals or wraps', () => {
  it('reads a description starting with another concept’s label ("Base cabinets", "Building permit") as an item, not a total', () => {
    const { tables } = tablesOf(
      page(
        'Description                                          Amount',
        'Wall cabinets, maple                               2,400.00',
        'Base cabinets, shaker style                        1,680.00',
        'Building permit and plan review                      350.00',
        'Kitchen sink, stainless                              350.00',
        '                                          Total    4,780.00',
      ),
    );
    expect(outline(tables[0]).map(([kind]) => kind)).to.deep.equal(['item', 'item', 'item', 'item']);
    expect(tables[0].totals?.rows[0].text).to.match(/Total/);
  });

  it('takes a word printed where item numbers stand, right under an item, as a heading ("BATH")', () => {
    const { tables } = tablesOf(
      page(
        'ITEM  QTY  UNIT  DESCRIPTION                        UNIT PRICE     EXTENDED',
        'KITCHEN',
        '1      14  LF    Base cabinets, shaker style            120.00     1,680.00',
        '2       1  EA    Kitchen sink, stainless                350.00       350.00',
        'BATH',
        '3       1  EA    Toilet, elongated                      420.00       420.00',
      ),
    );
    expect(headings(tables[0])).to.deep.equal(['KITCHEN', 'BATH']);
    expect(itemDescriptions(tables[0])).to.deep.equal(['Base cabinets, shaker style', 'Kitchen sink, stainless', 'Toilet, elongated']);
  });

  it('reads a one-line header with a bracketed note, "Total (Labor + Materials)", as one amount column', () => {
    const { tables } = tablesOf(
      page(
        'Description of Work              Labor     Materials     Total (Labor + Materials)',
        'Paint all rooms                2,400.00       800.00                      3,200.00',
        'Replace front door               300.00       900.00                      1,200.00',
      ),
    );
    expect(rolesOf(tables[0].header.columns)).to.deep.equal(['description', 'labor', 'material', 'amount']);
    expect(itemDescriptions(tables[0])).to.deep.equal(['Paint all rooms', 'Replace front door']);
  });

  it('keeps band headings after form lines with dashes for every amount, which are no items', () => {
    const { tables } = tablesOf(
      page(
        'Line Description of Work                                    Labor           Total',
        '                  Part I: General',
        '1    Dumpster, two hauls                                 $ 200.00        $ 850.00',
        '2    Demolition and haul-off                                $ -             $ -',
        '                  Part II: Exterior & Structure',
        '3    Concrete flatwork                                      $ -             $ -',
        '                  Part III: Interior Finishes',
        '4    Paint all rooms                                   $ 800.00      $ 3,200.00',
      ),
    );
    expect(headings(tables[0])).to.deep.equal(['Part I: General', 'Part II: Exterior & Structure', 'Part III: Interior Finishes']);
    expect(itemDescriptions(tables[0])).to.deep.equal(['Dumpster, two hauls', 'Paint all rooms']);
  });
});
