import { expect } from 'chai';
import { findRunsAcross, findRunsDown } from '../../../core/src/document/ocr/ink-runs.js';
import { grayHistogram, otsuThreshold, otsuThresholdOf } from '../../../core/src/document/ocr/projection.js';

/** A pseudo-random page: mostly paper, with ink and gray scattered and some long strokes down and across. */
function noisyPage(width: number, height: number, seed: number): Uint8Array {
  const data = new Uint8Array(width * height);
  let state = seed;
  const next = (): number => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  for (let index = 0; index < data.length; index += 1) data[index] = next() < 0.8 ? 250 : Math.floor(next() * 256);
  for (let y = 5; y < height - 3; y += 1) data[y * width + 7] = 10;
  data.fill(20, 3 * width + 2, 3 * width + width - 1);
  return data;
}

/** Runs of each column found by walking down it: the reference findRunsDown must match. */
function runsDownColumnByColumn(data: Uint8Array, width: number, height: number, level: number, minLength: number): number[] {
  const runs: number[] = [];
  for (let x = 0; x < width; x += 1) {
    let start = -1;
    for (let y = 0; y <= height; y += 1) {
      if (y < height && data[y * width + x] <= level) {
        if (start < 0) start = y;
      } else if (start >= 0) {
        if (y - start >= minLength) runs.push(x, start, y, 1);
        start = -1;
      }
    }
  }
  return runs;
}

describe('runs of ink for rule finding', () => {
  it('finds runs down the columns, in column order, as a walk down each column does', () => {
    for (const seed of [1, 2, 3]) {
      const [width, height] = [23, 41];
      const data = noisyPage(width, height, seed);
      const [runs, lightRuns] = [[] as number[], [] as number[]];
      findRunsDown(data, width, height, 120, 200, 2, 3, runs, lightRuns);
      expect(runs, `seed ${seed}`).to.deep.equal(runsDownColumnByColumn(data, width, height, 120, 2));
      expect(lightRuns, `seed ${seed}`).to.deep.equal(runsDownColumnByColumn(data, width, height, 200, 3));
      expect(runs.some((_, index) => index % 4 === 0 && runs[index] === 7 && runs[index + 2] - runs[index + 1] >= height - 8)).to.equal(true);
    }
  });

  it('finds runs along the rows, ending at the row end', () => {
    const width = 10;
    const data = new Uint8Array(width * 2).fill(255);
    data.fill(0, 2, 6);
    data.fill(150, 6, 10);
    data.fill(0, width + 7, width + 10);
    // Ink at the start of the next row does not carry a run on past the end of this one.
    data[width] = 0;
    const [runs, lightRuns] = [[] as number[], [] as number[]];
    findRunsAcross(data, width, 2, 100, 200, 3, runs, lightRuns);
    expect(runs).to.deep.equal([0, 2, 6, 0, 1, 7, 10, 0]);
    expect(lightRuns).to.deep.equal([0, 2, 10, 0, 1, 7, 10, 0]);
  });
});

describe('gray histogram and Otsu threshold', () => {
  it('counts every pixel of every level, whatever the length of the image', () => {
    for (const length of [0, 1, 5, 7, 1001]) {
      const data = noisyPage(length, 1, length + 1);
      const expected = new Uint32Array(256);
      for (const value of data) expected[value] += 1;
      expect(Array.from(grayHistogram(data)), `length ${length}`).to.deep.equal(Array.from(expected));
    }
  });

  it('splits ink from paper, from the pixels or from their histogram alike', () => {
    const data = new Uint8Array(1000).fill(240);
    data.fill(30, 0, 200);
    const threshold = otsuThreshold(data);
    expect(threshold).to.equal(30);
    expect(otsuThresholdOf(grayHistogram(data))).to.equal(threshold);
  });
});
