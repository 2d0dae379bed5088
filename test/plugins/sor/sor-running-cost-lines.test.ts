import { expect } from 'chai';
import { documentFromText } from '@docsift/core/testing';
import { extractSor } from '../../../plugins/sor/src/extractor.js';

/** A work write-up: each item a numbered paragraph, and under it a line of its own with its quantity and labelled amounts. */
const WRITE_UP = [
  '                     WORK WRITE-UP AND COST ESTIMATE',
  'Borrower:   Walter Thibodeaux',
  'Contractor: Pham Contracting Group',
  '',
  'Each numbered item below is a separate line of the repair budget. The cost under each item includes',
  'all labor and material.',
  '',
  'Masonry',
  '',
  '1.1 Repoint brick foundation walls, Type N mortar; color and style to be selected',
  '    by owner',
  '    Qty: 330 SF     Material $446.00     Labor $3,366.00     Total $3,812.00',
  '1.2 Epoxy injection of foundation wall cracks, basement',
  '    Qty: 40 LF      Material $534.00     Labor $1,280.00     Total $1,814.00',
  '',
  'Heating & Air Conditioning',
  '',
  '2.1 Clean and sanitize existing duct system',
  '    Qty: 1 LS       Material $46.00      Labor $489.00       Total $535.00',
  '2.2 HVAC technician start-up, testing and balancing',
  '    Qty: 8 HR       Material $0.00       Labor $1,064.00     Total $1,064.00',
  '',
  'SUMMARY OF COSTS',
  'Masonry                                  $5,626.00',
  'Heating & Air Conditioning               $1,599.00',
  'Total of all items                       $7,225.00',
  'TOTAL COST OF REPAIRS                    $7,225.00',
];

describe('plugin-sor line items as paragraphs with cost lines', () => {
  it('reads each paragraph with the cost line under it as a line item, in sections under their headings', () => {
    const { data } = extractSor(documentFromText(WRITE_UP.join('\n')));
    expect(data.constructionSections.map((section) => section.sectionName)).to.deep.equal(['Masonry', 'Heating & Air Conditioning']);
    expect(data.constructionSections.flatMap((section) => section.lineItems)).to.deep.equal([
      { description: 'Repoint brick foundation walls, Type N mortar; color and style to be selected by owner', quantity: 330, unit: 'SF', materialCost: 446, laborCost: 3366, totalCost: 3812 },
      { description: 'Epoxy injection of foundation wall cracks, basement', quantity: 40, unit: 'LF', materialCost: 534, laborCost: 1280, totalCost: 1814 },
      { description: 'Clean and sanitize existing duct system', quantity: 1, unit: 'LS', materialCost: 46, laborCost: 489, totalCost: 535 },
      { description: 'HVAC technician start-up, testing and balancing', quantity: 8, unit: 'HR', materialCost: 0, laborCost: 1064, totalCost: 1064 },
    ]);
    expect(data.recapSummary.subtotal).to.equal(7225);
    expect(data.recapSummary.grandTotal).to.equal(7225);
  });
});
