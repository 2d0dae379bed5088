import { expect } from 'chai';
import type { Word } from '@docsift/core';
import { toSections } from '../../../plugins/sor/src/assemble.js';
import { ProvenanceRecorder } from '../../../plugins/sor/src/provenance.js';
import { pricesAreLineAmounts, reconcileQuantity, repairQuantityByParts } from '../../../plugins/sor/src/quantity.js';
import type { SorLineItem } from '../../../plugins/sor/src/schema.js';
import type { DraftItem } from '../../../plugins/sor/src/table.js';
import type { CellValue } from '@docsift/core/layout';

const word = (text: string, x: number, source: Word['source'] = 'ocr'): Word => ({ text, bbox: [x, 0.5, x + 0.04, 0.51], source, confidence: 0.9 });
const cell = <T>(value: T, text: string, x: number, source: Word['source'] = 'ocr'): CellValue<T> => ({ value, words: [word(text, x, source)], quality: 1 });

function line(quantity: CellValue<number> | null, unitCost: number, total: number): { item: SorLineItem; draft: DraftItem } {
  const draft: DraftItem = {
    page: 1,
    description: [word('Plumber', 0.1)],
    quantity,
    unit: cell('HR', 'HR', 0.6),
    unitCost: cell(unitCost, `$${unitCost}`, 0.45),
    material: cell(0, '$0.00', 0.7),
    labor: cell(total, `$${total}`, 0.8),
    total: cell(total, `$${total}`, 0.9),
  };
  const item: SorLineItem = { description: 'Plumber', quantity: quantity?.value ?? null, unit: 'HR', materialCost: 0, laborCost: total, totalCost: total };
  return { item, draft };
}

describe('plugin-sor quantity check against the unit price', () => {
  it('puts back the decimal point an OCR quantity lost when the line then adds up, at lower confidence', () => {
    const { item, draft } = line(cell(235, '235', 0.56), 105, 2467.5);
    const provenance = new ProvenanceRecorder();
    reconcileQuantity(item, draft, 'q', provenance);
    expect(item.quantity).to.equal(23.5);
    expect(provenance.details['q.quantity'].confidence).to.equal(0.63);
  });

  it('computes an unreadable quantity as total / unit price when that is a printed-looking number', () => {
    const { item, draft } = line(null, 765, 765);
    reconcileQuantity(item, draft, 'q', new ProvenanceRecorder());
    expect(item.quantity).to.equal(1);
    const odd = line(null, 555, 1040);
    reconcileQuantity(odd.item, odd.draft, 'q', new ProvenanceRecorder());
    expect(odd.item.quantity).to.equal(null);
  });

  it('leaves quantities alone when they add up, come from a text layer, or no reading fits', () => {
    for (const quantity of [cell(3, '3', 0.56), cell(235, '235', 0.56, 'text'), cell(236, '236', 0.56)]) {
      const { item, draft } = line(quantity, 105, 315);
      reconcileQuantity(item, draft, 'q', new ProvenanceRecorder());
      expect(item.quantity).to.equal(quantity.value);
    }
  });
});

describe('plugin-sor quantity check against the parts\' rates', () => {
  /** A line printing each part's rate beside its amount ("Mat Rate | Material | Lab Rate | Labor"). */
  function rated(quantity: CellValue<number>, parts: Array<[number, number]>): { item: SorLineItem; draft: DraftItem } {
    const [material, labor] = parts.map(([, amount], index) => cell(amount, String(amount), 0.6 + index * 0.1));
    const total = parts.reduce((sum, [, amount]) => sum + amount, 0);
    const draft: DraftItem = {
      page: 1,
      description: [word('Siding', 0.1)],
      quantity,
      unit: cell('SQ', 'SQ', 0.5),
      material,
      labor,
      total: cell(total, String(total), 0.9),
      partRates: parts.map(([rate], index) => ({ rate: cell(rate, String(rate), 0.55 + index * 0.1), amount: [material, labor][index] })),
    };
    const item: SorLineItem = { description: 'Siding', quantity: quantity.value, unit: 'SQ', materialCost: material.value, laborCost: labor.value, totalCost: total };
    return { item, draft };
  }

  it('puts right an OCR quantity with a digit added (a ruling read as "1": 271 for 27) when every part\'s amount ÷ its rate says the same', () => {
    const { item, draft } = rated(cell(271, '271', 0.45), [[4.4, 118.8], [58, 1566]]);
    const provenance = new ProvenanceRecorder();
    repairQuantityByParts(item, draft, 'q', provenance);
    expect(item.quantity).to.equal(27);
    expect(provenance.details['q.quantity'].derivation).to.equal("each cost part's amount ÷ its rate");
  });

  it('leaves the quantity alone where the parts disagree, it comes from a text layer, it is no likely misreading, or a power of ten off', () => {
    const cases: Array<[CellValue<number>, Array<[number, number]>]> = [
      [cell(271, '271', 0.45), [[4.4, 118.8], [58, 1624]]],
      [cell(271, '271', 0.45, 'text'), [[4.4, 118.8], [58, 1566]]],
      [cell(640, '640', 0.45), [[4.4, 118.8], [58, 1566]]],
      // The rates lost their decimal points (4.13 read as 413), not the quantity.
      [cell(1084, '1084', 0.45), [[413, 4476.92], [229, 2482.36]]],
    ];
    for (const [quantity, parts] of cases) {
      const { item, draft } = rated(quantity, parts);
      repairQuantityByParts(item, draft, 'q', new ProvenanceRecorder());
      expect(item.quantity).to.equal(quantity.value);
    }
  });

  it('takes a price column for line amounts where lines of quantities other than one print their amount as the price and none extends', () => {
    const listed = [line(cell(3, '3', 0.56), 762, 762), line(cell(2, '2', 0.56), 1072, 1072), line(cell(1, '1', 0.56), 1926.32, 1830)];
    expect(pricesAreLineAmounts(listed.map(({ draft }) => draft))).to.equal(true);
    // One line whose quantity × price makes its amount says the column holds unit prices.
    const unitPriced = [...listed, line(cell(4, '4', 0.56), 25, 100)];
    expect(pricesAreLineAmounts(unitPriced.map(({ draft }) => draft))).to.equal(false);
    expect(pricesAreLineAmounts(listed.slice(1).map(({ draft }) => draft))).to.equal(false);
  });

  it('puts back the decimal point OCR lost from quantities of one on lines priced at their amount ("1.00" read as 100)', () => {
    const lumpSums = [line(cell(100, '100', 0.56), 762, 762), line(cell(100, '100', 0.56), 1072, 1072), line(cell(1, '1.00', 0.56), 1830, 1830)];
    const [section] = toSections([{ name: '', nameWords: [], page: 1, items: lumpSums.map(({ draft }) => draft), total: null }], new ProvenanceRecorder());
    expect(section.lineItems.map((item) => item.quantity)).to.deep.equal([1, 1, 1]);
  });
});
