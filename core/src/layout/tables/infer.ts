import type { Word } from '../../contracts/document.js';
import { median } from '../boxes.js';
import { cents, parseAmount, parseQuantity, type NumberFormat } from '../numbers.js';
import type { LayoutRow } from '../rows.js';
import { parseUnit } from '../units.js';
import type { ColumnRole, TableColumn, TableHeader } from './model.js';

/**
 * Columns of an itemised table whose header row is missing (OCR loses headers printed white on a
 * dark band, and many receipts print none): rows whose amounts add up are read by their
 * arithmetic. Two to four amounts followed by their sum are material | labor (| equipment | tax) |
 * amount; two amounts where a quantity before them times the first makes the second are unit
 * price | amount. A unit and a quantity before the amounts are taken when present.
 */

interface Sample {
  row: LayoutRow;
  roles: Partial<Record<ColumnRole, Word>>;
  first: Word;
}

const MIN_SAMPLES = 3;
const ITEM_NUMBER = /^\d{1,3}(\.\d{1,3})+\.?$/;

/** The row's amount words (money or decimal numbers), in order; other words ("-", "0%", text) between them are skipped. */
function amountWords(words: Word[], format: NumberFormat): Array<{ word: Word; index: number; value: number }> {
  return words.flatMap((word, index) => {
    const amount = parseAmount(word.text, format);
    return amount && (amount.moneyLike || /\d[.,]\d/.test(word.text)) ? [{ word, index, value: amount.value }] : [];
  });
}

function withQuantityAndUnit(words: Word[], index: number, roles: Sample['roles'], format: NumberFormat): Word | null {
  let position = index;
  if (position > 0 && parseUnit(words[position].text)) roles.unit = words[position--];
  if (position > 0 && parseQuantity(words[position].text, format)) {
    roles.quantity = words[position];
    return words[position];
  }
  return null;
}

/** Cost parts in the order statements print them: material, labor, equipment, tax. */
const PART_ROLES: ColumnRole[] = ['material', 'labor', 'equipment', 'taxAmount'];

/**
 * How a row's amounts add up: two to four amounts in a row followed by their sum are the cost
 * parts and the line total (other amounts after them, a draw schedule's balance, are left alone);
 * else a quantity before two amounts whose product is the second is quantity × unit price.
 */
function sampleOf(row: LayoutRow, format: NumberFormat): Sample | null {
  const words = row.words;
  if (words.length < 3) return null;
  const found = amountWords(words, format);
  for (let start = 0; start < found.length; start += 1) {
    for (let parts = PART_ROLES.length; parts >= 2; parts -= 1) {
      const total = found[start + parts];
      if (!total || total.value === 0 || start + parts >= found.length) continue;
      const sum = found.slice(start, start + parts).reduce((acc, part) => acc + part.value, 0);
      if (cents(sum) !== cents(total.value) || found[start].index === 0) continue;
      const roles: Sample['roles'] = { amount: total.word };
      found.slice(start, start + parts).forEach((part, position) => (roles[PART_ROLES[position]] = part.word));
      withQuantityAndUnit(words, found[start].index - 1, roles, format);
      return { row, roles, first: words[0] };
    }
  }
  for (let position = 0; position + 1 < found.length; position += 1) {
    const [price, amount] = [found[position], found[position + 1]];
    if (amount.value === 0 || price.index === 0) continue;
    const roles: Sample['roles'] = { unitPrice: price.word, amount: amount.word };
    const quantityWord = withQuantityAndUnit(words, price.index - 1, roles, format);
    const quantity = quantityWord ? parseQuantity(quantityWord.text, format)?.value : undefined;
    if (quantity !== undefined && cents(quantity * price.value) === cents(amount.value)) return { row, roles, first: words[0] };
  }
  return null;
}

function columnOf(role: ColumnRole, words: Word[], label = ''): TableColumn {
  return { role, alternatives: [], basis: null, x0: median(words.map((word) => word.bbox[0])), x1: median(words.map((word) => word.bbox[2])), words: [], label };
}

/** The inferred header and the index of the first row that fits it; null when too few rows add up. */
export function inferHeader(rows: LayoutRow[], format: NumberFormat): { header: TableHeader; firstIndex: number } | null {
  const samples = rows.filter((row) => !row.furniture).flatMap((row) => sampleOf(row, format) ?? []);
  if (samples.length < MIN_SAMPLES) return null;
  const kind = samples.filter((sample) => sample.roles.material).length * 2 >= samples.length ? 'material' : 'unitPrice';
  const fitting = samples.filter((sample) => (kind === 'material') === (sample.roles.material !== undefined));
  if (fitting.length < MIN_SAMPLES) return null;
  const columns: TableColumn[] = [];
  const roles: ColumnRole[] = kind === 'material' ? ['quantity', 'unit', ...PART_ROLES, 'amount'] : ['quantity', 'unit', 'unitPrice', 'amount'];
  for (const role of roles) {
    const words = fitting.flatMap((sample) => sample.roles[role] ?? []);
    if (words.length * 3 >= fitting.length) columns.push(columnOf(role, words));
  }
  const numbered = fitting.filter((sample) => ITEM_NUMBER.test(sample.first.text));
  if (numbered.length * 2 >= fitting.length) columns.push(columnOf('itemNumber', numbered.map((sample) => sample.first)));
  const descriptionStarts = fitting.map((sample) => sample.row.words[ITEM_NUMBER.test(sample.first.text) ? 1 : 0]);
  const description = columnOf('description', descriptionStarts);
  columns.push({ ...description, x1: description.x0 });
  return { header: { rows: [fitting[0].row], columns: columns.sort((a, b) => a.x0 - b.x0), inferred: true }, firstIndex: fitting[0].row.index };
}

const overlaps = (a: TableColumn, b: TableColumn): boolean => a.x0 <= b.x1 && b.x0 <= a.x1;

/**
 * Adds the columns of `extra` that the header lacks and that fit between its own (no role twice, no
 * overlap); a header cell whose words said nothing (OCR read "Qty" as "aty") takes the role found there.
 */
function withColumns(header: TableHeader, extra: TableColumn[]): TableHeader {
  let columns = header.columns;
  for (const column of extra) {
    if (columns.some((own) => own.role === column.role)) continue;
    const over = columns.filter((own) => overlaps(own, column));
    if (over.length === 0) columns = [...columns, column];
    else if (over.length === 1 && over[0].role === null) columns = columns.map((own) => (own === over[0] ? { ...own, role: column.role } : own));
  }
  return columns === header.columns ? header : { ...header, columns: columns.sort((a, b) => a.x0 - b.x0) };
}

/** Quantity and unit columns a header row lost to OCR, taken from the inferred columns when they fit between its own. */
export function withInferredColumns(header: TableHeader, inferred: TableHeader | null): TableHeader {
  if (!inferred) return header;
  return withColumns(header, inferred.columns.filter((column) => column.role === 'quantity' || column.role === 'unit'));
}

/**
 * A header read by OCR that lost some labels keeps the columns the previous header had there
 * (tables of one document share their columns); text-layer headers are taken as printed.
 */
export function withEarlierColumns(header: TableHeader, earlier: TableHeader): TableHeader {
  if (header.rows.every((row) => row.words.every((word) => word.source === 'text'))) return header;
  return withColumns(header, earlier.columns);
}
