import type { Word } from '../../contracts/document.js';
import { joinWords } from '../boxes.js';
import { fieldTerms, lookupColumnLabel, type FieldConcept } from '../lexicon/index.js';
import { readRomanNumeral, type NumberFormat } from '../numbers.js';
import { PhraseMatcher } from '../phrases.js';
import { startsCell, type LayoutRow } from '../rows.js';
import { readAmountCell, readQuantityCell } from './cells.js';
import { MONEY_ROLES, type TableColumn } from './model.js';
import type { SplitLine } from './split.js';

/** Concepts whose label on a row makes it a total (of a section, or of the whole table). */
const TOTAL_CONCEPTS: FieldConcept[] = [
  'total', 'subtotal', 'netTotal', 'grandTotal', 'sectionTotal', 'amountDue', 'taxAmount', 'generalConditions', 'overheadAndProfit',
  'overhead', 'profit', 'contingency', 'permitsAndFees', 'previousBalance', 'amountPaid', 'cashTendered', 'change',
];
/** Headings of a totals block ("RECAP", "Cost Summary"): they end a table. */
const SUMMARY_HEADINGS = ['recap', 'recapitulation', 'summary', 'cost summary', 'summary of costs', 'totals', 'estimate recap', 'estimate summary', 'budget summary', 'bid summary', 'project summary', 'job summary', 'résumé', 'récapitulatif', 'zusammenfassung', 'zusammenstellung', 'titelzusammenstellung', 'kostenzusammenstellung', 'resumen', 'recapitulación', 'samenvatting', 'recapitulatie', 'riepilogo', 'ricapitolazione', 'resumo', 'récapitulation'];

let totalLabels: PhraseMatcher<FieldConcept | 'summary'> | undefined;

function totalsMatcher(): PhraseMatcher<FieldConcept | 'summary'> {
  totalLabels ??= new PhraseMatcher<FieldConcept | 'summary'>([
    ...fieldTerms({ concepts: TOTAL_CONCEPTS }).map((term) => ({ value: term.id, phrase: term.phrase })),
    ...SUMMARY_HEADINGS.map((phrase) => ({ value: 'summary' as const, phrase })),
  ]);
  return totalLabels;
}

/**
 * A label that says "total" in so many words is one whatever follows it ("Subtotal Roofing, Siding
 * & Insulation"); the others (fees, contingency, a Spanish "Base") may also begin an item's description.
 */
const TOTAL_WORD = /^(sub-?)?(total|totaal|totale|gesamt|summe|sum|netto|brutto|neto|bruto|montant|importe|amount|balance)|^(sales\s)?(tax|taxes|vat|iva|tva|mwst|ust|btw|gst|hst)\b/i;
/** "Permit fees (city)" is a total's label; "Building permit and plan review fees" an item's description. */
const MAX_WORDS_AFTER_LABEL = 1;

/** A percentage or a part of one printed apart ("20%", "7.5", "%"). */
const PERCENT_WORD = /^(\d{1,2}([.,]\d{1,3})?\s?%?|%)$/;

/** A word shaped like an amount with cents ("1,455.00", "(250.00)"). */
export const AMOUNT_SHAPE = /\d[.,]\d{2}\)?$/;

/** Whether the cell of a label ending at `end` runs on with more words than a label's note. */
function runsOn(row: LayoutRow, end: number): boolean {
  let words = 0;
  let bracketed = false;
  for (let index = end; index < row.words.length && !startsCell(row, index); index += 1) {
    const text = row.words[index].text;
    if (text.startsWith('(')) bracketed = true;
    if (!bracketed && /^\p{L}/u.test(text)) words += 1;
    if (text.endsWith(')')) bracketed = false;
  }
  return words > MAX_WORDS_AFTER_LABEL;
}

/** The total or summary label a row's text starts a cell with ("Subtotal", "Netto", "GRAND TOTAL"), with every concept its words can mean; or null. */
export interface TotalLabel {
  concept: FieldConcept | 'summary';
  concepts: Array<FieldConcept | 'summary'>;
  words: Word[];
}

export function totalLabelOf(words: Word[], row: LayoutRow): TotalLabel | null {
  const set = new Set(words);
  for (let start = 0; start < row.words.length; start += 1) {
    if (!set.has(row.words[start])) continue;
    // A rate printed before the label is the label's own ("20% VAT", "7.5 % Sales Tax").
    const before = row.words.slice(0, start);
    const afterRate = before.some((word) => word.text.endsWith('%')) && before.every((word) => PERCENT_WORD.test(word.text));
    const opensCell = startsCell(row, start) || !set.has(row.words[start - 1]) || afterRate;
    if (!opensCell && start > 0 && !/^(sub)?total/i.test(row.words[start].text)) continue;
    // Amounts before the label are a line's own ("1,747.50 Surface Area … 169.00 Total Perimeter Length"),
    // unless they stand in a money column printed left of the text ("1,900.00   Subtotal - Concrete").
    if (row.words.slice(0, start).some((word) => set.has(word) && AMOUNT_SHAPE.test(word.text))) return null;
    const match = totalsMatcher().at(row, start);
    const saysTotal = match !== null && row.words.slice(match.start, match.end).some((word) => TOTAL_WORD.test(word.text));
    if (match && (saysTotal || !runsOn(row, match.end))) {
      return { concept: match.value, concepts: match.values, words: row.words.slice(match.start, match.end) };
    }
  }
  return null;
}

/** A row that opens with a summary heading and prints no amount ("RECAP", "Recap by Category", "Cost Summary by Trade"). */
export function opensSummary(row: LayoutRow): boolean {
  const match = totalsMatcher().at(row, 0);
  return match !== null && match.values.includes('summary') && !row.words.some((word) => AMOUNT_SHAPE.test(word.text));
}

/** The heading word of a summary another word names ("Room Summary", "TRADE RECAP"). */
const SUMMARY_WORD = /^(summary|recap|recapitulation)$/i;

/**
 * A row of two words in one cell, what is summed and a summary's heading word ("ROOM SUMMARY",
 * "Division Recap"): after a table's items, the heading of the totals block that sums them; before
 * any, a list's title ("Pricing Summary").
 */
export function namesSummary(row: LayoutRow): boolean {
  const [what, summary] = row.words;
  return row.words.length === 2 && /^\p{L}+$/u.test(what.text) && SUMMARY_WORD.test(summary.text) && !startsCell(row, 1);
}

/**
 * A section's own total: "Subtotal 3.0 Roofing", "Section 3.0 Total", "Section 3 Subtotal", "Total Division 06";
 * the first group of an amount grouped by spaces ("TOTAL  18 524,53") is no section's number.
 */
const SECTION_TOTAL =
  /\b(sub-?total|total)\b.*((?<![\d.,$€£])\d{1,2}(\.\d)?(?![\d.,%]|\s\d{3}(?!\d))|\b(section|division|div\.?)\b)|\b(section|division|div\.?)\s*\d{1,2}(\.\d{1,2})?\b.*\b(sub-?)?total\b/i;
const ALL_SECTIONS = /\b(all|sections|of sections)\b/i;

/** A page's total at its foot ("PAGE 2 TOTAL", "Page total", "Total this page"), not "Total all pages". */
const PAGE_TOTAL = /\bpage(\s+\d{1,3})?\s+(sub-?)?total\b|\b(sub-?)?total\s+(this\s+|of\s+)?page\b(?!s)/i;

/** Whether a row's text labels the total of its page: neither an item, nor a table's end, nor a recap line. */
export const isPageTotal = (text: string): boolean => PAGE_TOTAL.test(text);

/** A reference to lines of a numbered summary ("TOTAL COST OF REPAIRS (lines 1-2)", "line 4") or to items ("Total of Bid Items 1 through 10"): its numbers name no section. */
const LINE_REFERENCE = /\b(lines?|items?)\s+\d{1,3}(\s*([-–+&,]|and|to|through|thru)\s*\d{1,3})*/gi;

export function namesASection(text: string): boolean {
  const named = text.replace(LINE_REFERENCE, ' ');
  return SECTION_TOTAL.test(named) && !ALL_SECTIONS.test(named);
}

/**
 * Whether the row's label names the heading in force ("Subtotal Kitchen" under "KITCHEN"): its whole
 * number ("0100", not the "01" of "Phase 01"), or half its words (`share`: how many of them must be
 * said; with 1 all of them, the number or not).
 */
export function namesHeading(text: string, heading: string | null, share = 0.5): boolean {
  if (!heading) return false;
  const number = /^\s*(\d+(\.\d+)?)\b/.exec(heading)?.[1];
  const numbered = number !== undefined && new RegExp(`(^|\\s)${number.replace('.', '\\.')}(\\s|$)`).test(text);
  if (numbered && share < 1) return true;
  const words = heading.toLowerCase().split(/[^\p{L}]+/u).filter((word) => word.length > 3);
  const said = new Set(text.toLowerCase().split(/[^\p{L}]+/u));
  if (words.length === 0) return numbered;
  return words.filter((word) => said.has(word)).length >= words.length * share;
}

/** The numeric cells of a split line: money by role, and quantities. */
export function lineValues(line: SplitLine, columns: TableColumn[], format: NumberFormat): { money: number; quantity: boolean; amount: boolean } {
  let money = 0;
  let quantity = false;
  let amount = false;
  columns.forEach((column, index) => {
    const words = line.cells[index];
    if (words.length === 0 || column.role === null) return;
    if (MONEY_ROLES.has(column.role) && readAmountCell(words, format)) {
      money += 1;
      if (column.role === 'amount' || column.role === 'grossAmount') amount = true;
    }
    if (column.role === 'quantity' && readQuantityCell(words, format)) quantity = true;
  });
  return { money, quantity, amount };
}

/** An item row prints its amount, two money values, or a quantity and a money value. */
export function isItemLine(line: SplitLine, columns: TableColumn[], format: NumberFormat): boolean {
  const { money, quantity, amount } = lineValues(line, columns, format);
  return (amount || money >= 2 || (quantity && money >= 1)) && !onlyDashes(line, columns);
}

/** A form's line with no work on it: dashes (and currency signs) for all its amounts ("$ -   $ -   $ -"). */
function onlyDashes(line: SplitLine, columns: TableColumn[]): boolean {
  return allDashes(columns.flatMap((column, index) => (column.role !== null && MONEY_ROLES.has(column.role) ? line.cells[index] : [])));
}

/** Words that are dashes for amounts, with their currency signs: at least one dash and nothing else. */
export const allDashes = (words: Word[]): boolean => words.some((word) => /^[-–—]$/.test(word.text)) && words.every((word) => /^([-–—]|[$€£])$/.test(word.text));

/** "3.0 Roofing", "Section 3 – Roofing", "DIVISION 06 – WOOD", "03 30 00 Cast-in-Place Concrete", "06 – Wood, Plastics & Composites", "0400 - Masonry", a cost code's division "01-000 General Requirements". */
const STRONG_HEADING = /^(\d{1,2}\.0{1,2}\s*[.:–—-]?\s+\p{L}|\d{2,3}-0{2,4}\s+\p{L}|\d{2}(\s\d{2}){1,2}\s+\p{L}|\d{2}[\s:.]?\d{2}[\s:.]?\d{2}\s+\p{Lu}|\d{2}\s*[–—·]\s*\p{L}|\d{4}\s*[–—-]\s*\p{Lu}|(section|division|div\.?|phase|part|area|room|trade|category|chapter|abschnitt|titel|partida|cap[ií]tulo|chapitre|lot|hoofdstuk|sezione)\s*\d{1,3}(\.0{1,2})?\b)/iu;
/** "3. Roofing", "A. Kitchen", "B) Bathroom": numbered like a heading, or like an item. */
const WEAK_HEADING = /^(\d{1,2}\.|[A-Z][.)])\s+\p{Lu}/u;
/** "III. Electrical", as OCR may read it ("Ill. Electrical"). */
const ROMAN_HEADING = /^(\S+)\.\s+\p{Lu}/u;

/** How a row's text says it is a heading by its numbering: strongly (may carry the section's total), weakly (text only), or not. */
export function headingNumbering(text: string): 'strong' | 'weak' | null {
  const trimmed = text.trim();
  if (STRONG_HEADING.test(trimmed)) return 'strong';
  const roman = ROMAN_HEADING.exec(trimmed)?.[1];
  return WEAK_HEADING.test(trimmed) || (roman !== undefined && readRomanNumeral(roman) !== null) ? 'weak' : null;
}

/** A file's name, as a page's running header or footer prints it ("SOR_WU-10842.xlsx", OCR's "xIsx"). */
const FILE_NAME = /\w\.(x[lI1]s[xm]?|docx?|pdf|csv|od[st])$/i;

/** A short title: capitals, or at most six words with no sentence punctuation at the end; no file's name. */
export function isTitleLike(words: Word[]): boolean {
  const text = joinWords(words).trim();
  const letters = text.replace(/[^\p{L}]/gu, '');
  // A rate ("GENERAL REQUIREMENTS 5%") labels a markup, not a section.
  if (letters.length < 3 || words.length > 8 || /[.,;:]$/.test(text) || words.some((word) => FILE_NAME.test(word.text) || /\d\s*%$|^%$/.test(word.text))) return false;
  if (letters === letters.toUpperCase()) return true;
  // A title numbered like a section ("01 - Garage", "3. Roof") starts with a capital after its number.
  const title = text.replace(/^\d{1,3}(?:[.)]|\s*[-–—·:])\s+/, '');
  return words.length <= 6 && /^\p{Lu}/u.test(title) && !/\d[.,]\d/.test(text);
}

export const startsLowerCase = (words: Word[]): boolean => /^[\p{Ll}(\[,;&-]/u.test(words[0]?.text ?? '');

/**
 * A note printed between the items, opened by a remark's label and its colon ("NOTE: Match existing
 * profile and finish.", "Hinweis: …") or by who does the work ("Subcontractor: Old Town Home
 * Improvement", "Nachunternehmer: …"): no item, no heading, and no line of the description above it.
 * Who does the work is no note where it opens a group of items (`opensGroup`: first in the table or
 * after a subtotal): it heads the section of an estimate grouped by subcontractor.
 */
export function isNoteLine(row: LayoutRow, opensGroup = false): boolean {
  // OCR reads a colon as a semicolon ("Notes; peeling and cracking").
  const colon = row.words.findIndex((word) => word.text.endsWith(':') || (word.source === 'ocr' && word.text.endsWith(';')));
  if (colon < 0 || colon > 1 || colon === row.words.length - 1) return false;
  const label = joinWords(row.words.slice(0, colon + 1)).replace(/\s*[:;]$/, '');
  return lookupColumnLabel(label).some((term) => term.id === 'remarks' || (!opensGroup && term.id === 'performedBy'));
}
