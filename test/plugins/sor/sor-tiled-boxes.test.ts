import { expect } from 'chai';
import { documentFromText } from '@docsift/core/testing';
import { extractSor } from '../../../plugins/sor/src/extractor.js';

/** A lender's budget form: each room a small box (Description | Labor | Materials | Total), the boxes tiled two across the page. */
const box = (description: string, labor: string, materials: string, total: string): string => `${description.padEnd(28)}${labor.padStart(9)}${materials.padStart(10)}${total.padStart(11)}`;
const HEADER = box('Description', 'Labor', 'Materials', 'Total');
const totalRow = (label: string, amount: string): string => `${label.padStart(47)}${amount.padStart(11)}`;
const two = (left: string, right = ''): string => `${left.padEnd(64)}${right}`.trimEnd();
const summary = (label: string, amount: string): string => `${''.padEnd(64)}${label.padEnd(40)}${amount.padStart(12)}`;

const form = (roomTotal: (name: string) => string): string =>
  [
    'RENOVATION BUDGET AND SCOPE OF WORK',
    '',
    two('MASTER BATH', 'Bedroom 2'),
    two(HEADER, HEADER),
    two(box('Ceramic floor tile', '975.65', '707.75', '1,683.40'), box('Closet shelving and rod', '154.28', '155.26', '309.54')),
    two(box('Toilet, elongated', '507.00', '822.00', '1,329.00'), box('MDF baseboard, painted', '486.20', '507.00', '993.20')),
    two(box('Remove fixtures to studs', '975.00', '10.31', '985.31'), box('Remove carpet and pad', '283.20', '0.00', '283.20')),
    two(totalRow(roomTotal('MASTER BATH'), '$3,997.71'), totalRow(roomTotal('Bedroom 2'), '$1,585.94')),
    '',
    'KITCHEN',
    HEADER,
    box('GFCI receptacles', '270.00', '115.00', '385.00'),
    box('Vinyl replacement window', '1,055.00', '2,150.00', '3,205.00'),
    totalRow(roomTotal('KITCHEN'), '$3,590.00'),
    '',
    'BUDGET SUMMARY',
    summary('Total of all areas', '$9,173.65'),
    summary("Contractor's fee (10%)", '$917.37'),
    summary('Permits', '$800.00'),
    summary('TOTAL RENOVATION BUDGET', '$10,891.02'),
    summary('Contingency reserve (10%)', '$1,089.10'),
  ].join('\n');

describe('plugin-sor: rooms in boxes tiled two across the page', () => {
  for (const [style, roomTotal] of [
    ['Total KITCHEN', (name: string) => `Total ${name}`],
    ['KITCHEN total', (name: string) => `${name} total`],
    ['Area total', () => 'Area total'],
  ] as const) {
    it(`makes each box a section, read across each band then down, and reads the summary as the recap (box totals as "${style}")`, () => {
      const { data } = extractSor(documentFromText(form(roomTotal), { columns: 130 }));
      expect(data.constructionSections.map((section) => [section.sectionName, section.lineItems.length])).to.deep.equal([
        ['MASTER BATH', 3],
        ['Bedroom 2', 3],
        ['KITCHEN', 2],
      ]);
      expect(data.recapSummary).to.deep.equal({ subtotal: 9173.65, generalConditions: null, overheadAndProfit: 917.37, grandTotal: 10891.02 });
    });
  }
});
