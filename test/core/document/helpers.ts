import { expect } from 'chai';
import type { Logger } from '../../../core/src/contracts/logger.js';
import type { GrayImage } from '../../../core/src/document/gray-image.js';
import type { OcrEngine } from '../../../core/src/document/ocr/pool.js';
import { isDocsiftError, type EngineErrorCode } from '../../../core/src/contracts/errors.js';

export const silentLogger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  child: () => silentLogger,
};

/** Asserts that `action` rejects with a DocsiftError of `code`, and returns the error. */
export async function expectDocsiftError(action: () => unknown, code: EngineErrorCode): Promise<Error> {
  let caught: unknown;
  try {
    await action();
  } catch (error) {
    caught = error;
  }
  expect(isDocsiftError(caught), `expected a DocsiftError ${code}, got ${String(caught)}`).to.equal(true);
  expect((caught as { code: string }).code).to.equal(code);
  return caught as Error;
}

/** An OCR engine that sees nothing and counts its calls: for tests about everything but OCR. */
export class BlindOcr implements OcrEngine {
  calls = 0;
  async recognize(): Promise<[]> {
    this.calls += 1;
    return [];
  }
  async close(): Promise<void> {}
}

export type Box = [number, number, number, number];

/** A gray page of `paper` with the boxes inked in `ink`. */
export function pageWith(inkBoxes: Box[], options: { width?: number; height?: number; paper?: number; ink?: number } = {}): GrayImage {
  const { width = 400, height = 60, paper = 255, ink = 0 } = options;
  const data = new Uint8Array(width * height).fill(paper);
  for (const [x0, y0, x1, y1] of inkBoxes) {
    for (let y = y0; y < y1; y += 1) data.fill(ink, y * width + x0, y * width + x1);
  }
  return { data, width, height };
}

/** Ink bands (runs of rows with dark pixels) of an image, as boxes over their inked extent. */
export function inkBands(image: GrayImage): Box[] {
  const bands: Box[] = [];
  for (let y = 0; y < image.height; y += 1) {
    const row = image.data.subarray(y * image.width, (y + 1) * image.width);
    const first = row.findIndex((value) => value < 128);
    if (first < 0) continue;
    const last = image.width - 1 - [...row].reverse().findIndex((value) => value < 128);
    const band = bands[bands.length - 1];
    if (band && band[3] === y) {
      band[3] = y + 1;
      band[0] = Math.min(band[0], first);
      band[2] = Math.max(band[2], last + 1);
    } else bands.push([first, y, last + 1, y + 1]);
  }
  return bands;
}
