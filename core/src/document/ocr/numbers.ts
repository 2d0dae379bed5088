import { scaleGray } from '../sharp.js';
import type { GrayImage } from '../gray-image.js';
import type { OcrEngine } from './pool.js';
import { stackCrops, wordsOfCrop, type Box } from './sheet.js';
import type { OcrWord } from './tsv.js';

/**
 * At a fax's 98 dpi down, the digits of small print are a few rows tall and tesseract confuses them
 * (`892.50` read `692.50`, `1,995.00` read `41,995.00`), often with fair confidence. Each number of a
 * bilevel page is read again on its own line, enlarged at these scales and with only the characters
 * of numbers allowed, and the reading most of the three agree on is kept; when no two agree, the most
 * confident. On the faxes of the 25 tuning families this took the line-item amounts read exactly from
 * 617 to 641 of 1022 (line-item F1 0.189 → 0.195); on g1's fax a single re-read at twice the size,
 * kept wherever it was more confident, mended 4 amounts where the vote mended 7.
 */
const SCALES = [2, 1.5];
const NUMBER_CHARACTERS = '0123456789,.$()-';
/** A word is a number when it holds only digits, their lookalikes and separators, three digits at least. */
const NUMBER_SHAPE = /^[$(]?[0-9OoDQlI|SBZ,.:]+\)?$/;
const MIN_DIGITS = 3;
/**
 * A re-read replaces the page's reading only when it is written as numbers are: no leading zero,
 * digits grouped in threes by commas or not grouped, cents after a point. Enlarged, a speck beside a number is read as
 * one more digit (`662.00` read `662.008`).
 */
const WELL_FORMED = /^[$(]?(0|[1-9]\d{0,2}(,\d{3})*|[1-9]\d*)(\.\d{2})?\)?$/;
/**
 * Numbers the page pass read at least this sure of are left as they are: on the faxes of two tuning
 * families re-reading them too mended no more amounts (139 against 140 of 190) and took a fifth longer.
 */
const MAX_CONFIDENCE = 0.9;
/** Margin of white around each number, in word heights. */
const CROP_PADDING_IN_HEIGHTS = 0.4;
/** tesseract refuses images over 32767 pixels tall: a page of figures is read in several sheets. */
const CROPS_PER_SHEET = 80;

function isNumber(text: string): boolean {
  return NUMBER_SHAPE.test(text) && text.replace(/[^0-9]/g, '').length >= MIN_DIGITS;
}

const sameLine = (a: OcrWord, b: OcrWord): boolean => a.bbox[1] < b.bbox[3] && b.bbox[1] < a.bbox[3];

/** Crop box of a word: padded, but never over another word beside it on the line. */
function cropBox(word: OcrWord, words: OcrWord[], image: GrayImage): Box {
  const [x0, y0, x1, y1] = word.bbox;
  const pad = Math.round(CROP_PADDING_IN_HEIGHTS * (y1 - y0));
  let left = Math.max(0, x0 - pad);
  let right = Math.min(image.width, x1 + pad);
  for (const other of words) {
    if (other === word || !sameLine(other, word)) continue;
    if (other.bbox[2] <= x0) left = Math.max(left, other.bbox[2] + 1);
    if (other.bbox[0] >= x1) right = Math.min(right, other.bbox[0] - 1);
  }
  return [left, Math.max(0, y0 - pad), right, Math.min(image.height, y1 + pad)];
}

type Crop = { box: Box; region: number };

/** Reads the crops enlarged `scale` times: for each crop read as a single number, that reading. */
async function readEnlarged(engine: OcrEngine, image: GrayImage, sheets: Crop[][], margin: number, scale: number): Promise<Map<number, OcrWord>> {
  const readings = new Map<number, OcrWord>();
  for (const crops of sheets) {
    const { sheet, placed } = stackCrops(image, crops, margin);
    const sheetWords = (await engine.recognize(await scaleGray(sheet, scale, 'cubic'), 'lines', { characters: NUMBER_CHARACTERS })).map(
      (word): OcrWord => ({ ...word, bbox: [word.bbox[0] / scale, word.bbox[1] / scale, word.bbox[2] / scale, word.bbox[3] / scale] }),
    );
    for (const crop of placed) {
      const read = wordsOfCrop(sheetWords, crop, margin);
      if (read.length === 1 && WELL_FORMED.test(read[0].text)) readings.set(crop.region, read[0]);
    }
  }
  return readings;
}

/** The reading most readings agree on, the most confident of them; with no two alike, the most confident. */
function agreedReading(readings: OcrWord[]): OcrWord {
  const byText = new Map<string, { votes: number; best: OcrWord }>();
  for (const reading of readings) {
    const entry = byText.get(reading.text);
    if (!entry) byText.set(reading.text, { votes: 1, best: reading });
    else {
      entry.votes += 1;
      if (reading.confidence > entry.best.confidence) entry.best = reading;
    }
  }
  return [...byText.values()].sort((a, b) => b.votes - a.votes || b.best.confidence - a.best.confidence)[0].best;
}

/**
 * Reads the numbers of the page again that the page pass was not sure of, enlarged, and keeps for each the reading the page pass and
 * the re-reads agree on. A word keeps its place and box, and the higher of its two confidences: a number the re-reads confirm is as
 * sure as they are, where it would otherwise fall under the page's confidence floor and be lost (on the faxes of g1–g29, line-item
 * amounts read exactly 759 → 779 of 1191, none fewer in any family).
 */
export async function rereadNumbers(engine: OcrEngine, image: GrayImage, words: OcrWord[]): Promise<OcrWord[]> {
  const numbers = words.map((word, index) => ({ word, index })).filter(({ word }) => word.confidence < MAX_CONFIDENCE && isNumber(word.text));
  const crops = numbers.map(({ word }, region) => ({ box: cropBox(word, words, image), region })).filter(({ box }) => box[2] > box[0] && box[3] > box[1]);
  if (crops.length === 0) return words;
  const margin = Math.max(...crops.map(({ box }) => box[3] - box[1]));
  const sheets: Crop[][] = [];
  for (let start = 0; start < crops.length; start += CROPS_PER_SHEET) sheets.push(crops.slice(start, start + CROPS_PER_SHEET));
  const rereads = await Promise.all(SCALES.map((scale) => readEnlarged(engine, image, sheets, margin, scale)));
  const result = [...words];
  numbers.forEach(({ word, index }, region) => {
    const readings = [word, ...rereads.flatMap((reread) => reread.get(region) ?? [])];
    const agreed = agreedReading(readings);
    if (agreed !== word) result[index] = { ...word, text: agreed.text, confidence: Math.max(word.confidence, agreed.confidence) };
  });
  return result;
}
