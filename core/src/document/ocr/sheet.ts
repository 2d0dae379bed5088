import type { GrayImage } from '../gray-image.js';
import type { OcrWord } from './tsv.js';

// Pieces cut out of a page are set one under another on a sheet of their own, so that one
// recognition reads them all, each on its own line; the words read are moved back onto the page.

export type Box = [x0: number, y0: number, x1: number, y1: number];

/** The pixels of a box of the image, row after row. */
export function cropPixels(image: GrayImage, [x0, y0, x1, y1]: Box): Uint8Array {
  const out = new Uint8Array((x1 - x0) * (y1 - y0));
  for (let y = y0; y < y1; y += 1) out.set(image.data.subarray(y * image.width + x0, y * image.width + x1), (y - y0) * (x1 - x0));
  return out;
}

/** The paper's gray level: scanned paper is seldom white, and a white sheet around a gray crop reads as a frame. */
function paperLevel(image: GrayImage, boxes: Box[]): number {
  const histogram = new Uint32Array(256);
  for (const box of boxes) for (const value of cropPixels(image, box)) histogram[value] += 1;
  let mode = 255;
  for (let level = 128; level < 256; level += 1) if (histogram[level] > histogram[mode]) mode = level;
  return mode;
}

export interface Placed {
  box: Box;
  /** Top of the crop in the sheet. */
  top: number;
  /** The region the crop belongs to. */
  region: number;
}

/** All crops stacked on one white sheet, each on its own line, so a single recognition reads them all. */
export function stackCrops(image: GrayImage, crops: Array<{ box: Box; region: number }>, margin: number): { sheet: GrayImage; placed: Placed[] } {
  const width = Math.max(...crops.map(({ box }) => box[2] - box[0])) + 2 * margin;
  const placed: Placed[] = [];
  let cursor = margin;
  for (const crop of crops) {
    placed.push({ ...crop, top: cursor });
    cursor += crop.box[3] - crop.box[1] + margin;
  }
  const data = new Uint8Array(width * cursor).fill(paperLevel(image, crops.map(({ box }) => box)));
  for (const { box, top } of placed) {
    const [x0, y0, x1, y1] = box;
    for (let y = y0; y < y1; y += 1) data.set(image.data.subarray(y * image.width + x0, y * image.width + x1), (top + y - y0) * width + margin);
  }
  return { sheet: { data, width, height: cursor }, placed };
}

/** The sheet's words that fall on one crop, moved back to page coordinates. */
export function wordsOfCrop(sheetWords: OcrWord[], { box, top }: Placed, margin: number): OcrWord[] {
  const [x0, y0, , y1] = box;
  const bottom = top + (y1 - y0);
  return sheetWords
    .filter((word) => {
      const middle = (word.bbox[1] + word.bbox[3]) / 2;
      return middle >= top && middle < bottom;
    })
    .map((word) => ({
      ...word,
      bbox: [word.bbox[0] - margin + x0, word.bbox[1] - top + y0, word.bbox[2] - margin + x0, word.bbox[3] - top + y0],
    }));
}
