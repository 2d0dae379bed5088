import type { GrayImage } from '../gray-image.js';

/**
 * Connected blobs of ink (8-connected), found run by run: a page of text has a few hundred thousand
 * runs of ink, far fewer than pixels, so labelling a fax page takes tens of milliseconds.
 */
export interface InkComponents {
  count: number;
  x0: Int32Array;
  y0: Int32Array;
  /** Exclusive right and bottom edges. */
  x1: Int32Array;
  y1: Int32Array;
  /** Ink pixels in the blob. */
  area: Int32Array;
  /** Runs of ink as four numbers each: row, first column, end column (exclusive), component. */
  runs: Int32Array;
}

function find(parent: Int32Array, label: number): number {
  let root = label;
  while (parent[root] !== root) root = parent[root];
  while (parent[label] !== root) {
    const next = parent[label];
    parent[label] = root;
    label = next;
  }
  return root;
}

/** The ink blobs of an image; pixels at or below `threshold` are ink. */
export function inkComponents(image: GrayImage, threshold: number): InkComponents {
  const { data, width, height } = image;
  let runs = new Int32Array(4096);
  let length = 0;
  let parent = new Int32Array(1024);
  let labels = 0;
  let previousStart = 0;
  let previousEnd = 0;
  for (let y = 0; y < height; y += 1) {
    const rowStart = length;
    const row = y * width;
    let scan = previousStart;
    for (let x = 0; x < width; ) {
      if (data[row + x] > threshold) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < width && data[row + x] <= threshold) x += 1;
      let label = -1;
      // Runs of the row above that touch this one, diagonals included.
      while (scan < previousEnd && runs[scan + 2] < start) scan += 4;
      for (let above = scan; above < previousEnd && runs[above + 1] <= x; above += 4) {
        const other = find(parent, runs[above + 3]);
        if (label < 0) label = other;
        else if (other !== label) {
          const [keep, merge] = other < label ? [other, label] : [label, other];
          parent[merge] = keep;
          label = keep;
        }
      }
      if (label < 0) {
        if (labels === parent.length) {
          const grown = new Int32Array(parent.length * 2);
          grown.set(parent);
          parent = grown;
        }
        parent[labels] = labels;
        label = labels;
        labels += 1;
      }
      if (length === runs.length) {
        const grown = new Int32Array(runs.length * 2);
        grown.set(runs);
        runs = grown;
      }
      runs[length] = y;
      runs[length + 1] = start;
      runs[length + 2] = x;
      runs[length + 3] = label;
      length += 4;
    }
    previousStart = rowStart;
    previousEnd = length;
  }
  const compact = new Int32Array(labels).fill(-1);
  let count = 0;
  for (let label = 0; label < labels; label += 1) {
    const root = find(parent, label);
    if (compact[root] < 0) compact[root] = count++;
    compact[label] = compact[root];
  }
  const x0 = new Int32Array(count).fill(width);
  const y0 = new Int32Array(count).fill(height);
  const x1 = new Int32Array(count);
  const y1 = new Int32Array(count);
  const area = new Int32Array(count);
  const packed = runs.slice(0, length);
  for (let index = 0; index < packed.length; index += 4) {
    const component = compact[packed[index + 3]];
    packed[index + 3] = component;
    const y = packed[index];
    const start = packed[index + 1];
    const end = packed[index + 2];
    x0[component] = Math.min(x0[component], start);
    x1[component] = Math.max(x1[component], end);
    y0[component] = Math.min(y0[component], y);
    y1[component] = Math.max(y1[component], y + 1);
    area[component] += end - start;
  }
  return { count, x0, y0, x1, y1, area, runs: packed };
}
