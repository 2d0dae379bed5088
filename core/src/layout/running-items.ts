import type { Word } from '../contracts/document.js';
import { joinWords } from './boxes.js';
import { parseAmount, type NumberFormat } from './numbers.js';
import { cellGap, groupWordsIntoRows, makeRow, rowGap, rowHeightsToX, type LayoutRow } from './rows.js';
import { readAmountCell, type CellValue } from './tables/cells.js';
import { headingNumbering, isTitleLike, namesHeading, startsLowerCase, totalLabelOf } from './tables/rows.js';

/**
 * Line items printed as running text rather than in a table: a scope of work set in one, two or
 * three text columns, with headings, and items as sentences or bullet paragraphs that end with
 * their price ("… HUD Minimum Property Standards — $541"). The text is read in reading order (each
 * column top to bottom, left column first), wrapped lines are joined into paragraphs, and a
 * paragraph that ends with one money amount is an item priced at that amount.
 */

/** A line of text in reading order: the words of one row inside one column (`index` is the index of the row its first word was read on). */
export interface FlowLine extends LayoutRow {
  /** Changes where a column, a run of full-width lines or a page ends: a paragraph may go on across it only in lowercase. */
  block: number;
  /** Column of the line within its band of columns (0 for a full-width line). */
  column: number;
  /** Number of columns side by side where the line is printed (1 for a full-width line). */
  columns: number;
}

/** A vertical gap between text columns: the rows from `first` to `last` (indexes into the page's rows) leave `x` free. */
interface Gutter {
  x: number;
  width: number;
  first: number;
  last: number;
  /** Rows with words on both sides of the gutter. */
  split: number;
}

interface Band {
  first: number;
  last: number;
  gutters: number[];
}

/** Step of the gutter search, in fractions of the page width. */
const GUTTER_STEP = 0.0025;
/** Rows with text on both sides a gap needs before it is read as a gutter between columns. */
const MIN_SPLIT_ROWS = 2;
/** Lines of text each side of a gutter needs. */
const MIN_COLUMN_LINES = 3;
/** A gap whose right side starts with a money amount on this share of its rows is a price column, not a gutter. */
const PRICE_COLUMN_SHARE = 0.25;
/** Share of a gutter's two-sided rows whose right side starts with a word. */
const TEXT_SHARE = 0.5;
/** Words a line of a text column holds on average, each side of a gutter (a table's unit or trade column holds one). */
const MIN_LINE_WORDS = 2.5;
/** A word: two letters or more. */
const LETTERS = /\p{L}.*\p{L}/u;
/** Gutters of one band stand at least this far apart (page width): no text column is narrower. */
const MIN_COLUMN_WIDTH = 0.15;
/** Two candidate gutters of one band cover this share of each other's rows. */
const BAND_OVERLAP = 0.8;
/** A vertical gap wider than this (in row heights) ends a paragraph. */
const PARAGRAPH_GAP = 0.8;

/** A bullet or an item number that opens a paragraph ("•", "–", "12.", "3)", "(4)"; OCR reads bullets as `¢`, `©` or `«`, and a number's dot as a colon or comma). */
const ITEM_MARK = /^([•●▪◦‣∙·*–—¢©«-]|\(?\d{1,3}[.):;,])$/;
/** Dashes, leaders and colons between a description and its price. */
const SEPARATOR = /^([-–—=:]+|[.·…]+)$/;
/** "Subtotal, all work", "Total of sections": a total of every section, whatever heading words it shares. */
const ALL_SECTIONS = /\b(all|sections)\b/i;
const CURRENCY_SIGN = /^([$€£¥]|USD|EUR|GBP|CAD|AUD|CHF)$/i;

const isMoney = (text: string, format: NumberFormat): boolean => parseAmount(text, format)?.moneyLike === true;

/** Words that read as text: half of them or more hold letters, a price at their end not counted (marks alone say nothing). */
function readsAsText(words: Word[], format: NumberFormat): boolean {
  const content = words.filter((word) => /[\p{L}\p{N}]/u.test(word.text));
  if (content.length > 1 && isMoney(content[content.length - 1].text, format)) content.pop();
  return content.length === 0 || content.filter((word) => /\p{L}/u.test(word.text)).length >= 0.5 * content.length;
}

const FIRST_STEP = Math.round(0.1 / GUTTER_STEP);
const LAST_STEP = Math.round(0.9 / GUTTER_STEP);

/** Where a row lets a gutter through, at each step of the search. */
interface RowProfile {
  /** 1 where the row stops a gutter (see `profileOf`), by step from `FIRST_STEP`. */
  blocked: Uint8Array;
  /** Right edge of the row's first word and left edge of its last: words lie on both sides of x between them. */
  firstEnd: number;
  lastStart: number;
}

/**
 * Where the row stops a gutter: where a word covers x, widened by half the row's narrowest cell gap
 * on each side (so spaces between words count as covered), and in a gap with words on both sides
 * where either side does not read as text (a table's row: a description, then quantities and amounts).
 */
function profileOf(row: LayoutRow, format: NumberFormat): RowProfile {
  const blocked = new Uint8Array(LAST_STEP - FIRST_STEP + 1);
  const pad = rowHeightsToX(row, cellGap(row) / 2);
  const mark = (from: number, to: number): void => {
    for (let step = Math.max(FIRST_STEP, Math.ceil(from / GUTTER_STEP)); step <= Math.min(LAST_STEP, Math.floor(to / GUTTER_STEP)); step += 1) blocked[step - FIRST_STEP] = 1;
  };
  for (const word of row.words) mark(word.bbox[0] - pad, word.bbox[2] + pad);
  row.words.forEach((word, index) => {
    if (index === 0 || word.bbox[0] - row.words[index - 1].bbox[2] <= 2 * pad) return;
    const [left, right] = [row.words.slice(0, index), row.words.slice(index)];
    if (!(readsAsText(left, format) && readsAsText(right, format))) mark(row.words[index - 1].bbox[2], word.bbox[0]);
  });
  return { blocked, firstEnd: row.words[0]?.bbox[2] ?? 1, lastStart: row.words[row.words.length - 1]?.bbox[0] ?? 0 };
}

const stops = (profile: RowProfile, step: number): boolean => profile.blocked[step - FIRST_STEP] === 1;
const twoSided = (profile: RowProfile, x: number): boolean => profile.firstEnd < x && profile.lastStart > x;

/** Candidate gutters of one page: for each free x, the runs of rows it crosses; neighbouring x of one run make one gutter. */
function candidateGutters(rows: LayoutRow[], format: NumberFormat): Gutter[] {
  const profiles = rows.map((row) => profileOf(row, format));
  const found: Array<Gutter & { x0: number; x1: number }> = [];
  let previous = new Map<string, Gutter & { x0: number; x1: number }>();
  for (let step = FIRST_STEP; step <= LAST_STEP; step += 1) {
    const x = step * GUTTER_STEP;
    const current = new Map<string, Gutter & { x0: number; x1: number }>();
    let start = 0;
    for (let index = 0; index <= rows.length; index += 1) {
      if (index < rows.length && !stops(profiles[index], step)) continue;
      const run = index > start ? trimmedRun(rows, profiles, start, index - 1, step) : null;
      start = index + 1;
      if (!run) continue;
      const key = `${run.first}:${run.last}`;
      const gutter = previous.get(key) ?? { x, width: 0, x0: x, x1: x, ...run };
      if (!previous.has(key)) found.push(gutter);
      gutter.x1 = x;
      current.set(key, gutter);
    }
    previous = current;
  }
  return found
    .map(({ x0, x1, first, last, split }) => ({ x: (x0 + x1) / 2, width: x1 - x0 + GUTTER_STEP, first, last, split }))
    .filter((gutter) => isTextGutter(rows, gutter, format));
}

/**
 * A run of rows free at step `step`, without the lines at its top that only end a paragraph printed
 * across the page above it ("be completed in a workmanlike manner." under a full-width line); null
 * unless two of its rows have text on both sides and each side has three lines.
 */
function trimmedRun(rows: LayoutRow[], profiles: RowProfile[], first: number, last: number, step: number): { first: number; last: number; split: number } | null {
  const x = step * GUTTER_STEP;
  let top = first;
  while (top <= last && top > 0 && !twoSided(profiles[top], x) && rowGap(rows[top - 1], rows[top]) < PARAGRAPH_GAP && stops(profiles[top - 1], step)) top += 1;
  let [split, left, right] = [0, 0, 0];
  for (const profile of profiles.slice(top, last + 1)) {
    if (profile.firstEnd < x) left += 1;
    if (profile.lastStart > x) right += 1;
    if (twoSided(profile, x)) split += 1;
  }
  return split >= MIN_SPLIT_ROWS && left >= MIN_COLUMN_LINES && right >= MIN_COLUMN_LINES ? { first: top, last, split } : null;
}

/**
 * Whether the gap stands between columns of text: the words right of it start with letters (after
 * a bullet or an item number) on half its two-sided rows at least, and with a money amount on few
 * of them (else it is a price or quantity column inside a column of text, or a table's), and the
 * lines hold two or three words each side on average (a table's unit or trade column holds one).
 */
function isTextGutter(rows: LayoutRow[], gutter: Gutter, format: NumberFormat): boolean {
  let split = 0;
  let prices = 0;
  let text = 0;
  let [wordsLeft, wordsRight] = [0, 0];
  for (const row of rows.slice(gutter.first, gutter.last + 1)) {
    const right = row.words.filter((word) => word.bbox[0] > gutter.x);
    if (right.length === 0 || !row.words.some((word) => word.bbox[2] < gutter.x)) continue;
    split += 1;
    if (isMoney(right[0].text, format)) prices += 1;
    const first = right.find((word) => !ITEM_MARK.test(word.text));
    if (first && LETTERS.test(first.text)) text += 1;
    wordsLeft += row.words.filter((word) => word.bbox[2] < gutter.x && LETTERS.test(word.text)).length;
    wordsRight += right.filter((word) => LETTERS.test(word.text)).length;
  }
  return prices < PRICE_COLUMN_SHARE * split && text >= TEXT_SHARE * split && wordsLeft >= MIN_LINE_WORDS * split && wordsRight >= MIN_LINE_WORDS * split;
}

const overlapOf = (a: { first: number; last: number }, b: { first: number; last: number }): number => Math.max(0, Math.min(a.last, b.last) - Math.max(a.first, b.first) + 1);

/** Bands of columns on a page: the strongest gutters first; a weaker one joins a band it spans (a third column) or is dropped. */
function pageBands(rows: LayoutRow[], format: NumberFormat): Band[] {
  const candidates = candidateGutters(rows, format).sort((a, b) => b.split - a.split || b.width - a.width);
  const bands: Band[] = [];
  for (const gutter of candidates) {
    const overlapping = bands.filter((band) => overlapOf(band, gutter) > 0);
    if (overlapping.length === 0) {
      bands.push({ first: gutter.first, last: gutter.last, gutters: [gutter.x] });
      continue;
    }
    const [band] = overlapping;
    const shared = overlapOf(band, gutter);
    const spans = overlapping.length === 1 && shared >= BAND_OVERLAP * (band.last - band.first + 1) && shared >= BAND_OVERLAP * (gutter.last - gutter.first + 1);
    if (spans && band.gutters.every((x) => Math.abs(x - gutter.x) >= MIN_COLUMN_WIDTH)) band.gutters = [...band.gutters, gutter.x].sort((a, b) => a - b);
  }
  return bands.sort((a, b) => a.first - b.first);
}

/** Columns of text side by side on a page: the rows they span and the gutters between them (x as page fractions, left to right). */
export interface TextColumns {
  page: number;
  rows: LayoutRow[];
  gutters: number[];
}

/** Where columns of text stand side by side on each page (see `readingOrder`). Running headers and footers are left out. */
export function textColumns(rows: LayoutRow[], format: NumberFormat): TextColumns[] {
  return [...new Set(rows.map((row) => row.page))].flatMap((page) => {
    const pageRows = rows.filter((row) => row.page === page && !row.furniture);
    return pageBands(pageRows, format).map((band) => ({ page, rows: pageRows.slice(band.first, band.last + 1), gutters: band.gutters }));
  });
}

/** The lines of one band, column by column, each column top to bottom. */
function bandLines(rows: LayoutRow[], band: Band): LayoutRow[][] {
  const columns: Word[][] = band.gutters.map(() => []).concat([[]]);
  const rowOf = new Map<Word, LayoutRow>();
  for (const row of rows.slice(band.first, band.last + 1)) {
    for (const word of row.words) {
      const centre = (word.bbox[0] + word.bbox[2]) / 2;
      columns[band.gutters.filter((x) => x < centre).length].push(word);
      rowOf.set(word, row);
    }
  }
  const { page, aspect, space } = rows[band.first];
  return columns.map((words) =>
    groupWordsIntoRows(words)
      .map((lineWords) => ({ ...makeRow(page, aspect, lineWords, rowOf.get(lineWords[0])!.index), space }))
      .sort((a, b) => a.top - b.top),
  );
}

/**
 * The text of the rows in reading order: on each page, full-width lines as they come, and where
 * two or three columns of text stand side by side, the left column top to bottom, then the next.
 * A gutter between columns is a gap no word crosses, with three lines or more on each side, text
 * on both sides on two rows at least, and lines of two or three words or more; a gap right of
 * which the rows start with amounts, or hold quantities and amounts, is a column of a table or of
 * prices inside a column of text. Running headers and footers are left out.
 */
export function readingOrder(rows: LayoutRow[], format: NumberFormat): FlowLine[] {
  const lines: FlowLine[] = [];
  let block = 0;
  for (const page of [...new Set(rows.map((row) => row.page))]) {
    const pageRows = rows.filter((row) => row.page === page && !row.furniture);
    const bands = pageBands(pageRows, format);
    block += 1;
    let fullWidth = false;
    for (let index = 0; index < pageRows.length; ) {
      const band = bands.find((candidate) => candidate.first === index);
      if (!band) {
        if (!fullWidth) block += 1;
        fullWidth = true;
        lines.push({ ...pageRows[index], block, column: 0, columns: 1 });
        index += 1;
        continue;
      }
      fullWidth = false;
      const columns = bandLines(pageRows, band);
      columns.forEach((column, number) => {
        block += 1;
        for (const line of column) lines.push({ ...line, block, column: number, columns: columns.length });
      });
      index = band.last + 1;
    }
  }
  return lines;
}

/** One priced paragraph of running text. */
export interface RunningItem {
  page: number;
  /** The paragraph's words before its price, without bullets, item numbers, dashes and leaders. */
  description: Word[];
  /** The price that ends the paragraph: the item's total. */
  amount: CellValue<number>;
  lines: FlowLine[];
}

/** A heading and the priced paragraphs under it. */
export interface RunningSection {
  /** The heading's words; empty for items printed before any heading. */
  heading: Word[];
  page: number;
  items: RunningItem[];
  /** The amount of a total line that names the section ("Total Kitchen $21,611.00") or adds up its items. */
  total: { page: number; amount: CellValue<number> } | null;
}

/** The money amount ending a line ("$1,240.00", "$ 1,240.00", "904.00", "1.240,00 €"), or null. */
function trailingAmount(words: Word[], format: NumberFormat): Word[] | null {
  const last = words[words.length - 1];
  if (!last || !/\d/.test(last.text)) {
    const before = words[words.length - 2];
    return last && before && CURRENCY_SIGN.test(last.text) && isMoney(`${before.text} ${last.text}`, format) ? [before, last] : null;
  }
  const before = words[words.length - 2];
  if (before && CURRENCY_SIGN.test(before.text) && isMoney(`${before.text}${last.text}`, format)) return [before, last];
  return isMoney(last.text, format) ? [last] : null;
}

const isAllCaps = (words: Word[]): boolean => {
  const letters = joinWords(words).replace(/[^\p{L}]/gu, '');
  return letters.length >= 3 && letters === letters.toUpperCase();
};

/** The item a closed paragraph prints, or null: it must end with one money amount after a description. */
function itemOf(paragraph: FlowLine[], format: NumberFormat): RunningItem | null {
  const last = paragraph[paragraph.length - 1];
  const amountWords = trailingAmount(last.words, format);
  if (!amountWords) return null;
  // A second price on the line is a table's row (material, labor, total), not running text.
  const rest = last.words.slice(0, last.words.length - amountWords.length);
  if (rest.some((word) => /[$€£]|\d[.,]\d{2}$/.test(word.text) && isMoney(word.text, format))) return null;
  const amount = readAmountCell(amountWords, format);
  if (!amount) return null;
  const words = [...paragraph.slice(0, -1).flatMap((line) => line.words), ...rest];
  let start = 0;
  while (start < words.length && ITEM_MARK.test(words[start].text)) start += 1;
  let end = words.length;
  while (end > start && SEPARATOR.test(words[end - 1].text)) end -= 1;
  const description = words.slice(start, end);
  if (joinWords(description).replace(/[^\p{L}]/gu, '').length < 3) return null;
  return { page: paragraph[0].page, description, amount, lines: paragraph };
}

/**
 * Reads line items printed as running text: rows in reading order (see `readingOrder`), wrapped
 * lines joined into paragraphs, and each paragraph that ends with one money amount taken as an
 * item. A paragraph ends where a line opens with a bullet or an item number, after a line that
 * ends with an amount, at a vertical gap, at a heading, and where a column ends (unless the next
 * column goes on in lowercase). A line in capitals with no amount (or numbered as a heading, or a
 * short title between paragraphs) opens a section. Total lines are no items: one that names the
 * section or adds up its items is its total; any other ends the items until the next heading in
 * capitals, as a summary heading ("COST SUMMARY", "Recap") does. Sections without items are left
 * out.
 */
export function readRunningItems(rows: LayoutRow[], options: { format: NumberFormat }): RunningSection[] {
  const { format } = options;
  const lines = readingOrder(rows, format);
  const reader = new RunningReader(format);
  lines.forEach((line, index) => reader.line(line, lines[index + 1]));
  reader.flush();
  return reader.sections.filter((section) => section.items.length > 0);
}

class RunningReader {
  readonly sections: RunningSection[] = [];
  private current: RunningSection | null = null;
  private paragraph: FlowLine[] = [];
  /** After a grand total or under a summary heading, priced lines are no items. */
  private closed = false;

  constructor(private readonly format: NumberFormat) {}

  flush(): void {
    const item = this.paragraph.length > 0 && !this.closed ? itemOf(this.paragraph, this.format) : null;
    this.paragraph = [];
    if (!item) return;
    if (!this.current) this.current = this.open([], item.page);
    this.current.items.push(item);
  }

  private open(heading: Word[], page: number): RunningSection {
    const section: RunningSection = { heading, page, items: [], total: null };
    this.sections.push(section);
    return section;
  }

  line(line: FlowLine, next: FlowLine | undefined): void {
    const previous = this.paragraph[this.paragraph.length - 1];
    const amountWords = trailingAmount(line.words, this.format);
    // A dash and the price alone on a line end the paragraph above ("— $1,903" wrapped): no bullet.
    const opensItem = ITEM_MARK.test(line.words[0].text) && line.words.length > 1 + (amountWords?.length ?? 0);
    const continues =
      previous !== undefined && !opensItem && (line.block === previous.block ? rowGap(previous, line) <= PARAGRAPH_GAP : startsLowerCase(line.words));
    // A line going on in lowercase is no total line ("areas — $1,989.40"), however OCR spelled it.
    const label = continues && startsLowerCase(line.words) ? null : totalLabelOf(line.words, line);
    const labelled = label !== null && label.words[0] === line.words.find((word) => !ITEM_MARK.test(word.text));
    if (!amountWords && labelled && label.concept === 'summary') {
      this.flush();
      this.closed = true;
      this.current = null;
    } else if (!amountWords && isHeadingLine(line, next, continues)) {
      this.flush();
      if (this.closed && !isAllCaps(line.words) && headingNumbering(line.text) === null) return;
      this.closed = false;
      this.current = this.open(line.words, line.page);
    } else if (amountWords && labelled) {
      this.flush();
      this.total(line, amountWords);
    } else {
      if (!continues) this.flush();
      this.paragraph.push(line);
      if (amountWords) this.flush();
    }
  }

  /** A total line: the current section's total when it names the section or adds up its items; else the items end here. */
  private total(line: FlowLine, amountWords: Word[]): void {
    const amount = readAmountCell(amountWords, this.format);
    const section = this.current;
    if (section && amount && !section.total && !this.closed && ((namesHeading(line.text, joinWords(section.heading)) && !ALL_SECTIONS.test(line.text)) || addsUp(section, amount.value))) {
      section.total = { page: line.page, amount };
    } else {
      this.closed = true;
    }
  }
}

const addsUp = (section: RunningSection, total: number): boolean =>
  section.items.length > 0 && Math.round(section.items.reduce((sum, item) => sum + item.amount.value, 0) * 100) === Math.round(total * 100);

/**
 * A heading line: capitals (`EXTERIOR`, `ROOFING, SIDING & INSULATION`) or numbered as a heading
 * (`3.0 Roofing`); or a short title (`Master Bedroom`) that does not go on the paragraph above and
 * that the next line does not go on in lowercase.
 */
function isHeadingLine(line: FlowLine, next: FlowLine | undefined, continues: boolean): boolean {
  if (ITEM_MARK.test(line.words[0].text) || !isTitleLike(line.words)) return headingNumbering(line.text) === 'strong';
  if (isAllCaps(line.words)) return true;
  const nextContinues = next !== undefined && next.block === line.block && startsLowerCase(next.words);
  return !continues && !nextContinues;
}
