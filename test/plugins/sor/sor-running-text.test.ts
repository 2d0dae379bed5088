import { expect } from 'chai';
import { documentFromText } from '@docsift/core/testing';
import { extractSor } from '../../../plugins/sor/src/extractor.js';

/** A row of two text columns: the left one up to character 52, the right one from there. */
const two = (left: string, right = ''): string => `${left.padEnd(52)}${right}`.trimEnd();

/** A scope of work in two text columns: headings, items as numbered paragraphs ending with their price, totals per heading. */
const SCOPE = [
  '                     SCOPE OF REPAIRS AND COST ESTIMATE',
  'Borrower:   Walter Thibodeaux',
  'Contractor: Pham Contracting Group',
  '',
  'The following repairs are required. Each price is the total for labor and material.',
  '',
  two('EXTERIOR', '4. Dedicated 20A appliance circuits - $816'),
  two('1. Code-compliant handrail and balusters', '5. Vinyl double-hung replacement window,'),
  two('   at rear steps, pressure-treated - $541', '   Low-E, insulated glass - $4,172'),
  two('Total Exterior                   $541.00', 'Total Kitchen                   $9,608.00'),
  two('KITCHEN', 'COST SUMMARY'),
  two('2. Quartz countertops, 3 cm, eased edge', 'Subtotal, all work             $10,149.00'),
  two('   with undermount sink cutout - $3,295', 'Overhead and profit (10%)       $1,014.90'),
  two('3. Kitchen base and wall cabinets, shaker', 'TOTAL COST OF REPAIRS          $11,163.90'),
  two('   style, soft-close hardware - $1,325', ''),
];

describe('plugin-sor line items in running text', () => {
  it('reads a scope of work set in two text columns: sections, items priced in the running text, section totals', () => {
    const { data } = extractSor(documentFromText(SCOPE.join('\n')));
    expect(data.constructionSections.map((section) => [section.sectionName, section.sectionTotal?.totalCost ?? null])).to.deep.equal([
      ['EXTERIOR', 541],
      ['KITCHEN', 9608],
    ]);
    expect(data.constructionSections.flatMap((section) => section.lineItems.map((item) => [item.description, item.totalCost, item.quantity]))).to.deep.equal([
      ['Code-compliant handrail and balusters at rear steps, pressure-treated', 541, null],
      ['Quartz countertops, 3 cm, eased edge with undermount sink cutout', 3295, null],
      ['Kitchen base and wall cabinets, shaker style, soft-close hardware', 1325, null],
      ['Dedicated 20A appliance circuits', 816, null],
      ['Vinyl double-hung replacement window, Low-E, insulated glass', 4172, null],
    ]);
    expect(data.recapSummary.subtotal).to.equal(10149);
    expect(data.recapSummary.grandTotal).to.equal(11163.9);
  });
});
