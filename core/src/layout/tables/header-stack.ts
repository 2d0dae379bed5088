import type { Word } from '../../contracts/document.js';
import type { ColumnRole } from '../lexicon/index.js';
import type { LayoutRow } from '../rows.js';
import { cellsOfRow, columnLabels, extent, readingOrder, type HeaderCell } from './header-cells.js';
import { COST_ROLES } from './model.js';

/** A header's stacked rows read into cells, one per column: labels one over another join, a group label qualifies the cells it spans. */

/** How far off the middle of the cells under it a group label may stand, as a share of their span. */
const GROUP_CENTRING = 0.25;

/** A cell whose words are one label of a cost part ("Material", "Labor"): a group label when it spans cells under it. */
function partLabel(words: Word[]): boolean {
  const phrases = columnLabels().findAllInSequence(readingOrder(words));
  return phrases.length === 1 && phrases[0].start === 0 && phrases[0].end === words.length && phrases[0].values.some((role) => COST_ROLES.has(role));
}

/** Roles a cell under a group label over three or more cells may have: its hours, a rate or an amount, never a part or a text of its own. */
const GROUPED_ROLES: ReadonlySet<ColumnRole> = new Set(['quantity', 'unitPrice', 'amount', 'unit', 'laborHours', 'taxRate']);

const labelRoles = (cell: HeaderCell): ColumnRole[] => columnLabels().findAllInSequence(readingOrder(cell.words)).flatMap((phrase) => phrase.values);

/** Whether a cell's label could stand under a group label centred over it and its neighbours (an unnamed cell may). */
function groupable(cell: HeaderCell): boolean {
  const roles = labelRoles(cell);
  return roles.length === 0 || roles.every((role) => GROUPED_ROLES.has(role));
}

/** Whether a cell right of a group's cells can hold the line's own amount: a part's group leaves it outside. */
const leavesLineAmount = (after: HeaderCell[]): boolean => after.some((cell) => labelRoles(cell).includes('amount'));

/**
 * The cells of the row below that a part label spans as a group: its middle falls between two
 * cells' words, centred on the pair ("Material" centred over "Unit Cost" and "Extended"), or on
 * one cell's words with one neighbour each side that it is centred over too ("Labor" over "Hours |
 * Rate | Amount"), each of them a cell of hours, a rate or an amount with no other label of the
 * label's row over it, and the line's own amount in a cell right of them ("Total"); the cells it
 * overlaps belong to it too. Null when the label stacks on one cell alone ("Material" over "Cost",
 * "Labor" over the "Unit Price" beside it, "Material" over the "Cost" between "Unit" and "Total").
 */
function spannedCells(cell: HeaderCell, below: HeaderCell[], beside: HeaderCell[]): HeaderCell[] | null {
  if (!partLabel(cell.words)) return null;
  const [x0, x1] = extent(cell.words);
  const middle = (x0 + x1) / 2;
  const right = below.findIndex((other) => extent(other.words)[0] > middle);
  if (right <= 0) return null;
  const straddled = extent(below[right - 1].words)[1] >= middle;
  const run = straddled ? below.slice(right - 2, right + 1) : below.slice(right - 1, right + 1);
  const stacksOnOne =
    right < 2 || run.length < 3 || !run.every(groupable) || !leavesLineAmount(below.slice(right + 1)) || run.some((under) => beside.some((other) => other !== cell && overlaps(other, under)));
  if (straddled && stacksOnOne) return null;
  const [left0] = extent(run[0].words);
  const [, right1] = extent(run[run.length - 1].words);
  if (Math.abs(middle - (left0 + right1) / 2) > GROUP_CENTRING * (right1 - left0)) return null;
  return [...new Set([...below.filter((other) => overlaps(cell, other)), ...run])];
}

function overlaps(a: HeaderCell, b: HeaderCell): boolean {
  const [a0, a1] = extent(a.words);
  const [b0, b1] = extent(b.words);
  return Math.min(a1, b1) - Math.max(a0, b0) > 0;
}

/**
 * Cells of stacked rows that overlap horizontally are one column's label ("Material" over "Cost");
 * a group label spanning cells of the row below qualifies each of them instead of being a column.
 */
export function stackCells(rows: LayoutRow[]): HeaderCell[] {
  return basisGroupsOver(rows) ?? stackedCells(rows);
}

/** Roles a group label over part columns may say: their basis ("PRECIO UNITARIO" over Material | Mano de obra, "IMPORTE" over them and Total). */
const BASIS_ROLES: ReadonlySet<ColumnRole> = new Set(['unitPrice', 'amount']);
/** Roles a column under a basis group label may have: a cost part, or the line's amount beside the parts. */
const UNDER_BASIS: ReadonlySet<ColumnRole> = new Set([...COST_ROLES, 'amount']);

/** A cell whose words are one label saying a basis and nothing else. */
function basisLabel(words: Word[]): boolean {
  const phrases = columnLabels().findAllInSequence(readingOrder(words));
  return phrases.length === 1 && phrases[0].start === 0 && phrases[0].end === words.length && phrases[0].values.every((role) => BASIS_ROLES.has(role));
}

/** Whether a column could stand under a basis group label: a part's label, the amount's, or none. */
function underBasis(column: HeaderCell): boolean {
  const roles = columnLabels().findAllInSequence(readingOrder(column.words)).flatMap((phrase) => phrase.values);
  return roles.length === 0 || roles.some((role) => COST_ROLES.has(role)) || roles.every((role) => UNDER_BASIS.has(role));
}

/**
 * A top row of basis labels alone, each centred over a run of two or more part columns stacked
 * under it: the runs' columns take the label as their group. Null when the top row is no such row.
 */
function basisGroupsOver(rows: LayoutRow[]): HeaderCell[] | null {
  if (rows.length < 2) return null;
  const labels = cellsOfRow(rows[0]);
  if (labels.length === 0 || !labels.every((cell) => basisLabel(cell.words))) return null;
  const columns = stackedCells(rows.slice(1));
  let from = 0;
  for (const label of labels) {
    const run = centredRun(label, columns, from);
    if (!run) return null;
    for (const column of run.columns) column.group.push(...label.words);
    from = run.end;
  }
  return columns;
}

/** The run of two or more consecutive columns from `from` on, all able to stand under a basis, that `label` is best centred over and overlaps. */
function centredRun(label: HeaderCell, columns: HeaderCell[], from: number): { columns: HeaderCell[]; end: number } | null {
  const [x0, x1] = extent(label.words);
  const middle = (x0 + x1) / 2;
  let best: { columns: HeaderCell[]; end: number; offset: number } | null = null;
  for (let start = from; start < columns.length; start += 1) {
    for (let end = start + 2; end <= columns.length && columns.slice(start, end).every(underBasis); end += 1) {
      const run = columns.slice(start, end);
      const [left] = extent(run[0].words);
      const [, right] = extent(run[run.length - 1].words);
      const offset = Math.abs(middle - (left + right) / 2) / (right - left);
      if (offset > GROUP_CENTRING || !run.some((column) => overlaps(label, column))) continue;
      if (!best || offset < best.offset) best = { columns: run, end, offset };
    }
  }
  return best;
}

function stackedCells(rows: LayoutRow[]): HeaderCell[] {
  const rowCells = rows.map(cellsOfRow);
  const groups = new Map<HeaderCell, HeaderCell[]>();
  rowCells.forEach((cells, index) => {
    for (const cell of index + 1 < rowCells.length ? cells : []) {
      const spanned = spannedCells(cell, rowCells[index + 1], cells);
      if (spanned) groups.set(cell, spanned);
    }
  });
  const columns: HeaderCell[] = [];
  const columnOf = new Map<HeaderCell, HeaderCell>();
  for (const cell of rowCells.flat()) {
    if (groups.has(cell)) continue;
    const [x0, x1] = extent(cell.words);
    const over = columns.filter((column) => {
      const [c0, c1] = extent(column.words);
      return Math.min(x1, c1) - Math.max(x0, c0) > 0;
    });
    const target = over.length === 1 ? over[0] : { words: [] as Word[], group: [] as Word[] };
    if (over.length !== 1) columns.push(target);
    target.words.push(...cell.words);
    columnOf.set(cell, target);
  }
  for (const [group, spanned] of groups) {
    for (const cell of spanned) columnOf.get(cell)?.group.push(...group.words);
  }
  return columns.sort((a, b) => extent(a.words)[0] - extent(b.words)[0]);
}
