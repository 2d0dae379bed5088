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
  if (glyphs < MIN_GLYPHS) return undefined;
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
