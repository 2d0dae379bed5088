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
});
