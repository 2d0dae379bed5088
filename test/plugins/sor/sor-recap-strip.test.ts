import { expect } from 'chai';
import { documentFromText } from '@docsift/core/testing';
import { extractSor } from '../../../plugins/sor/src/extractor.js';

const statement = (lines: string[]) => extractSor(documentFromText(lines.join('\n')));

/** Lines "Label  amount", the amount right-aligned in a column. */
const priced = (lines: string[]) => lines.map((line) => line.replace(/^(.*?)\s{2,}(\S+)$/, (_, label: string, amount: string) => `${label.padEnd(60)}${amount.padStart(14)}`));

const ROOMS = priced([
  'No.  Description of Work  Amount',
  'KITCHEN',
  '1.   Kitchen base and wall cabinets  4,200.00',
  '2.   Laminate countertop with backsplash  1,300.00',
  '     Total Kitchen  $5,500.00',
  'HALL BATH',
  '3.   Toilet, elongated, with wax ring  480.00',
  '4.   Vanity with cultured marble top  1,020.00',
  '     Total Hall Bath  $1,500.00',
  '',
]);

describe('plugin-sor recap as a strip of boxes and by its meaning', () => {
  it('reads a strip of boxes across the page, each label over its amount, as the recap lines they stand for', () => {
    const { data } = statement([
      ...ROOMS,
      '  COST OF WORK          OVERHEAD & PROFIT 10%          PERMITS          CONTRACT TOTAL',
      '',
      '    7,000.00                   700.00                 150.00             $7,850.00',
    ]);
    expect(data.recapSummary).to.deep.equal({ subtotal: 7000, generalConditions: null, overheadAndProfit: 700, grandTotal: 7850 });
    expect(data.additionalInfo?.recapLines).to.deep.equal([{ label: 'PERMITS', amount: 150 }]);
  });

  it('reads a strip whose labels run over two lines, and no section heading in them', () => {
    const { data } = statement([
      ...ROOMS,
      '  COST OF WORK          GENERAL               OVERHEAD &           TOTAL REHAB COST',
      '                        REQUIREMENTS 5%       PROFIT 10%',
      '    7,000.00              350.00                700.00               $8,050.00',
    ]);
    expect(data.recapSummary).to.deep.equal({ subtotal: 7000, generalConditions: 350, overheadAndProfit: 700, grandTotal: 8050 });
    expect(data.constructionSections.map((section) => section.sectionName)).to.deep.equal(['KITCHEN', 'HALL BATH']);
  });

  it('reads a line named like a section read with the rate of a markup on the subtotal before it as that markup', () => {
    const { data } = statement([
      ...priced([
        'No.  Description of Work  Amount',
        'GENERAL REQUIREMENTS',
        '1.   Dumpster, 20 yd, two pulls  1,200.00',
        '     Total General Requirements  $1,200.00',
        'KITCHEN',
        '2.   Kitchen base and wall cabinets  4,800.00',
        '     Total Kitchen  $4,800.00',
        '',
        '     Subtotal  6,000.00',
        '     General Requirements 8%  480.00',
        '     Grand Total  $6,480.00',
      ]),
    ]);
    expect(data.recapSummary).to.deep.equal({ subtotal: 6000, generalConditions: 480, overheadAndProfit: null, grandTotal: 6480 });
  });

  it('takes a total of list prices for a part, and a total of the installed price or of the investment for the grand total', () => {
    const lines = (total: string) =>
      statement([...ROOMS, ...priced(['     List price total  7,400.00', '     Less line discounts  -400.00', '     Subtotal (net)  7,000.00', '     Sales tax (5%)  350.00', `     ${total}  $7,350.00`])]);
    expect(lines('TOTAL INSTALLED PRICE').data.recapSummary).to.deep.equal({ subtotal: 7000, generalConditions: null, overheadAndProfit: null, grandTotal: 7350 });
    expect(lines('TOTAL INVESTMENT').data.recapSummary.grandTotal).to.equal(7350);
  });

  it('lets a bare total that says what it totals give way to a longer label ("Totaal hoofdstukken": the subtotal)', () => {
    const { data } = statement([
      ...priced([
        'Nr.  Omschrijving  Totaal',
        'H1 KEUKEN',
        '1.01 Keukenkasten, onder en boven  4.200,00',
        '     Totaal hoofdstuk 1  4.200,00',
        'H2 BADKAMER',
        '2.01 Toilet met inbouwreservoir  1.500,00',
        '     Totaal hoofdstuk 2  1.500,00',
        '',
        '     Totaal hoofdstukken  6.000,00',
        '     Algemene kosten, winst en risico 10%  600,00',
        '     Aanneemsom  6.600,00',
      ]),
    ]);
    expect(data.recapSummary).to.deep.equal({ subtotal: 6000, generalConditions: null, overheadAndProfit: 600, grandTotal: 6600 });
  });

  it('reads no markup from a total that names it only after another word ("Total before overhead and profit")', () => {
    const { data } = statement([
      ...ROOMS,
      ...priced(['     Permits  150.00', '     Total before overhead and profit  7,150.00', '     Overhead and profit 10%  715.00', '     Grand Total  $7,865.00']),
    ]);
    expect(data.recapSummary.overheadAndProfit).to.equal(715);
  });
});
