import { expect } from 'chai';
import { readLayout } from '@docsift/core/layout';
import { documentFromText, type TextPageOptions } from '@docsift/core/testing';
import { extractSor } from '../../../plugins/sor/src/extractor.js';
import { readSectionHeading, readStatementTable } from '../../../plugins/sor/src/table.js';

const read = (pages: string[] | string[][], options: TextPageOptions = {}) =>
  extractSor(documentFromText(Array.isArray(pages[0]) ? (pages as string[][]).map((page) => page.join('\n')) : [(pages as string[]).join('\n')], options));
const item = (section: number, line: number): string => `constructionSections[${section}].lineItems[${line}]`;

describe('plugin-sor cost tables', () => {
  describe('section headings', () => {
    it('reads "CONTINUED - Roof" as the Roof section going on', () => {
      expect(readSectionHeading('CONTINUED - Roof')).to.deep.equal({ number: null, name: 'Roof', continued: true });
      expect(readSectionHeading('Continued: Kitchen')).to.deep.equal({ number: null, name: 'Kitchen', continued: true });
      expect(readSectionHeading('Roof')).to.deep.equal({ number: null, name: 'Roof', continued: false });
      expect(readSectionHeading('Master Bath, continued')).to.deep.equal({ number: null, name: 'Master Bath', continued: true });
    });

    it('names each trade printed as a table of its own by its numbered title, over a note of one line', () => {
      const line = (ref: string, description: string, quantity: string, unit: string, material: string, labor: string, total: string): string =>
        `${ref.padEnd(6)}${description.padEnd(44)}${quantity.padStart(5)}  ${unit.padEnd(5)}${material.padStart(10)}${labor.padStart(11)}${total.padStart(11)}`;
      const trade = (title: string, lines: string[], total: string): string[] => [
        title,
        'Contractor to verify all measurements before ordering materials.',
        '',
        line('Ref.', 'Description', 'Qty', 'U/M', 'Material', 'Labor', 'Total'),
        ...lines,
        total,
        '',
      ];
      const { data } = read([
        ...trade(
          '1 ROUGH & FINISH CARPENTRY',
          [line('a.', 'Sister rotted floor joists with 2x10 lumber', '11', 'EA', '451.00', '1,452.00', '1,903.00'), line('b.', 'Closet shelving and rod, wire ventilated', '6', 'LF', '75.48', '78.30', '153.78')],
          line('', 'Total for Rough & Finish Carpentry', '', '', '526.48', '1,530.30', '2,056.78'),
        ),
        ...trade(
          '2 ELECTRICAL',
          [line('a.', 'Hardwired smoke/CO detectors', '6', 'EA', '258.00', '534.00', '792.00'), line('b.', 'GFCI receptacles at kitchen counters', '8', 'EA', '232.00', '440.00', '672.00')],
          line('', 'Total for Electrical', '', '', '490.00', '974.00', '1,464.00'),
        ),
      ]);
      expect(data.constructionSections.map((section) => [section.sectionName, section.lineItems.length])).to.deep.equal([['1 ROUGH & FINISH CARPENTRY', 2], ['2 ELECTRICAL', 2]]);
    });

    it('names a Roman-numeral section as printed where OCR read an I of the numeral as l, i or 1 ("Vill. Cabinets")', () => {
      expect(readSectionHeading('Vill. Cabinets & Appliances')?.name).to.equal('VIII. Cabinets & Appliances');
      expect(readSectionHeading('ll. Demolition')?.name).to.equal('II. Demolition');
      expect(readSectionHeading('Vil. Interior Finishes (continued)')).to.deep.equal({ number: null, name: 'VII. Interior Finishes', continued: true });
      expect(readSectionHeading('1. Kitchen')?.name).to.equal('1. Kitchen');
      expect(readSectionHeading('Illinois Room')?.name).to.equal('Illinois Room');
    });

    it('continues a room section after a page break under "CONTINUED - Roof", with its tax column and "Totals: Roof" row', () => {
      const header = '     DESCRIPTION                          QUANTITY   UNIT PRICE       TAX        RCV';
      const { data, fieldDetails } = read([
        [
          'Insured:  Pat Doe',
          '',
          header,
          'Kitchen',
          '1.   Remove cabinets                        12.00 LF        20.00      0.00     240.00',
          '2.   Install base cabinets                  12.00 LF       150.00     72.00   1,872.00',
          '                          Totals:  Kitchen                             72.00   2,112.00',
          'Roof',
          '3.   Tear off shingles                      20.00 SQ        75.00      0.00   1,500.00',
        ],
        [
          header,
          'CONTINUED - Roof',
          '4.   Drip edge                             150.00 LF         2.50     15.00     390.00',
          '                          Totals:  Roof                                15.00   1,890.00',
        ],
      ]);
      expect(data.constructionSections.map((section) => [section.sectionName, section.lineItems.map((line) => line.description)])).to.deep.equal([
        ['Kitchen', ['Remove cabinets', 'Install base cabinets']],
        ['Roof', ['Tear off shingles', 'Drip edge']],
      ]);
      expect(data.constructionSections[0].lineItems[1]).to.deep.equal({
        description: 'Install base cabinets',
        quantity: 12,
        unit: 'LF',
        materialCost: null,
        laborCost: null,
        totalCost: 1872,
        taxAmount: 72,
      });
      expect(data.constructionSections[1].sectionTotal?.totalCost).to.equal(1890);
      expect(fieldDetails[`${item(1, 1)}.totalCost`].page).to.equal(2);
    });

    it('does not take a heading’s own total, printed in a column of its own, into its name', () => {
      const { data, fieldDetails } = read([
        'No.   Description of Repairs          Qty  Unit      Unit Cost         Cost    Category Total',
        '1     MASONRY                                                                   1,500.00',
        '1.1   Repoint chimney                   1   LS       500.00       500.00',
        '1.2   Rebuild front steps               1   LS     1,000.00     1,000.00',
        '2     SIDING',
        '3     GUTTERS/DOWNSPOUTS                                                          390.00',
        '3.1   Seamless gutter                 150   LF         2.60       390.00',
      ]);
      expect(data.constructionSections.map((section) => section.sectionName)).to.deep.equal(['1 MASONRY', '2 SIDING', '3 GUTTERS/DOWNSPOUTS']);
      expect(data.constructionSections[2].lineItems).to.deep.equal([{ description: 'Seamless gutter', quantity: 150, unit: 'LF', materialCost: null, laborCost: null, totalCost: 390 }]);
      // The name's box ends with the name.
      expect(fieldDetails['constructionSections[0].sectionName'].bbox![2]).to.be.closeTo(0.13, 1e-3);
    });
  });

  it('keeps a heading’s amount-like number in the item-number column in its name ("1.00  DEMOLITION"), and a draw’s scheduled value as the line total', () => {
    const draw = (no: string, description: string, ...values: string[]): string => `${no.padEnd(7)}${description.padEnd(30)}${values.map((value) => value.padStart(13)).join('')}`.trimEnd();
    const { data } = read([
      draw('Item', 'Description of Work', 'Scheduled', 'Previous', 'This Period', 'Balance'),
      draw('No.', '', 'Value', 'Application', '', 'to Finish'),
      draw('1.00', 'DEMOLITION'),
      draw('1.01', 'Remove abandoned oil tank', '1,161.00', '1,161.00', '-', '-'),
      draw('1.02', 'Remove fixtures and tile', '1,070.30', '267.58', '535.15', '267.57'),
      draw('2.00', 'ROOFING'),
      draw('2.01', 'Replace roof decking', '520.20', '-', '-', '520.20'),
    ]);
    expect(data.constructionSections.map((section) => section.sectionName)).to.deep.equal(['1.00 DEMOLITION', '2.00 ROOFING']);
    expect(data.constructionSections.flatMap((section) => section.lineItems.map((line) => [line.description, line.totalCost]))).to.deep.equal([
      ['Remove abandoned oil tank', 1161],
      ['Remove fixtures and tile', 1070.3],
      ['Replace roof decking', 520.2],
    ]);
  });

  describe('equipment and tax columns', () => {
    const g1 = [
      'Code     Description                  Qty  UOM    Material     Labor  Equipment       Tax      Total',
      '1.0 Site Work',
      '02-100   Excavate footing               10  CY      100.00    400.00     250.00      8.00     758.00',
      '02-200   Backfill and compact            5  CY       50.00    150.00        ###      4.00     304.00',
    ];

    it('reads equipment and tax as parts of the line total', () => {
      const { data } = read(g1);
      expect(data.constructionSections[0].sectionName).to.equal('1.0 Site Work');
      expect(data.constructionSections[0].lineItems[0]).to.deep.equal({
        description: 'Excavate footing',
        quantity: 10,
        unit: 'CY',
        materialCost: 100,
        laborCost: 400,
        totalCost: 758,
        equipmentCost: 250,
        taxAmount: 8,
      });
    });

    it('computes an unreadable equipment amount from the total and the other parts, recording how', () => {
      const { data, fieldDetails } = read(g1);
      expect(data.constructionSections[0].lineItems[1].equipmentCost).to.equal(100);
      expect(fieldDetails[`${item(0, 1)}.equipmentCost`]).to.include({ confidence: 0.6, derivation: 'total − material − labor − tax' });
    });
  });

  describe('material and labor printed per unit', () => {
    it('extends unit prices by the quantity under a "Unit Price" header, recording the derivation', () => {
      const { data, fieldDetails } = read([
        'Description                      Qty   Unit      Material        Labor          Total',
        '                                                Unit Price   Unit Price',
        '1.0 Roofing',
        'Tear off shingles                 20   SQ         100.00        75.00       3,500.00',
        'Drip edge, aluminum              150   LF           1.00         1.50         375.00',
      ]);
      expect(data.constructionSections[0].lineItems.map((line) => [line.quantity, line.materialCost, line.laborCost, line.totalCost])).to.deep.equal([
        [20, 2000, 1500, 3500],
        [150, 150, 225, 375],
      ]);
      expect(fieldDetails[`${item(0, 0)}.materialCost`]).to.include({ confidence: 0.95, derivation: 'quantity × material unit price' });
      expect(fieldDetails[`${item(0, 0)}.laborCost`]).to.include({ confidence: 0.95, derivation: 'quantity × labor unit price' });
      // Boxes the quantity and the rate it was extended from.
      const [x0, , x1] = fieldDetails[`${item(0, 0)}.materialCost`].bbox!;
      expect([x0, x1]).to.deep.equal([0.34, 0.56]);
    });

    it('extends them without such a header when the rates times the quantity make the line total', () => {
      const { data, fieldDetails } = read([
        'Description                      Qty   Unit      Material        Labor          Total',
        '1.0 Roofing',
        'Tear off shingles                 20   SQ         100.00        75.00       3,500.00',
        'Drip edge, aluminum              150   LF           1.00         1.50         375.00',
      ]);
      expect(data.constructionSections[0].lineItems[0]).to.include({ materialCost: 2000, laborCost: 1500, totalCost: 3500 });
      expect(fieldDetails[`${item(0, 1)}.laborCost`].derivation).to.equal('quantity × labor unit price');
    });

    it('leaves extended amounts that add up as printed', () => {
      const { data, fieldDetails } = read([
        'Description                      Qty   Unit      Material        Labor          Total',
        '1.0 Roofing',
        'Tear off shingles                 20   SQ       2,000.00     1,500.00       3,500.00',
      ]);
      expect(data.constructionSections[0].lineItems[0]).to.include({ materialCost: 2000, laborCost: 1500 });
      expect(fieldDetails[`${item(0, 0)}.materialCost`]).to.not.have.property('derivation');
    });
  });

  describe('OCR repairs checked by the line’s arithmetic', () => {
    const lostPoint = ['Description                  Qty  Unit     Material      Labor       Total', '1.0 Plumbing', 'Water heater                   1  EA        60000     300.00      900.00'];

    it('puts back the decimal point OCR lost in an amount when the line then adds up, at lower confidence', () => {
      const { data, fieldDetails } = read(lostPoint, { source: 'ocr' });
      expect(data.constructionSections[0].lineItems[0]).to.include({ materialCost: 600, laborCost: 300, totalCost: 900 });
      expect(fieldDetails[`${item(0, 0)}.materialCost`]).to.include({ confidence: 0.63, source: 'ocr' });
    });

    it('leaves an amount of the text layer as printed', () => {
      expect(read(lostPoint).data.constructionSections[0].lineItems[0].materialCost).to.equal(60000);
    });

    const unitPriced = [
      'Description                  Qty  Unit   Unit Price     Material      Labor       Total',
      '1.0 Plumbing',
      'Plumber                      240  HR         105.00         0.00  22,050.00   22,050.00',
      'Water heater                   1  EA         900.00       600.00     300.00      900.00',
      'Replace valves               235  EA          10.00        10.00     225.00      235.00',
    ];

    it('restores an OCR quantity with one misread digit from total ÷ unit price, recording the derivation', () => {
      const { data, fieldDetails } = read(unitPriced, { source: 'ocr' });
      expect(data.constructionSections[0].lineItems.map((line) => line.quantity)).to.deep.equal([210, 1, 23.5]);
      expect(fieldDetails[`${item(0, 0)}.quantity`]).to.include({ confidence: 0.54, derivation: 'total ÷ unit price', source: 'ocr' });
      // The quantity, unit price and total it was computed from.
      const [x0, , x1] = fieldDetails[`${item(0, 0)}.quantity`].bbox!;
      expect([x0, x1]).to.deep.equal([0.29, 0.87]);
      // A lost decimal point is a repair of the printed digits, not a derivation.
      expect(fieldDetails[`${item(0, 2)}.quantity`]).to.include({ confidence: 0.63 }).and.not.have.property('derivation');
      expect(fieldDetails[`${item(0, 1)}.quantity`]).to.include({ confidence: 0.9 });
    });

    it('repairs no quantity of the text layer', () => {
      const { data, fieldDetails } = read(unitPriced);
      expect(data.constructionSections[0].lineItems.map((line) => line.quantity)).to.deep.equal([240, 1, 235]);
      expect(fieldDetails[`${item(0, 0)}.quantity`]).to.include({ confidence: 1 }).and.not.have.property('derivation');
    });
  });
});

describe('plugin-sor cost tables: columns sharing a role', () => {
  it('takes the cell that holds words when two columns share a role (a stray empty "unit" column at the margin)', () => {
    const layout = readLayout(
      documentFromText(
        [
          'DESCRIPTION                          QTY   UNIT   UNIT PRICE      TOTAL',
          'Portable toilet rental (per month)     4   EA         162.00     648.00',
          'Roll-off dumpster, 20 CY               2   EA         528.00   1,056.00',
        ].join('\n'),
      ),
    );
    const stray = { ...layout.tables[0].header.columns.find((column) => column.role === 'unit')!, x0: 0, x1: 0.01 };
    for (const entry of layout.tables[0].entries) {
      entry.columns = [stray, ...entry.columns];
      entry.cells = [[], ...entry.cells];
    }
    const units = readStatementTable(layout).sections.flatMap((section) => section.items.map((draft) => draft.unit?.value));
    expect(units).to.deep.equal(['EA', 'EA']);
  });
});
