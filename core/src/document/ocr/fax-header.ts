import type { Word } from '../../contracts/document.js';

/**
 * A fax machine prints its own line at the top of every page it sends (date, time, sender's number,
 * page count), and the receiving one sometimes another at the foot. They are no part of the
 * document: a date or a number in them would be taken for the document's. Such a line lies within
 * this share of the page's height from its top or bottom edge, where a document's own print seldom
 * reaches (the generated faxes print theirs 0.2 in from the top; page margins are 0.4 in or more)...
 */
const EDGE_BAND = 0.03;
/** ...and holds at least one word the way such lines do: a time, a date or year, FROM/TO/FAX/PAGE, P.1, 1/3. */
const FAX_LINE_WORD = /\d{1,2}[:.]\d{2}\b|\d{4}|^(from|to|fax|tel|page|pg)\b|^p\.?\d|\d\/\d/i;

const middle = (word: Word): number => (word.bbox[1] + word.bbox[3]) / 2;

/** The words of a page of a fax without the sending or receiving machine's header and footer lines. */
export function withoutFaxHeaderLines(words: Word[]): Word[] {
  const top = words.filter((word) => middle(word) < EDGE_BAND);
  const bottom = words.filter((word) => middle(word) > 1 - EDGE_BAND);
  const dropped = new Set<Word>();
  for (const band of [top, bottom]) if (band.some((word) => FAX_LINE_WORD.test(word.text))) for (const word of band) dropped.add(word);
  return dropped.size === 0 ? words : words.filter((word) => !dropped.has(word));
}
