import { expect } from 'chai';
import { documentFromText } from '@docsift/core/testing';
import { extractSor } from '../../../plugins/sor/src/extractor.js';

/**
 * A bid typed as a letter, with no table: the owners under "Submitted to:" beside a paragraph, the
 * inspection dated in that paragraph, numbered paragraphs each counting its work in brackets with the
 * unit written out and priced after a dot leader, and the amount of the proposal closing the recap.
 */

const LEADERS = ' . . . . . . . . . .';
const item = (text: string, amount: string): string => `${`${text}${LEADERS}`.padEnd(84)}${amount.padStart(12)}`;

const LETTER = [
  '                          Birchwood Remodeling',
  '                   8501 Chestnut Dr, Albany, NY 12297',
  '',
  'March 7, 2025                                                                PROPOSAL',
  '',
  'Submitted to:                                  We propose to furnish all labor, material and',
  'Harriet M. Lindqvist and Paul Lindqvist        equipment for the repairs listed below, as set',
  '7310 Sycamore Avenue                           out in the work write-up of the consultant, from',
  'Albany, NY 12258                               the inspection of February 6, 2025, for the prices',
  '                                               stated after each item.',
  '',
  'CONCRETE',
  item('1.  Replace driveway apron, 6 in. reinforced concrete (299 sq. ft.)', '$3,638.83'),
  item('2.  Pour new concrete steps at rear entry (6 cu. yd.)', '$3,072.00'),
  '',
  'PLUMBING',
  item('3.  Roll-off dumpster, 20 CY, haul and disposal (3 each)', '$1,845.00'),
  item('4.  Camera inspection of main sewer line (1 lump sum)', '$616.00'),
  '',
  item('Sub-total', '$9,171.83'),
  item('Permit allowance', '$250.00'),
  item('AMOUNT OF PROPOSAL', '$9,421.83'),
];

const read = () => extractSor(documentFromText(LETTER.join('\n')));

describe('plugin-sor: a bid typed as a letter', () => {
  it('reads each numbered paragraph\'s quantity from the brackets with the unit written out, a count in brackets before a size in the text', () => {
    const items = read().data.constructionSections.flatMap((section) => section.lineItems.map((line) => [line.quantity, line.unit, line.totalCost]));
    expect(items).to.deep.equal([
      [299, 'SF', 3638.83],
      [6, 'CY', 3072],
      [3, 'EA', 1845],
      [1, 'LS', 616],
    ]);
  });

  it('points the unit read from the brackets at every word it is written in ("sq. ft.)")', () => {
    const { fieldDetails } = read();
    const [quantityStart, , quantityEnd] = fieldDetails['constructionSections[0].lineItems[0].quantity'].bbox!;
    const [unitStart, , unitEnd] = fieldDetails['constructionSections[0].lineItems[0].unit'].bbox!;
    // "(299" is four characters wide, "sq. ft.)" eight.
    expect((unitEnd - unitStart) / (quantityEnd - quantityStart)).to.be.closeTo(8 / 4, 0.2);
  });

  it('reads the owners under "Submitted to:", not the paragraph across the gutter, and the home under them', () => {
    const { documentMetadata } = read().data;
    expect(documentMetadata.borrowerName).to.equal('Harriet M. Lindqvist and Paul Lindqvist');
    expect(documentMetadata.propertyAddress).to.equal('7310 Sycamore Avenue, Albany, NY 12258');
  });

  it('reads the inspection date from "the inspection of <date>" in the paragraph', () => {
    expect(read().data.documentMetadata.inspectionDate).to.equal('2025-02-06');
  });

  it('reads the amount of the proposal as the grand total', () => {
    expect(read().data.recapSummary.grandTotal).to.equal(9421.83);
  });
});
