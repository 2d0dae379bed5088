import type { Word } from '../contracts/document.js';
import { joinWords } from './boxes.js';
import type { NumberFormat } from './numbers.js';
import { ITEM_MARK, isMoney, PARAGRAPH_GAP, readingOrder, type FlowLine } from './reading-order.js';
import { rowGap, type LayoutRow } from './rows.js';
import { readAmountCell, type CellValue } from './tables/cells.js';
import { headingNumbering, isTitleLike, namesHeading, startsLowerCase, totalLabelOf } from './tables/rows.js';

/**
 * Line items printed as running text rather than in a table: a scope of work set in one, two or
 * three text columns, with headings, and items as sentences or bullet paragraphs that end with
 * their price ("… HUD Minimum Property Standards — $541"). The text is read in reading order (each
 * column top to bottom, left column first), wrapped lines are joined into paragraphs, and a
 * paragraph that ends with one money amount is an item priced at that amount.
 */

/** Dashes, leaders and colons between a description and its price. */
const SEPARATOR = /^([-–—=:]+|[.·…]+)$/;
/** "Subtotal, all work", "Total of sections": a total of every section, whatever heading words it shares. */
const ALL_SECTIONS = /\b(all|sections)\b/i;
const CURRENCY_SIGN = /^([$€£¥]|USD|EUR|GBP|CAD|AUD|CHF)$/i;

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
