import type { GrayImage } from '../gray-image.js';
import type { OcrEngine } from './pool.js';
import { otsuThreshold } from './projection.js';
import { cropPixels, stackCrops, wordsOfCrop, type Box } from './sheet.js';
import type { OcrWord } from './tsv.js';

/**
 * Words tesseract read with less confidence than this on the whole page are read again on their own.
 * In table rows the page pass often fuses short cells with their neighbours (`1 LS` read `10S` at
 * confidence 0): on its own line the same crop reads right.
 */
export const RECHECK_CONFIDENCE = 0.5;
/** Doubtful words closer than this many word heights on one line are read again together. */
const MERGE_GAP_IN_HEIGHTS = 1.5;
/** Margin of white around each crop, in word heights: tesseract needs some paper around the ink. */
const CROP_PADDING_IN_HEIGHTS = 0.4;
/** A doubtful box taller than this many median word heights is a picture or a rule, not a word. */
const MAX_HEIGHT_RATIO = 2.2;
const MIN_HEIGHT_RATIO = 0.5;
/**
 * Only short groups are read again: table cells (quantities, units, codes) are what the page pass
 * fuses. Re-reading long ones too (form captions) took scanned ACORD 25 field F1 from 0.938 to 0.955
 * but cost about 0.8 s more CPU per form page (4.4 → 5.1 s); the cells alone cost about 0.15 s.
 */
const MAX_WIDTH_IN_HEIGHTS = 6;
/**
 * On a fax, long doubtful groups are worth the time: its misreadings are spread over whole lines, not
 * only fused cells. Reading groups up to this wide again took the words of five tuning families'
 * faxes read right from 56.5% to 58.5%; only bilevel pages pay for it.
 */
const MAX_WIDTH_IN_HEIGHTS_BILEVEL = 40;
/** Upper bound on the crops re-read per page: beyond it the page is noise, not a table. */
const MAX_REGIONS = 150;

interface Region {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Indexes of the page words the region replaces. */
  members: number[];
}

const height = (word: OcrWord): number => word.bbox[3] - word.bbox[1];
const sameLine = (a: OcrWord, b: OcrWord): boolean => a.bbox[1] < b.bbox[3] && b.bbox[1] < a.bbox[3];

function medianHeight(words: OcrWord[]): number {
  const heights = words.filter((word) => word.confidence >= RECHECK_CONFIDENCE).map(height).sort((a, b) => a - b);
  return heights.length > 0 ? heights[Math.floor(heights.length / 2)] : 0;
}

/**
 * A word is on a region's line when each one's middle lies within the other's height: boxes that only
 * touch belong to lines one under the other (a wrapped description), and a region grown over two
 * lines is read as one tall line of garbage.
 */
function onOneLine(region: Region, [, y0, , y1]: OcrWord['bbox']): boolean {
  return region.y0 <= (y0 + y1) / 2 && (y0 + y1) / 2 <= region.y1 && y0 <= (region.y0 + region.y1) / 2 && (region.y0 + region.y1) / 2 <= y1;
}

/** Doubtful words of plausible text height, grouped with their doubtful neighbours on the same line. */
function doubtfulRegions(words: OcrWord[], typical: number, maxWidthInHeights: number): Region[] {
  if (typical === 0) return [];
  const regions: Region[] = [];
  words.forEach((word, index) => {
    if (word.confidence >= RECHECK_CONFIDENCE) return;
    const ratio = height(word) / typical;
    if (ratio < MIN_HEIGHT_RATIO || ratio > MAX_HEIGHT_RATIO) return;
    const [x0, y0, x1, y1] = word.bbox;
    const joined = regions.find(
      (region) => onOneLine(region, word.bbox) && Math.min(Math.abs(x0 - region.x1), Math.abs(region.x0 - x1)) <= MERGE_GAP_IN_HEIGHTS * typical,
    );
    if (!joined) {
      regions.push({ x0, y0, x1, y1, members: [index] });
      return;
    }
    joined.x0 = Math.min(joined.x0, x0);
    joined.y0 = Math.min(joined.y0, y0);
    joined.x1 = Math.max(joined.x1, x1);
    joined.y1 = Math.max(joined.y1, y1);
    joined.members.push(index);
  });
  return regions.filter((region) => region.x1 - region.x0 <= maxWidthInHeights * typical).slice(0, MAX_REGIONS);
}

/** Crop box of a region: padded, but never over a confident word beside it on the line. */
function cropBox(region: Region, words: OcrWord[], image: GrayImage): Box {
  const pad = Math.round(CROP_PADDING_IN_HEIGHTS * (region.y1 - region.y0));
  let left = Math.max(0, region.x0 - pad);
  let right = Math.min(image.width, region.x1 + pad);
  const probe: OcrWord = { text: '', confidence: 0, bbox: [region.x0, region.y0, region.x1, region.y1] };
  for (const word of words) {
    if (word.confidence < RECHECK_CONFIDENCE || !sameLine(word, probe)) continue;
    if (word.bbox[2] <= region.x0) left = Math.max(left, word.bbox[2] + 1);
    if (word.bbox[0] >= region.x1) right = Math.min(right, word.bbox[0] - 1);
  }
  return [left, Math.max(0, region.y0 - pad), right, Math.min(image.height, region.y1 + pad)];
}

/** Inside a crop, a white gap this many crop heights wide separates two cells: each is read on its own line. */
const CELL_GAP_IN_HEIGHTS = 0.6;

/**
 * Splits a crop at wide white gaps. Read as one line, a quantity and its unit two cells apart are
 * fused (`1    LS` read `10S`); read as two lines they come out right.
 */
function splitAtGaps(image: GrayImage, box: Box): Box[] {
  const [x0, y0, x1, y1] = box;
  const threshold = otsuThreshold(cropPixels(image, box));
  const inked: boolean[] = [];
  for (let x = x0; x < x1; x += 1) {
    let ink = false;
    for (let y = y0; y < y1 && !ink; y += 1) ink = image.data[y * image.width + x] <= threshold;
    inked.push(ink);
  }
  const minGap = CELL_GAP_IN_HEIGHTS * (y1 - y0);
  const cells: Array<[number, number]> = [];
  inked.forEach((ink, offset) => {
    if (!ink) return;
    const last = cells[cells.length - 1];
    if (last && offset - last[1] <= minGap) last[1] = offset + 1;
    else cells.push([offset, offset + 1]);
  });
  if (cells.length <= 1) return [box];
  return cells.map(([start, end], index) => {
    const left = index === 0 ? 0 : Math.ceil((cells[index - 1][1] + start) / 2);
    const right = index === cells.length - 1 ? x1 - x0 : Math.floor((end + cells[index + 1][0]) / 2);
    return [x0 + left, y0, x0 + right, y1];
  });
}

/**
 * A lone stroke shorter than text is a fragment of a form rule or a speck that tesseract, asked to
 * read a crop, reads as `I`, `l`, `|` or `1`; it is no word.
 */
const STROKE = /^[Il|1!i.,:;'`-]$/;
const MIN_STROKE_HEIGHT_RATIO = 0.7;

function isFragment(word: OcrWord, typical: number): boolean {
  return STROKE.test(word.text) && height(word) < MIN_STROKE_HEIGHT_RATIO * typical;
}

const meanConfidence = (words: OcrWord[]): number => words.reduce((sum, word) => sum + word.confidence, 0) / Math.max(1, words.length);

/**
 * Reads the page's doubtful words again, each group cut out and set on its own line of one sheet,
 * and keeps the new reading of a group where it is more confident than the first. `bilevel` pages
 * (faxes) have long groups read again too.
 */
export async function recheckDoubtfulWords(engine: OcrEngine, image: GrayImage, words: OcrWord[], options: { bilevel?: boolean } = {}): Promise<OcrWord[]> {
  const typical = medianHeight(words);
  const regions = doubtfulRegions(words, typical, options.bilevel ? MAX_WIDTH_IN_HEIGHTS_BILEVEL : MAX_WIDTH_IN_HEIGHTS);
  if (regions.length === 0) return words;
  const crops = regions.flatMap((region, index) => {
    const box = cropBox(region, words, image);
    return box[2] > box[0] && box[3] > box[1] ? splitAtGaps(image, box).map((cell) => ({ box: cell, region: index })) : [];
  });
  if (crops.length === 0) return words;
  const margin = Math.max(...crops.map(({ box }) => box[3] - box[1]));
  const { sheet, placed } = stackCrops(image, crops, margin);
  const sheetWords = await engine.recognize(sheet, 'lines');
  const rereadAt = new Map<number, OcrWord[]>();
  const replaced = new Set<number>();
  regions.forEach((region, index) => {
    const reread = placed
      .filter((crop) => crop.region === index)
      .flatMap((crop) => wordsOfCrop(sheetWords, crop, margin))
      .filter((word) => !isFragment(word, typical) && onOneLine(region, word.bbox));
    const before = region.members.map((member) => words[member]);
    if (reread.length === 0 || meanConfidence(reread) <= meanConfidence(before)) return;
    for (const member of region.members) replaced.add(member);
    rereadAt.set(region.members[0], reread);
  });
  // The new words take the place of the first they replace, keeping tesseract's reading order.
  return words.flatMap((word, index) => rereadAt.get(index) ?? (replaced.has(index) ? [] : [word]));
}
