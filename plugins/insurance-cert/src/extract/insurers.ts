import { similarity } from '../layout/labels.js';
import { tokensIn, type PageLayout, type Token } from '../layout/layout.js';
import { isPlaceholder } from '../parse/values.js';
import type { PageAnchors } from './anchors.js';
import { found, type Found } from './draft.js';

const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'];

/** OCR reads the letter B as 8. */
function readLetter(text: string): string {
  return text === '8' ? 'B' : text;
}

/** INSURER, or SURER when OCR merged its first letters into the box's border. */
function isInsurerCaption(token: Token, columnEdge: number, hasLetter: boolean): boolean {
  const word = token.folded.slice(0, 7);
  const looksLike = Math.max(similarity(word, 'INSURER'), similarity(word, 'SURER')) >= 0.75;
  const offset = token.bbox[0] - columnEdge;
  return looksLike && offset > -0.06 && offset < (hasLetter ? 0.25 : 0.06);
}

/** Where the caption `INSURER A :` ends in a row that starts with INSURER, and the letter it names. */
function captionEnd(row: Token[], start: number): { end: number; letter?: string } {
  let index = start + 1;
  let letter: string | undefined;
  const glued = /^INSURER([A-F])$/.exec(row[start].folded);
  if (glued) letter = glued[1];
  else if (index < row.length && /^[A-F8]$/.test(row[index].folded)) letter = readLetter(row[index++].folded);
  while (index < row.length && row[index].folded === '') index++;
  return { end: index, letter };
}

/** Tokens right of the caption that share its line (typed values often sit a little higher or lower). */
function valueTokens(layout: PageLayout, row: Token[], start: number, end: number): Token[] {
  const [, top, , bottom] = row[start].bbox;
  const right = row[Math.max(start, end - 1)].bbox[2];
  const slack = (bottom - top) * 0.6;
  return tokensIn(layout, [right + 0.001, top - slack, 1, bottom + slack])
    .filter((token) => !row.slice(0, end).includes(token))
    .sort((a, b) => a.bbox[0] - b.bbox[0]);
}

/** The NAIC number (and box borders OCR read) at the right end of an insurer row are not part of the name. */
function withoutNaic(tokens: Token[]): Token[] {
  let end = tokens.length;
  while (end > 0 && /^[|\[\]]*\d{0,6}[|\[\]]*$/.test(tokens[end - 1].text)) end--;
  return tokens.slice(0, end);
}

/**
 * Insurer names by letter from the INSURER A … INSURER F rows of the right column. Rows are
 * lettered in print order when OCR garbles a letter.
 */
export function readInsurers(layout: PageLayout, anchors: PageAnchors): Record<string, Found<string>> {
  const top = anchors.producer ? anchors.producer.bbox[1] - 0.01 : 0;
  const bottom = anchors.coveragesY ?? 0.5;
  const columnEdge = anchors.rightColumnX;
  const rows = layout.rows.filter((row) => row.length > 0 && row[0].bbox[1] >= top && row[0].bbox[1] < bottom);
  const insurers: Record<string, Found<string>> = {};
  let order = 0;
  for (const row of rows) {
    const start = row.findIndex((token, index) => isInsurerCaption(token, columnEdge, /^[A-F8]$/.test(row[index + 1]?.folded ?? '')));
    if (start < 0 || /^INSURERS/.test(row[start].folded) || row[start].folded.length > 8) continue;
    if (row[start + 1] && /AFFORD/.test(row[start + 1].folded)) continue;
    const caption = captionEnd(row, start);
    const tokens = withoutNaic(valueTokens(layout, row, start, caption.end));
    const text = tokens.map((token) => token.text).join(' ');
    const glued = caption.letter ? null : /^([A-F8])\s*[:;.,]\s*/.exec(text);
    const key = caption.letter ?? (glued ? readLetter(glued[1]) : LETTERS[order]);
    order = Math.max(order, LETTERS.indexOf(key)) + 1;
    const name = text.slice(glued?.[0].length ?? 0).replace(/^[:;\s]+/, '').trim();
    if (name.length >= 2 && !isPlaceholder(name) && key) insurers[key] = found(name, tokens, layout.page);
  }
  return insurers;
}
