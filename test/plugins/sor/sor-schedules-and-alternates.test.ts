import { expect } from 'chai';
import { documentFromText } from '@docsift/core/testing';
import { extractSor } from '../../../plugins/sor/src/extractor.js';

/**
 * Recaps and header blocks of estimates printed other ways: a European estimate (amounts grouped by
 * spaces with a decimal comma, a surveyor and the survey's date, site overheads), a bid whose base bid
 * grows into a contract sum, a cost schedule printing each amount before its label, and a field
 * estimate pad captioning each line of the job's address.
 */

const read = (lines: string[]) => extractSor(documentFromText(lines.join('\n'), { columns: 120 }));

const europeanItem = (number: string, description: string, qty: string, unit: string, material: string, amount: string): string =>
  `${number.padEnd(6)}${description.padEnd(44)}${qty.padStart(10)}  ${unit.padEnd(4)}${material.padStart(12)}${amount.padStart(14)}`;
const summaryLine = (label: string, percent: string, amount: string): string => `${''.padEnd(50)}${label.padEnd(34)}${percent.padStart(4)}${amount.padStart(14)}`;

const EUROPEAN = (recap: string[]): string[] => [
  'Ibarra Construction                                                         COST ESTIMATE',
  '',
  'Client       Terrence C. Whitaker                      Estimate date   2026-03-11',
  'Site address 6475 Orchard St, Atlanta, GA 30334        Survey date     2026-03-08',
  'Lender       Crescent Home Lending                     Surveyor        Susan Nakamura',
  '',
  europeanItem('Pos.', 'Description', 'Qty', 'Unit', 'Material', 'Amount'),
  '1. Interior Finishes',
  europeanItem('1.1', 'Prime and paint walls and ceilings', '1 590,00', 'SF', '636,00', '2 273,70'),
  europeanItem('1.2', 'Carpet and 6 lb pad, mid-grade', '33,00', 'SY', '1 089,00', '1 362,57'),
  `${''.padEnd(6)}${'Total 1. Interior Finishes'.padEnd(44)}${''.padEnd(28)}${'3 636,27'.padStart(14)}`,
  '2. Plumbing',
  europeanItem('2.1', 'Replace cast iron drain stack', '45,00', 'LF', '758,25', '2 513,25'),
  `${''.padEnd(6)}${'Total 2. Plumbing'.padEnd(44)}${''.padEnd(28)}${'2 513,25'.padStart(14)}`,
  '',
  ...recap,
];

describe('plugin-sor: estimates printed other ways', () => {
  it('reads a European estimate: amounts grouped by spaces, the net total, site costs, O&P and a total in a named currency', () => {
    const { data } = read(
      EUROPEAN([
        summaryLine('SUMMARY', '', ''),
        summaryLine('Total net', '', '6 149,52'),
        summaryLine('Site costs and supervision', '4%', '245,98'),
        summaryLine('Overhead and profit', '12 %', '737,94'),
        summaryLine('Building permit', '', '200,00'),
        '',
        summaryLine('ESTIMATE TOTAL USD', '', '7 333,44'),
      ]),
    );
    const first = data.constructionSections[0].lineItems[0];
    expect([first.description, first.quantity, first.totalCost]).to.deep.equal(['Prime and paint walls and ceilings', 1590, 2273.7]);
    expect(data.recapSummary).to.deep.equal({ subtotal: 6149.52, generalConditions: 245.98, overheadAndProfit: 737.94, grandTotal: 7333.44 });
    expect([data.documentMetadata.consultant, data.documentMetadata.inspectionDate]).to.deep.equal(['Susan Nakamura', '2026-03-08']);
  });

  it('reads "TOTAL USD" as the grand total: the currency names no section', () => {
    const { data } = read(EUROPEAN([summaryLine('Net amount', '', '6 149,52'), summaryLine('Building permit', '', '525,00'), '', summaryLine('TOTAL USD', '', '6 674,52')]));
    expect(data.recapSummary.grandTotal).to.equal(6674.52);
  });

  it('reads a base bid as the subtotal where markups, accepted alternates and a contingency on it make up the contract sum below', () => {
    const line = (label: string, amount: string): string => `${''.padEnd(40)}${label.padEnd(40)}${amount.padStart(14)}`;
    const { data } = read([
      'BID PROPOSAL WITH ADD ALTERNATES',
      '',
      'No.  Description of Work                              Qty  Unit      Material       Labor      Base Bid',
      'Masonry',
      '1    Rebuild chimney above roofline                     1  LS        1,195.00    2,790.00      3,985.00',
      '2    Repoint brick foundation walls                   118  SF          148.68    1,248.44      1,397.12',
      '     Masonry subtotal                                                                          5,382.12',
      'Electrical',
      '3    Ceiling fan with light kit                         3  EA          693.00      429.00      1,122.00',
      '     Electrical subtotal                                                                       1,122.00',
      '',
      line('Total base bid', '6,504.12'),
      line('Overhead and profit (10%)', '650.41'),
      line('Alternates accepted (Nos. 1, 4)', '825.00'),
      line('Contingency (5% of base bid)', '325.21'),
      line('Building permit fee', '450.00'),
      line('CONTRACT SUM', '$8,754.74'),
    ]);
    expect(data.recapSummary).to.deep.equal({ subtotal: 6504.12, generalConditions: null, overheadAndProfit: 650.41, grandTotal: 8754.74 });
  });

  it('keeps a base bid the grand total where a deposit taken off it leaves an amount due below', () => {
    const line = (label: string, amount: string): string => `${''.padEnd(40)}${label.padEnd(40)}${amount.padStart(14)}`;
    const { data } = read([
      'BID PROPOSAL',
      '',
      'No.  Description of Work                              Qty  Unit      Material       Labor      Base Bid',
      '1    Rebuild chimney above roofline                     1  LS        1,195.00    2,790.00      3,985.00',
      '2    Repoint brick foundation walls                   118  SF          148.68    1,248.44      1,397.12',
      '3    Ceiling fan with light kit                         3  EA          693.00      429.00      1,122.00',
      '',
      line('Total base bid', '6,504.12'),
      line('Less deposit received', '(1,000.00)'),
      line('Amount due', '$5,504.12'),
    ]);
    expect([data.recapSummary.subtotal, data.recapSummary.grandTotal]).to.deep.equal([null, 6504.12]);
  });

  it('reads "Site costs" alone as a section of the work, not the general conditions ("Preliminaries")', () => {
    const line = (label: string, amount: string): string => `${''.padEnd(40)}${label.padEnd(40)}${amount.padStart(14)}`;
    const { data } = read([
      'ESTIMATE',
      '',
      'No.  Description of Work                              Qty  Unit      Material       Labor      Amount',
      '1    Rebuild chimney above roofline                     1  LS        1,195.00    2,790.00      3,985.00',
      '2    Repoint brick foundation walls                   118  SF          148.68    1,248.44      1,397.12',
      '3    Ceiling fan with light kit                         3  EA          693.00      429.00      1,122.00',
      '',
      line('Site costs', '1,250.00'),
      line('Subtotal', '7,754.12'),
      line('Preliminaries', '650.41'),
      line('Total', '$8,404.53'),
    ]);
    expect([data.recapSummary.generalConditions, data.recapSummary.grandTotal]).to.deep.equal([650.41, 8404.53]);
  });

  it('reads amounts printed before their labels, the contingency after the total a line after it, and the inspector after the date', () => {
    const item = (ref: string, qty: string, unit: string, material: string, total: string, description: string): string =>
      `${ref.padEnd(10)}${qty.padStart(8)}  ${unit.padEnd(5)}${material.padStart(12)}${total.padStart(14)} ${description}`;
    const recap = (amount: string, label: string): string => `${''.padEnd(37)}${amount.padStart(14)} ${label}`;
    const { data } = read([
      'OWNER       James O. Hughes                           CONTRACTOR  Summit Construction, LLC',
      'PROJECT     5353 Whitney Ave, Albany, NY 12291',
      'INSPECTED   02/06/2026 by Phillip Schultz             E-MAIL      jeverett@summitconstruction.com',
      '',
      item('Ref.', 'Qty', 'Unit', 'Material', 'Line Total', 'Description of Work'),
      'CONCRETE',
      item('S-1.01', '205.00', 'SF', '1,195.15', '2,486.65', 'Concrete front walk, 4 in. broom finish'),
      item('S-1.02', '242.00', 'SF', '1,611.72', '3,061.30', 'Replace driveway apron, 6 in. reinforced concrete'),
      recap('5,547.95', 'Subtotal CONCRETE'),
      'MASONRY',
      item('A-1.01', '1.00', 'LS', '1,120.00', '3,535.00', 'Rebuild chimney above roofline'),
      recap('3,535.00', 'Subtotal MASONRY'),
      '',
      recap('9,082.95', 'Subtotal, cost of work'),
      recap('635.81', 'General conditions 7%'),
      recap('1,362.44', 'Contractor OH&P 15%'),
      recap('400.00', 'Building permit'),
      recap('$11,481.20', 'TOTAL COST, ALL WORK'),
      recap('1,148.12', 'Contingency reserve (10%)'),
    ]);
    expect(data.recapSummary).to.deep.equal({ subtotal: 9082.95, generalConditions: 635.81, overheadAndProfit: 1362.44, grandTotal: 11481.2 });
    expect(data.additionalInfo?.linesAfterGrandTotal).to.deep.equal([{ label: 'Contingency reserve (10%)', amount: 1148.12 }]);
    expect(data.documentMetadata.consultant).to.equal('Phillip Schultz');
  });

  it('reads a field estimate pad: the town on its captioned line under the street, the inspector, the lender or bank and "O & P"', () => {
    const item = (qty: string, unit: string, description: string, amount: string): string => `${qty.padStart(6)} ${unit.padEnd(6)}${description.padEnd(60)}${amount.padStart(12)}`;
    const total = (label: string, amount: string): string => `${''.padEnd(60)}${label.padEnd(14)}${amount.padStart(11)}`;
    const { data } = read([
      'KAMINSKI REMODELING                                                        FIELD ESTIMATE',
      '',
      'CUSTOMER            Lucia Vasquez                          DATE          10/13/25',
      'JOB ADDRESS         6857 Pleasant Valley St                PHONE',
      'CITY / STATE / ZIP  Tucson, AZ 85761                       INSP. DATE    10/7/25',
      'LENDER / BANK       Northgate Home Loans                   INSPECTED BY  Michael Petrakis',
      '',
      item('QTY', 'UNIT', 'DESCRIPTION OF WORK', 'AMOUNT'),
      item('', '', 'Master Bedroom', ''),
      item('3,370', 'sf', 'Prime and paint walls and ceilings, two coats eggshell', '6,066.00'),
      item('55', 'sy', 'Carpet and 6 lb pad, mid-grade', '2,242.90'),
      item('', '', 'Master Bedroom total', '8,308.90'),
      '',
      total('SUBTOTAL', '8,308.90'),
      total('O & P   15 %', '1,246.34'),
      total('PERMIT', '450.00'),
      total('TOTAL', '$ 10,005.24'),
    ]);
    const meta = data.documentMetadata;
    expect([meta.propertyAddress, meta.lenderName, meta.consultant, meta.inspectionDate]).to.deep.equal([
      '6857 Pleasant Valley St, Tucson, AZ 85761',
      'Northgate Home Loans',
      'Michael Petrakis',
      '2025-10-07',
    ]);
    expect(data.recapSummary.overheadAndProfit).to.equal(1246.34);
  });
});
