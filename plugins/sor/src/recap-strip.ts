import type { Word } from '@docsift/core';
import { makeRow, parseAmount, rowHeightsToX, type LayoutRow as Row, type NumberFormat } from '@docsift/core/layout';

/**
 * A recap printed as a strip of boxes across the page, each label over its amount ("COST OF WORK |
 * OVERHEAD & PROFIT 10% | CONTRACT TOTAL" over "45,939.55 | 4,593.96 | $53,289.88"), read as the
 * label-and-amount lines it stands for: one row per box, its label left of its amount.
 */

/** A box's label runs over this many lines at most. */
const LABEL_LINES = 3;
/** Lines of one label stand this many row heights apart at most; the amounts under the labels as far again. */
const LINE_GAP = 1.5;
const AMOUNT_GAP = 3;

const isMoney = (word: Word, format: NumberFormat): boolean => !word.text.includes('%') && parseAmount(word.text, format)?.moneyLike === true;

/** The row's amounts when it holds two or more and nothing else (a lone currency sign aside). */
function amountsOnly(row: Row, format: NumberFormat): Word[] | null {
  const words = row.words.filter((word) => !/^\p{Sc}$/u.test(word.text));
  return words.length >= 2 && words.every((word) => isMoney(word, format)) ? words : null;
}

/** The rows of labels over the amounts' row at `index`, top first: close above it, with no amount of their own. */
function labelRowsAbove(rows: Row[], index: number, format: NumberFormat): Row[] {
  const above: Row[] = [];
  let lower = rows[index];
  for (let at = index - 1; at >= 0 && above.length < LABEL_LINES; at -= 1) {
    const row = rows[at];
    const gap = (lower.top - row.bottom) / row.height;
    if (row.furniture || row.page !== lower.page || gap > (above.length === 0 ? AMOUNT_GAP : LINE_GAP) || row.words.some((word) => isMoney(word, format))) break;
    above.unshift(row);
    lower = row;
  }
  return above;
}

const centre = (word: Word): number => (word.bbox[0] + word.bbox[2]) / 2;

/** The label words over each amount: those whose centre falls between the midpoints to the amounts beside it. */
function labelsOver(amounts: Word[], labelRows: Row[]): Word[][] | null {
  const bounds = amounts.slice(1).map((word, index) => (centre(amounts[index]) + centre(word)) / 2);
  const cells: Word[][] = amounts.map(() => []);
  for (const row of labelRows) {
    for (const word of row.words) cells[bounds.filter((bound) => centre(word) > bound).length].push(word);
  }
  return cells.every((cell) => cell.length > 0) ? cells : null;
}

/**
 * One row of a box: its label's words laid out on one line (lines in reading order) left of its
 * amount, the amount itself kept as printed so its place stays true.
 */
function boxRow(label: Word[], amount: Word, model: Row): Row {
  const gap = rowHeightsToX(model, model.space);
  const [, top, , bottom] = amount.bbox;
  const width = label.reduce((total, word) => total + (word.bbox[2] - word.bbox[0]) + gap, 0);
  const room = amount.bbox[0] - rowHeightsToX(model, 2);
  const scale = Math.min(1, room / width);
  let x = room - width * scale;
  const laid = label.map((word): Word => {
    const span = (word.bbox[2] - word.bbox[0]) * scale;
    const placed = { ...word, bbox: [x, top, x + span, bottom] as Word['bbox'] };
    x += span + gap * scale;
    return placed;
  });
  return { ...makeRow(model.page, model.aspect, [...laid, amount], model.index), space: model.space };
}

/**
 * The rows from `start` on with each strip of labelled boxes turned into one row per box; a strip is
 * taken where `labelled` finds a recap label in two of its boxes or more.
 */
export function unstripped(rows: Row[], start: number, format: NumberFormat, labelled: (row: Row) => boolean): Row[] {
  const out = rows.slice(0, start);
  for (let index = start; index < rows.length; index += 1) {
    const amounts = amountsOnly(rows[index], format);
    const labelRows = amounts ? labelRowsAbove(rows, index, format) : [];
    const cells = amounts && labelRows.length > 0 ? labelsOver(amounts, labelRows) : null;
    const boxes = cells ? cells.map((cell, at) => boxRow(cell, amounts![at], rows[index])) : [];
    if (boxes.filter(labelled).length < 2 || labelRows.some((row) => !out.includes(row))) {
      out.push(rows[index]);
      continue;
    }
    // Labels the cost table took in before `start` stay where they are: the rows before `start` keep their places.
    const after = labelRows.filter((row) => out.indexOf(row) >= start).length;
    out.splice(out.length - after, after, ...boxes);
  }
  return out;
}
