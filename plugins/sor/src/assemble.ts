import { cents, isKnownUnit, repairOcrSpelling, roundCents, snapUnitByUse, textOf, type CellValue } from '@docsift/core/layout';
import type { ProvenanceRecorder } from './provenance.js';
import { quantityFromRates, reconcileQuantity } from './quantity.js';
import type { SorLineItem, SorSection } from './schema.js';
import type { DraftItem, DraftSection } from './table.js';

/** Confidence factor of a value computed from the others (material + labor = total) when one was unreadable. */
const DERIVED_QUALITY = 0.6;
/** Confidence factor of an extended amount computed from a printed unit price and quantity. */
const EXTENDED_QUALITY = 0.95;

type PartKey = 'materialCost' | 'laborCost' | 'equipmentCost' | 'taxAmount';
type MoneyKey = PartKey | 'totalCost';

const PART_NAMES: Record<PartKey, string> = { materialCost: 'material', laborCost: 'labor', equipmentCost: 'equipment', taxAmount: 'tax' };

function recordCell<T>(provenance: ProvenanceRecorder, path: string, page: number, cell: CellValue<T> | null | undefined): T | null {
  if (!cell) return null;
  provenance.record(path, page, cell.words, cell.quality);
  return cell.value;
}

/** The printed parts of a line's total: material, labor, and equipment and tax where their columns are printed. */
function parts(item: SorLineItem): PartKey[] {
  return (['materialCost', 'laborCost', 'equipmentCost', 'taxAmount'] as const).filter((key) => key === 'materialCost' || key === 'laborCost' || item[key] !== undefined);
}

const partSum = (item: SorLineItem): number => parts(item).reduce((sum, key) => sum + (item[key] ?? Number.NaN), 0);
const addsUp = (item: SorLineItem): boolean => cents(partSum(item)) === cents(item.totalCost ?? Number.NaN);

function cellOf(draft: DraftItem, key: MoneyKey): CellValue<number> | null | undefined {
  return { materialCost: draft.material, laborCost: draft.labor, equipmentCost: draft.equipment, taxAmount: draft.tax, totalCost: draft.total }[key];
}

/**
 * Material, labor and equipment printed per unit ("Material Unit Price") are extended by the line's
 * quantity: the interface's amounts are extended ones. Tax is never per unit.
 */
function extendUnitPrices(item: SorLineItem, draft: DraftItem, path: string, provenance: ProvenanceRecorder): void {
  const quantity = item.quantity;
  if (quantity === null) return;
  const perUnit = draft.basis === 'unit' || (draft.basis !== 'extended' && !addsUp(item) && quantityMakesTotal(item, quantity));
  if (!perUnit) return;
  for (const key of parts(item).filter((part) => part !== 'taxAmount')) {
    const cell = cellOf(draft, key);
    const rate = item[key];
    if (!cell || rate === null || rate === undefined) continue;
    item[key] = roundCents(rate * quantity);
    provenance.record(`${path}.${key}`, draft.page, [...(draft.quantity?.words ?? []), ...cell.words], EXTENDED_QUALITY * cell.quality, `quantity × ${PART_NAMES[key]} unit price`);
  }
}

function quantityMakesTotal(item: SorLineItem, quantity: number): boolean {
  const perUnit = parts(item).filter((key) => key !== 'taxAmount').reduce((sum, key) => sum + (item[key] ?? 0), 0);
  return item.totalCost !== null && cents(perUnit * quantity + (item.taxAmount ?? 0)) === cents(item.totalCost);
}

/** Fills one missing amount of the line (a part or the total) from the others (OCR may lose one). */
function deriveMissing(item: SorLineItem, draft: DraftItem, path: string, provenance: ProvenanceRecorder): void {
  const keys: MoneyKey[] = [...parts(item), 'totalCost'];
  const missing = keys.filter((key) => item[key] === null);
  if (missing.length !== 1) return;
  const [key] = missing;
  const known = keys.filter((other) => other !== key);
  const words = known.flatMap((other) => cellOf(draft, other)?.words ?? []);
  if (key !== 'totalCost' && !draft.total) return;
  const others = parts(item).filter((part) => part !== key).reduce((sum, part) => sum + (item[part] ?? 0), 0);
  const value = key === 'totalCost' ? partSum({ ...item, totalCost: 0 }) : (item.totalCost ?? 0) - others;
  if (value < 0 || Number.isNaN(value)) return;
  item[key] = roundCents(value);
  const how = key === 'totalCost' ? `${parts(item).map((part) => PART_NAMES[part]).join(' + ')}` : `total − ${parts(item).filter((part) => part !== key).map((part) => PART_NAMES[part]).join(' − ')}`;
  provenance.record(`${path}.${key}`, draft.page, words, DERIVED_QUALITY, how);
}

/** Confidence factor of an OCR amount whose lost decimal point the line's arithmetic put back. */
const REPAIRED_POINT_QUALITY = 0.7;

/**
 * OCR drops decimal points ("$70890" for $708.90). When the parts do not make the total and
 * reading one separator-less OCR amount as cents makes the line add up, that reading is taken.
 */
function restoreDecimalPoint(item: SorLineItem, draft: DraftItem, path: string, provenance: ProvenanceRecorder): void {
  if (addsUp(item)) return;
  const total = item.totalCost;
  for (const key of [...parts(item), 'totalCost'] as MoneyKey[]) {
    const cell = cellOf(draft, key);
    const printed = item[key];
    if (!cell || printed === null || printed === undefined || cell.words.some((word) => word.source !== 'ocr' || /[.,]/.test(word.text))) continue;
    const restored = roundCents(printed / 100);
    // A part larger than the whole is as telling as a line that does not add up.
    const partTooLarge = key !== 'totalCost' && total !== null && printed > total && restored <= total;
    if (!addsUp({ ...item, [key]: restored }) && !partTooLarge) continue;
    item[key] = restored;
    provenance.record(`${path}.${key}`, draft.page, cell.words, REPAIRED_POINT_QUALITY);
    return;
  }
}

function toLineItem(draft: DraftItem, path: string, provenance: ProvenanceRecorder): SorLineItem {
  const description = textOf(repairOcrSpelling(draft.description));
  provenance.record(`${path}.description`, draft.page, draft.description);
  const item: SorLineItem = {
    description,
    quantity: recordCell(provenance, `${path}.quantity`, draft.page, draft.quantity),
    unit: recordCell(provenance, `${path}.unit`, draft.page, draft.unit),
    materialCost: recordCell(provenance, `${path}.materialCost`, draft.page, draft.material),
    laborCost: recordCell(provenance, `${path}.laborCost`, draft.page, draft.labor),
    totalCost: recordCell(provenance, `${path}.totalCost`, draft.page, draft.total),
  };
  if (draft.equipment !== undefined) item.equipmentCost = recordCell(provenance, `${path}.equipmentCost`, draft.page, draft.equipment);
  if (draft.tax !== undefined) item.taxAmount = recordCell(provenance, `${path}.taxAmount`, draft.page, draft.tax);
  const hasItemisedColumns = draft.material !== null || draft.labor !== null;
  if (hasItemisedColumns) {
    quantityFromRates(item, draft, path, provenance);
    extendUnitPrices(item, draft, path, provenance);
    restoreDecimalPoint(item, draft, path, provenance);
    deriveMissing(item, draft, path, provenance);
  }
  reconcileQuantity(item, draft, path, provenance);
  return item;
}

/** Confidence factor of an OCR unit snapped to the document's own unit one letter away. */
const SNAPPED_UNIT_QUALITY = 0.7;

/** OCR units that are no known unit ("LE", "A") take the known unit the document's other lines use, one letter away. */
function snapUnits(drafts: DraftSection[]): void {
  const items = drafts.flatMap((draft) => draft.items);
  const used = new Map<string, number>();
  for (const item of items) if (item.unit && isKnownUnit(item.unit.value)) used.set(item.unit.value.toUpperCase(), (used.get(item.unit.value.toUpperCase()) ?? 0) + 1);
  for (const item of items) {
    const unit = item.unit;
    if (!unit || isKnownUnit(unit.value) || unit.words.every((word) => word.source !== 'ocr')) continue;
    const snapped = snapUnitByUse(unit.value, used);
    if (snapped) item.unit = { value: snapped, words: unit.words, quality: SNAPPED_UNIT_QUALITY };
  }
}

/** Turns the table drafts into `constructionSections`, recording a fieldDetails entry per value. */
export function toSections(drafts: DraftSection[], provenance: ProvenanceRecorder): SorSection[] {
  snapUnits(drafts);
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
