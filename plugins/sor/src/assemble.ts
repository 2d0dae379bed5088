import type { Word } from '@docsift/core';
import { textOf } from './labels.js';
import { roundCents } from './parse.js';
import type { ProvenanceRecorder } from './provenance.js';
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
    item[key] = roundCents(value);
    provenance.record(`${path}.${key}`, draft.page, words, DERIVED_QUALITY);
  };
  const wordsOf = (...cells: Array<CellValue<number> | null>): Word[] => cells.flatMap((cell) => cell?.words ?? []);
  if (total === null && material !== null && labor !== null) derive('totalCost', material + labor, wordsOf(draft.material, draft.labor));
  else if (material === null && total !== null && labor !== null && draft.labor) derive('materialCost', total - labor, wordsOf(draft.total, draft.labor));
  else if (labor === null && total !== null && material !== null && draft.material) derive('laborCost', total - material, wordsOf(draft.total, draft.material));
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
  if (hasItemisedColumns) deriveMissing(item, draft, path, provenance);
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
