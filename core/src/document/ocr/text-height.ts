import type { InkComponents } from './components.js';

/** Blobs shorter than this are specks or dots, not letters. */
const MIN_GLYPH_HEIGHT = 4;
/** A blob wider than this many times its height is a rule or touching letters run together. */
const MAX_GLYPH_ASPECT = 3;
/** A blob taller than this share of the page is a picture, a box or a vertical rule. */
const MAX_GLYPH_HEIGHT_SHARE = 1 / 25;
/** Too few letter-like blobs to say anything about the print's size. */
const MIN_GLYPHS = 50;

/**
 * The height in pixels most letters of the page have: the most frequent height of letter-shaped
 * blobs, which is the x-height of running text (a, c, e, m, n, o, r, s … outnumber the letters
 * with ascenders) or the height of digits in a page of figures. Undefined when the page holds too
 * few letters to tell. `weighting: 'height'` counts each blob as much as it is tall: a photo's paper
 * grain and JPEG blotches make many small blobs, which outnumber the few large letters of a
 * receipt photographed close; weighted, the letters win again.
 */
export function typicalGlyphHeight(components: InkComponents, pageHeight: number, weighting: 'count' | 'height' = 'count'): number | undefined {
  const counts = glyphHeights(components, pageHeight, weighting);
  if (counts === undefined) return undefined;
  const maxHeight = counts.length - 2;
  // Heights one pixel apart are the same letters cut differently by the threshold.
  let best = 0;
  let bestCount = -1;
  for (let height = MIN_GLYPH_HEIGHT; height <= maxHeight; height += 1) {
    const around = counts[height - 1] + counts[height] + counts[height + 1];
    if (around > bestCount) {
      bestCount = around;
      best = height;
    }
  }
  const weight = counts[best - 1] + counts[best] + counts[best + 1];
  return ((best - 1) * counts[best - 1] + best * counts[best] + (best + 1) * counts[best + 1]) / weight;
}

/**
 * How many letter-shaped blobs (or, weighted by height, how many pixels of their height) the page has
 * of each height, indexed by height, with one empty slot above the tallest; undefined when it has too
 * few letters to tell.
 */
function glyphHeights(components: InkComponents, pageHeight: number, weighting: 'count' | 'height'): Float64Array | undefined {
  const maxHeight = Math.max(MIN_GLYPH_HEIGHT + 1, Math.floor(pageHeight * MAX_GLYPH_HEIGHT_SHARE));
  const counts = new Float64Array(maxHeight + 2);
  let glyphs = 0;
  for (let index = 0; index < components.count; index += 1) {
    const height = components.y1[index] - components.y0[index];
    const width = components.x1[index] - components.x0[index];
    if (height < MIN_GLYPH_HEIGHT || height > maxHeight || width > MAX_GLYPH_ASPECT * height) continue;
    counts[height] += weighting === 'height' ? height : 1;
    glyphs += 1;
  }
  return glyphs < MIN_GLYPHS ? undefined : counts;
}

/** Two peaks of blob heights closer than this ratio are one peak (the same letters cut differently by the threshold). */
const MIN_PEAK_RATIO = 1.15;
/** Capitals and digits stand 1.3 to 1.5 times as tall as the x-height in the faces documents use. */
const MAX_PEAK_RATIO = 1.8;
/** The second peak holds at least this share of the first peak's blobs, or it is headings or noise. */
const MIN_SECOND_PEAK_SHARE = 0.2;

/**
 * The height of capitals and digits on the page, in pixels: the taller of the two peaks of
 * letter-shaped blob heights (the x-height of lowercase letters and the height of capitals, digits
 * and ascenders), or the one peak when the page has no second (figures or capitals only). The most
 * frequent height alone (typicalGlyphHeight) is the x-height on a page of running text and the
 * digits' height on a page of figures; which of the two wins, and by how much the peaks blur into
 * each other, swings an estimate by a third. Undefined when the page holds too few letters to tell.
 */
export function capitalHeight(components: InkComponents, pageHeight: number): number | undefined {
  const counts = glyphHeights(components, pageHeight, 'count');
  if (counts === undefined) return undefined;
  const first = heightPeak(counts, () => true);
  const second = heightPeak(counts, (low) => {
    const ratio = Math.max(low + 0.5, first.height) / Math.min(low + 0.5, first.height);
    return Math.abs(low - first.low) > 1 && ratio >= MIN_PEAK_RATIO && ratio <= MAX_PEAK_RATIO;
  });
  return second.blobs >= MIN_SECOND_PEAK_SHARE * first.blobs ? Math.max(first.height, second.height) : first.height;
}

/**
 * The most populous pair of neighbouring heights (low, low + 1) among those allowed (a letter's height
 * falls on one of two neighbouring values as the threshold cuts it): its blobs and their mean height.
 */
function heightPeak(counts: Float64Array, allowed: (low: number) => boolean): { low: number; height: number; blobs: number } {
  let best = { low: 0, height: 0, blobs: 0 };
  for (let low = MIN_GLYPH_HEIGHT; low + 1 < counts.length; low += 1) {
    if (!allowed(low)) continue;
    const blobs = counts[low] + counts[low + 1];
    if (blobs > best.blobs) best = { low, height: (low * counts[low] + (low + 1) * counts[low + 1]) / blobs, blobs };
  }
  return best;
}
