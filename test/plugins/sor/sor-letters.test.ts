import { expect } from 'chai';
import { readLayout } from '@docsift/core/layout';
import { documentFromText } from '@docsift/core/testing';
import { extractSor } from '../../../plugins/sor/src/extractor.js';
import { labelsOf } from '../../../plugins/sor/src/labels.js';

/**
 * A contractor's letter to the owner with the estimate in it: the owner and the home in the inside
 * address, the consultant and the lender named after their roles in the prose, the contractor in the
 * letterhead and an approval block of signature boxes under the closing.
 */

const LETTERHEAD = [
  'Harbor Point Remodeling LLC',
  '410 Quarry Road, Suite 8                                   Telephone (615) 204-7781',
  'Nashville, TN 37201                                    Contractor License CL-40417',
  '',
  'March 3, 2026',
  '',
];
const INSIDE_ADDRESS = ['Marisol Vance and Peter Vance', '2217 Linden Court', 'Nashville, TN 37206', ''];
const BODY = [
  'Re: Renovation estimate for 2217 Linden Court',
  '',
  'Dear Homeowner(s):',
  '',
  'Thank you for asking us to price the repairs to your home. The items below follow the write-up',
  'prepared by your 203(k) consultant, Dana K. Whitfield of Keystone Renovation Consulting, for your',
  'lender, Granite State Bank, N.A. We will do all of the work as described for $2,378.00.',
  '',
  'Item   Description                                Qty      Materials    Labor      Amount',
  '1      Replace water heater                         1       1,270.00   500.00    1,770.00',
  '2      Install handrail                             1         208.00   200.00      408.00',
  '                                                           Items total             2,178.00',
  '                                                           Permit                    200.00',
  '                                                           TOTAL PRICE             2,378.00',
  '',
  'Sincerely,',
  '',
  'for Harbor Point Remodeling LLC',
  'ACCEPTED BY OWNER          CONTRACTOR                 REVIEWED - 203(k) CONSULTANT',
  'Signature ________         Signature ________         Signature ________',
  'Date ________              Date ________              Date ________',
];

const read = (lines: string[]) => extractSor(documentFromText(lines.join('\n')));

describe('plugin-sor: a letter with the estimate in it', () => {
  it('reads the owner and the home from the inside address above the greeting, and no label in "Dear Homeowner(s):"', () => {
    const { data, fieldDetails } = read([...LETTERHEAD, ...INSIDE_ADDRESS, ...BODY]);
    expect(data.documentMetadata.borrowerName).to.equal('Marisol Vance and Peter Vance');
    expect(data.documentMetadata.propertyAddress).to.equal('2217 Linden Court, Nashville, TN 37206');
    expect(fieldDetails['documentMetadata.propertyAddress'].confidence).to.be.below(1);
  });

  it('reads an address block as the home only in a letter, above its greeting', () => {
    const { data } = read([...LETTERHEAD, ...INSIDE_ADDRESS, ...BODY.filter((line) => !line.startsWith('Dear'))]);
    expect(data.documentMetadata.borrowerName).to.equal(null);
    expect(data.documentMetadata.propertyAddress).to.equal(null);
  });

  it('reads the consultant and the lender named after their roles in the prose, the lender with its legal form', () => {
    const { data } = read([...LETTERHEAD, ...INSIDE_ADDRESS, ...BODY]);
    expect(data.documentMetadata.consultant).to.equal('Dana K. Whitfield');
    expect(data.documentMetadata.lenderName).to.equal('Granite State Bank, N.A.');
  });

  it('takes a role followed by a comma in a sentence for no label, even where a wide gap follows it (OCR)', () => {
    const [row] = readLayout(documentFromText('203(k) consultant,    Dana K. Whitfield of Keystone Renovation Consulting')).rows;
    expect(labelsOf(row)).to.deep.equal([]);
  });

  it('reads the contractor and its phone from the letterhead, not the next signature box beside the "CONTRACTOR" box', () => {
    const { data } = read([...LETTERHEAD, ...INSIDE_ADDRESS, ...BODY]);
    expect(data.documentMetadata.contractorInfo).to.deep.equal({ name: 'Harbor Point Remodeling LLC', license: 'CL-40417', phone: '(615) 204-7781' });
  });

  it('reads "Items total" as the subtotal where the grand total under it adds it and the permit up', () => {
    const { data } = read([...LETTERHEAD, ...INSIDE_ADDRESS, ...BODY]);
    expect(data.recapSummary).to.deep.equal({ subtotal: 2178, generalConditions: null, overheadAndProfit: null, grandTotal: 2378 });
  });
});

describe('plugin-sor: an estimate\'s customer blocks', () => {
  const ESTIMATE = [
    'Reyes Construction Inc.                                   Estimate # 2025-4363',
    'Phone 804-717-2072   Lic# VA617246                         Date 23-Nov-2026',
    '',
    'Bill to                                  Job site',
    'Irene Castillo                           Castillo residence',
    '7379 Lincoln Blvd                        7379 Lincoln Blvd',
    'Richmond, VA 23243                       Richmond, VA 23243',
    'Financing: Crescent Home Lending         Sales tax 8.25% on materials',
    '',
    'Qty  Description                          Material      Tax     Labor   Ext. Total',
    '1    Bath exhaust fan                       111.00     9.16    191.00       311.16',
    '2    Toilet, elongated                      273.00    22.52    113.00       408.52',
  ];

  it('reads the job site\'s address from its street, under the line that names the residence', () => {
    expect(read(ESTIMATE).data.documentMetadata.propertyAddress).to.equal('7379 Lincoln Blvd, Richmond, VA 23243');
  });

  it('reads the lender after "Financing:"', () => {
    expect(read(ESTIMATE).data.documentMetadata.lenderName).to.equal('Crescent Home Lending');
  });
});
