import type { Word } from '@docsift/core';
import { cellsOf, gapBefore, mergeRows, type Row } from './layout.js';
import { PhraseSet } from './phrases.js';

export type ColumnKind = 'item' | 'scope' | 'description' | 'quantity' | 'unit' | 'unitCost' | 'material' | 'labor' | 'total';

export interface Column {
  kind: ColumnKind;
  x0: number;
  x1: number;
}

/** A table header row and the columns it defines. */
export interface TableHeader {
  row: Row;
  columns: Column[];
}

/** Header labels in the words different layouts use; multi-word labels are tried first. */
const HEADER_LABELS: Array<[ColumnKind, string[]]> = [
  ['item', ['item', 'no.', 'item no.', 'item #', '#', 'ref']],
  ['scope', ['scope', 'trade', 'category', 'division', 'phase']],
  [
    'description',
    ['description', 'item description', 'work description', 'description of work', 'scope of work', 'work item', 'repair item', 'task', 'details'],
  ],
  ['quantity', ['qty', 'qty.', 'quantity', 'quan', 'qnty', 'qty/units']],
  ['unit', ['unit', 'units', 'uom', 'u/m', 'measure']],
  ['unitCost', ['unit cost', 'unit price', 'unit rate', 'rate', 'price each', 'cost each', 'each']],
  ['material', ['material', 'materials', 'mat', 'matl', "mat'l", 'material cost', 'materials cost', 'mat cost']],
  ['labor', ['labor', 'labour', 'lab', 'labor cost', 'labour cost', 'installation', 'install']],
  ['total', ['total', 'amount', 'line total', 'total cost', 'total price', 'price', 'extended', 'ext. price', 'cost', 'item total', 'bid amount']],
];

const LABELS = new PhraseSet(HEADER_LABELS);

const MONEY_KINDS: ColumnKind[] = ['material', 'labor', 'total'];
/** A header row is mostly labels; a sentence that happens to say "material and labor" is not. */
const MIN_LABELLED_SHARE = 0.7;

function labelAt(row: Row, start: number): { kind: ColumnKind; end: number } | null {
  const match = LABELS.at(row, start);
  return match ? { kind: match.value, end: match.end } : null;
}

function scanLabels(row: Row): { columns: Column[]; share: number } {
  const columns: Column[] = [];
  let labelled = 0;
  let index = 0;
  while (index < row.words.length) {
    const label = gapBefore(row, index) > 0.6 || index === 0 ? labelAt(row, index) : null;
    if (!label) {
      index += 1;
      continue;
    }
    const words = row.words.slice(index, label.end);
    if (!columns.some((column) => column.kind === label.kind)) {
      columns.push({ kind: label.kind, x0: words[0].bbox[0], x1: words[words.length - 1].bbox[2] });
    }
    labelled += words.length;
    index = label.end;
  }
  // A cell that starts with a label counts whole ("Description of Repair").
  const cells = cellsOf(row, CELL_GAP);
  const labelledCells = cells.filter((cell) => cellStartsWithLabel(row, cell)).length;
  const share = row.words.length === 0 ? 0 : Math.max(labelled / row.words.length, labelledCells / cells.length);
  return { columns, share };
}

const CELL_GAP = 1.2;

function cellStartsWithLabel(row: Row, cell: Word[]): boolean {
  return labelAt(row, row.words.indexOf(cell[0])) !== null;
}

/** A row of column labels that is no complete header (OCR lost some of them): no data, no recap. */
export function isLabelRow(row: Row): boolean {
  const { columns, share } = scanLabels(row);
  return columns.length >= 2 && share >= MIN_LABELLED_SHARE;
}

/** Reads a row as a table header; null when it is not one. */
export function readHeader(row: Row): TableHeader | null {
  const { columns, share } = scanLabels(row);
  const kinds = new Set(columns.map((column) => column.kind));
  const hasText = kinds.has('description') || kinds.has('scope');
  const moneyColumns = MONEY_KINDS.filter((kind) => kinds.has(kind)).length;
  if (!hasText || moneyColumns === 0 || columns.length < 2 || share < MIN_LABELLED_SHARE) return null;
  return { row, columns: columns.sort((a, b) => a.x0 - b.x0) };
}

/** The header starting at `index`: one row, or two stacked rows of labels ("Material" over "Cost"). */
export function readHeaderAt(rows: Row[], index: number): { header: TableHeader; rowCount: number } | null {
  const row = rows[index];
  const single = readHeader(row);
  const next = rows[index + 1];
  const stacked =
    next !== undefined &&
    next.page === row.page &&
    next.top - row.bottom <= 0.6 * row.height &&
    scanLabels(row).share >= MIN_LABELLED_SHARE &&
    scanLabels(next).share >= MIN_LABELLED_SHARE &&
    readHeader(next) === null;
  const merged = stacked ? readHeader(mergeRows(row, next)) : null;
  if (merged) return { header: merged, rowCount: 2 };
  return single ? { header: single, rowCount: 1 } : null;
}

/** True when the row spells a section number and name ("3.0 Foundation & Masonry", "Section 3 - Roofing"). */
export function readSectionHeading(text: string): { number: string | null; name: string; continued: boolean } | null {
  const continued = /\(?\s*(cont(inued|'d|\.)?)\s*\)?\s*$/i.test(text) || /[—–-]\s*cont(inued)?\b/i.test(text);
  const cleaned = text
    .replace(/\s*[—–-]?\s*\(?\s*cont(inued|'d|\.)?\s*\)?\s*$/i, '')
    .replace(/\s+/g, ' ')
    .trim();
  const match =
    /^(\d{1,2}\.0{1,2}|\d{1,2}\.(?=\s+[A-Z]))\s*[.:—–-]?\s+([A-Za-z&].*)$/.exec(cleaned) ??
    /^(?:section|division|div\.?)\s*(\d{1,2}(?:\.0{1,2})?)\s*[.:—–-]?\s+([A-Za-z&].*)$/i.exec(cleaned);
  if (!match) return null;
  if (!/^[A-Za-z&][A-Za-z&,/()'\s-]*$/.test(match[2])) return null;
  const number = /^\d+\.\d/.test(match[1]) ? match[1] : `${match[1].replace(/\.$/, '')}.0`;
  const printed = /^\d/.test(cleaned) ? `${match[1]} ${match[2].trim()}` : cleaned;
  return { number, name: printed, continued };
}
