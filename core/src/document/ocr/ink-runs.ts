/** Runs of ink, four numbers each: line, first position, end position, and 0 across / 1 down. */
export type Runs = number[];

/**
 * Finds long runs of ink along the rows, at two levels at once: `runs` of pixels at or below
 * `threshold`, and `lightRuns` of pixels at or below `lightThreshold`, each at least `minLength`
 * long. The line of a run is its row, its positions are columns.
 */
export function findRunsAcross(data: Uint8Array, width: number, height: number, threshold: number, lightThreshold: number, minLength: number, runs: Runs, lightRuns: Runs): void {
  for (let line = 0; line < height; line += 1) {
    const row = line * width;
    let start = -1;
    let lightStart = -1;
    for (let position = 0; position <= width; position += 1) {
      const value = position < width ? data[row + position] : 256;
      if (value <= threshold) {
        if (start < 0) start = position;
      } else if (start >= 0) {
        if (position - start >= minLength) runs.push(line, start, position, 0);
        start = -1;
      }
      if (value <= lightThreshold) {
        if (lightStart < 0) lightStart = position;
      } else if (lightStart >= 0) {
        if (position - lightStart >= minLength) lightRuns.push(line, lightStart, position, 0);
        lightStart = -1;
      }
    }
  }
}

/** Appends `runs` to `to` sorted by line, then first position: the order a scan line by line finds them in. */
function appendByLine(runs: Runs, to: Runs): void {
  const order = Array.from({ length: runs.length / 4 }, (_, index) => 4 * index);
  order.sort((a, b) => runs[a] - runs[b] || runs[a + 1] - runs[b + 1]);
  for (const index of order) to.push(runs[index], runs[index + 1], runs[index + 2], runs[index + 3]);
}

/**
 * Finds long runs of ink down the columns, as findRunsAcross does along the rows (`runs` at least
 * `minLength` long, `lightRuns` at least `minLightLength`), but reading the image row by row with
 * each column's open run kept: a scan down each column would read memory a row apart. The line of
 * a run is its column, its positions are rows; runs come sorted by column, then row.
 */
export function findRunsDown(data: Uint8Array, width: number, height: number, threshold: number, lightThreshold: number, minLength: number, minLightLength: number, runs: Runs, lightRuns: Runs): void {
  const start = new Int32Array(width).fill(-1);
  const lightStart = new Int32Array(width).fill(-1);
  const found: Runs = [];
  const lightFound: Runs = [];
  for (let position = 0; position <= height; position += 1) {
    const row = position * width;
    for (let line = 0; line < width; line += 1) {
      const value = position < height ? data[row + line] : 256;
      if (value <= threshold) {
        if (start[line] < 0) start[line] = position;
      } else if (start[line] >= 0) {
        if (position - start[line] >= minLength) found.push(line, start[line], position, 1);
        start[line] = -1;
      }
      if (value <= lightThreshold) {
        if (lightStart[line] < 0) lightStart[line] = position;
      } else if (lightStart[line] >= 0) {
        if (position - lightStart[line] >= minLightLength) lightFound.push(line, lightStart[line], position, 1);
        lightStart[line] = -1;
      }
    }
  }
  appendByLine(found, runs);
  appendByLine(lightFound, lightRuns);
}
