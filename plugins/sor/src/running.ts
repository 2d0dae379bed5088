import type { Word } from '@docsift/core';
import { joinWords, readRunningItems, textColumns, type DocumentLayout, type RunningSection, type TextColumns } from '@docsift/core/layout';
import { readSectionHeading, type DraftSection, type DraftTable } from './table.js';

function toDraft(section: RunningSection): DraftSection {
  const name = section.heading.length > 0 ? (readSectionHeading(joinWords(section.heading))?.name ?? '') : '';
  return {
    name,
    nameWords: section.heading,
    page: section.page,
    items: section.items.map((item) => ({ page: item.page, description: item.description, quantity: null, unit: null, material: null, labor: null, total: item.amount })),
    total: section.total ? { page: section.total.page, material: null, labor: null, total: section.total.amount } : null,
  };
}

/** Whether half the tables' items or more run across a gutter between columns of text: the tables then read two columns of running text as one. */
function tablesCrossColumns(layout: DocumentLayout, columns: TextColumns[]): boolean {
  const items = layout.tables.flatMap((table) => table.entries.filter((entry) => entry.kind === 'item'));
  const crosses = (words: Word[], gutters: number[]): boolean =>
    gutters.some((x) => words.some((word) => word.bbox[2] < x) && words.some((word) => word.bbox[0] > x));
  const crossing = items.filter((entry) => {
    const words = entry.cells.flat();
    return columns.some((band) => entry.rows.some((row) => band.rows.includes(row)) && crosses(words, band.gutters));
  });
  return items.length > 0 && crossing.length * 2 >= items.length;
}

/**
 * Line items printed as running text (a scope of work in text columns, each item a paragraph ending
 * with its price) are read where the cost tables hold no line item, or where the tables' items run
 * across the gutter between columns of text. The tables' end, where the recap is looked for, stays
 * as it was.
 */
export function withRunningItems(table: DraftTable, layout: DocumentLayout): DraftTable {
  const { format } = layout.conventions;
  const tabled = table.sections.some((section) => section.items.length > 0);
  if (tabled && !tablesCrossColumns(layout, textColumns(layout.rows, format))) return table;
  const rows = tabled ? layout.rows : layout.rows.filter((row) => !layout.tableRows.has(row));
  const sections = readRunningItems(rows, { format });
  return sections.length > 0 ? { sections: sections.map(toDraft), end: table.end } : table;
}
