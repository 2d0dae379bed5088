import type { Word } from '../../contracts/document.js';
import type { Table, TableEntry } from './model.js';

/**
 * A room or trade cell merged down the rows of its section, left of the descriptions: the name is
 * printed once, beside the middle rows, and the rows above and below it leave the column blank up to
 * the section's total row. The name is each of those rows' cell.
 */

/** Where an entry prints its room or trade cell: a scope column left of the description. */
function scopeIndex(entry: TableEntry): number {
  const scope = entry.columns.findIndex((column) => column.role === 'scope');
  const description = entry.columns.find((column) => column.role === 'description');
  return scope >= 0 && description !== undefined && entry.columns[scope].x1 < description.x0 ? scope : -1;
}

/**
 * The runs of entries one merged cell can span: a subtotal row closes its run (the total row stands
 * inside the cell), a heading stands outside every run, and a page break splits the cell.
 */
function runsOf(entries: TableEntry[]): TableEntry[][] {
  const runs: TableEntry[][] = [];
  let run: TableEntry[] = [];
  const close = (): void => {
    if (run.length > 0) runs.push(run);
    run = [];
  };
  for (const entry of entries) {
    if (entry.kind === 'heading') {
      close();
      continue;
    }
    if (run.length > 0 && run.at(-1)!.page !== entry.page) close();
    run.push(entry);
    if (entry.kind === 'subtotal') close();
  }
  close();
  return runs;
}

/** A merged cell's name wraps over at most this many rows. */
const MAX_NAME_LINES = 2;

const foldedText = (words: Word[]): string => words.map((word) => word.text.toLowerCase()).join(' ');

/** Lines of one cell follow each other with no blank line between them. */
function oneBlock(words: Word[]): boolean {
  const sorted = [...words].sort((a, b) => a.bbox[1] - b.bbox[1]);
  return sorted.every((word, index) => {
    const above = sorted[index - 1];
    return !above || word.bbox[1] - above.bbox[3] <= above.bbox[3] - above.bbox[1];
  });
}

/**
 * The name a run's cell prints: its entries' words in the scope column, when they are one block of
 * lines (a name wrapped over the rows of two items) or the same name on every row that prints one;
 * null when the run prints none, undefined when it prints several (the column names each row apart).
 */
function runName(run: TableEntry[]): Word[] | null | undefined {
  const cells = run.filter((entry) => entry.kind === 'item' && scopeIndex(entry) >= 0).map((entry) => entry.cells[scopeIndex(entry)]);
  const named = run.map((entry) => (scopeIndex(entry) >= 0 ? entry.cells[scopeIndex(entry)] : [])).filter((words) => words.length > 0);
  if (named.length === 0) return null;
  if (named.every((words) => foldedText(words) === foldedText(named[0]))) return named[0];
  // A merged cell leaves most of its rows blank: different names on most rows are a column naming each row.
  const wrapped = named.length <= MAX_NAME_LINES && named.length < cells.length;
  const words = named.flat();
  return wrapped && oneBlock(words) ? words : undefined;
}

/**
 * Gives every item of a run the name its merged scope cell prints. Only where the table reads as
 * merged cells: in one run at least the name stands below the run's first item (a name printed on
 * each section's first row is read as it is), and runs naming several sections (OCR lost the total
 * row between two) are few; those keep their rows' own cells.
 */
export function spreadMergedCells(table: Table): void {
  const runs = runsOf(table.entries).filter((run) => run.some((entry) => entry.kind === 'item' && scopeIndex(entry) >= 0));
  const names = runs.map(runName);
  const several = names.filter((name) => name === undefined).length;
  if (several * 2 > names.filter((name) => name).length) return;
  const belowFirst = runs.some((run, index) => {
    const first = run.find((entry) => entry.kind === 'item' && scopeIndex(entry) >= 0)!;
    return Boolean(names[index]) && first.cells[scopeIndex(first)].length === 0;
  });
  if (!belowFirst) return;
  runs.forEach((run, index) => {
    const name = names[index];
    if (!name) return;
    for (const entry of run) if (entry.kind === 'item' && scopeIndex(entry) >= 0) entry.cells[scopeIndex(entry)] = [...name];
  });
}
