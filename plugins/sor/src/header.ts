import { gapBefore, type Row } from './layout.js';
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
  ['item', ['item', 'no.', 'item no.', 'item #', '#', 'line', 'ref']],
  ['scope', ['scope', 'trade', 'category', 'division', 'phase']],
  [
    'description',
    ['description', 'item description', 'work description', 'description of work', 'scope of work', 'work item', 'repair item', 'task', 'details'],
  ],
  ['quantity', ['qty', 'qty.', 'quantity', 'quan', 'qnty']],
  ['unit', ['unit', 'units', 'uom', 'u/m', 'measure']],
  ['unitCost', ['unit cost', 'unit price', 'unit rate', 'rate', 'price each', 'cost each', 'each']],
  ['material', ['material', 'materials', 'matl', "mat'l", 'material cost', 'materials cost']],
  ['labor', ['labor', 'labour', 'labor cost', 'labour cost']],
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

/** Reads a row as a table header; null when it is not one. */
export function readHeader(row: Row): TableHeader | null {
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
  const kinds = new Set(columns.map((column) => column.kind));
  const hasText = kinds.has('description') || kinds.has('scope');
  const moneyColumns = MONEY_KINDS.filter((kind) => kinds.has(kind)).length;
  if (!hasText || moneyColumns === 0 || columns.length < 2 || labelled / row.words.length < MIN_LABELLED_SHARE) return null;
  return { row, columns: columns.sort((a, b) => a.x0 - b.x0) };
}

/** True when the row spells a section number and name ("3.0 Foundation & Masonry", "Section 3 - Roofing"). */
export function readSectionHeading(text: string): { number: string | null; name: string; continued: boolean } | null {
  const continued = /\(?\s*(cont(inued|'d|\.)?)\s*\)?\s*$/i.test(text) || /[—–-]\s*cont(inued)?\b/i.test(text);
  const cleaned = text
    .replace(/\s*[—–-]?\s*\(?\s*cont(inued|'d|\.)?\s*\)?\s*$/i, '')
    .replace(/\s+/g, ' ')
    .trim();
  const match =
    /^(\d{1,2}\.0{1,2})\s*[.:—–-]?\s+([A-Za-z&].*)$/.exec(cleaned) ??
    /^(?:section|division|div\.?)\s*(\d{1,2}(?:\.0{1,2})?)\s*[.:—–-]?\s+([A-Za-z&].*)$/i.exec(cleaned);
  if (!match) return null;
  if (!/^[A-Za-z&][A-Za-z&,/()'\s-]*$/.test(match[2])) return null;
  const number = match[1].includes('.') ? match[1] : `${match[1]}.0`;
  return { number, name: `${number} ${match[2].trim()}`, continued };
}
