import { expect } from 'chai';
import { documentFromText } from '@docsift/core/testing';
import { extractSor } from '../../../plugins/sor/src/extractor.js';

const row = (...cells: Array<[string, number]>): string => cells.map(([text, width]) => (width < 0 ? text.padStart(-width) : text.padEnd(width))).join('').trimEnd();

/** A general contractor's summary of trade bids: one line per trade, who bid it and when, the builder's fee, the scope notes after the totals. */
const BID_SUMMARY = [
  'Eriksen Renovations Co.                                                  BID SUMMARY',
  '7662 Laurel Street, Hartford, CT 06166',
  '',
  row(['Div.', 8], ['Trade', 30], ['Subcontractor', 30], ["Bid Rec'd", 12], ['Amount', -14]),
  '',
  row(['GENERAL CONDITIONS & DEMOLITION', 0]),
  row(['01', 8], ['General Requirements', 30], ['Self-performed', 30], ['12/20/25', 12], ['5,000.46', -14]),
  row(['STRUCTURE & SHELL', 0]),
  row(['06', 8], ['Rough & Finish Carpentry', 30], ['Hughes Framing LLC', 30], ['12/27/25', 12], ['17,433.40', -14]),
  row(['22', 8], ['Plumbing', 30], ['Vasquez Plumbing & Heating', 30], ['12/25/25', 12], ['2,606.00', -14]),
  '',
  row(['', 38], ['Trade bids subtotal', 44], ['$25,039.86', -12]),
  row(['', 38], ['Contractor fee (overhead & profit)', 34], ['8%', 4], ['2,003.19', -16]),
  row(['', 38], ['Building permit', 44], ['775.00', -12]),
  row(['', 38], ['TOTAL CONSTRUCTION BUDGET', 44], ['$27,818.05', -12]),
  '',
  'SCOPE INCLUDED',
  '01 General Requirements (Self-performed): Lead-safe work practices (RRP): containment, HEPA',
  'cleaning and clearance testing; Project supervision / site superintendent.',
  '22 Plumbing (Vasquez Plumbing & Heating): Frost-free hose bibb, north side.',
];

/** A consultant's write-up closing with a summary of costs numbered line by line, each total naming the lines it adds up. */
const NUMBERED_SUMMARY = [
  'WORK WRITE-UP AND COST ESTIMATE',
  '',
  row(['No.', 6], ['Trade', 8], ['Location', 16], ['Description of Work', 46], ['Qty', -6], ['  Unit', 6], ['Material', -10], ['Labor', -10], ['Total', -10]),
  '',
  row(['MASONRY', 0]),
  row(['1', 6], ['MS', 8], ['Exterior rear', 16], ['Repoint brick foundation walls', 46], ['94', -6], ['  SF', 6], ['156.04', -10], ['1,143.98', -10], ['1,300.02', -10]),
  row(['2', 6], ['MS', 8], ['Basement', 16], ['Epoxy injection of foundation wall cracks', 46], ['44', -6], ['  LF', 6], ['601.64', -10], ['1,691.00', -10], ['2,292.64', -10]),
  row(['', 30], ['TOTAL MASONRY', 78], ['3,592.66', -10]),
  row(['ROOFING', 0]),
  row(['3', 6], ['RF', 8], ['Roof', 16], ['Continuous shingle-over ridge vent', 46], ['38', -6], ['  LF', 6], ['174.80', -10], ['136.80', -10], ['311.60', -10]),
  row(['', 30], ['TOTAL ROOFING', 78], ['311.60', -10]),
  '',
  row(['', 40], ['SUMMARY OF COSTS', 0]),
  row(['', 40], ['Line', 0]),
  row(['', 40], ['1.', 6], ['Sum of trade totals', 46], ['$3,904.26', -16]),
  row(['', 40], ['2.', 6], ['Building permit', 46], ['$650.00', -16]),
  row(['', 40], ['3.', 6], ['TOTAL COST OF REPAIRS (lines 1-2)', 46], ['$4,554.26', -16]),
  row(['', 40], ['4.', 6], ['Contingency reserve, 10% of cost of repairs', 46], ['$455.43', -16]),
  row(['', 40], ['5.', 6], ['TOTAL REHABILITATION COST (lines 3-4)', 46], ['$5,009.69', -16]),
];

describe('plugin-sor bid summaries and numbered cost summaries', () => {
  it("reads each trade as the line's description under its section, the subcontractor and bid date kept out of it", () => {
    const { data } = extractSor(documentFromText(BID_SUMMARY.join('\n')));
    expect(data.constructionSections.map((section) => [section.sectionName, section.lineItems.map((item) => [item.description, item.quantity, item.totalCost])])).to.deep.equal([
      ['GENERAL CONDITIONS & DEMOLITION', [['General Requirements', null, 5000.46]]],
      [
        'STRUCTURE & SHELL',
        [
          ['Rough & Finish Carpentry', null, 17433.4],
          ['Plumbing', null, 2606],
        ],
      ],
    ]);
  });

  it("reads the builder's fee as overhead and profit and the construction budget as the grand total; the scope notes are no items", () => {
    const { data } = extractSor(documentFromText(BID_SUMMARY.join('\n')));
    expect(data.recapSummary).to.deep.equal({ subtotal: 25039.86, generalConditions: null, overheadAndProfit: 2003.19, grandTotal: 27818.05 });
    expect(data.additionalInfo?.recapLines).to.deep.equal([{ label: 'Building permit', amount: 775 }]);
    expect(data.constructionSections.flatMap((section) => section.lineItems)).to.have.length(3);
  });

  it('reads the total of a summary numbered line by line as the grand total, and the lines after it apart', () => {
    const { data } = extractSor(documentFromText(NUMBERED_SUMMARY.join('\n')));
    expect(data.constructionSections.flatMap((section) => section.lineItems.map((item) => item.description))).to.deep.equal([
      'Repoint brick foundation walls',
      'Epoxy injection of foundation wall cracks',
      'Continuous shingle-over ridge vent',
    ]);
    expect(data.recapSummary).to.deep.equal({ subtotal: 3904.26, generalConditions: null, overheadAndProfit: null, grandTotal: 4554.26 });
    expect(data.additionalInfo?.linesAfterGrandTotal?.map((line) => line.amount)).to.deep.equal([455.43, 5009.69]);
  });

  it("takes no street address for the consultant's name after OCR's \"Consulting\", read like the label \"Consultant\"", () => {
    const lines = [
      'Susan I. Ibarra, HUD 203(k) Consultant No. 00528',
      'True North 203(k) Consulting    6856 Cedar Glen Way, Tulsa, OK 74197    918-885-8642',
      '',
      ...NUMBERED_SUMMARY,
    ];
    const { data } = extractSor(documentFromText(lines.join('\n'), { source: 'ocr' }));
    expect(data.documentMetadata.consultant).to.equal('Susan I. Ibarra');
  });

  it("reads no contractor's phone from a label read like one whose value prints none (OCR's \"Contractor fee\")", () => {
    const lines = [
      'Holloway Renovations                                        TRADE BID SUMMARY',
      'Office (414) 890-2664   Contractor License RBC 92419',
      '',
      ...BID_SUMMARY.slice(3, 12),
      row(['', 38], ['Contractor tel (overhead & profit)', 34], ['8%', 4], ['2,003.19', -16]),
      ...BID_SUMMARY.slice(13, 15),
    ];
    const { data } = extractSor(documentFromText(lines.join('\n')));
    expect(data.documentMetadata.contractorInfo.phone).to.equal('(414) 890-2664');
  });
});
