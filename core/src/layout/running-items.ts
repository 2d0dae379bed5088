import type { Word } from '../contracts/document.js';
import { joinWords } from './boxes.js';
import type { ColumnRole } from './lexicon/index.js';
import { cents, parseAmount, parseQuantity, type NumberFormat } from './numbers.js';
import { ITEM_MARK, isMoney, PARAGRAPH_GAP, readingOrder, type FlowLine } from './reading-order.js';
import { rowGap, type LayoutRow } from './rows.js';
import { readAmountCell, readUnitCell, type CellValue } from './tables/cells.js';
import { columnLabels } from './tables/header.js';
import { headingNumbering, isTitleLike, namesHeading, startsLowerCase, totalLabelOf } from './tables/rows.js';
import { isKnownUnit, parseUnit } from './units.js';

/**
 * Line items printed as running text rather than in a table: a scope of work set in one, two or
 * three text columns, with headings, and items as sentences or bullet paragraphs that end with
 * their price ("… HUD Minimum Property Standards — $541"). The text is read in reading order (each
 * column top to bottom, left column first), wrapped lines are joined into paragraphs, and a
 * paragraph that ends with one money amount is an item priced at that amount. A paragraph may
 * instead be followed by a cost line of its own, its amounts each after a label of the lexicon's
 * column roles ("Quantity: 40 LF  Mat. $534  Lab. $1,280  Cost $1,814", "(98 SY) Materials: $0.00 +
 * Labor: $286.16 = $286.16"): the item then takes its quantity, unit and amounts from that line.
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
  /** The item's total: the price that ends the paragraph, or the total of its cost line (null where that line prints none). */
  amount: CellValue<number> | null;
  /** The cost line printed under the paragraph, null where the paragraph ends with its price. */
  costs: CostLine | null;
  /** The paragraph's lines, and its cost line last. */
  lines: FlowLine[];
}

/** A line of labelled amounts under an item's paragraph: what it prints, by role; null where it does not print it. */
export interface CostLine {
  quantity: CellValue<number> | null;
  unit: CellValue<string> | null;
  unitPrice: CellValue<number> | null;
  material: CellValue<number> | null;
  labor: CellValue<number> | null;
  equipment: CellValue<number> | null;
  total: CellValue<number> | null;
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

/**
 * A paragraph's own number, wider than a bullet's mark: "1.1", "2.3.1", "(a)", "b)", "1-a", "1a."
 * (OCR reads the 1 of "1-a" as `l`). A decimal number before a word in lowercase is a measure
 * ("1.5 ton unit"), and "2x" a count.
 */
const ITEM_NUMBER = /^(\(?\d{1,3}(\.\d{1,3}){1,2}[.):]?|\(?[a-z]\)|\d{1,2}(-[a-z]|[a-z][.)])|l-[a-z])$/;

/** Words that open with a bullet or an item number ("•", "12.", "(a)", "1.1 Repoint"). */
const opensNumbered = (words: Word[]): boolean =>
  ITEM_MARK.test(words[0].text) || (words.length > 1 && ITEM_NUMBER.test(words[0].text) && !startsLowerCase([words[1]]));

/**
 * The gap between two lines of text, in row heights. A line lower than the one above (no capitals or
 * ascenders: "areas") is measured as if it were as high, from its foot.
 */
function lineGap(upper: FlowLine, lower: FlowLine): number {
  const top = lower.height < upper.height ? lower.bottom - upper.height : lower.top;
  return Math.min(rowGap(upper, lower), (top - upper.bottom) / Math.max(upper.height, 1e-6));
}

/** A paragraph's words without bullets, item numbers, dashes and leaders; null unless three letters are left. */
function descriptionOf(words: Word[]): Word[] | null {
  let start = 0;
  while (start < words.length && ITEM_MARK.test(words[start].text)) start += 1;
  if (start < words.length - 1 && ITEM_NUMBER.test(words[start].text) && !startsLowerCase([words[start + 1]])) start += 1;
  let end = words.length;
  while (end > start && SEPARATOR.test(words[end - 1].text)) end -= 1;
  const description = words.slice(start, end);
  return joinWords(description).replace(/[^\p{L}]/gu, '').length < 3 ? null : description;
}

/** The item a closed paragraph prints, or null: it must end with one money amount after a description. */
function itemOf(paragraph: FlowLine[], format: NumberFormat): RunningItem | null {
  const last = paragraph[paragraph.length - 1];
  const amountWords = trailingAmount(last.words, format);
  if (!amountWords) return null;
  // A second price on the line is a table's row (material, labor, total), not running text.
  const rest = last.words.slice(0, last.words.length - amountWords.length);
  if (rest.some((word) => /[$€£]|\d[.,]\d{2}$/.test(word.text) && isMoney(word.text, format))) return null;
  const amount = readAmountCell(amountWords, format);
  const description = descriptionOf([...paragraph.slice(0, -1).flatMap((line) => line.words), ...rest]);
  if (!amount || !description) return null;
  return { page: paragraph[0].page, description, amount, costs: null, lines: paragraph };
}

/** The item of a paragraph followed by its cost line, or null when the paragraph holds no description. */
function costItemOf(paragraph: FlowLine[], costs: CostLine, line: FlowLine): RunningItem | null {
  const description = descriptionOf(paragraph.flatMap((paragraphLine) => paragraphLine.words));
  return description ? { page: paragraph[0].page, description, amount: costs.total, costs, lines: [...paragraph, line] } : null;
}

type CostRole = Exclude<keyof CostLine, 'unit'>;

/**
 * What a cost line's label says its value is, by the column roles the label may mean; the first
 * that applies wins ("Cost" is a unit price and a line amount: a line amount, the item's total).
 */
const COST_ROLES: Array<[CostRole, ColumnRole[]]> = [
  ['material', ['material']],
  ['labor', ['labor']],
  ['equipment', ['equipment']],
  ['total', ['amount', 'grossAmount']],
  ['quantity', ['quantity', 'unit']],
  ['unitPrice', ['unitPrice']],
];

const costRoleOf = (roles: ColumnRole[]): CostRole | null => COST_ROLES.find(([, printed]) => printed.some((role) => roles.includes(role)))?.[0] ?? null;

/** Signs and marks between a cost line's parts ("+", "=", ":", "—"). */
const JOINER = /^([+=×@|]|[-–—:]+|[.·…]+)$/;
/** A count, its unit run on or in brackets ("330", "11LF", "(4CY)", "(98"). */
const COUNT = /^\(?(\d[\d,]*(?:\.\d+)?)([A-Za-z]{1,4})?\.?\)?[.,]?$/;

/** A label OCR ran into its amount ("Lab.$123.97"), cut in two. */
const unglued = (words: Word[]): Word[] =>
  words.flatMap((word) => {
    const glued = /^(\p{L}[\p{L}.']*?)([$€£]\d.*)$/u.exec(word.text);
    return glued ? [{ ...word, text: glued[1] }, { ...word, text: glued[2] }] : [word];
  });

/** A known unit of measure, in brackets or not ("SY)", "SQ."). */
function unitOf(word: Word): CellValue<string> | null {
  if (!/^\(?\p{L}+[.,;:)]*$/u.test(word.text)) return null;
  const unit = readUnitCell([{ ...word, text: word.text.replace(/^\(|[).,;:]+$/g, '') }]);
  return unit && isKnownUnit(unit.value) ? unit : null;
}

/** A quantity and its unit from `index`; without a label before it, only with a known unit ("(98 SY)"). */
function quantityAt(words: Word[], index: number, format: NumberFormat, labelled: boolean): { quantity: CellValue<number>; unit: CellValue<string> | null; end: number } | null {
  const word = words[index];
  const unitFirst = labelled && words[index + 1] ? unitOf(word) : null;
  if (unitFirst) {
    const count = quantityAt(words, index + 1, format, true);
    return count && !count.unit ? { ...count, unit: unitFirst } : null;
  }
  // OCR reads a 0 next to a digit as the letter O ("8OSY").
  const count = COUNT.exec(word.source === 'ocr' ? word.text.replace(/(?<=\d)[oO]/g, '0') : word.text);
  const number = count ? parseQuantity(count[1], format) : null;
  if (!count || !number) return null;
  const quantity = { value: number.value, words: [word], quality: number.repaired ? 0.8 : 1 };
  const runOn = count[2] ? parseUnit(count[2]) : null;
  const next = words[index + 1];
  // A unit word that opens a longer label ("Unit Price") is that label's.
  const label = next ? columnLabels().findAllInSequence(words.slice(index + 1, index + 5))[0] : undefined;
  const longerLabel = label?.start === 0 && words.slice(index + 2, index + 1 + label.end).some((word) => /\p{L}/u.test(word.text));
  const following = !count[2] && next && !longerLabel ? unitOf(next) : null;
  const unit = runOn && isKnownUnit(runOn) ? { value: runOn.toUpperCase(), words: [word], quality: 1 } : following;
  if (unit) return { quantity, unit, end: index + (following ? 2 : 1) };
  return labelled && !count[2] ? { quantity, unit: null, end: index + 1 } : null;
}

/** A money amount from `index` ("$1,280", "$ 1,280", "1.280,00 €"); a bare number only where a label stands before it. */
function amountAt(words: Word[], index: number, format: NumberFormat, labelled: boolean): { amount: CellValue<number>; end: number } | null {
  const [word, next] = [words[index], words[index + 1]];
  const signed = next !== undefined && ((CURRENCY_SIGN.test(word.text) && /\d/.test(next.text)) || (CURRENCY_SIGN.test(next.text) && /\d/.test(word.text)));
  const parsed = parseAmount(signed ? `${word.text} ${next.text}` : word.text, format);
  if (!parsed || !(parsed.moneyLike || labelled)) return null;
  const amount = readAmountCell(signed ? [word, next] : [word], format);
  return amount ? { amount, end: index + (signed ? 2 : 1) } : null;
}

/**
 * A cost line: a line made of amounts after labels of the lexicon's column roles (material, labor,
 * equipment, line amount, quantity and unit, unit price), with signs between them ("Quantity: 40 LF
 * Mat. $534 Lab. $1,280 Cost $1,814", "(98 SY) Materials: $0.00 + Labor: $286.16 = $286.16"). An
 * amount after "=" is the total, and so is an unlabelled one that ends the line (OCR may lose a
 * label); other unlabelled amounts are left out. Null when a word is none of these (but for one
 * OCR word where two labels are read), or when the line holds fewer than two values, no money
 * amount or no label.
 */
export function readCostLine(printed: Word[], format: NumberFormat): CostLine | null {
  const words = unglued(printed);
  const costs: CostLine = { quantity: null, unit: null, unitPrice: null, material: null, labor: null, equipment: null, total: null };
  let [label, labels, equals] = [null as CostRole | null, 0, false];
  let unlabelled: CellValue<number> | null = null;
  let garbled = false;
  for (let index = 0; index < words.length; ) {
    const word = words[index];
    if (JOINER.test(word.text)) {
      equals ||= word.text === '=';
      index += 1;
      continue;
    }
    const quantity = label === 'quantity' || index === 0 ? quantityAt(words, index, format, label === 'quantity') : null;
    if (quantity) {
      if (costs.quantity) return null;
      [costs.quantity, costs.unit, index, label] = [quantity.quantity, quantity.unit, quantity.end, null];
      continue;
    }
    const match = /\p{L}/u.test(word.text) ? columnLabels().findAllInSequence(words.slice(index, index + 4))[0] : undefined;
    if (match?.start === 0) {
      label = costRoleOf(match.values);
      if (!label) return null;
      labels += 1;
      index += match.end;
      continue;
    }
    const read = amountAt(words, index, format, label !== null);
    // OCR may garble one label past reading ("TE EA Mat.$224 …" for "Quantity: 7 EA Mat. $224 …").
    if (!read && word.source === 'ocr' && !garbled) {
      [garbled, index] = [true, index + 1];
      continue;
    }
    if (!read) return null;
    const role = label !== null && label !== 'quantity' ? label : equals ? 'total' : null;
    if (role && costs[role]) return null;
    if (role) costs[role] = read.amount;
    unlabelled = role ? null : read.amount;
    [index, label, equals] = [read.end, null, false];
  }
  if (unlabelled && !costs.total) costs.total = unlabelled;
  const values = [costs.quantity, costs.unitPrice, costs.material, costs.labor, costs.equipment, costs.total].filter((value) => value !== null);
  return labels > (garbled ? 1 : 0) && values.length >= 2 && values.some((value) => value !== costs.quantity) ? costs : null;
}

/**
 * Reads line items printed as running text: rows in reading order (see `readingOrder`), wrapped
 * lines joined into paragraphs, and each paragraph that ends with one money amount taken as an
 * item. A paragraph ends where a line opens with a bullet or an item number, after a line that
 * ends with an amount, at a vertical gap, at a heading, and where a column ends (unless the next
 * column goes on in lowercase). A line in capitals with no amount (or numbered as a heading, or a
 * short title between paragraphs) opens a section. Total lines are no items: one that names the
 * section or adds up its items is its total; any other ends the items until the next heading in
 * capitals, as a summary heading ("COST SUMMARY", "Recap") does. A cost line (see `readCostLine`)
 * ends the paragraph above it, which is then an item with the line's amounts, whatever its last
 * line ends with; a line followed by a cost line is no heading. Sections without items are left out.
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
  /** Items the current section held when its total was read. */
  private totalled = 0;

  constructor(private readonly format: NumberFormat) {}

  flush(costLine?: { line: FlowLine; costs: CostLine }): void {
    const paragraph = this.paragraph.length > 0 && !this.closed ? this.paragraph : null;
    const item = paragraph && (costLine ? costItemOf(paragraph, costLine.costs, costLine.line) : itemOf(paragraph, this.format));
    this.paragraph = [];
    if (!item) return;
    if (!this.current) this.current = this.open([], item.page);
    this.current.items.push(item);
  }

  private open(heading: Word[], page: number): RunningSection {
    const section: RunningSection = { heading, page, items: [], total: null };
    this.sections.push(section);
    this.totalled = 0;
    return section;
  }

  line(line: FlowLine, next: FlowLine | undefined): void {
    const costs = this.paragraph.length > 0 && !this.closed ? readCostLine(line.words, this.format) : null;
    if (costs) {
      this.flush({ line, costs });
      return;
    }
    const previous = this.paragraph[this.paragraph.length - 1];
    const amountWords = trailingAmount(line.words, this.format);
    // A dash and the price alone on a line end the paragraph above ("— $1,903" wrapped): no bullet.
    const opensItem = opensNumbered(line.words) && line.words.length > 1 + (amountWords?.length ?? 0);
    const continues =
      previous !== undefined && !opensItem && (line.block === previous.block ? lineGap(previous, line) <= PARAGRAPH_GAP : startsLowerCase(line.words));
    // A line going on in lowercase is no total line ("areas — $1,989.40"), however OCR spelled it.
    const label = continues && startsLowerCase(line.words) ? null : totalLabelOf(line.words, line);
    const labelled = label !== null && label.words[0] === line.words.find((word) => !ITEM_MARK.test(word.text));
    if (!amountWords && labelled && label.concept === 'summary') {
      this.flush();
      this.closed = true;
      this.current = null;
    } else if (!amountWords && isHeadingLine(line, next, continues) && !(next && readCostLine(next.words, this.format))) {
      this.flush();
      // After the items ended, a total's label ("TOTAL COST OF REPAIRS", its amount lost) opens no section either.
      if (this.closed && (labelled || (!isAllCaps(line.words) && headingNumbering(line.text) === null))) return;
      this.closed = false;
      this.current = this.open(line.words, line.page);
    } else if (amountWords && labelled) {
      this.flush();
      this.total(line, amountWords, label.words);
    } else {
      if (!continues) this.flush();
      this.paragraph.push(line);
      if (amountWords) this.flush();
    }
  }

  /** A total line: the current section's total when it names the section or adds up its items; else the items end here. */
  /**
   * A total line: the current section's total when it names the section or adds up its items. Where
   * the section has its total already, a total that adds up the items read since is that of a
   * section whose heading was not read ("Total, Interior Finishes"): they make a section named by
   * the total. Any other total ends the items.
   */
  private total(line: FlowLine, amountWords: Word[], labelWords: Word[]): void {
    const amount = readAmountCell(amountWords, this.format);
    const section = this.current;
    const named = section !== null && namesHeading(line.text, joinWords(section.heading)) && !ALL_SECTIONS.test(line.text);
    const since = section?.total ? section.items.slice(this.totalled) : [];
    if (!section || !amount || this.closed) {
      this.closed = true;
    } else if (!section.total && (named || addsUp(section.items, amount.value))) {
      section.total = { page: line.page, amount };
      this.totalled = section.items.length;
    } else if (addsUp(since, amount.value) && !ALL_SECTIONS.test(line.text)) {
      section.items.splice(this.totalled);
      const heading = line.words.filter((word) => !labelWords.includes(word) && !amountWords.includes(word) && /\p{L}/u.test(word.text));
      this.current = this.open(heading, since[0].page);
      this.current.items.push(...since);
      this.current.total = { page: line.page, amount };
      this.totalled = since.length;
    } else {
      this.closed = true;
    }
  }
}

const addsUp = (items: RunningItem[], total: number): boolean =>
  items.length > 0 && items.every((item) => item.amount !== null) && cents(items.reduce((sum, item) => sum + item.amount!.value, 0)) === cents(total);

/**
 * A heading line: capitals (`EXTERIOR`, `ROOFING, SIDING & INSULATION`) or numbered as a heading
 * (`3.0 Roofing`); or a short title (`Master Bedroom`) that does not go on the paragraph above and
 * that the next line does not go on in lowercase.
 */
function isHeadingLine(line: FlowLine, next: FlowLine | undefined, continues: boolean): boolean {
  if (ITEM_MARK.test(line.words[0].text) || !isTitleLike(line.words)) return headingNumbering(line.text) === 'strong';
  if (isAllCaps(line.words)) return true;
  const nextContinues = next !== undefined && next.block === line.block && startsLowerCase(next.words) && !opensNumbered(next.words);
  return !continues && !nextContinues;
}
