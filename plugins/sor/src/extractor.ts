import type { DocumentModel, ExtractionResult, Extractor } from '@docsift/core';
import { readAmountList, readAmountTable } from './amounts.js';
import { toSections } from './assemble.js';
import { readHeaderAt } from './header.js';
import { buildRows, type Row } from './layout.js';
import { readMetadata } from './metadata.js';
import { ProvenanceRecorder } from './provenance.js';
import { roundCents } from './parse.js';
import { readRecap, type RecapRead, type RecapValue } from './recap.js';
import type { SorData, SorRecap, SorRecapLine } from './schema.js';
import { inferHeader } from './infer.js';
import { findHeader, readHeaderlessTable, readItemisedTable, type DraftTable } from './table.js';

const RECAP_FIELDS = ['subtotal', 'generalConditions', 'overheadAndProfit', 'grandTotal'] as const;

/**
 * Itemised tables have quantity, material or labor columns; estimates price each scope with one
 * amount. Without any header row the columns are inferred from rows that add up, else a priced list.
 */
function readTable(rows: Row[]): DraftTable {
  const headerIndex = findHeader(rows);
  if (headerIndex < 0) {
    const inferred = inferHeader(rows);
    return inferred ? readHeaderlessTable(rows, inferred.header, inferred.firstIndex) : readAmountList(rows);
  }
  const kinds = readHeaderAt(rows, headerIndex)!.header.columns.map((column) => column.kind);
  const itemised = kinds.some((kind) => kind === 'quantity' || kind === 'material' || kind === 'labor');
  return itemised ? readItemisedTable(rows, headerIndex) : readAmountTable(rows, headerIndex);
}

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

/** Confidence factor of a recap amount computed from the others because its printed amount was unreadable. */
const DERIVED_RECAP_QUALITY = 0.6;

/**
 * General conditions or overhead and profit whose label was read but whose amount OCR lost:
 * grand total − subtotal − the other − additional lines, when every other amount was read.
 */
function deriveUnread(read: RecapRead, values: Partial<Record<keyof SorRecap, RecapValue>>): void {
  const { subtotal, grandTotal } = values;
  const missing = (['generalConditions', 'overheadAndProfit'] as const).filter((field) => !values[field] && read.unread[field]);
  if (!subtotal || !grandTotal || missing.length !== 1) return;
  const [field] = missing;
  const other = values[field === 'generalConditions' ? 'overheadAndProfit' : 'generalConditions'];
  const additional = read.additionalLines.reduce((sum, line) => sum + line.value.value, 0);
  const value = roundCents(grandTotal.value - subtotal.value - (other?.value ?? 0) - additional);
  const label = read.unread[field]!;
  if (value >= 0) values[field] = { value, words: label.words, quality: DERIVED_RECAP_QUALITY, page: label.page };
}

function toRecap(rows: Row[], start: number, provenance: ProvenanceRecorder): { recap: SorRecap; recapLines: SorRecapLine[] } {
  let read = readRecap(rows, start);
  if (Object.keys(read.fields).length === 0 && start > 0) read = readRecap(rows, 0);
  const values: Partial<Record<keyof SorRecap, RecapValue>> = { ...read.fields, overheadAndProfit: overheadAndProfit(read.fields) };
  deriveUnread(read, values);
  const recap: SorRecap = { subtotal: null, generalConditions: null, overheadAndProfit: null, grandTotal: null };
  for (const field of RECAP_FIELDS) {
    const value = values[field];
    if (!value) continue;
    recap[field] = value.value;
    provenance.record(`recapSummary.${field}`, value.page, value.words, value.quality);
  }
  const recapLines = read.additionalLines.map((line, index) => {
    provenance.record(`additionalInfo.recapLines[${index}].amount`, line.value.page, line.value.words, line.value.quality);
    return { label: line.label, amount: line.value.value };
  });
  return { recap, recapLines };
}

/** Reads a statement of repair (or a contractor estimate) from the document model. */
export function extractSor(document: DocumentModel): ExtractionResult<SorData> {
  const rows = buildRows(document);
  const provenance = new ProvenanceRecorder();
  const { metadata: documentMetadata, additional } = readMetadata(rows, provenance);
  const table = readTable(rows);
  const constructionSections = toSections(table.sections, provenance);
  const { recap: recapSummary, recapLines } = toRecap(rows, table.end, provenance);
  const additionalInfo = { ...additional, recapLines };
  return { data: { documentMetadata, constructionSections, recapSummary, additionalInfo }, fieldDetails: provenance.details };
}

export const sorExtractor: Extractor<SorData> = {
  async extract(document, context) {
    context.signal?.throwIfAborted();
    return extractSor(document);
  },
};
