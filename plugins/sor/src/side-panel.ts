import type { Word } from '@docsift/core';
import { makeRow, rowHeightsToX, type DocumentLayout, type LayoutRow as Row } from '@docsift/core/layout';
import { labelsOf } from './labels.js';

/** Rows opening with a label of a detail ("LENDER", "SITE VISIT", "DATE") a panel must hold: a column of descriptions holds none. */
const MIN_PANEL_LABELS = 2;
/** A panel stands in the left part of the page: a band this wide or wider is the table's own column. */
const MAX_PANEL_EDGE = 0.45;
/** The gutter between a panel and the table is this many row heights wide or more. */
const MIN_PANEL_GAP = 2;

/**
 * Where the table's leftmost band of words ends: at the first gutter no word of its rows crosses,
 * in the left part of the page and left of every printed column heading (`headed`); else null.
 */
function panelEdge(rows: Row[], headed: number): number | null {
  const spans = rows.flatMap((row) => row.words.map((word) => [word.bbox[0], word.bbox[2]] as const)).sort((a, b) => a[0] - b[0]);
  if (spans.length === 0) return null;
  const gap = rowHeightsToX(rows[0], MIN_PANEL_GAP);
  let end = spans[0][1];
  for (const [start, stop] of spans) {
    if (end > MAX_PANEL_EDGE || start > headed) return null;
    if (start - end >= gap) return end;
    end = Math.max(end, stop);
  }
  return null;
}

/**
 * A panel of labelled details printed down the page beside a cost table ("LENDER" over the bank's
 * name, "SITE VISIT" over its date) shares the table's rows: its words stand in a band left of the
 * table's columns, apart from them by a gutter. Each such table row is given here as the row of its
 * panel words alone, for its labels and values to be read as the prose's are.
 */
export function sidePanelRows(layout: DocumentLayout): Map<Row, Row> {
  const panels = new Map<Row, Row>();
  for (const table of layout.tables) {
    const rows = layout.rows.slice(table.start, table.end).filter((row) => layout.tableRows.has(row));
    const headed = Math.min(...table.header.columns.filter((column) => column.words.length > 0).map((column) => column.x0));
    const edge = panelEdge(rows, headed);
    if (edge === null) continue;
    const margins = new Map<Row, Word[]>();
    for (const row of rows) {
      const words = row.words.filter((word) => word.bbox[2] <= edge);
      if (words.length > 0) margins.set(row, words);
    }
    const panel = [...margins].map(([row, words]) => [row, { ...makeRow(row.page, row.aspect, words, row.index), furniture: row.furniture, space: row.space }] as const);
    if (panel.filter(([, row]) => labelsOf(row).some((hit) => hit.start === 0)).length < MIN_PANEL_LABELS) continue;
    for (const [row, own] of panel) panels.set(row, own);
  }
  return panels;
}
