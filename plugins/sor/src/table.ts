import type { Word } from '@docsift/core';
import { headingAbove } from './amounts.js';
import { isLabelRow, readHeaderAt, readSectionHeading, type TableHeader } from './header.js';
import { inferHeader, withEarlierColumns, withInferredColumns } from './infer.js';
import { joinWords, type Row } from './layout.js';
import { isRecapRow, isSectionTotalRow } from './recap.js';
import { hasItemAmounts, hasMoney, splitRow, type CellValue, type SplitRow } from './table-row.js';

export interface DraftItem {
  page: number;
  description: Word[];
  quantity: CellValue<number> | null;
  unit: CellValue<string> | null;
  /** Price per unit, where the table prints one: a check on the quantity. */
  unitCost?: CellValue<number> | null;
  material: CellValue<number> | null;
  labor: CellValue<number> | null;
  total: CellValue<number> | null;
}

export interface DraftSection {
  name: string;
  nameWords: Word[];
  page: number;
  items: DraftItem[];
  total: { page: number; material: CellValue<number> | null; labor: CellValue<number> | null; total: CellValue<number> | null } | null;
}

export interface DraftTable {
  sections: DraftSection[];
  /** Index of the first row after the table (where the recap is looked for). */
  end: number;
}

/** A wrapped description line sits closer than this (in row heights) under the line before it. */
const WRAP_GAP = 0.9;
const CONTINUATION_NOTE = /\bcontinued\b|\bcont'd\b|\bcarried forward\b/i;

interface ScanState {
  header: TableHeader;
  /** Name of the section for items printed before any section heading. */
  untitled: { name: string; words: Word[] };
  sections: DraftSection[];
  section: DraftSection | null;
  item: DraftItem | null;
  lastRow: Row | null;
}

function openSection(state: ScanState, name: string, words: Word[], page: number): DraftSection {
  const section: DraftSection = { name, nameWords: words, page, items: [], total: null };
  state.sections.push(section);
  state.section = section;
  state.item = null;
  return section;
}

/**
 * Drops a leading item number ("3.2") that belongs to the current section when no item column
 * caught it; OCR may have lost its dot ("32" before a capitalised description in section 3.0).
 */
function withoutItemNumber(words: Word[], section: DraftSection | null): Word[] {
  const [first, second] = words;
  if (!first || !second) return words;
  const major = section ? /^(\d{1,2})\./.exec(section.name)?.[1] : undefined;
  const number = /^(\d{1,2})\.\d{1,3}[a-z]?\.?$/.exec(first.text);
  if (number && (major === undefined || major === number[1])) return words.slice(1);
  const dotless = first.source === 'ocr' && major !== undefined && new RegExp(`^${major}\\d{1,2}$`).test(first.text) && /^[A-Z]/.test(second.text);
  return dotless ? words.slice(1) : words;
}

/** A section heading row; some layouts print the section's total on it. */
function readHeading(split: SplitRow): ReturnType<typeof readSectionHeading> {
  if (split.quantity || split.unit || isSectionTotalRow(split.row.text)) return null;
  const textWords = [...split.item, ...split.scope, ...split.description];
  return readSectionHeading(joinWords(textWords));
}

function handleHeading(state: ScanState, split: SplitRow, heading: NonNullable<ReturnType<typeof readSectionHeading>>): void {
  const current = state.section;
  const sameSection = current !== null && readSectionHeading(current.name)?.number === heading.number;
  if (sameSection && (heading.continued || heading.name === current.name)) {
    state.item = null;
    return;
  }
  const textWords = [...split.item, ...split.scope, ...split.description];
  const section = openSection(state, heading.name, textWords, split.row.page);
  if (hasMoney(split)) section.total = { page: split.row.page, material: split.material, labor: split.labor, total: split.total };
}

function handleAmounts(state: ScanState, split: SplitRow): void {
  const row = split.row;
  if (isSectionTotalRow(row.text)) {
    if (state.section) state.section.total = { page: row.page, material: split.material, labor: split.labor, total: split.total };
    state.item = null;
    return;
  }
  const section = state.section ?? openSection(state, state.untitled.name, state.untitled.words, row.page);
  const item: DraftItem = {
    page: row.page,
    description: withoutItemNumber(split.description, section),
    quantity: split.quantity,
    unit: split.unit,
    unitCost: split.unitCost,
    material: split.material,
    labor: split.labor,
    total: split.total,
  };
  section.items.push(item);
  state.item = item;
}

function isWrappedLine(state: ScanState, split: SplitRow): boolean {
  const previous = state.lastRow;
  const item = state.item;
  if (!item || !previous || previous.page !== split.row.page) return false;
  if (split.description.length === 0 || split.item.length > 0 || CONTINUATION_NOTE.test(split.row.text)) return false;
  if (split.row.top - previous.bottom > WRAP_GAP * split.row.height) return false;
  const descriptionColumn = state.header.columns.find((column) => column.kind === 'description');
  return !descriptionColumn || split.description[0].bbox[0] >= descriptionColumn.x0 - 2 * split.row.height;
}

function scanRow(state: ScanState, split: SplitRow): void {
  const row = split.row;
  const heading = readHeading(split);
  if (heading) handleHeading(state, split, heading);
  else if (hasItemAmounts(split)) handleAmounts(state, split);
  else if (isWrappedLine(state, split)) state.item!.description.push(...split.description);
  else if (split.description.length > 0) state.item = null;
  state.lastRow = row;
}

/** A section heading printed just above the first header row belongs to the table. */
function headingStart(rows: Row[], index: number): number {
  const above = rows[index - 1];
  return above && readSectionHeading(above.text) ? index - 1 : index;
}

/** An item row under the header's columns: a quantity or unit and at least two amounts. */
function looksLikeItem(split: SplitRow): boolean {
  const amounts = [split.material, split.labor, split.total].filter((cell) => cell !== null).length;
  return amounts >= 2 && (split.quantity !== null || split.unit !== null);
}

/** A section heading one row above the first item, or two when the item's first line wraps above its amounts. */
function startAt(rows: Row[], firstItem: number): number {
  const start = headingStart(rows, firstItem);
  return start === firstItem && firstItem >= 2 && readSectionHeading(rows[firstItem - 2].text) ? firstItem - 2 : start;
}

/**
 * Where the table begins. OCR can lose a header row (white on a dark band), so item rows above
 * the first header that read right under its columns start the table there.
 */
function tableStart(rows: Row[], headerIndex: number, header: TableHeader): number {
  const firstItem = rows.slice(0, headerIndex).findIndex((row) => !row.furniture && looksLikeItem(splitRow(row, header)));
  return firstItem < 0 ? headingStart(rows, headerIndex) : startAt(rows, firstItem);
}

/**
 * Reads an itemised table from `start` with the given columns: headers repeated on later pages
 * re-derive the columns, section headings open sections, wrapped description lines join the item
 * above, and the recap ends the table.
 */
function scanTable(rows: Row[], header: TableHeader, start: number, untitled: ScanState['untitled']): DraftTable {
  const inferred = inferHeader(rows)?.header ?? null;
  const state: ScanState = { header: withInferredColumns(header, inferred), untitled, sections: [], section: null, item: null, lastRow: null };
  let index = start;
  for (; index < rows.length; index += 1) {
    const row = rows[index];
    const found = readHeaderAt(rows, index);
    if (found) {
      state.header = withInferredColumns(withEarlierColumns(found.header, state.header), inferred);
      state.item = null;
      index += found.rowCount - 1;
      state.lastRow = rows[index];
      continue;
    }
    if (row.furniture || isLabelRow(row)) continue;
    const split = splitRow(row, state.header);
    if (!looksLikeItem(split) && isRecapRow(row)) break;
    scanRow(state, split);
  }
  return { sections: state.sections, end: index };
}

/**
 * Reads an itemised table (quantity / material / labor columns) from its first header row, or from
 * item rows above it whose own header was lost (their columns inferred from them: a scanned page
 * can sit a little off the next page's header).
 */
export function readItemisedTable(rows: Row[], headerIndex: number): DraftTable {
  const first = readHeaderAt(rows, headerIndex)!.header;
  const untitled = headingAbove(rows, headerIndex);
  const earlier = inferHeader(rows.slice(0, headerIndex));
  if (earlier) return scanTable(rows, earlier.header, startAt(rows, earlier.firstIndex), untitled);
  return scanTable(rows, first, tableStart(rows, headerIndex, first), untitled);
}

/** Reads an itemised table whose header row is missing, with columns inferred from its rows. */
export function readHeaderlessTable(rows: Row[], header: TableHeader, firstItem: number): DraftTable {
  return scanTable(rows, header, startAt(rows, firstItem), { name: '', words: [] });
}

export function findHeader(rows: Row[]): number {
  return rows.findIndex((_, index) => readHeaderAt(rows, index) !== null);
}
