import { expect } from 'chai';
import { readQuantityCell, readTables, textOf, type Table, type TableEntry } from '../../../core/src/layout/index.js';
import { cellOf, DOT, fixed, page, rowsOf, tablesOf } from './helpers.js';

const line = fixed(6, 40, -9, -9, -10);
const HEADER = line('#', 'Description', 'Labor', "Mat'l", 'Total');
const cellWords = (entry: TableEntry, role: string) => entry.cells[entry.columns.findIndex((column) => column.role === role)] ?? [];
const kinds = (table: Table): string[] => table.entries.map((entry) => `${entry.kind}: ${cellOf(entry, 'description')}`);

describe('core layout: section headings inside tables', () => {
  it('reads a title printing only the total of the items under it as their heading ("Living Room  1,350.00")', () => {
    const { tables } = tablesOf(
      page(
        HEADER,
        line('', 'Living Room', '', '', '1,350.00'),
        line('', 'Paint walls and ceilings', '500.00', '250.00', '750.00'),
        line('', 'Refinish floors', '400.00', '200.00', '600.00'),
        line('', 'Kitchen', '', '', '900.00'),
        line('', 'Sink and faucet', '300.00', '600.00', '900.00'),
      ),
    );
    expect(kinds(tables[0])).to.deep.equal(['heading: Living Room', 'item: Paint walls and ceilings', 'item: Refinish floors', 'heading: Kitchen', 'item: Sink and faucet']);
  });

  it('keeps a lump sum whose amount the items under it do not add up to as an item ("Dumpster  450.00")', () => {
    const { tables } = tablesOf(
      page(
        HEADER,
        line('', 'Dumpster', '', '', '450.00'),
        line('', 'Paint walls and ceilings', '500.00', '250.00', '750.00'),
        line('', 'Refinish floors', '400.00', '200.00', '600.00'),
      ),
    );
    expect(kinds(tables[0])).to.deep.equal(['item: Dumpster', 'item: Paint walls and ceilings', 'item: Refinish floors']);
  });

  it('reads a row printing only the amount its section\'s fuller items add up to as their total, whatever its label ("Estimated cost, this room")', () => {
    const { tables } = tablesOf(
      page(
        HEADER,
        line('', 'GARAGE'),
        line('1.01', 'Overhead door with opener', '483.00', '1,595.00', '2,078.00'),
        line('', 'Estimated cost, this room', '', '', '2,078.00'),
        line('', 'BASEMENT'),
        line('2.01', 'Remove oil tank', '815.00', '228.00', '1,043.00'),
        line('2.02', 'Patch slab', '100.00', '50.00', '150.00'),
        line('', 'Estimated cost, this room', '', '', '1,193.00'),
        line('', 'Dumpster', '', '', '1,193.00'),
      ),
    );
    expect(kinds(tables[0])).to.deep.equal([
      'heading: GARAGE', 'item: Overhead door with opener', 'subtotal: Estimated cost, this room',
      'heading: BASEMENT', 'item: Remove oil tank', 'item: Patch slab', 'subtotal: Estimated cost, this room', 'item: Dumpster',
    ]);
  });

  it("reads the last section's own total as its subtotal, after its heading printed again on the next page", () => {
    const { tables } = tablesOf([
      page(
        HEADER,
        line('', 'KITCHEN'),
        line('3.01', 'Remove cabinets', '825.00', '51.00', '876.00'),
        line('', 'Estimated cost, this room', '', '', '876.00'),
        line('', 'MASTER BEDROOM'),
        line('4.02', 'Closet shelving and rod', '170.80', '164.78', '335.58'),
      ),
      page(HEADER, line('', 'MASTER BEDROOM (continued)'), line('4.03', 'Smoke detectors', '222.00', '132.00', '354.00'), line('', 'Room total', '', '', '689.58')),
    ]);
    expect(kinds(tables[0])).to.deep.equal([
      'heading: KITCHEN', 'item: Remove cabinets', 'subtotal: Estimated cost, this room',
      'heading: MASTER BEDROOM', 'item: Closet shelving and rod', 'heading: MASTER BEDROOM (continued)', 'item: Smoke detectors', 'subtotal: Room total',
    ]);
    expect(tables[0].totals).to.equal(undefined);
  });

  it('reads items whose sentence runs over three lines before their amounts, under a heading, and heads none with their first line', () => {
    const { tables } = tablesOf(
      page(
        HEADER,
        line('', 'B. Exterior'),
        line('', 'Code-compliant handrail and balusters at rear'),
        line('', 'steps, color and style to be'),
        line('', 'selected by owner', '361.25', '408.75', '770.00'),
        line('', 'C. Hall Bath'),
        line('', 'Bath exhaust fan, 80 CFM, ducted to'),
        line('', 'exterior; including all trim, fasteners'),
        line('', 'and sealant', '332.00', '244.00', '576.00'),
      ),
    );
    expect(kinds(tables[0])).to.deep.equal([
      'heading: B. Exterior',
      'item: Code-compliant handrail and balusters at rear steps, color and style to be selected by owner',
      'heading: C. Hall Bath',
      'item: Bath exhaust fan, 80 CFM, ducted to exterior; including all trim, fasteners and sealant',
    ]);
  });

  it('reads an item numbered one after the item above as an item, though "13  60 in." reads like a CSI heading', () => {
    const { tables } = tablesOf(
      page(
        HEADER,
        line('11', 'Drywall repairs', '250.00', '50.00', '300.00'),
        line('12', 'Prime and paint walls', '300.00', '200.00', '500.00'),
        line('13', '60 in. acrylic bathtub', '545.00', '705.00', '1,250.00'),
        line('14', 'Toilet, elongated', '307.00', '630.00', '937.00'),
      ),
    );
    expect(kinds(tables[0])).to.deep.equal(['item: Drywall repairs', 'item: Prime and paint walls', 'item: 60 in. acrylic bathtub', 'item: Toilet, elongated']);
  });

  it('reads a line in capitals as close under an item as its wrapped line would be as a heading where descriptions are in mixed case', () => {
    const { tables } = tablesOf(
      page(
        HEADER,
        line('1', 'Oak stair treads and risers with new', '560.00', '966.00', '1,526.00'),
        line('', 'handrail and brackets'),
        line('', 'HALL BATH'),
        line('2', 'Vanity with cultured marble top', '456.00', '1,320.00', '1,776.00'),
        line('', 'ROOF'),
        line('3', 'Ridge vent', '134.40', '169.26', '303.66'),
      ),
    );
    expect(kinds(tables[0])).to.deep.equal([
      'item: Oak stair treads and risers with new handrail and brackets',
      'heading: HALL BATH',
      'item: Vanity with cultured marble top',
      'heading: ROOF',
      'item: Ridge vent',
    ]);
  });

  it('keeps a line in capitals under an item in capitals as its wrapped line, a letter OCR read in lower case ("OSBi") notwithstanding', () => {
    const { tables } = tablesOf(
      page(
        HEADER,
        line('1', 'REPLACE DAMAGED ROOF DECKING, 7/16 IN. OSBi', '288.20', '371.80', '660.00'),
        line('', 'PER MANUFACTURER INSTRUCTIONS'),
        line('2', 'SYNTHETIC ROOF UNDERLAYMENT', '322.00', '106.54', '428.54'),
      ),
    );
    expect(kinds(tables[0])).to.deep.equal(['item: REPLACE DAMAGED ROOF DECKING, 7/16 IN. OSBi PER MANUFACTURER INSTRUCTIONS', 'item: SYNTHETIC ROOF UNDERLAYMENT']);
  });

  it('reads a cost code’s division ("01-000 General Requirements") as a heading over its coded items', () => {
    const coded = fixed(8, 38, -9, -9, -10);
    const { tables } = tablesOf(
      page(
        coded('Code', 'Description', 'Labor', 'Material', 'Total'),
        coded('01-000', 'General Requirements'),
        coded('01-200', 'Temporary electric service', '328.00', '165.00', '493.00'),
        coded('01-205', 'Roll-off dumpster', '57.12', '1,464.00', '1,521.12'),
        coded('02-000', 'Demolition'),
        coded('02-200', 'Remove existing fixtures', '1,020.00', '52.00', '1,072.00'),
      ),
    );
    expect(kinds(tables[0])).to.deep.equal(['heading: General Requirements', 'item: Temporary electric service', 'item: Roll-off dumpster', 'heading: Demolition', 'item: Remove existing fixtures']);
  });

  it('keeps a short word in capitals under an item as its wrapped line ("GFI")', () => {
    const { tables } = tablesOf(page(HEADER, line('1', 'Kitchen counter receptacles, replace with', '120.00', '80.00', '200.00'), line('', 'GFI'), line('2', 'Smoke detectors', '60.00', '90.00', '150.00')));
    expect(kinds(tables[0])).to.deep.equal(['item: Kitchen counter receptacles, replace with GFI', 'item: Smoke detectors']);
  });

  it('ends the items at a subtotal of the sections right after the last section\'s own total, a discount under it being the recap\'s', () => {
    const priced = fixed(50, -12);
    const rows = (after: string[]): string[] => [
      priced('ITEM', 'AMOUNT'),
      'Kitchen',
      priced('  Replace countertops', '$2,400.00'),
      priced('Kitchen subtotal', '$2,400.00'),
      'Bath',
      priced('  Replace vanity', '$900.00'),
      priced('Bath subtotal', '$900.00'),
      ...after,
    ];
    const ended = tablesOf(page(...rows([priced('Subtotal', '$3,300.00'), priced('Referral discount (5%)', '-$165.00'), '', priced('Total', '$3,135.00')])));
    expect(kinds(ended.tables[0])).to.deep.equal(['heading: Kitchen', 'item: Replace countertops', 'subtotal: Kitchen subtotal', 'heading: Bath', 'item: Replace vanity', 'subtotal: Bath subtotal']);
    expect(ended.tables[0].totals?.rows[0].text).to.equal('Subtotal $3,300.00');
    const goesOn = tablesOf(page(...rows([priced('Subtotal, interior', '$3,300.00'), 'Roof', priced('  Replace shingles', '$5,000.00'), priced('Total', '$8,300.00')])));
    expect(kinds(goesOn.tables[0]).slice(6)).to.deep.equal(['subtotal: Subtotal, interior', 'heading: Roof', 'item: Replace shingles']);
  });

  it('reads a title over an item whose number OCR read as a word ("is" for 1) as the heading, not as the item\'s first line', () => {
    const numbered = fixed(6, 50, -5, 5, -10);
    const { tables } = tablesOf(
      page(
        numbered('No.', 'Description of Work', 'Qty', ' Unit', 'Amount'),
        numbered('', 'Heating & Air Conditioning'),
        numbered('is', 'Gas furnace, 80,000 BTU, with PVC venting and new', '1', ' EA', '$4,650'),
        numbered('', 'thermostat, basement'),
        numbered('2', 'Clean and sanitize existing duct system', '1', ' LS', '$622'),
      ),
    );
    expect(kinds(tables[0])).to.deep.equal(['heading: Heating & Air Conditioning', 'item: Gas furnace, 80,000 BTU, with PVC venting and new thermostat, basement', 'item: Clean and sanitize existing duct system']);
  });

  it('reads a recap-worded title printing its section\'s total before any item ("GENERAL REQUIREMENTS  $2,982.00") as a heading', () => {
    const { tables } = tablesOf(
      page(
        HEADER,
        line('', 'GENERAL REQUIREMENTS', '', '', '2,982.00'),
        line('1', 'Final construction clean', '452.00', '75.00', '527.00'),
        line('2', 'Building permit and plan review', '0.00', '2,455.00', '2,455.00'),
        line('', 'ROOFING', '', '', '900.00'),
        line('3', 'Ridge vent', '600.00', '300.00', '900.00'),
      ),
    );
    expect(kinds(tables[0])).to.deep.equal(['heading: GENERAL REQUIREMENTS', 'item: Final construction clean', 'item: Building permit and plan review', 'heading: ROOFING', 'item: Ridge vent']);
    // A label that totals a whole ("Amount due") heads nothing, before the items too.
    const due = tablesOf(page(HEADER, line('', 'Amount due', '', '', '1,200.00'), line('1', 'Frame wall', '400.00', '200.00', '600.00'), line('2', 'Hang drywall', '400.00', '200.00', '600.00')));
    expect(due.tables.flatMap((table) => table.entries).some((entry) => entry.kind === 'heading')).to.equal(false);
  });

  it('reads a room title with facts beside it ("Bedroom 2   Height: 8") over a note of measurements as the heading; the note is no item', () => {
    const estimate = fixed(5, 44, -14, -11, -11, -12);
    const { tables } = tablesOf(
      page(
        estimate('', 'DESCRIPTION', 'QUANTITY', 'UNIT PRICE', 'RCV', 'ACV'),
        estimate('', 'Bedroom 2', '', '', '', 'Height: 8'),
        estimate('', '416.00 SF Walls  165.00 SF Ceiling', '165.00SF Floor', '52.00 LF', 'Perimeter'),
        estimate('1.', 'Closet shelving and rod', '24.00 LF', '25.97', '623.28', '560.95'),
        estimate('2.', 'Remove existing fixtures', '1.00LS', '1,245.00', '1,245.00', '1,182.75'),
      ),
    );
    expect(kinds(tables[0]).slice(1)).to.deep.equal(['item: Closet shelving and rod', 'item: Remove existing fixtures']);
    expect(tables[0].entries[0].kind).to.equal('heading');
    expect(tables[0].entries[0].label.map((word) => word.text).join(' ')).to.equal('Bedroom 2');
    expect(readQuantityCell(cellWords(tables[0].entries[2], 'quantity'), DOT)?.value).to.equal(1);
  });

  it('joins a title-like line set in at the descriptions to the item above, though a photo sets it taller, where every heading stands out at the left', () => {
    const rows = rowsOf(
      page(
        HEADER,
        line('Doors & Windows'),
        line('3.01', 'Exterior entry door; all work to meet HUD Minimum', '400.00', '535.00', '935.00'),
        line('', 'Property Standards'),
        line('3.02', 'Replace attic access hatch', '92.00', '300.00', '392.00'),
      ),
    );
    const taller = rows.find((row) => row.text === 'Property Standards')!;
    Object.assign(taller, { height: taller.height * 1.5, bottom: taller.top + taller.height * 1.5 });
    const [table] = readTables(rows, { format: DOT });
    expect(kinds(table)).to.deep.equal(['heading: & Windows', 'item: Exterior entry door; all work to meet HUD Minimum Property Standards', 'item: Replace attic access hatch']);
  });

  it('reads no heading from a running footer naming the file it was printed from ("SOR_WU-10842.xlsx  17-Feb-2026", OCR\'s "xIsx")', () => {
    const { tables } = tablesOf(
      page(
        HEADER,
        line('', 'Masonry'),
        line('3.01', 'Parge exterior foundation wall', '400.00', '535.00', '935.00'),
        '',
        line('SOR_WU-10842.xIsx', '', '', '17-Feb-2026'),
        '',
        line('3.02', 'Repoint brick foundation walls', '92.00', '300.00', '392.00'),
      ),
    );
    expect(kinds(tables[0]).filter((kind) => kind.startsWith('heading'))).to.deep.equal(['heading: Masonry']);
  });

  it('leaves out a title in capitals after the last item that runs over the item-number column: no number heads it ("CATEGORY RECAP")', () => {
    const row = fixed(6, 36, -5, 6, -10);
    const { tables } = tablesOf(
      page(
        row('No.', 'Description of Work', 'Qty', '  Unit', 'Total'),
        row('', 'KITCHEN'),
        row('1', 'Closet shelving and rod', '9', '  LF', '208.98'),
        row('2', 'Water heater', '1', '  EA', '1,780.00'),
        row('', 'Total Kitchen', '', '', '1,988.98'),
        'CATEGORY RECAP',
        '                          Total of all repair items     $1,988.98',
      ),
    );
    expect(kinds(tables[0])).to.deep.equal(['heading: KITCHEN', 'item: Closet shelving and rod', 'item: Water heater', 'subtotal: Total Kitchen']);
  });

  it('reads Roman-numeral titles as headings, also as OCR reads the numeral ("ll. Dining Room" for II.), before items numbered like them', () => {
    const row = fixed(8, 40, -6, -6, -10);
    const { tables } = tablesOf(
      page(
        row('No.', 'Description of Work', 'Qty', 'Unit', 'Line Total'),
        row('I. Whole House'),
        row('I-1', 'Prime and paint walls and ceilings', '1,458', 'SF', '2,711.88'),
        row('', 'Subtotal I', '', '', '2,711.88'),
        '',
        row('ll. Dining Room'),
        row('II-1', 'Remove carpet and pad and dispose', '94', 'SY', '319.60'),
        row('', 'Subtotal II', '', '', '319.60'),
      ),
    );
    expect(tables[0].entries.map((entry) => `${entry.kind}: ${entry.kind === 'heading' ? textOf(entry.label) : cellOf(entry, 'description')}`)).to.deep.equal([
      'heading: I. Whole House',
      'item: Prime and paint walls and ceilings',
      'subtotal: Subtotal I',
      'heading: ll. Dining Room',
      'item: Remove carpet and pad and dispose',
    ]);
  });
});
