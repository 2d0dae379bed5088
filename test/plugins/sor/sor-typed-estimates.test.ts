import { expect } from 'chai';
import { documentFromText } from '@docsift/core/testing';
import { extractSor } from '../../../plugins/sor/src/extractor.js';

/** A contractor's typed estimate: letterhead parts set apart by "~", the consultant's write-up named in a sentence, a signature row, recap lines after numbered items. */

const read = (lines: string[]) => extractSor(documentFromText(lines.join('\n')));

const TABLE = [
  '',
  'Item   Description                                Qty      Price       Amount',
  '1.     Replace water heater                         1   1,770.00     1,770.00',
  '2.     Install handrail                             1     408.00       408.00',
  '3.     Repair porch steps                           1     300.00       300.00',
];

describe('plugin-sor typed estimates', () => {
  it('reads the consultant and the inspection date from "the work write-up of <name> (<firm>), inspection of <date>"', () => {
    const { data, fieldDetails } = read([
      'Summit Remodeling',
      'Customer: Brian Reyes            Lender: Northgate Home Loans',
      'Scope per the 203(k) work write-up of Colleen N.',
      'Jablonski (Copperline 203(k) Consulting, LLC), inspection of 08/22/2025.',
      ...TABLE,
      '                                                  Total               2,478.00',
    ]);
    expect(data.documentMetadata.consultant).to.equal('Colleen N. Jablonski');
    expect(data.documentMetadata.inspectionDate).to.equal('2025-08-22');
    expect(fieldDetails['documentMetadata.inspectionDate'].confidence).to.equal(0.8);
  });

  it('reads a license after a "~" between the letterhead\'s parts, and takes no signature caption beside "Contractor" for its name', () => {
    const { data } = read([
      '                 Novak Restoration',
      '       882 Prospect Pl ~ Toledo, OH 43656',
      '419.337.1529 ~ office@novak.example ~ Lic. No. 905388-55',
      '',
      'Customer: Curtis Grayson',
      ...TABLE,
      '                                                  Total               2,478.00',
      '',
      'Contractor                                  Owner acceptance / date',
    ]);
    expect(data.documentMetadata.contractorInfo.license).to.equal('905388-55');
    expect(data.documentMetadata.contractorInfo.name).to.equal('Novak Restoration');
  });

  it('reads an unnumbered line after numbered items as the recap\'s, though OCR lost one item\'s number between two others', () => {
    const { data } = read([
      'Customer: Curtis Grayson',
      '',
      'Item   Description                                Qty      Price       Amount',
      '1.     Replace water heater                         1   1,770.00     1,770.00',
      '       Install handrail                             1     408.00       408.00',
      '3.     Repair porch steps                           1     300.00       300.00',
      '4.     Paint the porch ceiling                      1     200.00       200.00',
      '       Rooms together                                                2,678.00',
      '                                         AMOUNT OF ESTIMATE          2,678.00',
    ]);
    const items = data.constructionSections.flatMap((section) => section.lineItems.map((item) => item.description));
    expect(items).to.deep.equal(['Replace water heater', 'Install handrail', 'Repair porch steps', 'Paint the porch ceiling']);
    expect(data.recapSummary.grandTotal).to.equal(2678);
  });
});
