import type { Word } from '../../contracts/document.js';
import { joinWords } from '../boxes.js';
import { parseAmount } from '../numbers.js';
import { rowGap, rowHeightsToX, type LayoutRow } from '../rows.js';
import { quantitiesInText } from '../units.js';
import { readComponentLine, totalsACostColumn } from './components.js';
import { addText } from './entry-text.js';
import { continuesCutDescription } from './cut-lines.js';
import { readDetailLine, withQuantityAtPrice, type DetailLine } from './detail-lines.js';
import { isLabelRow, readHeaderAt } from './header.js';
import { continuesItemNumbering, headsItemsSummingTo, isHeading, isOutlineHeading, onlyFactsBeside, openHeading, totalsItemsAbove } from './headings.js';
import { inferHeader, withEarlierColumns, withInferredColumns } from './infer.js';
import { withTrailingAmountColumn } from './trailing-columns.js';
import { hasRoleIn, isTextColumn, WORDED_ROLES, type Table, type TableColumn, type TableEntry, type TableHeader } from './model.js';
import { headingNumbering, isItemLine, isNoteLine, isPageTotal, lineValues, namesASection, namesHeading, namesSummary, startsLowerCase, totalLabelOf, type TotalLabel } from './rows.js';
import {
  ahead,
  columnsOf,
  CONTINUATION_NOTE,
  descriptionLeft,
  entry,
  isItem,
  ITEM_START,
  keepGoing,
  RUNNING_BALANCE,
  splitInScan,
  WRAP_GAP,
  type ScanState,
  type TableReadOptions,
} from './scan-state.js';
import { continuesTable, headerUnderTitle, leftOfTableOnNextPage, repeatedHeaderOnPage } from './page-breaks.js';
import { keepsItemPitch, linePitch, nextLineOf } from './pitch.js';
import { dropValuesCaption, leadsToItem, numberedUnderText, startsNumbered, withAsideWordsAsText } from './lines-above-values.js';
import { textWords, valueWords, type SplitLine } from './split.js';
import { chargeAmongItems, labelWords, readTotalRow, tradeNamed } from './total-rows.js';

export type { TableReadOptions } from './scan-state.js';

/** Labels that total a whole (a subtotal, the grand total, the amount due), never a section's title. */
const TOTAL_CONCEPTS: ReadonlySet<string> = new Set(['subtotal', 'grandTotal', 'amountDue', 'summary']);

/** The row of an item that prints its values. */
function valuesRow(item: TableEntry): LayoutRow | undefined {
  return item.rows.find((row) => item.columns.some((column, index) => !isTextColumn(column) && item.cells[index].some((word) => row.words.includes(word))));
}

function isWrappedLine(state: ScanState, line: SplitLine, text: Word[], pitch: number, below?: LayoutRow): boolean {
  const previous = state.lastRow;
  const item = state.item;
  if (!item || !previous || previous.page !== line.row.page || CONTINUATION_NOTE.test(line.row.text)) return false;
  const goesOn = startsLowerCase(text) || endsUnfinished(item.cells[item.columns.findIndex((column) => column.role === 'description')] ?? []);
  // Where values sit on a description's last line, a new sentence a line pitch under an item's values starts the next item.
  const newSentence = state.valuesBelowText && !goesOn && item.rows.at(-1) === previous && previous === valuesRow(item);
  // A line that goes on with the sentence above may sit a ruled line's height under it, however unevenly a hand wrote the rows,
  // unless a blank line's more stands over it than under it: a name in lower case over the lines it heads ("kitchen").
  const overBlank = below !== undefined && below.page === line.row.page && rowGap(previous, line.row) - rowGap(line.row, below) > BLANK_LINE;
  const runsOn = goesOn && (nextLineOf(previous, line.row, pitch) || (rowGap(previous, line.row) <= RUN_ON_GAP && !overBlank));
  const next = rowGap(previous, line.row) <= WRAP_GAP || (!newSentence && (keepsItemPitch(item, previous, line.row) || runsOn));
  // A line printed higher up than the last one starts another column of the page (side-by-side tables), no wrapped line.
  if (!next || line.row.top < previous.top) return false;
  const columns = columnsOf(state);
  const itemIndex = columns.findIndex((column) => column.role === 'itemNumber');
  const left = descriptionLeft(item);
  // A line that starts with a number where the item above started with its count starts an item of its own.
  const itemFirst = textWords(item, item.columns)[0];
  if (itemFirst && ITEM_START.test(itemFirst.text) && ITEM_START.test(text[0]?.text ?? '') && Math.abs(text[0].bbox[0] - itemFirst.bbox[0]) <= rowHeightsToX(line.row, 1)) return false;
  // An item number starts a new item, unless the "number" stands where the descriptions start ("4 in. with …").
  if (itemIndex >= 0 && line.cells[itemIndex].some((word) => word.bbox[0] < left - rowHeightsToX(line.row, 1))) return false;
  // A trade or room name in its own column ("Appliances", a merged cell's "ROOF") beside the description's next line.
  const scope = columns.findIndex((column) => column.role === 'scope');
  const description = columns.findIndex((column) => column.role === 'description');
  const scoped = scope >= 0 && description >= 0 && line.cells[scope].length > 0;
  const first = scoped && line.cells[description].length > 0 ? line.cells[description][0] : text[0];
  if (text.length === 0) return false;
  if (first.bbox[0] >= left - rowHeightsToX(line.row, 2)) return true;
  // A description left unfinished ("… to match existing profile and") goes on in the lowercase words
  // under it, whatever OCR set before them at the left.
  const under = text.filter((word) => word.bbox[0] >= left - rowHeightsToX(line.row, 1));
  return endsUnfinished(item.cells[description] ?? []) && under.length > 0 && startsLowerCase(under);
}

/** A line going on with an unfinished sentence or in lower case sits at most this far (in row heights) under the line it continues. */
const RUN_ON_GAP = 1.6;
/** A blank line between two lines widens their gap by about a row height. */
const BLANK_LINE = 1;

const UNFINISHED_END = /^(and|or|with|of|to|the|a|an|for|in|at|on|by|from|per|including|&|\+|\/)$|[,;:/&-]$/i;
const endsUnfinished = (words: Word[]): boolean => words.length > 0 && UNFINISHED_END.test(words[words.length - 1].text);

/**
 * A line right under the last row that holds words only left of where the descriptions start, in a
 * table with a trade or item-number column there: the second line of that column's cell.
 */
function wrapsLeftColumns(state: ScanState, line: SplitLine, text: Word[]): boolean {
  const previous = state.lastRow;
  const columns = columnsOf(state);
  const lastItem = [...state.entries].reverse().find((entry) => entry.kind === 'item');
  if (!previous || !lastItem || previous.page !== line.row.page || rowGap(previous, line.row) > WRAP_GAP) return false;
  // Right under a section's total row, a line is no cell's second line ("PLUMBING" under "TOTAL CABINETS & APPLIANCES").
  const last = state.entries.at(-1);
  if (last?.kind === 'subtotal' && last.rows.includes(previous)) return false;
  if (!columns.some((column) => column.role === 'scope')) return false;
  const left = descriptionLeft(lastItem);
  return text.every((word) => word.bbox[2] < left - rowHeightsToX(line.row, 1));
}

/** Reads one row of the table into the state; false when the row ends the table. */
function scanRow(state: ScanState, rows: LayoutRow[], index: number, options: TableReadOptions): boolean {
  const row = rows[index];
  const columns = columnsOf(state);
  // The rows ahead, split once for every question this row asks of them.
  let lookahead: SplitLine[] | undefined;
  const upcoming = (): SplitLine[] => (lookahead ??= ahead(rows, index, state, options));
  const line = withAsideWordsAsText(splitInScan(state, row, options), () => upcoming()[0], state, options);
  const text = textWords(line, columns);
  const total = chargeAmongItems(state, line, upcoming, options, tradeNamed(line, columns, totalLabelOf(labelWords(line, columns), row)));
  const values = lineValues(line, columns, options.format);
  // "RECAP" heads the totals block; "Totals: Exterior  83.84  4,561.22" is a total row.
  const priced = values.money > 0 || row.words.some((word) => parseAmount(word.text, options.format)?.moneyLike);
  if (total?.concept === 'summary' && !priced) return false;
  if (!priced && namesSummary(row) && state.entries.some((entry) => entry.kind === 'item')) return false;
  if (priced && (RUNNING_BALANCE.test(row.text) || isPageTotal(row.text))) {
    state.item = null;
    return keepGoing(state, row);
  }
  if (!priced && readNoteLine(state, line, text)) return keepGoing(state, row);
  const unit = columns.findIndex((column) => column.role === 'unit');
  // A numbered heading may print its section's total on its own row: always when strongly numbered
  // ("3.0 Roofing"), when weakly ("2. Siding") only with fewer values than the item under it.
  const numbering = total ? null : headingNumbering(joinWords(text));
  if (numbering && !values.quantity && (unit < 0 || line.cells[unit].length === 0) && !continuesItemNumbering(state, line)) {
    if (numbering === 'strong' || (values.money > 0 && fewerValuesThanNext(state, line, values.money, upcoming(), options))) return openHeading(state, line);
  }
  // Before any item a total label totals nothing: "GENERAL REQUIREMENTS  $2,982.00" heads the items that add up to it.
  const recapTitle = total !== null && !state.entries.some((entry) => entry.kind === 'item') && !total.concepts.some((concept) => TOTAL_CONCEPTS.has(concept));
  if ((!total || recapTitle) && !values.quantity && isOutlineHeading(state, line, upcoming, values.money > 0)) return openHeading(state, line);
  if ((!total || recapTitle) && !values.quantity && values.money === 1 && headsItemsSummingTo(state, rows, index, line, options)) return openHeading(state, line);
  // "Tax preparation  1  $100" is an item; "Subtotal 7.0 HVAC" only looks like one to its columns.
  // A total label with no amount on the row is text like any other ("base; protect adjacent finishes").
  const closesSection = !total && !values.quantity && values.money === 1 && totalsItemsAbove(state, line, options);
  if (closesSection || (total && priced && (!values.quantity || namesASection(row.text) || namesHeading(row.text, state.heading)))) {
    if (total && readTotalRow(state, line, upcoming(), options, total) === 'end') {
      state.totals = entry('subtotal', line, columns, labelWords(line, columns));
      return false;
    }
    state.entries.push(entry('subtotal', line, columns, labelWords(line, columns)));
    state.item = null;
    state.pending = [];
    return keepGoing(state, row);
  }
  if (!total && totalsACostColumn(state, line, text, options)) return false;
  if (!total && readComponentLine(state, line, text, upcoming, options)) return keepGoing(state, row);
  const detail = total ? null : readDetailLine(row, options.format);
  if (detail && readDetail(state, line, detail)) return keepGoing(state, row);
  const needsText = columns.some(isTextColumn) && text.length === 0 && state.pending.length === 0;
  if (isItemLine(line, columns, options.format) && !needsText && !isMeasurementNote(line, columns)) {
    const created = withQuantityAtPrice(entry('item', line, columns), options.format);
    if (state.pending.length > 0 && (!startsNumbered(line, columns) || numberedUnderText(line, state.pending[0], columns))) {
      addText(created, state.pending, true);
      dropValuesCaption(created, line);
      state.valuesBelowText = true;
    }
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
  if (total && !priced && readUnpricedSubtotal(state, line, total, upcoming()[0], options)) return keepGoing(state, row);
  // A title over the header printed again is read by that header's columns (a box beside the last one stands elsewhere).
  const repeated = priced ? null : headerUnderTitle(rows, index, state);
  if (repeated) {
    state.header = withInferredColumns(withEarlierColumns(repeated, state.header), state.inferred);
    return openHeading(state, splitInScan(state, row, options));
  }
  if (text.length > 0 && (values.money === 0 || onlyFactsBeside(line, columns)) && isHeading(state, line, upcoming(), options)) return openHeading(state, line);
  // A wrapped line of the description beside a wrapped amount in words ("HEPA cleaning …   Eighty-Eight and 00/100 Dollars"), or beside a
  // wrapped crew or note where it runs on in lower case: a crew or a note beside a new sentence and no price is a line of its own.
  const wraps = (column: TableColumn): boolean => column.role === 'amountInWords' || (hasRoleIn(column, WORDED_ROLES) && startsLowerCase(text));
  const worded = new Set(columns.flatMap((column, at) => (wraps(column) ? line.cells[at] : [])));
  if (text.length > 0 && valueWords(line, columns).every((word) => worded.has(word))) readTextLine(state, line, text, upcoming(), options);
  else state.item = null;
  return keepGoing(state, row);
}

/**
 * A note between the items ("NOTE: Verify framing when opened up.") and the lines its sentence runs
 * on over in lower case: read as no part of the table, and the item above takes no more lines.
 */
function readNoteLine(state: ScanState, line: SplitLine, text: Word[]): boolean {
  const previous = state.note;
  const goesOn = previous !== null && previous === state.lastRow && previous.page === line.row.page && rowGap(previous, line.row) <= WRAP_GAP && startsLowerCase(text);
  state.note = null;
  const last = state.entries.at(-1);
  if (!goesOn && !isNoteLine(line.row, last === undefined || last.kind === 'subtotal')) return false;
  state.note = line.row;
  state.item = null;
  state.pending = [];
  return true;
}

/**
 * A section's total row whose amount OCR lost ("Subtotal" and nothing else, between an item and the
 * next section's first item) is read as the section's subtotal all the same, not as a heading; false
 * when the row is no such total.
 */
function readUnpricedSubtotal(state: ScanState, line: SplitLine, total: TotalLabel, next: SplitLine | undefined, options: TableReadOptions): boolean {
  if (!state.item || !total.concepts.includes('subtotal') || !line.row.words.every((word) => total.words.includes(word))) return false;
  if (!next || next.row.page !== line.row.page || !isItem(next, state, options)) return false;
  const columns = columnsOf(state);
  state.entries.push(entry('subtotal', line, columns, labelWords(line, columns)));
  state.item = null;
  state.pending = [];
  return true;
}

/** A note of measurements ("304.00 SF Walls  88.00 SF Ceiling …"): two quantities with units or more, and no value besides them. */
function isMeasurementNote(line: SplitLine, columns: TableColumn[]): boolean {
  const measured = quantitiesInText(line.row.words);
  const words = new Set(measured.flatMap((quantity) => quantity.words));
  // Besides them, words without digits ("Floor Perimeter") and a quantity OCR glued to its unit ("88.00SF").
  return measured.length >= 2 && valueWords(line, columns).every((word) => words.has(word) || !/\d/.test(word.text) || /^\d[\d.,]*[A-Z]{1,3}$/.test(word.text));
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
  if (amount.length > 0 || !item || item.detail || !previous || previous.page !== line.row.page) return false;
  if (rowGap(previous, line.row) > WRAP_GAP && !keepsItemPitch(item, previous, line.row)) return false;
  item.detail = { quantity, unit, unitPrice };
  item.rows = [...item.rows, line.row];
  return true;
}

/**
 * How much farther (in row heights) a text line must sit from the line above than from the line
 * below to open the item below: items set apart by padding or shading print their lines closer
 * together within an item than between items.
 */
const SPACING_MARGIN = 0.15;

/**
 * Whether `row` sits clearly closer to `below` than to `above`. Spacing is measured between tops and
 * between middles, and the smaller difference counts: a line of x-height letters ("owner") has a
 * lower top, a line with descenders a lower bottom.
 */
function opensBelow(above: LayoutRow, row: LayoutRow, below: LayoutRow): boolean {
  if (row.page !== above.page) return false;
  const middle = (line: LayoutRow): number => line.top + line.height / 2;
  const byTops = row.top - above.top - (below.top - row.top);
  const byMiddles = middle(row) - middle(above) - (middle(below) - middle(row));
  return Math.min(byTops, byMiddles) >= SPACING_MARGIN * Math.max(above.height, row.height, below.height);
}

/** How far left of a line, in row heights, the next item must start to hang out of its indent. */
const HANGING_INDENT = 1.5;

/**
 * A line of text only: a wrapped line of the item above, or a line of the item printed under it
 * (a description whose values sit on its last or middle line), or a note between the items.
 */
function readTextLine(state: ScanState, line: SplitLine, text: Word[], upcoming: SplitLine[], options: TableReadOptions): void {
  const columns = columnsOf(state);
  const next = upcoming[0];
  const pitch = linePitch(state, line, upcoming);
  const close = next !== undefined && nextLineOf(line.row, next.row, pitch);
  const nextText = next ? textWords(next, columns) : [];
  const nextIsItem = close && isItem(next, state, options);
  const nextIsText = close && nextText.length > 0 && valueWords(next!, columns).length === 0;
  // A line between two items joins the one above, unless it starts a sentence the item below continues,
  // or starts one clearly closer to the lines below than to the item above (values on a description's last line).
  // The item below starting left of the line (its number out in the margin of a hanging indent) opens no sentence the line starts.
  const hangsOver = text.length > 0 && nextText.length > 0 && nextText[0].bbox[0] < text[0].bbox[0] - rowHeightsToX(line.row, HANGING_INDENT);
  const opensNext = nextIsItem && !startsLowerCase(text) && startsLowerCase(nextText) && !hangsOver;
  const nearerBelow =
    state.lastRow !== null && close && !startsLowerCase(text) && opensBelow(state.lastRow, line.row, next.row) && leadsToItem(line, upcoming, state, options, pitch);
  if ((isWrappedLine(state, line, text, pitch, next?.row) || continuesCutDescription(state, line, text, upcoming, options)) && !opensNext && !nearerBelow) {
    addText(state.item!, [line], false);
    return;
  }
  state.item = null;
  if ((nextIsItem || nextIsText) && !CONTINUATION_NOTE.test(line.row.text)) state.pending.push(line);
  else state.pending = [];
}

function fewerValuesThanNext(state: ScanState, line: SplitLine, money: number, upcoming: SplitLine[], options: TableReadOptions): boolean {
  const next = upcoming[0];
  if (!next || next.row.page !== line.row.page || !isItem(next, state, options)) return false;
  return lineValues(next, columnsOf(state), options.format).money > money;
}

/**
 * Reads a table from `start` with the given header: headers repeated on later pages re-derive the
 * columns, headings open sections, wrapped lines join their item, subtotals stay in the table, and
 * the first totals row that no item follows ends it.
 */
export function scanTable(rows: LayoutRow[], header: TableHeader, start: number, options: TableReadOptions): Table {
  const inferred = inferHeader(rows, options.format)?.header ?? null;
  const state: ScanState = {
    header: withTrailingAmountColumn(withInferredColumns(header, inferred), rows, start, options.format),
    inferred,
    entries: [],
    item: null,
    pending: [],
    valuesBelowText: false,
    heading: null,
    lastRow: null,
    note: null,
    minItemValues: 2,
  };
  const titled = openTitleAbove(state, rows, start, options);
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
    if (leftOfTableOnNextPage(state, row)) break;
    const repeated = repeatedHeaderOnPage(rows, index, state, options);
    if (repeated > index) {
      index = repeated - 1;
      continue;
    }
    if (state.lastRow && state.lastRow.page !== row.page) state.item = null;
    if (!scanRow(state, rows, index, options)) break;
  }
  const entries = trimTrailing(state.entries);
  const last = entries.at(-1);
  const end = last ? Math.max(...last.rows.map((row) => row.index)) + 1 : start;
  // The columns the items were read and settled by: a heading above the header was read before it.
  const first = entries.find((candidate) => candidate.kind === 'item') ?? entries[0];
  const table: Table = { header: first ? { ...header, columns: first.columns } : header, entries, start: titled ? start - 1 : start, end: Math.max(end, start) };
  return state.totals ? { ...table, totals: state.totals } : table;
}

/** A title printing its items' total right above the table's header ("Demolition   $3,384.43") heads its first items. */
function openTitleAbove(state: ScanState, rows: LayoutRow[], start: number, options: TableReadOptions): boolean {
  const above = rows[start - 1];
  if (!above || above.page !== rows[start].page || above.furniture || readHeaderAt(rows, start) === null) return false;
  const line = splitInScan(state, above, options);
  if (totalLabelOf(labelWords(line, columnsOf(state)), above) || !headsItemsSummingTo(state, rows, start - 1, line, options)) return false;
  return openHeading(state, line);
}

/**
 * Headings after the last item or subtotal head nothing: they belong to what follows the table,
 * unless numbered in its item-number column (a form's empty categories; a title in capitals
 * running over that column is no number).
 */
function trimTrailing(entries: TableEntry[]): TableEntry[] {
  const numbered = (entry: TableEntry): boolean => entry.columns.some((column, index) => column.role === 'itemNumber' && entry.cells[index].some((word) => /\d/.test(word.text)));
  let end = entries.length;
  while (end > 0 && entries[end - 1].kind === 'heading' && !numbered(entries[end - 1])) end -= 1;
  return entries.slice(0, end);
}
