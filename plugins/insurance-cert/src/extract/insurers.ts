import { similarity } from '../layout/labels.js';
import { tokensIn, type PageLayout, type Token } from '../layout/layout.js';
import { foldText, isPlaceholder } from '../parse/values.js';
import type { PageAnchors } from './anchors.js';
import { found, type Found } from './draft.js';

const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'];

/** OCR reads the letter B as 8. */
function readLetter(text: string): string {
  return text === '8' ? 'B' : text.toUpperCase();
}

/** Tokens right of a token that share its line (typed values often sit a little higher or lower). */
function tokensAfter(layout: PageLayout, caption: Token): Token[] {
  const [left, top, right, bottom] = caption.bbox;
  const slack = (bottom - top) * 0.6;
  const start = left + (right - left) * 0.75;
  return tokensIn(layout, [start, top - slack, 1, bottom + slack])
    .filter((token) => token !== caption)
    .sort((a, b) => a.bbox[0] - b.bbox[0]);
}

/** The letter after INSURER, alone or with its colon; OCR may add a stray mark before the colon (`Dp:`). */
const LETTER_TOKEN = /^([A-Fa-f8])(?:[a-z|)\]]?[:;]|[:;.,])?$/;

/** INSURER, or SURER when OCR merged its first letters into the box's border; near the column's edge unless a letter follows. */
function isInsurerCaption(token: Token, columnEdge: number, layout: PageLayout): boolean {
  const word = token.folded.slice(0, 7);
  if (token.folded.length > 8 || /^INSURERS/.test(token.folded)) return false;
  if (Math.max(similarity(word, 'INSURER'), similarity(word, 'SURER')) < 0.75) return false;
  const offset = token.bbox[0] - columnEdge;
  if (offset <= -0.06 || offset >= 0.25) return false;
  const next = tokensAfter(layout, token)[0]?.text ?? '';
  return offset < 0.1 || LETTER_TOKEN.test(next) || /^[A-F8][:;.,]\S/.test(next);
}

/** Splits `A : NAME …`, `A: NAME …`, `A:NAME …` or `8: NAME …` (OCR) into the letter and the name. */
function letterAndName(caption: Token, after: Token[]): { letter?: string; tokens: Token[]; name: string } {
  const text = (tokens: Token[]) => tokens.map((token) => token.text).join(' ');
  const glued = /^INSURER([A-F])$/.exec(caption.folded);
  if (glued) return { letter: glued[1], tokens: after, name: text(after) };
  const alone = LETTER_TOKEN.exec(after[0]?.text ?? '');
  if (alone) return { letter: readLetter(alone[1]), tokens: after.slice(1), name: text(after.slice(1)) };
  const prefixed = /^([A-Fa-f8])\s*[:;.,]\s*(?=\S)/.exec(after[0]?.text ?? '');
  if (prefixed) return { letter: readLetter(prefixed[1]), tokens: after, name: text(after).slice(prefixed[0].length) };
  return { tokens: after, name: text(after) };
}

/** The NAIC number (and box borders OCR read) at the right end of an insurer row are not part of the name. */
function withoutNaic(tokens: Token[]): Token[] {
  let end = tokens.length;
  while (end > 0 && /^[|[\]]*\d{0,6}[|[\]]*$/.test(tokens[end - 1].text)) end--;
  return tokens.slice(0, end);
}

/**
 * Insurer names by letter from the INSURER A … INSURER F rows of the right column. Rows are
 * lettered in print order when OCR garbles a letter.
 */
export function readInsurers(layout: PageLayout, anchors: PageAnchors): Record<string, Found<string>> {
  const top = anchors.producer ? anchors.producer.bbox[1] - 0.01 : 0;
  const bottom = anchors.coveragesY ?? 0.5;
  const inBand = (token: Token) => token.bbox[1] >= top && token.bbox[1] < bottom;
  const captions = layout.tokens.filter((token) => inBand(token) && isInsurerCaption(token, anchors.rightColumnX, layout));
  const loneLetters = layout.tokens.filter((token) => inBand(token) && isLoneLetter(token, anchors.rightColumnX, captions, layout));
  const byNaic = insurersByNaic(layout, anchors, top, bottom);
  if (captions.length + loneLetters.length === 0) return byNaic;
  const insurers = insurersByCaption(layout, [...captions, ...loneLetters].sort((a, b) => a.bbox[1] - b.bbox[1]));
  const known = Object.values(insurers).map((insurer) => foldText(insurer.value));
  for (const [letter, insurer] of Object.entries(byNaic)) {
    const name = foldText(insurer.value);
    if (!insurers[letter] && !known.some((other) => name.includes(other) || similarity(name, other) >= 0.8)) insurers[letter] = insurer;
  }
  return insurers;
}

/** `a: NAME` at the column's edge with its INSURER caption lost to OCR. */
function isLoneLetter(token: Token, columnEdge: number, captions: Token[], layout: PageLayout): boolean {
  if (!/^[A-Fa-f8][:;]$/.test(token.text) || Math.abs(token.bbox[0] - columnEdge) > 0.08) return false;
  return !captions.some((caption) => tokensAfter(layout, caption)[0] === token);
}

function insurersByCaption(layout: PageLayout, captions: Token[]): Record<string, Found<string>> {
  const insurers: Record<string, Found<string>> = {};
  let order = 0;
  for (const caption of captions) {
    const after = tokensAfter(layout, caption);
    if (after[0] && /AFFORD/.test(after[0].folded)) continue;
    const lone = /^([A-Fa-f8])[:;]$/.exec(caption.text);
    const read = lone ? { letter: readLetter(lone[1]), tokens: after, name: after.map((token) => token.text).join(' ') } : letterAndName(caption, after);
    const tokens = withoutNaic(read.tokens);
    const key = read.letter ?? LETTERS[order];
    if (!key) continue;
    order = Math.max(order, LETTERS.indexOf(key)) + 1;
    const dropped = read.tokens.slice(tokens.length).map((token) => token.text).join(' ');
    const name = read.name
      .slice(0, read.name.length - dropped.length)
      .replace(/^[:;\s]+/, '')
      .trim();
    if (name.length >= 2 && !isPlaceholder(name)) insurers[key] = found(name, tokens, layout.page);
  }
  return insurers;
}

/**
 * Without readable INSURER captions: the right column's lines that end in a five-digit NAIC code
 * are the insurers, lettered in print order.
 */
function insurersByNaic(layout: PageLayout, anchors: PageAnchors, top: number, bottom: number): Record<string, Found<string>> {
  const insurers: Record<string, Found<string>> = {};
  const codes = tokensIn(layout, [anchors.rightColumnX + 0.2, top, 1, bottom])
    .filter((token) => /^\d{5}$/.test(token.text.replace(/[|[\]]/g, '')))
    .sort((a, b) => a.bbox[1] - b.bbox[1]);
  for (const [index, code] of codes.entries()) {
    const [left, y0, , y1] = code.bbox;
    const slack = (y1 - y0) * 0.6;
    const line = tokensIn(layout, [anchors.rightColumnX, y0 - slack, left, y1 + slack]).sort((a, b) => a.bbox[0] - b.bbox[0]);
    const tokens = line.filter((token) => /[A-Za-z&]/.test(token.text));
    const name = tokens
      .map((token) => token.text)
      .join(' ')
      .replace(/^\S*SURER\b\s*(?:[A-F8][a-z]?\s*)?[:;.,]?\s*/i, '')
      .trim();
    const key = LETTERS[index];
    if (key && name.length >= 4) insurers[key] = found(name, tokens, layout.page, 0.8);
  }
  return insurers;
}
