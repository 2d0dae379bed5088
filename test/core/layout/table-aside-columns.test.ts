import { expect } from 'chai';
import { isNoteLine, readLayout } from '../../../core/src/layout/index.js';
import { documentFromText } from '../../../core/src/testing/index.js';
import { cellOf, fixed, page, read, rolesOf, rowsOf, tablesOf } from './helpers.js';

/** Columns that hold neither what a line is nor what it costs: crews, labor hours, who performs the work, checklist marks. */

describe('core layout: table columns beside the description and the amounts', () => {
  it('reads crew and labor-hour columns of a unit-cost estimate as their own, not as the description or the labor cost', () => {
    const row = fixed(10, 36, 8, -7, -6, -6, -10, -10, -10);
    const { tables } = tablesOf(
      page(
        row('Line', 'Description', 'Crew', 'Labor', 'Unit', 'Qty', 'Material', 'Labor', 'Total'),
        row('', '', '', 'Hours'),
        row('0175', 'Lead-safe work practices (RRP)', '1 Clab', '20.88', 'LS', '1', '447.00', '1,015.00', '1,462.00'),
        row('0430', 'Repoint brick foundation walls', 'D-1', '20.25', 'SF', '101', '130.29', '1,237.25', '1,367.54'),
      ),
    );
    expect(rolesOf(tables[0].header.columns)).to.deep.equal(['itemNumber', 'description', 'performedBy', 'laborHours', 'unit', 'quantity', 'material', 'labor', 'amount']);
    expect(tables[0].entries.map(read)).to.deep.equal([
      { kind: 'item', itemNumber: '0175', description: 'Lead-safe work practices (RRP)', performedBy: '1 Clab', laborHours: '20.88', unit: 'LS', quantity: '1', material: '447.00', labor: '1,015.00', amount: '1,462.00' },
      { kind: 'item', itemNumber: '0430', description: 'Repoint brick foundation walls', performedBy: 'D-1', laborHours: '20.25', unit: 'SF', quantity: '101', material: '130.29', labor: '1,237.25', amount: '1,367.54' },
    ]);
  });

  it('keeps who performs each line ("Performed By") out of its description, wrapped lines too', () => {
    const row = fixed(5, 46, 16, -12);
    const { tables } = tablesOf(
      page(
        row('No.', 'Description of Work', 'Performed By', 'Amount'),
        row('1.', 'Replace rotted porch floor boards', 'Contractor', '2,864.16'),
        row('2.', 'Baseboard, caulked and painted; remove and', 'Contractor', '1,466.80'),
        row('', 'dispose of existing materials off site'),
        row('3.', 'Paint the back bedroom', 'Homeowner', '0.00'),
        row('4.', 'Skim coat cracked plaster walls', 'Northside Painting & Drywall', '1,520.82'),
      ),
    );
    expect(tables[0].entries.map((entry) => [read(entry).description, read(entry).performedBy])).to.deep.equal([
      ['Replace rotted porch floor boards', 'Contractor'],
      ['Baseboard, caulked and painted; remove and dispose of existing materials off site', 'Contractor'],
      ['Paint the back bedroom', 'Homeowner'],
      ['Skim coat cracked plaster walls', 'Northside Painting & Drywall'],
    ]);
  });

  it("puts a checklist's marks under the S | R | NP columns no header word names, not in the unit, and heads its unpriced lines", () => {
    const row = fixed(6, 34, 4, 4, 4, -6, 6, -10, -10, -10);
    const { tables } = tablesOf(
      page(
        row('No.', 'Component / Work Item', 'S', 'R', 'NP', 'Qty', ' Unit', 'Material', 'Labor', 'Total'),
        row('', 'MASTER BATH'),
        row('1.01', 'Remove fixtures and tile to studs', '', 'X', '', '1', ' LS', '33.00', '950.00', '983.00'),
        row('', 'KITCHEN'),
        row('2.01', 'Ceramic floor tile', 'X'),
        row('2.02', 'Prime and paint walls', '', 'X', '', '450', ' SF', '162.00', '454.50', '616.50'),
      ),
    );
    expect(tables[0].entries.map((entry) => [entry.kind, read(entry).description, read(entry).unit, read(entry).column3])).to.deep.equal([
      ['heading', 'MASTER BATH', undefined, undefined],
      ['item', 'Remove fixtures and tile to studs', 'LS', 'X'],
      ['heading', 'KITCHEN', undefined, undefined],
      ['item', 'Prime and paint walls', 'SF', 'X'],
    ]);
  });
  it('reads a header whose description label OCR cut to "of Work", and keeps an OCR word before the performer in the description', () => {
    const row = fixed(5, 40, 14, -12);
    const text = page(
      row('No.', '     of Work', 'Performed By', 'Amount'),
      row('A-1', 'Epoxy injection, wall crack; dispose of', 'Contractor', '1,729.80'),
      row('A-2', 'Parge exterior foundation wall', 'Contractor', '1,273.80'),
    );
    const [table] = readLayout(documentFromText(text, { source: 'ocr' })).tables;
    expect(rolesOf(table.header.columns)).to.deep.equal(['itemNumber', 'description', 'performedBy', 'amount']);
    expect(table.entries.map((entry) => [read(entry).description, read(entry).performedBy])).to.deep.equal([
      ['Epoxy injection, wall crack; dispose of', 'Contractor'],
      ['Parge exterior foundation wall', 'Contractor'],
    ]);
    const title = fixed(40, 12);
    expect(readLayout(documentFromText(page(title('SCOPE OF WORK AND COST ESTIMATE'), title('Paint the hall', '1,200.00')))).tables.map((found) => found.header.rows[0].text)).to.not.include('SCOPE OF WORK AND COST ESTIMATE');
  });

  it('reads a header with columns no lexicon names ("Apt. A", "Common Areas") beside known ones, their amounts kept apart', () => {
    const row = fixed(5, 34, -5, 5, -10, -10, -14, -11);
    const { tables } = tablesOf(
      page(
        row('No.', 'Description of Work', 'Qty', ' UOM', 'Apt. A', 'Apt. B', 'Common Areas', 'Total'),
        row('1', 'Remove existing fixtures', '1', ' LS', '369.05', '369.05', '', '738.10'),
        row('2', 'Remove abandoned oil tank', '1', ' EA', '', '', '1,054.00', '1,054.00'),
      ),
    );
    expect(rolesOf(tables[0].header.columns)).to.deep.equal(['itemNumber', 'description', 'quantity', 'unit', null, null, null, 'amount']);
    expect(read(tables[0].entries[0])).to.deep.include({ description: 'Remove existing fixtures', quantity: '1', unit: 'LS', amount: '738.10' });
    // A sentence naming labor, material and a number is no header, however many labels it holds.
    const prose = tablesOf(
      page(
        'with labor and material on each line, and your license number.',
        row('No.', 'Description of Work', 'Qty', ' UOM', 'Apt. A', 'Apt. B', 'Common Areas', 'Total'),
        row('1', 'Remove existing fixtures', '1', ' LS', '369.05', '369.05', '', '738.10'),
      ),
    );
    expect(prose.tables.length).to.be.greaterThan(0);
    expect(prose.tables.every((table) => table.header.rows.every((headerRow) => !headerRow.text.startsWith('with labor')))).to.equal(true);
  });

  it('reads a note that runs on past its header\'s right edge ("Match existing" under "Notes") as the note, the values before it as the values', () => {
    const row = fixed(4, 40, -5, 5, -11, -11, 2, 16);
    const { tables } = tablesOf(
      page(
        row('#', 'Scope of Work', 'Qty', ' Unit', 'Material', 'Total', '', 'Notes'),
        row('1', 'Replace cast iron drain stack', '27', ' LF', '$414.00', '$1,602.00', '', 'Match existing work'),
        `${row('2', 'Laundry box with shutoffs', '1', ' EA', '$113.00', '$355.00')} Verify in field`,
        row('3', 'Skim coat plaster walls', '502', ' SF', '$220.88', '$1,219.86'),
      ),
    );
    expect(tables[0].entries.map((entry) => read(entry))).to.deep.equal([
      { kind: 'item', itemNumber: '1', description: 'Replace cast iron drain stack', quantity: '27', unit: 'LF', material: '$414.00', amount: '$1,602.00', remarks: 'Match existing work' },
      { kind: 'item', itemNumber: '2', description: 'Laundry box with shutoffs', quantity: '1', unit: 'EA', material: '$113.00', amount: '$355.00', remarks: 'Verify in field' },
      { kind: 'item', itemNumber: '3', description: 'Skim coat plaster walls', quantity: '502', unit: 'SF', material: '$220.88', amount: '$1,219.86' },
    ]);
  });

  it('splits "Total Notes" set close in one header cell into the amount and the notes, a note of several words kept whole', () => {
    const row = fixed(4, 36, -5, 5, -11, -11);
    const { tables } = tablesOf(
      page(
        `${row('#', 'Scope of Work', 'Qty', ' Unit', 'Material', 'Total')} Notes`,
        `${row('1', 'Remove abandoned oil tank', '1', ' EA', '$236.00', '$1,096.00')} Health & safety`,
        row('2', 'Parge foundation wall', '135', ' SF', '$123.00', '$872.00'),
      ),
    );
    expect(rolesOf(tables[0].header.columns)).to.deep.equal(['itemNumber', 'description', 'quantity', 'unit', 'material', 'amount', 'remarks']);
    expect(read(tables[0].entries[0])).to.deep.include({ unit: 'EA', amount: '$1,096.00', remarks: 'Health & safety' });
  });

  it("reads a bid review's own estimate and the variance aside, the bid as the amount, and a bare Total under each trade as its subtotal", () => {
    const row = fixed(5, 40, -6, 6, -14, -14, -12);
    const { tables } = tablesOf(
      page(
        row('', '', '', '', 'Consultant', "Contractor's"),
        row('No.', 'Work Item', 'Qty', ' Unit', 'Estimate', 'Price', 'Difference'),
        row('', 'Demolition'),
        row('1.', 'Remove fixtures and tile to studs', '1', ' LS', '1,031.00', '1,097.00', '+66.00'),
        row('2.', 'Remove plaster ceiling and lath', '300', ' SF', '900.00', '774.00', '-126.00'),
        row('', 'Total', '', '', '1,931.00', '1,871.00', '-60.00'),
        row('', 'Masonry'),
        row('3.', 'Repoint brick foundation walls', '364', ' SF', '4,482.00', '4,044.04', '-437.96'),
        row('', 'Total', '', '', '4,482.00', '4,044.04', '-437.96'),
      ),
    );
    expect(rolesOf(tables[0].header.columns)).to.deep.equal(['itemNumber', 'description', 'quantity', 'unit', 'reviewEstimate', 'amount', 'variance']);
    expect(tables[0].entries.map((entry) => [entry.kind, entry.kind === 'item' ? cellOf(entry, 'amount') : entry.label.map((word) => word.text).join(' ')])).to.deep.equal([
      ['heading', 'Demolition'],
      ['item', '1,097.00'],
      ['item', '774.00'],
      ['subtotal', 'Total'],
      ['heading', 'Masonry'],
      ['item', '4,044.04'],
      ['subtotal', 'Total'],
    ]);
  });

  it('keeps a mark OCR doubled or dotted ("Xx", "X.") in its column left of the description, out of the description', () => {
    const row = fixed(6, 5, 6, 34, -6, 5, -10);
    const { tables } = tablesOf(
      page(
        row('Item', 'H&S', 'LBP', 'Description', 'Qty', ' Unit', 'Total'),
        row('13', 'Xx', 'Xx', 'Dedicated 20A appliance circuits', '3', ' EA', '723.00'),
        row('14', '', 'X.', 'Laundry box with shutoffs', '1', ' EA', '382.00'),
      ),
    );
    expect(tables[0].entries.map((entry) => [read(entry).description, read(entry).column1 ?? '', read(entry).column2 ?? ''])).to.deep.equal([
      ['Dedicated 20A appliance circuits', 'Xx', 'Xx'],
      ['Laundry box with shutoffs', '', 'X.'],
    ]);
  });

  it('keeps a photo or file reference ("IMG_4465") under a column no header word names out of the description, the room heading a heading', () => {
    const row = fixed(7, 15, 44, -6, 6, -12, -12, -12);
    const { tables } = tablesOf(
      page(
        row('Ref.', 'Photo', 'Description', 'Qty', ' Unit', 'Material', 'Labor', 'Total'),
        row('Roof'),
        row('A1', 'IMG_4465', 'Continuous shingle-over ridge vent; remove', '31', ' LF', '121.83', '118.42', '240.25'),
        row('', '', 'and dispose of existing materials'),
        row('A2', 'DSC-0012.jpg', 'Rebuild chimney above roofline', '1', ' LS', '1,135.00', '3,140.00', '4,275.00'),
      ),
    );
    expect(tables[0].entries.map((entry) => [entry.kind, read(entry).description ?? read(entry).itemNumber, read(entry).column1 ?? ''])).to.deep.equal([
      ['heading', 'Roof', ''],
      ['item', 'Continuous shingle-over ridge vent; remove and dispose of existing materials', 'IMG_4465'],
      ['item', 'Rebuild chimney above roofline', 'DSC-0012.jpg'],
    ]);
  });

  it('keeps a reference a skewed scan sets left of its header in its column, and an OCR "Notes;" line under an item out of the description', () => {
    const row = fixed(7, 15, 44, -6, 6, -12, -12, -12);
    const text = page(
      row('Ref.', '  Photo', 'Description', 'Qty', ' Unit', 'Material', 'Labor', 'Total'),
      row('B3', 'P-5533', 'Hardwired interconnected smoke/CO detectors', '7', ' EA', '371.00', '525.00', '896.00'),
      row('', '', 'with battery backup'),
      row('', '', 'Notes; peeling and cracking visible'),
      row('B4', 'P-5534', 'Repipe water supply with PEX', '193', ' LF', '623.39', '1,410.83', '2,034.22'),
    );
    const [table] = readLayout(documentFromText(text, { source: 'ocr' })).tables;
    expect(table.entries.map((entry) => [read(entry).description, read(entry).column1 ?? ''])).to.deep.equal([
      ['Hardwired interconnected smoke/CO detectors with battery backup', 'P-5533'],
      ['Repipe water supply with PEX', 'P-5534'],
    ]);
  });

  it('reads a line opened by a remark\'s label in the singular as a note, in every lexicon language', () => {
    const notes = ['Nota: verificar en obra', 'Commentaire : refaire les joints', 'Notiz: Altbestand prüfen', 'Commento: da verificare', 'Notitie: bestaand behouden', 'Observação: conferir no local'];
    expect(notes.map((text) => isNoteLine(rowsOf(text)[0]))).to.deep.equal(notes.map(() => true));
    expect(isNoteLine(rowsOf('Kitchen: base cabinets')[0])).to.equal(false);
  });

  it('reads a code column whose label is glued to the description\'s ("HUD Cat.Description of Work") as a column of its own', () => {
    const row = fixed(5, 8, 32, -5, 6, -10, -10, -10);
    const { tables } = tablesOf(
      page(
        'No.  HUD Cat.Description of Work             Qty  Unit  Material     Labor     Total',
        row('', '', 'KITCHEN'),
        row('1', '  22', 'Closet shelving and rod, wire', '9', '  LF', '125.55', '83.43', '208.98'),
        row('2', '  20', '3-1/4 in. MDF baseboard, painted', '85', '  LF', '176.80', '191.25', '368.05'),
        row('3', '  27', '50 gal gas water heater', '1', '  EA', '1,215.00', '565.00', '1,780.00'),
      ),
    );
    expect(tables[0].header.columns.map((column) => [column.role, column.label]).slice(0, 3)).to.deep.equal([
      ['itemNumber', 'No.'],
      [null, 'HUD Cat.'],
      ['description', 'Description of Work'],
    ]);
    // A number at the description's left edge opens the description ("3-1/4 in."), not the code column.
    expect(tables[0].entries.filter((entry) => entry.kind === 'item').map((entry) => [read(entry).column1, read(entry).description])).to.deep.equal([
      ['22', 'Closet shelving and rod, wire'],
      ['20', '3-1/4 in. MDF baseboard, painted'],
      ['27', '50 gal gas water heater'],
    ]);
  });

  it('gives the description back its first word where a skewed scan sets it under the code column before it', () => {
    const { tables } = tablesOf(
      page(
        'No.   Cat.     Description of Work         Qty  Unit     Total',
        '1      22      Closet shelving and rod       9    LF    208.98',
        '2     18  Hang, tape and finish drywall     85    SF    368.05',
        '3      27      Water heater                  1    EA  1,780.00',
      ),
    );
    expect(tables[0].entries.map((entry) => [read(entry).column1, read(entry).description])).to.deep.equal([
      ['22', 'Closet shelving and rod'],
      ['18', 'Hang, tape and finish drywall'],
      ['27', 'Water heater'],
    ]);
  });

  it("reads a builder's cost and markup beside the owner's price as columns aside, the owner's price as the line amount", () => {
    const row = fixed(8, 40, -6, 7, -12, -10, -12);
    const { tables } = tablesOf(
      page(
        row('Cost', 'Title /', '', '', 'Builder', 'Markup', 'Owner'),
        row('Code', 'Description', 'Qty', '  Unit', 'Cost', '(15%)', 'Price'),
        row('06 - Rough & Finish Carpentry'),
        row('06-110', 'Oak stair treads and risers', '12.00', '  ea', '1,062.61', '159.39', '1,222.00'),
        row('06-120', 'Closet shelving and rod', '24.00', '  lf', '605.65', '90.85', '696.50'),
      ),
    );
    expect(rolesOf(tables[0].header.columns)).to.deep.equal(['itemNumber', 'description', 'quantity', 'unit', 'baseCost', 'markup', 'amount']);
    expect(tables[0].header.rows).to.have.length(2);
    const heading = tables[0].entries[0];
    expect([heading.kind, heading.label.map((word) => word.text).join(' ')]).to.deep.equal(['heading', '06 - Rough & Finish Carpentry']);
    expect(tables[0].entries.slice(1).map((entry) => [entry.kind, read(entry).description, read(entry).amount])).to.deep.equal([
      ['item', 'Oak stair treads and risers', '1,222.00'],
      ['item', 'Closet shelving and rod', '696.50'],
    ]);
  });
  it('keeps a line with a crew or a note but no price out of the description of the item above', () => {
    const crew = fixed(5, 46, 16, -12);
    const byCrew = tablesOf(
      page(
        crew('No.', 'Description of Work', 'Performed By', 'Amount'),
        crew('1.', 'Replace rotted porch floor boards', 'Contractor', '2,864.16'),
        crew('', 'Paint the back bedroom', 'Homeowner'),
        crew('2.', 'Skim coat cracked plaster walls', 'Contractor', '1,520.82'),
      ),
    ).tables[0];
    expect(byCrew.entries.map((entry) => cellOf(entry, 'description'))).to.deep.equal(['Replace rotted porch floor boards', 'Skim coat cracked plaster walls']);
    const noted = fixed(5, 40, -6, -12, 4, 24);
    const byNote = tablesOf(
      page(
        noted('No.', 'Description of Work', 'Qty', 'Amount', '', 'Remarks'),
        noted('1', 'Refinish hardwood floors', '320', '1,280.00'),
        noted('', 'Kitchen appliances', '', '', '', 'Owner to furnish'),
        noted('2', 'Install smoke detectors', '4', '260.00'),
      ),
    ).tables[0];
    expect(byNote.entries.map((entry) => cellOf(entry, 'description'))).to.deep.equal(['Refinish hardwood floors', 'Install smoke detectors']);
  });

  it('joins a description wrapped in lower case beside a wrapped crew or note to its item', () => {
    const crew = fixed(5, 46, 18, -12);
    const byCrew = tablesOf(
      page(
        crew('No.', 'Description of Work', 'Performed By', 'Amount'),
        crew('1.', 'Skim coat cracked plaster walls and', 'Northside Painting', '1,520.82'),
        crew('', 'ceilings in the two front bedrooms', '& Drywall'),
        crew('2.', 'Paint the back bedroom', 'Homeowner', '0.00'),
      ),
    ).tables[0];
    expect(byCrew.entries.map((entry) => cellOf(entry, 'description'))).to.deep.equal(['Skim coat cracked plaster walls and ceilings in the two front bedrooms', 'Paint the back bedroom']);
    const noted = fixed(5, 40, -6, -12, 4, 24);
    const byNote = tablesOf(
      page(
        noted('No.', 'Description of Work', 'Qty', 'Amount', '', 'Remarks'),
        noted('1', 'Refinish hardwood floors in the', '320', '1,280.00', '', 'Match existing'),
        noted('', 'living and dining rooms', '', '', '', 'stain color'),
        noted('2', 'Install smoke detectors', '4', '260.00'),
      ),
    ).tables[0];
    expect(byNote.entries.map((entry) => cellOf(entry, 'description'))).to.deep.equal(['Refinish hardwood floors in the living and dining rooms', 'Install smoke detectors']);
  });

  it('reads a column of unit prices written in words as a note beside the figures, its cells running past its label and wrapping with the description', () => {
    const row = fixed(6, 40, 5, 6, 40, -12, -12);
    const { tables } = tablesOf(
      page(
        row('Item', 'Description of Work', 'Qty', 'Unit', 'Unit Price in Words', 'Unit Price', 'Extension'),
        row('1', 'Lead-safe work practices (RRP):', '1', 'LS', 'One Thousand One Hundred', '$1,188.00', '$1,188.00'),
        row('', 'containment and clearance testing', '', '', 'Eighty-Eight and 00/100 Dollars'),
        row('2', 'Temporary electric service', '1', 'LS', 'Five Hundred Thirty-Four and 00/100', '$534.00', '$534.00'),
        row('', '', '', '', 'Dollars'),
        row('3', 'Hang, tape and finish drywall', '500', 'SF', 'Two and 93/100 Dollars', '$2.93', '$1,465.00'),
      ),
    );
    expect(rolesOf(tables[0].header.columns)).to.deep.equal(['itemNumber', 'description', 'quantity', 'unit', 'amountInWords', 'unitPrice', 'amount']);
    const roles = ['description', 'quantity', 'unit', 'unitPrice', 'amount'];
    expect(tables[0].entries.map((entry) => roles.map((role) => cellOf(entry, role)))).to.deep.equal([
      ['Lead-safe work practices (RRP): containment and clearance testing', '1', 'LS', '$1,188.00', '$1,188.00'],
      ['Temporary electric service', '1', 'LS', '$534.00', '$534.00'],
      ['Hang, tape and finish drywall', '500', 'SF', '$2.93', '$1,465.00'],
    ]);
    expect(cellOf(tables[0].entries[1], 'amountInWords')).to.equal('Five Hundred Thirty-Four and 00/100');
  });
});
