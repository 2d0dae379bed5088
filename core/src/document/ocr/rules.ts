import type { GrayImage } from '../gray-image.js';
import { grayHistogram, otsuThresholdOf } from './projection.js';
import { inkComponents, type InkComponents } from './components.js';
import { findCellWalls } from './cell-walls.js';
import { typicalGlyphHeight } from './text-height.js';
import { findRunsAcross, findRunsDown, type Runs } from './ink-runs.js';

/**
 * Runs of ink at least this fraction of the page's longer side are form rules, not text: about
 * 0.45 in on a letter page, longer than any glyph stroke or run of touching glyphs.
 */
const MIN_RULE_SHARE = 1 / 25;
const MIN_RULE_PIXELS = 30;
/** Rule edges are anti-aliased: pixels beside a run, and pixels in it darker than this, are painted too. */
const RULE_SPREAD = 1;
const RULE_EDGE_LEVEL = 230;

/**
 * A fax breaks its rules: dropouts leave gaps of a few pixels, and a rule that was skewed before
 * binarisation steps up or down a row every so often, so no single row holds a long run. On the
 * generated faxes, table headers between such rules were lost to OCR until the rules were painted
 * out. Such a rule is found on a band of three rows with gaps of up to this many pixels...
 */
const MAX_RULE_GAP = 3;
/** ...when ink fills at least this share of the band along it... */
const MIN_BROKEN_RULE_COVER = 0.9;
/**
 * ...most of that ink in unbroken pieces at least this fraction of a rule's minimum length (a glyph
 * is narrower: the top of a line of bold text covers a band densely too, letter by letter)...
 */
const MIN_PIECE_SHARE_OF_RULE = 1 / 3;
const MIN_LONG_PIECES_COVER = 0.7;
/**
 * ...and one side of it, this many pixels off, is nearly clean: a rule is thin, and text set on it
 * touches one side only, while a text line's middle rows have its strokes on both sides.
 */
const SIDE_OFFSET = 3;
const MAX_SIDE_INK_SHARE = 0.15;

/**
 * A hairline rule prints lighter than text: on a 200-dpi scan it is a row or two of gray, lighter
 * than Otsu's threshold in places, so no long run of ink is found on it. Left on the page, it joins
 * the line of text set just above or below it, and tesseract reads that line as noise: the section
 * headings of a statement of repair set between two hairlines were lost so (on one tuning family's
 * scan, fields F1 0.522 and line items 0.563 before they were painted out, 0.963 and 0.894 after).
 * Rules are looked for again at a lighter level, this share of the way from the threshold to the
 * paper...
 */
const LIGHT_RULE_LEVEL_SHARE = 0.5;
/**
 * ...and kept where they are thin: along MIN_THIN_SHARE of their length or more, the light ink
 * across them is no thicker than this share of the page's longer side (about 6 px on a letter page
 * at 200 dpi). The edge of a shaded band or a line of text is as long but far thicker. Where a
 * glyph crosses the rule or stands on it, the ink across is thicker: those pixels are the glyph's
 * and are not painted.
 */
const MAX_LIGHT_RULE_THICKNESS_SHARE = 1 / 400;
const MIN_LIGHT_RULE_THICKNESS = 2;
const MIN_THIN_SHARE = 0.6;

/**
 * How thick the ink at or below `threshold` is across the run's line at `position`, counted up to
 * `maxThickness` + 1; 0 where it is part of a rule already found (`covered`).
 */
function thicknessAcross(data: Uint8Array, covered: Uint8Array, lines: number, lineStep: number, positionStep: number, threshold: number, maxThickness: number, line: number, position: number): number {
  if (covered[line * lineStep + position * positionStep]) return 0;
  let thickness = 1;
  for (let across = line - 1; across >= 0 && thickness <= maxThickness && data[across * lineStep + position * positionStep] <= threshold; across -= 1) {
    if (covered[across * lineStep + position * positionStep]) return 0;
    thickness += 1;
  }
  for (let across = line + 1; across < lines && thickness <= maxThickness && data[across * lineStep + position * positionStep] <= threshold; across += 1) {
    if (covered[across * lineStep + position * positionStep]) return 0;
    thickness += 1;
  }
  return thickness;
}

/** Thickness is first measured at every this many positions: most long light runs are the edges of shading, rejected so cheaply. */
const THIN_SAMPLE_STEP = 8;

/**
 * Keeps the thin rules among light runs (see LIGHT_RULE_LEVEL_SHARE): those at most `maxThickness`
 * thick across along most of their length, and of them only the thin stretches: where the ink runs
 * on across the rule, it is a glyph's. Light ink across a rule found at the ink threshold
 * (`covered`) is that rule's edge, painted with it: it neither counts nor is painted again.
 */
function keepThinRuns(data: Uint8Array, covered: Uint8Array, lines: number, lineStep: number, positionStep: number, threshold: number, maxThickness: number, lightRuns: Runs, runs: Runs): void {
  for (let index = 0; index < lightRuns.length; index += 4) {
    const [line, start, end, direction] = lightRuns.slice(index, index + 4);
    const thicknessAt = (position: number): number => thicknessAcross(data, covered, lines, lineStep, positionStep, threshold, maxThickness, line, position);
    let sampled = 0;
    let thin = 0;
    for (let position = start; position < end; position += THIN_SAMPLE_STEP) {
      const thickness = thicknessAt(position);
      if (thickness === 0) continue;
      sampled += 1;
      if (thickness <= maxThickness) thin += 1;
    }
    if (sampled === 0 || thin < sampled * MIN_THIN_SHARE) continue;
    let stretch = -1;
    for (let position = start; position <= end; position += 1) {
      const thickness = position < end ? thicknessAt(position) : 0;
      const inRule = thickness > 0 && thickness <= maxThickness;
      if (inRule && stretch < 0) stretch = position;
      if (inRule || stretch < 0) continue;
      runs.push(line, stretch, position, direction);
      stretch = -1;
    }
  }
}

/** The runs of one direction (0 across the page, 1 down it). */
function runsAlong(runs: Runs, direction: number): Runs {
  const along: Runs = [];
  for (let index = 0; index < runs.length; index += 4) if (runs[index + 3] === direction) along.push(...runs.slice(index, index + 4));
  return along;
}

/** Marks the pixels of `runs`. */
function runPixels(runs: Runs, width: number, height: number): Uint8Array {
  const covered = new Uint8Array(width * height);
  for (let index = 0; index < runs.length; index += 4) {
    const [line, start, end, direction] = runs.slice(index, index + 4);
    const [lineStep, positionStep] = direction === 0 ? [width, 1] : [1, width];
    for (let position = start; position < end; position += 1) covered[line * lineStep + position * positionStep] = 1;
  }
  return covered;
}

/** The paper's gray level: the commonest level lighter than the ink threshold. */
function paperLevel(histogram: Uint32Array, threshold: number): number {
  let mode = 255;
  for (let level = threshold + 1; level < 256; level += 1) if (histogram[level] > histogram[mode]) mode = level;
  return mode;
}

/**
 * Finds rules broken by gaps and steps (see MAX_RULE_GAP), as runs of the middle line of three:
 * the band's ink is taken with gaps of up to MAX_RULE_GAP pixels, and kept when it covers the run
 * densely, mostly in long pieces, with one side of it clean. `ink` holds 1 for ink, 0 for paper.
 */
function findBrokenRuns(ink: Uint8Array, lines: number, length: number, lineStep: number, positionStep: number, minLength: number, direction: number, runs: Runs): void {
  const inkAt = (line: number, position: number): boolean => line >= 0 && line < lines && ink[line * lineStep + position * positionStep] === 1;
  const minPiece = Math.round(minLength * MIN_PIECE_SHARE_OF_RULE);
  for (let line = 1; line < lines - 1; line += 1) {
    let start = -1;
    let last = -1;
    let inked = 0;
    let piece = 0;
    let inLongPieces = 0;
    for (let position = 0; position <= length; position += 1) {
      if (position < length && (inkAt(line - 1, position) || inkAt(line, position) || inkAt(line + 1, position))) {
        if (start < 0) start = position;
        last = position;
        inked += 1;
        piece += 1;
        continue;
      }
      if (piece >= minPiece) inLongPieces += piece;
      piece = 0;
      if (start < 0 || (position < length && position - last <= MAX_RULE_GAP)) continue;
      const span = last + 1 - start;
      if (span >= minLength && inked >= span * MIN_BROKEN_RULE_COVER && inLongPieces >= span * MIN_LONG_PIECES_COVER) {
        let above = 0;
        let below = 0;
        for (let along = start; along <= last; along += 1) {
          if (inkAt(line - SIDE_OFFSET, along)) above += 1;
          if (inkAt(line + SIDE_OFFSET, along)) below += 1;
        }
        if (Math.min(above, below) < span * MAX_SIDE_INK_SHARE) runs.push(line, start, last + 1, direction);
      }
      start = -1;
      inked = 0;
      inLongPieces = 0;
    }
  }
}

/**
 * A thin rule on a fax often falls between two of its 98-dpi rows and survives the threshold only
 * as a dotted line of short dashes, too broken for findBrokenRuns; tesseract reads the dashes as
 * text and joins the table rows above and below into one line. Such a rule is a chain of blobs no
 * taller than this share of the page's letters (at least MIN_DASH_HEIGHT pixels)...
 */
const MAX_DASH_HEIGHT_SHARE = 0.35;
const MIN_DASH_HEIGHT = 3;
/** ...whose middles stay within this many pixels of the previous dash's... */
const MAX_DASH_DRIFT = 1.5;
/** ...with gaps of at most this many letter heights between them... */
const MAX_DASH_GAP_IN_HEIGHTS = 3;
/**
 * ...at least this many, over this many letter heights, their ink covering this share of the span
 * (the periods and commas of a row of amounts are as thin and in line, but cover far less). On five
 * tuning families' faxes this read 4% more words right at confidence ≥ 0.5 (1408 against 1350 of 2640).
 */
const MIN_DASHES = 5;
const MIN_DASH_SPAN_IN_HEIGHTS = 4;
const MIN_DASH_COVER = 0.3;
/**
 * Dot leaders ("Temporary electric service ........ $562.00") are chains of dots no wider than two
 * dot heights: tesseract reads them as letters run into the words before them, and those words fall
 * below the confidence kept (a scanned narrative write-up lost "electric service during construction").
 * They are at least this many, spaced evenly (no gap further than this share from their mean);
 * periods in a row of amounts are too few and too irregular.
 */
const MIN_DOTS = 8;
const MAX_DOT_GAP_SPREAD = 0.35;

interface DashChain {
  middle: number;
  end: number;
  start: number;
  inked: number;
  members: number[];
}

/** Evenly spaced: no gap between members further from their mean gap than MAX_DOT_GAP_SPREAD of it. */
function evenlySpaced(components: InkComponents, members: number[]): boolean {
  const gaps = members.slice(1).map((member, index) => components.x0[member] - components.x1[members[index]]);
  const mean = gaps.reduce((sum, gap) => sum + gap, 0) / gaps.length;
  return gaps.every((gap) => Math.abs(gap - mean) <= Math.max(1, MAX_DOT_GAP_SPREAD * mean));
}

/** Dotted horizontal rules (see MAX_DASH_HEIGHT_SHARE), or with `dots` dot leaders (see MIN_DOTS): the components that make them up. */
export function findDottedRules(components: InkComponents, pageHeight: number, shape: 'dashes' | 'dots' = 'dashes'): number[] {
  // A page of leaders has more dots than letters of any one height: weighted by height, the letters win.
  const letters = typicalGlyphHeight(components, pageHeight, shape === 'dots' ? 'height' : 'count');
  if (letters === undefined) return [];
  const maxHeight = Math.max(MIN_DASH_HEIGHT, Math.round(letters * MAX_DASH_HEIGHT_SHARE));
  const maxGap = letters * MAX_DASH_GAP_IN_HEIGHTS;
  const dashes: number[] = [];
  for (let index = 0; index < components.count; index += 1) {
    const height = components.y1[index] - components.y0[index];
    if (height <= maxHeight && (shape === 'dashes' || components.x1[index] - components.x0[index] <= 2 * height)) dashes.push(index);
  }
  dashes.sort((a, b) => components.x0[a] - components.x0[b]);
  const open: DashChain[] = [];
  const done: DashChain[] = [];
  for (const dash of dashes) {
    const middle = (components.y0[dash] + components.y1[dash]) / 2;
    const x0 = components.x0[dash];
    let chain: DashChain | undefined;
    for (let index = open.length - 1; index >= 0; index -= 1) {
      const candidate = open[index];
      if (x0 - candidate.end > maxGap) {
        done.push(candidate);
        open.splice(index, 1);
      } else if (Math.abs(candidate.middle - middle) <= MAX_DASH_DRIFT && (!chain || Math.abs(candidate.middle - middle) < Math.abs(chain.middle - middle))) chain = candidate;
    }
    const width = components.x1[dash] - x0;
    if (!chain) open.push({ middle, start: x0, end: components.x1[dash], inked: width, members: [dash] });
    else {
      chain.middle = middle;
      chain.end = Math.max(chain.end, components.x1[dash]);
      chain.inked += width;
      chain.members.push(dash);
    }
  }
  const isRule = (chain: DashChain): boolean =>
    shape === 'dashes'
      ? chain.members.length >= MIN_DASHES && chain.inked >= MIN_DASH_COVER * (chain.end - chain.start)
      : chain.members.length >= MIN_DOTS && evenlySpaced(components, chain.members);
  return [...done, ...open].filter((chain) => chain.end - chain.start >= MIN_DASH_SPAN_IN_HEIGHTS * letters && isRule(chain)).flatMap((chain) => chain.members);
}

/** Paints the given components white, with the anti-aliased pixels around them. */
function paintComponents(image: GrayImage, components: InkComponents, chosen: number[]): void {
  const { data, width, height } = image;
  const paint = new Uint8Array(components.count);
  for (const index of chosen) paint[index] = 1;
  const runs = components.runs;
  for (let index = 0; index < runs.length; index += 4) {
    if (!paint[runs[index + 3]]) continue;
    const y = runs[index];
    for (let row = Math.max(0, y - RULE_SPREAD); row <= Math.min(height - 1, y + RULE_SPREAD); row += 1) {
      for (let x = Math.max(0, runs[index + 1] - RULE_SPREAD); x < Math.min(width, runs[index + 2] + RULE_SPREAD); x += 1) {
        // A dark pixel touching the dash is the dash's own (blobs are 8-connected): only its edge is painted besides.
        if (data[row * width + x] < RULE_EDGE_LEVEL) data[row * width + x] = 255;
      }
    }
  }
}

/**
 * Paints long horizontal and vertical rules (form boxes, table grids, underlines) white, in place,
 * with the pixels either side of them. Tesseract's layout analysis takes boxed cells for pictures and
 * skips the small labels inside them; on the scanned ACORD 25 this took the limit labels found from 6
 * to 22 and the words read with confidence ≥ 0.5 from 431 to 499. All rules are found before any is
 * painted, so a vertical rule cut by a horizontal one is still seen whole. Hairlines lighter than the
 * ink are painted out too (see LIGHT_RULE_LEVEL_SHARE). `pageSide` is the longer
 * side of the whole page, which may be larger than the image (a crop of it). `brokenRules` looks for
 * rules broken by dropouts and steps too, and dotted ones (findDottedRules): for faxes and other
 * bilevel pages; on a gray scan the edges of shaded header cells can pass for them, so there only
 * dot leaders are painted out.
 */
export function removeRules(image: GrayImage, pageSide = Math.max(image.width, image.height), options: { brokenRules?: boolean } = {}): void {
  const { data, width, height } = image;
  const histogram = grayHistogram(data);
  const threshold = otsuThresholdOf(histogram);
  const minLength = Math.max(MIN_RULE_PIXELS, Math.round(pageSide * MIN_RULE_SHARE));
  const lightThreshold = Math.round(threshold + (paperLevel(histogram, threshold) - threshold) * LIGHT_RULE_LEVEL_SHARE);
  const maxThickness = Math.max(MIN_LIGHT_RULE_THICKNESS, Math.round(pageSide * MAX_LIGHT_RULE_THICKNESS_SHARE));
  const runs: Runs = [];
  const across: Runs = [];
  const down: Runs = [];
  findRunsAcross(data, width, height, threshold, lightThreshold, minLength, runs, across);
  // Runs down as short as a cell wall (see findCellWalls) are found in the same pass; rules are the longer ones.
  const darkDown: Runs = [];
  findRunsDown(data, width, height, threshold, lightThreshold, MIN_RULE_PIXELS, minLength, darkDown, down);
  for (let index = 0; index < darkDown.length; index += 4) if (darkDown[index + 2] - darkDown[index + 1] >= minLength) runs.push(...darkDown.slice(index, index + 4));
  dropTextRuns(data, width, height, threshold, minLength, runs);
  const covered = runPixels(runs, width, height);
  const walls: Runs = [];
  findCellWalls(data, width, height, threshold, runPixels(runsAlong(runs, 0), width, height), darkDown, walls, { pageSide });
  keepThinRuns(data, covered, height, width, 1, lightThreshold, maxThickness, across, runs);
  keepThinRuns(data, covered, width, 1, width, lightThreshold, maxThickness, down, runs);
  if (options.brokenRules) {
    const ink = data.map((value) => (value <= threshold ? 1 : 0));
    findBrokenRuns(ink, height, width, width, 1, minLength, 0, runs);
    findBrokenRuns(ink, width, height, 1, width, minLength, 1, runs);
  }
  paintRuns(data, width, height, runs);
  paintRuns(data, width, height, walls);
  const components = inkComponents(image, threshold);
  paintComponents(image, components, findDottedRules(components, height, options.brokenRules ? 'dashes' : 'dots'));
}

/** Runs across shorter than this many rule lengths are checked for letters on both sides. */
const TEXT_RUN_LENGTHS = 2;

/**
 * A short run across the page with ink SIDE_OFFSET pixels above and below it along more than
 * MAX_SIDE_INK_SHARE of it is a word of bold print whose blurred letters touch, not a rule: painted
 * out, a photographed header word is struck through its middle and misread. A rule is thin: text set
 * on it touches one side only.
 */
function dropTextRuns(data: Uint8Array, width: number, height: number, threshold: number, minLength: number, runs: Runs): void {
  const inkAt = (y: number, x: number): boolean => y >= 0 && y < height && data[y * width + x] <= threshold;
  const kept: Runs = [];
  for (let index = 0; index < runs.length; index += 4) {
    const [line, start, end, direction] = runs.slice(index, index + 4);
    let [above, below] = [0, 0];
    if (direction === 0 && end - start < TEXT_RUN_LENGTHS * minLength) {
      for (let x = start; x < end; x += 1) {
        if (inkAt(line - SIDE_OFFSET, x)) above += 1;
        if (inkAt(line + SIDE_OFFSET, x)) below += 1;
      }
    }
    if (Math.min(above, below) <= (end - start) * MAX_SIDE_INK_SHARE) kept.push(line, start, end, direction);
  }
  runs.length = 0;
  for (const value of kept) runs.push(value);
}

function paintRuns(data: Uint8Array, width: number, height: number, runs: Runs): void {
  for (let index = 0; index < runs.length; index += 4) {
    const [line, start, end, direction] = runs.slice(index, index + 4);
    const [lineStep, positionStep, lines] = direction === 0 ? [width, 1, height] : [1, width, width];
    const last = Math.min(lines - 1, line + RULE_SPREAD);
    for (let painted = Math.max(0, line - RULE_SPREAD); painted <= last; painted += 1) {
      for (let position = start; position < end; position += 1) {
        const pixel = painted * lineStep + position * positionStep;
        if (data[pixel] < RULE_EDGE_LEVEL) data[pixel] = 255;
      }
    }
  }
}
