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

  it('keeps the recap after the items where a total printed before them reads less of it (a change order\'s "Original contract total")', () => {
    const label = (text: string, amount: string): string => `${text.padEnd(60)}${amount.padStart(14)}`;
    const { data } = extractSor(
      documentFromText([
        ['CHANGE ORDER REQUEST No. 3', '', label('Original contract total', '$85,000.00'), label('Previous change orders', '$4,000.00')].join('\n'),
        [
          line('Item', 'Description of Work', 'Qty', 'Unit', 'Material', 'Labor', 'Extended'),
          line('1', 'Replace water heater', '1', 'EA', '1,200.00', '570.00', '1,770.00'),
          line('2', 'Install handrail', '1', 'EA', '130.00', '100.00', '230.00'),
          '',
          label('Subtotal', '2,000.00'),
          label('Overhead & profit (10%)', '200.00'),
          label('Amount of this change order', '2,200.00'),
        ].join('\n'),
      ]),
    );
    expect(data.recapSummary).to.include({ subtotal: 2000, overheadAndProfit: 200 });
    expect(data.recapSummary.grandTotal).to.not.equal(85000);
  });

  it('names no section by a letterhead set apart over the table, however the table\'s total names a trade in it ("Apex Roofing" over "Total Roofing")', () => {
    const { data } = extractSor(
      documentFromText(
        [
          'Apex Roofing',
          '',
          '',
          '',
          line('Item', 'Description of Work', 'Qty', 'Unit', 'Material', 'Labor', 'Extended'),
          line('1', 'Tear off shingles', '24', 'SQ', '', '1,200.00', '1,200.00'),
          line('2', 'Install drip edge', '120', 'LF', '180.00', '120.00', '300.00'),
          line('', 'Total Roofing', '', '', '', '', '1,500.00'),
        ].join('\n'),
      ),
    );
    expect(data.constructionSections.map((section) => [section.sectionName, section.lineItems.length])).to.deep.equal([['', 2]]);
  });
});
