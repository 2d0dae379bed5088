import { expect } from 'chai';
import { documentFromText } from '@docsift/core/testing';
import { extractSor } from '../../../plugins/sor/src/extractor.js';

const read = (lines: string[]) => extractSor(documentFromText(lines.join('\n')));

/** A consultant's room-by-room write-up: side-by-side header blocks, quantities written into the descriptions, a cost summary. */
const WRITE_UP = [
  '                    SCOPE OF WORK AND COST ESTIMATE',
  '',
  'BORROWER                                          CONSULTANT',
  'Maria B. Zimmerman                                Terrence Okafor, HUD ID D0551',
  'PROPERTY',
  '                                                  2470 Ridgecrest Cir',
  '792 Lincoln Ln                                    Boise, ID 83713',
  'Boise, ID 83726',
  'Built 1960 - 4,175 sq ft',
  '                                                  CONTRACTOR',
  'LENDER                                            Liberty Design-Build',
  'Redbud Federal Credit Union                       208-599-6728',
  '',
  'Description of Work                                                 Total',
  '',
  'Bedroom 2',
  'Provide 4 EA hardwired smoke/CO detectors with battery backup     $500.00',
  'Remove 21 SY carpet and pad and dispose                            $62.58',
  'Roll-off dumpster, 20 CY, delivery and haul                       $450.00',
  'Total, Bedroom 2                                                 $1,012.58',
  'Garage',
  'Install 1 EA insulated steel garage door 16x7 with opener       $2,250.00',
  'Paint walls, two coats - 3,230 SF; color by owner               $1,555.60',
  'Total, Garage                                                    $3,805.60',
  '',
  'Cost Summary',
  '   Bedroom 2                                  1,012.58',
  '   Garage                                     3,805.60',
  '   Total of all rooms                        $4,818.18',
  '   Permits and plan review                      350.00',
  '   TOTAL ESTIMATED COST OF REPAIRS           $5,168.18',
];

describe('plugin-sor write-ups with no quantity column', () => {
  it('reads the one quantity and unit written into a description, on a write-up that writes them on most lines', () => {
    const { data, fieldDetails } = read(WRITE_UP);
    const items = data.constructionSections.flatMap((section) => section.lineItems);
    expect(items.map((item) => [item.quantity, item.unit])).to.deep.equal([
      [4, 'EA'],
      [21, 'SY'],
      [20, 'CY'],
      [1, 'EA'],
      [3230, 'SF'],
    ]);
    expect(items[1].description).to.equal('Remove 21 SY carpet and pad and dispose');
    expect(fieldDetails['constructionSections[0].lineItems[1].quantity'].derivation).to.equal('written in the description');
  });

  it('leaves the quantity empty where only one line names a size ("20 CY" dumpster)', () => {
    // The quantities taken out, the amounts kept in their column.
    const without = (line: string, quantity: RegExp): string => line.replace(quantity, '').replace(/ (?=\$)/, ' '.repeat(1 + line.length - line.replace(quantity, '').length));
    const lines = WRITE_UP.map((line) => without(line, / 4 EA| 21 SY| 1 EA| - 3,230 SF/));
    const items = read(lines).data.constructionSections.flatMap((section) => section.lineItems);
    expect(items.map((item) => item.quantity)).to.deep.equal([null, null, null, null, null]);
  });

  it('takes the recap line that is the sum of the sections as the subtotal, whatever its label', () => {
    expect(read(WRITE_UP).data.recapSummary).to.deep.include({ subtotal: 4818.18, grandTotal: 5168.18 });
  });

  it('reads side-by-side header blocks column by column', () => {
    const meta = read(WRITE_UP).data.documentMetadata;
    expect(meta.propertyAddress).to.equal('792 Lincoln Ln, Boise, ID 83726');
    expect(meta.borrowerName).to.equal('Maria B. Zimmerman');
    expect(meta.lenderName).to.equal('Redbud Federal Credit Union');
    expect(meta.contractorInfo).to.deep.equal({ name: 'Liberty Design-Build', license: null, phone: '208-599-6728' });
  });

  it('keeps the consultant to the person named before an ID or a firm', () => {
    expect(read(WRITE_UP).data.documentMetadata.consultant).to.equal('Terrence Okafor');
    const firm = WRITE_UP.map((line) => line.replace('Terrence Okafor, HUD ID D0551', 'Okafor Consulting, LLC'));
    expect(read(firm).data.documentMetadata.consultant).to.equal('Okafor Consulting, LLC');
  });
});

describe('plugin-sor header blocks of bids and draw requests', () => {
  it("reads the customer's address under the name as the property's where no label names one", () => {
    const meta = read([
      'PRAIRIE HOME IMPROVEMENT, INC.                         REMODELING ESTIMATE',
      'Tel 901.988.1517',
      'Lic. GC-560929',
      '',
      'Customer      Wendy Thibodeaux                 Lender       Lakeside Community Bank',
      '              7581 Riverside Ln                Program      FHA 203(k)',
      '              Memphis, TN 38131',
    ]).data.documentMetadata;
    expect(meta).to.deep.include({ borrowerName: 'Wendy Thibodeaux', propertyAddress: '7581 Riverside Ln, Memphis, TN 38131', lenderName: 'Lakeside Community Bank' });
    expect(meta.contractorInfo.license).to.equal('GC-560929');
  });

  it('takes a phone printed after the contractor name as its phone, and "Owner / Borrower" as the borrower label', () => {
    const meta = read(['Owner / Borrower: Susan Yoder', 'Contractor:      Pham Construction, (205) 792-7984']).data.documentMetadata;
    expect(meta.borrowerName).to.equal('Susan Yoder');
    expect(meta.contractorInfo).to.deep.include({ name: 'Pham Construction', phone: '(205) 792-7984' });
  });

  it('takes the line that sums all the sections as the subtotal, not the last section subtotal printed before it', () => {
    const { recapSummary } = read([
      'Description                                  Amount',
      'DEMOLITION',
      'Remove carpet and pad                        100.00',
      'Remove drywall                               200.00',
      '                             Subtotal        300.00',
      'PAINTING',
      'Paint walls                                  400.00',
      '                             Subtotal        400.00',
      '',
      '             Subtotal (all trades)           700.00',
      '             GRAND TOTAL                    $750.00',
    ]).data;
    expect(recapSummary).to.deep.include({ subtotal: 700, grandTotal: 750 });
  });
});

describe('plugin-sor items whose amounts are printed on their last line', () => {
  it('takes a short capitalised first line over a line that runs on in lower case for the start of an item, not a heading', () => {
    const sections = read([
      'Description                                                 Labor     Materials      Amount',
      '',
      'B. Exterior',
      'Code-compliant handrail and balusters at rear',
      'steps, pressure-treated                                     361.25       408.75      770.00',
      'Parge exterior foundation wall, two coats                 1,681.13       430.65    2,111.78',
    ]).data.constructionSections;
    expect(sections.map((section) => section.sectionName)).to.deep.equal(['B. Exterior']);
    expect(sections[0].lineItems.map((item) => [item.description, item.totalCost])).to.deep.equal([
      ['Code-compliant handrail and balusters at rear steps, pressure-treated', 770],
      ['Parge exterior foundation wall, two coats', 2111.78],
    ]);
  });
});

describe('plugin-sor labels on crowded header rows', () => {
  it("starts a caption that a long value runs up to (\"…Kowalczyk Lender    First Meridian\"), not a label a column away", () => {
    const meta = read(['Customer      Thomas O. Kowalczyk & Darnell Kowalczyk Lender    First Meridian Mortgage']).data.documentMetadata;
    expect(meta).to.deep.include({ borrowerName: 'Thomas O. Kowalczyk & Darnell Kowalczyk', lenderName: 'First Meridian Mortgage' });
    const far = read(['Lender:   Northgate Home Loans                              FHA Case: 079-5851592']).data.documentMetadata;
    expect(far.lenderName).to.equal('Northgate Home Loans');
  });

  it('reads "Lic." before a code and its number, and never takes a company\'s "LLC" for a license label', () => {
    const meta = read(['HARBOR RENOVATIONS, LTD.', 'Tel 404-844-9696', 'Lic. RBC 418819']).data.documentMetadata;
    expect(meta.contractorInfo.license).to.equal('RBC 418819');
    const company = read(['Borrower  Laura Dubois      Contractor  Prairie Builders LLC      203(k) Consultant  Thomas L. Rasmussen']).data.documentMetadata;
    expect(company.contractorInfo.name).to.equal('Prairie Builders LLC');
  });
});

describe('plugin-sor numbered write-ups', () => {
  const NUMBERED = [
    'General: all work shall be performed by licensed trades. Prices include materials,',
    'labor and disposal.',
    '',
    ' 1. Temporary electric service during construction ................ $562.00',
    ' 2. Project supervision / site superintendent ...................... $2,211.00',
    ' 3. Remove carpet and pad and dispose ............................... $133.00',
    '',
    '    Lead-based paint clearance testing .............................. $300.00',
    '    Radon test, 48-hour continuous monitor .......................... $175.00',
    '    TOTAL ESTIMATED COST ............................................ $3,381.00',
  ];

  it('takes unnumbered priced lines after the last numbered item for recap lines, not items', () => {
    const { constructionSections, recapSummary, additionalInfo } = read(NUMBERED).data;
    expect(constructionSections.flatMap((section) => section.lineItems).map((item) => item.totalCost)).to.deep.equal([562, 2211, 133]);
    expect(recapSummary.grandTotal).to.equal(3381);
    expect(additionalInfo?.recapLines.map((line) => line.amount)).to.deep.equal([300, 175]);
  });

  it('does not name the first section after the last line of the paragraph above the items', () => {
    expect(read(NUMBERED).data.constructionSections[0].sectionName).to.equal('');
  });
});

describe('plugin-sor contractor named by its letterhead', () => {
  it('names the contractor of the letterhead with its legal form', () => {
    const meta = read([
      'Bluegrass Remodeling, Inc.                                      ESTIMATE',
      '3131 Belmont Road',
      'Atlanta, GA 30357                                         Estimate #        3189',
      '404.667.7525                                              Date        12/05/2025',
      'Lic. # GA65732',
      '',
      ' PREPARED FOR                                    PROJECT',
      ' Yolanda Donnelly & Colleen Donnelly             Renovation per FHA 203(k) scope',
    ]).data.documentMetadata;
    expect(meta.contractorInfo.name).to.equal('Bluegrass Remodeling, Inc.');
  });
});
