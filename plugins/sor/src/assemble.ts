import type { Word } from '@docsift/core';
import { textOf } from './labels.js';
import { roundCents } from './parse.js';
import type { ProvenanceRecorder } from './provenance.js';
import { reconcileQuantity } from './quantity.js';
import type { SorLineItem, SorSection } from './schema.js';
import type { DraftItem, DraftSection } from './table.js';
import type { CellValue } from './table-row.js';

/** Confidence factor of a value computed from the other two (material + labor = total) when one was unreadable. */
const DERIVED_QUALITY = 0.6;

type MoneyKey = 'materialCost' | 'laborCost' | 'totalCost';

function recordCell<T>(provenance: ProvenanceRecorder, path: string, page: number, cell: CellValue<T> | null): T | null {
  if (!cell) return null;
  provenance.record(path, page, cell.words, cell.quality);
  return cell.value;
}

/** Fills one missing amount of material / labor / total from the other two (OCR may lose one). */
function deriveMissing(item: SorLineItem, draft: DraftItem, path: string, provenance: ProvenanceRecorder): void {
  const { materialCost: material, laborCost: labor, totalCost: total } = item;
  const derive = (key: MoneyKey, value: number, words: Word[]): void => {
    if (value < 0) return;
    item[key] = roundCents(value);
    provenance.record(`${path}.${key}`, draft.page, words, DERIVED_QUALITY);
  };
  const wordsOf = (...cells: Array<CellValue<number> | null>): Word[] => cells.flatMap((cell) => cell?.words ?? []);
  if (total === null && material !== null && labor !== null) derive('totalCost', material + labor, wordsOf(draft.material, draft.labor));
  else if (material === null && total !== null && labor !== null && draft.labor) derive('materialCost', total - labor, wordsOf(draft.total, draft.labor));
  else if (labor === null && total !== null && material !== null && draft.material) derive('laborCost', total - material, wordsOf(draft.total, draft.material));
}

/** Confidence factor of an OCR amount whose lost decimal point the line's arithmetic put back. */
const REPAIRED_POINT_QUALITY = 0.7;

/**
 * OCR drops decimal points ("$70890" for $708.90). When material + labor ≠ total and reading one
 * separator-less OCR amount as cents makes the line add up, that reading is taken.
 */
function restoreDecimalPoint(item: SorLineItem, draft: DraftItem, path: string, provenance: ProvenanceRecorder): void {
  const cells: Array<[MoneyKey, CellValue<number> | null]> = [
    ['materialCost', draft.material],
    ['laborCost', draft.labor],
    ['totalCost', draft.total],
  ];
  const adds = (values: SorLineItem): boolean =>
    Math.round(((values.materialCost ?? NaN) + (values.laborCost ?? NaN)) * 100) === Math.round((values.totalCost ?? NaN) * 100);
  if (adds(item)) return;
  const total = item.totalCost;
  for (const [key, cell] of cells) {
    const printed = item[key];
    if (!cell || printed === null || cell.words.some((word) => word.source !== 'ocr' || /[.,]/.test(word.text))) continue;
    const restored = roundCents(printed / 100);
    // A part larger than the whole is as telling as a line that does not add up.
    const partTooLarge = key !== 'totalCost' && total !== null && printed > total && restored <= total;
    if (!adds({ ...item, [key]: restored }) && !partTooLarge) continue;
    item[key] = restored;
    provenance.record(`${path}.${key}`, draft.page, cell.words, REPAIRED_POINT_QUALITY);
    return;
  }
}

function toLineItem(draft: DraftItem, path: string, provenance: ProvenanceRecorder): SorLineItem {
  const description = textOf(draft.description);
  provenance.record(`${path}.description`, draft.page, draft.description);
  const item: SorLineItem = {
    description,
    quantity: recordCell(provenance, `${path}.quantity`, draft.page, draft.quantity),
    unit: recordCell(provenance, `${path}.unit`, draft.page, draft.unit),
    materialCost: recordCell(provenance, `${path}.materialCost`, draft.page, draft.material),
    laborCost: recordCell(provenance, `${path}.laborCost`, draft.page, draft.labor),
    totalCost: recordCell(provenance, `${path}.totalCost`, draft.page, draft.total),
  };
  const hasItemisedColumns = draft.material !== null || draft.labor !== null;
  if (hasItemisedColumns) {
    restoreDecimalPoint(item, draft, path, provenance);
    deriveMissing(item, draft, path, provenance);
    reconcileQuantity(item, draft, path, provenance);
  }
  return item;
}

/** Turns the table drafts into `constructionSections`, recording a fieldDetails entry per value. */
export function toSections(drafts: DraftSection[], provenance: ProvenanceRecorder): SorSection[] {
  return drafts
    .filter((draft) => draft.name !== '' || draft.items.length > 0)
    .map((draft, sectionIndex) => {
      const path = `constructionSections[${sectionIndex}]`;
      provenance.record(`${path}.sectionName`, draft.page, draft.nameWords);
      const section: SorSection = {
        sectionName: draft.name,
        lineItems: draft.items.map((item, itemIndex) => toLineItem(item, `${path}.lineItems[${itemIndex}]`, provenance)),
      };
      if (draft.total) {
        const { page } = draft.total;
        section.sectionTotal = {
          materialCost: recordCell(provenance, `${path}.sectionTotal.materialCost`, page, draft.total.material),
          laborCost: recordCell(provenance, `${path}.sectionTotal.laborCost`, page, draft.total.labor),
          totalCost: recordCell(provenance, `${path}.sectionTotal.totalCost`, page, draft.total.total),
        };
      }
      return section;
    });
}
