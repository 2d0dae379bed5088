import { loadSharp } from '../sharp.js';
import type { GrayImage } from '../gray-image.js';

/**
 * Faxes and 1-bit scans reach OCR as pure black and white: strokes with stair-stepped edges,
 * broken where the threshold cut a thin line. tesseract's LSTM was trained on anti-aliased text
 * and reads such pages better once their edges are softened. On the generated faxes of the
 * tuning families a Gaussian blur of 0.8 px took the words of item descriptions read exactly from
 * 74% to 80% and the amounts from 40% to 52%; larger radii and thickening the strokes did worse.
 */
const SOFTENING_SIGMA = 0.8;
/**
 * A standard-resolution fax (204 × 98 dpi) stretched to square pixels repeats every row. Its
 * letters read best softened more across than down: on four tuning families' faxes σ 1.0 across
 * and 0.6 down read 9% more words right at confidence ≥ 0.5 than 0.8 both ways (930 against 854
 * of 1832); more down, enlarging the page 1.5 or 2 times, thickening strokes and removing specks
 * all read fewer.
 */
const STRETCHED_SIGMA_ACROSS = 1.0;
const STRETCHED_SIGMA_DOWN = 0.6;
/** Pixels darker than this or lighter than 255 minus it count as black or white. */
const NEAR_EXTREME = 40;
/** A page whose gray pixels are under this share of the sampled ones is bilevel. */
const MAX_GRAY_SHARE = 0.002;
const SAMPLE_STEP = 7;
/** Rows sampled to tell a page whose rows come in identical pairs... */
const SAMPLED_ROW_PAIRS = 200;
/** ...and the share of inked pairs that must be identical (a scan of fine print has almost none). */
const MIN_REPEATED_PAIR_SHARE = 0.9;

/** Whether an image holds (almost) only black and white pixels. */
export function isBilevel(image: GrayImage): boolean {
  const { data } = image;
  let sampled = 0;
  let gray = 0;
  for (let index = 0; index < data.length; index += SAMPLE_STEP) {
    sampled += 1;
    const value = data[index];
    if (value > NEAR_EXTREME && value < 255 - NEAR_EXTREME) gray += 1;
  }
  return sampled > 0 && gray / sampled < MAX_GRAY_SHARE;
}

function hasInk(data: Uint8Array, start: number, width: number): boolean {
  for (let x = 0; x < width; x += 1) if (data[start + x] < 128) return true;
  return false;
}

function sameRows(data: Uint8Array, first: number, second: number, width: number): boolean {
  for (let x = 0; x < width; x += 1) if (data[first + x] !== data[second + x]) return false;
  return true;
}

/**
 * Whether every row of the image is printed twice: a fax sent at standard resolution (98 dpi down)
 * and stretched to square pixels. Pairs may start on an even or an odd row.
 */
export function repeatsRowsInPairs(image: GrayImage): boolean {
  const { data, width, height } = image;
  const pairs = Math.floor((height - 1) / 2);
  if (pairs < 1) return false;
  const step = Math.max(1, Math.floor(pairs / SAMPLED_ROW_PAIRS));
  return [0, 1].some((offset) => {
    let inked = 0;
    let repeated = 0;
    for (let pair = 0; pair < pairs; pair += step) {
      const row = (2 * pair + offset) * width;
      if (2 * pair + offset + 1 >= height || !hasInk(data, row, width)) continue;
      inked += 1;
      if (sameRows(data, row, row + width, width)) repeated += 1;
    }
    return inked > 0 && repeated / inked >= MIN_REPEATED_PAIR_SHARE;
  });
}

/** A normalised Gaussian kernel of radius three sigmas. */
function gaussianWeights(sigma: number): number[] {
  const radius = Math.ceil(3 * sigma);
  const weights = Array.from({ length: 2 * radius + 1 }, (_, index) => Math.exp(-((index - radius) ** 2) / (2 * sigma * sigma)));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return weights.map((weight) => weight / total);
}

/** A bilevel page with its edges softened for OCR; any other page as it is. */
export async function softenBilevel(image: GrayImage): Promise<GrayImage> {
  if (!isBilevel(image)) return image;
  const { width, height } = image;
  const sharp = await loadSharp();
  let pipeline = sharp(image.data, { raw: { width, height, channels: 1 } });
  if (repeatsRowsInPairs(image)) {
    const across = gaussianWeights(STRETCHED_SIGMA_ACROSS);
    const down = gaussianWeights(STRETCHED_SIGMA_DOWN);
    const kernel = down.flatMap((weightDown) => across.map((weightAcross) => weightDown * weightAcross));
    pipeline = pipeline.convolve({ width: across.length, height: down.length, kernel, scale: 1 });
  } else {
    pipeline = pipeline.blur(SOFTENING_SIGMA);
  }
  const data = await pipeline.extractChannel(0).raw().toBuffer();
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width, height };
}
