import { expect } from 'chai';
import type { GrayImage } from '../../../core/src/document/gray-image.js';
import { removeRules } from '../../../core/src/document/ocr/rules.js';

function blankPage(width: number, height: number): GrayImage {
  return { data: new Uint8Array(width * height).fill(250), width, height };
}

function fill(image: GrayImage, x0: number, y0: number, x1: number, y1: number, level = 0): void {
  for (let y = y0; y < y1; y += 1) image.data.fill(level, y * image.width + x0, y * image.width + x1);
}

const inkIn = (image: GrayImage, x0: number, y0: number, x1: number, y1: number, level = 128): number => {
  let ink = 0;
  for (let y = y0; y < y1; y += 1) for (let x = x0; x < x1; x += 1) if (image.data[y * image.width + x] < level) ink += 1;
  return ink;
};

/** Blocks of ink the size of bold letters, with anti-aliased edges, across [x0, x1) and rows [y0, y1). */
function glyphs(image: GrayImage, x0: number, x1: number, y0: number, y1: number): void {
  for (let x = x0; x < x1; x += 20) {
    fill(image, x - 1, y0 - 1, x + 11, y1 + 1, 80);
    fill(image, x + 0, y0, x + 10, y1);
  }
}

/** A page of text above and below row 500..700, whose ink sets the ink threshold well below a hairline's gray. */
function textPage(): GrayImage {
  const page = blankPage(1000, 1300);
  for (const y of [100, 200, 300, 400, 800, 900, 1000, 1100]) glyphs(page, 100, 900, y, y + 20);
  return page;
}

/** A hairline rule as a 200-dpi scan prints it: lighter than the ink threshold of the page's text. */
const HAIRLINE = 150;
/** Pixels darker than this are marked: ink, a hairline or shading. */
const PAPER = 240;

describe('removeRules', () => {
  it('keeps a word of bold print whose blurred letters touch along their middle, and paints a rule with text set on it', () => {
    // Page side 1300: a rule is 52 px long or more. A 70-px word, its letters joined along rows 310-313.
    const page = textPage();
    glyphs(page, 100, 160, 300, 322);
    fill(page, 100, 310, 170, 314);
    // A 70-px rule, letters standing on it (touching its upper side only).
    fill(page, 300, 610, 370, 613);
    glyphs(page, 300, 360, 590, 610);
    removeRules(page);
    expect(inkIn(page, 100, 310, 170, 314)).to.equal(70 * 4);
    expect(inkIn(page, 300, 611, 370, 613)).to.equal(0);
  });

  it('paints out long horizontal and vertical rules and keeps glyph-sized marks', () => {
    const page = blankPage(1000, 1300);
    fill(page, 50, 400, 950, 403); // a table rule across the page
    fill(page, 500, 100, 502, 1200); // a column rule down it
    fill(page, 100, 300, 120, 330); // a glyph-sized mark inside a cell
    removeRules(page);
    expect(inkIn(page, 50, 399, 950, 404)).to.equal(0);
    expect(inkIn(page, 499, 100, 503, 1200)).to.equal(0);
    expect(inkIn(page, 100, 300, 120, 330)).to.equal(20 * 30);
  });

  it('finds a vertical rule whole where a horizontal one crosses it', () => {
    const page = blankPage(400, 400);
    fill(page, 10, 200, 390, 203);
    fill(page, 100, 180, 102, 230);
    removeRules(page);
    expect(inkIn(page, 0, 0, 400, 400)).to.equal(0);
  });

  it('paints out a rule broken by dropouts and stepping down a row, as a fax prints it', () => {
    const page = blankPage(1000, 1300);
    fill(page, 50, 400, 500, 402);
    fill(page, 500, 401, 950, 403);
    for (let x = 80; x < 950; x += 37) fill(page, x, 400, x + 2, 403, 250);
    removeRules(page, undefined, { brokenRules: true });
    expect(inkIn(page, 50, 398, 950, 405)).to.equal(0);
  });

  it('paints out a hairline rule printed lighter than text, under and over a line of bold letters', () => {
    const page = textPage();
    glyphs(page, 100, 400, 520, 545); // a bold heading
    fill(page, 50, 505, 950, 506, HAIRLINE); // a hairline just above it...
    fill(page, 50, 553, 950, 554, HAIRLINE); // ...and one just below
    const heading = inkIn(page, 0, 515, 1000, 550, PAPER);
    removeRules(page);
    expect(inkIn(page, 0, 500, 1000, 515, PAPER)).to.equal(0);
    expect(inkIn(page, 0, 550, 1000, 560, PAPER)).to.equal(0);
    expect(inkIn(page, 0, 515, 1000, 550, PAPER)).to.equal(heading);
  });

  it('keeps the pixels of a glyph standing across a hairline rule', () => {
    const page = textPage();
    fill(page, 50, 600, 950, 601, HAIRLINE);
    fill(page, 300, 580, 304, 620); // a stroke crossing the rule
    removeRules(page);
    expect(inkIn(page, 0, 599, 300, 602, PAPER) + inkIn(page, 304, 599, 1000, 602, PAPER)).to.equal(0);
    expect(inkIn(page, 300, 580, 304, 620, PAPER)).to.equal(4 * 40);
  });

  it('keeps a band of light shading, whose edges are as long as a hairline rule but not as thin', () => {
    const page = textPage();
    fill(page, 50, 600, 950, 640, HAIRLINE);
    removeRules(page);
    expect(inkIn(page, 50, 600, 950, 640, PAPER)).to.equal(900 * 40);
  });

  it('paints a dark rule as before, its light edge beyond the painted band not taken for a hairline', () => {
    const page = textPage();
    fill(page, 50, 600, 950, 603);
    fill(page, 50, 603, 950, 605, HAIRLINE);
    removeRules(page, 2600); // a crop of a page whose hairlines may be 7 px thick: the rule with its edge is thin enough
    expect(inkIn(page, 50, 599, 950, 604, PAPER)).to.equal(0);
    expect(inkIn(page, 50, 604, 950, 605, PAPER)).to.equal(900);
  });

  it('keeps a line of bold letters set close together, whose tops cover a band as densely as a rule', () => {
    const page = blankPage(1000, 1300);
    for (let x = 100; x < 900; x += 15) fill(page, x, 500, x + 14, 520);
    const before = inkIn(page, 0, 0, 1000, 1300);
    removeRules(page, undefined, { brokenRules: true });
    expect(inkIn(page, 0, 0, 1000, 1300)).to.equal(before);
  });
  it('paints out the short cell walls of a one-row band between two rules, and keeps a stroke standing on one rule only', () => {
    const page = textPage();
    fill(page, 50, 500, 950, 503); // the header's top rule
    fill(page, 50, 560, 950, 563); // the rule under it
    for (const x of [300, 600]) fill(page, x, 500, x + 2, 563); // cell walls, shorter than a rule
    fill(page, 450, 520, 453, 563); // a stroke standing on the lower rule
    glyphs(page, 320, 580, 515, 545); // a header's letters, set against the wall
    removeRules(page, 2600); // a crop of a page on which a rule is 104 px long at least
    expect(inkIn(page, 298, 504, 304, 560) + inkIn(page, 598, 504, 604, 560)).to.equal(0);
    expect(inkIn(page, 450, 520, 453, 559)).to.equal(3 * 39);
  });

  it('keeps a dark band between two rules, thicker than a cell wall', () => {
    const page = textPage();
    fill(page, 50, 500, 950, 503);
    fill(page, 50, 560, 950, 563);
    fill(page, 300, 503, 320, 560); // narrower than a rule is long
    removeRules(page, 2600); // a crop of a page on which a rule is 104 px long at least
    expect(inkIn(page, 300, 505, 320, 558)).to.equal(20 * 53);
  });

  it('paints out the dot leaders of a gray scan and keeps the letters, the amounts and their periods', () => {
    const page = textPage();
    glyphs(page, 100, 400, 600, 620); // "Temporary electric service"
    for (let x = 420; x < 800; x += 12) fill(page, x, 616, x + 4, 620); // ........
    glyphs(page, 820, 900, 600, 620); // "$562"
    fill(page, 905, 616, 909, 620); // its decimal point
    glyphs(page, 915, 935, 600, 620); // "00"
    const letters = inkIn(page, 100, 590, 400, 630);
    removeRules(page);
    expect(inkIn(page, 415, 610, 805, 625)).to.equal(0);
    expect(inkIn(page, 100, 590, 400, 630)).to.equal(letters);
    expect(inkIn(page, 905, 616, 909, 620)).to.equal(16);
  });
});
