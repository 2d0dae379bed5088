import { expect } from 'chai';
import { documentFromText } from '@docsift/core/testing';
import { extractSor } from '../../../plugins/sor/src/extractor.js';

const cell = (text: string, width: number): string => (width < 0 ? text.padStart(-width) : text.padEnd(width));
const row = (...cells: string[]): string => [6, 42, 7, 6, 40, -12, -12].map((width, index) => cell(cells[index] ?? '', width)).join('').trimEnd();

/** A bid schedule that writes each unit price in words beside its figures, the words wrapping like the descriptions. */
const SCHEDULE = [
  "BIDDER'S PROPOSAL - SCHEDULE OF UNIT PRICES",
  'Bidder: Bluegrass Restoration LLC',
  '',
  row('Item', 'Description of Work', 'Qty', 'Unit', 'Unit Price in Words', 'Unit Price', 'Extension'),
  row('1', 'Lead-safe work practices (RRP):', '1', 'LS', 'One Thousand One Hundred', '$1,188.00', '$1,188.00'),
  row('', 'containment and clearance testing', '', '', 'Eighty-Eight and 00/100 Dollars'),
  row('2', 'Temporary electric service during', '1', 'LS', 'Five Hundred Thirty-Four and 00/100', '$534.00', '$534.00'),
  row('', 'construction', '', '', 'Dollars'),
  row('3', 'Hang, tape and finish 1/2 in. drywall', '500', 'SF', 'Two and 93/100 Dollars', '$2.93', '$1,465.00'),
  row('4', 'Carpet and 6 lb pad, mid-grade', '61', 'SY', 'Thirty-Six and 17/100 Dollars', '$36.17', '$2,206.37'),
  row('5', 'Luxury vinyl plank flooring with underlay', '1,078', 'SF', 'Six and 07/100 Dollars', '$6.07', '$6,543.46'),
  '',
  `${'TOTAL BID PRICE'.padEnd(101)}$11,936.83`,
];

describe('plugin-sor line items beside amounts written in words', () => {
  it('reads the items of a table whose unit prices are also written in words, not as two columns of running text', () => {
    const { data } = extractSor(documentFromText(SCHEDULE.join('\n')));
    const items = data.constructionSections.flatMap((section) => section.lineItems);
    expect(items.map((item) => [item.description, item.quantity, item.unit, item.totalCost])).to.deep.equal([
      ['Lead-safe work practices (RRP): containment and clearance testing', 1, 'LS', 1188],
      ['Temporary electric service during construction', 1, 'LS', 534],
      ['Hang, tape and finish 1/2 in. drywall', 500, 'SF', 1465],
      ['Carpet and 6 lb pad, mid-grade', 61, 'SY', 2206.37],
      ['Luxury vinyl plank flooring with underlay', 1078, 'SF', 6543.46],
    ]);
  });
});
