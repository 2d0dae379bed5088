import { similarity } from '../layout/labels.js';
import { tokensIn, type PageLayout, type Token } from '../layout/layout.js';
import { isPlaceholder } from '../parse/values.js';
import type { PageAnchors } from './anchors.js';
import { found, type Found } from './draft.js';

const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'];

/** Where the caption `INSURER A :` ends in a row that starts with INSURER, and the letter it names. */
function captionEnd(row: Token[], start: number): { end: number; letter?: string } {
  let index = start + 1;
  let letter: string | undefined;
  const glued = /^INSURER([A-F])$/.exec(row[start].folded);
  if (glued) letter = glued[1];
  else if (index < row.length && /^[A-F]$/.test(row[index].folded)) letter = row[index++].folded;
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

/** The NAIC number printed at the right end of an insurer row is not part of the name. */
function withoutNaic(tokens: Token[]): Token[] {
  const last = tokens[tokens.length - 1];
  return last && /^\d{4,6}$/.test(last.text) ? tokens.slice(0, -1) : tokens;
}

/**
 * Insurer names by letter from the INSURER A … INSURER F rows of the right column. Rows are
 * lettered in print order when OCR garbles a letter.
 */
export function readInsurers(layout: PageLayout, anchors: PageAnchors): Record<string, Found<string>> {
  const bottom = anchors.coveragesY ?? 0.5;
  const rows = layout.rows.filter((row) => row.length > 0 && row[0].bbox[1] < bottom);
  const insurers: Record<string, Found<string>> = {};
  let order = 0;
  for (const row of rows) {
    const start = row.findIndex((token) => token.bbox[0] >= anchors.rightColumnX - 0.01 && similarity(token.folded.slice(0, 7), 'INSURER') >= 0.7);
    if (start < 0 || /^INSURERS/.test(row[start].folded) || row[start].folded.length > 8) continue;
    if (row[start + 1] && /AFFORD/.test(row[start + 1].folded)) continue;
    const { end, letter } = captionEnd(row, start);
    const key = letter ?? LETTERS[order];
    order = Math.max(order, LETTERS.indexOf(key)) + 1;
    const tokens = withoutNaic(valueTokens(layout, row, start, end));
    const name = tokens.map((token) => token.text).join(' ').replace(/^[:\s]+/, '').trim();
    if (name.length >= 2 && !isPlaceholder(name) && key) insurers[key] = found(name, tokens, layout.page);
  }
  return insurers;
}
