import { expect } from 'chai';
import { documentFromText } from '@docsift/core/testing';
import { extractSor } from '../../../plugins/sor/src/extractor.js';

/** Header facts written in a phrase instead of under a label: the visit, the job's address in the title. */

const read = (lines: string[]) => extractSor(documentFromText(lines.join('\n')));

const TABLE = [
  '',
  'Item   Description                                Qty      Price       Amount',
  '1      Replace water heater                         1   1,770.00     1,770.00',
  '2      Install handrail                             1     408.00       408.00',
  '                                                  Total               2,178.00',
];

describe('plugin-sor header block: facts written in phrases', () => {
  it('reads no lender from a sentence after the label ("Financing: available on approved credit")', () => {
    const { data } = read(['Borrower: Michael Novak', 'Financing: available on approved credit', ...TABLE]);
    expect(data.documentMetadata.lenderName).to.equal(null);
  });

  it('reads the consultant and the inspection date from "Walk-through by <name> on <date>", and the address after the title\'s dash', () => {
    const { data, fieldDetails } = read([
      'REHAB SCOPE OF WORK & BUDGET – 7895 Garfield Pl, Kansas City, MO 64115',
      'Borrower: Michael Novak       Lender: Lakeside Community Bank',
      'Walk-through by Walter Zimmerman on 4/18/26          Prepared 4/24/26',
      ...TABLE,
    ]);
    expect(data.documentMetadata.consultant).to.equal('Walter Zimmerman');
    expect(data.documentMetadata.inspectionDate).to.equal('2026-04-18');
    expect(data.documentMetadata.propertyAddress).to.equal('7895 Garfield Pl, Kansas City, MO 64115');
    expect(fieldDetails['documentMetadata.consultant'].confidence).to.equal(0.8);
  });

  it('keeps what labels give, and reads no visit from a sentence without a date ("inspected by the county")', () => {
    const { data } = read([
      'Property: 12 Elm St, Dayton, OH 45402',
      'Consultant: Dana Cole',
      'Inspection Date: 03/02/2025',
      'Site visit by Walter Zimmerman on 4/18/26',
      'Work to be inspected by the county on completion.',
      ...TABLE,
    ]);
    expect(data.documentMetadata.consultant).to.equal('Dana Cole');
    expect(data.documentMetadata.inspectionDate).to.equal('2025-03-02');
    expect(data.documentMetadata.propertyAddress).to.equal('12 Elm St, Dayton, OH 45402');
    const none = read(['Work to be inspected by the county on completion.', ...TABLE]).data.documentMetadata;
    expect([none.consultant, none.inspectionDate]).to.deep.equal([null, null]);
  });

  it('reads the consultant after "by" beside the inspection\'s date in boxes side by side ("2026-08-22 by Angela N. Jablonski")', () => {
    const { data } = read([
      'CLIENT                           INSPECTION                             CONTRACTOR',
      'Kevin Castillo                   2026-08-22 by Angela N. Jablonski      Nakamura Renovations',
      'Heartland Credit Union           Copperline Building Consultants        Lic. ID647081',
      ...TABLE,
    ]);
    expect(data.documentMetadata.inspectionDate).to.equal('2026-08-22');
    expect(data.documentMetadata.consultant).to.equal('Angela N. Jablonski');
    const other = read(['Printed 2026-09-01 by Dana Cole', 'Inspection Date: 2026-08-22', ...TABLE]).data.documentMetadata;
    expect(other.consultant).to.equal(null);
  });

  it('reads no consultant from "DATE by …" where another verb leads into the date, though it falls on the visit\'s day ("Estimate prepared 3/2/26 by Acme Plumbing LLC")', () => {
    for (const dated of ['Estimate prepared 3/2/26 by Acme Plumbing LLC', 'Signed 3/2/26 by Dana Cole, Owner']) {
      const { data } = read(['Inspection Date: 3/2/26', dated, ...TABLE]);
      expect(data.documentMetadata.inspectionDate).to.equal('2026-03-02');
      expect(data.documentMetadata.consultant, dated).to.equal(null);
    }
  });

  it('reads the inspection date dated on its own after the consultant\'s name ("Write-up by  Priya Q. Petrakis, inspected 2/10/25")', () => {
    const { data } = read(['Client       Carlos Pham', 'Write-up by  Priya Q. Petrakis, inspected 2/10/25', ...TABLE]);
    expect(data.documentMetadata.consultant).to.equal('Priya Q. Petrakis');
    expect(data.documentMetadata.inspectionDate).to.equal('2025-02-10');
  });

  it('reads no visit from another inspection ("final inspection", "termite inspection"), a note under the table, nor a date after the document\'s', () => {
    for (const line of [
      'All work subject to final inspection on 6/30/25 by the city.',
      'Roof certified by roofing inspection dated 3/14/2019.',
      'Termite inspection 01/15/2025 attached.',
      'Final walk-through on June 30, 2025 with the owner.',
      'Permit No. 24-118 issued; rough-in inspection of 5/2/25 passed.',
    ])
      expect(read(['Borrower: Michael Novak       Lender: Lakeside Community Bank', line, ...TABLE]).data.documentMetadata.inspectionDate, line).to.equal(null);
    const below = read(['Borrower: Michael Novak       Lender: Lakeside Community Bank', ...TABLE, '', 'Completion: all work to pass inspection on 9/1/26.']);
    expect(below.data.documentMetadata.inspectionDate).to.equal(null);
    const later = read(['March 7, 2025                                   PROPOSAL', 'Borrower: Michael Novak', 'Work to be complete before the inspection of 6/30/25.', ...TABLE]);
    expect(later.data.documentMetadata.inspectionDate).to.equal(null);
    const earlier = read(['March 7, 2025                                   PROPOSAL', 'Borrower: Michael Novak', 'Priced from the inspection of 2/6/25.', ...TABLE]);
    expect(earlier.data.documentMetadata.inspectionDate).to.equal('2025-02-06');
  });

  it('reads no consultant from a value without a letter beside a label ("Prepared by  5/13/26")', () => {
    const { data } = read(['Prepared by   5/13/26', ...TABLE]);
    expect(data.documentMetadata.consultant).to.equal(null);
  });

  it('reads the job site block beside the customer block to its town line, and the consultant of "Per write-up by" to the end of its paragraph', () => {
    const block = (left: string, right: string): string => `${left.padEnd(50)}${right}`;
    const { data } = read([
      block('CUSTOMER', 'JOB SITE'),
      '',
      block('Phillip Zimmerman', '8906 Pleasant Valley Blvd'),
      block('Financing: First Meridian Mortgage', 'Memphis, TN 38192'),
      block('', 'Per write-up by James Gallagher'),
      '',
      '',
      ...TABLE.slice(1, -1),
      '',
      '                                                  Subtotal            2,178.00',
      '                                                  Total               2,178.00',
    ]);
    expect(data.documentMetadata.propertyAddress).to.equal('8906 Pleasant Valley Blvd, Memphis, TN 38192');
    expect(data.documentMetadata.consultant).to.equal('James Gallagher');
  });

  /** A bid's head: the letterhead's lines at the left, the client and the home at the right, between them. */
  const beside = (left: string, right = ''): string => `${left.padEnd(64)}${right}`.trimEnd();
  const BID_HEAD_BESIDE_LETTERHEAD = [
    beside('', 'PREPARED FOR'),
    beside('Yoder Remodeling', 'Priya Baptiste'),
    beside('4273 Kingsley Ave'),
    beside('', 'PROPERTY'),
    beside('Knoxville, TN 37946'),
    beside('', '7731 Lincoln Avenue'),
    beside('office@yoder.example'),
    beside('', 'Knoxville, TN 37980'),
    '',
  ];

  it('takes the lender\'s name read under its caption for no contractor\'s letterhead, and reads the home beside the letterhead\'s lines', () => {
    const { data } = read([
      ...BID_HEAD_BESIDE_LETTERHEAD,
      'LOAN NUMBER          FHA CASE NO.          LENDER                     BID DATE',
      '3843570440           245-6455734           Pinnacle Mortgage Corp.    November 22, 2026',
      ...TABLE,
    ]);
    expect(data.documentMetadata.lenderName).to.equal('Pinnacle Mortgage Corp.');
    expect(data.documentMetadata.contractorInfo.name).to.equal('Yoder Remodeling');
    expect(data.documentMetadata.propertyAddress).to.equal('7731 Lincoln Avenue, Knoxville, TN 37980');
  });

  it('takes no value of a grid under its captions for the letterhead ("ESCROW" over "Summit Escrow Group LLC")', () => {
    const { data } = read([
      ...BID_HEAD_BESIDE_LETTERHEAD,
      'LOAN NUMBER          FHA CASE NO.          ESCROW                     BID DATE',
      '3843570440           245-6455734           Summit Escrow Group LLC    November 22, 2026',
      ...TABLE,
    ]);
    expect(data.documentMetadata.contractorInfo.name).to.equal('Yoder Remodeling');
  });
});
