import { expect } from 'chai';
import { documentFromText, type TextPageOptions } from '@docsift/core/testing';
import { extractSor } from '../../../plugins/sor/src/extractor.js';
import { recapArithmetic } from '../../../plugins/sor/src/validators.js';

/** Recap lines "Label  amount", the label at the left and the amount right-aligned in a column. */
const recap = (lines: string[], options: TextPageOptions = {}) =>
  extractSor(
    documentFromText(
      lines.map((line) => line.replace(/^(.*?)\s{2,}(\S+)$/, (_, label: string, amount: string) => `${label.padEnd(60)}${amount.padStart(14)}`)).join('\n'),
      options,
    ),
  );

describe('plugin-sor recap', () => {
  it('reads a draw schedule’s foot: "TOTAL DIRECT COSTS" is the subtotal, "TOTAL CONTRACT AMOUNT" the grand total', () => {
    const { data, fieldDetails } = recap([
      'TOTAL DIRECT COSTS  $10,000.00',
      'General Conditions (6%)  $600.00',
      'Contractor Overhead & Profit (10%)  $1,060.00',
      "Builder's Risk Insurance  $140.00",
      'TOTAL CONTRACT AMOUNT  $11,800.00',
    ]);
    expect(data.recapSummary).to.deep.equal({ subtotal: 10000, generalConditions: 600, overheadAndProfit: 1060, grandTotal: 11800 });
    expect(data.additionalInfo?.recapLines).to.deep.equal([{ label: "Builder's Risk Insurance", amount: 140 }]);
    expect(fieldDetails['recapSummary.subtotal'].bbox![1]).to.be.closeTo(0, 1e-3);
    expect(fieldDetails['recapSummary.grandTotal'].bbox![1]).to.be.closeTo(4 / 66, 1e-3);
    expect(recapArithmetic(data, { now: new Date() })).to.deep.equal([]);
  });

  it('takes "ESTIMATED PROJECT COST" for the grand total, the contingency after it kept apart', () => {
    const { data } = recap(['Locations subtotal  22,818.90', 'Overhead & profit (10%)  2,281.89', 'Permits  1,000.00', 'ESTIMATED PROJECT COST  $26,100.79', 'Contingency reserve (15%)  3,915.12']);
    expect(data.recapSummary).to.deep.equal({ subtotal: 22818.9, generalConditions: null, overheadAndProfit: 2281.89, grandTotal: 26100.79 });
    expect(data.additionalInfo?.contingencyReserve).to.equal(3915.12);
  });

  it('takes the total of the bid items, numbered from first to last, for the subtotal', () => {
    const { data } = recap(['Total of Bid Items 1 through 10  $22,971.43', 'Permit allowance  500.00', 'TOTAL BID PRICE  $23,471.43']);
    expect(data.recapSummary).to.deep.equal({ subtotal: 22971.43, generalConditions: null, overheadAndProfit: null, grandTotal: 23471.43 });
  });

  it('takes the total of all locations, or of the schedules, for the subtotal', () => {
    for (const label of ['Total, all locations', 'Total of schedules']) {
      const { data } = recap([`${label}  15,002.79`, 'Overhead & profit (10%)  1,500.28', 'TOTAL COST OF REPAIRS  $16,503.07']);
      expect(data.recapSummary).to.deep.equal({ subtotal: 15002.79, generalConditions: null, overheadAndProfit: 1500.28, grandTotal: 16503.07 });
    }
  });

  it('takes "Phase total" for a section’s total, not the grand total, and a builder fee for overhead and profit', () => {
    const { data } = recap([
      'Phase total  8,047.14',
      '',
      'Total direct cost  $26,813.99',
      'Builder fee (15%)  $4,022.10',
      'TOTAL PROJECT BUDGET  $30,836.09',
    ]);
    expect(data.recapSummary).to.deep.equal({ subtotal: 26813.99, generalConditions: null, overheadAndProfit: 4022.1, grandTotal: 30836.09 });
  });

  it('takes "Total - all rooms" for a total of the rooms, not the grand total: the dash after "Total" is no word of its label', () => {
    const { data } = recap(['Total - all rooms  $37,960.73', 'Permits  1,150.00', 'TOTAL PRICE  $39,110.73']);
    expect(data.recapSummary.grandTotal).to.equal(39110.73);
  });

  it('reads a rehab budget’s summary: "Project management" is general conditions, "TOTAL REHAB BUDGET" the grand total, the contingency after it apart', () => {
    const { data } = recap([
      'Subtotal  $27,691.29',
      'Project management 5%  $1,384.56',
      'Permits and city fees  $325.00',
      'TOTAL REHAB BUDGET  $29,400.85',
      'Contingency (10%)  $2,940.09',
      'Total Budget incl. Contingency  $32,340.94',
    ]);
    expect(data.recapSummary).to.deep.equal({ subtotal: 27691.29, generalConditions: 1384.56, overheadAndProfit: null, grandTotal: 29400.85 });
  });

  it('reads a budget summary line with a section\'s share of the budget ("I. General Requirements  40.0%  $800.00") as its total, not general conditions, its number read otherwise too', () => {
    const item = (number: string, description: string, quantity = '', unit = '', amount = ''): string => `${number.padEnd(8)}${description.padEnd(40)}${quantity.padStart(6)}${unit.padStart(6)}${amount.padStart(14)}`;
    const summary = (label: string, share: string, amount: string): string => `${''.padEnd(30)}${label.padEnd(42)}${share.padStart(8)}${amount.padStart(14)}`;
    const budget = (first: string) => extractSor(
      documentFromText(
        [
          item('No.', 'Description of Work', 'Qty', 'Unit', 'Line Total'),
          item('I. General Requirements', ''),
          item('I-1', 'Dumpster rental', '1', 'LS', '500.00'),
          item('I-2', 'Permit fees and plan review', '1', 'LS', '300.00'),
          item('', 'Subtotal I', '', '', '800.00'),
          '',
          item('II. Concrete', ''),
          item('II-1', 'Front walk, broom finish', '120', 'SF', '1,200.00'),
          item('', 'Subtotal II', '', '', '1,200.00'),
          '',
          summary('BUDGET SUMMARY', '', ''),
          summary(`${first} General Requirements`, '40.0%', '$800.00'),
          summary('II. Concrete', '60.0%', '$1,200.00'),
          summary('Total construction (all sections)', '', '$2,000.00'),
          summary('Contingency reserve 10% of construction', '', '$200.00'),
          summary('TOTAL REHABILITATION BUDGET', '', '$2,200.00'),
        ].join('\n'),
      ),
    );
    const { data } = budget('I.');
    expect(data.constructionSections.map((section) => section.sectionName)).to.deep.equal(['I. General Requirements', 'II. Concrete']);
    expect(data.recapSummary).to.deep.equal({ subtotal: 2000, generalConditions: null, overheadAndProfit: null, grandTotal: 2200 });
    expect(data.additionalInfo?.contingencyReserve).to.equal(200);
    // OCR may read the summary's numeral otherwise than the heading's ("1." for I.): numbered alike, the name says it.
    expect(budget('1.').data.recapSummary.generalConditions).to.equal(null);
  });

  it('reads "TOTAL OWNER PRICE" under the builder\'s cost and markup totals as the grand total, the totals of the groups apart', () => {
    const { data } = recap([
      'Total builder cost  21,844.65',
      'Total markup (15%)  3,276.70',
      'Owner price subtotal  $25,121.35',
      'TOTAL OWNER PRICE  $25,121.35',
    ]);
    expect(data.recapSummary).to.deep.equal({ subtotal: 25121.35, generalConditions: null, overheadAndProfit: null, grandTotal: 25121.35 });
  });

  it('reads a summary line that names a section read ("Category 1: General Requirements  800.00") as its total, not general conditions', () => {
    const { data } = recap([
      'Description  Amount',
      'Category 1: General Requirements',
      'Dumpster rental  500.00',
      'Permit fees and plan review  300.00',
      'Category 2: Concrete',
      'Front walk, broom finish  1,200.00',
      '',
      'SUMMARY OF COSTS',
      'Category 1: General Requirements  800.00',
      'Category 2: Concrete  1,200.00',
      'Total of all items  2,000.00',
      'TOTAL COST OF REPAIRS  2,000.00',
    ]);
    expect(data.constructionSections.map((section) => section.sectionName)).to.deep.equal(['Category 1: General Requirements', 'Category 2: Concrete']);
    expect(data.recapSummary).to.deep.equal({ subtotal: 2000, generalConditions: null, overheadAndProfit: null, grandTotal: 2000 });
  });

  it("reads an agreement's schedule of work: the total under the last section's own is the subtotal, then the markups and the CONTRACT PRICE", () => {
    const { data } = recap([
      'No.  Description of Work  Amount',
      'CARPENTRY',
      '1.   Replace rotted porch floor boards  2,864.16',
      '2.   Oak stair treads and risers  1,860.00',
      '     Total Carpentry  $4,724.16',
      'ROOFING',
      '3.   Ice and water shield at eaves  635.00',
      '4.   Synthetic roof underlayment  568.29',
      '     Total Roofing  $1,203.29',
      '     Total of the work  $5,927.45',
      '     Supervision and general conditions (6%)  $355.65',
      '     Permits and inspection fees  $825.00',
      '     CONTRACT PRICE  $7,108.10',
    ]);
    expect(data.constructionSections.map((section) => [section.sectionName, section.lineItems.length])).to.deep.equal([['CARPENTRY', 2], ['ROOFING', 2]]);
    expect(data.recapSummary).to.deep.equal({ subtotal: 5927.45, generalConditions: 355.65, overheadAndProfit: null, grandTotal: 7108.1 });
    expect(data.additionalInfo?.recapLines).to.deep.equal([{ label: 'Permits and inspection fees', amount: 825 }]);
  });

  it("reads an agreement's schedule whose sections print no totals: the line adding up every item starts the recap", () => {
    const { data } = recap([
      'No.  Description of Work  Amount',
      'CARPENTRY',
      '1.   Replace rotted porch floor boards  2,864.16',
      '2.   Oak stair treads and risers  1,860.00',
      'ROOFING',
      '3.   Ice and water shield at eaves  635.00',
      '4.   Synthetic roof underlayment  568.29',
      '     Total of the work  $5,927.45',
      '     Supervision and general conditions (6%)  $355.65',
      '     CONTRACT PRICE  $6,283.10',
    ]);
    expect(data.constructionSections.map((section) => [section.sectionName, section.lineItems.length])).to.deep.equal([['CARPENTRY', 2], ['ROOFING', 2]]);
    expect(data.recapSummary).to.deep.equal({ subtotal: 5927.45, generalConditions: 355.65, overheadAndProfit: null, grandTotal: 6283.1 });
  });

  it('reads the recap under the cost table’s header printed again over it ("… EXTENSION  RUNNING TOTAL"): the header row is no grand total', () => {
    const widths = [5, 34, -8, 3, -13, -13, -13, -15];
    const row = (...cells: string[]): string => widths.map((width, index) => (width < 0 ? (cells[index] ?? '').padStart(-width) : (cells[index] ?? '').padEnd(width))).join('').trimEnd();
    /** A total's label over the first columns, its amounts in theirs. */
    const total = (label: string, ...amounts: string[]): string => label.padEnd(50) + row('', '', '', '', ...amounts).slice(50);
    const header = row('LINE', 'DESCRIPTION', 'QTY', ' UM', 'MATERIALS', 'LABOR COST', 'EXTENSION', 'RUNNING TOTAL');
    const { data } = extractSor(
      documentFromText([
        [
          header,
          'AREA 01 BASEMENT',
          row('0010', 'REPLACE DUCTWORK', '179.00', ' LF', '1634.27', '1920.67', '3554.94', '3554.94'),
          row('0020', 'SISTER ROTTED FLOOR JOISTS', '9.00', ' EA', '414.00', '1071.00', '1485.00', '5039.94'),
          total('* TOTAL AREA 01 BASEMENT', '2048.27', '2991.67', '5039.94'),
          'AREA 02 HALL BATH',
          row('0030', 'TOILET 1.28 GPF ELONGATED', '2.00', ' EA', '544.00', '266.00', '810.00', '5849.94'),
          row('0040', 'BATH EXHAUST FAN', '1.00', ' EA', '110.00', '151.00', '261.00', '6110.94'),
          total('* TOTAL AREA 02 HALL BATH', '654.00', '417.00', '1071.00'),
        ].join('\n'),
        [
          header,
          '',
          total('** TOTAL ALL AREAS', '2702.27', '3408.67', '6110.94'),
          '',
          total('   GENERAL CONDITIONS @ 6 PCT', '', '', '366.66'),
          total('*** TOTAL ESTIMATED COST OF REPAIRS', '', '', '6477.60'),
        ].join('\n'),
      ]),
    );
    expect(data.recapSummary).to.deep.equal({ subtotal: 6110.94, generalConditions: 366.66, overheadAndProfit: null, grandTotal: 6477.6 });
  });

  it('does not take an OCR line that spells only part of a grand-total label ("Total Construction" for "Total Construction Cost") for the grand total', () => {
    const { data } = recap(['Total Construction  $72,729.00', "Contractor's fee (overhead & profit) 20%  $14,545.80", 'TOTAL REHAB BUDGET  $87,274.80'], { source: 'ocr' });
    expect(data.recapSummary).to.deep.include({ overheadAndProfit: 14545.8, grandTotal: 87274.8 });
  });

  it('reads a bid form’s "BASE BID" as the grand total', () => {
    const { data } = recap(['Subtotal  63,125.73', 'BASE BID (including allowances)  $63,125.73']);
    expect(data.recapSummary.grandTotal).to.equal(63125.73);
  });

  it('reads "Items total" with the sections\' sum as the subtotal where a grand total follows, though an amount between was lost', () => {
    const { data } = extractSor(
      documentFromText(
        [
          '     Description                         Qty        Amount',
          'Kitchen',
          '1.   Replace sink base                     1      1,200.00',
          '2.   Replace faucet                        1        300.00',
          'Bath',
          '3.   Replace vanity                        1        678.00',
          '',
          '                     Items total                 2,178.00',
          '                     Overhead and profit, 10%      217.80',
          '                     Permit',
          '                     TOTAL PRICE                 2,595.80',
        ].join('\n'),
      ),
    );
    expect(data.recapSummary).to.deep.equal({ subtotal: 2178, generalConditions: null, overheadAndProfit: 217.8, grandTotal: 2595.8 });
  });

  it('reads a draw’s recap rows printed under its columns in the scheduled-value column, not the progress sums beside it', () => {
    const draw = (...cells: string[]): string => [cells[0].padEnd(6), cells[1].padEnd(30), ...cells.slice(2).map((cell, index) => cell.padStart([11, 13, 12, 13, 6, 11][index]))].join('').trimEnd();
    const { data } = extractSor(
      documentFromText(
        [
          'CONTINUATION SHEET',
          '',
          draw('Item', 'Description of Work', 'Scheduled', 'Previous', 'This Period', 'Completed', '%', 'Retainage'),
          draw('No.', '', 'Value', 'Application', '', 'to Date', '', ''),
          draw('1.00', 'DEMOLITION'),
          draw('1.01', 'Remove abandoned oil tank', '1,000.00', '1,000.00', '-', '1,000.00', '100%', '100.00'),
          draw('1.02', 'Remove fixtures and tile', '2,000.00', '500.00', '500.00', '1,000.00', '50%', '100.00'),
          draw('2.00', 'ROOFING'),
          draw('2.01', 'Replace roof decking', '3,000.00', '-', '1,500.00', '1,500.00', '50%', '150.00'),
          '',
          draw('', 'SUBTOTAL', '$6,000.00', '$1,500.00', '$2,000.00', '$3,500.00', '58%', '$350.00'),
          draw('', 'General Conditions (5%)', '300.00', '75.00', '100.00', '175.00', '58%', '17.50'),
          draw('', 'GRAND TOTAL', '$6,300.00', '$1,575.00', '$2,100.00', '$3,675.00', '58%', '$367.50'),
        ].join('\n'),
      ),
    );
    expect(data.constructionSections.flatMap((section) => section.lineItems.map((item) => item.totalCost))).to.deep.equal([1000, 2000, 3000]);
    expect(data.recapSummary).to.deep.equal({ subtotal: 6000, generalConditions: 300, overheadAndProfit: null, grandTotal: 6300 });
  });

  describe('an insurance estimate’s summary', () => {
    const { data, fieldDetails } = recap([
      'Summary for Dwelling',
      'Line Item Total  9,200.00',
      'Material Sales Tax  800.00',
      'Subtotal  10,000.00',
      'Overhead  1,000.00',
      'Profit  1,000.00',
      'Replacement Cost Value  $12,000.00',
      'Less Depreciation  (1,500.00)',
      'Actual Cash Value  $10,500.00',
      'Less Deductible  (1,000.00)',
      'Net Claim  $9,500.00',
    ]);

    it('takes the replacement cost value as the grand total and adds overhead and profit printed on lines of their own', () => {
      expect(data.recapSummary).to.deep.equal({ subtotal: 10000, generalConditions: null, overheadAndProfit: 2000, grandTotal: 12000 });
      // Boxes both lines.
      const [, top, , bottom] = fieldDetails['recapSummary.overheadAndProfit'].bbox!;
      expect(top).to.be.closeTo(4 / 66, 1e-3);
      expect(bottom).to.be.closeTo(5.8 / 66, 1e-3);
    });

    it('keeps what is printed after the grand total apart from the recap', () => {
      expect(data.additionalInfo?.recapLines).to.deep.equal([]);
      expect(data.additionalInfo?.linesAfterGrandTotal).to.deep.equal([
        { label: 'Less Depreciation', amount: -1500 },
        { label: 'Actual Cash Value', amount: 10500 },
        { label: 'Less Deductible', amount: -1000 },
        { label: 'Net Claim', amount: 9500 },
      ]);
      expect(data.additionalInfo?.contingencyReserve).to.equal(null);
      expect(fieldDetails['additionalInfo.linesAfterGrandTotal[3].amount'].bbox![1]).to.be.closeTo(10 / 66, 1e-3);
    });
  });

  it('takes "Line Item Total" for neither the subtotal nor the grand total', () => {
    const { data } = recap(['Line Item Total  9,200.00', 'Material Sales Tax  800.00', 'Replacement Cost Value  $10,000.00']);
    expect(data.recapSummary).to.deep.equal({ subtotal: null, generalConditions: null, overheadAndProfit: null, grandTotal: 10000 });
  });

  describe('lines after the grand total', () => {
    const { data, fieldDetails } = recap([
      'Subtotal  $1,000.00',
      'General Conditions  $100.00',
      'Overhead & Profit  $100.00',
      'GRAND TOTAL  $1,200.00',
      'Contingency Reserve (15%)  $180.00',
      'Consultant Fee  $400.00',
      'TOTAL REHABILITATION COST  $1,780.00',
      '',
      '',
      '',
      '',
      '',
      'Thank you for the opportunity to bid on this project, we look forward to it',
      'Deposit due  $50.00',
    ]);

    it('lists the priced lines up to a gap, outside the recap and its arithmetic', () => {
      expect(data.recapSummary.grandTotal).to.equal(1200);
      expect(data.additionalInfo?.linesAfterGrandTotal).to.deep.equal([
        { label: 'Contingency Reserve (15%)', amount: 180 },
        { label: 'Consultant Fee', amount: 400 },
        { label: 'TOTAL REHABILITATION COST', amount: 1780 },
      ]);
      expect(data.additionalInfo?.recapLines).to.deep.equal([]);
      expect(recapArithmetic(data, { now: new Date() })).to.deep.equal([]);
    });

    it('reports the contingency reserve with its own fieldDetails entry', () => {
      expect(data.additionalInfo?.contingencyReserve).to.equal(180);
      expect(fieldDetails['additionalInfo.contingencyReserve']).to.deep.equal(fieldDetails['additionalInfo.linesAfterGrandTotal[0].amount']);
      expect(fieldDetails['additionalInfo.contingencyReserve'].bbox![1]).to.be.closeTo(4 / 66, 1e-3);
    });
  });

  it('reports a contingency reserve printed after the total cost of repairs of a HUD form', () => {
    const text = [
      'No.   Description of Repairs          Qty  Unit      Unit Cost         Cost',
      '1     MASONRY',
      '1.1   Repoint chimney                   1   LS       500.00       500.00',
      '',
      '                                      TOTAL COST OF REPAIRS                     $500.00',
      '                                      Contingency Reserve (10% of repairs)       50.00',
      '                                      TOTAL REHABILITATION COST                $550.00',
    ].join('\n');
    const { data } = extractSor(documentFromText(text));
    expect(data.recapSummary.grandTotal).to.equal(500);
    expect(data.additionalInfo).to.deep.include({ contingencyReserve: 50 });
    expect(data.additionalInfo?.linesAfterGrandTotal?.map((line) => line.amount)).to.deep.equal([50, 550]);
  });

  describe('an amount OCR lost', () => {
    it('computes overhead and profit from the grand total, the subtotal, general conditions and the priced lines, recording how', () => {
      const { data, fieldDetails } = recap(
        ['Subtotal  $1,000.00', 'Permit fees  $50.00', 'General Conditions  $100.00', 'Overhead & Profit', 'GRAND TOTAL  $1,300.00'],
        { source: 'ocr' },
      );
      expect(data.recapSummary).to.deep.equal({ subtotal: 1000, generalConditions: 100, overheadAndProfit: 150, grandTotal: 1300 });
      expect(data.additionalInfo?.recapLines).to.deep.equal([{ label: 'Permit fees', amount: 50 }]);
      expect(fieldDetails['recapSummary.overheadAndProfit']).to.include({ confidence: 0.54, source: 'ocr', derivation: 'grand total − subtotal − the other recap lines' });
      // Boxed at its label.
      expect(fieldDetails['recapSummary.overheadAndProfit'].bbox![0]).to.be.closeTo(0, 1e-3);
    });

    it('records the derivation of lost general conditions', () => {
      const { data, fieldDetails } = recap(['Subtotal  $1,000.00', 'General Conditions (10%)', 'Overhead & Profit  $100.00', 'GRAND TOTAL  $1,200.00'], { source: 'ocr' });
      expect(data.recapSummary.generalConditions).to.equal(100);
      expect(fieldDetails['recapSummary.generalConditions'].derivation).to.equal('grand total − subtotal − the other recap lines');
    });

    it('derives nothing when both markups are lost or the others already exceed the grand total', () => {
      const both = recap(['Subtotal  $1,000.00', 'General Conditions', 'Overhead & Profit', 'GRAND TOTAL  $1,300.00'], { source: 'ocr' });
      expect(both.data.recapSummary).to.deep.include({ generalConditions: null, overheadAndProfit: null });
      const over = recap(['Subtotal  $1,000.00', 'General Conditions  $400.00', 'Overhead & Profit', 'GRAND TOTAL  $1,300.00'], { source: 'ocr' });
      expect(over.data.recapSummary).to.deep.include({ generalConditions: 400, overheadAndProfit: null });
      expect(over.fieldDetails).to.not.have.property('recapSummary.overheadAndProfit');
    });
  });
});
