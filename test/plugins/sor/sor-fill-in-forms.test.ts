import { expect } from 'chai';
import { documentFromText } from '@docsift/core/testing';
import { extractSor } from '../../../plugins/sor/src/extractor.js';

/** A lender's fill-in form: every pre-printed category in its row, "N/A" where it holds no work, a lettered recap under the table. */
const FILL_IN_FORM = [
  'REHABILITATION COST ESTIMATE',
  '',
  'LINE   DESCRIPTION OF WORK                        QTY   UNIT      MATERIAL       LABOR        TOTAL',
  '1. General Requirements                                                                        N/A',
  '2. Demolition',
  '2a     Remove abandoned oil tank and cap lines       1   EA          191.00      830.00     1,021.00',
  '2b     Remove carpet and pad and dispose            30   SY            0.00       81.30        81.30',
  '       Category 2 total                                                                     1,102.30',
  '3. Concrete                                                                                    N/A',
  '4. Masonry',
  '4a     Parge exterior foundation wall              450   SF          553.50    2,191.50     2,745.00',
  '4b     Rebuild chimney above roofline                1   LS        1,190.00    3,060.00     4,250.00',
  '       Category 4 total                                                                     6,995.00',
  '5. Plumbing                                                                                    N/A',
  '',
  '                         A. Total of categories 1 through 5                                 8,097.30',
  '                         B.   General conditions ____ %                                          N/A',
  '                         C. Overhead and profit 10%                                           809.73',
  '                         D. Permits and fees                                                     N/A',
  '                         E. TOTAL REHABILITATION COST (A through D)                        $8,907.03',
  '                         F. Contingency reserve (10%)                                         915.70',
];

describe('plugin-sor lender fill-in forms', () => {
  const { data } = extractSor(documentFromText(FILL_IN_FORM.join('\n')));

  it('reads the categories that hold work as sections, and none of those marked N/A', () => {
    expect(data.constructionSections.map((section) => [section.sectionName, section.lineItems.length])).to.deep.equal([
      ['2. Demolition', 2],
      ['4. Masonry', 2],
    ]);
  });

  it('reads the lettered recap under the table: the total of categories, the total naming the lines it adds, no amount for a line marked N/A', () => {
    expect(data.recapSummary).to.deep.equal({ subtotal: 8097.3, generalConditions: null, overheadAndProfit: 809.73, grandTotal: 8907.03 });
  });
});

describe('plugin-sor parties named in a sentence', () => {
  const SENTENCE = [
    'TRUE NORTH PROPERTY INSPECTIONS, LTD.',
    '',
    'SPECIFICATION AND COST ESTIMATE',
    'Prepared by Michael W. Gallagher, 203(k) consultant, for Steven Schultz & Daniel Everett, borrower, at 5455 Magnolia Ln,',
    'Providence, RI 02978, financed by Redbud Federal Credit Union. Property inspected on October 3, 2026. Contractor: Summit',
    'Restoration, Co., license RI-971817, telephone 401-424-8811.',
    '',
    'Item   Description                                   Qty   Unit        Amount',
    '1      Replace kitchen sink and faucet                 1   EA          356.00',
    '2      Install vinyl plank flooring                  124   SF        1,885.00',
    '3      Paint interior walls                          900   SF        2,100.00',
    '                                                   Total             4,341.00',
  ];
  const { data } = extractSor(documentFromText(SENTENCE.join('\n')));

  it('reads each person before their role, the address after the borrower and the contractor after its label', () => {
    const meta = data.documentMetadata;
    expect([meta.consultant, meta.borrowerName, meta.propertyAddress]).to.deep.equal(['Michael W. Gallagher', 'Steven Schultz & Daniel Everett', '5455 Magnolia Ln, Providence, RI 02978']);
    expect(meta.contractorInfo).to.deep.equal({ name: 'Summit Restoration, Co.', license: 'RI-971817', phone: '401-424-8811' });
  });

  it('ends the lender named after "financed by" with its sentence', () => {
    expect(data.documentMetadata.lenderName).to.equal('Redbud Federal Credit Union');
  });
});

describe('plugin-sor a person named with a role in a sentence besides the labelled one', () => {
  it('keeps the labelled consultant where a sentence names another person with the role', () => {
    const text = [
      'SPECIFICATION AND COST ESTIMATE',
      'Consultant:   Jane Roe',
      'Borrower:     Tom Lee',
      'Copies of this write-up go to Peter Park, HUD consultant, and to the lender.',
      '',
      'Item   Description                                   Qty   Unit        Amount',
      '1      Replace kitchen sink and faucet                 1   EA          356.00',
      '2      Install vinyl plank flooring                  124   SF        1,885.00',
      '                                                   Total             2,241.00',
    ];
    const meta = extractSor(documentFromText(text.join('\n'))).data.documentMetadata;
    expect([meta.consultant, meta.borrowerName]).to.deep.equal(['Jane Roe', 'Tom Lee']);
  });
});

describe('plugin-sor Spanish recap and OCR-read initials', () => {
  it('reads "Gastos generales" as general conditions, "Administración y utilidad" as overhead and profit, and the "Consultor"', () => {
    const { data } = extractSor(
      documentFromText(
        [
          'PRESUPUESTO DE OBRA',
          '',
          'Cliente:                    Priya Brennan',
          'Consultor 203(k):           Nancy Ibarra',
          '',
          'Partida   Descripción                              Cantidad   Unidad      Importe',
          '1         Demolición de tabiques                         12   m2           480.00',
          '2         Pintura de paredes                             90   m2         1,520.00',
          '3         Cambio de ventanas                              4   ud         4,000.00',
          '',
          '                                  Costo directo                          $6,000.00',
          '                                  Gastos generales (8%)                    $480.00',
          '                                  Administración y utilidad (15%)          $900.00',
          '                                  TOTAL DEL PRESUPUESTO                  $7,380.00',
        ].join('\n'),
      ),
    );
    expect(data.recapSummary).to.deep.equal({ subtotal: 6000, generalConditions: 480, overheadAndProfit: 900, grandTotal: 7380 });
    expect(data.documentMetadata.consultant).to.equal('Nancy Ibarra');
  });

  const spanishRecap = (markups: string[]) =>
    extractSor(
      documentFromText(
        [
          'PRESUPUESTO DE OBRA',
          '',
          'Partida   Descripción                              Cantidad   Unidad      Importe',
          '1         Demolición de tabiques                         12   m2           480.00',
          '2         Pintura de paredes                             90   m2         1,520.00',
          '3         Cambio de ventanas                              4   ud         4,000.00',
          '',
          '                                  Presupuesto de ejecución material      $6,000.00',
          ...markups,
        ].join('\n'),
      ),
    ).data.recapSummary;

  it('reads "Gastos generales" beside "Beneficio industrial" (Spain) as overhead, added to the profit', () => {
    expect(
      spanishRecap([
        '                                  Gastos generales (13%)                   $780.00',
        '                                  Beneficio industrial (6%)                $360.00',
        '                                  TOTAL DEL PRESUPUESTO                  $7,140.00',
      ]),
    ).to.deep.equal({ subtotal: 6000, generalConditions: null, overheadAndProfit: 1140, grandTotal: 7140 });
  });

  it('reads "Gastos generales" beside "Gastos indirectos y utilidad" (Mexico) as general conditions', () => {
    expect(
      spanishRecap([
        '                                  Gastos generales (8%)                    $480.00',
        '                                  Gastos indirectos y utilidad (15%)       $900.00',
        '                                  TOTAL DEL PRESUPUESTO                  $7,380.00',
      ]),
    ).to.deep.equal({ subtotal: 6000, generalConditions: 480, overheadAndProfit: 900, grandTotal: 7380 });
  });

  it('reads "Gastos generales" beside an overhead line of its own ("Gastos indirectos", "Indirectos") as general conditions, whatever the profit line', () => {
    expect(
      spanishRecap([
        '                                  Gastos generales (8%)                    $480.00',
        '                                  Gastos indirectos (5%)                   $300.00',
        '                                  Beneficio industrial (6%)                $360.00',
        '                                  TOTAL DEL PRESUPUESTO                  $7,140.00',
      ]),
    ).to.deep.equal({ subtotal: 6000, generalConditions: 480, overheadAndProfit: 660, grandTotal: 7140 });
    expect(
      spanishRecap([
        '                                  Indirectos (10%)                         $600.00',
        '                                  Gastos generales (5%)                    $300.00',
        '                                  Utilidad (8%)                            $552.00',
        '                                  TOTAL DEL PRESUPUESTO                  $7,452.00',
      ]),
    ).to.deep.equal({ subtotal: 6000, generalConditions: 300, overheadAndProfit: 1152, grandTotal: 7452 });
  });

  it('reads a consultant whose initial OCR read with a comma for its dot', () => {
    const { data } = extractSor(
      documentFromText(
        [
          'Consultant: Jose A, Smith, HUD ID D0551',
          'Borrower: Maria Lopez',
          '',
          'Item   Description                                   Qty   Unit        Amount',
          '1      Replace kitchen sink and faucet                 1   EA          356.00',
          '2      Install vinyl plank flooring                  124   SF        1,885.00',
        ].join('\n'),
      ),
    );
    expect(data.documentMetadata.consultant).to.equal('Jose A. Smith');
  });
});
