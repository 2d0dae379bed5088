import { expect } from 'chai';
import { documentFromText } from '@docsift/core/testing';
import { extractSor } from '../../../plugins/sor/src/extractor.js';
import { withoutContinuedMark } from '../../../plugins/sor/src/section-titles.js';

const read = (pages: string[]) => extractSor(documentFromText(pages)).data;

/** Núm. | Descripción del trabajo | Cant. | Unidad | Materiales | Mano de obra | Importe. */
const line = (number: string, description: string, quantity = '', unit = '', material = '', labor = '', amount = ''): string =>
  `${number.padEnd(7)}${description.padEnd(58)}${quantity.padStart(6)}   ${unit.padEnd(10)}${material.padStart(10)}${labor.padStart(14)}${amount.padStart(14)}`.trimEnd();
const recap = (label: string, amount: string): string => `${''.padEnd(60)}${label.padEnd(36)}${amount.padStart(14)}`;

describe('plugin-sor: estimates in the lexicon’s other languages', () => {
  it('reads a Spanish estimate: its column words, its units written in Spanish as the codes, its recap words and its “(continúa)” headings', () => {
    const data = read([
      [
        'PRESUPUESTO',
        '',
        line('Núm.', 'Descripción del trabajo', 'Cant.', 'Unidad', 'Materiales', 'Mano de obra', 'Importe'),
        '',
        'Partida 1: Requisitos generales',
        line('1', 'Lead-safe work practices: containment and cleaning', '1', 'global', '320.00', '700.00', '1,020.00'),
        line('2', 'Floor protection, ram board', '1,514', 'pie²', '560.18', '393.64', '953.82'),
        line('', 'Total partida 1', '', '', '', '', '$1,973.82'),
        'Partida 2: Plomería',
        line('3', 'Repipe water supply with PEX', '200', 'pie lin.', '618.00', '1,460.00', '2,078.00'),
      ].join('\n'),
      [
        line('Núm.', 'Descripción del trabajo', 'Cant.', 'Unidad', 'Materiales', 'Mano de obra', 'Importe'),
        'Partida 2: Plomería (continúa)',
        line('4', 'Toilet 1.28 gpf elongated', '3', 'pza', '735.00', '339.00', '1,074.00'),
        line('5', 'Topsoil, seed and straw', '195', 'yd²', '505.05', '354.90', '859.95'),
        line('', 'Total partida 2', '', '', '', '', '$4,011.95'),
        '',
        recap('Costo directo', '$5,985.77'),
        recap('Administración y utilidad (15%)', '$897.87'),
        recap('TOTAL PRESUPUESTADO', '$6,883.64'),
        recap('Anticipo a la firma (50%)', '$3,441.82'),
      ].join('\n'),
    ]);
    expect(data.constructionSections.map((section) => section.sectionName)).to.deep.equal(['Partida 1: Requisitos generales', 'Partida 2: Plomería']);
    const items = data.constructionSections.flatMap((section) => section.lineItems);
    expect(items.map((item) => [item.description, item.quantity, item.unit])).to.deep.equal([
      ['Lead-safe work practices: containment and cleaning', 1, 'LS'],
      ['Floor protection, ram board', 1514, 'SF'],
      ['Repipe water supply with PEX', 200, 'LF'],
      ['Toilet 1.28 gpf elongated', 3, 'EA'],
      ['Topsoil, seed and straw', 195, 'SY'],
    ]);
    expect(items[0]).to.include({ materialCost: 320, laborCost: 700, totalCost: 1020 });
    expect(data.recapSummary).to.include({ subtotal: 5985.77, overheadAndProfit: 897.87, grandTotal: 6883.64 });
  });

  it('keeps "Suite" in a room\'s heading ("4.0 Bathroom (Suite)", "5.0 Bedroom - Suite"): only "(suite)" in lower case is the French continued mark', () => {
    const data = read([
      [
        'Item   Description                                Qty      Price       Amount',
        '3.0 Bathroom',
        '1      Replace toilet                               1     400.00       400.00',
        '4.0 Bathroom (Suite)',
        '2      Replace vanity                               1     800.00       800.00',
        '5.0 Bedroom - Suite',
        '3      Carpet                                       1     900.00       900.00',
        '                                                  Total               2,100.00',
      ].join('\n'),
    ]);
    expect(data.constructionSections.map((section) => section.sectionName)).to.deep.equal(['3.0 Bathroom', '4.0 Bathroom (Suite)', '5.0 Bedroom - Suite']);
    expect(withoutContinuedMark('Lot 2 : Cuisine (suite)')).to.deep.equal({ cleaned: 'Lot 2 : Cuisine', continued: true });
  });
});
