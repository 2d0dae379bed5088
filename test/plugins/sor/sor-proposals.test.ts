import { expect } from 'chai';
import { documentFromText } from '@docsift/core/testing';
import { readLayout } from '@docsift/core/layout';
import { extractSor } from '../../../plugins/sor/src/extractor.js';
import { fillFromHeaderPhrases } from '../../../plugins/sor/src/header-phrases.js';
import { ProvenanceRecorder } from '../../../plugins/sor/src/provenance.js';
import type { SorMetadata } from '../../../plugins/sor/src/schema.js';

/** A contractor's proposal: the scope in a sentence, then a price table of lump sums with the fees among them, then the draws. */

const PRICE_TABLE = [
  'PRICING',
  'Description                                                  Amount',
  'Kitchen                                                   $8,200.00',
  'Hall Bath                                                 $4,100.00',
  'Permit fees                                                 $450.00',
  'Roll-off container rental                                   $900.00',
  'TOTAL PRICE                                              $13,650.00',
];

const read = (lines: string[]) => extractSor(documentFromText(lines.join('\n')));

describe('plugin-sor proposals', () => {
  it('reads a fee among the lump sums as a line of the price table when another priced line follows it', () => {
    const { data } = read(['Submitted to: Ann Ruiz', '', ...PRICE_TABLE]);
    const items = data.constructionSections.flatMap((section) => section.lineItems.map((item) => [item.description, item.totalCost]));
    expect(items).to.deep.equal([
      ['Kitchen', 8200],
      ['Hall Bath', 4100],
      ['Permit fees', 450],
      ['Roll-off container rental', 900],
    ]);
    expect(data.recapSummary.grandTotal).to.equal(13650);
  });

  it('keeps a fee right above the grand total a recap line', () => {
    const { data } = read([
      'Submitted to: Ann Ruiz',
      '',
      'Description                                                  Amount',
      'Kitchen                                                   $8,200.00',
      'Hall Bath                                                 $4,100.00',
      'Permit fees                                                 $450.00',
      'TOTAL PRICE                                              $12,750.00',
    ]);
    const items = data.constructionSections.flatMap((section) => section.lineItems.map((item) => item.description));
    expect(items).to.deep.equal(['Kitchen', 'Hall Bath']);
  });

  it('names no section after a caption that only says the table is a price list', () => {
    const { data } = read(['Submitted to: Ann Ruiz', '', ...PRICE_TABLE]);
    expect(data.constructionSections.map((section) => section.sectionName)).to.deep.equal(['']);
  });

  it('ends the consultant\'s name with its sentence ("… write-up of Dana K. Moreno. Work not listed …")', () => {
    const { data } = read([
      'Submitted to: Ann Ruiz',
      '',
      'We propose the work below as listed in the work write-up of Dana K. Moreno. Work',
      'not listed is not included.',
      '',
      ...PRICE_TABLE,
    ]);
    expect(data.documentMetadata.consultant).to.equal('Dana K. Moreno');
  });

  it('reads the lender from "financed through <name>" in a sentence of the header block', () => {
    const { rows } = readLayout(documentFromText(['We propose the work below, financed through', 'Harbor Point Savings & Loan and as listed in the write-up.'].join('\n')));
    const meta: SorMetadata = { consultant: null, propertyAddress: null, borrowerName: null, lenderName: null, inspectionDate: null, contractorInfo: { name: null, license: null, phone: null } };
    fillFromHeaderPhrases(meta, { prose: rows, header: rows }, 'mdy', new ProvenanceRecorder());
    expect(meta.lenderName).to.equal('Harbor Point Savings & Loan');
  });

  it('takes no "Property" in a line of the scope for the property\'s label when no number follows it', () => {
    const { data } = read([
      'Submitted to: Ann Ruiz',
      'Job location: 4410 Elm St, Springfield, IL 62704',
      '',
      'SCOPE',
      'Kitchen',
      '  - Replace cabinets; all work to meet current local code and HUD Minimum Property',
      '    Standards; per manufacturer\'s instructions',
      '  - Stair treads; HUD Minimum Property           per manufacturer\'s installation',
      '',
      ...PRICE_TABLE,
    ]);
    expect(data.documentMetadata.propertyAddress).to.equal('4410 Elm St, Springfield, IL 62704');
  });

  it('reads the recap on under a header repeated over recap lines alone on the next page', () => {
    const header = ['Line  Description                        Qty   Material     Labor       Total'];
    const first = [
      'Owner: Ann Ruiz',
      '',
      ...header,
      'KITCHEN',
      '1     Base cabinets                        10    1,000.00    500.00    1,500.00',
      '2     Countertop                            1      800.00    200.00    1,000.00',
      'Subtotal KITCHEN                                 1,800.00    700.00    2,500.00',
      'BATH',
      '3     Vanity                                1      400.00    100.00      500.00',
      '4     Toilet                                1      300.00    200.00      500.00',
      'Subtotal BATH                                      700.00    300.00    1,000.00',
      '      SUBTOTAL                                                          3,500.00',
      '      General conditions 6%                                               210.00',
    ];
    const second = [...header, '      Contractor OH&P 10%                                                 371.00', '      TOTAL BUDGET                                                      4,081.00'];
    const { data } = extractSor(documentFromText([first.join('\n'), second.join('\n')]));
    expect(data.recapSummary).to.deep.equal({ subtotal: 3500, generalConditions: 210, overheadAndProfit: 371, grandTotal: 4081 });
  });
});
