import { expect } from 'chai';
import { documentFromText } from '@docsift/core/testing';
import { extractSor } from '../../../plugins/sor/src/extractor.js';
import { DOORS_AND_SITE_WORK_BLOCKS, stackedLine as line } from '../../support/stacked-blocks.js';

/** A consultant's specification: the cost summary first, then each item a block with its amounts stacked at the right. */
const SPECIFICATION = [
  'Sterling Home Inspection & Consulting, Co.        REPAIR SPECIFICATION & COST ESTIMATE',
  'Jessica Q. Brennan, Consultant D1590 · 704.901.9308',
  '',
  'Borrower    Michael Washington                      COST SUMMARY',
  'Property    665 Belmont Cir, Charlotte, NC 28202    Total of repair items          $4,480.00',
  'Lender      Union Federal Savings & Loan            Overhead & profit (10%)          $448.00',
  '                                                    Total Cost of Repairs          $4,928.00',
  '                                                    Contingency reserve (10%)        $492.80',
  '                                                    TOTAL REHABILITATION COST      $5,420.80',
  '',
  'Each repair item is specified below with its measured quantity and its material and labor cost.',
  '',
  ...DOORS_AND_SITE_WORK_BLOCKS,
];

describe('plugin-sor specification with stacked amounts and the cost summary first', () => {
  const { data } = extractSor(documentFromText(SPECIFICATION.join('\n')));

  it('reads each block as a line item of its section', () => {
    expect(data.constructionSections.map((section) => section.sectionName)).to.deep.equal(['DW - Doors & Windows', 'SW - Site Work']);
    const items = data.constructionSections.flatMap((section) => section.lineItems);
    expect(items.map((item) => [item.description, item.quantity, item.unit, item.materialCost, item.laborCost, item.totalCost])).to.deep.equal([
      ['Replace attic access hatch with insulated pull-down stair', 1, 'EA', 221, 183, 404],
      ['Vinyl double-hung replacement window', 5, 'EA', 2145, 935, 3080],
      ['Remove dead tree at side yard and grind stump', 1, 'EA', 41, 955, 996],
    ]);
  });

  it('reads the recap printed before the items, the total repair cost as the grand total', () => {
    expect(data.recapSummary).to.deep.equal({ subtotal: 4480, generalConditions: null, overheadAndProfit: 448, grandTotal: 4928 });
  });

  it('reads the consultant named with the role after the name', () => {
    expect(data.documentMetadata.consultant).to.equal('Jessica Q. Brennan');
  });

  it('keeps the blocks where every item prints its measure and a labelled amount on one line, which alone would read as cost lines', () => {
    const lines = [
      'SECTION 1: DEMOLITION',
      '',
      line('DM-01', 'Remove carpet and pad and dispose', 'Material', '0.00'),
      line('', 'Quantity: 59 SY', 'Labor', '169.33'),
      line('', '', 'Item total', '169.33'),
      '',
      line('DM-02', 'Remove abandoned oil tank, cap lines and obtain', 'Material', '201.00'),
      line('', 'closure letter, basement', 'Labor', '830.00'),
      line('', 'Quantity: 1 EA', 'Item total', '1,031.00'),
      '',
      line('', '        SECTION 1: DEMOLITION - section total', '', '$1,200.33'),
    ];
    const items = extractSor(documentFromText(lines.join('\n'))).data.constructionSections.flatMap((section) => section.lineItems);
    expect(items.map((item) => [item.description, item.quantity, item.materialCost, item.laborCost, item.totalCost])).to.deep.equal([
      ['Remove carpet and pad and dispose', 59, 0, 169.33, 169.33],
      ['Remove abandoned oil tank, cap lines and obtain closure letter, basement', 1, 201, 830, 1031],
    ]);
  });
});
