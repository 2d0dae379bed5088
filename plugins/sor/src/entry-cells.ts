import type { Word } from '@docsift/core';
import type { ColumnRole, TableEntry } from '@docsift/core/layout';

export type Cells = Partial<Record<ColumnRole, Word[]>>;

/** An entry's words by column role (the first column of each role). */
export function cellsByRole(entry: TableEntry): Cells {
  const cells: Cells = {};
  entry.columns.forEach((column, index) => {
    // Two columns may take one role (a stray "unit" column at the margin): the first that holds words counts.
    if (column.role !== null && !cells[column.role]?.length) cells[column.role] = entry.cells[index];
  });
  return cells;
}
