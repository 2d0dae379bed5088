import type { LabelMatch } from './labels.js';
import { isCellBreak, isFiller, type PageLayout, type Row, type Token } from './layout.js';

/** Where a value may be printed relative to its label: one or more lines of tokens. */
export interface ValueRegion {
  lines: Token[][];
  /** How much the placement counts: right of the label 1, below it 0.9, one cell further right 0.85. */
  weight: number;
}

/** Rows further below the label than this many line heights are not its value. */
const MAX_BELOW_GAP = 2.5;
/** A value continues on the next row when the rows are at most this many line heights apart. */
const MAX_CONTINUATION_GAP = 1.5;
/** A value below may start this many line heights right of its label's end (indented form boxes). */
const MAX_INDENT = 8;
const CHECKBOX = /^(\[\s?[xX✓✔]?\s?\]|[☐☑☒✓✔✗✘]|[xX])$/u;

function splitCells(page: PageLayout, row: Row): Token[][] {
  const cells: Token[][] = [];
  row.tokens.forEach((token, index) => {
    if (index === 0 || isCellBreak(page, row.tokens, index)) cells.push([token]);
    else cells[cells.length - 1].push(token);
  });
  return cells;
}

function rowGap(page: PageLayout, upper: Row, lower: Row): number {
  return ((lower.top - upper.bottom) * page.height) / page.lineHeight;
}

/** Following rows whose cell starts where the value started (a multi-line address, a list). */
function continuation(page: PageLayout, rowIndex: number, x0: number, count: number): Token[][] {
  const lines: Token[][] = [];
  const tolerance = (1.5 * page.lineHeight) / page.width;
  let previous = page.rows[rowIndex];
  for (let index = rowIndex + 1; index < page.rows.length && lines.length < count; index += 1) {
    const row = page.rows[index];
    if (rowGap(page, previous, row) > MAX_CONTINUATION_GAP) break;
    const cell = splitCells(page, row).find((candidate) => Math.abs(candidate[0].bbox[0] - x0) <= tolerance);
    if (!cell || cell.some((token) => token.colon)) break;
    // A labelled row (`Phone:   555…`) starts another field even when its value lines up.
    if (row.tokens.some((token) => token.colon && token.bbox[2] <= cell[0].bbox[0])) break;
    lines.push(cell);
    previous = row;
  }
  return lines;
}

interface Cell {
  tokens: Token[];
  /** The cell ran into a label in the same cell (`John Smith Phone:`, `INSURER A :`). */
  endsAtLabel: boolean;
}

/** The tokens from `index` to the next cell boundary or label; null when a label starts there. */
function cellFrom(page: PageLayout, tokens: Token[], index: number): Cell | null {
  let start = index;
  while (start < tokens.length && isFiller(tokens[start])) start += 1;
  if (start >= tokens.length || tokens[start].colon) return null;
  const cell: Token[] = [];
  for (let next = start; next < tokens.length; next += 1) {
    if (cell.length && isCellBreak(page, tokens, next)) break;
    if (cell.length && tokens[next].colon) {
      // A cell of words ending in a colon is a label cell (`REVISION NUMBER:`), not a value.
      const startsCell = start > 0 && isCellBreak(page, tokens, start);
      const wordsOnly = cell.every((token) => !/\d/.test(token.text));
      return startsCell && wordsOnly ? null : { tokens: cell, endsAtLabel: true };
    }
    cell.push(tokens[next]);
  }
  return { tokens: cell, endsAtLabel: false };
}

/**
 * The cell right of the label (continued on the rows below for long values) and, for compact
 * values, the cell after it (`TOTAL DUE ON Aug 3, 2014      $4.11`).
 */
function rightOf(match: LabelMatch, maxLines: number, compact: boolean): ValueRegion[] {
  const { page } = match;
  const tokens = page.rows[match.rowIndex].tokens;
  // The label's own tail (`Total (RM):`, `Amount Due (USD):`) is not a value.
  const tail = tokens[match.end]?.colon && !isCellBreak(page, tokens, match.end) ? 1 : 0;
  const first = cellFrom(page, tokens, match.end + tail);
  if (!first) return [];
  const x0 = first.tokens[0].bbox[0];
  const regions: ValueRegion[] = [
    {
      weight: first.endsAtLabel ? 0.7 : 1,
      lines: [first.tokens, ...(first.endsAtLabel ? [] : continuation(page, match.rowIndex, x0, maxLines - 1))],
    },
  ];
  const second = compact && !first.endsAtLabel ? cellFrom(page, tokens, tokens.indexOf(first.tokens[first.tokens.length - 1]) + 1) : null;
  if (second) regions.push({ weight: 0.85, lines: [second.tokens] });
  return regions;
}

/** The cell of a row under the label: overlapping it, or else indented a little right of it (form boxes). */
function cellUnder(page: PageLayout, row: Row, left: number, right: number): { cell: Token[]; indented: boolean } | null {
  const cells = splitCells(page, row);
  const under = cells.find((candidate) => candidate[0].bbox[0] <= right && candidate[candidate.length - 1].bbox[2] >= left);
  if (under) return { cell: under, indented: false };
  const indent = (MAX_INDENT * page.lineHeight) / page.width;
  const indented = cells.find((candidate) => candidate[0].bbox[0] > right && candidate[0].bbox[0] <= right + indent);
  return indented ? { cell: indented, indented: true } : null;
}

function below(match: LabelMatch, maxLines: number): ValueRegion | null {
  const { page } = match;
  const label = page.rows[match.rowIndex].tokens.slice(match.start, match.end);
  const tolerance = page.lineHeight / page.width;
  const left = label[0].bbox[0] - tolerance;
  const right = label[label.length - 1].bbox[2] + tolerance;
  const labelRow = page.rows[match.rowIndex];
  for (let index = match.rowIndex + 1; index < page.rows.length; index += 1) {
    const row = page.rows[index];
    if (rowGap(page, labelRow, row) > MAX_BELOW_GAP) return null;
    const found = cellUnder(page, row, left, right);
    if (!found) continue;
    const { cell, indented } = found;
    // A value below a label starts under it; a cell from far left is running text or another column.
    if (cell[0].bbox[0] < left - 2 * tolerance) return null;
    // A labelled cell below (`ATTN: …`, `Phone: …`) is more likely another field than this one's value.
    const weight = (cell.some((token) => token.colon) ? 0.7 : 0.9) * (indented ? 0.9 : 1);
    return { weight, lines: [cell, ...continuation(page, index, cell[0].bbox[0], maxLines - 1)] };
  }
  return null;
}

/** A checkbox mark printed just left of the label (`☒ Married`). */
function checkboxLeft(match: LabelMatch): ValueRegion | null {
  const token = match.page.rows[match.rowIndex].tokens[match.start - 1];
  return token && CHECKBOX.test(token.text) ? { weight: 0.95, lines: [[token]] } : null;
}

/** Cuts a region where another field's label begins; drops it when nothing is left. */
function withoutForeignLabels(region: ValueRegion, foreign: ReadonlySet<Token>): ValueRegion | null {
  const lines: Token[][] = [];
  for (const line of region.lines) {
    const cut = line.findIndex((token) => foreign.has(token));
    if (cut === 0) break;
    lines.push(cut < 0 ? line : line.slice(0, cut));
    if (cut > 0) break;
  }
  return lines.length ? { ...region, lines } : null;
}

export interface RegionOptions {
  /** Lines a value may span. */
  maxLines: number;
  /** Short typed values (dates, amounts…): also look one cell further right. */
  compact: boolean;
  /** Look for a checkbox mark left of the label. */
  checkbox: boolean;
}

/** Candidate value regions around a label: right of it, below it, and (for checkboxes) left of it. */
export function valueRegions(match: LabelMatch, options: RegionOptions, foreign: ReadonlySet<Token>): ValueRegion[] {
  const regions = [...rightOf(match, options.maxLines, options.compact), below(match, options.maxLines), options.checkbox ? checkboxLeft(match) : null];
  return regions
    .filter((region): region is ValueRegion => region !== null)
    .map((region) => withoutForeignLabels(region, foreign))
    .filter((region): region is ValueRegion => region !== null);
}
