import type { Word } from '@docsift/core';
import {
  cents,
  COST_ROLES,
  fieldTerms,
  foldText,
  isLabelRow,
  isCurrencyCode,
  isPageTotal,
  joinWords,
  lookupColumnLabel,
  lookupFieldLabel,
  namesASection,
  parseAmount,
  rowHeightsToX,
  type PhraseMatch,
  type LayoutRow as Row,
  type NumberFormat,
  type TableColumn,
} from '@docsift/core/layout';
import { marksNoWork } from './no-work.js';
import { FIELD_LABELS, RECAP_HEADINGS, RECAP_LABELS, type RecapField } from './recap-labels.js';
import { namesReadSection } from './recap-sections.js';
import { unstripped } from './recap-strip.js';
import { amountBefore, amountRightOf, inLineAmountColumn, marksUp, unlabelledLine, withoutApostropheGroups, withoutLineRange, withoutRunningTotals, type RecapLine, type RecapValue } from './recap-rows.js';

export type { RecapLine, RecapValue } from './recap-rows.js';

/** A recap line's label is short: a few words before its amount ("Contractor's Overhead & Profit (15%)"). */
const LABEL_MAX_WORDS = 8;

/**
 * Whether the row is one short label and an amount at its right, or at its left where a schedule prints
 * its amounts before their labels ("29,078.12  Cost of work"); a recap phrase may stand anywhere in the label.
 */
function isLabelAndAmount(row: Row): boolean {
  const moneyAt = (index: number): boolean => parseAmount(row.words.at(index)?.text ?? '')?.moneyLike === true;
  return row.words.length <= LABEL_MAX_WORDS + 1 && (moneyAt(-1) || (moneyAt(0) && !row.words.slice(1).some((word) => parseAmount(word.text)?.moneyLike)));
}

/** The recap field a row is labelled with and where its label stands, if any (section subtotals excluded). */
function recapLabel(row: Row): { field: RecapField; match: PhraseMatch<RecapField> } | null {
  // The cost table's header printed again over the recap ("… EXTENSION  RUNNING TOTAL") labels no recap line,
  // nor does a page's total ("PAGE 2 TOTAL": the recap lists the page totals and adds them up).
  if (namesASection(withoutApostropheGroups(row.text)) || isLabelRow(row) || isPageTotal(row.text)) return null;
  // A bare "Total" that says what it totals gives way to a longer label it opens ("Totaal hoofdstukken": the subtotal),
  // not to one it only names with words between ("Total before overhead and profit" is no overhead and profit).
  let bareTotal: PhraseMatch<RecapField> | undefined;
  return firstLabel(row, (found) => {
    if (found.field === 'grandTotal' && namesWhatItTotals(row, found.match) && !namesGrandTotalWhole(row)) {
      bareTotal ??= found.match;
      return false;
    }
    return bareTotal === undefined || found.match.start <= bareTotal.end;
  });
}

let grandTotalLabels: ReadonlySet<string> | undefined;

/**
 * Whether the label, or one language's half of a label printed in two ("TOTAL DEL PROYECTO / PROJECT
 * TOTAL"), is a grand total's label as a whole: its words after "Total" name no section.
 */
function namesGrandTotalWhole(row: Row): boolean {
  grandTotalLabels ??= new Set([...RECAP_LABELS.filter(([field]) => field === 'grandTotal').flatMap(([, phrases]) => phrases), ...fieldTerms({ concepts: ['grandTotal'] }).map((term) => term.phrase)].map(foldText));
  const label = row.words.filter((word) => !parseAmount(word.text)?.moneyLike);
  const halves: Word[][] = [[]];
  for (const word of label) {
    if (word.text === '/') halves.push([]);
    else halves[halves.length - 1].push(word);
  }
  return halves.some((half) => half.length > 0 && grandTotalLabels!.has(foldText(joinWords(half))));
}

/** OCR words spell a recap label at least this well: "Total Construction" is not "Total Construction Cost" with a word lost (0.62). */
const MIN_OCR_LABEL_SCORE = 0.75;

type FoundLabel = { field: RecapField; match: PhraseMatch<RecapField> };

function firstLabel(row: Row, accept: (found: FoundLabel) => boolean): FoundLabel | null {
  for (const [field, labels] of FIELD_LABELS) {
    const match = labels.find(row, { cellStart: true });
    if (match && match.score >= MIN_OCR_LABEL_SCORE && accept({ field, match })) return { field, match };
  }
  if (!isLabelAndAmount(row)) return null;
  for (const [field, labels] of FIELD_LABELS) {
    // A phrase after "of" names what a percentage is taken of ("Contingency (5% of base bid)"), not the line.
    const match = labels.findAll(row).find((candidate) => !/^of$/i.test(row.words[candidate.start - 1]?.text ?? ''));
    if (match && match.score >= MIN_OCR_LABEL_SCORE && accept({ field, match })) return { field, match };
  }
  return null;
}

/**
 * A base bid is the price of the specified work alone ("Total base bid"): the grand total where nothing
 * is added to it or a deposit is taken off it, the subtotal where accepted alternates, markups or fees raise it to a contract sum below.
 */
const namesTheBase = (row: Row, match: PhraseMatch<RecapField>): boolean => row.words.slice(match.start, match.end).some((word) => /^base$/i.test(word.text));

/** The words of a label that spell something: a dash the label took in after "Total" ("Total - all rooms") is none. */
const spelledWords = (row: Row, match: PhraseMatch<RecapField>): number => row.words.slice(match.start, match.end).filter((word) => /[\p{L}\p{N}]/u.test(word.text)).length;

/**
 * A bare "Total" with a name after it ("Totals: Hall Bath  3,633.33"), or a cost part's name before it
 * ("Material cost total  10,671.46", not "Invoice Total"), is a section's or a part's total, not the grand total.
 */
function namesWhatItTotals(row: Row, match: PhraseMatch<RecapField>): boolean {
  if (spelledWords(row, match) > 1) return false;
  // A currency's code says what the total is counted in ("TOTAL USD"), not what it totals.
  const named = (words: Word[]): boolean =>
    words.some((word) => /^\p{L}{2}/u.test(word.text) && !isCurrencyCode(word.text) && !TOTAL_QUALIFIERS.has(word.text.toLowerCase().replace(/[^\p{L}]/gu, '')));
  // The words printed just before it, in its cell: a signature line at the left names nothing.
  let first = match.start;
  while (first > 0 && row.words[first].bbox[0] - row.words[first - 1].bbox[2] <= rowHeightsToX(row, 1)) first -= 1;
  const before = row.words.slice(first, match.start);
  // A column of prices before discounts or of the discounts ("List price total") totals a part too, where its name means no line amount.
  const columnsNamed = before.length > 0 ? lookupColumnLabel(joinWords(before)) : [];
  const namesPart = columnsNamed.some((term) => COST_ROLES.has(term.id)) || (columnsNamed.length > 0 && columnsNamed.every((term) => PART_PRICE_ROLES.has(term.id)));
  // "Phase total", "Trade Total": with the word before it, a label that can only mean a section's total.
  const meanings = before.length > 0 ? lookupFieldLabel(joinWords(row.words.slice(first, match.end))) : [];
  const sectionTotal = meanings.length > 0 && meanings.every((term) => term.id === 'sectionTotal');
  return named(withoutLineRange(row.words.slice(match.end).filter((word) => !parseAmount(word.text)?.moneyLike))) || namesPart || sectionTotal;
}

/** Columns of prices that are not the line's amount: their total is a part's. */
const PART_PRICE_ROLES: ReadonlySet<string> = new Set(['unitPrice', 'discount']);

/**
 * Words that say which total a bare "Total" is, not which section ("TOTAL BASE BID", "Total Contract
 * Price", "TOTAL INSTALLED PRICE"); who pays the price is no section either ("TOTAL OWNER PRICE" under a builder's cost and markup).
 */
const TOTAL_QUALIFIERS = new Set(['base', 'bid', 'price', 'amount', 'cost', 'costs', 'due', 'estimate', 'estimated', 'contract', 'project', 'proposal', 'job', 'sum', 'all', 'grand', 'including', 'incl', 'tax', 'repairs', 'work', 'of', 'the', 'for',
  'budget', 'rehab', 'rehabilitation', 'renovation', 'remodel', 'installed', 'owner', 'owners', 'client', 'customer']);

const recapFieldOf = (row: Row): RecapField | null => recapLabel(row)?.field ?? null;

/** The amount of a labelled row: on the same row right of the label, else just below the label. */
function recapAmount(rows: Row[], index: number, format: NumberFormat): RecapValue | null {
  const row = rows[index];
  const { match } = recapLabel(row)!;
  const labelEnd = row.words[match.end - 1].bbox[2];
  const same = amountRightOf(row.words.slice(match.end), labelEnd, format) ?? amountBefore(row, match.start, format);
  if (same) return { ...same, page: row.page };
  // OCR may put the label a little below or above its amount, on a row of its own.
  for (const neighbour of [rows[index - 1], rows[index + 1]]) {
    const close = neighbour && neighbour.page === row.page && Math.abs(neighbour.top - row.top) < 0.8 * row.height && !recapFieldOf(neighbour);
    const value = close ? amountRightOf(neighbour.words, labelEnd, format) : null;
    if (value) return { ...value, page: row.page };
  }
  const below = rows[index + 1];
  // A row with a label of its own ("Permit fees  $50.00") holds its own amount, not this one's.
  // A wrapped label's second line ("and Profit  $1,234.00") runs on in lower case or after "&".
  const labelled = (candidate: Row): boolean => recapFieldOf(candidate) !== null || /^\p{Lu}\p{L}/u.test(candidate.words.find((word) => word.bbox[2] <= labelEnd)?.text ?? '');
  if (!below || below.page !== row.page || below.top - row.bottom > 1.5 * row.height || labelled(below)) return null;
  const labelLeft = row.words[match.start].bbox[0];
  const value = amountRightOf(below.words, labelLeft - rowHeightsToX(row, 0.77), format);
  return value ? { ...value, page: below.page } : null;
}


/** Sums of the line totals read from the cost tables, to recognise recap lines by their amounts. */
export interface RecapTotals {
  /** The sum of all the lines where two or more sections hold them: the subtotal, whatever its label. */
  sections: number | null;
  /** The sum of all the lines. */
  items: number | null;
  /** The names of the sections read, folded: a recap row that prints one with its amount is that section's total ("Category 1: General Requirements  $1,099.82"). */
  sectionNames?: ReadonlySet<string>;
}

/** The recap field a row's label says, where it is no read section's total. */
const fieldOf = (row: Row, names: ReadonlySet<string> | undefined): RecapField | null => (namesReadSection(row, names) ? null : recapFieldOf(row));

export interface RecapRead {
  fields: Partial<Record<RecapField, RecapValue>>;
  /** Priced lines without a recap label between the subtotal and the grand total. */
  additionalLines: RecapLine[];
  /** Priced lines printed after the grand total (contingency reserve, fees, total rehabilitation cost). */
  afterGrandTotal: RecapLine[];
  /** Labels found with no readable amount (OCR lost it), with the label's words. */
  unread: Partial<Record<RecapField, { words: Word[]; page: number }>>;
}

/** Rows after the grand total stay in the recap while they are priced lines close together. */
const AFTER_TOTAL_GAP = 3;

/** Priced lines printed right after the grand total, up to the first gap or line of prose. */
function linesAfter(rows: Row[], index: number, format: NumberFormat): RecapLine[] {
  const lines: RecapLine[] = [];
  let previous = rows[index];
  for (let next = index + 1; next < rows.length; next += 1) {
    const row = rows[next];
    if (row.furniture) continue;
    if (row.page !== previous.page || (row.top - previous.bottom) / row.height > AFTER_TOTAL_GAP) break;
    const line = unlabelledLine(row, format);
    if (!line) {
      if (row.words.length >= 6) break;
      // A caption over the lines ("Held in the rehabilitation escrow:") keeps them close to the total.
      if (row.text.endsWith(':')) previous = row;
      continue;
    }
    lines.push(line);
    previous = row;
  }
  return lines;
}

/** A grand total stands this many rows at most under a total of the items it is made of. */
const GRAND_TOTAL_ROWS = 6;

/**
 * A bare "Total" after a word of its cell that names no whole ("Items total  65,663.46", not "Job
 * total") with a grand total's label on a row under it ("TOTAL PRICE") totals a part: the items,
 * where its amount is theirs.
 */
function totalOfAPart(rows: Row[], index: number, names: ReadonlySet<string> | undefined): boolean {
  const row = rows[index];
  const { match } = recapLabel(row)!;
  const before = row.words[match.start - 1]?.text ?? '';
  if (spelledWords(row, match) > 1 || !/^\p{L}{2}/u.test(before) || TOTAL_QUALIFIERS.has(before.toLowerCase().replace(/[^\p{L}]/gu, ''))) return false;
  if (row.words[match.start].bbox[0] - row.words[match.start - 1].bbox[2] > rowHeightsToX(row, 1)) return false;
  return rows.slice(index + 1, index + 1 + GRAND_TOTAL_ROWS).some((below) => below.page === row.page && fieldOf(below, names) === 'grandTotal');
}

/** Whether the amounts from the row at `index` down to the grand total's row under it add up to the grand total. */
function addsUpToGrandTotal(rows: Row[], index: number, format: NumberFormat, names: ReadonlySet<string> | undefined): boolean {
  let sum = 0;
  for (const row of rows.slice(index, index + 1 + GRAND_TOTAL_ROWS)) {
    const amount = amountRightOf(row.words, 0, format);
    if (row !== rows[index] && fieldOf(row, names) === 'grandTotal') return amount !== null && cents(sum) === cents(amount.value);
    sum += amount?.value ?? 0;
  }
  return false;
}

/**
 * A bare "Total" on the row whose amount is the lines' sum ("Total Work  17,431.00"), with priced lines
 * under it raising it to a grand total's row below ("BASE BID TOTAL  20,395.65"; the caller checks that
 * they add up): the subtotal. A grand total's own wording ("TOTAL COST OF REPAIRS") stays the grand total, whatever follows it.
 */
function totalOfTheLines(rows: Row[], index: number, value: RecapValue, format: NumberFormat, totals: RecapTotals): boolean {
  const { match } = recapLabel(rows[index])!;
  const lines = totals.sections ?? totals.items;
  if (spelledWords(rows[index], match) > 1 || lines === null || cents(lines) !== cents(value.value)) return false;
  return raisedBelow(rows, index, value, format, totals.sectionNames);
}

/** Whether a grand total's row under the row is larger: markups raise a total; a grand total below it ("Less deposit", "Less retainage") is an amount due, not the bid. */
function raisedBelow(rows: Row[], index: number, value: RecapValue, format: NumberFormat, names: ReadonlySet<string> | undefined): boolean {
  const below = rows.slice(index + 1, index + 1 + GRAND_TOTAL_ROWS).find((row) => row.page === rows[index].page && fieldOf(row, names) === 'grandTotal');
  const grand = below ? amountRightOf(below.words, 0, format) : null;
  return grand !== null && cents(grand.value) > cents(value.value);
}

/** The first row before the grand total whose amount is `amount`, with that amount. */
function rowOfAmount(rows: Row[], start: number, totals: RecapTotals, format: NumberFormat): { index: number; value: RecapValue } | null {
  const amount = totals.sections;
  if (amount === null) return null;
  for (let index = start; index < rows.length; index += 1) {
    const row = rows[index];
    if (fieldOf(row, totals.sectionNames) === 'grandTotal' && !totalOfAPart(rows, index, totals.sectionNames)) return null;
    const value = amountRightOf(row.words, 0, format);
    if (value && cents(value.value) === cents(amount)) return { index, value: { ...value, page: row.page } };
  }
  return null;
}

/**
 * A label that means overhead and general conditions alike ("Gastos generales") is the overhead where the
 * recap prints the profit on a line of its own (Spain's "Beneficio industrial"), else general conditions
 * (beside Mexico's "Gastos indirectos y utilidad").
 */
function settleOverheadOrConditions(fields: Partial<Record<RecapField, RecapValue>>, label: PhraseMatch<RecapField> | undefined): void {
  if (meansConditions(label) && fields.overhead && !fields.profit && !fields.generalConditions) overheadToConditions(fields);
}

/** The overhead read so far is general conditions after all. */
function overheadToConditions(fields: Partial<Record<RecapField, RecapValue>>): void {
  fields.generalConditions = fields.overhead;
  delete fields.overhead;
}

const meansConditions = (label: PhraseMatch<RecapField> | undefined): boolean => label !== undefined && lookupFieldLabel(label.phrase).some((term) => term.id === 'generalConditions');

/**
 * The field of a second overhead line: beside an overhead of its own ("Gastos indirectos", "Indirectos"), the label that
 * also means general conditions ("Gastos generales") is general conditions, whichever comes first (read first, it moves there).
 */
function secondOverhead(fields: Partial<Record<RecapField, RecapValue>>, first: PhraseMatch<RecapField> | undefined, label: PhraseMatch<RecapField> | undefined): RecapField {
  if (fields.generalConditions) return 'overhead';
  if (meansConditions(first)) {
    overheadToConditions(fields);
    return 'overhead';
  }
  return meansConditions(label) ? 'generalConditions' : 'overhead';
}

/**
 * Reads the recap by its label anchors from `start` on. A line whose amount is the sum of the
 * sections (`totals.sections`, given where two or more sections were read) is the subtotal whatever its
 * label ("Total of all rooms"); with no subtotal, the priced lines before the grand total are recap
 * lines when the lines' sum (`totals.items`) and theirs make it. The first grand total ends it: lines
 * printed after it (contingency, fees, total rehabilitation cost) are kept apart, as are priced
 * lines without a recap label between the subtotal and the grand total.
 */
export function readRecap(printed: Row[], start: number, format: NumberFormat, totals: RecapTotals = { sections: null, items: null }, columns?: TableColumn[]): RecapRead {
  // A strip of boxes is read as rows of its own first: its amounts row is no row of the cost table's columns.
  const boxes = unstripped(withoutRunningTotals(printed, start, format), start, format, (row) => fieldOf(row, totals.sectionNames) !== null);
  const rows = inLineAmountColumn(boxes, start, format, columns);
  const fields: Partial<Record<RecapField, RecapValue>> = {};
  const unread: RecapRead['unread'] = {};
  const unlabelled: RecapLine[] = [];
  const beforeSubtotal: RecapLine[] = [];
  let totalAt = -1;
  let overheadLabel: PhraseMatch<RecapField> | undefined;
  const sum = rowOfAmount(rows, start, totals, format);
  for (let index = start; index < rows.length; index += 1) {
    if (index === sum?.index) {
      fields.subtotal = sum.value;
      continue;
    }
    // A section's name with the rate of a markup on the subtotal before it ("General Requirements 8%") is that markup.
    let field = fieldOf(rows[index], totals.sectionNames) ?? (marksUp(rows[index], fields.subtotal?.value, format) ? recapFieldOf(rows[index]) : null);
    if (field === 'overhead' && fields.overhead) field = secondOverhead(fields, overheadLabel, recapLabel(rows[index])?.match);
    // A section's own subtotal printed before the line that sums all the sections.
    if (field === 'subtotal' && sum && index < sum.index) continue;
    if (!field) {
      const line = !RECAP_HEADINGS.find(rows[index], { cellStart: true }) ? unlabelledLine(rows[index], format) : null;
      if (line) (fields.subtotal ? unlabelled : beforeSubtotal).push(line);
      continue;
    }
    if (fields[field]) continue;
    const value = recapAmount(rows, index, format);
    // A line marked as not applying ("B. General conditions ____ %  N/A") prints no amount to lose.
    if (!value) {
      if (!marksNoWork(rows[index].text)) unread[field] ??= { words: rows[index].words, page: rows[index].page };
      continue;
    }
    // "Items total" or the lines' sum under a grand total's label, with the priced lines under it making up the grand total: the subtotal.
    const partOrLines =
      field === 'grandTotal' &&
      !fields.subtotal &&
      (totalOfAPart(rows, index, totals.sectionNames) || totalOfTheLines(rows, index, value, format, totals) || (namesTheBase(rows[index], recapLabel(rows[index])!.match) && raisedBelow(rows, index, value, format, totals.sectionNames)));
    if (partOrLines && addsUpToGrandTotal(rows, index, format, totals.sectionNames)) {
      fields.subtotal = value;
      continue;
    }
    fields[field] = value;
    if (field === 'overhead') overheadLabel = recapLabel(rows[index])!.match;
    if (field === 'grandTotal') {
      totalAt = index;
      break;
    }
  }
  settleOverheadOrConditions(fields, overheadLabel);
  if (!fields.grandTotal) return { fields, additionalLines: [], afterGrandTotal: [], unread };
  const used = new Set(Object.values(fields).flatMap((value) => value?.words ?? []));
  // With no subtotal printed, priced lines under the items are the recap's when the items and they make the grand total.
  const pricedBefore = beforeSubtotal.reduce((total, line) => total + line.value.value, totals.items ?? Number.NaN);
  const priced = !fields.subtotal && cents(pricedBefore) === cents(fields.grandTotal.value) ? beforeSubtotal : [];
  const additionalLines = [...priced, ...unlabelled].filter((line) => !line.value.words.some((word) => used.has(word)));
  return { fields, additionalLines, afterGrandTotal: linesAfter(rows, totalAt, format), unread };
}
