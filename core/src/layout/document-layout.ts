import type { DocumentModel, Word } from '../contracts/document.js';
import { detectDateOrder, type DateOrder } from './dates.js';
import { findLabelSpans, labelWords, type LabelSpan } from './key-values.js';
import { fieldTerms, type FieldConcept } from './lexicon/index.js';
import { detectNumberFormat, groupsDigitsWithApostrophes, type NumberFormat } from './numbers.js';
import { PhraseMatcher } from './phrases.js';
import { buildRows, type LayoutRow } from './rows.js';
import { withSheetPagesJoined } from './sheet-pages.js';
import { withSideBySideTablesApart } from './side-by-side.js';
import { withPanelsApart } from './sidebar.js';
import { readTables, type Table } from './tables/index.js';
import { textBlocks, type TextBlock } from './zones.js';

/** How numbers and dates are printed on a document. */
export interface PrintConventions {
  format: NumberFormat;
  dateOrder: DateOrder;
}

/**
 * Everything the layout layer reads of a document before any one field is looked for: rows, how
 * numbers and dates are printed, tables, text blocks and every label of the lexicon on the page.
 */
export interface DocumentLayout {
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

/** Field labels of every language of the lexicon. */
export function fieldLabels(): PhraseMatcher<FieldConcept> {
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

/** Reads a document's layout: the shared starting point of extractors that look for fields by meaning. */
export function readLayout(document: DocumentModel): DocumentLayout {
  const rows = withPanelsApart(withSideBySideTablesApart(withSheetPagesJoined(buildRows(document))));
  const texts = rows.flatMap((row) => row.words.map((word) => word.text));
  const format = detectNumberFormat(texts);
  const dateOrder = detectDateOrder(
    rows.map((row) => row.text),
    format.decimal === ',' || groupsDigitsWithApostrophes(texts) ? 'dmy' : 'mdy',
  );
  const tables = readTables(rows, { format });
  const tableRows = rowsOfTables(tables, rows);
  const labels = findLabelSpans(rows, fieldLabels());
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
