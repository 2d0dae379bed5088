import type { BBox, Word } from '../../contracts/document.js';
import { rotateQuarterTurns, type GrayImage } from '../gray-image.js';
import { roundBox } from '../geometry.js';
import { isBilevel, softenBilevel } from './bilevel.js';
import { BULLET, bulletMarks } from './bullets.js';
import { recognizeByColumns } from './columns.js';
import { cropToInk, type InkCrop } from './crop.js';
import { invertDarkBands, whitenGrayBands } from './dark-bands.js';
import { withoutFaxHeaderLines } from './fax-header.js';
import { flattenIllumination } from './illumination.js';
import { findLoneOnes } from './lone-ones.js';
import { keepReadWords } from './doubtful-words.js';
import { deskew, measureSkew, skewWorthCorrecting } from './deskew.js';
import { isMisreadDollarSign, normaliseOcrWord } from './normalise.js';
import { rereadNumbers } from './numbers.js';
import { estimateOrientation, readabilityScore, readsUpright } from './orientation.js';
import type { OcrEngine } from './pool.js';
import { recheckDoubtfulWords } from './recheck.js';
import { removeRules } from './rules.js';
import type { OcrWord } from './tsv.js';

/** What OCR made of one page image: words in fractions of the upright, deskewed page. */
export interface OcrPageResult {
  /** Clockwise rotation applied to make the page upright (0, 90, 180, 270). */
  rotation: number;
  /** Skew corrected after that rotation, degrees, clockwise positive. */
  deskewAngle: number;
  words: Word[];
}

interface Attempt {
  quarterTurns: number;
  skew: number;
  /** The image recognised: turned, deskewed, rules painted out, cut to its inked area. */
  image: GrayImage;
  /** Where `image` sits on the turned, deskewed page, and that page's size. */
  crop: InkCrop;
  words: OcrWord[];
}

/** A page with fewer words is blank or a picture; turning it over would not help. */
const MIN_WORDS_TO_TURN_OVER = 3;
/**
 * Below this confidence tesseract's words are nearly all noise read from specks, shading and form
 * rules (RRR, EE, |); on the scanned ACORD 25, 84 of 515 words fell below it, almost none real.
 */
const MIN_WORD_CONFIDENCE = 0.5;
/**
 * On a fax tesseract doubts much of what it reads right, and an item loses its description or an
 * amount with each word dropped: there the floor is lower. On the faxes of g1-g29 line items read
 * exactly 94 -> 116 of 522 (F1 0.190 -> 0.234; at 0.4 108, 0.35 110, 0.25 116), but the noise kept
 * too cost metadata, section and recap fields 244 -> 235 of 445 (0.4: 236, 0.35: 234, 0.25: 233),
 * glued to names and headings. Keeping such words only between two sure words on their line, or
 * shaped as amounts, kept fewer items (96 at 0.35).
 */
const MIN_WORD_CONFIDENCE_BILEVEL = 0.3;

function wordText(words: OcrWord[], index: number): string {
  const word = words[index];
  const next = words[index + 1];
  const text = normaliseOcrWord(word.text);
  if (!next) return text;
  const height = Math.max(1, word.bbox[3] - word.bbox[1]);
  const sameLine = next.bbox[1] < word.bbox[3] && next.bbox[3] > word.bbox[1];
  const gap = (next.bbox[0] - word.bbox[2]) / height;
  return sameLine && isMisreadDollarSign(text, normaliseOcrWord(next.text), gap) ? '$' : text;
}

/**
 * The page's words in fractions of the page: those read with `floor` confidence or more, bullets opening
 * a line (see bullets.ts) and, on a gray page, doubtful words spelled as words beside sure ones (see
 * doubtful-words.ts). On a fax the floor is lower instead (see MIN_WORD_CONFIDENCE_BILEVEL).
 */
function toPageWords(words: OcrWord[], { left, top, pageWidth, pageHeight }: InkCrop, floor: number, bilevel: boolean): Word[] {
  const bullets = bulletMarks(words, floor);
  const read = new Set([...(bilevel ? words.filter((word) => word.confidence >= floor) : keepReadWords(words, floor)), ...bullets]);
  const kept: Word[] = [];
  words.forEach((word, index) => {
    if (!read.has(word)) return;
    const [x0, y0, x1, y1] = word.bbox;
    const bbox: BBox = [(x0 + left) / pageWidth, (y0 + top) / pageHeight, (x1 + left) / pageWidth, (y1 + top) / pageHeight];
    kept.push({ text: bullets.has(word) ? BULLET : wordText(words, index), bbox: roundBox(bbox), source: 'ocr', confidence: Math.round(word.confidence * 1000) / 1000 });
  });
  return kept;
}

interface Cleaning {
  /** The page was black and white (a fax): its rules may be broken (see removeRules). */
  bilevel: boolean;
}

async function recognizeTurned(engine: OcrEngine, image: GrayImage, cleaning: Cleaning, quarterTurns: number, knownSkew?: number): Promise<Attempt> {
  const turned = rotateQuarterTurns(image, quarterTurns);
  const skew = knownSkew ?? measureSkew(turned);
  const { canvas, window } = await deskew(turned, skew);
  const { image: cleaned, crop } = cropToInk(canvas, window);
  // A fax's captions stay black: inverted, those of g12 and g24's faxes cost line items (see README).
  if (!cleaning.bilevel) invertDarkBands(cleaned);
  removeRules(cleaned, Math.max(crop.pageWidth, crop.pageHeight), { brokenRules: cleaning.bilevel });
  if (!cleaning.bilevel) whitenGrayBands(cleaned);
  return { quarterTurns, skew, image: cleaned, crop, words: await recognizeByColumns(engine, cleaned, { speckled: cleaning.bilevel }) };
}

/**
 * OCR of a page image with orientation and skew correction. The ink's projection profile tells
 * whether text runs across or down the page and how skewed it is; the page is turned and deskewed
 * accordingly and recognised. When the result does not read well, the page may be upside down:
 * it is recognised turned over too, and the more readable result kept.
 */
export async function recognizePage(engine: OcrEngine, page: GrayImage): Promise<OcrPageResult> {
  const cleaning: Cleaning = { bilevel: isBilevel(page) };
  const image = await softenBilevel(flattenIllumination(page));
  const orientation = estimateOrientation(image);
  let best = orientation.vertical
    ? await recognizeTurned(engine, image, cleaning, orientation.quarterTurns)
    : await recognizeTurned(engine, image, cleaning, 0, skewWorthCorrecting(orientation.skew));
  // The edges of a narrow receipt or a photo's border project like text running down the page.
  if (orientation.vertical && !readsUpright(best.words)) {
    const unturned = await recognizeTurned(engine, image, cleaning, 0);
    if (readabilityScore(unturned.words) > readabilityScore(best.words)) best = unturned;
  }
  if (best.words.length >= MIN_WORDS_TO_TURN_OVER && !readsUpright(best.words)) {
    const flipped = await recognizeTurned(engine, image, cleaning, best.quarterTurns + 2);
    if (readabilityScore(flipped.words) > readabilityScore(best.words)) best = flipped;
  }
  const rechecked = await recheckDoubtfulWords(engine, best.image, best.words, { bilevel: cleaning.bilevel });
  const words = cleaning.bilevel ? await rereadNumbers(engine, best.image, rechecked) : [...rechecked, ...findLoneOnes(best.image, rechecked)];
  const pageWords = toPageWords(words, best.crop, cleaning.bilevel ? MIN_WORD_CONFIDENCE_BILEVEL : MIN_WORD_CONFIDENCE, cleaning.bilevel);
  return {
    rotation: (best.quarterTurns % 4) * 90,
    deskewAngle: best.skew,
    words: cleaning.bilevel ? withoutFaxHeaderLines(pageWords) : pageWords,
  };
}
