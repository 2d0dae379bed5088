import { expect } from 'chai';
import { documentFromText } from '@docsift/core/testing';
import { extractSor } from '../../../plugins/sor/src/extractor.js';

/** Lines "Label  amount", the label at the left and the amount right-aligned in a column. */
const statement = (lines: string[]) =>
  extractSor(documentFromText(lines.map((line) => line.replace(/^(.*?)\s{2,}(\S+)$/, (_, label: string, amount: string) => `${label.padEnd(60)}${amount.padStart(14)}`)).join('\n')));

const ROOMS = [
  'No.  Description of Work  Amount',
  'KITCHEN',
  '1.   Kitchen base and wall cabinets  4,200.00',
  '2.   Laminate countertop with backsplash  1,300.00',
  '     Total Kitchen  $5,500.00',
  'HALL BATH',
  '3.   Toilet, elongated, with wax ring  480.00',
  '4.   Vanity with cultured marble top  1,020.00',
  '     Total Hall Bath  $1,500.00',
  '',
];

describe('plugin-sor recap markups', () => {
  it('reads a bare "Total Work" with the items’ sum as the subtotal where the markups under it add up to the base bid', () => {
    const { data } = statement([...ROOMS, '     Total Work  $7,000.00', '     Overhead & Profit (15%)  $1,050.00', '     Building permit  $350.00', '     BASE BID TOTAL  $8,400.00']);
    expect(data.recapSummary).to.deep.equal({ subtotal: 7000, generalConditions: null, overheadAndProfit: 1050, grandTotal: 8400 });
    expect(data.additionalInfo?.recapLines).to.deep.equal([{ label: 'Building permit', amount: 350 }]);
  });

  it('keeps a bare "Total" the grand total when what follows takes something off it ("Less deposit")', () => {
    const { data } = statement([...ROOMS, '     Total  $7,000.00', '     Less deposit received  ($2,000.00)', '     AMOUNT DUE  $5,000.00']);
    expect(data.recapSummary.grandTotal).to.equal(7000);
  });

  it('keeps a grand total’s own wording ("TOTAL COST OF REPAIRS") the grand total, the 203(k) worksheet under it apart', () => {
    const { data } = statement([...ROOMS, '     TOTAL COST OF REPAIRS  $7,000.00', '     Contingency reserve (10%)  $700.00', '     TOTAL REHABILITATION COST  $7,700.00']);
    expect(data.recapSummary).to.deep.equal({ subtotal: null, generalConditions: null, overheadAndProfit: null, grandTotal: 7000 });
  });

  it('reads a management fee as overhead and profit', () => {
    const { data } = statement([...ROOMS, '     Subtotal  $7,000.00', '     Management fee (10%)  700.00', '     ESTIMATE TOTAL  $7,700.00']);
    expect(data.recapSummary).to.deep.equal({ subtotal: 7000, generalConditions: null, overheadAndProfit: 700, grandTotal: 7700 });
  });
});
