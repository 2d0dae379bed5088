import type { Word } from '../../contracts/document.js';
import { rowGap, rowHeightsToX } from '../rows.js';
import { AMOUNT_SHAPE, startsLowerCase } from './rows.js';
import { isAsideColumn, isTextColumn, type TableColumn, type TableEntry } from './model.js';
import { linePitch, nextLineOf } from './pitch.js';
import { columnsOf, isItem, ITEM_START, WRAP_GAP, type ScanState, type TableReadOptions } from './scan-state.js';
import { textWords, valueWords, type SplitLine } from './split.js';

/**
 * Items printed as a description over a line of their values: the description's lines wait above
 * the values line (`ScanState.pending`), however title-like a wrapped line reads, and a caption set
 * before the values (`Cost:`, `Pricing:`) is no part of the description.
 */

/** An item line that starts with its item number: the lines above it are not its description's. */
export function startsNumbered(line: SplitLine, columns: TableColumn[]): boolean {
  const number = columns.findIndex((column) => column.role === 'itemNumber');
  if (number >= 0 && line.cells[number].length > 0) return true;
  return ITEM_START.test(textWords(line, columns)[0]?.text ?? '');
}

/**
 * An item whose number and values stand on its description's last line, the number out in the margin
 * and the lines above it at its description's left edge ("Skim coat plaster; including all trim," over
 * "1.  fasteners and sealant  580  2.47 SF  1,432.60"): those lines are its description's.
 */
export function numberedUnderText(line: SplitLine, above: SplitLine, columns: TableColumn[]): boolean {
  const number = columns.findIndex((column) => column.role === 'itemNumber');
  const words = textWords(line, columns);
  const numberWords = number >= 0 && line.cells[number].length > 0 ? line.cells[number] : words.slice(0, 1);
  const description = words.find((word) => !numberWords.includes(word));
  const lines = textWords(above, columns);
  const top = lines[0];
  // A line running on in lower case wraps a line above it, no description's first line; one with amounts is a note of figures.
  if (!description || !top || !ITEM_START.test(numberWords[0]?.text ?? '') || startsLowerCase(lines) || lines.some((word) => AMOUNT_SHAPE.test(word.text))) return false;
  const slack = rowHeightsToX(line.row, 1);
  return numberWords[0].bbox[0] < top.bbox[0] - slack && Math.abs(description.bbox[0] - top.bbox[0]) <= slack;
}

/**
 * A line right over a line of values with no text of its own, in a table of described items ("12. Remove
 * carpet and pad" over "95.00 SY  3.13  0.00  297.35"): the values' description, however like a heading it reads.
 */
export function overValuesAlone(line: SplitLine, next: SplitLine | undefined, state: ScanState, options: TableReadOptions): boolean {
  const columns = columnsOf(state);
  if (!next || !columns.some((column) => column.role === 'description') || textWords(next, columns).length > 0 || !isItem(next, state, options)) return false;
  return rowGap(line.row, next.row) <= WRAP_GAP;
}

/**
 * A description over a line of values alone, with words under columns of notes or marks besides
 * ("… with interior" | "trim; including all trim" under REMOVE, as OCR spaces a run-on like a cell):
 * those words are the description's, for no such column prints on a line without values.
 */
export function withAsideWordsAsText(line: SplitLine, next: () => SplitLine | undefined, state: ScanState, options: TableReadOptions): SplitLine {
  const columns = columnsOf(state);
  const description = columns.findIndex((column) => column.role === 'description');
  const aside = columns.flatMap((column, index) => (isAsideColumn(column) && line.cells[index].length > 0 ? [index] : []));
  const priced = columns.some((column, index) => !isTextColumn(column) && !aside.includes(index) && line.cells[index].length > 0);
  if (description < 0 || aside.length === 0 || priced || line.cells[description].length === 0 || !overValuesAlone(line, next(), state, options)) return line;
  const cells = line.cells.map((cell, index) => (aside.includes(index) ? [] : [...cell]));
  cells[description] = [...line.cells[description], ...aside.flatMap((index) => line.cells[index])].sort((a, b) => a.bbox[0] - b.bbox[0]);
  return { row: line.row, cells };
}

/**
 * Whether the text lines from `line` on, each close under the one before, run into an item line that
 * does not start with its own number (such an item takes no lines printed above it), or sets it out
 * in the margin under them.
 */
export function leadsToItem(line: SplitLine, upcoming: SplitLine[], state: ScanState, options: TableReadOptions, pitch: number): boolean {
  let previous = line.row;
  for (const next of upcoming) {
    if (!nextLineOf(previous, next.row, pitch)) return false;
    if (isItem(next, state, options)) return !startsNumbered(next, columnsOf(state)) || numberedUnderText(next, line, columnsOf(state));
    if (valueWords(next, columnsOf(state)).length > 0 || textWords(next, columnsOf(state)).length === 0) return false;
    previous = next.row;
  }
  return false;
}

/**
 * A line between an item's numbered first line and the line of its values, each one line under the
 * other: the description wrapped over it, no heading ("… and HUD Minimum" over "Property Standards"
 * over "1  LS  4,100.00 …"). A section's heading never parts an item's number from its values.
 */
export function wrapsNumberedDescription(state: ScanState, line: SplitLine, upcoming: SplitLine[], options: TableReadOptions): boolean {
  const columns = columnsOf(state);
  const [first] = state.pending;
  const last = state.pending.at(-1);
  if (!first || !last || last.row !== state.lastRow || !(startsNumbered(first, columns) || misreadOutlineNumber(first.row.words[0])) || startsNumbered(line, columns)) return false;
  const pitch = linePitch(state, line, upcoming);
  return nextLineOf(last.row, line.row, pitch) && leadsToItem(line, upcoming, state, options, pitch);
}

/** An outline number as OCR may read its dot ("3,04" for 3.04). */
const misreadOutlineNumber = (word: Word | undefined): boolean => word?.source === 'ocr' && /^\d{1,3},\d{2}$/.test(word.text);

/** A caption of the values ("Cost:", "Pricing:") is a word or two. */
const MAX_CAPTION_WORDS = 2;
/** A caption set in this far (in row heights) from where the description above starts is one, however OCR read its colon. */
const CAPTION_INDENT = 4;

/**
 * Leaves out of an item's description the caption printed before its values on the values line, where
 * the description was printed on the lines above (`values` is that line): a word or two ending in a
 * colon, or set in well right of where the description starts.
 */
export function dropValuesCaption(item: TableEntry, values: SplitLine): void {
  const index = item.columns.findIndex((column) => column.role === 'description');
  if (index < 0) return;
  const own = textWords(values, item.columns);
  const above = item.cells[index].filter((word) => !own.includes(word));
  if (above.length === 0 || own.length === 0 || own.length > MAX_CAPTION_WORDS || !own.every((word) => item.cells[index].includes(word))) return;
  // Measured from the description's column where item numbers or codes stand left of it ("017000-0010  Remove …" over "away  1  LS"),
  // and from its text where its number leads it, the lines under it hanging ("A.2.3  Tile floor" over "venting  1 EA").
  const text = above.length > 1 && ITEM_START.test(above[0].text) ? above.slice(1) : above;
  const left = Math.max(Math.min(...text.map((word) => word.bbox[0])), item.columns[index].x0);
  const setIn = own[0].bbox[0] - left > rowHeightsToX(values.row, CAPTION_INDENT);
  if (setIn || endsInColon(own)) item.cells[index] = above;
}

const endsInColon = (words: Word[]): boolean => /\p{L}:$/u.test(words[words.length - 1].text) && words.every((word) => !/\d/.test(word.text));
