import type { Word } from '@docsift/core';
import type { Column, ColumnKind, TableHeader } from './header.js';
import type { Row } from './layout.js';
import { parseAmount, parseQuantity, parseUnit } from './parse.js';

/**
 * Columns of an itemised table whose header row is missing (OCR loses headers printed white on a
 * dark band): rows ending in three amounts where the first two add up to the third are read as
 * material | labor | total, with a unit and a quantity before them when present.
 */

interface Sample {
  row: Row;
  roles: Partial<Record<ColumnKind, Word>>;
  first: Word;
}

const MIN_SAMPLES = 3;
const ITEM_NUMBER = /^\d{1,3}(\.\d{1,3})+\.?$/;

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function sampleOf(row: Row): Sample | null {
  const words = row.words;
  if (words.length < 4) return null;
  const [material, labor, total] = words.slice(-3);
  const amounts = [material, labor, total].map((word) => parseAmount(word.text));
  if (amounts.some((amount) => amount === null) || !amounts.some((amount) => amount!.moneyLike)) return null;
  const [a, b, c] = amounts.map((amount) => amount!.value);
  if (Math.round((a + b) * 100) !== Math.round(c * 100)) return null;
  const roles: Sample['roles'] = { material, labor, total };
  let index = words.length - 4;
  if (index > 0 && parseUnit(words[index].text)) roles.unit = words[index--];
  if (index > 0 && parseQuantity(words[index].text)) roles.quantity = words[index];
  return { row, roles, first: words[0] };
}

function columnOf(kind: ColumnKind, words: Word[]): Column {
  return { kind, x0: median(words.map((word) => word.bbox[0])), x1: median(words.map((word) => word.bbox[2])) };
}

/** The inferred header and the index of the first row that fits it; null when too few rows fit. */
export function inferHeader(rows: Row[]): { header: TableHeader; firstIndex: number } | null {
  const samples = rows.filter((row) => !row.furniture).flatMap((row) => sampleOf(row) ?? []);
  if (samples.length < MIN_SAMPLES) return null;
  const columns: Column[] = [];
  for (const kind of ['quantity', 'unit', 'material', 'labor', 'total'] as const) {
    const words = samples.flatMap((sample) => sample.roles[kind] ?? []);
    if (words.length * 3 >= samples.length) columns.push(columnOf(kind, words));
  }
  const numbered = samples.filter((sample) => ITEM_NUMBER.test(sample.first.text));
  if (numbered.length * 2 >= samples.length) columns.push(columnOf('item', numbered.map((sample) => sample.first)));
  const descriptionStarts = samples.map((sample) => sample.row.words[ITEM_NUMBER.test(sample.first.text) ? 1 : 0]);
  const description = columnOf('description', descriptionStarts);
  columns.push({ ...description, x1: description.x0 });
  return { header: { row: samples[0].row, columns: columns.sort((a, b) => a.x0 - b.x0) }, firstIndex: samples[0].row.index };
}

/** Quantity and unit columns a header row lost to OCR, taken from the inferred columns when they fit between its own. */
export function withInferredColumns(header: TableHeader, inferred: TableHeader | null): TableHeader {
  if (!inferred) return header;
  const added = inferred.columns.filter(
    (column) =>
      (column.kind === 'quantity' || column.kind === 'unit') &&
      !header.columns.some((own) => own.kind === column.kind || (own.x0 <= column.x1 && column.x0 <= own.x1)),
  );
  return added.length === 0 ? header : { ...header, columns: [...header.columns, ...added].sort((a, b) => a.x0 - b.x0) };
}

/**
 * A header read by OCR that lost some labels keeps the columns the previous header had there
 * (tables of one document share their columns); text-layer headers are taken as printed.
 */
export function withEarlierColumns(header: TableHeader, earlier: TableHeader): TableHeader {
  if (header.row.words.every((word) => word.source === 'text')) return header;
  const added = earlier.columns.filter(
    (column) => !header.columns.some((own) => own.kind === column.kind || (own.x0 <= column.x1 && column.x0 <= own.x1)),
  );
  return added.length === 0 ? header : { ...header, columns: [...header.columns, ...added].sort((a, b) => a.x0 - b.x0) };
}
