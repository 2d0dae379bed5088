import type { DocumentModel, ExtractionResult, Extractor } from '@docsift/core';
import { readAmountList, readAmountTable } from './amounts.js';
import { toSections } from './assemble.js';
import { readHeaderAt } from './header.js';
import { buildRows, type Row } from './layout.js';
import { readMetadata } from './metadata.js';
import { ProvenanceRecorder } from './provenance.js';
import { readRecap, type RecapField } from './recap.js';
import type { SorData, SorRecap } from './schema.js';
import { findHeader, readItemisedTable, type DraftTable } from './table.js';

const RECAP_FIELDS: RecapField[] = ['subtotal', 'generalConditions', 'overheadAndProfit', 'grandTotal'];

/** Itemised tables have quantity, material or labor columns; estimates price each scope with one amount. */
function readTable(rows: Row[]): DraftTable {
  const headerIndex = findHeader(rows);
  if (headerIndex < 0) return readAmountList(rows);
  const kinds = readHeaderAt(rows, headerIndex)!.header.columns.map((column) => column.kind);
  const itemised = kinds.some((kind) => kind === 'quantity' || kind === 'material' || kind === 'labor');
  return itemised ? readItemisedTable(rows, headerIndex) : readAmountTable(rows, headerIndex);
}

function toRecap(rows: Row[], start: number, provenance: ProvenanceRecorder): SorRecap {
  let values = readRecap(rows, start);
  if (Object.keys(values).length === 0 && start > 0) values = readRecap(rows, 0);
  const recap: SorRecap = { subtotal: null, generalConditions: null, overheadAndProfit: null, grandTotal: null };
  for (const field of RECAP_FIELDS) {
    const value = values[field];
    if (!value) continue;
    recap[field] = value.value;
    provenance.record(`recapSummary.${field}`, value.page, value.words, value.quality);
  }
  return recap;
}

/** Reads a statement of repair (or a contractor estimate) from the document model. */
export function extractSor(document: DocumentModel): ExtractionResult<SorData> {
  const rows = buildRows(document);
  const provenance = new ProvenanceRecorder();
  const documentMetadata = readMetadata(rows, provenance);
  const table = readTable(rows);
  const constructionSections = toSections(table.sections, provenance);
  const recapSummary = toRecap(rows, table.end, provenance);
  return { data: { documentMetadata, constructionSections, recapSummary }, fieldDetails: provenance.details };
}

export const sorExtractor: Extractor<SorData> = {
  async extract(document, context) {
    context.signal?.throwIfAborted();
    return extractSor(document);
  },
};
