import type { GrayImage } from '../gray-image.js';
import type { OcrEngine, OcrPageHints } from './pool.js';
import { otsuThreshold } from './projection.js';
import type { OcrWord } from './tsv.js';

/**
 * A page printed two-up (an estimate whose table runs on at the top of a second column) sets its
 * two columns' lines at heights of their own: a wrapped description on the left puts its lines
 * between the right column's. Tesseract's page analysis then takes a left line and the right line
 * half a line lower as one text line and reads neither (`Floor and finish protection` read as
 * `eS 2nd Sibley brotegion`, confidence 0). Where a white gutter runs down the page between two
 * columns whose lines do not line up, each column is recognised on its own.
 */

/** Cells the gutter search divides the page into, as shares of its width (about a letter height at 240 dpi). */
const CELL_SHARE = 0.006;
/** A cell with fewer ink pixels than this is paper (a speck of scan noise does not count). */
const MIN_CELL_INK = 3;
/** The gutter runs down this share of the page's height or more. */
const MIN_GUTTER_HEIGHT = 0.35;
/** Gutters are looked for this far from the page's sides, as shares of its width. */
const SIDE_MARGIN = 0.2;
/** A line of ink this many times taller than the median line is two lines at different heights run together. */
const MERGED_HEIGHT = 1.6;
/**
 * Lines run together that cutting at the gutter must set apart: a table's lines, left and right of
 * a wide gap, line up (a form with a box of notes beside its items sets three or so apart).
 */
const MIN_SET_APART = 4;
/**
 * Lines the shorter column holds at least, as a share of the longer one's: two-up, both columns are
 * full of text; a form's list with a box of totals beside its foot (8 lines against 37) is one column.
 */
const MIN_SIDE_SHARE = 0.5;
/** White kept around a column's image: tesseract finds no text lines touching the image's edge. */
const MARGIN = 32;

/** A white strip down the page between two columns, in pixels. */
export interface Gutter {
  x: number;
  top: number;
  bottom: number;
}

/** Ink per pixel row, summed over the cell columns before each one: `row * (columns + 1) + column`. */
interface InkSums {
  sums: Uint32Array;
  columns: number;
}

/**
 * Heights of the runs of pixel rows from `top` to `bottom` with ink in cell columns c0 up to c1,
 * at least `least` tall (thinner runs are specks and a fax's streaks): the text lines of that part of the page.
 */
function lineHeights({ sums, columns }: InkSums, c0: number, c1: number, top: number, bottom: number, least: number): number[] {
  const heights: number[] = [];
  let start = -1;
  for (let y = top; y <= bottom + 1; y += 1) {
    const inked = y <= bottom && sums[y * (columns + 1) + c1] - sums[y * (columns + 1) + c0] >= MIN_CELL_INK;
    if (inked && start < 0) start = y;
    else if (!inked && start >= 0) {
      if (y - start >= least) heights.push(y - start);
      start = -1;
    }
  }
  return heights;
}

/** Lines among `heights` much taller than the median: lines of two columns set at different heights, run together. */
function runTogether(heights: number[], median: number): number {
  return heights.filter((height) => height > MERGED_HEIGHT * median).length;
}

/** The longest run of white cells down cell column `column`: [first, last] cell rows, or null. */
function longestWhiteRun(cells: Uint32Array, columns: number, rows: number, column: number): [number, number] | null {
  let best: [number, number] | null = null;
  let start = -1;
  for (let row = 0; row <= rows; row += 1) {
    const white = row < rows && cells[row * columns + column] < MIN_CELL_INK;
    if (white && start < 0) start = row;
    if (!white && start >= 0) {
      if (!best || row - 1 - start > best[1] - best[0]) best = [start, row - 1];
      start = -1;
    }
  }
  return best;
}

/** The nearest row from `y` on, going by `step`, with no ink across the page: a cut there splits no line. */
function blankRow({ sums, columns }: InkSums, height: number, y: number, step: 1 | -1): number {
  for (let row = y; row >= 0 && row < height; row += step) if (sums[row * (columns + 1) + columns] < MIN_CELL_INK) return row;
  return step < 0 ? 0 : height - 1;
}

/** The gutter of a page printed in two columns whose lines do not line up, or null. */
export function findGutter(image: GrayImage): Gutter | null {
  const { data, width, height } = image;
  const threshold = otsuThreshold(data);
  const size = Math.max(4, Math.round(width * CELL_SHARE));
  const [columns, rows] = [Math.ceil(width / size), Math.ceil(height / size)];
  const cells = new Uint32Array(columns * rows);
  const sums = new Uint32Array(height * (columns + 1));
  const cellColumn = new Int32Array(width);
  for (let x = 0; x < width; x += 1) cellColumn[x] = Math.floor(x / size);
  for (let y = 0; y < height; y += 1) {
    const line = y * (columns + 1);
    const cellRow = Math.floor(y / size) * columns;
    const row = y * width;
    for (let x = 0; x < width; x += 1) {
      if (data[row + x] > threshold) continue;
      cells[cellRow + cellColumn[x]] += 1;
      sums[line + cellColumn[x] + 1] += 1;
    }
    for (let column = 1; column <= columns; column += 1) sums[line + column] += sums[line + column - 1];
  }
  const ink: InkSums = { sums, columns };
  const least = size / 2;
  let best: (Gutter & { remaining: number }) | null = null;
  for (let column = Math.ceil((width * SIDE_MARGIN) / size); column < Math.floor((width * (1 - SIDE_MARGIN)) / size); column += 1) {
    const run = longestWhiteRun(cells, columns, rows, column);
    if (!run || (run[1] - run[0] + 1) * size < MIN_GUTTER_HEIGHT * height) continue;
    const top = blankRow(ink, height, run[0] * size, -1);
    const bottom = blankRow(ink, height, Math.min(height - 1, (run[1] + 1) * size - 1), 1);
    const across = lineHeights(ink, 0, columns, top, bottom, least);
    const [left, right] = [lineHeights(ink, 0, column, top, bottom, least), lineHeights(ink, column + 1, columns, top, bottom, least)];
    const median = [...left, ...right].sort((a, b) => a - b)[Math.floor((left.length + right.length) / 2)] ?? 0;
    if (Math.min(left.length, right.length) < MIN_SIDE_SHARE * Math.max(left.length, right.length)) continue;
    const remaining = runTogether(left, median) + runTogether(right, median);
    const setApart = runTogether(across, median) - remaining;
    if (setApart >= MIN_SET_APART && (!best || remaining < best.remaining)) best = { x: column * size + Math.floor(size / 2), top, bottom, remaining };
  }
  return best && { x: best.x, top: best.top, bottom: best.bottom };
}

/** The part of `image` from (x0, y0) up to (x1, y1), excluded, on white paper with a margin around it. */
function region(image: GrayImage, x0: number, y0: number, x1: number, y1: number): GrayImage {
  const [width, height] = [x1 - x0 + 2 * MARGIN, y1 - y0 + 2 * MARGIN];
  const data = new Uint8Array(width * height).fill(255);
  for (let y = y0; y < y1; y += 1) data.set(image.data.subarray(y * image.width + x0, y * image.width + x1), (y - y0 + MARGIN) * width + MARGIN);
  return { data, width, height };
}

/**
 * Words of a page (boxes in its pixels), each column under a gutter recognised on its own, the
 * rows above and below it across the page.
 */
export async function recognizeByColumns(engine: OcrEngine, image: GrayImage, hints: OcrPageHints): Promise<OcrWord[]> {
  const gutter = findGutter(image);
  if (!gutter) return engine.recognize(image, 'page', hints);
  const { x, top, bottom } = gutter;
  const parts: Array<[number, number, number, number]> = [
    [0, 0, image.width, top],
    [0, top, x, bottom + 1],
    [x, top, image.width, bottom + 1],
    [0, bottom + 1, image.width, image.height],
  ];
  const words: OcrWord[] = [];
  for (const [x0, y0, x1, y1] of parts.filter(([x0, y0, x1, y1]) => x1 > x0 && y1 > y0)) {
    const found = await engine.recognize(region(image, x0, y0, x1, y1), 'page', hints);
    const [dx, dy] = [x0 - MARGIN, y0 - MARGIN];
    words.push(...found.map((word) => ({ ...word, bbox: [word.bbox[0] + dx, word.bbox[1] + dy, word.bbox[2] + dx, word.bbox[3] + dy] as OcrWord['bbox'] })));
  }
  return words;
}
