import type { Word } from '../../contracts/document.js';
import { joinWords } from '../boxes.js';
import type { ColumnRole } from '../lexicon/index.js';
import type { PhraseMatch } from '../phrases.js';
import { readByOcr, rowGap, startsCell, type LayoutRow } from '../rows.js';
import { foldWord } from '../text.js';
import { COST_ROLES, TEXT_ROLES, TIMES_SIGN, VALUE_ROLES, type AmountBasis, type TableColumn, type TableHeader } from './model.js';
import { columnLabels, extent, headerUnit, readingOrder, type HeaderCell } from './header-cells.js';
import { stackCells } from './header-stack.js';
import { withoutTimeline, withTimelineColumn } from './timeline.js';

export { columnLabels } from './header-cells.js';

/** A header row is mostly labels: a sentence that happens to say "material and labor" is not one. */
const MIN_LABELLED_SHARE = 0.7;
/** Four labels of distinct columns make a header even beside a few words OCR could not read ("a  hem  Description  Labor  Mat'l  Total"). */
const MANY_ROLES = 4;
/** Words that join the words of a label in the lexicon's languages. */
const LABEL_GLUE = /^(of|the|and|&|\/|per|de|du|des|la|le|et|del|y|der|die|das|und|van|het|en)$/i;
const MIN_LABELLED_SHARE_MANY_ROLES = 0.6;
/** ...or, with a text column among them, at least this share of its cells labelled, each cell its own label. */
const MIN_LABELLED_CELLS = 0.5;
/** Stacked header lines sit closer than this (in row heights): a label wrapped at a leading of 1.3 sets its lines about 0.85 apart. */
const STACK_GAP = 0.9;
const UNIT_BASIS_WORDS = new Set(['unit', 'units', 'each', 'ea', 'rate', 'per', 'pu', 'up', 'u/p', '/unit', 'unitario', 'unitaire', 'einzel', 'stuk']);
const EXTENDED_BASIS_WORDS = new Set(['total', 'ext', 'extended', 'amount', 'amt', 'line', 'sum']);

/** A phrase that says one basis: "Unit Cost" a rate, "Amount" the extension; "Cost" may be either ("MATL COST"). */
const says = (phrase: PhraseMatch<ColumnRole>, role: ColumnRole, other: ColumnRole): boolean => phrase.value === role && !phrase.values.includes(other);

function basisOf(words: Word[], phrases: Array<PhraseMatch<ColumnRole>>): AmountBasis | null {
  const folded = words.map((word) => foldWord(word.text));
  const perUnit = words.some((word) => /\/(unit|ea|each)\.?$/i.test(word.text));
  if (perUnit || phrases.some((phrase) => says(phrase, 'unitPrice', 'amount')) || folded.some((word) => UNIT_BASIS_WORDS.has(word))) return 'unit';
  if (phrases.some((phrase) => says(phrase, 'amount', 'unitPrice')) || folded.some((word) => EXTENDED_BASIS_WORDS.has(word))) return 'extended';
  return null;
}

function column(roles: ColumnRole[], words: Word[], basis: AmountBasis | null = null): TableColumn {
  const [x0, x1] = extent(words);
  const unit = headerUnit(words, roles);
  if (unit) return { role: 'quantity', alternatives: [], basis, x0, x1, words, label: joinWords(words), unit };
  return { role: roles[0] ?? null, alternatives: roles.slice(1), basis, x0, x1, words, label: joinWords(words) };
}

/**
 * The columns a header cell defines: one, with a role read from its phrases ("Material Unit Price"
 * is material at a unit basis, "Qty/UOM" a quantity), or several when one cell holds labels of
 * different columns set close together ("Unit Price Taxes").
 */
interface CellRead {
  columns: TableColumn[];
  /** The words that belong to a label phrase. */
  covered: Set<Word>;
}

/** Words inside brackets: a note on the label ("Total (Labor + Materials)"), not labels of their own. */
function bracketed(words: Word[]): Set<Word> {
  const inside = new Set<Word>();
  let depth = 0;
  for (const word of words) {
    if (word.text.startsWith('(')) depth += 1;
    if (depth > 0) inside.add(word);
    if (word.text.endsWith(')')) depth = Math.max(0, depth - 1);
  }
  return inside;
}

/**
 * A column under a part's group label is that part's: "Unit Cost" under "Material" is the material
 * rate ("Unit" too), "Extended" under it the material amount; a count under the labor group is its hours;
 * a quantity or tax column keeps its own role otherwise.
 */
function qualified(read: CellRead, group: Word[]): CellRead {
  if (group.length === 0) return read;
  const covered = new Set([...read.covered, ...group]);
  const part = columnLabels()
    .findAllInSequence(readingOrder(group))
    .flatMap((phrase) => phrase.values)
    .find((role) => COST_ROLES.has(role));
  if (!part) return { columns: read.columns.map((own) => withGroupBasis(own, group)), covered };
  if (read.columns.length !== 1) return { columns: read.columns, covered };
  const [own] = read.columns;
  const roles = own.role === null ? [] : [own.role, ...own.alternatives];
  // A count under the labor group is the line's hours ("Labor": "Hours | Rate | Amount"), not its quantity.
  if (part === 'labor' && (own.role === 'quantity' || own.role === 'laborHours')) return { columns: [{ ...own, role: 'laborHours', alternatives: [], label: `${joinWords(readingOrder(group))} ${own.label}` }], covered };
  // "Unit" under a part's label is its rate per unit, not a unit of measure.
  if (roles.length > 0 && !roles.some((role) => role === 'unitPrice' || role === 'amount' || role === 'unit')) return { columns: read.columns, covered };
  const phrases = columnLabels().findAllInSequence(readingOrder(own.words));
  const basis = own.role === null ? null : (basisOf(own.words, phrases) ?? (own.role === 'amount' ? 'extended' : 'unit'));
  return { columns: [{ ...own, role: part, alternatives: [], basis, label: `${joinWords(readingOrder(group))} ${own.label}` }], covered };
}

/** A part's column under a label saying a basis ("PRECIO UNITARIO" over "Material"): the part at that basis. */
function withGroupBasis(own: TableColumn, group: Word[]): TableColumn {
  if (own.role === null || !COST_ROLES.has(own.role)) return own;
  const basis = basisOf(group, columnLabels().findAllInSequence(readingOrder(group)));
  return basis === null ? own : { ...own, basis, label: `${joinWords(readingOrder(group))} ${own.label}` };
}

function columnsOfCell(cell: HeaderCell): CellRead {
  return qualified(readCell(cell), cell.group);
}

function readCell(cell: HeaderCell): CellRead {
  const ordered = readingOrder(cell.words);
  const found = columnLabels().findAllInSequence(ordered);
  const note = bracketed(ordered);
  const outside = found.filter((phrase) => ordered.slice(phrase.start, phrase.end).some((word) => !note.has(word)));
  const phrases = outside.length > 0 ? outside : found;
  // The note belongs to the label it follows: its words count as label words.
  const noted = outside.length > 0 ? [...note] : [];
  const covered = new Set([...phrases.flatMap((phrase) => ordered.slice(phrase.start, phrase.end)), ...noted]);
  if (phrases.length === 0) return { columns: [column([], cell.words)], covered };
  const roles = new Set(phrases.flatMap((phrase) => phrase.values));
  const cost = [...roles].filter((role) => COST_ROLES.has(role));
  if (cost.length === 1) return { columns: [column(cost, cell.words, basisOf(cell.words, phrases))], covered: new Set(cell.words) };
  if (phrases.length === 1) return { columns: [column(phrases[0].values, cell.words)], covered };
  // "Qty/UOM" in one word is a quantity with its unit; "Qty  Unit" set close together are two columns.
  if (roles.size === 2 && roles.has('quantity') && roles.has('unit') && cell.words.length === 1) return { columns: [column(['quantity'], cell.words)], covered };
  // Phrases that can all mean one role make one label ("Item" + "Code": an item number).
  const shared = phrases.reduce<ColumnRole[]>((common, phrase) => common.filter((role) => phrase.values.includes(role)), phrases[0].values);
  if (shared.length > 0) return { columns: [column(shared, cell.words)], covered };
  // "Quantity @ Unit Price", "Qty x Rate": one column whose cells write the quantity, its unit and the price together ("12 LF @ $45.00").
  if (quantityAtPrice(ordered, phrases)) return { columns: [column(['quantity'], cell.words)], covered: new Set(cell.words) };
  // Labels of several columns in one cell: each phrase with the unlabelled words after it.
  const columns = phrases.map((phrase, index) => column(phrase.values, ordered.slice(index === 0 ? 0 : phrase.start, phrases[index + 1]?.start ?? ordered.length)));
  return { columns, covered };
}

/** A quantity's label, a times sign and a unit price's label, nothing else: one cell's label. */
function quantityAtPrice(ordered: Word[], phrases: Array<PhraseMatch<ColumnRole>>): boolean {
  if (phrases.length !== 2 || !phrases[0].values.includes('quantity') || !phrases[1].values.includes('unitPrice')) return false;
  // The matcher may take the sign as the first label's last word ("Quantity @").
  const between = ordered.slice(phrases[0].start, phrases[1].start).filter((word) => TIMES_SIGN.test(word.text));
  return phrases[0].start === 0 && phrases[1].end === ordered.length && between.length === 1 && phrases[1].start - phrases[0].end <= 1;
}

/** Which of two roles an ambiguous header takes when the other is already a column's ("Prix HT" beside "Prix unitaire"). */
const PAIRED: Array<[ColumnRole, ColumnRole]> = [
  ['unitPrice', 'amount'],
  ['quantity', 'unit'],
  ['itemNumber', 'description'],
  ['amount', 'grossAmount'],
  ['material', 'equipment'],
];

/**
 * A part printed both per unit and extended ("Material": "Unit Cost" | "Extended"): the extended
 * column is the part's amount; the rate column keeps the part only as an alternative.
 */
function settleRatesBesideAmounts(columns: TableColumn[]): TableColumn[] {
  for (const part of COST_ROLES) {
    // Beside the part's rate, the part's one column that does not say its basis is its extension ("Mat Rate" | "Material").
    const unsaid = columns.filter((entry) => entry.role === part && entry.basis === null);
    if (unsaid.length === 1 && columns.some((entry) => entry.role === part && entry.basis === 'unit')) unsaid[0].basis = 'extended';
    if (!columns.some((entry) => entry.role === part && entry.basis === 'extended')) continue;
    for (const entry of columns) {
      if (entry.role === part && entry.basis === 'unit') [entry.role, entry.alternatives] = [null, [part]];
    }
  }
  return columns;
}

/**
 * Gives each column one role: a header with several meanings takes one no other column has; of a
 * unit price and an amount both unclaimed, the right-most column is the amount.
 */
function settleRoles(columns: TableColumn[]): TableColumn[] {
  const taken = (role: ColumnRole, except: TableColumn): boolean => columns.some((other) => other !== except && other.role === role && other.alternatives.length === 0);
  for (const entry of columns) {
    if (entry.role === null || entry.alternatives.length === 0) continue;
    const options = [entry.role, ...entry.alternatives];
    const free = options.filter((role) => !taken(role, entry));
    if (free.length === 1 || (free.length > 0 && free.length < options.length)) {
      entry.alternatives = options.filter((role) => role !== free[0]);
      entry.role = free[0];
    }
  }
  for (const [first, second] of PAIRED) {
    const both = columns.filter((entry) => entry.role === first && entry.alternatives.includes(second));
    if (both.length >= 2) {
      const last = both[both.length - 1];
      last.role = second;
      last.alternatives = [first];
    }
  }
  // A second item-number column ("Item | H&S | Code | Description") is a mark or code printed aside, not the line's number.
  const numbers = columns.filter((entry) => entry.role === 'itemNumber');
  for (const extra of numbers.slice(1)) [extra.role, extra.alternatives] = [null, ['itemNumber', ...extra.alternatives]];
  // A unit price needs a quantity: with none, a lone "Cost" or "Price" column is the line's amount.
  const amounts = columns.filter((entry) => entry.role === 'amount' || entry.role === 'grossAmount');
  if (!columns.some((entry) => entry.role === 'quantity') && amounts.length === 0) {
    const prices = columns.filter((entry) => entry.role === 'unitPrice' && entry.alternatives.includes('amount'));
    if (prices.length === 1) [prices[0].role, prices[0].alternatives] = ['amount', ['unitPrice']];
  }
  return columns;
}

export interface HeaderRead {
  header: TableHeader;
  /** How many rows the header spans. */
  rowCount: number;
}

/** A row holding amounts or long numbers: data, never a header (a header row is all labels). */
export function hasValueWords(row: LayoutRow): boolean {
  return row.words.some((word) => /\d[.,]\d|\d{3,}|[$€£]\s*\d/.test(word.text));
}

/**
 * An item-number column with no description or scope column beside it: the description's header
 * was lost (OCR) or never printed, and the descriptions start right after the item numbers.
 */
function withDescriptionColumn(columns: TableColumn[], ocr: boolean): TableColumn[] {
  const item = columns.findIndex((entry) => entry.role === 'itemNumber');
  if (columns.some((entry) => entry.role === 'description' || entry.role === 'scope')) return columns;
  if (item < 0) return inWidestGap(columns, ocr);
  // A lone "Item" or "Activity" column names the line: it is the description.
  if (columns[item].alternatives.includes('description')) {
    return columns.map((entry, index) => (index === item ? { ...entry, role: 'description', alternatives: ['itemNumber'] } : entry));
  }
  const x0 = columns[item].x1 + 1e-3;
  // The rest of a description label OCR lost part of ("of Work") stands over the descriptions.
  const rest = columns[item + 1]?.role === null ? columns[item + 1] : null;
  const description: TableColumn = rest ? { ...rest, role: 'description', x0 } : { role: 'description', alternatives: [], basis: null, x0, x1: x0, words: [], label: '' };
  return [...columns.slice(0, item + 1), description, ...columns.slice(item + (rest ? 2 : 1))];
}

/** The page width between two labelled columns that only a lost label explains (`QUAN.  UNIT` … `UNIT PRICE`). */
const LOST_LABEL_GAP = 0.25;

/**
 * No text column at all: the descriptions stand in the widest gap between the labels, where OCR
 * lost theirs, or, read by OCR with no such gap, left of the first label when that leaves as much
 * page (`Qty  Unit  Material  Labor  Total` over the right half of the page, `Description` lost).
 */
function inWidestGap(columns: TableColumn[], ocr: boolean): TableColumn[] {
  let widest = -1;
  for (let index = 0; index + 1 < columns.length; index += 1) {
    const gap = columns[index + 1].x0 - columns[index].x1;
    if (gap >= LOST_LABEL_GAP && (widest < 0 || gap > columns[widest + 1].x0 - columns[widest].x1)) widest = index;
  }
  if (widest < 0 && ocr && columns.length > 0 && columns[0].x0 >= LOST_LABEL_GAP) {
    return [{ role: 'description', alternatives: [], basis: null, x0: 0, x1: 0, words: [], label: '' }, ...columns];
  }
  if (widest < 0) return columns;
  const x0 = columns[widest].x1 + 1e-3;
  const description: TableColumn = { role: 'description', alternatives: [], basis: null, x0, x1: x0, words: [], label: '' };
  return [...columns.slice(0, widest + 1), description, ...columns.slice(widest + 1)];
}

/** Whether two text columns read from one cell stand over each other. */
function textColumnsOverlap(columns: TableColumn[]): boolean {
  const text = columns.filter((column) => column.role !== null && TEXT_ROLES.has(column.role));
  return text.some((column, index) => text.slice(index + 1).some((other) => Math.min(column.x1, other.x1) - Math.max(column.x0, other.x0) > 0));
}

/** Reads rows as one header; null when they are not one. */
function headerOf(printed: LayoutRow[]): { header: TableHeader; share: number; extraCovered: boolean } | null {
  const rows = withoutTimeline(printed);
  // A time scale's caption or periods stand over or under the labels, never between two rows of them.
  const labelled = rows.map((row) => row.words.length > 0);
  if (labelled.slice(labelled.indexOf(true), labelled.lastIndexOf(true)).includes(false)) return null;
  if (rows.some(hasValueWords)) return null;
  const read = stackCells(rows).map(columnsOfCell);
  // Labels of two text columns one over the other are no stacked label: a title over the header ("Laundry Room" over "Description").
  if (rows.length > 1 && read.some((cell) => textColumnsOverlap(cell.columns))) return null;
  const columns = settleRatesBesideAmounts(settleRoles(read.flatMap((entry) => entry.columns)));
  const covered = new Set(read.flatMap((entry) => [...entry.covered]));
  // A joining word opening a cell is what is left of a label OCR lost the start of ("of Work" of "Description of Work"): it says nothing either way.
  const remnant = (row: LayoutRow, index: number): boolean => !covered.has(row.words[index]) && startsCell(row, index) && LABEL_GLUE.test(row.words[index].text);
  const words = rows.reduce((sum, row) => sum + row.words.filter((_, index) => !remnant(row, index)).length, 0);
  const share = words === 0 ? 0 : covered.size / words;
  const roles = columns.filter((entry) => entry.role !== null).map((entry) => entry.role!);
  const distinct = new Set(roles);
  const hasValue = roles.some((role) => VALUE_ROLES.has(role));
  const hasText = roles.some((role) => TEXT_ROLES.has(role));
  // Columns of names no lexicon holds ("Apt. A", "Common Areas") beside many known ones: most cells are still labels.
  const labelledCells = read.filter((cell) => cell.columns.some((entry) => entry.role !== null)).length;
  const manyCells = distinct.size >= MANY_ROLES && hasText && labelledCells >= MANY_ROLES && labelledCells >= read.length * MIN_LABELLED_CELLS;
  const minShare = distinct.size >= MANY_ROLES ? MIN_LABELLED_SHARE_MANY_ROLES : MIN_LABELLED_SHARE;
  if (distinct.size < 2 || !hasValue || (!hasText && distinct.size < 3) || (share < minShare && !manyCells)) return null;
  // Every stacked line must be mostly label words (so a section name above the header is not swallowed).
  const extraCovered = rows.every((row) => row.words.filter((word) => covered.has(word)).length * 2 >= row.words.length);
  return { header: { rows: printed, columns: withTimelineColumn(withDescriptionColumn(columns, readByOcr(printed)), printed, rows), inferred: false }, share, extraCovered };
}

/**
 * The header starting at row `index`: one row, or two or three stacked rows of labels ("Material"
 * over "Cost", "Prix" over "unitaire"); the reading that labels the most words wins.
 */
export function readHeaderAt(rows: LayoutRow[], index: number): HeaderRead | null {
  const known = headersRead.get(rows) ?? new Map<number, HeaderRead | null>();
  headersRead.set(rows, known);
  if (!known.has(index)) known.set(index, bestHeaderAt(rows, index));
  const read = known.get(index)!;
  return read && { header: { ...read.header, rows: [...read.header.rows], columns: read.header.columns.map(copyOf) }, rowCount: read.rowCount };
}

/** What `bestHeaderAt` read at each index of each list of rows (a table's scan asks again of the rows ahead); callers get copies, as they settle roles in place. */
const headersRead = new WeakMap<LayoutRow[], Map<number, HeaderRead | null>>();
const copyOf = (column: TableColumn): TableColumn => ({ ...column, alternatives: [...column.alternatives], words: [...column.words] });

function bestHeaderAt(rows: LayoutRow[], index: number): HeaderRead | null {
  let best: { read: HeaderRead; share: number; text: boolean } | null = null;
  for (let count = 1; count <= 3; count += 1) {
    const group = rows.slice(index, index + count);
    if (group.length < count) break;
    const last = group[count - 1];
    // Stacked lines stand under one another: a line read before one higher up (a panel's last line, then the table's header) is none.
    if (count > 1 && (last.page !== group[0].page || last.top <= group[count - 2].top || rowGap(group[count - 2], last) > STACK_GAP)) break;
    const found = headerOf(group);
    if (!found || (count > 1 && !found.extraCovered)) continue;
    const text = hasTextColumn(found.header.columns);
    // Labels over a table's value columns alone are the upper line of a header whose next line names its text columns ("Fourniture  Pose  Total" over "Réf.  Désignation  Qté  HT  HT  HT").
    if (!best || (text && !best.text) || (text === best.text && found.share >= best.share)) best = { read: { header: found.header, rowCount: count }, share: found.share, text };
  }
  return best?.read ?? null;
}

const hasTextColumn = (columns: TableColumn[]): boolean => columns.some((column) => column.role !== null && TEXT_ROLES.has(column.role) && column.words.length > 0);

/** A row of column labels that is no complete header (OCR lost some): neither data nor the end of the table. */
export function isLabelRow(row: LayoutRow): boolean {
  if (hasValueWords(row)) return false;
  const phrases = columnLabels().findAll(row);
  const labelled = phrases.reduce((sum, phrase) => sum + phrase.end - phrase.start, 0);
  return new Set(phrases.map((phrase) => phrase.value)).size >= 2 && labelled >= row.words.length * MIN_LABELLED_SHARE;
}

/** The first header at or after `from`, with its index; null when there is none. */
export function findHeader(rows: LayoutRow[], from = 0): { index: number; read: HeaderRead } | null {
  for (let index = from; index < rows.length; index += 1) {
    // A table header repeated at the top of every page is furniture too, and still a header.
    const read = readHeaderAt(rows, index);
    if (read) return { index, read };
  }
  return null;
}
