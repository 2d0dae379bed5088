import type { GrayImage } from '../gray-image.js';

/**
 * Forms print captions white on a dark band (a box's title bar, a shaded section heading). The
 * English model reads dark text on light paper, and the engine does not look for inverted lines
 * (see pool.ts), so such a caption is lost. Here each dark band is found and turned light with
 * its letters dark, before the page is recognised.
 */

/** A pixel darker than this is the band's. */
const DARK = 128;
/** A printed band is clearly dark: its middle level is under this (a photo's shadow between two sheets is lighter). */
const MAX_BAND_LEVEL = 110;
/** Light pixels a band's row may have in one run (a letter's white stroke), as a share of the image width. */
const MAX_LIGHT_RUN = 0.012;
/** A band is this wide at least (a share of the image width)... */
const MIN_WIDTH = 0.08;
/** ...dark over this share of its width in each of its rows (white letters take the rest)... */
const MIN_DARK_SHARE = 0.75;
/** ...and between these heights (shares of the image height): taller than a rule, lower than a picture or a desk. */
const MIN_HEIGHT = 0.005;
const MAX_HEIGHT = 0.04;
/** A row's dark run goes on a band when the two overlap by this share of the shorter one. */
const MIN_OVERLAP = 0.8;
/** Rows through a line of letters may fall short of the dark share: two bands this close (a share of the image height) are one. */
const MAX_SPLIT = 0.004;

interface Run {
  x0: number;
  x1: number;
}

interface Band extends Run {
  y0: number;
  y1: number;
}

/** The long, mostly dark runs of one row of pixels, dark being below `below`. */
function darkRuns(image: GrayImage, y: number, below: number): Run[] {
  const { data, width } = image;
  const maxLight = Math.max(2, Math.round(width * MAX_LIGHT_RUN));
  const runs: Run[] = [];
  const row = y * width;
  let start = -1;
  let last = -1;
  let dark = 0;
  const close = (): void => {
    if (start >= 0 && last - start + 1 >= width * MIN_WIDTH && dark >= (last - start + 1) * MIN_DARK_SHARE) runs.push({ x0: start, x1: last });
    start = -1;
    dark = 0;
  };
  for (let x = 0; x < width; x += 1) {
    if (data[row + x] >= below) {
      if (start >= 0 && x - last > maxLight) close();
      continue;
    }
    if (start < 0) start = x;
    last = x;
    dark += 1;
  }
  close();
  return runs;
}

const overlaps = (a: Run, b: Run): boolean => Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) >= MIN_OVERLAP * Math.min(a.x1 - a.x0, b.x1 - b.x0);

/** Rows this far above and below a band must be paper over most of its width... */
const PAPER_OFFSET = 3;
const MIN_PAPER_SHARE = 0.5;
/** ...and the pixels this far left and right of its middle clean paper (lighting flattened, paper is near white). */
const PAPER_BESIDE = [2, 6];
const PAPER_LEVEL = 200;

/**
 * Whether paper lies around the band: a caption's bar lies on the page; a strip of desk or of a
 * scanner's lid runs off it, grayish at its ends where the page's edge meets it.
 */
function onPaper(image: GrayImage, band: Band, below: number): boolean {
  const { data, width, height } = image;
  const paperRow = (y: number): boolean => {
    if (y < 0 || y >= height) return false;
    let light = 0;
    for (let x = band.x0; x <= band.x1; x += 1) if (data[y * width + x] >= below) light += 1;
    return light >= (band.x1 - band.x0 + 1) * MIN_PAPER_SHARE;
  };
  const middle = Math.round((band.y0 + band.y1) / 2) * width;
  const paperAt = (from: number, step: number): boolean => {
    const [near, far] = PAPER_BESIDE.map((offset) => from + step * offset);
    if (Math.min(near, far) < 0 || Math.max(near, far) >= width) return false;
    let sum = 0;
    for (let x = Math.min(near, far); x <= Math.max(near, far); x += 1) sum += data[middle + x];
    return sum / (Math.abs(far - near) + 1) >= PAPER_LEVEL;
  };
  return paperRow(band.y0 - PAPER_OFFSET) && paperRow(band.y1 + PAPER_OFFSET) && paperAt(band.x0, -1) && paperAt(band.x1, 1);
}

/** Bands one under the other with at most `gap` rows between them, the same width, joined into one. */
function joinSplit(bands: Band[], gap: number): Band[] {
  const joined: Band[] = [];
  for (const band of [...bands].sort((a, b) => a.y0 - b.y0)) {
    const above = joined.find((candidate) => band.y0 - candidate.y1 <= gap + 1 && band.y0 > candidate.y1 && overlaps(candidate, band));
    if (above) Object.assign(above, { x0: Math.min(above.x0, band.x0), x1: Math.max(above.x1, band.x1), y1: Math.max(above.y1, band.y1) });
    else joined.push({ ...band });
  }
  return joined;
}

/**
 * The dark bands of the image: rows of long runs darker than `below` one under the other, bands
 * split by up to `maxSplit` (a share of the image height) joined.
 */
export function findDarkBands(image: GrayImage, { below = DARK, maxSplit = MAX_SPLIT, maxHeight = MAX_HEIGHT } = {}): Band[] {
  const bands: Band[] = [];
  let open: Band[] = [];
  for (let y = 0; y <= image.height; y += 1) {
    const runs = y < image.height ? darkRuns(image, y, below) : [];
    const next: Band[] = [];
    for (const run of runs) {
      const band = open.find((candidate) => overlaps(candidate, run));
      if (band) {
        open = open.filter((candidate) => candidate !== band);
        next.push({ x0: Math.min(band.x0, run.x0), x1: Math.max(band.x1, run.x1), y0: band.y0, y1: y });
      } else next.push({ ...run, y0: y, y1: y });
    }
    bands.push(...open);
    open = next;
  }
  return joinSplit(bands, image.height * maxSplit).filter((band) => {
    const height = band.y1 - band.y0 + 1;
    return height >= image.height * MIN_HEIGHT && height <= image.height * maxHeight && onPaper(image, band, below);
  });
}

/** The band's own gray level: the median of its pixels. */
function bandLevel(image: GrayImage, band: Band): number {
  const levels: number[] = [];
  for (let y = band.y0; y <= band.y1; y += 1) for (let x = band.x0; x <= band.x1; x += 4) levels.push(image.data[y * image.width + x]);
  levels.sort((a, b) => a - b);
  return levels[Math.floor(levels.length / 2)];
}

/**
 * Whether the band's letters are lighter than it: in its middle half (its rules left out), more
 * pixels stand well above its level than well below it. A shaded header with black labels is left as it is.
 * With `paintedOut`, pure white pixels are left out too: there the rules have been painted out, and a
 * shaded header's cell walls, painted white, outnumber the blurred ink of its labels on a photo.
 */
function printedLight(image: GrayImage, band: Band, level: number, paintedOut = false): boolean {
  const quarter = Math.floor((band.y1 - band.y0) / 4);
  let [light, dark] = [0, 0];
  for (let y = band.y0 + quarter; y <= band.y1 - quarter; y += 1) {
    for (let x = band.x0; x <= band.x1; x += 1) {
      const value = image.data[y * image.width + x];
      if (paintedOut && value === 255) continue;
      if (value > (level + 255) / 2) light += 1;
      else if (value < level / 2) dark += 1;
    }
  }
  return light > dark;
}

/** Turns each dark band printed with light letters light, its letters dark, in place: the band's level becomes paper, the lightest pixels ink. */
export function invertDarkBands(image: GrayImage): void {
  const { data, width } = image;
  for (const band of findDarkBands(image)) {
    const level = bandLevel(image, band);
    if (level > MAX_BAND_LEVEL || !printedLight(image, band, level)) continue;
    const span = Math.max(1, 255 - level);
    for (let y = band.y0; y <= band.y1; y += 1) {
      for (let x = band.x0; x <= band.x1; x += 1) {
        const value = data[y * width + x];
        data[y * width + x] = Math.max(0, Math.min(255, Math.round(255 - ((value - level) * 255) / span)));
      }
    }
  }
}

/**
 * A band shaded mid-gray behind dark letters (a spreadsheet's header cells, a section's heading bar)
 * is taken for a picture by tesseract's page analysis on a photo, and its labels are lost: the
 * column headers of a photographed spreadsheet (g63) were not read at all. Such a band is found as
 * a dark band is, its pixels here being those darker than GRAY_BAND (its dark letters split none of
 * its rows, and two bands one under the other, a header over a heading, are not joined)...
 */
const GRAY_BAND = 225;
/** ...its own level between these (a light tint reads as it is; a line of bold print, blurred, is darker)... */
const MIN_GRAY_BAND_LEVEL = 160;
const MAX_GRAY_BAND_LEVEL = 215;
/**
 * ...up to this height (a share of the image height): a header of three stacked lines on a page
 * turned landscape. A band taller than a dark band may be is taken for a picture on a lighter tint
 * too: up to MAX_TALL_GRAY_BAND_LEVEL (a photo's three-line header on a tint of 219 was not read at
 * all; lighter bands of one line, whitened, read worse than they did)...
 */
const MAX_GRAY_BAND_HEIGHT = 0.06;
const MAX_TALL_GRAY_BAND_LEVEL = 222;
/** ...and flat: this share of its pixels at most GRAY_SPREAD from its level (a line of print spreads from ink to paper). */
const MIN_FLAT_SHARE = 0.5;
const GRAY_SPREAD = 16;

function flatShare(image: GrayImage, band: Band, level: number): number {
  let [flat, all] = [0, 0];
  for (let y = band.y0; y <= band.y1; y += 1) {
    for (let x = band.x0; x <= band.x1; x += 1) {
      all += 1;
      if (Math.abs(image.data[y * image.width + x] - level) <= GRAY_SPREAD) flat += 1;
    }
  }
  return flat / all;
}

/**
 * ...and inside the band only, its level is stretched to paper, its letters kept dark. Done after
 * the rules are painted out: the band's edges are the rules a cell wall in it stands on (see cell-walls.ts).
 */
export function whitenGrayBands(image: GrayImage): void {
  const { data, width } = image;
  for (const band of findDarkBands(image, { below: GRAY_BAND, maxSplit: 0, maxHeight: MAX_GRAY_BAND_HEIGHT })) {
    const level = bandLevel(image, band);
    const maxLevel = band.y1 - band.y0 + 1 > image.height * MAX_HEIGHT ? MAX_TALL_GRAY_BAND_LEVEL : MAX_GRAY_BAND_LEVEL;
    if (level < MIN_GRAY_BAND_LEVEL || level > maxLevel || printedLight(image, band, level, true) || flatShare(image, band, level) < MIN_FLAT_SHARE) continue;
    for (let y = band.y0; y <= band.y1; y += 1) {
      for (let x = band.x0; x <= band.x1; x += 1) data[y * width + x] = Math.min(255, Math.round((data[y * width + x] * 255) / level));
    }
  }
}
