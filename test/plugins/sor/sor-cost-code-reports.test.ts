import { expect } from 'chai';
import { documentFromText } from '@docsift/core/testing';
import { extractSor } from '../../../plugins/sor/src/extractor.js';

/**
 * A contractor's cost-code report: a project named after its owners, phases grouping cost codes,
 * each code's total then its phase's total, and the estimate's totals on their own under the last.
 */

const pad = (text: string, width: number): string => text.padEnd(width);
const right = (text: string, width: number): string => text.padStart(width);
const line = (item: string, description: string, qty = '', unit = '', labor = '', material = '', total = ''): string =>
  `${pad(item, 10)}${pad(description, 44)}${right(qty, 8)}${right(unit, 5)}${right(labor, 11)}${right(material, 11)}${right(total, 11)}`.trimEnd();
const total = (label: string, labor: string, material: string, amount: string): string => `${pad(label, 67)}${right(labor, 11)}${right(material, 11)}${right(amount, 11)}`;

const REPORT = [
  'Kessler Home Improvement',
  '4255 Hawthorne Pl, Tulsa, OK 74143',
  '',
  'Project        Dana R. Whitlock and Owen Whitlock Renovation          Lender      Northgate Home Loans',
  'Job Address    7006 Lincoln Ln, Tulsa, OK 74144',
  '',
  line('Item', 'Description', 'Qty', 'UOM', 'Labor', 'Material', 'Total'),
  '',
  'PHASE 1 - SITE PREPARATION',
  line('0100', 'General Requirements'),
  line('0100.10', 'Final construction clean', '1.00', 'LS', '610.00', '102.00', '712.00'),
  line('0100.20', 'Temporary electric service', '1.00', 'LS', '294.00', '232.00', '526.00'),
  total('          0100 General Requirements Total', '904.00', '334.00', '1,238.00'),
  total('Phase 1 - Site Preparation Total', '904.00', '334.00', '1,238.00'),
  '',
  'PHASE 2 - INTERIORS',
  line('0900', 'Interior Finishes'),
  line('0900.10', 'Skim coat cracked plaster walls', '238.00', 'SF', '399.84', '111.86', '511.70'),
  total('          0900 Interior Finishes Total', '399.84', '111.86', '511.70'),
  line('1100', 'Cabinets & Appliances'),
  line('1100.10', 'Bath accessories and medicine cabinet', '1.00', 'LS', '149.00', '234.00', '383.00'),
  total('          1100 Cabinets & Appliances Total', '149.00', '234.00', '383.00'),
  total('Phase 2 - Interiors Total', '548.84', '345.86', '894.70'),
  '',
  '                          Estimate Totals',
  '                          Subtotal                     2,132.70',
  '                          Overhead          10%          213.27',
  '                          Total Estimate              $2,345.97',
];

describe('plugin-sor: a cost-code report with phases', () => {
  it('reads the cost codes as the sections, the phases that group them as none', () => {
    const { data } = extractSor(documentFromText(REPORT.join('\n')));
    expect(data.constructionSections.map((section) => [section.sectionName, section.lineItems.length])).to.deep.equal([
      ['0100 General Requirements', 2],
      ['0900 Interior Finishes', 1],
      ['1100 Cabinets & Appliances', 1],
    ]);
  });

  it('keeps each code\'s own total, and reads the recap under the last phase total', () => {
    const { data } = extractSor(documentFromText(REPORT.join('\n')));
    expect(data.constructionSections.map((section) => section.sectionTotal?.totalCost)).to.deep.equal([1238, 511.7, 383]);
    expect(data.recapSummary.subtotal).to.equal(2132.7);
    expect(data.recapSummary.grandTotal).to.equal(2345.97);
  });

  it('reads the borrower from a project named after its owners, with no borrower label', () => {
    const { data } = extractSor(documentFromText(REPORT.join('\n')));
    expect(data.documentMetadata.borrowerName).to.equal('Dana R. Whitlock and Owen Whitlock');
  });
});

describe('plugin-sor: a project named for its place or its work', () => {
  const JOB = [
    'Job Address    7006 Lincoln Ln, Tulsa, OK 74144',
    '',
    'Item   Description                                Qty      Price       Amount',
    '1      Replace water heater                         1   1,770.00     1,770.00',
    '2      Install handrail                             1     408.00       408.00',
    '                                                  Total               2,178.00',
  ];
  const borrower = (project: string): string | null => extractSor(documentFromText([`Project        ${project}`, ...JOB].join('\n'))).data.documentMetadata.borrowerName;

  it('reads no borrower from a project named after a room, a street, the house or a surname alone', () => {
    for (const project of ['Smith Residence Addition', 'Master Bath Remodel', 'Whole House Renovation', 'Oak Street Rehab', 'Kitchen Remodel Project'])
      expect(borrower(project), project).to.equal(null);
  });

  it('reads the borrower before every job word, a person by a middle initial or a first name and surname', () => {
    expect(borrower('Brian P. Underwood Residence Addition')).to.equal('Brian P. Underwood');
    expect(borrower('Carla Mendez Renovation')).to.equal('Carla Mendez');
  });
});

describe('plugin-sor: a phase total that names an earlier heading only in half', () => {
  it('closes the group it names in full ("Phase 2 - Interior Work Total"), not an earlier one sharing half its words ("PHASE 1 - EXTERIOR WORK")', () => {
    const report = [
      line('Item', 'Description', 'Qty', 'UOM', 'Labor', 'Material', 'Total'),
      '',
      'PHASE 1 - EXTERIOR WORK',
      line('0100', 'Roofing'),
      line('0100.10', 'Tear off and reroof', '18.00', 'SQ', '1,800.00', '1,200.00', '3,000.00'),
      total('          0100 Roofing Total', '1,800.00', '1,200.00', '3,000.00'),
      'PHASE 2 - INTERIOR WORK',
      line('0900', 'Kitchen'),
      line('0900.10', 'Base cabinets', '12.00', 'LF', '600.00', '2,400.00', '3,000.00'),
      total('          0900 Kitchen Total', '600.00', '2,400.00', '3,000.00'),
      total('Phase 2 - Interior Work Total', '600.00', '2,400.00', '3,000.00'),
      '',
      '                          Subtotal                     6,000.00',
      '                          Total Estimate              $6,000.00',
    ];
    const names = extractSor(documentFromText(report.join('\n'))).data.constructionSections.map((section) => section.sectionName);
    expect(names).to.not.include('PHASE 2 - INTERIOR WORK');
    expect(names).to.include.members(['0100 Roofing', '0900 Kitchen']);
  });
});
