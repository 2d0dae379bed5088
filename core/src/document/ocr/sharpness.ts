import type { GrayImage } from '../gray-image.js';

/** How many pixels an edge is followed on either side of the threshold before it is given up. */
const MAX_EDGE_REACH = 4;
/** An edge runs from this share of the contrast above the ink's level to the same share below the paper's. */
const EDGE_MARGIN = 0.2;

/**
 * The mean width in pixels of the ink's edges: where a row crosses the threshold, the pixels between
 * ink (within a fifth of the contrast of the ink's level) and paper (likewise). A rendered page or a
 * flatbed scan has edges about one pixel wide or less; a phone photo's lens, its JPEG compression and
 * the resampling that straightens it soften them to 1.2-1.8 pixels. Undefined when no edge is found.
 */
export function edgeWidth(image: GrayImage, threshold: number): number | undefined {
  const { data, width, height } = image;
  const histogram = new Float64Array(256);
  for (const value of data) histogram[value] += 1;
  const ink = medianLevel(histogram, 0, threshold);
  const paper = medianLevel(histogram, threshold + 1, 255);
  const inkSide = ink + EDGE_MARGIN * (paper - ink);
  const paperSide = paper - EDGE_MARGIN * (paper - ink);
  let edges = 0;
  let total = 0;
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    for (let x = MAX_EDGE_REACH; x + MAX_EDGE_REACH + 1 < width; x += 1) {
      const inkFirst = data[row + x] <= threshold;
      if (inkFirst === data[row + x + 1] <= threshold) continue;
      // Ink then paper (sign 1) or paper then ink (sign -1): walk out from the crossing until the
      // left side reaches its level (sign × (level - value) ≥ 0) and the right side its own.
      const sign = inkFirst ? 1 : -1;
      const leftLevel = inkFirst ? inkSide : paperSide;
      const rightLevel = inkFirst ? paperSide : inkSide;
      let left = x;
      while (left > x - MAX_EDGE_REACH && sign * (leftLevel - data[row + left]) < 0) left -= 1;
      let right = x + 1;
      while (right < x + 1 + MAX_EDGE_REACH && sign * (data[row + right] - rightLevel) < 0) right += 1;
      if (sign * (leftLevel - data[row + left]) < 0 || sign * (data[row + right] - rightLevel) < 0) continue;
      edges += 1;
      total += right - left - 1;
    }
  }
  return edges > 0 ? total / edges : undefined;
}

/** The median gray level among the pixels from level `low` to `high`. */
function medianLevel(histogram: Float64Array, low: number, high: number): number {
  let pixels = 0;
  for (let level = low; level <= high; level += 1) pixels += histogram[level];
  let seen = 0;
  for (let level = low; level <= high; level += 1) {
    seen += histogram[level];
    if (seen >= pixels / 2) return level;
  }
  return low;
}
