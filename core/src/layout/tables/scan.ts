import { joinWords } from '../boxes.js';
import { parseAmount, type NumberFormat } from '../numbers.js';
import { cellsOf, rowGap, rowHeightsToX, type LayoutRow } from '../rows.js';
import { isLabelRow, readHeaderAt } from './header.js';
import { inferHeader, withEarlierColumns, withInferredColumns } from './infer.js';
import { isTextColumn, MONEY_ROLES, type Table, type TableColumn, type TableEntry, type TableHeader } from './model.js';
import type { Word } from '../../contracts/document.js';
import {
  headingNumbering,
  isItemLine,
  isTitleLike,
  lineValues,
  namesASection,
  namesHeading,
  startsLowerCase,
  totalLabelOf,
  type TotalLabel,
} from './rows.js';
import { readDetailLine, type DetailLine } from './detail-lines.js';
import { splitRow, textWords, valueWords, type SplitLine } from './split.js';

export interface TableReadOptions {
  format: NumberFormat;
}

/** A wrapped line sits closer than this (in row heights) under the line before it. */
const WRAP_GAP = 0.9;
/** Running headers sit above this fraction of the page. */
const TOP_MARGIN = 0.12;
/** Rows looked at ahead to tell a section's subtotal (items follow) from the table's totals (none do). */
const LOOKAHEAD = 8;
const CONTINUATION_NOTE = /\bcontinued\b|\bcont'd\b|\bcarried forward\b|\bfortsetzung\b|\bsuite\b|\bcontinúa\b|\bvervolg\b|\bübertrag\b|\btransporte\b|\breport\b/i;

interface ScanState {
  header: TableHeader;
  inferred: TableHeader | null;
  entries: TableEntry[];
  /** The item that wrapped lines join. */
  item: TableEntry | null;
  /** Text lines waiting for the item printed under them (a description whose amounts sit on its last line). */
  pending: SplitLine[];
  heading: string | null;
  lastRow: LayoutRow | null;
  /** The fewest values an item so far printed (at most 2). */
  minItemValues: number;
  /** The totals row that ended the table. */
  totals?: TableEntry;
}

const columnsOf = (state: ScanState): TableColumn[] => state.header.columns;

function entry(kind: TableEntry['kind'], line: SplitLine, columns: TableColumn[], label: Word[] = []): TableEntry {
  return { kind, page: line.row.page, rows: [line.row], columns, cells: line.cells.map((cell) => [...cell]), label };
}

/**
 * Adds wrapped or leading text lines to an entry (at the front for lines printed above its values):
 * their words join the description ("4 in. with vapor barrier" is no item number), or each text
 * column where the table has no description column.
 */
function addText(target: TableEntry, lines: SplitLine[], front: boolean): void {
  const description = target.columns.findIndex((column) => column.role === 'description');
  for (const line of front ? [...lines].reverse() : lines) {
    target.columns.forEach((column, index) => {
      if (!isTextColumn(column) || (description >= 0 && column.role === 'itemNumber')) return;
      const words = description >= 0 && index === description ? textWords(line, target.columns).filter((word) => !inScope(line, target.columns, word)) : (line.cells[index] ?? []);
      target.cells[index] = front ? [...words, ...target.cells[index]] : [...target.cells[index], ...words];
    });
    target.rows = front ? [line.row, ...target.rows] : [...target.rows, line.row];
  }
}

function inScope(line: SplitLine, columns: TableColumn[], word: Word): boolean {
  const scope = columns.findIndex((column) => column.role === 'scope');
  return scope >= 0 && line.cells[scope].includes(word);
}

function isWrappedLine(state: ScanState, line: SplitLine, text: Word[]): boolean {
  const previous = state.lastRow;
  const item = state.item;
  if (!item || !previous || previous.page !== line.row.page || CONTINUATION_NOTE.test(line.row.text)) return false;
  if (rowGap(previous, line.row) > WRAP_GAP) return false;
  const columns = columnsOf(state);
  const itemIndex = columns.findIndex((column) => column.role === 'itemNumber');
  const left = descriptionLeft(item);
  // A line that starts with a number where the item above started with its count starts an item of its own.
  const itemFirst = item.columns.flatMap((column, index) => (isTextColumn(column) ? item.cells[index] : [])).sort((a, b) => a.bbox[0] - b.bbox[0])[0];
  if (itemFirst && ITEM_START.test(itemFirst.text) && ITEM_START.test(text[0]?.text ?? '') && Math.abs(text[0].bbox[0] - itemFirst.bbox[0]) <= rowHeightsToX(line.row, 1)) return false;
  // An item number starts a new item, unless the "number" stands where the descriptions start ("4 in. with …").
  if (itemIndex >= 0 && line.cells[itemIndex].some((word) => word.bbox[0] < left - rowHeightsToX(line.row, 1))) return false;
  // A trade name wrapping in its own column ("Appliances") beside the description's next line.
  const scope = columns.findIndex((column) => column.role === 'scope');
  const description = columns.findIndex((column) => column.role === 'description');
  const scoped = scope >= 0 && description >= 0 && line.cells[scope].length > 0 && item.cells[scope]?.length > 0;
  const first = scoped && line.cells[description].length > 0 ? line.cells[description][0] : text[0];
  return text.length > 0 && first.bbox[0] >= left - rowHeightsToX(line.row, 2);
}

/**
 * A line right under the last row that holds words only left of where the descriptions start, in a
 * table with a trade or item-number column there: the second line of that column's cell.
 */
function wrapsLeftColumns(state: ScanState, line: SplitLine, text: Word[]): boolean {
  const previous = state.lastRow;
  const columns = columnsOf(state);
  const lastItem = [...state.entries].reverse().find((entry) => entry.kind === 'item');
  if (!previous || !lastItem || previous.page !== line.row.page || rowGap(previous, line.row) > WRAP_GAP) return false;
  if (!columns.some((column) => column.role === 'scope')) return false;
  const left = descriptionLeft(lastItem);
  return text.every((word) => word.bbox[2] < left - rowHeightsToX(line.row, 1));
}

/** Where an item's description starts as printed (a centred header says little about it). */
function descriptionLeft(item: TableEntry): number {
  const index = item.columns.findIndex((column) => column.role === 'description');
  const words = index >= 0 ? item.cells[index] : [];
  return words.length > 0 ? Math.min(...words.map((word) => word.bbox[0])) : (item.columns[index]?.x0 ?? 0);
}

/** A count or an item number ("3", "3.", "3)", "4.2") that starts an item's description. */
const ITEM_START = /^(\d{1,3}|\(?\d{1,3}[.)]|\d{1,3}(\.\d{1,3})+\.?)$/;

/** An item line that starts with its item number: the lines above it are not its description's. */
function startsNumbered(line: SplitLine, columns: TableColumn[]): boolean {
  const number = columns.findIndex((column) => column.role === 'itemNumber');
  if (number >= 0 && line.cells[number].length > 0) return true;
  return ITEM_START.test(textWords(line, columns)[0]?.text ?? '');
}

/** Rows further apart than this (in row heights) on one page are not one table's. */
const TABLE_GAP = 3;

/** The next rows of the table's run (no furniture, no wide gap on the page), split by the columns in force. */
function ahead(rows: LayoutRow[], index: number, state: ScanState, options: TableReadOptions): SplitLine[] {
  const lines: SplitLine[] = [];
  let previous = rows[index];
  for (let next = index + 1; next < rows.length && lines.length < LOOKAHEAD; next += 1) {
    const row = rows[next];
    if (row.furniture) continue;
    if ((row.page === previous.page && rowGap(previous, row) > TABLE_GAP) || readHeaderAt(rows, next) !== null) break;
    lines.push(splitRow(row, columnsOf(state), options.format));
    previous = row;
  }
  return lines;
}

const isItem = (line: SplitLine | undefined, state: ScanState, options: TableReadOptions): boolean =>
  line !== undefined && isItemLine(line, columnsOf(state), options.format);

/** A line of a form with no work on it: its text, and dashes for its amounts ("2  Demolition   $ -   $ -   $ -"). */
function isEmptyLine(line: SplitLine | undefined, state: ScanState): boolean {
  if (!line) return false;
  const values = valueWords(line, columnsOf(state));
  return textWords(line, columnsOf(state)).length > 0 && values.some((word) => /^[-–—]$/.test(word.text)) && values.every((word) => /^([-–—]|[$€£])$/.test(word.text));
}

/** A note under a heading ("2,436.00 SF Walls  116.00 LF Perimeter") sits this close (in row heights) above the first item. */
const NOTE_GAP = 2;

/** The first line of an item whose values are printed on a line under it: numbered as an item, or text closely followed by an item. */
function opensItem(upcoming: SplitLine[], state: ScanState, options: TableReadOptions): boolean {
  const [next, after] = upcoming;
  if (!next || isItem(next, state, options)) return false;
  const text = textWords(next, columnsOf(state));
  if (text.length < 2 || valueWords(next, columnsOf(state)).length > 0) return false;
  return ITEM_START.test(text[0].text) || (after !== undefined && after.row.page === next.row.page && rowGap(next.row, after.row) <= NOTE_GAP && isItem(after, state, options));
}

/** A line this much taller than the one above is set in larger type. */
const HEADING_TYPE_RATIO = 1.3;

/** "Continued on next page …" points elsewhere; "CONTINUED - Roof" heads a section again. */
const POINTS_ELSEWHERE = /\b(next|following) page\b|\bcontinued (on|over)\b|\bcarried forward\b|\bsee page\b|\bsuite page\b|\bfortsetzung (auf|siehe)\b/i;

/** A text-only row that heads the items under it. */
function isHeading(state: ScanState, line: SplitLine, upcoming: SplitLine[], rows: LayoutRow[], options: TableReadOptions): boolean {
  const next = upcoming[0];
  if (POINTS_ELSEWHERE.test(line.row.text)) return false;
  const numbering = headingNumbering(line.row.text);
  // "4. Vinyl double-hung window, Low-E, insulated glass, with interior" is an item's first line, numbered like a heading.
  if (numbering === 'strong' || (numbering === 'weak' && isTitleLike(line.row.words.slice(1)))) return true;
  const nextIsHeader = next !== undefined && readHeaderAt(rows, next.row.index) !== null;
  // A line in the top margin above a header repeated on a later page is the page's running header.
  if (nextIsHeader && line.row.top < TOP_MARGIN && line.row.page > (state.entries[0]?.page ?? line.row.page)) return false;
  // A heading may head a subheading ("KITCHEN" over "Cabinets" over the items).
  const headsSubheading = next !== undefined && textWords(next, columnsOf(state)).length > 0 && valueWords(next, columnsOf(state)).length === 0 && isTitleLike(next.row.words) && (isItem(upcoming[1], state, options) || opensItem(upcoming.slice(1), state, options));
  const itemFollows = isItem(next, state, options) || isEmptyLine(next, state);
  if (!(itemFollows || nextIsHeader || opensItem(upcoming, state, options) || headsSubheading) || !isTitleLike(line.row.words)) return false;
  const previous = state.lastRow;
  const afterBreak = !previous || previous.page !== line.row.page || rowGap(previous, line.row) > WRAP_GAP;
  // A heading set in larger type sits as close under the item above as a wrapped line would.
  const larger = previous !== null && line.row.height >= HEADING_TYPE_RATIO * previous.height;
  // After a form's empty line ("2  Demolition  $ -  $ -") no item runs on into this line.
  return afterBreak || larger || state.entries.at(-1)?.kind !== 'item' || state.item === null || outdented(line, state);
}

/** A line starting left of where descriptions start, with no text column there ("BATH" over a quantity column), is no wrapped line. */
function outdented(line: SplitLine, state: ScanState): boolean {
  const columns = columnsOf(state);
  const description = columns.find((column) => column.role === 'description');
  if (!description || columns.some((column) => column.role === 'scope' && column.x0 < description.x0)) return false;
  const first = textWords(line, columns)[0];
  // "1  LIMON" over a weighed item's detail line is its description, numbered by its count; a word
  // where item numbers stand ("BATH" over "3  EA") heads the lines under it.
  const numbered = columns.some((column) => column.role === 'itemNumber' && column.x0 < description.x0);
  const word = numbered ? /^\p{L}{3,}/u : /^\p{L}/u;
  return first !== undefined && word.test(first.text) && !ITEM_START.test(first.text) && first.bbox[0] < description.x0 - rowHeightsToX(line.row, 2);
}

/** A heading's words without the facts printed beside it ("Master Bedroom      Height: 8'"). */
function headingWords(row: LayoutRow): Word[] {
  const cells = cellsOf(row);
  const facts = cells.findIndex((cell, index) => index > 0 && cell.some((word) => /.:$/.test(word.text)));
  return facts < 0 ? row.words : cells.slice(0, facts).flat();
}

function openHeading(state: ScanState, line: SplitLine): true {
  const words = headingWords(line.row);
  state.entries.push(entry('heading', line, columnsOf(state), words));
  state.heading = joinWords(words);
  state.item = null;
  state.pending = [];
  return keepGoing(state, line.row);
}

const BARE_NUMBER = /^(\d{1,3})\.?$/;
const OUTLINE_NUMBER = /^(\d{1,3})\.\d{1,3}\b/;
const OUTLINE_LOOKAHEAD = 4;

const itemNumberOf = (line: SplitLine, columns: TableColumn[]): string => {
  const index = columns.findIndex((column) => column.role === 'itemNumber');
  return index < 0 ? '' : joinWords(line.cells[index]);
};

/**
 * Outline numbering: where items are numbered 1.1, 1.2…, a row numbered 1 with a short title is
 * their section's heading ("1   MASONRY   11,053.72"), its items printed or not.
 */
function isOutlineHeading(state: ScanState, line: SplitLine, rows: LayoutRow[], index: number, options: TableReadOptions): boolean {
  const columns = columnsOf(state);
  const number = BARE_NUMBER.exec(itemNumberOf(line, columns))?.[1];
  const unit = columns.findIndex((column) => column.role === 'unit' || column.role === 'unitPrice');
  if (!number || !isTitleLike(textWords(line, columns)) || (unit >= 0 && line.cells[unit].length > 0)) return false;
  const outlined = state.entries.some((earlier) => earlier.kind === 'item' && OUTLINE_NUMBER.test(joinWords(earlier.cells[earlier.columns.findIndex((column) => column.role === 'itemNumber')] ?? [])));
  if (outlined) return true;
  // OCR may misread the first item's number ("1.1" as "44"): any of the next few items will do.
  return ahead(rows, index, state, options)
    .slice(0, OUTLINE_LOOKAHEAD)
    .some((next) => OUTLINE_NUMBER.exec(itemNumberOf(next, columns))?.[1] === number);
}

/** A row with values and a total label: a section's subtotal, or the end of the table (its totals block). */
function readTotalRow(state: ScanState, line: SplitLine, upcoming: SplitLine[], options: TableReadOptions, total: TotalLabel): 'subtotal' | 'end' {
  const text = line.row.text;
  if (namesASection(text) || namesHeading(text, state.heading)) return 'subtotal';
  // Only a subtotal, or a total that names what it totals ("Totals: Kitchen"), may stand between
  // items; a bare total, tax or amount due ends the table.
  const named = labelWords(line, columnsOf(state)).some((word) => !total.words.includes(word) && /\p{L}{2}/u.test(word.text));
  if (!total.concepts.includes('subtotal') && !named) return 'end';
  const columns = columnsOf(state);
  // An item ahead prints as many values as the items so far did (a lone "Previous balance  $500" is no item).
  const itemLike = (next: SplitLine): boolean => {
    const values = lineValues(next, columns, options.format);
    return isItem(next, state, options) && values.money + (values.quantity ? 1 : 0) >= state.minItemValues && textWords(next, columns).length > 0;
  };
  // Items follow a subtotal before any other total does ("TOTAL DIRECT COSTS", "General Conditions", "Builder's Risk  $1,028.92").
  for (const next of upcoming) {
    if (totalLabelOf(labelWords(next, columns), next.row) !== null) return 'end';
    if (itemLike(next)) return 'subtotal';
  }
  return 'end';
}

/** A trade column's "General Requirements" beside a description is the line's trade, not a total's label. */
function tradeNamed(line: SplitLine, columns: TableColumn[], total: TotalLabel | null): TotalLabel | null {
  const scope = columns.findIndex((column) => column.role === 'scope');
  const description = columns.findIndex((column) => column.role === 'description');
  if (!total || scope < 0 || description < 0 || line.cells[description].length === 0) return total;
  return total.words.filter((word) => /\p{L}/u.test(word.text)).every((word) => line.cells[scope].includes(word)) ? null : total;
}

/** Reads one row of the table into the state; false when the row ends the table. */
function scanRow(state: ScanState, rows: LayoutRow[], index: number, options: TableReadOptions): boolean {
  const row = rows[index];
  const columns = columnsOf(state);
  const line = splitRow(row, columns, options.format);
  const text = textWords(line, columns);
  const total = tradeNamed(line, columns, totalLabelOf(labelWords(line, columns), row));
  const values = lineValues(line, columns, options.format);
  // "RECAP" heads the totals block; "Totals: Exterior  83.84  4,561.22" is a total row.
  const priced = values.money > 0 || row.words.some((word) => parseAmount(word.text, options.format)?.moneyLike);
  if (total?.concept === 'summary' && !priced) return false;
  const unit = columns.findIndex((column) => column.role === 'unit');
  // A numbered heading may print its section's total on its own row: always when strongly numbered
  // ("3.0 Roofing"), when weakly ("2. Siding") only with fewer values than the item under it.
  const numbering = total ? null : headingNumbering(joinWords(text));
  if (numbering && !values.quantity && (unit < 0 || line.cells[unit].length === 0)) {
    if (numbering === 'strong' || (values.money > 0 && fewerValuesThanNext(state, line, values.money, rows, index, options))) return openHeading(state, line);
  }
  if (!total && !values.quantity && isOutlineHeading(state, line, rows, index, options)) return openHeading(state, line);
  // "Tax preparation  1  $100" is an item; "Subtotal 7.0 HVAC" only looks like one to its columns.
  // A total label with no amount on the row is text like any other ("base; protect adjacent finishes").
  if (total && priced && (!values.quantity || namesASection(row.text) || namesHeading(row.text, state.heading))) {
    if (readTotalRow(state, line, ahead(rows, index, state, options), options, total) === 'end') {
      state.totals = entry('subtotal', line, columns, labelWords(line, columns));
      return false;
    }
    state.entries.push(entry('subtotal', line, columns, labelWords(line, columns)));
    state.item = null;
    state.pending = [];
    return keepGoing(state, row);
  }
  const detail = total ? null : readDetailLine(row, options.format);
  if (detail && readDetail(state, line, detail)) return keepGoing(state, row);
  const needsText = columns.some(isTextColumn) && text.length === 0 && state.pending.length === 0;
  if (isItemLine(line, columns, options.format) && !needsText) {
    const created = entry('item', line, columns);
    if (state.pending.length > 0 && !startsNumbered(line, columns)) addText(created, state.pending, true);
    state.pending = [];
    state.entries.push(created);
    state.item = created;
    state.minItemValues = Math.min(state.minItemValues, values.money + (values.quantity ? 1 : 0));
    return keepGoing(state, row);
  }
  if (text.length > 0 && valueWords(line, columns).length === 0 && wrapsLeftColumns(state, line, text)) {
    // The trade's second line ("Permits" under "General Requirements /") joins the item's trade cell.
    const scope = columns.findIndex((column) => column.role === 'scope');
    if (state.item && scope >= 0 && state.item.columns === columns) state.item.cells[scope] = [...state.item.cells[scope], ...text];
    return keepGoing(state, row);
  }
  const upcoming = ahead(rows, index, state, options);
  const next = upcoming[0];
  if (text.length > 0 && values.money === 0 && isHeading(state, line, upcoming, rows, options)) return openHeading(state, line);
  if (text.length > 0 && valueWords(line, columns).length === 0) readTextLine(state, line, text, next, options);
  else state.item = null;
  return keepGoing(state, row);
}

/**
 * A line of quantity and unit price: with the item's amount on it, the item whose description was
 * printed above it (weighed goods on a till receipt); without, a detail of the item just above.
 */
function readDetail(state: ScanState, line: SplitLine, detail: DetailLine): boolean {
  const { quantity, unit, unitPrice, amount } = detail;
  const columns = columnsOf(state);
  const amountIndex = columns.findIndex((column) => column.role === 'amount' || column.role === 'grossAmount');
  if (amount.length > 0 && amountIndex >= 0 && state.pending.length > 0) {
    const created: TableEntry = { kind: 'item', page: line.row.page, rows: [line.row], columns, cells: columns.map(() => []), label: [], detail: { quantity, unit, unitPrice } };
    created.cells[amountIndex] = amount;
    addText(created, state.pending, true);
    state.pending = [];
    state.entries.push(created);
    state.item = created;
    return true;
  }
  const item = state.item;
  const previous = state.lastRow;
  if (amount.length > 0 || !item || item.detail || !previous || previous.page !== line.row.page || rowGap(previous, line.row) > WRAP_GAP) return false;
  item.detail = { quantity, unit, unitPrice };
  item.rows = [...item.rows, line.row];
  return true;
}

/**
 * A line of text only: a wrapped line of the item above, or a line of the item printed under it
 * (a description whose values sit on its last or middle line), or a note between the items.
 */
function readTextLine(state: ScanState, line: SplitLine, text: Word[], next: SplitLine | undefined, options: TableReadOptions): void {
  const columns = columnsOf(state);
  const close = next !== undefined && next.row.page === line.row.page && rowGap(line.row, next.row) <= WRAP_GAP;
  const nextText = next ? textWords(next, columns) : [];
  const nextIsItem = close && isItem(next, state, options);
  const nextIsText = close && nextText.length > 0 && valueWords(next!, columns).length === 0;
  // A line between two items joins the one above, unless it starts a sentence the item below continues.
  const opensNext = nextIsItem && !startsLowerCase(text) && startsLowerCase(nextText);
  if (isWrappedLine(state, line, text) && !opensNext) {
    addText(state.item!, [line], false);
    return;
  }
  state.item = null;
  if ((nextIsItem || nextIsText) && !CONTINUATION_NOTE.test(line.row.text)) state.pending.push(line);
  else state.pending = [];
}

function fewerValuesThanNext(state: ScanState, line: SplitLine, money: number, rows: LayoutRow[], index: number, options: TableReadOptions): boolean {
  const next = ahead(rows, index, state, options)[0];
  if (!next || next.row.page !== line.row.page || !isItem(next, state, options)) return false;
  return lineValues(next, columnsOf(state), options.format).money > money;
}

/** A subtotal's label: its words outside the money columns ("Subtotal 7.0 HVAC"). */
function labelWords(line: SplitLine, columns: TableColumn[]): Word[] {
  return columns
    .flatMap((column, index) => (column.role !== null && MONEY_ROLES.has(column.role) ? [] : line.cells[index]))
    .sort((a, b) => a.bbox[0] - b.bbox[0]);
}

function keepGoing(state: ScanState, row: LayoutRow): true {
  state.lastRow = row;
  return true;
}

/**
 * Reads a table from `start` with the given header: headers repeated on later pages re-derive the
 * columns, headings open sections, wrapped lines join their item, subtotals stay in the table, and
 * the first totals row that no item follows ends it.
 */
export function scanTable(rows: LayoutRow[], header: TableHeader, start: number, options: TableReadOptions): Table {
  const inferred = inferHeader(rows, options.format)?.header ?? null;
  const state: ScanState = {
    header: withInferredColumns(header, inferred),
    inferred,
    entries: [],
    item: null,
    pending: [],
    heading: null,
    lastRow: null,
    minItemValues: 2,
  };
  for (let index = start; index < rows.length; index += 1) {
    const row = rows[index];
    const found = readHeaderAt(rows, index);
    if (found && !continuesTable(state.header, found.header)) break;
    if (found) {
      state.header = withInferredColumns(withEarlierColumns(found.header, state.header), inferred);
      state.item = null;
      state.pending = [];
      index += found.rowCount - 1;
      state.lastRow = rows[index];
      continue;
    }
    if (row.furniture || isLabelRow(row)) continue;
    if (state.lastRow && state.lastRow.page !== row.page) state.item = null;
    if (!scanRow(state, rows, index, options)) break;
  }
  const entries = trimTrailing(state.entries);
  const last = entries.at(-1);
  const end = last ? Math.max(...last.rows.map((row) => row.index)) + 1 : start;
  const table: Table = { header: entries[0] ? { ...header, columns: entries[0].columns } : header, entries, start, end: Math.max(end, start) };
  return state.totals ? { ...table, totals: state.totals } : table;
}

/** A header repeated on a later page (or per section) has the table's text column and most of its value columns. */
function continuesTable(current: TableHeader, next: TableHeader): boolean {
  const roles = (header: TableHeader): Set<string> => new Set(header.columns.map((column) => column.role ?? ''));
  const mine = roles(current);
  const theirs = roles(next);
  const text = [...mine].filter((role) => role === 'description' || role === 'scope');
  if (text.some((role) => !theirs.has(role))) return false;
  // Both ways: a header with columns of its own ("Qty", "Unit Price" under a list of amounts) starts another table.
  const shared = (from: Set<string>, to: Set<string>): boolean => {
    const values = [...from].filter((role) => role !== '' && role !== 'description' && role !== 'scope' && role !== 'itemNumber');
    return values.filter((role) => to.has(role)).length * 2 >= values.length;
  };
  return shared(mine, theirs) && shared(theirs, mine);
}

/**
 * Headings after the last item or subtotal head nothing: they belong to what follows the table,
 * unless numbered in its item-number column (a form's empty categories).
 */
function trimTrailing(entries: TableEntry[]): TableEntry[] {
  const numbered = (entry: TableEntry): boolean => entry.columns.some((column, index) => column.role === 'itemNumber' && entry.cells[index].length > 0);
  let end = entries.length;
  while (end > 0 && entries[end - 1].kind === 'heading' && !numbered(entries[end - 1])) end -= 1;
  return entries.slice(0, end);
}
