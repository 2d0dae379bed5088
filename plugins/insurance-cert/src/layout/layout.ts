import type { BBox, Page } from '@docsift/core';

/** A word of the page (or a form value placed at its widget), with a folded form for matching. */
export interface Token {
  text: string;
  /** Upper case, letters and digits only. */
  folded: string;
  bbox: BBox;
  confidence: number;
  source: 'text' | 'ocr' | 'form';
}

/** Tokens on one visual row, left to right, with no wide gap between neighbours. */
export interface Segment {
  text: string;
  tokens: Token[];
  bbox: BBox;
}

/** The tokens of one page, grouped into rows, plus the page's typical word height. */
export interface PageLayout {
  page: number;
  /** Page width divided by height: converts a vertical size into horizontal page fractions. */
  aspect: number;
  tokens: Token[];
  rows: Token[][];
  /** Median word height, in page fractions of the height. */
  wordHeight: number;
}

export function foldToken(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9]+/g, '');
}

export function unionBox(boxes: BBox[]): BBox {
  let [x0, y0, x1, y1] = [1, 1, 0, 0];
  for (const box of boxes) {
    x0 = Math.min(x0, box[0]);
    y0 = Math.min(y0, box[1]);
    x1 = Math.max(x1, box[2]);
    y1 = Math.max(y1, box[3]);
  }
  return [x0, y0, x1, y1];
}

export function centerY(box: BBox): number {
  return (box[1] + box[3]) / 2;
}

export function centerX(box: BBox): number {
  return (box[0] + box[2]) / 2;
}

function median(values: number[]): number {
  if (values.length === 0) return 0.01;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** `NUMBER:CL2517` printed without a space becomes two tokens, so labels and values separate. */
function splitGluedLabel(token: Token): Token[] {
  const match = /^([A-Za-z#()/.,' -]{2,}:)(\S+)$/.exec(token.text);
  if (!match) return [token];
  const [x0, y0, x1, y1] = token.bbox;
  const cut = x0 + ((x1 - x0) * match[1].length) / token.text.length;
  return [
    { ...token, text: match[1], folded: foldToken(match[1]), bbox: [x0, y0, cut, y1] },
    { ...token, text: match[2], folded: foldToken(match[2]), bbox: [cut, y0, x1, y1] },
  ];
}

/**
 * Groups tokens into rows: a token joins the nearest recent row whose vertical middle is within
 * half a word height of its own, or that its (much taller, OCR-merged) box spans. Rows never merge,
 * so a tall checkbox mark does not bridge two lines.
 */
export function groupRows(tokens: Token[]): Token[][] {
  const sorted = [...tokens].sort((a, b) => centerY(a.bbox) - centerY(b.bbox));
  const rows: Array<{ tokens: Token[]; center: number; height: number }> = [];
  for (const token of sorted) {
    const center = centerY(token.bbox);
    const height = token.bbox[3] - token.bbox[1];
    let best: { row: (typeof rows)[number]; distance: number } | undefined;
    for (const row of rows.slice(-3)) {
      const distance = Math.abs(center - row.center);
      const near = distance <= Math.min(height, row.height) * 0.5;
      const spans = height > row.height * 1.5 && token.bbox[1] <= row.center && token.bbox[3] >= row.center;
      if ((near || spans) && (!best || distance < best.distance)) best = { row, distance };
    }
    if (best) {
      const { row } = best;
      row.tokens.push(token);
      row.center += (center - row.center) / row.tokens.length;
      row.height += (height - row.height) / row.tokens.length;
    } else {
      rows.push({ tokens: [token], center, height });
    }
  }
  return rows.map((row) => row.tokens.sort((a, b) => a.bbox[0] - b.bbox[0]));
}

/** Splits a row where the gap between words is wider than about one and a half letter heights. */
export function segmentsOf(row: Token[], layout: Pick<PageLayout, 'aspect' | 'wordHeight'>, gapInHeights = 1.5): Segment[] {
  const maxGap = (layout.wordHeight * gapInHeights) / layout.aspect;
  const segments: Segment[] = [];
  let current: Token[] = [];
  for (const token of row) {
    const previous = current[current.length - 1];
    if (previous && token.bbox[0] - previous.bbox[2] > maxGap) {
      segments.push(makeSegment(current));
      current = [];
    }
    current.push(token);
  }
  if (current.length > 0) segments.push(makeSegment(current));
  return segments;
}

function makeSegment(tokens: Token[]): Segment {
  return { text: tokens.map((token) => token.text).join(' '), tokens, bbox: unionBox(tokens.map((token) => token.bbox)) };
}

export function tokenFromWord(text: string, bbox: BBox, confidence: number, source: Token['source']): Token {
  return { text, folded: foldToken(text), bbox, confidence, source };
}

/** OCR reads the form's box borders as `|`, `[`, `_`, `=`: they are neither captions nor values. */
const BOX_RULING = /^[|[\]_=~—–]+$/;

/** Builds the layout of one page from its words and any extra tokens (form values). */
export function buildLayout(page: Page, extra: Token[] = []): PageLayout {
  const words = page.words.length > 0 ? page.words : page.lines.flatMap((line) => line.words);
  const tokens = words
    .filter((word) => word.text.trim() !== '' && !BOX_RULING.test(word.text.trim()))
    .map((word) => tokenFromWord(word.text.trim(), word.bbox, word.confidence, word.source))
    .flatMap(splitGluedLabel)
    .concat(extra);
  const aspect = page.width > 0 && page.height > 0 ? page.width / page.height : 0.77;
  const wordHeight = median(tokens.map((token) => token.bbox[3] - token.bbox[1]));
  return { page: page.number, aspect, tokens, rows: groupRows(tokens), wordHeight };
}

/** Tokens whose centre lies inside the box. */
export function tokensIn(layout: PageLayout, box: BBox): Token[] {
  return layout.tokens.filter((token) => {
    const x = centerX(token.bbox);
    const y = centerY(token.bbox);
    return x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3];
  });
}
