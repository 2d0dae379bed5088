import type { DocumentModel, Word } from '@docsift/core';
import {
  buildRows,
  detectDateOrder,
  detectNumberFormat,
  fieldTerms,
  findLabelSpans,
  labelWords,
  PhraseMatcher,
  readTables,
  textBlocks,
  type FieldConcept,
  type LabelSpan,
  type LayoutRow,
  type Table,
  type TextBlock,
} from '@docsift/core/layout';
import type { PrintConventions } from './parse.js';

/** What the template extractor knows of a document before it looks for any one field. */
export interface DocumentReading {
  rows: LayoutRow[];
  conventions: PrintConventions;
  tables: Table[];
  /** Rows of table headers and items: their labels are column headers, not field labels. */
  tableRows: ReadonlySet<LayoutRow>;
  /** The words of those rows: no field's value. */
  tableWords: ReadonlySet<Word>;
  /** Text blocks of each page, in page order. */
  blocks: TextBlock[];
  /** Every field label of the lexicon found on the document, strongest first. */
  labels: Array<LabelSpan<FieldConcept>>;
  /** Words of the strong labels: a value never runs into another label. */
  stops: ReadonlySet<Word>;
}

let allLabels: PhraseMatcher<FieldConcept> | undefined;

function lexiconLabels(): PhraseMatcher<FieldConcept> {
  allLabels ??= new PhraseMatcher(fieldTerms().map((term) => ({ value: term.id, phrase: term.phrase })));
  return allLabels;
}

function rowsOfTables(tables: Table[], rows: LayoutRow[]): Set<LayoutRow> {
  const inTables = new Set<LayoutRow>();
  for (const table of tables) {
    for (const entry of table.entries) {
      if (entry.kind !== 'subtotal') for (const row of entry.rows) inTables.add(row);
    }
    for (const row of table.header.rows) inTables.add(row);
    for (const row of rows.slice(table.start, table.end)) if (!table.entries.some((entry) => entry.kind === 'subtotal' && entry.rows.includes(row))) inTables.add(row);
  }
  return inTables;
}

export function readDocument(document: DocumentModel): DocumentReading {
  const rows = buildRows(document);
  const texts = rows.flatMap((row) => row.words.map((word) => word.text));
  const format = detectNumberFormat(texts);
  const dateOrder = detectDateOrder(
    rows.map((row) => row.text),
    format.decimal === ',' ? 'dmy' : 'mdy',
  );
  const tables = readTables(rows, { format });
  const tableRows = rowsOfTables(tables, rows);
  const labels = findLabelSpans(rows, lexiconLabels());
  const pages = [...new Set(rows.map((row) => row.page))];
  return {
    rows,
    conventions: { format, dateOrder },
    tables,
    tableRows,
    tableWords: new Set([...tableRows].flatMap((row) => row.words)),
    blocks: pages.flatMap((page) => textBlocks(rows.filter((row) => row.page === page))),
    labels,
    stops: labelWords(labels),
  };
}
