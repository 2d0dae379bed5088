import { expect } from 'chai';
import { documentFromText } from '@docsift/core/testing';
import { extractSor } from '../../../plugins/sor/src/extractor.js';

/** A consultant's estimate bound as a package: a cover with the summary of schedules and the recap, then one schedule per page. */

const line = (...cells: string[]): string => {
  const widths = [6, 44, -5, -5, -10, -10, -11];
  return widths.map((width, index) => (width < 0 ? (cells[index] ?? '').padStart(-width) : (cells[index] ?? '').padEnd(width))).join('').trimEnd();
};
const summary = (...cells: string[]): string => [cells[0].padEnd(8), cells[1].padEnd(40), cells[2].padStart(6), cells[3].padStart(14)].join('').trimEnd();

const COVER = [
  'REHABILITATION COST ESTIMATE',
  '',
  'Borrower   Ann Lee                     FHA Case No.   123-4567890',
  '',
  'SUMMARY OF SCHEDULES',
  summary('Sched.', 'Trade', 'Page', 'Amount'),
  summary('A', 'ROOFING, SIDING & INSULATION', '2', '1,000.00'),
  summary('B', 'GENERAL REQUIREMENTS', '3', '500.00'),
  `${' '.repeat(30)}Total of schedules${' '.repeat(20)}1,500.00`,
  `${' '.repeat(30)}Overhead & profit (10%)${' '.repeat(17)}150.00`,
  `${' '.repeat(30)}TOTAL COST OF REPAIRS${' '.repeat(16)}$1,650.00`,
].join('\n');

/** A schedule's page: the running header, its title set well above its table, its items and its subtotal. */
const schedule = (title: string, items: string[][], subtotal: string[]): string =>
  [
    'Property: 12 Elm St, Dayton, OH 45402                 FHA Case No. 123-4567890',
    '',
    title,
    '',
    '',
    '',
    line('Item', 'Description of Work', 'Qty', 'Unit', 'Material', 'Labor', 'Extended'),
    ...items.map((cells) => line(...cells)),
    line('', ...subtotal),
  ].join('\n');

const PACKAGE = [
  COVER,
  schedule(
    'SCHEDULE A - ROOFING, SIDING & INSULATION',
    [
      ['A-1', 'Synthetic roof underlayment', '10', 'SQ', '300.00', '200.00', '500.00'],
      ['A-2', 'Seamless aluminum gutters', '50', 'LF', '250.00', '250.00', '500.00'],
    ],
    ['Schedule A subtotal', '', '', '', '', '$1,000.00'],
  ),
  schedule('SCHEDULE B - GENERAL REQUIREMENTS', [['B-1', 'Dumpster rental', '1', 'EA', '300.00', '200.00', '500.00']], ['Schedule B subtotal', '', '', '', '', '$500.00']),
];

describe('plugin-sor estimates bound as a package of schedules', () => {
  it('names each schedule by the title its own subtotal row names, however far above its header and long it is', () => {
    const { data } = extractSor(documentFromText(PACKAGE));
    expect(data.constructionSections.map((section) => [section.sectionName, section.lineItems.length])).to.deep.equal([
      ['SCHEDULE A - ROOFING, SIDING & INSULATION', 2],
      ['SCHEDULE B - GENERAL REQUIREMENTS', 1],
    ]);
  });

  it('reads the recap printed on the cover before the schedules, not the last schedule\'s subtotal', () => {
    const { data } = extractSor(documentFromText(PACKAGE));
    expect(data.recapSummary).to.deep.equal({ subtotal: 1500, generalConditions: null, overheadAndProfit: 150, grandTotal: 1650 });
  });

  it('reads no recap line from a summary row that lists a schedule by its letter and title ("B  GENERAL REQUIREMENTS  3  500.00")', () => {
    const { data } = extractSor(documentFromText(PACKAGE));
    expect(data.recapSummary.generalConditions).to.equal(null);
    expect(data.additionalInfo?.recapLines).to.deep.equal([]);
  });
});
