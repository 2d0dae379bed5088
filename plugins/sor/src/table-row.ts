import type { Word } from '@docsift/core';
import type { Column, ColumnKind, TableHeader } from './header.js';
import type { Row } from './layout.js';
import { parseAmount, parseQuantity, parseUnit, snapUnit, type ParsedNumber } from './parse.js';

/** A parsed cell with the words it was read from. */
export interface CellValue<T> {
  value: T;
  words: Word[];
  /** 1 for a clean parse, lower when OCR characters had to be repaired (word confidence not included). */
  quality: number;
}

/** A table row cut into the header's columns. */
export interface SplitRow {
  row: Row;
  item: Word[];
  scope: Word[];
  description: Word[];
  quantity: CellValue<number> | null;
  unit: CellValue<string> | null;
  unitCost: CellValue<number> | null;
  material: CellValue<number> | null;
  labor: CellValue<number> | null;
  total: CellValue<number> | null;
}

const TEXT_KINDS: ColumnKind[] = ['item', 'scope', 'description'];
/** How far left of its header a right-aligned number may start, in row heights. */
const VALUE_ZONE_LEAD = 2.5;
const REPAIRED_QUALITY = 0.8;

const isDash = (text: string): boolean => /^[-–—]$/.test(text);
/** Cell text that stands for an amount that is not priced on the line. */
const NOT_PRICED = /^(incl\.?|included|n\/a|nic|tbd|by)$/i;
/** Tax or currency markers printed after an amount ("$12,000 +HST"). */
const isAmountSuffix = (text: string): boolean => /^\+[A-Za-z]{2,5}$/.test(text);

/** Inside the value zone anything without letters counts (OCR garbage in an amount cell must not end the scan). */
function isValueWord(word: Word, hasUnitColumn: boolean): boolean {
  const text = word.text.trim();
  return !/[A-Za-z]/.test(text) || isAmountSuffix(text) || NOT_PRICED.test(text) || parseAmount(text) !== null || (hasUnitColumn && parseUnit(text) !== null);
}

function intervalDistance(word: Word, column: Column): number {
  return Math.max(0, word.bbox[0] - column.x1, column.x0 - word.bbox[2]);
}

function nearestColumn(word: Word, columns: Column[]): Column {
  const centre = (word.bbox[0] + word.bbox[2]) / 2;
  return columns.reduce((best, column) => {
    const distance = intervalDistance(word, column);
    const bestDistance = intervalDistance(word, best);
    if (distance !== bestDistance) return distance < bestDistance ? column : best;
    return Math.abs(centre - (column.x0 + column.x1) / 2) < Math.abs(centre - (best.x0 + best.x1) / 2) ? column : best;
  });
}

function parseCell<T>(words: Word[], parse: (text: string) => T | null): { value: T; words: Word[] } | null {
  const joined = parse(words.map((word) => word.text).join(''));
  if (joined !== null) return { value: joined, words };
  for (const word of words) {
    const single = parse(word.text);
    if (single !== null) return { value: single, words: [word] };
  }
  return null;
}

function numberCell(words: Word[], parse: (text: string) => ParsedNumber | null): CellValue<number> | null {
  if (words.length > 0 && words.every((word) => isDash(word.text.trim()))) return { value: 0, words, quality: 0.9 };
  const cell = parseCell(words, parse);
  if (!cell) return null;
  return { value: cell.value.value, words: cell.words, quality: cell.value.repaired ? REPAIRED_QUALITY : 1 };
}

/** Units read by OCR are snapped to the known unit they are one letter away from. */
function unitCell(words: Word[]): CellValue<string> | null {
  const cell = parseCell(words, parseUnit);
  if (!cell) return null;
  if (cell.words.every((word) => word.source === 'text')) return { value: cell.value, words: cell.words, quality: 1 };
  const snapped = snapUnit(cell.value);
  return snapped === null ? { value: cell.value, words: cell.words, quality: 0.5 } : { value: snapped, words: cell.words, quality: snapped === cell.value ? 1 : 0.8 };
}

/** Value columns printed left of the description (Qty | Description | Unit Price | Amount) and right of it. */
function valueColumnsBySide(header: TableHeader): { leading: Column[]; trailing: Column[] } {
  const description = header.columns.find((column) => column.kind === 'description');
  const values = header.columns.filter((column) => !TEXT_KINDS.includes(column.kind));
  const leads = (column: Column): boolean => description !== undefined && column.x1 < description.x0;
  return { leading: values.filter(leads), trailing: values.filter((column) => !leads(column)) };
}

/**
 * Value words are taken from the right end of the row while they look like values and sit in the
 * value zone, and from the left end while they sit under a value column printed before the description.
 */
function takeValueWords(row: Row, header: TableHeader): { values: Word[]; rest: Word[] } {
  const { leading, trailing } = valueColumnsBySide(header);
  const hasUnit = header.columns.some((column) => column.kind === 'unit');
  let cut = row.words.length;
  if (trailing.length > 0) {
    const zoneStart = Math.min(...trailing.map((column) => column.x0)) - VALUE_ZONE_LEAD * header.row.height;
    while (cut > 0) {
      const word = row.words[cut - 1];
      if ((word.bbox[0] + word.bbox[2]) / 2 < zoneStart) break;
      // OCR garbles units and quantities into letters; in the value zone they still belong to the values.
      if (word.source === 'text' && !isValueWord(word, hasUnit)) break;
      cut -= 1;
    }
  }
  let lead = 0;
  const item = header.columns.find((column) => column.kind === 'item');
  const leadingEnd = Math.max(...leading.map((column) => column.x1), Number.NEGATIVE_INFINITY) + header.row.height;
  while (lead < cut && leading.length > 0) {
    const word = row.words[lead];
    if (word.bbox[0] > leadingEnd || !isValueWord(word, hasUnit)) break;
    if (item && nearestColumn(word, [item, ...leading]) === item) break;
    lead += 1;
  }
  return { values: [...row.words.slice(0, lead), ...row.words.slice(cut)], rest: row.words.slice(lead, cut) };
}

function assignTextWords(words: Word[], header: TableHeader): Pick<SplitRow, 'item' | 'scope' | 'description'> {
  const find = (kind: ColumnKind): Column | undefined => header.columns.find((column) => column.kind === kind);
  const item = find('item');
  const scope = find('scope');
  const description = find('description');
  const tolerance = 1.5 * header.row.height;
  const result: Pick<SplitRow, 'item' | 'scope' | 'description'> = { item: [], scope: [], description: [] };
  words.forEach((word, index) => {
    const leftOfDescription = !description || word.bbox[2] < description.x0;
    const itemLike = /^\d{1,3}(\.\d{1,3})*[a-z]?\.?$/i.test(word.text) || (description !== undefined && word.bbox[2] < description.x0);
    if (item && index === 0 && itemLike && intervalDistance(word, item) <= tolerance) {
      result.item.push(word);
    } else if (scope && leftOfDescription && intervalDistance(word, scope) <= tolerance && result.description.length === 0) {
      result.scope.push(word);
    } else {
      result.description.push(word);
    }
  });
  return result;
}

/** Cuts a row into the columns of a header. */
export function splitRow(row: Row, header: TableHeader): SplitRow {
  const { values, rest } = takeValueWords(row, header);
  const valueColumns = header.columns.filter((column) => !TEXT_KINDS.includes(column.kind));
  const unitColumns = valueColumns.filter((column) => column.kind === 'unit');
  const numberColumns = valueColumns.filter((column) => column.kind !== 'unit');
  const byKind = new Map<ColumnKind, Word[]>();
  for (const word of values) {
    const alphabetic = /[A-Za-z]/.test(word.text) && parseAmount(word.text) === null;
    const pool = alphabetic && unitColumns.length > 0 ? unitColumns : numberColumns.length > 0 ? numberColumns : valueColumns;
    const column = nearestColumn(word, pool);
    byKind.set(column.kind, [...(byKind.get(column.kind) ?? []), word]);
  }
  const words = (kind: ColumnKind): Word[] => byKind.get(kind) ?? [];
  return {
    row,
    ...assignTextWords(rest, header),
    quantity: numberCell(words('quantity'), parseQuantity),
    unit: unitCell(words('unit')),
    unitCost: numberCell(words('unitCost'), parseAmount),
    material: numberCell(words('material'), parseAmount),
    labor: numberCell(words('labor'), parseAmount),
    total: numberCell(words('total'), parseAmount),
  };
}

export const hasMoney = (split: SplitRow): boolean => split.material !== null || split.labor !== null || split.total !== null;

/** An item row of an itemised table prints its total, or at least two amounts. */
export const hasItemAmounts = (split: SplitRow): boolean =>
  split.total !== null || [split.material, split.labor, split.unitCost].filter((cell) => cell !== null).length >= 2;
