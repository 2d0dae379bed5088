import type { Word } from '@docsift/core';
import { ANNOTATION_ROLES, hasRoleIn, isTextColumn, joinWords, readCostLine, readItemCards, readRunningItems, textColumns, type DocumentLayout, type RunningItem, type RunningSection, type TextColumns } from '@docsift/core/layout';
import { readSectionHeading, type DraftItem, type DraftSection, type DraftTable } from './table.js';

function toDraftItem(item: RunningItem): DraftItem {
  const { page, description, costs } = item;
  if (!costs) return { page, description, quantity: null, unit: null, material: null, labor: null, total: item.amount };
  return {
    page,
    description,
    quantity: costs.quantity,
    unit: costs.unit,
    material: costs.material,
    labor: costs.labor,
    total: costs.total,
    ...(costs.unitPrice ? { unitCost: costs.unitPrice } : {}),
    ...(costs.equipment ? { equipment: costs.equipment } : {}),
  };
}

function toDraft(section: RunningSection): DraftSection {
  const name = section.heading.length > 0 ? (readSectionHeading(joinWords(section.heading))?.name ?? '') : '';
  return {
    name,
    nameWords: section.heading,
    page: section.page,
    items: section.items.map(toDraftItem),
    total: section.total ? { page: section.total.page, material: null, labor: null, total: section.total.amount } : null,
  };
}

/** A section printed again after a page break ("Plumbing (continued)") goes on in the one before it of that name. */
function joinContinued(sections: RunningSection[]): DraftSection[] {
  const drafts: DraftSection[] = [];
  for (const section of sections) {
    const draft = toDraft(section);
    const previous = drafts[drafts.length - 1];
    const continued = section.heading.length > 0 && readSectionHeading(joinWords(section.heading))?.continued === true;
    if (previous && continued && previous.name === draft.name) {
      previous.items.push(...draft.items);
      previous.total = draft.total ?? previous.total;
    } else {
      drafts.push(draft);
    }
  }
  return drafts;
}

/** Whether half the tables' items or more run across a gutter between columns of text: the tables then read two columns of running text as one. */
function tablesCrossColumns(layout: DocumentLayout, columns: TextColumns[]): boolean {
  const items = layout.tables.flatMap((table) => table.entries.filter((entry) => entry.kind === 'item'));
  const crosses = (words: Word[], gutters: number[]): boolean =>
    gutters.some((x) => words.some((word) => word.bbox[2] < x) && words.some((word) => word.bbox[0] > x));
  const crossing = items.filter((entry) => {
    const words = entry.cells.flat();
    // A gutter left of an annotation column's cell (an amount written out in words, a crew), the line's text all left of it, is the table's own.
    const own = (x: number): boolean =>
      entry.cells.some((cell, index) => hasRoleIn(entry.columns[index], ANNOTATION_ROLES) && cell.length > 0 && cell.every((word) => word.bbox[0] > x)) &&
      entry.cells.every((cell, index) => !isTextColumn(entry.columns[index]) || cell.every((word) => word.bbox[2] < x));
    return columns.some((band) => entry.rows.some((row) => band.rows.includes(row)) && crosses(words, band.gutters.filter((x) => !own(x))));
  });
  return items.length > 0 && crossing.length * 2 >= items.length;
}

/**
 * Whether half the tables' items or more are read from cost lines ("Quantity: 40 LF  Mat. $534  Lab.
 * $1,280  Cost $1,814"): a table labels its amounts once, in its header; amounts labelled on each
 * line are the cost lines of items printed as paragraphs, which the tables read one line off.
 */
function tablesReadCostLines(layout: DocumentLayout): boolean {
  const { format } = layout.conventions;
  const items = layout.tables.flatMap((table) => table.entries.filter((entry) => entry.kind === 'item'));
  // Items are read until the answer is sure: on an ordinary table, once more than half of them hold no cost line.
  let costLines = 0;
  for (const [index, entry] of items.entries()) {
    // A cost part on a row of its own under the item ("Material cost  4.29  1,123.98") is read by the table.
    const parts = new Set(entry.components?.map((component) => component.row));
    // Labels the table read as its columns' (stacked amounts' "Labor", "Item total") are not in its cells: no cost line is left there.
    const kept = new Set(entry.cells.flat());
    if (entry.rows.some((row) => !parts.has(row) && readCostLine(row.words.filter((word) => kept.has(word)), format) !== null)) costLines += 1;
    if (costLines * 2 >= items.length) return true;
    if ((costLines + items.length - index - 1) * 2 < items.length) return false;
  }
  return false;
}

/** Whether every item of the table is read from the cards' lines: at or under the first card's title, above the row `end` after the last card. */
function allWithinCards(items: DraftItem[], cards: { items: RunningItem[]; end: number }, rows: DocumentLayout['rows']): boolean {
  const rowOf = (word: Word | undefined): number => rows.findIndex((row) => word !== undefined && row.words.includes(word));
  const first = Math.min(...cards.items.map((card) => rowOf(card.description[0])));
  return items.every((item) => {
    const at = rowOf(item.description[0]);
    return at >= first && at < cards.end;
  });
}

/**
 * Line items printed as running text (a scope of work in text columns, each item a paragraph ending
 * with its price or followed by a cost line) are read where the cost tables hold no line item, where
 * the tables' items run across the gutter between columns of text, or where they are read from cost
 * lines. The tables' end, where the recap is looked for, stays as it was.
 */
export function withRunningItems(table: DraftTable, layout: DocumentLayout): DraftTable {
  const { format } = layout.conventions;
  // Items printed as cards, more of them than the tables read and the tables' items read from the cards' lines: the cards
  // are the items, the recap is looked for under the last one. Cards under a table of its own items are something else (options).
  const cards = readItemCards(layout.rows, { format });
  const carded = cards.sections.flatMap((section) => section.items);
  const tableItems = table.sections.flatMap((section) => section.items);
  if (carded.length > tableItems.length && allWithinCards(tableItems, { items: carded, end: cards.end }, layout.rows)) return { sections: joinContinued(cards.sections), end: cards.end };
  const tabled = table.sections.some((section) => section.items.length > 0);
  if (tabled && !tablesCrossColumns(layout, textColumns(layout.rows, format)) && !tablesReadCostLines(layout)) return table;
  const rows = tabled ? layout.rows : layout.rows.filter((row) => !layout.tableRows.has(row));
  const sections = readRunningItems(rows, { format });
  return sections.length > 0 ? { sections: joinContinued(sections), end: table.end } : table;
}
