import type { BBox, Page, Word } from '@docsift/core';
import { centreInside, centreY, foldWord, joinWords, makeRow, median, splitGluedLabel, startsCell, wordsBox } from '@docsift/core/layout';

/** A word of the page, or a form value placed at its widget, with the key its captions are matched on. */
export interface Token extends Word {
  /** Letters and digits only (lower case, no accents): how OCR split or punctuated a caption does not matter. */
  folded: string;
  /** A form field's value placed where its widget sits, not a printed word. */
  fromForm: boolean;
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

/** Core's `foldWord` of each word, run together, without `#`, `%` and `/`: the key captions and placeholders are compared on. */
export function captionKey(text: string): string {
  return text
    .split(/\s+/)
    .map(foldWord)
    .join('')
    .replace(/[#%/]/g, '');
}

export function tokenFromWord(word: Word, fromForm = false): Token {
  return { text: word.text, bbox: word.bbox, source: word.source, confidence: word.confidence, folded: captionKey(word.text), fromForm };
}

/**
 * Groups tokens into rows: a token joins the nearest recent row whose vertical middle is within
 * half a word height of its own, whose middle its (much taller, OCR-merged) box spans, or whose one
 * much taller token spans its middle. Unlike core's `groupWordsIntoRows`, rows never grow by overlap,
 * so a tall checkbox mark or an OCR box spanning two lines does not merge them.
 */
export function groupRows(tokens: Token[]): Token[][] {
  const sorted = [...tokens].sort((a, b) => centreY(a.bbox) - centreY(b.bbox));
  const rows: Array<{ tokens: Token[]; center: number; height: number }> = [];
  for (const token of sorted) {
    const center = centreY(token.bbox);
    const height = token.bbox[3] - token.bbox[1];
    let best: { row: (typeof rows)[number]; distance: number } | undefined;
    for (const row of rows.slice(-3)) {
      const distance = Math.abs(center - row.center);
      const near = distance <= Math.min(height, row.height) * 0.5;
      const spans = height > row.height * 1.5 && token.bbox[1] <= row.center && token.bbox[3] >= row.center;
      const spanned = row.tokens.length === 1 && row.height > height * 1.5 && distance <= row.height / 2;
      if ((near || spans || spanned) && (!best || distance < best.distance)) best = { row, distance };
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

/** Splits a row (sorted left to right) into segments at gaps wider than core's cell gap (`gapInHeights` row heights). */
export function segmentsOf(row: Token[], layout: Pick<PageLayout, 'page' | 'aspect'>, gapInHeights = 1.5): Segment[] {
  const line = makeRow(layout.page, layout.aspect, row);
  const groups: Token[][] = [];
  row.forEach((token, index) => {
    if (startsCell(line, index, gapInHeights)) groups.push([token]);
    else groups[groups.length - 1].push(token);
  });
  return groups.map((tokens) => ({ text: joinWords(tokens), tokens, bbox: wordsBox(tokens)! }));
}

/** OCR reads the form's box borders as `|`, `[`, `_`, `=`: they are neither captions nor values. */
const BOX_RULING = /^[|[\]_=~—–]+$/;

/** Builds the layout of one page from its words and any extra tokens (form values). */
export function buildLayout(page: Page, extra: Token[] = []): PageLayout {
  const words = page.words.length > 0 ? page.words : page.lines.flatMap((line) => line.words);
  const tokens = words
    .map((word) => ({ ...word, text: word.text.trim() }))
    .filter((word) => word.text !== '' && !BOX_RULING.test(word.text))
    .flatMap((word) => splitGluedLabel(word))
    .map((word) => tokenFromWord(word))
    .concat(extra);
  const aspect = page.width > 0 && page.height > 0 ? page.width / page.height : 0.77;
  const wordHeight = median(tokens.map((token) => token.bbox[3] - token.bbox[1]));
  return { page: page.number, aspect, tokens, rows: groupRows(tokens), wordHeight };
}

/** Tokens whose centre lies inside the box. */
export function tokensIn(layout: PageLayout, box: BBox): Token[] {
  return layout.tokens.filter((token) => centreInside(token.bbox, box));
}
