import type { DocumentModel, Page, Word } from '../contracts/document.js';
import { groupIntoBands } from '../document/geometry.js';
import { joinWords, median, wordPieces } from './boxes.js';
import { withCentsCellsJoined } from './cents-cells.js';
import { withDigitGroupsJoined } from './digit-groups.js';

/**
 * One visual row of a page: the words whose vertical extents overlap, left to right. Horizontal
 * distances on a row are measured in row heights (`gapBefore`), with the page's aspect ratio
 * applied, so thresholds mean the same on portrait, landscape, Letter and A4 pages.
 */
export interface LayoutRow {
  /** 1-based page number. */
  page: number;
  /** Index of the row in document order. */
  index: number;
  words: Word[];
  top: number;
  bottom: number;
  /** Median word height, in fractions of the page height: the unit for gaps and tolerances. */
  height: number;
  /** Page width / page height: turns a horizontal page fraction into the vertical unit. */
  aspect: number;
  text: string;
  /** Printed at the same place on most pages (running header or footer). */
  furniture: boolean;
  /**
   * The page's word spacing in row heights (about 0.3 in proportional fonts, 1 in Courier): gaps
   * between cells are told from spaces between words by it (see `cellGap`).
   */
  space: number;
}

/** "Page 2 of 3", "Seite 2", "2 of 3", "- 2 -": a page number in the margin. */
const PAGE_NUMBER = /^((page|seite|pagina|página|blatt|hoja|feuille|folio|pág\.?)\s*:?\s*\d+(\s*(of|\/|von|de|sur|van)\s*\d+)?|\d+\s*(of|von|de|sur|van)\s*\d+|-\s*\d+\s*-)$/i;
/** "Page of 3": a page number whose own digit OCR lost (a lone "1" is the glyph it loses most), in a margin row only. */
const PAGE_NUMBER_LOST = /^(page|seite|pagina|página|blatt|hoja|feuille|folio|pág\.?)\s+(of|von|de|sur|van)\s*\d+$/i;
/** A total's word after "Page 2" ("PAGE 2 TOTAL", "Seite 1 Summe"). */
const PAGE_TOTAL_WORD = /^(sub-?)?(total|totaal|totale|summe|somme|suma)s?:?$/i;
/** "1/1", "2 / 3": a page number only when it is all a margin row holds (else a fraction such as 7/16). */
const BARE_PAGE_NUMBER = /^\d{1,3}\s*\/\s*\d{1,3}$/;
/** `Email:jo@x.com`, `NUMBER:CL2517`: a label glued to its value by a colon. */
const GLUED_LABEL = /^(?=[^:：]*\p{L})(.*?[\p{L}#)\].])([:：])(?!\/\/)(.+)$/u;
/** OCR reads table rulings as bars and brackets glued to the words ("$1,285.00]", "|"). */
const RULING_EDGES = /^[|[\]{}_]+|[|[\]{}_]+$/g;

/** Splits a word glued to its label by a colon into two words sharing the box by character count. */
export function splitGluedLabel(word: Word): Word[] {
  const match = GLUED_LABEL.exec(word.text);
  if (!match) return [word];
  const [head, rest] = wordPieces(word, [match[1] + match[2], match[3]]);
  return [head, ...splitGluedLabel(rest)];
}

/** A colon OCR misread after a dot leader glued to its label ("Borrower......!" for "Borrower......:"); a bar there is a ruling's edge, stripped before. */
const LEADER_COLON_MISREAD = /(?<=[.·…]{3})[!¦;]$/;
/** A typed rule ("========") as OCR may read it: one letter five times or more, no word of any language ("SSSSSSSS"). */
const RULE_MISREAD = /^(\p{L})\1{4,}$/u;
/** A bar inside an OCR word: the typed column rule between two cells that OCR glued together ("7|EA"). */
const INNER_BAR = /^([^|¦]+)[|¦]([^|¦].*)$/;

function cleanWord(word: Word): Word {
  if (word.source !== 'ocr') return word;
  let text = word.text.replace(RULING_EDGES, '').replace(LEADER_COLON_MISREAD, ':').replace(RULE_MISREAD, '');
  // A speck read as an opening quote before a word ("‘Sacramento,"): no closing quote follows it.
  if (/^[‘“`]+\p{L}/u.test(text) && !/[’”]/.test(text)) text = text.replace(/^[‘“`]+/, '');
  return text === word.text ? word : { ...word, text };
}

/** An OCR word cut at the typed column rules inside it, each piece its share of the box ("7|EA" → "7", "EA"). */
function splitAtInnerBars(word: Word): Word[] {
  const match = word.source === 'ocr' ? INNER_BAR.exec(word.text) : null;
  if (!match) return [word];
  const [head, , rest] = wordPieces(word, [match[1], word.text[match[1].length], match[2]]);
  return [head, ...splitAtInnerBars(rest)];
}

/** Dot leaders ("Closet shelving . . . . . $603.00"): printed to guide the eye, neither text nor a gap's end. */
const LEADER_WORD = /^[.·…]+$/;
const GLUED_LEADER_END = /(?<=[\p{L}\p{N})])[.·…]{3,}$/u;
const GLUED_LEADER_START = /^[.·…]{3,}(?=[\p{L}\p{N}$€£(])/u;
const LEADER_MIN_DOTS = 3;

/** A word with part of its text cut, its box shrunk by the share of characters kept. */
function trimmed(word: Word, text: string, fromEnd: boolean): Word {
  const [x0, y0, x1, y1] = word.bbox;
  const cut = ((x1 - x0) * (word.text.length - text.length)) / word.text.length;
  return { ...word, text, bbox: fromEnd ? [x0, y0, x1 - cut, y1] : [x0 + cut, y0, x1, y1] };
}

/** A row's words without its dot leaders: runs of dot-only words, and dots glued to a word's end or start. */
function withoutLeaders(words: Word[]): Word[] {
  const sorted = [...words].sort((a, b) => a.bbox[0] - b.bbox[0]);
  const kept: Word[] = [];
  for (let index = 0; index < sorted.length; ) {
    let end = index;
    while (end < sorted.length && LEADER_WORD.test(sorted[end].text)) end += 1;
    const run = sorted.slice(index, end);
    if (run.length > 0) {
      if (run.reduce((dots, word) => dots + word.text.length, 0) < LEADER_MIN_DOTS) kept.push(...run);
      index = end;
      continue;
    }
    const word = sorted[index];
    const text = word.text.replace(GLUED_LEADER_END, '');
    const start = text.replace(GLUED_LEADER_START, '');
    kept.push(start !== text ? trimmed(trimmed(word, text, true), start, false) : text !== word.text ? trimmed(word, text, true) : word);
    index += 1;
  }
  return kept;
}

export function makeRow(page: number, aspect: number, words: Word[], index = 0): LayoutRow {
  const sorted = [...words].sort((a, b) => a.bbox[0] - b.bbox[0]);
  return {
    page,
    index,
    words: sorted,
    top: Math.min(...sorted.map((word) => word.bbox[1])),
    bottom: Math.max(...sorted.map((word) => word.bbox[3])),
    height: median(sorted.map((word) => word.bbox[3] - word.bbox[1])),
    aspect,
    text: joinWords(sorted),
    furniture: false,
    space: DEFAULT_SPACE,
  };
}

const DEFAULT_SPACE = 0.35;

/**
 * The word spacing of a page: over rows of three words or more, the median of each row's smallest
 * gap (a single space), in row heights.
 */
function pageSpace(rows: LayoutRow[]): number {
  const smallest = rows
    .filter((row) => row.words.length >= 3)
    .map((row) => Math.min(...row.words.slice(1).map((_, index) => gapBefore(row, index + 1)).filter((gap) => gap > 0.05)))
    .filter(Number.isFinite);
  if (smallest.length < 3) return DEFAULT_SPACE;
  return Math.min(1.5, Math.max(0.15, median(smallest)));
}

/** Only the last few rows can still overlap a word that comes later in top-to-bottom order. */
const ROW_LOOKBACK = 3;

/** Groups words into rows: each word joins the recent row it overlaps most (at least half its height). */
export const groupWordsIntoRows = (words: Word[]): Word[][] => groupIntoBands(words, ROW_LOOKBACK).map((band) => band.words);

/** Removes "Page 2 of 4" style page numbers, which would otherwise read as amounts in a right-hand column. */
function withoutPageNumbers(row: LayoutRow): LayoutRow | null {
  const words = row.words;
  const inMargin = row.top < MARGIN_BAND || row.bottom > 1 - MARGIN_BAND;
  if (inMargin && BARE_PAGE_NUMBER.test(row.text)) return null;
  for (let start = 0; start < words.length; start += 1) {
    for (let length = Math.min(4, words.length - start); length >= 1; length -= 1) {
      const text = joinWords(words.slice(start, start + length));
      // "PAGE 2 TOTAL" labels the page's total: its page is no page number.
      if (PAGE_TOTAL_WORD.test(words[start + length]?.text ?? '')) continue;
      if (PAGE_NUMBER.test(text) || (inMargin && PAGE_NUMBER_LOST.test(text))) {
        const rest = [...words.slice(0, start), ...words.slice(start + length)];
        return rest.length === 0 ? null : makeRow(row.page, row.aspect, rest);
      }
    }
  }
  return row;
}

/**
 * Text printed at the same height on several pages (running headers and footers), with digits
 * folded so "Printed 02/06/2026" on each page counts as one line.
 */
const furnitureKey = (row: LayoutRow): string => `${Math.round(row.top * 50)}|${row.text.toLowerCase().replace(/\d+/g, '#')}`;
const MARGIN_BAND = 0.12;
/** An amount with cents ("1,034.48", "18,48"). */
const CENTS_AMOUNT = /^[$€£]?-?\d{1,3}(?:[,.' ]\d{3})*[.,]\d{2}$/;
/** A line of a table's amounts ("4.00 EA  0.00  254.00  1,034.48"): its figures change from page to page, however alike their shape. */
const holdsAmounts = (row: LayoutRow): boolean => row.words.filter((word) => CENTS_AMOUNT.test(word.text)).length >= 2;

function markFurniture(rowsByPage: LayoutRow[][]): void {
  if (rowsByPage.length < 2) return;
  const inMargin = (row: LayoutRow): boolean => row.top < MARGIN_BAND || row.bottom > 1 - MARGIN_BAND;
  const pagesPerKey = new Map<string, number>();
  for (const rows of rowsByPage) {
    for (const key of new Set(rows.filter(inMargin).map(furnitureKey))) pagesPerKey.set(key, (pagesPerKey.get(key) ?? 0) + 1);
  }
  const needed = Math.max(2, rowsByPage.length - 1);
  for (const row of rowsByPage.flat()) row.furniture = inMargin(row) && !holdsAmounts(row) && (pagesPerKey.get(furnitureKey(row)) ?? 0) >= needed;
}

export interface RowOptions {
  /** Drop "Page 2 of 4" words (default true). */
  dropPageNumbers?: boolean;
  /** Split `Label:value` words at the colon (default true). */
  splitGluedLabels?: boolean;
}

/** A row of rule characters typed as text ("========", "--------"): a ruling, not words. */
const isTypedRule = (row: LayoutRow): boolean => row.words.every((word) => /^[-=_*~.·•─━═|+]+$/.test(word.text)) && row.text.replace(/\s/g, '').length >= 3;

/** Typed column rules ("| 1 | Replace water heater |  1,770.00 |"): three or more bars on a row mark cells, they are not words. */
const TYPED_COLUMN_RULES = 3;
function withoutColumnBars(words: Word[]): Word[] {
  const bars = words.filter((word) => word.text === '|' || word.text === '¦');
  return bars.length >= TYPED_COLUMN_RULES ? words.filter((word) => !bars.includes(word)) : words;
}

export function pageRows(page: Page, options: RowOptions = {}): LayoutRow[] {
  const aspect = page.width > 0 && page.height > 0 ? page.width / page.height : 0.77;
  const words = page.words
    .map(cleanWord)
    .flatMap(splitAtInnerBars)
    .filter((word) => word.text.trim() !== '')
    .flatMap((word) => (options.splitGluedLabels === false ? [word] : splitGluedLabel(word)));
  const grouped = groupWordsIntoRows(words)
    .map((group) => withoutColumnBars(withoutLeaders(group)))
    .filter((group) => group.length > 0)
    .map((group) => makeRow(page.number, aspect, group))
    .filter((row) => !isTypedRule(row));
  const rows = withCentsCellsJoined(grouped, (row, rowWords) => makeRow(row.page, row.aspect, rowWords));
  const space = pageSpace(rows);
  const kept = options.dropPageNumbers === false ? rows : rows.map(withoutPageNumbers).filter((row): row is LayoutRow => row !== null);
  for (const row of kept) row.space = Math.max(space, rowSpace(row));
  return kept;
}

/** Word gaps of a row set in wider type than the page's ("Jennifer Chaudhry and Priya" in Courier over a proportional table)... */
const MIN_ROW_SPACE_GAPS = 3;
/** ...at most this wide (in row heights: monospace sets words about one height apart; wider is a cell gap)... */
const MAX_ROW_SPACE = 1.2;
/** ...and within this factor of the row's smallest gap. */
const ROW_SPACE_SPREAD = 1.3;

/** The row's own word spacing where at least three of its gaps are alike and no wider than monospace; 0 otherwise. */
function rowSpace(row: LayoutRow): number {
  const gaps = row.words.slice(1).map((_, index) => gapBefore(row, index + 1)).filter((gap) => gap > 0.05);
  if (gaps.length < MIN_ROW_SPACE_GAPS) return 0;
  const smallest = Math.min(...gaps);
  const alike = gaps.filter((gap) => gap <= smallest * ROW_SPACE_SPREAD).length;
  return alike >= MIN_ROW_SPACE_GAPS && smallest <= MAX_ROW_SPACE ? smallest : 0;
}

/** Rows of every page in reading order, page numbers removed, running headers and footers marked. */
export function buildRows(document: DocumentModel, options: RowOptions = {}): LayoutRow[] {
  const rowsByPage = withDigitGroupsJoined(document.pages.map((page) => pageRows(page, options)));
  markFurniture(rowsByPage);
  const rows = rowsByPage.flat();
  rows.forEach((row, index) => (row.index = index));
  return rows;
}

/** Whether OCR read any of the rows (a text layer spells its labels exactly; OCR may lose some). */
export const readByOcr = (rows: LayoutRow[]): boolean => rows.some((row) => row.words.some((word) => word.source === 'ocr'));

/** Horizontal gap before word `index` of a row, in row heights (Infinity for the first word). */
export function gapBefore(row: LayoutRow, index: number): number {
  if (index <= 0) return Number.POSITIVE_INFINITY;
  return ((row.words[index].bbox[0] - row.words[index - 1].bbox[2]) * row.aspect) / Math.max(row.height, 1e-6);
}

/** A horizontal page-fraction distance on this row, in row heights. */
export function inRowHeights(row: LayoutRow, dx: number): number {
  return (dx * row.aspect) / Math.max(row.height, 1e-6);
}

/** A distance in row heights as a horizontal page fraction. */
export function rowHeightsToX(row: LayoutRow, heights: number): number {
  return (heights * row.height) / Math.max(row.aspect, 1e-6);
}

/**
 * The narrowest gap (in row heights) between two cells of a row: `base` in proportional fonts,
 * wider where the page's spaces are wide (monospace type sets words about one height apart).
 */
export function cellGap(row: LayoutRow, base = 0.95): number {
  return Math.max(base, 1.7 * row.space);
}

/** Whether a cell boundary lies before word `index` of the row. */
export const startsCell = (row: LayoutRow, index: number, base?: number): boolean => index === 0 || (gapBefore(row, index) > cellGap(row, base) && !oneSpaceApart(row, index));

/** A word's advance per character, of words long enough to tell it... */
const MIN_ADVANCE_CHARS = 3;
/** ...and how far off one character's step a word may start from the one before it. */
const ADVANCE_TOLERANCE = 0.35;

/**
 * Words of text set one space apart in monospace type ("Wendy N. Anderson" typed in a form's box): the next
 * word starts one character's advance after the last character of this one. In type wide for its
 * height a single space is wider than `cellGap`, on rows too short to show their spacing.
 */
function oneSpaceApart(row: LayoutRow, index: number): boolean {
  const [left, right] = [row.words[index - 1], row.words[index]];
  // Words of running text: column headers set at an even pitch ("W10 W11 W12") or amounts are cells.
  if (![left, right].every((word) => /\p{L}/u.test(word.text)) || !/\p{Ll}/u.test(left.text + right.text)) return false;
  const longer = [...left.text].length >= [...right.text].length ? left : right;
  const chars = [...longer.text].length;
  if (chars < MIN_ADVANCE_CHARS) return false;
  const advance = (longer.bbox[2] - longer.bbox[0]) / chars;
  const step = right.bbox[0] - left.bbox[0] - ([...left.text].length + 1) * advance;
  return Math.abs(step) <= ADVANCE_TOLERANCE * advance;
}

/** Splits a row into cells at gaps wider than `cellGap(row, base)` row heights. */
export function cellsOf(row: LayoutRow, base = 1.2): Word[][] {
  const cells: Word[][] = [];
  row.words.forEach((word, index) => {
    if (startsCell(row, index, base)) cells.push([word]);
    else cells[cells.length - 1].push(word);
  });
  return cells;
}

/**
 * Vertical gap between two rows of one page, in row heights (the taller of the two: a line of
 * x-height letters such as "eaves" is shorter than the text it continues).
 */
export function rowGap(upper: LayoutRow, lower: LayoutRow): number {
  return (lower.top - upper.bottom) / Math.max(lower.height, upper.height, 1e-6);
}
