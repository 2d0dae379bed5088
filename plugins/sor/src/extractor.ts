import type { DocumentModel, ExtractionResult, Extractor } from '@docsift/core';
import { fieldTerms, readLayout, foldText, roundCents, type LayoutRow, type NumberFormat } from '@docsift/core/layout';
import { repairByRecapSubtotal, toSections } from './assemble.js';
import { readMetadata } from './metadata.js';
import { ProvenanceRecorder } from './provenance.js';
import { readRecap, type RecapLine, type RecapRead, type RecapTotals, type RecapValue } from './recap.js';
import { withRunningItems } from './running.js';
import type { SorData, SorRecap, SorRecapLine, SorSection } from './schema.js';
import { readStatementTable, type DraftTable } from './table.js';

const RECAP_FIELDS = ['subtotal', 'generalConditions', 'overheadAndProfit', 'grandTotal'] as const;

/** Overhead and profit printed on two lines of their own count as one amount. */
function overheadAndProfit(fields: RecapRead['fields']): RecapValue | undefined {
  if (fields.overheadAndProfit) return fields.overheadAndProfit;
  const parts = [fields.overhead, fields.profit].filter((value): value is RecapValue => value !== undefined);
  if (parts.length === 0) return undefined;
  return {
    value: roundCents(parts.reduce((sum, part) => sum + part.value, 0)),
    words: parts.flatMap((part) => part.words),
    quality: Math.min(...parts.map((part) => part.quality)),
    page: parts[0].page,
  };
}

/** Confidence factor of a recap amount computed from the others because its printed amount was unreadable or not printed. */
const DERIVED_RECAP_QUALITY = 0.6;

/**
 * General conditions or overhead and profit (or one of overhead and profit printed on lines of their own)
 * whose label was read but whose amount OCR lost:
 * grand total − subtotal − the other − additional lines, when every other amount was read.
 */
function deriveUnread(read: RecapRead, values: Partial<Record<keyof SorRecap, RecapValue>>): Partial<Record<keyof SorRecap, string>> {
  const { subtotal, grandTotal } = values;
  // Overhead and profit printed on lines of their own, one amount unreadable: their sum is what is missing.
  const partUnread = read.fields.overheadAndProfit ? undefined : (read.unread.overhead ?? read.unread.profit);
  const unread = (field: 'generalConditions' | 'overheadAndProfit') => (field === 'overheadAndProfit' ? (read.unread.overheadAndProfit ?? partUnread) : read.unread[field]);
  const missing = (['generalConditions', 'overheadAndProfit'] as const).filter((field) => (!values[field] || (field === 'overheadAndProfit' && partUnread)) && unread(field));
  if (!subtotal || !grandTotal || missing.length !== 1) return {};
  const [field] = missing;
  const other = values[field === 'generalConditions' ? 'overheadAndProfit' : 'generalConditions'];
  const additional = read.additionalLines.reduce((sum, line) => sum + line.value.value, 0);
  const value = roundCents(grandTotal.value - subtotal.value - (other?.value ?? 0) - additional);
  const label = unread(field)!;
  if (value < 0) return {};
  values[field] = { value, words: label.words, quality: DERIVED_RECAP_QUALITY, page: label.page };
  return { [field]: 'grand total − subtotal − the other recap lines' };
}

const CONTINGENCY = new Set(fieldTerms({ concepts: ['contingency'] }).map((term) => foldText(term.phrase)));
const isContingency = (line: RecapLine): boolean => foldText(line.label).split(' ').some((_, index, words) => CONTINGENCY.has(words.slice(0, index + 1).join(' ')) || CONTINGENCY.has(words[index]));

interface RecapResult {
  recap: SorRecap;
  recapLines: SorRecapLine[];
  afterGrandTotal: SorRecapLine[];
  contingency: number | null;
}

const sectionNamesOf = (sections: SorSection[]): Set<string> => new Set(sections.map((section) => foldText(section.sectionName)).filter((name) => name !== ''));

/** The sum of the line totals where every line has one (and the sections' sum where two or more hold lines); else null. */
function lineTotals(sections: SorSection[]): RecapTotals {
  const items = sections.flatMap((section) => section.lineItems);
  if (items.length === 0 || items.some((item) => item.totalCost === null)) return { sections: null, items: null };
  const sum = roundCents(items.reduce((total, item) => total + item.totalCost!, 0));
  return { sections: sections.filter((section) => section.lineItems.length > 0).length >= 2 ? sum : null, items: sum };
}

function toRecap(rows: LayoutRow[], table: DraftTable, format: NumberFormat, sections: SorSection[], provenance: ProvenanceRecorder): RecapResult {
  const sum = { ...lineTotals(sections), sectionNames: sectionNamesOf(sections) };
  const start = table.end;
  let read = readRecap(rows, start, format, sum, table.columns);
  if (Object.keys(read.fields).length === 0 && start > 0) read = readRecap(rows, 0, format, sum, table.columns);
  else if (!read.fields.grandTotal && table.start) {
    // A recap printed before the items (a cover page's summary of the schedules after it), where none with a grand total follows them
    // and it reads more of the recap than the lines after them do (not a change order's "Original contract total" over its own subtotal and markup).
    const before = readRecap(rows, 0, format, sum);
    const total = before.fields.grandTotal?.words[0];
    const at = total ? rows.findIndex((row) => row.words.includes(total)) : -1;
    if (at >= 0 && at < table.start && Object.keys(before.fields).length > Object.keys(read.fields).length) read = before;
  }
  const values: Partial<Record<keyof SorRecap, RecapValue>> = { ...read.fields, overheadAndProfit: overheadAndProfit(read.fields) };
  const derivations = deriveUnread(read, values);
  const recap: SorRecap = { subtotal: null, generalConditions: null, overheadAndProfit: null, grandTotal: null };
  for (const field of RECAP_FIELDS) {
    const value = values[field];
    if (!value) continue;
    recap[field] = value.value;
    provenance.record(`recapSummary.${field}`, value.page, value.words, value.quality, derivations[field]);
  }
  const lines = (list: RecapLine[], path: string): SorRecapLine[] =>
    list.map((line, index) => {
      provenance.record(`additionalInfo.${path}[${index}].amount`, line.value.page, line.value.words, line.value.quality);
      return { label: line.label, amount: line.value.value };
    });
  const contingencyLine = [...read.afterGrandTotal, ...read.additionalLines].find(isContingency);
  if (contingencyLine) provenance.record('additionalInfo.contingencyReserve', contingencyLine.value.page, contingencyLine.value.words, contingencyLine.value.quality);
  return {
    recap,
    recapLines: lines(read.additionalLines, 'recapLines'),
    afterGrandTotal: lines(read.afterGrandTotal, 'linesAfterGrandTotal'),
    contingency: contingencyLine?.value.value ?? null,
  };
}

/** Reads a statement of repair (or a contractor estimate) from the document model. */
export function extractSor(document: DocumentModel): ExtractionResult<SorData> {
  const layout = readLayout(document);
  const { rows, conventions: { format } } = layout;
  const provenance = new ProvenanceRecorder();
  const { metadata: documentMetadata, additional } = readMetadata(layout, provenance);
  const table = withRunningItems(readStatementTable(layout), layout);
  const constructionSections = toSections(table.sections, provenance);
  const { recap: recapSummary, recapLines, afterGrandTotal, contingency } = toRecap(rows, table, format, constructionSections, provenance);
  repairByRecapSubtotal(constructionSections, table.sections, recapSummary.subtotal, provenance);
  const additionalInfo = { ...additional, recapLines, contingencyReserve: contingency, linesAfterGrandTotal: afterGrandTotal };
  return { data: { documentMetadata, constructionSections, recapSummary, additionalInfo }, fieldDetails: provenance.details };
}

export const sorExtractor: Extractor<SorData> = {
  async extract(document, context) {
    context.signal?.throwIfAborted();
    return extractSor(document);
  },
};
