import { expect } from 'chai';
import { documentFromText } from '@docsift/core/testing';
import { extractSor } from '../../../plugins/sor/src/extractor.js';

const line = (...cells: string[]): string => [6, 44, 16, -10, -10, -12].map((width, index) => (width < 0 ? (cells[index] ?? '').padStart(-width) : (cells[index] ?? '').padEnd(width))).join('').trimEnd();

/** A consultant's measured write-up: quantities and units written out in one cell, material and labor printed per unit only. */
const MEASURED = [
  'Keystone Building Consultants',
  '               MEASURED WORK WRITE-UP',
  'Borrower:  Dana Whitfield                 Written:  03.14.2026',
  'Property:  88 Orchard Ln, Dover, DE 19901',
  '',
  line('', '', '', "Mat'l /", 'Labor /'),
  line('Ref.', 'Work Item', 'Measure', 'Unit', 'Unit', 'Extension'),
  'B. ROOFING',
  line('B1', 'Tear off and reroof, architectural shingles', '12.5 squares', '142.00', '96.00', '2,975.00'),
  line('B2', 'Aluminum drip edge', '140 lin. ft.', '1.10', '1.35', '343.00'),
  line('B3', 'Dumpster and haul-off', '1 lump sum', '450.00', '0.00', '450.00'),
  line('', 'Section B total', '', '', '', '3,768.00'),
  'C. ELECTRICAL',
  line('C1', 'Electrician, troubleshoot open grounds', '8 hours', '0.00', '90.00', '720.00'),
  line('C2', 'Smoke detector, hardwired', '3 each', '38.00', '42.50', '241.50'),
  line('', 'Section C total', '', '', '', '961.50'),
  '',
  '                                                  Sum of sections      $4,729.50',
  '                                                  TOTAL REPAIR COST    $4,729.50',
];

describe('plugin-sor: a measured write-up with quantities and units written out and unit rates only', () => {
  const { data, fieldDetails } = extractSor(documentFromText(MEASURED.join('\n')));
  const items = data.constructionSections.flatMap((section) => section.lineItems);

  it('reads the number of the measure as the quantity and its unit as the construction code', () => {
    expect(data.constructionSections.map((section) => section.sectionName)).to.deep.equal(['B. ROOFING', 'C. ELECTRICAL']);
    expect(items.map((item) => [item.description, item.quantity, item.unit])).to.deep.equal([
      ['Tear off and reroof, architectural shingles', 12.5, 'SQ'],
      ['Aluminum drip edge', 140, 'LF'],
      ['Dumpster and haul-off', 1, 'LS'],
      ['Electrician, troubleshoot open grounds', 8, 'HR'],
      ['Smoke detector, hardwired', 3, 'EA'],
    ]);
  });

  it('extends the material and labor rates by the quantity, to the cent, and says so', () => {
    expect(items.map((item) => [item.materialCost, item.laborCost, item.totalCost])).to.deep.equal([
      [1775, 1200, 2975],
      [154, 189, 343],
      [450, 0, 450],
      [0, 720, 720],
      [114, 127.5, 241.5],
    ]);
    expect(fieldDetails['constructionSections[0].lineItems[1].materialCost']).to.include({ derivation: 'quantity × material unit price' });
    expect(fieldDetails['constructionSections[1].lineItems[1].laborCost']).to.include({ derivation: 'quantity × labor unit price' });
  });
});
