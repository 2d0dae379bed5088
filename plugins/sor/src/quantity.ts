import type { Word } from '@docsift/core';
import { cents, editDistance, misreadCost, quantityInText, repairProduct } from '@docsift/core/layout';
import type { ProvenanceRecorder } from './provenance.js';
import type { SorLineItem } from './schema.js';
import type { DraftItem } from './table.js';

/** Confidence factor of an OCR quantity whose lost decimal point the unit price put back. */
const REPAIRED_QUANTITY_QUALITY = 0.7;
/** Confidence factor of a quantity computed as total / unit price because it was unreadable. */
const DERIVED_QUANTITY_QUALITY = 0.6;

/** Readings of a whole OCR number that lost its decimal point: 235 → 23.5, 2.35. */
function decimalReadings(value: number): number[] {
  if (!Number.isInteger(value) || value < 10) return [];
  const digits = String(value);
  return [1, 2].filter((places) => places < digits.length).map((places) => Number(`${digits.slice(0, -places)}.${digits.slice(-places)}`));
}

/** Whether two numbers print with the same digits but one ("210" and "240"). */
function oneDigitApart(a: number, b: number): boolean {
  const [x, y] = [String(a), String(b)];
  return x.length === y.length && editDistance(x, y, 1) === 1;
}

/** total / price when it is a quantity as printed (at most two decimals), else null. */
function quantityFromTotal(total: number, price: number): number | null {
  const quantity = total / price;
  const rounded = cents(quantity) / 100;
  return quantity > 0 && Math.abs(quantity - rounded) < 1e-9 ? rounded : null;
}

/** Lines whose price is their amount with a quantity other than one that make a price column no unit price. */
const MIN_LINES_PRICED_AS_AMOUNTS = 2;

/**
 * Whether the document's price column holds line amounts, not unit prices (a list price beside a
 * discount and a net price, "3 EA  762.00 … 762.00"): lines of quantities other than one print their
 * amount as the price, and no line's quantity × price makes its amount. Then quantity × price is no
 * check on an OCR quantity: read by it, each such quantity became 1. A quantity of one whose decimal
 * point OCR lost (100 for 1.00) is no such line: the check puts it right.
 */
export function pricesAreLineAmounts(drafts: readonly DraftItem[]): boolean {
  const priced = drafts.filter((draft) => draft.unitCost && draft.total && draft.quantity && draft.quantity.value !== 1);
  const extended = priced.filter((draft) => cents(draft.quantity!.value * draft.unitCost!.value) === cents(draft.total!.value));
  const asAmounts = priced.filter((draft) => cents(draft.unitCost!.value) === cents(draft.total!.value) && !decimalReadings(draft.quantity!.value).includes(1));
  return extended.length === 0 && asAmounts.length >= MIN_LINES_PRICED_AS_AMOUNTS;
}

/**
 * Where a unit-price column is printed, quantity × unit price = total is a check on the quantity,
 * the cell OCR reads worst: an OCR quantity that lost its decimal point (`235` for 23.5 HR) is put
 * right when exactly one reading makes the line add up, one with a single digit misread (`240` for
 * 210) when total ÷ unit price differs from it in that digit only, and a missing one is computed.
 */
export function reconcileQuantity(item: SorLineItem, draft: DraftItem, path: string, provenance: ProvenanceRecorder): void {
  const price = draft.unitCost?.value ?? 0;
  amountFromProduct(item, draft, path, provenance);
  const total = item.totalCost;
  if (price <= 0 || total === null || !draft.unitCost || !draft.total) return;
  const addsUp = (quantity: number): boolean => cents(quantity * price) === cents(total);
  const quantity = item.quantity;
  if (quantity !== null) {
    if (addsUp(quantity) || !draft.quantity || draft.quantity.words.some((word) => word.source !== 'ocr')) return;
    const readings = decimalReadings(quantity).filter(addsUp);
    if (readings.length === 1) {
      item.quantity = readings[0];
      provenance.record(`${path}.quantity`, draft.page, draft.quantity.words, REPAIRED_QUANTITY_QUALITY);
      return;
    }
    repairByProduct(item, draft, path, provenance);
    return;
  }
  const derived = quantityFromTotal(total, price);
  if (derived === null) return;
  item.quantity = derived;
  provenance.record(`${path}.quantity`, draft.page, [...draft.unitCost.words, ...draft.total.words], DERIVED_QUANTITY_QUALITY, 'total ÷ unit price');
}

/** Confidence factor of an OCR line amount that quantity × unit price put right. */
const REPAIRED_AMOUNT_QUALITY = 0.7;

const readByOcr = (words: Word[]): boolean => words.length > 0 && words.every((word) => word.source === 'ocr');

/**
 * A line amount OCR lost (its quantity and unit price read, no cost part printed) is quantity × unit
 * price; a text layer never loses a cell, so its lines are left as printed.
 */
function amountFromProduct(item: SorLineItem, draft: DraftItem, path: string, provenance: ProvenanceRecorder): void {
  const { quantity } = item;
  if (draft.total || item.totalCost !== null || quantity === null || !draft.quantity || !draft.unitCost || !readByOcr(draft.unitCost.words)) return;
  if ([draft.material, draft.labor, draft.equipment, draft.tax].some((cell) => cell)) return;
  item.totalCost = cents(quantity * draft.unitCost.value) / 100;
  provenance.record(`${path}.totalCost`, draft.page, [...draft.quantity.words, ...draft.unitCost.words], REPAIRED_AMOUNT_QUALITY, 'quantity × unit price');
}

/**
 * Quantity × unit price does not make the line amount: the quantity (one digit misread, 210 as
 * 240) or the amount is put right, whichever is the likelier OCR misreading of the value that makes
 * the product hold; nothing when the unit price is, or two are equally likely.
 */
function repairByProduct(item: SorLineItem, draft: DraftItem, path: string, provenance: ProvenanceRecorder): void {
  const { quantity, totalCost } = item;
  if (quantity === null || totalCost === null || !draft.quantity || !draft.unitCost || !draft.total) return;
  // Tax printed beside the unit price takes part in the line amount; material and labor vouch for it.
  if (draft.tax) return;
  const itemised = [draft.material, draft.labor, draft.equipment].some((cell) => cell);
  const repair = repairProduct(
    { value: quantity, repairable: readByOcr(draft.quantity.words) && Number.isInteger(quantity) },
    { value: draft.unitCost.value, repairable: readByOcr(draft.unitCost.words) },
    { value: totalCost, repairable: !itemised && readByOcr(draft.total.words) },
  );
  if (repair?.index === 0 && oneDigitApart(repair.value, quantity)) {
    item.quantity = repair.value;
    provenance.record(`${path}.quantity`, draft.page, [...draft.quantity.words, ...draft.unitCost.words, ...draft.total.words], DERIVED_QUANTITY_QUALITY, 'total ÷ unit price');
  } else if (repair?.index === 2) {
    item.totalCost = repair.value;
    provenance.record(`${path}.totalCost`, draft.page, draft.total.words, REPAIRED_AMOUNT_QUALITY, "OCR misreading repaired by the line's arithmetic (quantity × unit price = amount)");
  }
}

/**
 * Material and labor printed per unit with the quantity lost (OCR read "1" as "+" or nothing): the
 * line's total ÷ the sum of its unit prices is the quantity, when it comes out as printed quantities do.
 */
export function quantityFromRates(item: SorLineItem, draft: DraftItem, path: string, provenance: ProvenanceRecorder): void {
  if (item.quantity !== null || draft.basis !== 'unit' || item.totalCost === null) return;
  const rates = [draft.material, draft.labor, draft.equipment].filter((cell): cell is NonNullable<typeof cell> => cell !== null && cell !== undefined);
  const rate = rates.reduce((sum, cell) => sum + cell.value, 0);
  if (rates.length === 0 || rate <= 0) return;
  const quantity = quantityFromTotal(item.totalCost - (item.taxAmount ?? 0), rate);
  if (quantity === null) return;
  item.quantity = quantity;
  provenance.record(`${path}.quantity`, draft.page, [...rates.flatMap((cell) => cell.words), ...(draft.total?.words ?? [])], DERIVED_QUANTITY_QUALITY, 'total ÷ the unit prices');
}

/**
 * Cost parts printed under the item each with its rate and its amount ("Material cost  357.00
 * 714.00") with the quantity lost: amount ÷ rate is the quantity, when every part priced says the same.
 */
export function quantityFromParts(item: SorLineItem, draft: DraftItem, path: string, provenance: ProvenanceRecorder): void {
  const priced = (draft.partRates ?? []).filter((part) => part.rate.value > 0);
  if (item.quantity !== null || priced.length === 0) return;
  const quantities = priced.map((part) => quantityFromTotal(part.amount.value, part.rate.value));
  if (quantities.some((quantity) => quantity === null || quantity !== quantities[0])) return;
  item.quantity = quantities[0];
  provenance.record(`${path}.quantity`, draft.page, priced.flatMap((part) => [...part.rate.words, ...part.amount.words]), DERIVED_QUANTITY_QUALITY, "each cost part's amount ÷ its rate");
}

const DECIMAL_SHIFTS = [10, 100, 1000];

/**
 * Each part's rate times the quantity makes the part's amount ("Mat Rate | Material | Lab Rate |
 * Labor"): an OCR quantity that makes none of them is put right where every priced part says the
 * same other quantity and the one read is a likely misreading of it (a digit misread, dropped or
 * added: a cell's ruling read as `1`, `271` for 27).
 */
export function repairQuantityByParts(item: SorLineItem, draft: DraftItem, path: string, provenance: ProvenanceRecorder): void {
  const priced = (draft.partRates ?? []).filter((part) => part.rate.value > 0 && part.amount.value > 0);
  const read = item.quantity;
  if (read === null || priced.length === 0 || !draft.quantity || !readByOcr(draft.quantity.words)) return;
  const quantities = priced.map((part) => quantityFromTotal(part.amount.value, part.rate.value));
  const [quantity] = quantities;
  if (quantity === null || quantity === read || quantities.some((other) => other !== quantity) || !Number.isFinite(misreadCost(read, quantity))) return;
  // A quantity a power of ten off (1084 for 10.84) may as well be right and the rates' decimal points lost.
  if (DECIMAL_SHIFTS.some((shift) => cents(quantity * shift) === cents(read) || cents(read * shift) === cents(quantity))) return;
  item.quantity = quantity;
  provenance.record(`${path}.quantity`, draft.page, [...draft.quantity.words, ...priced.flatMap((part) => [...part.rate.words, ...part.amount.words])], REPAIRED_QUANTITY_QUALITY, "each cost part's amount ÷ its rate");
}

/** Confidence factor of a quantity and unit read out of the description's words. */
const DESCRIBED_QUANTITY_QUALITY = 0.9;

/**
 * Where the table prints no quantity or unit column, a write-up may put them in the description
 * ("Remove 21 SY carpet and pad"): the one number followed by a construction unit there is the
 * line's quantity and unit. The description keeps its whole printed text.
 */
export function quantityFromDescription(item: SorLineItem, draft: DraftItem, path: string, provenance: ProvenanceRecorder): void {
  const found = quantityInText(draft.description);
  if (!found) return;
  item.quantity = found.quantity;
  item.unit = found.unit;
  provenance.record(`${path}.quantity`, draft.page, [found.words[0]], DESCRIBED_QUANTITY_QUALITY, 'written in the description');
  provenance.record(`${path}.unit`, draft.page, found.words.slice(1), DESCRIBED_QUANTITY_QUALITY, 'written in the description');
}
