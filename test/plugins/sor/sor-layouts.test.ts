import { expect } from 'chai';
import { documentFromText, type TextPageOptions } from '@docsift/core/testing';
import { extractSor } from '../../../plugins/sor/src/extractor.js';

const read = (lines: string[], options: TextPageOptions = {}) => extractSor(documentFromText(lines.join('\n'), options));
const metadata = (lines: string[]) => read(lines).data.documentMetadata;
const item = (section: number, line: number): string => `constructionSections[${section}].lineItems[${line}]`;

/** Description | Qty | Unit | Unit Price | Total. */
const priced = (description: string, qty: string, unit: string, price: string, total: string): string =>
  `${description.padEnd(44)}${qty.padStart(6)}  ${unit.padEnd(4)}${price.padStart(12)}${total.padStart(14)}`;
const PRICED_HEADER = priced('Description', 'Qty', 'Unit', 'Unit Price', 'Total');

/** Recap lines: the label at the left, the amount right-aligned in a column. */
const recapLine = (label: string, amount: string): string => `${label.padEnd(60)}${amount.padStart(14)}`;

describe('plugin-sor layouts', () => {
  describe('quantity-first tables', () => {
    it('reads the quantity and unit printed after the item number and before the description', () => {
      const { data } = read([
        'ITEM  QTY  UNIT  DESCRIPTION                        UNIT PRICE     EXTENDED',
        '1      14  LF    Base cabinets, shaker style            120.00     1,680.00',
        '2       1  EA    Kitchen sink, stainless                350.00       350.00',
      ]);
      expect(data.constructionSections).to.have.length(1);
      expect(data.constructionSections[0].lineItems).to.deep.equal([
        { description: 'Base cabinets, shaker style', quantity: 14, unit: 'LF', materialCost: null, laborCost: null, totalCost: 1680 },
        { description: 'Kitchen sink, stainless', quantity: 1, unit: 'EA', materialCost: null, laborCost: null, totalCost: 350 },
      ]);
    });

    it('reads "1.00 LS" under "QTY/UOM" as the quantity and the unit', () => {
      const { data } = read([
        'QTY/UOM    DESCRIPTION                          MATERIAL      LABOR       TOTAL',
        '1.00 LS    Demolition and haul away               200.00     800.00    1,000.00',
        '12.00 LF   Base cabinets, shaker style          1,440.00     480.00    1,920.00',
      ]);
      expect(data.constructionSections[0].lineItems).to.deep.equal([
        { description: 'Demolition and haul away', quantity: 1, unit: 'LS', materialCost: 200, laborCost: 800, totalCost: 1000 },
        { description: 'Base cabinets, shaker style', quantity: 12, unit: 'LF', materialCost: 1440, laborCost: 480, totalCost: 1920 },
      ]);
    });

    it('extends material and labor printed per unit under "Mat/Unit" and "Lab/Unit" by the quantity, recording how', () => {
      const { data, fieldDetails } = read([
        'Qty   Unit  Description                      Mat/Unit   Lab/Unit       Total',
        'ROOF',
        ' 20   SQ    Tear off shingles                  100.00      75.00    3,500.00',
        '150   LF    Drip edge, aluminum                  1.00       1.50      375.00',
      ]);
      expect(data.constructionSections.map((section) => section.sectionName)).to.deep.equal(['ROOF']);
      expect(data.constructionSections[0].lineItems).to.deep.equal([
        { description: 'Tear off shingles', quantity: 20, unit: 'SQ', materialCost: 2000, laborCost: 1500, totalCost: 3500 },
        { description: 'Drip edge, aluminum', quantity: 150, unit: 'LF', materialCost: 150, laborCost: 225, totalCost: 375 },
      ]);
      expect(fieldDetails[`${item(0, 0)}.materialCost`]).to.include({ confidence: 0.95, derivation: 'quantity × material unit price' });
      expect(fieldDetails[`${item(0, 1)}.laborCost`]).to.include({ derivation: 'quantity × labor unit price' });
    });
  });

  describe('division headings and CSI subsections', () => {
    it('keeps the items under "06 11 00 Wood Framing" in the section of "06 – Wood, Plastics & Composites"', () => {
      const { data } = read([
        PRICED_HEADER,
        '06 – Wood, Plastics & Composites',
        '06 11 00 Wood Framing',
        priced('Sister floor joists', '12', 'EA', '85.00', '1,020.00'),
        priced('New subfloor, 3/4" plywood', '240', 'SF', '3.50', '840.00'),
        '06 20 00 Finish Carpentry',
        priced('Base trim, paint grade', '180', 'LF', '4.00', '720.00'),
        '09 – Finishes',
        '09 91 00 Painting',
        priced('Paint interior walls', '1,200', 'SF', '1.25', '1,500.00'),
      ]);
      expect(data.constructionSections.map((section) => [section.sectionName, section.lineItems.map((line) => line.description)])).to.deep.equal([
        ['06 – Wood, Plastics & Composites', ['Sister floor joists', 'New subfloor, 3/4" plywood', 'Base trim, paint grade']],
        ['09 – Finishes', ['Paint interior walls']],
      ]);
      expect(data.constructionSections[1].lineItems[0]).to.include({ quantity: 1200, unit: 'SF', totalCost: 1500 });
    });

    it('keeps the items of CSI subsections in the section of "Division 04: Masonry"', () => {
      const { data } = read([
        PRICED_HEADER,
        'Division 04: Masonry',
        '04 20 00 Unit Masonry',
        priced('Repoint chimney', '1', 'LS', '900.00', '900.00'),
        '04 40 00 Stone Assemblies',
        priced('Reset stone steps', '3', 'EA', '250.00', '750.00'),
        'Division 05: Metals',
        priced('Steel lintel', '2', 'EA', '300.00', '600.00'),
      ]);
      expect(data.constructionSections.map((section) => [section.sectionName, section.lineItems.map((line) => line.description)])).to.deep.equal([
        ['Division 04: Masonry', ['Repoint chimney', 'Reset stone steps']],
        ['Division 05: Metals', ['Steel lintel']],
      ]);
    });
  });

  describe('a lender’s budget form', () => {
    /** Line | Trade | Description of Work | Labor | Materials | Total, a "$" cell before each amount; lines with no work are left blank. */
    const formRow = (no: string, trade: string, description: string, labor: string, material: string, total: string): string =>
      `${no.padEnd(5)}${trade.padEnd(34)}${description.padEnd(32)}$${labor.padStart(10)}  $${material.padStart(10)}  $${total.padStart(10)}`;
    const emptyRow = (no: string, trade: string): string => `${no.padEnd(5)}${trade}`;
    const footRow = (label: string, labor: string, material: string, total: string): string => `${label.padEnd(71)}${formRow('', '', '', labor, material, total).trimStart()}`;
    const totalOnly = (label: string, total: string): string => `${label.padEnd(97)}$${total.padStart(10)}`;
    const band = (text: string): string => `${' '.repeat(52 - Math.floor(text.length / 2))}${text}`;
    const form = [
      'Line Trade                             Description of Work                 Labor      Materials          Total',
      band('Part I: General & Pre-Construction'),
      formRow('1', 'General Requirements', 'Building permit', '200.00', '650.00', '850.00'),
      emptyRow('2', 'Demolition & Haul-Off'),
      footRow('Subtotal - General & Pre-Construction', '200.00', '650.00', '850.00'),
      band('Part II: Exterior & Structure'),
      emptyRow('3', 'Concrete & Flatwork'),
      emptyRow('4', 'Masonry & Foundation'),
      footRow('Subtotal - Exterior & Structure', '-', '-', '-'),
      band('Part III: Interior Finishes'),
      formRow('5', 'Drywall, Paint & Flooring', 'Paint all rooms', '2,400.00', '800.00', '3,200.00'),
      formRow('', '', 'Refinish oak floors', '1,000.00', '200.00', '1,200.00'),
      emptyRow('6', 'Cabinets, Counters & Appliances'),
      footRow('Subtotal - Interior Finishes', '3,400.00', '1,000.00', '4,400.00'),
      footRow('TOTAL DIRECT CONSTRUCTION COST', '3,600.00', '1,650.00', '5,250.00'),
      totalOnly('Contractor Overhead & Profit (10% of direct cost)', '525.00'),
      totalOnly('TOTAL CONTRACT PRICE', '5,775.00'),
    ];

    it('makes the band headings the sections, an empty band too, and no trade (not even "General Requirements") a section or a total', () => {
      const { data } = read(form);
      expect(data.constructionSections.map((section) => [section.sectionName, section.lineItems.map((line) => line.description), section.sectionTotal?.totalCost])).to.deep.equal([
        ['Part I: General & Pre-Construction', ['Building permit'], 850],
        ['Part II: Exterior & Structure', [], 0],
        ['Part III: Interior Finishes', ['Paint all rooms', 'Refinish oak floors'], 4400],
      ]);
      expect(data.constructionSections[0].lineItems[0]).to.deep.equal({ description: 'Building permit', quantity: null, unit: null, materialCost: 650, laborCost: 200, totalCost: 850 });
    });

    it('reads "TOTAL DIRECT CONSTRUCTION COST" as the recap’s subtotal', () => {
      expect(read(form).data.recapSummary).to.deep.equal({ subtotal: 5250, generalConditions: null, overheadAndProfit: 525, grandTotal: 5775 });
    });
  });

  describe('the recap', () => {
    it('drops the running total printed after each markup’s amount, and reads the cost plan’s fee and total wordings', () => {
      const running = (label: string, amount: string, total: string): string => `${recapLine(label, amount)}${total.padStart(16)}`;
      const { data } = read([
        running('Total Direct Construction Cost', '25,939.24', '25,939.24'),
        running('General Conditions 12%', '3,112.71', '29,051.95'),
        running("Contractor's Fee (Overhead & Profit) 10%", '2,905.20', '31,957.15'),
        recapLine('TOTAL ESTIMATED CONSTRUCTION COST', '31,957.15'),
      ]);
      expect(data.recapSummary).to.deep.equal({ subtotal: 25939.24, generalConditions: 3112.71, overheadAndProfit: 2905.2, grandTotal: 31957.15 });
      expect(data.additionalInfo?.recapLines).to.deep.equal([]);
      expect(data.additionalInfo?.linesAfterGrandTotal).to.deep.equal([]);
    });

    it('keeps a markup’s amount printed after the base it is reckoned on: that is no running total', () => {
      const { data } = read([
        recapLine('Subtotal', '25,939.24'),
        `${recapLine('Overhead & Profit 10% of', '25,939.24')}${'2,593.92'.padStart(16)}`,
        recapLine('GRAND TOTAL', '28,533.16'),
      ]);
      expect(data.recapSummary).to.deep.equal({ subtotal: 25939.24, generalConditions: null, overheadAndProfit: 2593.92, grandTotal: 28533.16 });
    });

    it('reads a contractor’s fee as overhead and profit', () => {
      const { data } = read([recapLine('Subtotal', '10,000.00'), recapLine("Contractor's Fee 15%", '1,500.00'), recapLine('Total Contract Price', '11,500.00')]);
      expect(data.recapSummary).to.deep.equal({ subtotal: 10000, generalConditions: null, overheadAndProfit: 1500, grandTotal: 11500 });
    });

    it('reads "TOTAL ESTIMATED CONSTRUCTION COST" as the grand total, not a bare total naming a section', () => {
      const { data } = read([recapLine('Subtotal', '10,000.00'), recapLine('Overhead & Profit', '1,500.00'), recapLine('TOTAL ESTIMATED CONSTRUCTION COST', '11,500.00')]);
      expect(data.recapSummary.grandTotal).to.equal(11500);
    });

    it('takes a bare total naming a room ("Totals: Hall Bath") for no grand total, and "TOTAL BASE BID" for it', () => {
      for (const roomTotal of ['Totals: Hall Bath', 'Total: Hall Bath', 'TOTAL HALL BATH']) {
        const { data } = read([
          recapLine(roomTotal, '3,633.33'),
          recapLine('Subtotal', '3,933.33'),
          recapLine('Overhead & Profit', '393.33'),
          recapLine('TOTAL BASE BID', '4,326.66'),
          recapLine('Contingency Reserve (10%)', '432.67'),
        ]);
        expect(data.recapSummary, roomTotal).to.deep.equal({ subtotal: 3933.33, generalConditions: null, overheadAndProfit: 393.33, grandTotal: 4326.66 });
        expect(data.additionalInfo?.linesAfterGrandTotal, roomTotal).to.deep.equal([{ label: 'Contingency Reserve (10%)', amount: 432.67 }]);
      }
    });

    it('keeps the room totals of an estimate as its sections’ totals and the base bid as the grand total', () => {
      const header = '     DESCRIPTION                          QUANTITY   UNIT PRICE       TAX        RCV';
      const { data } = read([
        header,
        'Hall Bath',
        '1.   Remove vanity                           1.00 EA        83.33      0.00      83.33',
        '2.   Tile floor                             50.00 SF        71.00      0.00   3,550.00',
        '                          Totals:  Hall Bath                            0.00   3,633.33',
        'Kitchen',
        '3.   Paint walls                           200.00 SF         1.50      0.00     300.00',
        '                          Totals:  Kitchen                              0.00     300.00',
        '',
        recapLine('Subtotal', '3,933.33'),
        recapLine('Overhead & Profit', '393.33'),
        recapLine('TOTAL BASE BID', '4,326.66'),
      ]);
      expect(data.constructionSections.map((section) => [section.sectionName, section.sectionTotal?.totalCost])).to.deep.equal([
        ['Hall Bath', 3633.33],
        ['Kitchen', 300],
      ]);
      expect(data.recapSummary).to.deep.equal({ subtotal: 3933.33, generalConditions: null, overheadAndProfit: 393.33, grandTotal: 4326.66 });
    });
  });

  describe('the header block', () => {
    it('reads a "Ship To" block as the property address, and its name line as the borrower when no label names one', () => {
      const { data, fieldDetails } = read([
        'Hammer Roofing LLC',
        '100 Industrial Pkwy, Dayton, OH 45402',
        '',
        'ESTIMATE #1042',
        '',
        'Ship To:',
        'Maria Gomez',
        '1764 Magnolia Street',
        'Tampa, FL 33602',
      ]);
      expect(data.documentMetadata).to.deep.include({ propertyAddress: '1764 Magnolia Street, Tampa, FL 33602', borrowerName: 'Maria Gomez' });
      expect(fieldDetails['documentMetadata.borrowerName']).to.include({ confidence: 0.7 });
      expect(fieldDetails['documentMetadata.borrowerName'].bbox![1]).to.be.closeTo(6 / 66, 1e-3);
      expect(fieldDetails['documentMetadata.propertyAddress']).to.include({ confidence: 0.8 });
      expect(fieldDetails['documentMetadata.propertyAddress'].bbox![1]).to.be.closeTo(7 / 66, 1e-3);
    });

    it('keeps the labelled borrower over the "Ship To" name, and reads a "Ship To" block with no name line whole as the address', () => {
      const labelled = metadata(['Customer:  Pat Doe', '', 'Ship To:', 'Maria Gomez', '1764 Magnolia Street', 'Tampa, FL 33602']);
      expect(labelled).to.deep.include({ borrowerName: 'Pat Doe', propertyAddress: '1764 Magnolia Street, Tampa, FL 33602' });
      const unnamed = metadata(['ESTIMATE #1042', 'Ship To:   1764 Magnolia Street', '           Tampa, FL 33602']);
      expect(unnamed).to.deep.include({ borrowerName: null, propertyAddress: '1764 Magnolia Street, Tampa, FL 33602' });
    });

    it('reads a bank’s own letterhead on its form as the lender', () => {
      const { data, fieldDetails } = read([
        'Union Federal Savings & Loan',
        '200 Main Street, Springfield, IL 62701',
        '',
        'RENOVATION BUDGET',
        'Borrower:  Pat Doe',
        'Property:  12 Elm St, Springfield, IL 62701',
      ]);
      expect(data.documentMetadata).to.deep.include({ lenderName: 'Union Federal Savings & Loan', borrowerName: 'Pat Doe' });
      expect(data.documentMetadata.contractorInfo.name).to.equal(null);
      expect(fieldDetails['documentMetadata.lenderName']).to.include({ confidence: 0.7, page: 1 });
    });

    it('drops a program or role printed after a name', () => {
      const meta = metadata(['Lender:      Cardinal Financial Bank, FHA 203(k)', 'Consultant:  Angela T. Washington, 203(k) Consultant', 'Borrower:    Pat Doe']);
      expect(meta).to.deep.include({ lenderName: 'Cardinal Financial Bank', consultant: 'Angela T. Washington', borrowerName: 'Pat Doe' });
    });

    it('gives no contractor phone when no contractor is named', () => {
      const bare = metadata(['SPECIFICATION OF REPAIRS', 'Borrower:    Pat Doe', 'Property:    12 Elm St, Springfield, IL 62701', '(555) 999-0000']);
      expect(bare.contractorInfo).to.deep.equal({ name: null, license: null, phone: null });
      const consultants = metadata(['SPECIFICATION OF REPAIRS', 'Consultant:  Angela T. Washington', 'Phone:       (555) 999-0000', 'Borrower:    Pat Doe']);
      expect(consultants.contractorInfo).to.deep.equal({ name: null, license: null, phone: null });
      // A named contractor keeps the only phone.
      expect(metadata(['Hammer Roofing LLC', 'Phone: 937-555-0100', '', 'ESTIMATE', 'Customer:  Pat Doe']).contractorInfo.phone).to.equal('937-555-0100');
    });
  });

  describe('OCR units', () => {
    const line = (description: string, qty: string, unit: string, material: string, labor: string, total: string): string =>
      `${description.padEnd(36)}${qty.padStart(6)}  ${unit.padEnd(4)}${material.padStart(12)}${labor.padStart(12)}${total.padStart(14)}`;
    const lines = [
      line('Description', 'Qty', 'Unit', 'Material', 'Labor', 'Total'),
      '1.0 Carpentry',
      line('Base trim', '120', 'LF', '240.00', '360.00', '600.00'),
      line('Crown molding', '80', 'LE', '240.00', '320.00', '560.00'),
      line('Chair rail', '60', 'LF', '120.00', '180.00', '300.00'),
      line('Door hardware', '6', 'A', '180.00', '120.00', '300.00'),
      line('Closet doors', '2', 'EA', '400.00', '200.00', '600.00'),
      line('Demolition', '1', 'LS', '0.00', '500.00', '500.00'),
    ];

    it('snaps an OCR unit that is no unit to the one the document uses most one letter away, at lower confidence', () => {
      const { data, fieldDetails } = read(lines, { source: 'ocr' });
      expect(data.constructionSections[0].lineItems.map((entry) => entry.unit)).to.deep.equal(['LF', 'LF', 'LF', 'EA', 'EA', 'LS']);
      expect(fieldDetails[`${item(0, 1)}.unit`].confidence).to.be.below(fieldDetails[`${item(0, 0)}.unit`].confidence);
    });

    it('leaves the units of the text layer as printed', () => {
      expect(read(lines).data.constructionSections[0].lineItems.map((entry) => entry.unit)).to.deep.equal(['LF', 'LE', 'LF', 'A', 'EA', 'LS']);
    });
  });
});

describe('plugin-sor: CSI codes printed without spaces and empty form lines', () => {
  it('keeps a subsection coded "015100" inside its division', () => {
    const { data } = read([
      PRICED_HEADER,
      '01 – General Requirements',
      '015100 Temporary Utilities',
      priced('Temporary power pole', '1', 'LS', '650.00', '650.00'),
      '02 – Existing Conditions',
      priced('Remove carpet and pad', '107', 'SY', '2.65', '283.55'),
      recapLine('Grand Total', '933.55'),
    ]);
    expect(data.constructionSections.map((section) => [section.sectionName, section.lineItems.map((line) => line.description)])).to.deep.equal([
      ['01 – General Requirements', ['Temporary power pole']],
      ['02 – Existing Conditions', ['Remove carpet and pad']],
    ]);
  });

  it('reads no line item from a form line with dashes for every amount', () => {
    const { data } = read([
      'Line  Description of Work                              Labor        Materials           Total',
      '1     Dumpster, two hauls                           $ 200.00         $ 650.00        $ 850.00',
      '2     Demolition and haul-off                            $ -              $ -             $ -',
      recapLine('Subtotal', '850.00'),
      recapLine('Overhead & Profit (10%)', '85.00'),
      recapLine('Grand Total', '935.00'),
    ]);
    expect(data.constructionSections.flatMap((section) => section.lineItems.map((line) => line.description))).to.deep.equal(['Dumpster, two hauls']);
    expect(data.recapSummary).to.deep.include({ subtotal: 850, overheadAndProfit: 85, grandTotal: 935 });
  });
});
