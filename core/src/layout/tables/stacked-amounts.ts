import type { Word } from '../../contracts/document.js';
import { joinWords, median, wordPieces } from '../boxes.js';
import { lookupColumnLabel } from '../lexicon/index.js';
import { cents, parseAmount, parseQuantity, type NumberFormat } from '../numbers.js';
import { rowGap, startsCell, type LayoutRow } from '../rows.js';
import { isKnownUnit } from '../units.js';
import type { Table, TableColumn, TableEntry } from './model.js';
import { headingNumbering, isTitleLike, totalLabelOf } from './rows.js';
import { isAmountWord, stackedBlocks, valueOf, type StackedAmount, type StackedRole } from './stacked-blocks.js';

/**
 * Items printed as blocks with no column header: the item's text at the left and, at its right, its
 * amounts stacked one above the other, each after a small label that names it as a column header
 * would ("Material  221.00" / "Labor  183.00" / "Item total  404.00"). A run of such labelled
 * amounts, one per cost part and the line's amount last, is one item; the text beside and under it
 * is its description, with a line that only gives a measure ("Quantity: 12 LF") read as its
 * quantity and unit.
 */

/** A heading stands this close (row heights) above the first item. */
const ENTRY_REACH = 4;
/** Rows looked at under the last item for the total closing its section. */
const TRAILING_ROWS = 3;
/** A text line runs on under an item's lines within this much of their pitch (top to top). */
const RUN_ON_PITCH = 1.35;
/** An item's code in the gutter ("PL-03", "4.2", "A12"): short, with a digit. */
const ITEM_CODE = /^(?=.*\d)[\p{L}\d][\p{L}\d.\-/]{0,9}$/u;

const GLUED_MEASURE = /^(\d[\d.,]*)(\p{Lu}{1,3})$/u;

/** A line that only gives the item's measure: a label, a number and a unit ("Quantity: 12 LF", "Qty 3 EA"). */
function measureOf(line: Word[], format: NumberFormat): { quantity: Word; unit: Word } | null {
  // A quantity OCR glued to its unit ("1LS") is cut in two.
  const glued = GLUED_MEASURE.exec(line[line.length - 1]?.text ?? '');
  const words = glued && isKnownUnit(glued[2]) ? [...line.slice(0, -1), ...wordPieces(line[line.length - 1], [glued[1], glued[2]])] : line;
  if (words.length < 2 || words.length > 4) return null;
  const [quantity, unit] = words.slice(-2);
  const label = words.slice(0, -2);
  const labelled = label.length === 0 || /:$/.test(label[label.length - 1].text) || lookupColumnLabel(joinWords(label)).some((term) => term.id === 'quantity');
  const value = parseQuantity(quantity.text, format);
  return labelled && value !== null && value.value > 0 && /^\d/.test(quantity.text) && isKnownUnit(unit.text) ? { quantity, unit } : null;
}

interface ItemBlock {
  parts: StackedAmount[];
  rows: LayoutRow[];
}

/** The rows of each item: its labelled rows, and the text lines that run on under them. */
function itemRows(rows: LayoutRow[], blocks: StackedAmount[][], format: NumberFormat, pitch: number): ItemBlock[] {
  const taken = new Set(blocks.flat().map((part) => part.row.index));
  return blocks.map((parts) => {
    const own = parts.map((part) => part.row);
    let last = own[own.length - 1];
    for (let index = last.index + 1; index < rows.length; index += 1) {
      const next = rows[index];
      const runsOn = next.top - last.top <= pitch * RUN_ON_PITCH && !next.words.some((word) => isAmountWord(word.text, format)) && headingNumbering(next.text) !== 'strong';
      if (taken.has(index) || next.furniture || next.page !== last.page || !runsOn) break;
      own.push(next);
      taken.add(index);
      last = next;
    }
    return { parts, rows: own };
  });
}

function column(role: TableColumn['role'], words: Word[]): TableColumn {
  const x0 = words.length > 0 ? median(words.map((word) => word.bbox[0])) : 0;
  const x1 = words.length > 0 ? median(words.map((word) => word.bbox[2])) : 0;
  return { role, alternatives: [], basis: role === 'material' || role === 'labor' || role === 'equipment' ? 'extended' : null, x0, x1, words: [], label: '' };
}

interface ItemCells {
  code: Word | null;
  description: Word[];
  measure: { quantity: Word; unit: Word } | null;
}

/** An item's text (left of its labels) cut into its code in the gutter, its measure line and its description. */
function itemCells(item: ItemBlock, format: NumberFormat): ItemCells {
  const stacked = new Set(item.parts.flatMap((part) => [...part.label, ...part.amount]));
  const lines = item.rows.map((row) => ({ row, words: row.words.filter((word) => !stacked.has(word)) })).filter((line) => line.words.length > 0);
  const first = lines[0];
  const codeLike = first !== undefined && first.words.length > 1 && ITEM_CODE.test(first.words[0].text) && startsCell(first.row, 1);
  // The code stands in a gutter of its own: the lines under it start right of it.
  const code = codeLike && lines.slice(1).every((line) => line.words[0].bbox[0] > first.words[0].bbox[2]) ? first.words[0] : null;
  let measure: ItemCells['measure'] = null;
  const description: Word[] = [];
  for (const line of lines) {
    const words = line.words.filter((word) => word !== code);
    const measured: ItemCells['measure'] = measure === null && line !== first ? measureOf(words, format) : null;
    if (measured) measure = measured;
    else description.push(...words);
  }
  return { code, description, measure };
}

/** A row between items that prints one amount after a total label, or that adds up the items since the section's heading. */
function subtotalOf(row: LayoutRow, format: NumberFormat, sinceHeading: number[]): Word[] | null {
  const amounts = row.words.filter((word) => isAmountWord(word.text, format));
  if (amounts.length !== 1 || amounts[0] !== row.words[row.words.length - 1]) return null;
  const label = row.words.slice(0, -1);
  const value = parseAmount(amounts[0].text, format)!.value;
  const sums = sinceHeading.length > 0 && cents(sinceHeading.reduce((sum, amount) => sum + amount, 0)) === cents(value);
  return label.length > 0 && (totalLabelOf(label, row) !== null || sums) ? label : null;
}

const isHeadingRow = (row: LayoutRow, format: NumberFormat): boolean =>
  !row.furniture && !row.words.some((word) => isAmountWord(word.text, format)) && (headingNumbering(row.text) !== null || isTitleLike(row.words));

/**
 * The table of items printed as blocks with stacked, labelled amounts; null when the document prints
 * too few such blocks, or their labels and amounts are not set one under the other, or their parts
 * do not add up to their amounts.
 */
export function readStackedAmounts(rows: LayoutRow[], format: NumberFormat): Table | null {
  const found = stackedBlocks(rows, format);
  if (!found || found.blocks.length === 0) return null;
  const { blocks, layout } = found;
  const items = itemRows(rows, blocks, format, layout.pitch);
  const cells = items.map((item) => itemCells(item, format));
  const parts = blocks.flat();
  const codes = cells.flatMap((cell) => (cell.code ? [cell.code] : []));
  const measures = cells.flatMap((cell) => (cell.measure ? [cell.measure] : []));
  const amounts = (role: StackedRole): Word[] => parts.filter((part) => part.role === role).flatMap((part) => part.amount.slice(-1));
  const roles: StackedRole[] = ['material', 'labor', 'equipment', 'amount'];
  const columns: TableColumn[] = [
    ...(codes.length * 2 >= items.length ? [column('itemNumber', codes)] : []),
    column('description', cells.map((cell) => cell.description[0]).filter((word) => word !== undefined)),
    ...(measures.length > 0 ? [column('quantity', measures.map((measure) => measure.quantity)), column('unit', measures.map((measure) => measure.unit))] : []),
    ...roles.filter((role) => amounts(role).length > 0).map((role) => column(role, amounts(role))),
  ];
  const at = (role: TableColumn['role']): number => columns.findIndex((own) => own.role === role);
  const entries: TableEntry[] = [];
  let sinceHeading: number[] = [];
  /** Reads a row outside the items as a section's total or heading; false for any other row. */
  const readBetween = (row: LayoutRow, headings: boolean): boolean => {
    if (row.furniture) return false;
    const subtotal = subtotalOf(row, format, sinceHeading);
    if (subtotal) {
      const amount = row.words.slice(subtotal.length);
      entries.push({ kind: 'subtotal', page: row.page, rows: [row], columns, cells: columns.map((_, index) => (index === at('amount') ? amount : [])), label: subtotal });
    } else if (headings && isHeadingRow(row, format)) {
      entries.push({ kind: 'heading', page: row.page, rows: [row], columns, cells: columns.map(() => []), label: row.words });
    } else return false;
    sinceHeading = [];
    return true;
  };
  const first = items[0].rows[0];
  // A heading right above the first item opens the table.
  const above = rows[first.index - 1];
  const start = above && above.page === first.page && rowGap(above, first) <= ENTRY_REACH && isHeadingRow(above, format) ? first.index - 1 : first.index;
  let next = start;
  items.forEach((item, position) => {
    for (let index = next; index < item.rows[0].index; index += 1) readBetween(rows[index], true);
    const read = cells[position];
    const itemCellsByColumn = columns.map((own): Word[] => {
      if (own.role === 'itemNumber') return read.code ? [read.code] : [];
      if (own.role === 'description') return read.code && at('itemNumber') < 0 ? [read.code, ...read.description] : read.description;
      if (own.role === 'quantity') return read.measure ? [read.measure.quantity] : [];
      if (own.role === 'unit') return read.measure ? [read.measure.unit] : [];
      return item.parts.find((part) => part.role === own.role)?.amount ?? [];
    });
    entries.push({ kind: 'item', page: item.rows[0].page, rows: item.rows, columns, cells: itemCellsByColumn, label: [] });
    sinceHeading.push(valueOf(item.parts[item.parts.length - 1], format));
    next = Math.max(...item.rows.map((row) => row.index)) + 1;
  });
  // The total closing the last section, printed under its last item (or over a page break, under the next page's running header).
  let end = next;
  let looked = 0;
  for (let index = next; index < rows.length && looked < TRAILING_ROWS; index += 1) {
    if (rows[index].furniture) continue;
    looked += 1;
    if (readBetween(rows[index], false)) end = index + 1;
    else if (rows[index].words.some((word) => isAmountWord(word.text, format))) break;
  }
  return { header: { rows: [first], columns, inferred: true }, entries, start, end };
}
