import type { Word } from '@docsift/core';
import type { Row } from './layout.js';
import { PhraseSet } from './phrases.js';
import { parseAmount } from './parse.js';
import type { CellValue } from './table-row.js';

/** Recap lines by label; `overhead` and `profit` printed on lines of their own are added up by the extractor. */
type RecapField = 'subtotal' | 'generalConditions' | 'overheadAndProfit' | 'overhead' | 'profit' | 'grandTotal';

/** Label anchors of the recap, most specific first. */
const RECAP_LABELS: Array<[RecapField, string[]]> = [
  ['grandTotal', ['grand total', 'total estimate', 'estimate total', 'total bid', 'bid total', 'contract total', 'total contract price', 'total project cost', 'project total', 'total repair cost', 'total cost of repairs']],
  ['overheadAndProfit', ['overhead and profit', 'overhead & profit', 'overhead profit', 'o&p', 'oh&p']],
  ['overhead', ['overhead']],
  ['profit', ['profit', "contractor's profit", 'contractor profit']],
  ['generalConditions', ['general conditions', 'gen conditions', 'general condition']],
  ['subtotal', ['subtotal', 'sub total', 'sub-total', 'total of sections', 'sections total', 'total all sections']],
  // A bare "Total" is the grand total only when nothing more specific labels the row.
  ['grandTotal', ['total', 'total due', 'amount due', 'total amount', 'total price']],
];

const FIELD_LABELS = RECAP_LABELS.map(([field, phrases]) => [field, new PhraseSet([[field, phrases]])] as const);
const RECAP_HEADINGS = new PhraseSet([[true, ['recap', 'summary of costs', 'cost summary', 'recapitulation']]]);

const SECTION_NUMBER = /\b\d{1,2}\.0\b|\bsection\s+\d{1,2}\b/gi;

/**
 * A "Subtotal 3.0 Roofing" or "Section 3.0 Total" row: names one section (or says "section" when
 * OCR garbled its number, "Sectiond.0 Total") and is not the all-sections subtotal.
 */
export function isSectionTotalRow(text: string): boolean {
  if (!/total/i.test(text) || /\b(all|sections)\b/i.test(text)) return false;
  const numbers = text.match(SECTION_NUMBER) ?? [];
  return numbers.length === 1 || /\bsection\w*/i.test(text);
}

/** Which recap field a row is labelled with, if any (section subtotals excluded). */
function recapFieldOf(row: Row): RecapField | null {
  if (isSectionTotalRow(row.text)) return null;
  for (const [field, labels] of FIELD_LABELS) {
    if (labels.find(row, true)) return field;
  }
  return null;
}

export function isRecapRow(row: Row): boolean {
  return recapFieldOf(row) !== null || RECAP_HEADINGS.find(row, true) !== null;
}

function amountRightOf(words: Word[], x: number): CellValue<number> | null {
  const candidates = words.filter((word) => word.bbox[0] >= x && !/%/.test(word.text));
  for (let index = candidates.length - 1; index >= 0; index -= 1) {
    const parsed = parseAmount(candidates[index].text);
    if (parsed && (parsed.moneyLike || candidates.length === 1)) {
      return { value: parsed.value, words: [candidates[index]], quality: parsed.repaired ? 0.8 : 1 };
    }
  }
  return null;
}

export interface RecapValue extends CellValue<number> {
  page: number;
}

/** The amount of a labelled row: on the same row right of the label, else just below the label. */
function recapAmount(rows: Row[], index: number, field: RecapField): RecapValue | null {
  const row = rows[index];
  const match = FIELD_LABELS.filter(([name]) => name === field)
    .map(([, labels]) => labels.find(row, true))
    .find((found) => found !== null)!;
  const labelEnd = row.words[match.end - 1].bbox[2];
  const same = amountRightOf(row.words.slice(match.end), labelEnd);
  if (same) return { ...same, page: row.page };
  // OCR may put the label a little below or above its amount, on a row of its own.
  for (const neighbour of [rows[index - 1], rows[index + 1]]) {
    const close = neighbour && neighbour.page === row.page && Math.abs(neighbour.top - row.top) < 0.8 * row.height && !recapFieldOf(neighbour);
    const value = close ? amountRightOf(neighbour.words, labelEnd) : null;
    if (value) return { ...value, page: row.page };
  }
  const below = rows[index + 1];
  if (!below || below.page !== row.page || below.top - row.bottom > 1.5 * row.height || recapFieldOf(below)) return null;
  const labelLeft = row.words[match.start].bbox[0];
  const value = amountRightOf(below.words, labelLeft - row.height);
  return value ? { ...value, page: below.page } : null;
}

/** A priced recap line with no recap label (permits, fees) printed between the subtotal and the grand total. */
export interface RecapLine {
  label: string;
  value: RecapValue;
}

export interface RecapRead {
  fields: Partial<Record<RecapField, RecapValue>>;
  additionalLines: RecapLine[];
  /** Labels found with no readable amount (OCR lost it), with the label's words. */
  unread: Partial<Record<RecapField, { words: Word[]; page: number }>>;
}

/** An unlabelled priced line of the recap: text on the left, one amount on the right. */
function unlabelledLine(row: Row): RecapLine | null {
  const amount = amountRightOf(row.words, 0);
  const label = row.words.filter((word) => word.bbox[2] < (amount?.words[0].bbox[0] ?? 0));
  if (!amount || label.length === 0 || !label.some((word) => /[A-Za-z]{3}/.test(word.text))) return null;
  return { label: label.map((word) => word.text).join(' '), value: { ...amount, page: row.page } };
}

/**
 * Reads the recap by its label anchors from `start` on. The first grand total ends it: lines
 * printed after it (contingency, fees, total rehabilitation cost) are not part of the recap.
 * Priced lines without a recap label between the subtotal and the grand total are kept apart.
 */
export function readRecap(rows: Row[], start: number): RecapRead {
  const fields: Partial<Record<RecapField, RecapValue>> = {};
  const unread: RecapRead['unread'] = {};
  const unlabelled: RecapLine[] = [];
  for (let index = start; index < rows.length; index += 1) {
    const field = recapFieldOf(rows[index]);
    if (!field) {
      const line = fields.subtotal && !RECAP_HEADINGS.find(rows[index], true) ? unlabelledLine(rows[index]) : null;
      if (line) unlabelled.push(line);
      continue;
    }
    if (fields[field]) continue;
    const value = recapAmount(rows, index, field);
    if (!value) {
      unread[field] ??= { words: rows[index].words, page: rows[index].page };
      continue;
    }
    fields[field] = value;
    if (field === 'grandTotal') break;
  }
  if (!fields.grandTotal) return { fields, additionalLines: [], unread };
  const used = new Set(Object.values(fields).flatMap((value) => value?.words ?? []));
  return { fields, additionalLines: unlabelled.filter((line) => !line.value.words.some((word) => used.has(word))), unread };
}
