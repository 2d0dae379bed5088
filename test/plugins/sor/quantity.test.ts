import { expect } from 'chai';
import type { Word } from '@docsift/core';
import { ProvenanceRecorder } from '../../../plugins/sor/src/provenance.js';
import { reconcileQuantity } from '../../../plugins/sor/src/quantity.js';
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
