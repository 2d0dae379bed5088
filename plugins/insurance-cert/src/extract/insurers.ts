import { centreY, foldText, joinWords, median, similarity } from '@docsift/core/layout';
import { tokensIn, type PageLayout, type Token } from '../layout/page-layout.js';
import { isPlaceholder } from '../parse/values.js';
import type { PageAnchors } from './anchors.js';
import { found, type Found } from './draft.js';

const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'];

/** One INSURER row as read: where it lies, its letter when readable, and the name's tokens and text. */
interface InsurerRow {
  y: number;
  letter?: string;
  tokens: Token[];
  name: string;
}

/** OCR reads the letter B as 8. */
function readLetter(text: string): string {
  return text === '8' ? 'B' : text.toUpperCase();
}

/**
 * Tokens right of a token that share its line (typed values often sit a little higher or lower), above
 * `bottom`. The line is measured on at most one word height, so a caption OCR boxed over two rows reads only its own.
 */
function tokensAfter(layout: PageLayout, caption: Token, bottom = 1): Token[] {
  const [left, , right] = caption.bbox;
  const reach = Math.min(caption.bbox[3] - caption.bbox[1], layout.wordHeight) * 1.1;
  const middle = centreY(caption.bbox);
  const start = left + (right - left) * 0.75;
  return tokensIn(layout, [start, middle - reach, 1, Math.min(bottom, middle + reach)])
    .filter((token) => token !== caption)
    .sort((a, b) => a.bbox[0] - b.bbox[0]);
}

/** The letter after INSURER, alone or with its colon; OCR may add a stray mark before the colon (`Dp:`) or keep the caption's R (`RC:`). */
const LETTER_TOKEN = /^R?([A-Fa-f8])(?:[a-z|)\]]?[:;]|[:;.,])?$/;

/** INSURER, or SURER when OCR merged its first letters into the box's border; near the column's edge unless a letter follows. */
function isInsurerCaption(token: Token, columnEdge: number, layout: PageLayout): boolean {
  const word = token.folded.slice(0, 7);
  if (token.folded.length > 8 || /^insurers/.test(token.folded)) return false;
  if (Math.max(similarity(word, 'insurer'), similarity(word, 'surer')) < 0.75) return false;
  const offset = token.bbox[0] - columnEdge;
  if (offset <= -0.06 || offset >= 0.25) return false;
  const next = tokensAfter(layout, token)[0]?.text ?? '';
  return offset < 0.1 || LETTER_TOKEN.test(next) || /^[A-F8][:;.,]\S/.test(next);
}

/** `a: NAME` at the column's edge with its INSURER caption lost to OCR. */
function isLoneLetter(token: Token, columnEdge: number, captions: Token[], layout: PageLayout): boolean {
  if (!/^[A-Fa-f8][:;]$/.test(token.text) || Math.abs(token.bbox[0] - columnEdge) > 0.08) return false;
  return !captions.some((caption) => tokensAfter(layout, caption)[0] === token);
}

/** Splits `A : NAME …`, `A: NAME …`, `A:NAME …` or `8: NAME …` (OCR) into the letter and the name. */
function letterAndName(caption: Token, after: Token[]): Omit<InsurerRow, 'y'> {
  const lone = /^([A-Fa-f8])[:;]$/.exec(caption.text);
  if (lone) return { letter: readLetter(lone[1]), tokens: after, name: joinWords(after) };
  const glued = /^insurer([a-f])$/.exec(caption.folded);
  if (glued) return { letter: glued[1].toUpperCase(), tokens: after, name: joinWords(after) };
  const alone = LETTER_TOKEN.exec(after[0]?.text ?? '');
  if (alone) return { letter: readLetter(alone[1]), tokens: after.slice(1), name: joinWords(after.slice(1)) };
  const prefixed = /^([A-Fa-f8])\s*[:;.,]\s*(?=\S)/.exec(after[0]?.text ?? '');
  if (prefixed) return { letter: readLetter(prefixed[1]), tokens: after, name: joinWords(after).slice(prefixed[0].length) };
  return { tokens: after, name: joinWords(after) };
}

/** The NAIC number (and box borders OCR read) at the right end of an insurer row are not part of the name. */
function withoutNaic(tokens: Token[]): Token[] {
  let end = tokens.length;
  while (end > 0 && /^[|[\]]*\d{0,6}[|[\]]*$/.test(tokens[end - 1].text)) end--;
  return tokens.slice(0, end);
}

function captionRow(layout: PageLayout, caption: Token, bottom: number): InsurerRow | undefined {
  const after = tokensAfter(layout, caption, bottom);
  if (after[0] && /afford/.test(after[0].folded)) return undefined;
  const read = letterAndName(caption, after);
  const tokens = withoutNaic(read.tokens);
  const dropped = joinWords(read.tokens.slice(tokens.length));
  const name = read.name
    .slice(0, read.name.length - dropped.length)
    .replace(/^[:;\s]+/, '')
    .trim();
  return { y: centreY(caption.bbox), letter: read.letter, tokens, name };
}

/** Without readable INSURER captions: the right column's lines that end in a five-digit NAIC code. */
function naicRows(layout: PageLayout, anchors: PageAnchors, top: number, bottom: number): InsurerRow[] {
  const codes = tokensIn(layout, [anchors.rightColumnX + 0.2, top, 1, bottom])
    .filter((token) => /^\d{5}$/.test(token.text.replace(/[|[\]]/g, '')))
    .sort((a, b) => a.bbox[1] - b.bbox[1]);
  return codes.map((code) => {
    const [left, y0, , y1] = code.bbox;
    const slack = (y1 - y0) * 0.6;
    const line = tokensIn(layout, [anchors.rightColumnX, y0 - slack, left, y1 + slack]).sort((a, b) => a.bbox[0] - b.bbox[0]);
    const tokens = line.filter((token) => /[A-Za-z&]/.test(token.text));
    const name = joinWords(tokens)
      .replace(/^\S*SURER\b\s*(?:[A-F8][a-z]?\s*)?[:;.,]?\s*/i, '')
      .trim();
    return { y: centreY(code.bbox), tokens, name };
  });
}

/**
 * The INSURER A … F rows are evenly spaced: from the rows whose letter was read, the letter of any
 * height (undefined when fewer than two letters were read, or off the six rows).
 */
function letterGrid(rows: InsurerRow[], layout: PageLayout): ((y: number) => string | undefined) | undefined {
  const known = rows.flatMap((row) => (row.letter ? [{ y: row.y, index: LETTERS.indexOf(row.letter) }] : []));
  const slopes = known.flatMap((a, i) => known.slice(i + 1).flatMap((b) => (a.index !== b.index ? [(b.y - a.y) / (b.index - a.index)] : [])));
  if (slopes.length === 0) return undefined;
  const pitch = median(slopes);
  if (pitch < layout.wordHeight || pitch > layout.wordHeight * 4) return undefined;
  const origin = median(known.map((row) => row.y - row.index * pitch));
  return (y) => LETTERS[Math.round((y - origin) / pitch)];
}

/** A name is more than a leftover of its caption (`:`, `RC:`) or the form's placeholder. */
function isName(name: string): boolean {
  return /[A-Za-z]{2}/.test(name.replace(/^\S{1,2}[:;]/, '')) && !isPlaceholder(name);
}

/**
 * Insurer names by letter from the INSURER A … INSURER F rows of the right column. A row whose letter
 * OCR garbled is lettered by its height among the rows whose letters were read, else in print order.
 */
export function readInsurers(layout: PageLayout, anchors: PageAnchors): Record<string, Found<string>> {
  const top = anchors.producerTop !== undefined ? anchors.producerTop - 0.01 : 0;
  const bottom = anchors.coveragesY ?? 0.5;
  const inBand = (token: Token) => token.bbox[1] >= top && token.bbox[1] < bottom;
  const captions = layout.tokens.filter((token) => inBand(token) && isInsurerCaption(token, anchors.rightColumnX, layout));
  const loneLetters = layout.tokens.filter((token) => inBand(token) && isLoneLetter(token, anchors.rightColumnX, captions, layout));
  const rows = [...captions, ...loneLetters]
    .sort((a, b) => a.bbox[1] - b.bbox[1])
    .flatMap((caption) => captionRow(layout, caption, bottom) ?? []);
  const grid = letterGrid(rows, layout);
  const insurers: Record<string, Found<string>> = {};
  let order = 0;
  for (const row of rows) {
    const key = row.letter ?? grid?.(row.y) ?? LETTERS[order];
    if (!key) continue;
    order = Math.max(order, LETTERS.indexOf(key)) + 1;
    if (isName(row.name)) insurers[key] ??= found(row.name, row.tokens, layout.page);
  }
  const known = Object.values(insurers).map((insurer) => foldText(insurer.value));
  for (const [index, row] of naicRows(layout, anchors, top, bottom).entries()) {
    const key = grid ? grid(row.y) : LETTERS[index];
    const name = foldText(row.name);
    const duplicate = !grid && known.some((other) => name.includes(other) || similarity(name, other) >= 0.8);
    if (key && row.name.length >= 4 && !insurers[key] && !duplicate) insurers[key] = found(row.name, row.tokens, layout.page, 0.8);
  }
  return insurers;
}
