import { expect } from 'chai';
import { documentFromText } from '@docsift/core/testing';
import { extractSor } from '../../../plugins/sor/src/extractor.js';

/** Header blocks of estimates: captioned columns of parties, an address whose town stands under its label. */

const metadata = (lines: string[]) => extractSor(documentFromText(lines.join('\n'))).data.documentMetadata;
const three = (left: string, middle: string, right: string): string => `${left.padEnd(30)}${middle.padEnd(30)}${right}`;
const two = (left: string, right: string): string => `${left.padEnd(52)}${right}`;

describe('plugin-sor header blocks', () => {
  it('takes the consultant from a "Consultant:" label over a "PREPARED BY" caption, which may name a contact as well', () => {
    const meta = metadata([
      'IRONWOOD CONTRACTING                                    Project No. WU-57272',
      '',
      three('PREPARED FOR', 'PREPARED BY', 'FINANCING'),
      three('Rafael Nakamura', 'Ironwood Contracting', 'Evergreen Savings Bank'),
      three('819 Maple Dr', 'Lic. OH264766', 'Consultant: Lisa Brennan'),
      three('Toledo, OH 43689', '(419) 832-8661', 'Inspected 07-Nov-2025'),
    ]);
    expect(meta.consultant).to.equal('Lisa Brennan');
  });

  it('takes no document title for the contractor where OCR reads a letterhead word beside it as the contractor\'s label ("Builders   CONTRACTOR COST BREAKDOWN")', () => {
    const lines = [
      'Builders       CONTRACTOR COST BREAKDOWN',
      '7259 Hawthorne St, Providence, RI 02911    Lic. 459689-31',
      '',
      two('Owner: Jessica Jablonski', 'Job site: 1977 Ridgecrest Ave'),
    ];
    const meta = extractSor(documentFromText(lines.join('\n'), { source: 'ocr' })).data.documentMetadata;
    expect(meta.contractorInfo.name).to.equal(null);
    expect(meta.contractorInfo.license).to.equal('459689-31');
  });

  it('keeps a contractor named only with common words ("General Construction Co.", "Building Repair Service") for no title', () => {
    for (const name of ['General Construction Co.', 'Building Repair Service', 'Budget Construction Inc.']) {
      const meta = metadata(['ESTIMATE', '', two(`Contractor: ${name}`, 'Owner: Jessica Jablonski'), two('Lic. 459689-31', 'Job site: 1977 Ridgecrest Ave')]);
      expect(meta.contractorInfo.name).to.equal(name);
    }
  });

  it('adds the town line printed under the label of a street address ("Job site: 818 Willow Bend Drive" over "Tulsa, OK 74145")', () => {
    const meta = metadata([
      'Coleman Remodeling, Ltd.                                ESTIMATE',
      '',
      two('PREPARED FOR', 'FINANCING'),
      two('Victor K. Castillo', 'Lender       Heartland Credit Union'),
      two('Job site: 818 Willow Bend Drive', 'Loan No.     4054624290'),
      two('Tulsa, OK 74145', 'FHA Case No. 561-9079666'),
    ]);
    expect(meta.propertyAddress).to.equal('818 Willow Bend Drive, Tulsa, OK 74145');
  });

  it('leaves a labelled address under a street address out of its town line ("Mailing: PO Box 412, Tulsa, OK 74101" is another address)', () => {
    const meta = metadata([
      'Coleman Remodeling, Ltd.                                ESTIMATE',
      '',
      two('PREPARED FOR', 'FINANCING'),
      two('Victor K. Castillo', 'Lender       Heartland Credit Union'),
      two('Job site: 818 Willow Bend Drive', 'Loan No.     4054624290'),
      two('Mailing: PO Box 412, Tulsa, OK 74101', 'FHA Case No. 561-9079666'),
    ]);
    expect(meta.propertyAddress).to.equal('818 Willow Bend Drive');
  });

  it("reads a consultant's name over the line of the role and the consultant's ID, and a license written into the contractor's line", () => {
    const meta = metadata([
      '                          Terrence Ibarra',
      '                   HUD 203(k) Consultant C0143',
      '',
      two('Borrower:   Shannon Nakamura', 'Property:    6779 Riverside Way, Milwaukee, WI 53258'),
      two('Lender:     Northgate Home Loans', 'Contractor:  Prairie Construction, LLC, Lic. WI-487970,'),
      two('Inspected:  January 10, 2025', '             414-805-9217'),
    ]);
    expect(meta.consultant).to.equal('Terrence Ibarra');
    expect(meta.contractorInfo).to.deep.equal({ name: 'Prairie Construction, LLC', license: 'WI-487970', phone: '414-805-9217' });
    // In a sentence the license ends at the comma after its number.
    const prose = metadata(['REPAIR WRITE-UP', 'Work by the contractor: Bluegrass Restoration, Inc., license RI-971817, telephone 401-424-8811.']);
    expect(prose.contractorInfo.license).to.equal('RI-971817');
  });
});
