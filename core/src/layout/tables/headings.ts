import type { Word } from '../../contracts/document.js';
import { joinWords } from '../boxes.js';
import { cents } from '../numbers.js';
import { cellsOf, rowGap, rowHeightsToX, type LayoutRow } from '../rows.js';
import { readAmountCell } from './cells.js';
import { continuesCutDescription } from './cut-lines.js';
import { overValuesAlone, wrapsNumberedDescription } from './lines-above-values.js';
import { keepsItemPitch, setApartFromWraps } from './pitch.js';
import { ANNOTATION_ROLES, hasRoleIn, isAsideColumn, isTextColumn, type TableColumn } from './model.js';
import { allDashes, headingNumbering, isItemLine, isTitleLike, lineValues } from './rows.js';
import { columnsOf, CONTINUATION_NOTE, entry, isItem, ITEM_START, keepGoing, splitInScan, WRAP_GAP, type ScanState, type TableReadOptions } from './scan-state.js';
import { textWords, valueWords, type SplitLine } from './split.js';

/** Section headings inside a table: numbered, titled, over the items or the form lines they head. */

/** A line of a form with no work on it: its text, and dashes for its amounts ("2  Demolition   $ -   $ -   $ -"). */
function isEmptyLine(line: SplitLine | undefined, state: ScanState): boolean {
  return line !== undefined && textWords(line, columnsOf(state)).length > 0 && allDashes(valueWords(line, columnsOf(state)));
}

/** A note under a heading ("2,436.00 SF Walls  116.00 LF Perimeter") sits this close (in row heights) above the first item. */
const NOTE_GAP = 2;

/**
 * A note printed with numbers right over an item ("464.00 SF Walls  168.00 SF Ceiling  58.00 LF Floor
 * Perimeter"), no item itself, whatever columns its numbers fall in: a heading may stand over it.
 */
function noteOverItem(upcoming: SplitLine[], state: ScanState, options: TableReadOptions): boolean {
  const [note, item] = upcoming;
  if (!note || !item || isItem(note, state, options) || valueWords(note, columnsOf(state)).length === 0) return false;
  return isItem(item, state, options) && item.row.page === note.row.page && rowGap(note.row, item.row) <= NOTE_GAP;
}

/** Lines a sentence an item's first line starts may run on over before its amounts. */
const SENTENCE_LINES = 2;

/** The first line of an item whose values are printed on a line under it: numbered as an item, or text closely followed by an item. */
function opensItem(upcoming: SplitLine[], state: ScanState, options: TableReadOptions): boolean {
  const [next] = upcoming;
  if (!next || isItem(next, state, options)) return false;
  const columns = columnsOf(state);
  const text = textWords(next, columns);
  // A checklist's mark ("X" under S | R | NP) on a line of its own prices nothing.
  const values = next.cells.filter((_, index) => !isTextColumn(columns[index]) && !isAsideColumn(columns[index])).flat();
  if (text.length < 2 || values.length > 0) return false;
  if (ITEM_START.test(text[0].text)) return true;
  // Its sentence may run on over a line or two before the line with its values.
  let above = next;
  for (const line of upcoming.slice(1, 1 + SENTENCE_LINES)) {
    if (line.row.page !== above.row.page || rowGap(above.row, line.row) > NOTE_GAP) return false;
    if (isItem(line, state, options)) return true;
    if (valueWords(line, columns).length > 0) return false;
    above = line;
  }
  return false;
}

/** A line this much taller than the one above is set in larger type. */
const HEADING_TYPE_RATIO = 1.3;

/** "Continued on next page …" points elsewhere; "CONTINUED - Roof" heads a section again. */
const POINTS_ELSEWHERE = /\b(next|following) page\b|\bcontinued (on|over)\b|\bcarried forward\b|\bsee page\b|\bsuite page\b|\bfortsetzung (auf|siehe)\b/i;

/** Lines going on in lower case under a line, of which one prints an item's values: the line starts an item. */
function endsSentenceBelow(upcoming: SplitLine[], state: ScanState, options: TableReadOptions): boolean {
  const columns = columnsOf(state);
  for (const line of upcoming.slice(0, SENTENCE_LINES)) {
    // A line with its own item number starts an item, whatever OCR read for the number ("is" for 1).
    if (columns.some((column, index) => column.role === 'itemNumber' && line.cells[index].length > 0)) return false;
    if (!/^\p{Ll}/u.test(textWords(line, columns)[0]?.text ?? '')) return false;
    if (isItem(line, state, options)) return true;
    if (valueWords(line, columns).length > 0) return false;
  }
  return false;
}

/** A text-only row that heads the items under it. */
export function isHeading(state: ScanState, line: SplitLine, upcoming: SplitLine[], options: TableReadOptions): boolean {
  const next = upcoming[0];
  if (POINTS_ELSEWHERE.test(line.row.text)) return false;
  // "22  36 in. vanity …" after item 21 is the next item's first line, however like a cost code ("22 36") its numbers read.
  const numbering = continuesItemNumbering(state, line) ? null : headingNumbering(line.row.text);
  if (numbering !== 'strong' && overValuesAlone(line, next, state, options)) return false;
  // "4. Vinyl double-hung window, Low-E, insulated glass, with interior" is an item's first line, numbered like a heading.
  if (numbering === 'strong' || (numbering === 'weak' && isTitleLike(line.row.words.slice(1)))) return true;
  // "0060 SISTER ROTTED FLOOR JOISTS WITH 2X10" over "PRESSURE-TREATED LUMBER": a description cut at its column's edge goes on.
  if (!capitalsUnderMixedCase(line, state) && continuesCutDescription(state, line, textWords(line, columnsOf(state)), upcoming, options)) return false;
  // "Code-compliant handrail and balusters at rear" over "steps, pressure-treated  408.75  770.00": the item's first line, its amounts on the line that ends its sentence (or one more line down).
  if (endsSentenceBelow(upcoming, state, options)) return false;
  if (wrapsNumberedDescription(state, line, upcoming, options)) return false;
  // A heading may head a subheading ("KITCHEN" over "Cabinets" over the items).
  const headsSubheading = next !== undefined && textWords(next, columnsOf(state)).length > 0 && valueWords(next, columnsOf(state)).length === 0 && isTitleLike(next.row.words) && (isItem(upcoming[1], state, options) || opensItem(upcoming.slice(1), state, options));
  const itemFollows = isItem(next, state, options) || isEmptyLine(next, state) || noteOverItem(upcoming, state, options);
  if (!(itemFollows || opensItem(upcoming, state, options) || headsSubheading) || !isTitleLike(titleOf(line, columnsOf(state)))) return false;
  const previous = state.lastRow;
  // A line as far under the item's last line as its lines are under one another follows on, however wide a gap its glyphs leave.
  const atItemPitch = previous !== null && state.item !== null && keepsItemPitch(state.item, previous, line.row);
  const afterBreak =
    !previous || previous.page !== line.row.page || (rowGap(previous, line.row) > WRAP_GAP && !atItemPitch) || line.row.top < previous.top || setApartFromWraps(state, previous, line.row);
  // A heading set in larger type sits as close under the item above as a wrapped line would.
  const larger = previous !== null && line.row.height >= HEADING_TYPE_RATIO * previous.height;
  if (setInUnderOutdentedHeadings(line, state)) return false;
  // After a form's empty line ("2  Demolition  $ -  $ -") no item runs on into this line.
  return afterBreak || larger || state.entries.at(-1)?.kind !== 'item' || state.item === null || outdented(line, state) || capitalsUnderMixedCase(line, state);
}

/** Letters a heading in capitals needs to be told from a wrapped line by its case alone ("GFI" may end a description). */
const MIN_CAPITAL_HEADING_LETTERS = 4;

/** A heading in capitals ("HALL BATH") under an item described in mixed case, as close under it as a wrapped line would sit. */
function capitalsUnderMixedCase(line: SplitLine, state: ScanState): boolean {
  const letters = line.row.text.replace(/[^\p{L}]/gu, '');
  if (letters.length < MIN_CAPITAL_HEADING_LETTERS || letters !== letters.toUpperCase() || !state.item) return false;
  // Mixed case sets most letters in lower case: a letter OCR read in lower case ("OSBi", "2x10") leaves a description in capitals.
  // With no description column, the item's text columns say what it is (a bid's trade: "Rough & Finish Carpentry").
  const item = state.item;
  const description = item.columns.findIndex((column) => column.role === 'description');
  const text = joinWords(description >= 0 ? item.cells[description] : textWords(item, item.columns));
  return (text.match(/\p{Ll}/gu)?.length ?? 0) > (text.match(/\p{Lu}/gu)?.length ?? 0);
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

/**
 * Where every heading so far stood out at the left, where item numbers stand, a title-like line set in
 * at the descriptions under an item goes on with its description ("… HUD Minimum" over "Property
 * Standards"), however far below it a photo's skew sets it.
 */
function setInUnderOutdentedHeadings(line: SplitLine, state: ScanState): boolean {
  const headings = state.entries.filter((entry) => entry.kind === 'heading');
  if (headings.length === 0 || state.entries.at(-1)?.kind !== 'item' || state.item === null || outdented(line, state)) return false;
  return headings.every((heading) => outdented({ row: heading.rows[0], cells: heading.cells }, state));
}

/**
 * Whether a line's text reads as a title, its item number left out ("1  General Requirements": the
 * number stands in a column of its own) and, where they make it too long, the signs that join its
 * words ("Phase 5 – Rough & Finish Carpentry" is five words).
 */
function isTitleText(line: SplitLine, columns: TableColumn[]): boolean {
  const number = columns.findIndex((column) => column.role === 'itemNumber');
  // A title set out at the left margin runs over the item-number column ("MASONRY  8,278.37"): its words are the title's.
  const numbered = (word: Word): boolean => number >= 0 && line.cells[number].includes(word) && /\d/.test(word.text);
  const words = textWords(line, columns).filter((word) => !numbered(word));
  return isTitleLike(words) || isTitleLike(words.filter((word) => /[\p{L}\d]/u.test(word.text)));
}

/** Rows read ahead to add up the items under a heading that prints its section's total. */
const SECTION_SUM_ROWS = 80;

/**
 * A title with only an amount ("Living Room   6,518.83") over items that print more values than it
 * (labor, material and total) and whose amounts add up to it: a heading that prints its section's
 * total, numbered or not, and no lump-sum item.
 */
export function headsItemsSummingTo(state: ScanState, rows: LayoutRow[], index: number, line: SplitLine, options: TableReadOptions): boolean {
  const columns = columnsOf(state);
  // With no amount column named yet ("Materials | Labor | Price"), the column the title's amount stands in.
  const named = columns.findIndex((column) => column.role === 'amount');
  const amount = named >= 0 ? named : line.cells.findLastIndex((cell, index) => !isTextColumn(columns[index]) && cell.length > 0);
  const printed = amount < 0 ? null : readAmountCell(line.cells[amount], options.format);
  if (!printed || printed.value <= 0 || !isTitleText(line, columns)) return false;
  let sum = 0;
  for (let next = index + 1; next < Math.min(rows.length, index + SECTION_SUM_ROWS) && sum < printed.value; next += 1) {
    if (rows[next].furniture) continue;
    const item = splitInScan(state, rows[next], options);
    if (!isItemLine(item, columns, options.format)) continue;
    const value = readAmountCell(item.cells[amount], options.format);
    if (!value || lineValues(item, columns, options.format).money < 2) return false;
    sum += value.value;
    if (cents(sum) === cents(printed.value)) return true;
  }
  return false;
}

/**
 * A row printing only an amount that the fuller items since the section's heading add up to
 * ("Estimated cost, this room  $2,078.00"): the section's total, whatever its label says. With
 * `scope: 'table'`, whether it adds up all the table's items instead.
 */
export function totalsItemsAbove(state: ScanState, line: SplitLine, options: TableReadOptions, scope: 'section' | 'table' = 'section'): boolean {
  const amountOf = (cells: Word[][], columns: TableColumn[]): number | null => {
    const index = columns.findIndex((column) => column.role === 'amount');
    return index < 0 ? null : (readAmountCell(cells[index], options.format)?.value ?? null);
  };
  const printed = amountOf(line.cells, columnsOf(state));
  // The section goes on under its heading printed again after a page break ("MASTER BEDROOM (continued)").
  const goesOn = (entry: ScanState['entries'][number]): boolean => entry.kind === 'item' || (entry.kind === 'heading' && CONTINUATION_NOTE.test(joinWords(entry.label)));
  let start = scope === 'table' ? 0 : state.entries.length;
  while (start > 0 && goesOn(state.entries[start - 1])) start -= 1;
  const items = state.entries.slice(start).filter((entry) => entry.kind === 'item');
  if (printed === null || (scope === 'section' && start === 0) || items.length === 0) return false;
  let sum = 0;
  for (const item of items) {
    const value = amountOf(item.cells, item.columns);
    if (value === null || lineValues({ row: item.rows[0], cells: item.cells }, item.columns, options.format).money < 2) return false;
    sum += value;
  }
  return cents(sum) === cents(printed);
}

/** A heading's words without the facts printed beside it ("Master Bedroom      Height: 8'"). */
function headingWords(row: LayoutRow): Word[] {
  const cells = cellsOf(row);
  const facts = cells.findIndex((cell, index) => index > 0 && cell.some((word) => /.:$/.test(word.text)));
  return facts < 0 ? row.words : cells.slice(0, facts).flat();
}

/** A heading's title: its words without the facts and the annotations (a duration, a crew) printed beside it. */
function titleOf(line: SplitLine, columns: TableColumn[]): Word[] {
  const aside = new Set(columns.flatMap((column, index) => (hasRoleIn(column, ANNOTATION_ROLES) ? line.cells[index] : [])));
  return headingWords(line.row).filter((word) => !aside.has(word));
}

/** Whether every value of a line is a fact printed beside its text under a label ("Bedroom 2      Height: 8"): no amount. */
export function onlyFactsBeside(line: SplitLine, columns: TableColumn[]): boolean {
  const heading = new Set(headingWords(line.row));
  const values = valueWords(line, columns);
  return values.length > 0 && heading.size < line.row.words.length && values.every((word) => !heading.has(word));
}

export function openHeading(state: ScanState, line: SplitLine): true {
  // A duration, crew or note beside the title ("2  CONCRETE  15d  5,667.00") is the row's annotation, not the title's.
  const words = titleOf(line, columnsOf(state));
  state.entries.push(entry('heading', line, columnsOf(state), words));
  state.heading = joinWords(words);
  state.item = null;
  state.pending = [];
  return keepGoing(state, line.row);
}

// A cost code of four digits numbers its lines the same way ("0900" over "0900.10", "0900.20").
const BARE_NUMBER = /^(\d{1,4})\.?$/;
const OUTLINE_NUMBER = /^(\d{1,4})\.\d{1,3}\b/;
const OUTLINE_LOOKAHEAD = 4;

const itemNumberOf = (line: Pick<SplitLine, 'cells'>, columns: TableColumn[]): string => {
  const index = columns.findIndex((column) => column.role === 'itemNumber');
  return index < 0 ? '' : joinWords(line.cells[index]);
};

/** A heading's number in the item-number column, the start of its title run over into that column or not ("0100 General" | "Requirements"). */
function headingNumberOf(line: SplitLine, columns: TableColumn[]): string {
  const index = columns.findIndex((column) => column.role === 'itemNumber');
  const [first, ...rest] = index < 0 ? [] : line.cells[index];
  return first && rest.every((word) => !/\d/.test(word.text)) ? first.text : '';
}

/** An item numbered one after the item before it ("13  60 in. acrylic bathtub" after item 12), however its text reads. */
export function continuesItemNumbering(state: ScanState, line: SplitLine): boolean {
  const number = BARE_NUMBER.exec(itemNumberOf(line, columnsOf(state)))?.[1];
  const previous = state.entries.findLast((earlier) => earlier.kind === 'item');
  const before = previous ? BARE_NUMBER.exec(itemNumberOf(previous, previous.columns))?.[1] : undefined;
  return number !== undefined && before !== undefined && Number(number) === Number(before) + 1;
}

/**
 * Outline numbering: where items are numbered 1.1, 1.2…, a row numbered 1 with a short title is
 * their section's heading ("1   MASONRY"), its items printed or not. A row with an amount ("2024 Code
 * upgrade allowance  1,250.00", "1000 Gallon septic tank  4,500.00") heads a section only over items
 * numbered under it ("1000.10").
 */
export function isOutlineHeading(state: ScanState, line: SplitLine, upcoming: () => SplitLine[], priced: boolean): boolean {
  const columns = columnsOf(state);
  const number = BARE_NUMBER.exec(headingNumberOf(line, columns))?.[1];
  const unit = columns.findIndex((column) => column.role === 'unit' || column.role === 'unitPrice');
  if (!number || !isTitleText(line, columns) || (unit >= 0 && line.cells[unit].length > 0)) return false;
  const outlined = state.entries.some((earlier) => earlier.kind === 'item' && OUTLINE_NUMBER.test(joinWords(earlier.cells[earlier.columns.findIndex((column) => column.role === 'itemNumber')] ?? [])));
  if (outlined && !priced) return true;
  // OCR may misread the first item's number ("1.1" as "44"): any of the next few items will do.
  return upcoming()
    .slice(0, OUTLINE_LOOKAHEAD)
    .some((next) => OUTLINE_NUMBER.exec(itemNumberOf(next, columns))?.[1] === number);
}
