import { expect } from 'chai';
import { documentFromText } from '@docsift/core/testing';
import { extractSor } from '../../../plugins/sor/src/extractor.js';

/** Header blocks, recaps and side panels of estimates written in other languages or laid out beside their table. */

const read = (lines: string[]) => extractSor(documentFromText(lines.join('\n'))).data;

const ITEMS = [
  'Pos.     Bezeichnung                                   Menge  Einh.        Betrag',
  '',
  '1.1      Prime and paint walls and ceilings             1.00  gl          1000.00',
  '1.2      Carpet and pad, mid-grade                      1.00  gl          1000.00',
];

describe('plugin-sor labels of every lexicon language', () => {
  it('reads the bank, the owner\'s adviser, the visit and the permit number of a German offer', () => {
    const meta = read([
      'Chaudhry Remodeling Group      Bewilligung 119149-77',
      '',
      'Offerte Nr.          129B',
      'Besichtigung         11.11.2025',
      'Bauherrenberater     Rebecca Gallagher',
      'Bank                 Cardinal Financial Bank',
      '',
      ...ITEMS,
    ]).documentMetadata;
    expect(meta).to.deep.include({ lenderName: 'Cardinal Financial Bank', consultant: 'Rebecca Gallagher', inspectionDate: '2025-11-11' });
    expect(meta.contractorInfo.license).to.equal('119149-77');
  });

  it('reads the financing bank and the site visit of a French estimate', () => {
    const meta = read([
      'Devis n°          Date             Visite du          Financement',
      '2026-6528         30/03/2026       25/03/2026         Redbud Federal Credit Union',
      '',
      ...ITEMS,
    ]).documentMetadata;
    expect(meta).to.deep.include({ lenderName: 'Redbud Federal Credit Union', inspectionDate: '2026-03-25' });
  });

  it('joins the town printed under a label of its own to the street of the property', () => {
    const meta = read([
      'Cliente:        Laura T. Whitaker                 Visita de obra:      14/01/2026',
      'Obra:           3416 Harrison Rd                  Asesor 203(k):       Robert Lombardi',
      'Ciudad:         St. Louis, MO 63144',
      'Banco:          Cardinal Financial Bank',
      '',
      ...ITEMS,
    ]).documentMetadata;
    expect(meta).to.deep.include({
      propertyAddress: '3416 Harrison Rd, St. Louis, MO 63144',
      lenderName: 'Cardinal Financial Bank',
      consultant: 'Robert Lombardi',
      inspectionDate: '2026-01-14',
    });
  });

  it("reads a recap of site installation, a contractor's markup and a total whose amount groups its digits with apostrophes", () => {
    const recap = read([
      ...ITEMS,
      '',
      '                          Total Arbeiten                             2000.00',
      '                          Installation de chantier 3%                  60.00',
      '                          Unternehmerzuschlag 10%                     200.00',
      "                          Total Offerte USD                        2'260.00",
    ]).recapSummary;
    expect(recap).to.deep.include({ subtotal: 2000, generalConditions: 60, overheadAndProfit: 200, grandTotal: 2260 });
  });
});

describe('plugin-sor labels that end a name', () => {
  it('keeps a lender label word that ends the value of a lender label on its row ("Community Bank")', () => {
    const meta = read(['Borrower: Michael Novak       Lender: Lakeside Community Bank          Loan #: 3404138467', '', ...ITEMS]).documentMetadata;
    expect(meta).to.deep.include({ borrowerName: 'Michael Novak', lenderName: 'Lakeside Community Bank' });
  });

  it('reads no label in a title line whose name ends in a label word ("Evergreen Savings Bank - Fix & Flip")', () => {
    const meta = read(['Evergreen Savings Bank -  Fix & Flip / Rehab Loan Program', '', ...ITEMS]).documentMetadata;
    expect(meta.lenderName).to.equal('Evergreen Savings Bank');
  });
});

describe('plugin-sor panel of details beside the cost table', () => {
  it('reads the labelled details printed down the margin beside the table\'s rows', () => {
    const meta = read([
      'Lindqvist Builders',
      'License IA742122                Scope                                       Qty   Unit     Line Total',
      'ESTIMATE FOR                    Prime and paint walls and ceilings        1,548     SF      $2,461.32',
      'Wendy Oyelaran                  coats eggshell',
      'PROPERTY                        Skim coat cracked plaster walls             384     SF        $990.72',
      '7171 Chestnut Ter',
      'Des Moines, IA 50344            MDF baseboard, installed                    350     LF      $1,526.00',
      'LENDER                          caulked and painted',
      'Lakeside Community Bank         Remove carpet and pad and dispose            36     SY        $104.76',
      'SITE VISIT                      Sand and refinish hardwood floors           319     SF      $1,371.70',
      'February 5, 2026',
    ]).documentMetadata;
    expect(meta).to.deep.include({
      borrowerName: 'Wendy Oyelaran',
      propertyAddress: '7171 Chestnut Ter, Des Moines, IA 50344',
      lenderName: 'Lakeside Community Bank',
      inspectionDate: '2026-02-05',
    });
  });
});
