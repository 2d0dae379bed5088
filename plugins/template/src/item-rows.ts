import type { Word } from '@docsift/core';
import {
  cents,
  columnLabels,
  readAmountCell,
  rowGap,
  totalLabelOf,
  type ColumnRole,
  type DocumentLayout,
  type NumberFormat,
  type Table,
  type TableColumn,
  type TableEntry,
  wordPieces,
} from '@docsift/core/layout';

/**
 * A table's item rows as a list field reads them, with what scans and photos of receipts get wrong
 * put right: a header word OCR glued to the next label, a description's first line printed above
 * the line of its values, rows that are no items (a labelled number, a recap of the items by
 * group), a count printed before the description with no column of its own and specks read after it.
 */

export interface ItemRow {
  entry: TableEntry;
  /** Cells read otherwise than the entry's columns say, by role. */
  cells: Partial<Record<ColumnRole, Word[]>>;
}

/** A word whose lower-case letters run straight into a capital: two words OCR glued together ("CantidadU."). */
const GLUED_WORDS = /(?<=\p{Ll})(?=\p{Lu})/u;

const unglued = (word: Word): Word[] => wordPieces(word, word.text.split(GLUED_WORDS));

const partedRoles = new WeakMap<TableColumn, ColumnRole | null>();

/** A column's role; for one whose header no label names, the label its header starts with once glued words are parted. */
export function roleOf(column: TableColumn): ColumnRole | null {
  if (column.role !== null || column.words.length === 0) return column.role;
  if (!partedRoles.has(column)) {
    const first = columnLabels()
      .findAllInSequence(column.words.flatMap(unglued))
      .find((match) => match.start === 0);
    partedRoles.set(column, first?.value ?? null);
  }
  return partedRoles.get(column) ?? null;
}

const cellByRole = (entry: TableEntry, role: ColumnRole): Word[] => {
  const index = entry.columns.findIndex((column) => roleOf(column) === role);
  return index >= 0 ? entry.cells[index] : [];
};

const left = (words: Word[]): number => Math.min(...words.map((word) => word.bbox[0]));

/** Rows this close (in row heights) are lines of one item. */
const SAME_ITEM_GAP = 0.9;
/** Lefts this close (page width) start the same column. */
const SAME_LEFT = 0.02;

/**
 * A heading over a single item, one line just above it and starting where its description does, is
 * that item's first line: the values of a wrapped line are printed on its last line ("Bateria
 * Williard Renault Scenic" over "Dominio (CDK708)   1,00   44000,00").
 */
function leadingLine(entries: TableEntry[], index: number): Word[] {
  const [heading, item, next] = [entries[index - 1], entries[index], entries[index + 1]];
  if (heading?.kind !== 'heading' || heading.rows.length !== 1 || heading.label.length === 0 || next?.kind === 'item') return [];
  const description = cellByRole(item, 'description');
  if (description.length === 0 || heading.page !== item.page) return [];
  const close = rowGap(heading.rows[0], item.rows[0]) <= SAME_ITEM_GAP;
  return close && Math.abs(left(heading.label) - left(description)) <= SAME_LEFT ? heading.label : [];
}

/** Rows no item: a labelled number in the amount's place ("Acc No: 1532"). */
const isItemRow = (entry: TableEntry): boolean => !cellByRole(entry, 'amount').some((word) => word.text.endsWith(':'));

const amountCents = (row: ItemRow, format: NumberFormat): number | null => {
  const read = readAmountCell(row.cells.amount ?? cellByRole(row.entry, 'amount'), format);
  return read ? cents(read.value) : null;
};

/**
 * The amounts of the total lines that end a table: its totals row and the total lines printed right
 * under it ("20% VAT Net 8.50", "20% VAT 1.70", "Total 10.20").
 */
function closingTotals(table: Table, reading: DocumentLayout): number[] {
  const totals: number[] = [];
  const add = (words: Word[]): void => {
    const last = words.findLast((word) => /\d[.,]\d{2}$/.test(word.text));
    const read = last ? readAmountCell([last], reading.conventions.format) : null;
    if (read) totals.push(cents(read.value));
  };
  if (table.totals) add(cellByRole(table.totals, 'amount'));
  for (const row of reading.rows.slice(table.end)) {
    if (totalLabelOf(row.words, row) === null) break;
    add(row.words);
  }
  return totals;
}

/**
 * Rows after the items that add up to them again (a receipt's recap by product group: "Product
 * Group / Food And Drink 10.20"), where the items alone make one of the table's closing totals and
 * all rows do not.
 */
function withoutRecap(rows: ItemRow[], table: Table, reading: DocumentLayout): ItemRow[] {
  const totals = closingTotals(table, reading);
  const amounts = rows.map((row) => amountCents(row, reading.conventions.format));
  if (totals.length === 0 || amounts.some((amount) => amount === null)) return rows;
  const values = amounts as number[];
  const sum = (from: number, to: number): number => values.slice(from, to).reduce((a, b) => a + b, 0);
  if (totals.includes(sum(0, values.length))) return rows;
  for (let cut = 1; cut < values.length; cut += 1) {
    if (totals.includes(sum(0, cut)) && sum(cut, values.length) === sum(0, cut)) return rows.slice(0, cut);
  }
  return rows;
}

const COUNT = /^\d{1,3}$/;

/** A count before each description where no column holds quantities ("2 Meantime Pale   10.20"): the quantity. */
function withLeadingCounts(rows: ItemRow[]): ItemRow[] {
  if (rows.length === 0 || rows.some((row) => cellByRole(row.entry, 'quantity').length > 0 || row.entry.detail?.quantity.length)) return rows;
  const counted = rows.every((row) => {
    const [first, second] = row.cells.description ?? cellByRole(row.entry, 'description');
    return first && second && COUNT.test(first.text) && Number(first.text) > 0 && /\p{L}/u.test(second.text);
  });
  // Counts stepping evenly (10, 20, 30) number the lines: no quantities.
  const counts = rows.map((row) => Number((row.cells.description ?? cellByRole(row.entry, 'description'))[0].text));
  const step = counts[1] - counts[0];
  const numbering = counts.length > 1 && step > 0 && counts.every((count, index) => index === 0 || count - counts[index - 1] === step);
  if (!counted || numbering) return rows;
  return rows.map((row) => {
    const [count, ...description] = row.cells.description ?? cellByRole(row.entry, 'description');
    return { ...row, cells: { ...row.cells, quantity: [count], description } };
  });
}

/** OCR reads specks after a description as marks ("Meantime Pale ="): trailing words without a letter or digit. */
function withoutTrailingSpecks(row: ItemRow): ItemRow {
  const description = row.cells.description ?? cellByRole(row.entry, 'description');
  let end = description.length;
  while (end > 1 && description[end - 1].source === 'ocr' && !/[\p{L}\p{N}]/u.test(description[end - 1].text)) end -= 1;
  return end === description.length ? row : { ...row, cells: { ...row.cells, description: description.slice(0, end) } };
}

/** The items of a table, in print order, with the cells the reading above puts right. */
export function itemRows(table: Table, reading: DocumentLayout): ItemRow[] {
  const rows: ItemRow[] = [];
  table.entries.forEach((entry, index) => {
    if (entry.kind !== 'item' || !isItemRow(entry)) return;
    const leading = leadingLine(table.entries, index);
    rows.push({ entry, cells: leading.length > 0 ? { description: [...leading, ...cellByRole(entry, 'description')] } : {} });
  });
  return withLeadingCounts(withoutRecap(rows, table, reading)).map(withoutTrailingSpecks);
}
