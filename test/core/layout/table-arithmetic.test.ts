import { expect } from 'chai';
import { inferHeader, misreadCost, readLayout, repairProduct, repairSum, textOf } from '../../../core/src/layout/index.js';
import { documentFromText } from '../../../core/src/testing/index.js';

const ocr = (value: number) => ({ value, repairable: true });
const fixed = (value: number) => ({ value, repairable: false });

describe('core layout: a table’s arithmetic as a check on OCR', () => {
  describe('misreadCost', () => {
    it('is 0 for the same value, 1 per confused digit, 1.5 for another digit or one digit dropped', () => {
      expect(misreadCost(1250, 1250)).to.equal(0);
      expect(misreadCost(405, 805)).to.equal(1);
      expect(misreadCost(1195, 1995)).to.equal(1);
      expect(misreadCost(6, 0)).to.equal(1);
      expect(misreadCost(1240, 1250)).to.equal(1.5);
      expect(misreadCost(455, 1455)).to.equal(1.5);
    });

    it('is 1 for a lost or shifted decimal point', () => {
      expect(misreadCost(70890, 708.9)).to.equal(1);
      expect(misreadCost(12.5, 125)).to.equal(1);
    });

    it('is infinite for values no single misreading explains', () => {
      expect(misreadCost(1234.56, 6543.21)).to.equal(Number.POSITIVE_INFINITY);
      expect(misreadCost(12, 12345)).to.equal(Number.POSITIVE_INFINITY);
    });
  });

  describe('repairSum', () => {
    it('puts right the one OCR part whose correct reading is a likely misreading (405 read for 805)', () => {
      expect(repairSum([ocr(304), ocr(405), ocr(19)], ocr(1128))).to.deep.equal({ index: 1, value: 805, cost: 1 });
    });

    it('puts right the total when only it can be the misread one', () => {
      expect(repairSum([fixed(1250), fixed(300)], ocr(1556))).to.deep.equal({ index: 2, value: 1550, cost: 1 });
    });

    it('changes nothing when the sum holds, when only a printed value could be wrong, or when two repairs are as likely', () => {
      expect(repairSum([ocr(900), ocr(300)], ocr(1200))).to.equal(null);
      expect(repairSum([fixed(900), fixed(300)], fixed(1800))).to.equal(null);
      // 300 → 800 or 1,700 → 1,200: each one confused digit.
      expect(repairSum([fixed(900), ocr(300)], ocr(1700))).to.equal(null);
      expect(repairSum([fixed(900), ocr(300)], fixed(1700))).to.deep.equal({ index: 1, value: 800, cost: 1 });
    });
  });

  describe('repairProduct', () => {
    it('puts right an amount that is not quantity × unit price', () => {
      expect(repairProduct(fixed(12), ocr(20), ocr(280))).to.deep.equal({ index: 2, value: 240, cost: 1 });
    });

    it('blames the unit price when it is the likelier misreading', () => {
      expect(repairProduct(fixed(4), ocr(185), ocr(540))).to.deep.equal({ index: 1, value: 135, cost: 1 });
    });
  });

  describe('columns of a table without a readable header', () => {
    const ocrDocument = (lines: string[]) => documentFromText(lines.join('\n'), { source: 'ocr' });

    it('reads item codes, quantity × unit price + tax = amount, from rows with no header', () => {
      const layout = readLayout(
        ocrDocument([
          'Kitchen',
          '017000-0010  Frost-free hose bibb                 1.00  EA    183.00     4.13     187.13',
          '013000-0020  Repoint brick foundation walls     187.00  SF     10.68    29.31   2,026.47',
          '018000-0040  GFCI receptacles at counters         6.00  EA     92.00    14.85     566.85',
          '012000-0030  Remove vinyl siding                 19.00  SQ     48.00     0.00     912.00',
        ]),
      );
      const [table] = layout.tables;
      expect(table.header.inferred).to.equal(true);
      expect(table.header.columns.map((column) => column.role)).to.deep.equal(['itemNumber', 'description', 'quantity', 'unit', 'unitPrice', 'taxAmount', 'amount']);
      const items = table.entries.filter((entry) => entry.kind === 'item');
      expect(items[1].cells.map((cell) => textOf(cell))).to.deep.equal(['013000-0020', 'Repoint brick foundation walls', '187.00', 'SF', '10.68', '29.31', '2,026.47']);
    });

    it('reads quantity | unit | amount from a known unit code and one money amount on each row', () => {
      const header = inferHeader(
        readLayout(
          ocrDocument([
            '1  Synthetic roof underlayment                29  SQ     $856.00',
            '2  Ice and water shield at eaves               3  SQ     $396.00',
            '3  Replace damaged roof decking, 7/16 in.    400  SF   $1,432.00',
            '4  Rebuild chimney above roofline              1  LS   $3,930.00',
          ]),
        ).rows,
        { decimal: '.' },
      )?.header;
      expect(header?.columns.map((column) => column.role)).to.deep.equal(['itemNumber', 'description', 'quantity', 'unit', 'amount']);
    });

    it('reads a trade or activity column before the descriptions from where the rows’ second text cell starts', () => {
      const [table] = readLayout(
        ocrDocument([
          'Master Bedroom',
          'Finishes: Install     Sand and refinish hardwood floors, stain and three coats        910      3.90    3,549.00',
          'Finishes: Install     Prime and paint walls and ceilings, two coats eggshell          920      1.53    1,407.60',
          'Carpentry: Install    3-1/4 in. MDF baseboard, installed, caulked and painted         350      3.39    1,186.50',
          'Electrical: Units     Hardwired smoke/CO detectors with battery backup                  6    140.00      840.00',
        ]),
      ).tables;
      expect(table.header.columns.map((column) => column.role)).to.deep.equal(['scope', 'description', 'quantity', 'unitPrice', 'amount']);
      expect(table.entries.filter((entry) => entry.kind === 'item').map((entry) => textOf(entry.cells[1]))).to.deep.equal([
        'Sand and refinish hardwood floors, stain and three coats',
        'Prime and paint walls and ceilings, two coats eggshell',
        '3-1/4 in. MDF baseboard, installed, caulked and painted',
        'Hardwired smoke/CO detectors with battery backup',
      ]);
    });

    it('takes no currency sign set apart before the amounts for a second text column', () => {
      const header = inferHeader(
        readLayout(
          ocrDocument([
            'Parge exterior foundation wall, two coats          $    532.00   $  1,744.00   $  2,276.00',
            'Repoint brick foundation walls, Type N mortar      $    417.60   $  3,520.60   $  3,938.20',
            'Epoxy injection of foundation wall cracks          $    422.24   $    952.00   $  1,374.24',
          ]),
        ).rows,
        { decimal: '.' },
      )?.header;
      expect(header?.columns.map((column) => column.role)).to.deep.equal(['description', 'material', 'labor', 'amount']);
    });

    it('takes the order of material and labor from the labels OCR left readable above the items', () => {
      const lines = (labels: string) => [
        labels,
        'Closet shelving and rod, wire ventilated           138.38      152.24      290.62',
        'Skim coat cracked plaster walls                    768.40      146.20      914.60',
        'Prime and paint walls and ceilings                 936.39    3,313.38    4,249.77',
      ];
      const roles = (labels: string) => inferHeader(readLayout(ocrDocument(lines(labels))).rows, { decimal: '.' })?.header.columns.map((column) => column.role);
      expect(roles('Dxscrxptxon                                        Labor       Mxtxrxxls    Amxunt')).to.deep.equal(['description', 'labor', 'material', 'amount']);
      expect(roles('')).to.deep.equal(['description', 'material', 'labor', 'amount']);
    });

    it('reads a part\'s label over its rate column as naming the rate and its extension, not the extension nearest it', () => {
      const lines = (labels: string) => [
        labels,
        'Toilet with wax ring          3  EA     277.00     831.00     112.00     336.00    1,167.00',
        'Camera inspection of sewer    1  LS      55.00      55.00     590.00     590.00      645.00',
        'Repipe water supply, PEX    264  LF       2.82     744.48       6.10   1,610.40    2,354.88',
      ];
      const parts = (labels: string) =>
        inferHeader(readLayout(ocrDocument(lines(labels))).rows, { decimal: '.' })
          ?.header.columns.filter((column) => column.basis !== null || column.role === 'material' || column.role === 'labor')
          .map((column) => column.role ?? `${column.alternatives[0]} rate`);
      // "Labor" stands over the labor rate, nearer the material amount than the labor amount.
      const labels = 'Dxscrxptxon                         Mxtxrxxls             Labor                   Amxunt';
      expect(labels.indexOf('Labor')).to.equal(58);
      expect(parts(labels)).to.deep.equal(['material rate', 'material', 'labor rate', 'labor']);
    });
  });
});
