import { cents, isKnownUnit, lowerCaseMisreading, quantityInText, repairOcrSpelling, repairSum, roundCents, snapUnitByUse, textOf, type CellValue } from '@docsift/core/layout';
import type { ProvenanceRecorder } from './provenance.js';
import { pricesAreLineAmounts, quantityFromDescription, quantityFromParts, quantityFromRates, reconcileQuantity, repairQuantityByParts } from './quantity.js';
import type { SorLineItem, SorSection } from './schema.js';
import type { DraftItem, DraftSection } from './table.js';

/** Confidence factor of a value computed from the others (material + labor = total) when one was unreadable. */
const DERIVED_QUALITY = 0.6;
/** Confidence factor of an extended amount computed from a printed unit price and quantity. */
const EXTENDED_QUALITY = 0.95;

type PartKey = 'materialCost' | 'laborCost' | 'equipmentCost' | 'taxAmount';
type MoneyKey = PartKey | 'totalCost';

const PART_NAMES: Record<PartKey, string> = { materialCost: 'material', laborCost: 'labor', equipmentCost: 'equipment', taxAmount: 'tax' };

function recordCell<T>(provenance: ProvenanceRecorder, path: string, page: number, cell: CellValue<T> | null | undefined, derivation?: string): T | null {
  if (!cell) return null;
  provenance.record(path, page, cell.words, cell.quality, derivation);
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
function extendUnitPrices(item: SorLineItem, draft: DraftItem, path: string, provenance: ProvenanceRecorder): boolean {
  const quantity = item.quantity;
  if (quantity === null) return false;
  const perUnit = draft.basis === 'unit' || (draft.basis !== 'extended' && !addsUp(item) && quantityMakesTotal(item, quantity));
  if (!perUnit) return false;
  for (const key of parts(item).filter((part) => part !== 'taxAmount')) {
    const cell = cellOf(draft, key);
    const rate = item[key];
    if (!cell || rate === null || rate === undefined) continue;
    item[key] = roundCents(rate * quantity);
    provenance.record(`${path}.${key}`, draft.page, [...(draft.quantity?.words ?? []), ...cell.words], EXTENDED_QUALITY * cell.quality, `quantity × ${PART_NAMES[key]} unit price`);
  }
  return true;
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

/** Confidence factor of an OCR amount the line's or the column's arithmetic put right. */
const REPAIRED_QUALITY = 0.7;

const isOcrCell = (cell: CellValue<number> | null | undefined): cell is CellValue<number> => !!cell && cell.words.every((word) => word.source === 'ocr');

/** A part larger than the whole read by OCR without a separator lost its decimal point (`77716` for 777.16 of a 8,265.77 line). */
function restoreDecimalPoint(item: SorLineItem, draft: DraftItem, path: string, provenance: ProvenanceRecorder): boolean {
  const total = item.totalCost;
  if (total === null) return false;
  for (const key of parts(item)) {
    const cell = cellOf(draft, key);
    const read = item[key];
    if (!isOcrCell(cell) || read === null || read === undefined || read <= total || cell.words.some((word) => /[.,]/.test(word.text))) continue;
    const restored = roundCents(read / 100);
    if (restored > total) continue;
    item[key] = restored;
    provenance.record(`${path}.${key}`, draft.page, cell.words, REPAIRED_QUALITY, 'OCR decimal point restored: a part cannot exceed the line total');
    return true;
  }
  return false;
}

/**
 * OCR misreads digits (0/8/6/9, 5/6, 1/7, a lost decimal point: "$70890" for $708.90). When the
 * parts do not make the total, `repairSum` finds the one OCR amount whose value making the line add
 * up is a likely misreading of what was read; it is put right, and fieldDetails says so.
 */
function repairByLine(item: SorLineItem, draft: DraftItem, path: string, provenance: ProvenanceRecorder): void {
  const keys: MoneyKey[] = [...parts(item), 'totalCost'];
  if (restoreDecimalPoint(item, draft, path, provenance)) return;
  if (keys.some((key) => item[key] === null || item[key] === undefined)) return;
  const terms = keys.map((key) => ({ value: item[key]!, repairable: isOcrCell(cellOf(draft, key)) }));
  const repair = repairSum(terms.slice(0, -1), terms[terms.length - 1]);
  if (!repair) return;
  const key = keys[repair.index];
  item[key] = repair.value;
  const rule = `${parts(item).map((part) => PART_NAMES[part]).join(' + ')} = total`;
  provenance.record(`${path}.${key}`, draft.page, cellOf(draft, key)!.words, REPAIRED_QUALITY, `OCR misreading repaired by the line's arithmetic (${rule})`);
}

/** What the document's lines say about all of them: quantities written in descriptions, prices printed as line amounts. */
interface LineConventions {
  quantitiesInDescriptions: boolean;
  pricesAreLineAmounts: boolean;
}

function toLineItem(draft: DraftItem, path: string, provenance: ProvenanceRecorder, conventions: LineConventions): SorLineItem {
  const description = textOf(repairOcrSpelling(draft.description));
  provenance.record(`${path}.description`, draft.page, draft.description);
  const item: SorLineItem = {
    description,
    quantity: recordCell(provenance, `${path}.quantity`, draft.page, draft.quantity, draft.repairs?.quantity),
    unit: recordCell(provenance, `${path}.unit`, draft.page, draft.unit),
    materialCost: recordCell(provenance, `${path}.materialCost`, draft.page, draft.material, draft.repairs?.material),
    laborCost: recordCell(provenance, `${path}.laborCost`, draft.page, draft.labor, draft.repairs?.labor),
    totalCost: recordCell(provenance, `${path}.totalCost`, draft.page, draft.total, draft.repairs?.total),
  };
  if (draft.equipment !== undefined) item.equipmentCost = recordCell(provenance, `${path}.equipmentCost`, draft.page, draft.equipment, draft.repairs?.equipment);
  if (draft.tax !== undefined) item.taxAmount = recordCell(provenance, `${path}.taxAmount`, draft.page, draft.tax, draft.repairs?.tax);
  const hasItemisedColumns = draft.material !== null || draft.labor !== null;
  if (hasItemisedColumns) {
    quantityFromParts(item, draft, path, provenance);
    repairQuantityByParts(item, draft, path, provenance);
    quantityFromRates(item, draft, path, provenance);
    if (!extendUnitPrices(item, draft, path, provenance)) repairByLine(item, draft, path, provenance);
    deriveMissing(item, draft, path, provenance);
  }
  if (conventions.quantitiesInDescriptions) quantityFromDescription(item, draft, path, provenance);
  if (!conventions.pricesAreLineAmounts) reconcileQuantity(item, draft, path, provenance);
  return item;
}

/** Whether the line's own arithmetic vouches for its amounts: its parts make its total, or quantity × unit price does. */
function lineHolds(item: SorLineItem, draft: DraftItem): boolean {
  if (item.totalCost === null) return false;
  if (draft.material || draft.labor) return addsUp(item);
  return draft.unitCost !== null && draft.unitCost !== undefined && item.quantity !== null && cents(item.quantity * draft.unitCost.value) === cents(item.totalCost);
}

const SECTION_COLUMNS: Array<[MoneyKey & keyof NonNullable<SorSection['sectionTotal']>, 'material' | 'labor' | 'total']> = [
  ['totalCost', 'total'],
  ['materialCost', 'material'],
  ['laborCost', 'labor'],
];

/**
 * A printed section total is a check on its column. When the lines do not add up to it, the amounts
 * that may be wrong are the OCR ones of lines whose own arithmetic does not hold; the one whose value
 * making the column add up is a likely misreading of what was read is put right.
 */
function repairByColumns(section: SorSection, draft: DraftSection, path: string, provenance: ProvenanceRecorder): void {
  const printed = draft.total;
  if (!printed) return;
  for (const [key, column] of SECTION_COLUMNS) {
    const sum = printed[column];
    const values = section.lineItems.map((item) => item[key]);
    if (!sum || values.length < 2 || values.some((value) => value === null || value === undefined)) continue;
    const held = section.lineItems.map((item, index) => lineHolds(item, draft.items[index]));
    const terms = values.map((value, index) => ({ value: value!, repairable: !held[index] && isOcrCell(cellOf(draft.items[index], key)) }));
    const repair = repairSum(terms, { value: sum.value, repairable: false });
    if (!repair) continue;
    const item = section.lineItems[repair.index];
    item[key] = repair.value;
    provenance.record(`${path}.lineItems[${repair.index}].${key}`, draft.items[repair.index].page, cellOf(draft.items[repair.index], key)!.words, REPAIRED_QUALITY, `OCR misreading repaired by the column's arithmetic (the section's ${column} amounts = its printed subtotal)`);
  }
}

/** Confidence factor of an OCR unit snapped to the document's own unit one letter away. */
const SNAPPED_UNIT_QUALITY = 0.7;

/**
 * OCR units that are no known unit ("LE", "A") take the known unit the document's other lines use,
 * one letter away; so does a known unit read in lower case on one line only ("st" among "sf" lines).
 */
function snapUnits(drafts: DraftSection[]): void {
  const items = drafts.flatMap((draft) => draft.items);
  const used = new Map<string, number>();
  for (const item of items) if (item.unit && isKnownUnit(item.unit.value)) used.set(item.unit.value.toUpperCase(), (used.get(item.unit.value.toUpperCase()) ?? 0) + 1);
  for (const item of items) {
    const unit = item.unit;
    if (!unit || unit.words.every((word) => word.source !== 'ocr')) continue;
    const snapped = isKnownUnit(unit.value) ? lowerCaseMisreading(unit.value, used) : snapUnitByUse(unit.value, used);
    if (snapped) item.unit = { value: snapped, words: unit.words, quality: SNAPPED_UNIT_QUALITY };
  }
}

/** A column prints its values with two decimals ("4.00", "$1,250.00") when most of its cells do. */
const DECIMAL_COLUMN_SHARE = 0.6;
const MIN_COLUMN_CELLS = 3;
type DraftValueKey = 'quantity' | 'unitCost' | 'material' | 'labor' | 'equipment' | 'tax' | 'total';
const DECIMAL_COLUMNS: DraftValueKey[] = ['quantity', 'unitCost', 'material', 'labor', 'equipment', 'tax', 'total'];

/**
 * A column that prints two decimals on most lines is a check on its other cells: an OCR value of
 * digits only ("400" where the column prints "4.00", "125000" for "1,250.00") lost its decimal point.
 */
function restoreDecimalPoints(drafts: DraftSection[]): void {
  const items = drafts.flatMap((draft) => draft.items);
  const text = (cell: CellValue<number>): string => cell.words.map((word) => word.text).join('').replace(/^[$€£S]/, '');
  for (const key of DECIMAL_COLUMNS) {
    const cells = items.map((item) => item[key]).filter((cell): cell is CellValue<number> => cell !== null && cell !== undefined);
    const decimal = cells.filter((cell) => /^\d{1,3}(,?\d{3})*[.,]\d{2}$/.test(text(cell))).length;
    if (cells.length < MIN_COLUMN_CELLS || decimal < cells.length * DECIMAL_COLUMN_SHARE) continue;
    for (const item of items) {
      const cell = item[key];
      if (!cell || !isOcrCell(cell) || !/^\d{3,}$/.test(text(cell))) continue;
      item[key] = { value: roundCents(cell.value / 100), words: cell.words, quality: REPAIRED_QUALITY };
      item.repairs = { ...item.repairs, [key]: `OCR decimal point restored: the column prints two decimals` };
    }
  }
}

/** Share of a document's lines that must carry a quantity in their description for it to be read there. */
const DESCRIBED_QUANTITY_SHARE = 0.5;

/**
 * A write-up with no quantity or unit column that writes quantities into its descriptions does so
 * on most lines ("Remove 21 SY carpet"); one line that names a size ("Roll-off dumpster, 20 CY")
 * does not make a quantity.
 */
function writesQuantitiesInDescriptions(items: DraftItem[]): boolean {
  if (items.length === 0 || items.some((item) => item.quantity !== null || item.unit !== null)) return false;
  return items.filter((item) => quantityInText(item.description) !== null).length >= items.length * DESCRIBED_QUANTITY_SHARE;
}

/** The drafts that become sections: named, or holding items. */
const keptDrafts = (drafts: DraftSection[]): DraftSection[] => drafts.filter((draft) => draft.name !== '' || draft.items.length > 0);

/** Turns the table drafts into `constructionSections`, recording a fieldDetails entry per value. */
export function toSections(drafts: DraftSection[], provenance: ProvenanceRecorder): SorSection[] {
  snapUnits(drafts);
  restoreDecimalPoints(drafts);
  const items = drafts.flatMap((draft) => draft.items);
  const conventions: LineConventions = { quantitiesInDescriptions: writesQuantitiesInDescriptions(items), pricesAreLineAmounts: pricesAreLineAmounts(items) };
  return keptDrafts(drafts)
    .map((draft, sectionIndex) => {
      const path = `constructionSections[${sectionIndex}]`;
      provenance.record(`${path}.sectionName`, draft.page, draft.nameWords);
      const section: SorSection = {
        sectionName: draft.name,
        lineItems: draft.items.map((item, itemIndex) => toLineItem(item, `${path}.lineItems[${itemIndex}]`, provenance, conventions)),
      };
      if (draft.total) {
        const { page } = draft.total;
        section.sectionTotal = {
          materialCost: recordCell(provenance, `${path}.sectionTotal.materialCost`, page, draft.total.material),
          laborCost: recordCell(provenance, `${path}.sectionTotal.laborCost`, page, draft.total.labor),
          totalCost: recordCell(provenance, `${path}.sectionTotal.totalCost`, page, draft.total.total),
        };
        repairByColumns(section, draft, path, provenance);
      }
      return section;
    });
}

/**
 * Line totals that add up to the recap's printed subtotal vouch for themselves: on a line whose parts
 * do not make its total, the one OCR part whose corrected value makes them is put right, also where
 * correcting the total instead would have been as likely a misreading (821.12 read for 321.12 against
 * 1,901.12 read for 1,401.12).
 */
export function repairByRecapSubtotal(sections: SorSection[], drafts: DraftSection[], subtotal: number | null, provenance: ProvenanceRecorder): void {
  const items = sections.flatMap((section) => section.lineItems);
  if (subtotal === null || items.length === 0 || items.some((item) => item.totalCost === null)) return;
  if (cents(items.reduce((sum, item) => sum + item.totalCost!, 0)) !== cents(subtotal)) return;
  const kept = keptDrafts(drafts);
  sections.forEach((section, sectionIndex) =>
    section.lineItems.forEach((item, itemIndex) => {
      const keys = parts(item);
      if (addsUp(item) || keys.some((key) => item[key] === null || item[key] === undefined)) return;
      const draft = kept[sectionIndex].items[itemIndex];
      const terms = keys.map((key) => ({ value: item[key]!, repairable: isOcrCell(cellOf(draft, key)) }));
      const repair = repairSum(terms, { value: item.totalCost!, repairable: false });
      if (!repair) return;
      const key = keys[repair.index];
      item[key] = repair.value;
      const rule = `${keys.map((part) => PART_NAMES[part]).join(' + ')} = total; the line totals make the printed subtotal`;
      provenance.record(`constructionSections[${sectionIndex}].lineItems[${itemIndex}].${key}`, draft.page, cellOf(draft, key)!.words, REPAIRED_QUALITY, `OCR misreading repaired by the line's arithmetic (${rule})`);
    }),
  );
}
