import { expect } from 'chai';
import { readLayout } from '@docsift/core/layout';
import { documentFromText } from '@docsift/core/testing';
import { extractSor } from '../../../plugins/sor/src/extractor.js';
import { labelsOf } from '../../../plugins/sor/src/labels.js';

/** A row's labels as [field, label words]. */
function labels(line: string, source: 'text' | 'ocr' = 'text'): Array<[string, string]> {
  const [row] = readLayout(documentFromText(line, { source })).rows;
  return labelsOf(row).map((hit) => [hit.value, row.words.slice(hit.start, hit.end).map((word) => word.text).join(' ')]);
}

/** A row of cells, each padded to its width (a negative width right-aligns it). */
const row = (...cells: Array<[number, string]>): string => cells.map(([width, text]) => (width < 0 ? text.padStart(-width) : text.padEnd(width))).join('').trimEnd();
const WIDTHS = [4, 36, -7, -8, -14, -12, -11];
const item = (...cells: string[]): string => row(...WIDTHS.map((width, index): [number, string] => [width, cells[index] ?? '']));

/** A contractor's estimate on a template that prints every label in Spanish and in English. */
const ESTIMATE = [
  row([56, 'Heritage Design-Build'], [0, 'ESTIMADO / ESTIMATE']),
  'Tel. (502) 236-3180  ·  Licencia / License KY-379222',
  '',
  row([25, 'Cliente / Customer:'], [30, 'Linda Chaudhry'], [24, 'Prestamista / Lender:'], [0, 'Lakeside Community Bank']),
  row([25, 'Dirección de la obra /'], [30, '372 Kingsley Ter'], [24, 'Préstamo / Loan no.:'], [0, '3917311327']),
  row([25, 'Job address:'], [30, 'Louisville, KY 40276']),
  '',
  item('#', 'Descripción', 'Cant.', 'Unidad', 'Mano de obra', 'Materiales', 'Importe'),
  item('', 'Cocina / Kitchen'),
  item('1', 'Base cabinets, maple shaker', '12', 'LF', '1,200.00', '3,400.00', '4,600.00'),
  item('2', 'Quartz countertop', '40', 'SF', '600.00', '2,400.00', '3,000.00'),
  '',
  item('', 'Techo / Roof'),
  item('3', 'Ridge vent', '40', 'LF', '100.00', '200.00', '300.00'),
  '',
  row([60, ''], [20, 'Subtotal'], [-12, '$7,900.00']),
  row([40, ''], [40, 'Gastos generales y ganancia (10%)'], [-12, '$790.00']),
  row([40, ''], [40, 'Permisos / Permits'], [-12, '$400.00']),
  row([40, ''], [40, 'TOTAL DEL PROYECTO / PROJECT TOTAL'], [-12, '$9,090.00']),
  row([40, ''], [40, 'Anticipo / Deposit (20%)'], [-12, '$1,818.00']),
].join('\n');

describe('plugin-sor: an estimate printed in Spanish and English', () => {
  const read = () => extractSor(documentFromText(ESTIMATE, { columns: 100 })).data;

  it('reads each label through either language: "Licencia / License", and an address label broken after its slash over its English half', () => {
    const data = read();
    expect(data.documentMetadata).to.deep.include({ propertyAddress: '372 Kingsley Ter, Louisville, KY 40276', borrowerName: 'Linda Chaudhry', lenderName: 'Lakeside Community Bank' });
    expect(data.documentMetadata.contractorInfo).to.deep.equal({ name: 'Heritage Design-Build', license: 'KY-379222', phone: '(502) 236-3180' });
  });

  it('reads Spanish column headers (labor before materials) and keeps each bilingual room heading whole', () => {
    const data = read();
    expect(data.constructionSections.map((section) => [section.sectionName, section.lineItems.map((line) => [line.laborCost, line.materialCost, line.totalCost])])).to.deep.equal([
      ['Cocina / Kitchen', [[1200, 3400, 4600], [600, 2400, 3000]]],
      ['Techo / Roof', [[100, 200, 300]]],
    ]);
  });

  it('reads a grand total whose Spanish half names the project ("TOTAL DEL PROYECTO / PROJECT TOTAL") and Spanish overhead and profit', () => {
    const data = read();
    expect(data.recapSummary).to.deep.equal({ subtotal: 7900, generalConditions: null, overheadAndProfit: 790, grandTotal: 9090 });
    expect(data.additionalInfo?.linesAfterGrandTotal).to.deep.equal([{ label: 'Anticipo / Deposit (20%)', amount: 1818 }]);
  });

  it('reads a word OCR glued of a label in each language ("Prestamista/Lender:") as that field’s label, and no glued pair of two fields', () => {
    expect(labels('Prestamista/Lender:   Granite State Bank', 'ocr')).to.deep.equal([['lenderName', 'Prestamista/Lender:']]);
    expect(labels('Licencia/License   KY-379222', 'ocr')).to.deep.equal([['contractorLicense', 'Licencia/License']]);
    expect(labels('Lender/Borrower:   Granite State Bank', 'ocr')).to.deep.equal([]);
  });
});
