import type { Word } from '@docsift/core';
import { foldWord, type LayoutRow, type Table } from '@docsift/core/layout';
import { isCaptionWord } from './captions.js';

/** Titles printed over a cost table that name its first section. */

/** The last line of a paragraph ("labor and disposal."): it runs on in lower case or ends a sentence. */
const endsSentence = (text: string): boolean => /^\p{Ll}/u.test(text) || /[.;,]$/.test(text);

/** The mean confidence of a title's words over a table of its own. */
export const MIN_TITLE_CONFIDENCE = 0.6;

/** A room's or unit's number in a title ("Bedroom 2", "Unit 3B"). */
const TITLE_NUMBER = /^\d{1,2}[A-Z]?$/;

/** Words of a note printed between a section's title and its header ("Contractor to verify all measurements."). */
const MIN_NOTE_WORDS = 4;

/** A sentence of its own on one line, with no amount: a note to the reader, no title. */
const isNote = (row: LayoutRow): boolean => row.words.length >= MIN_NOTE_WORDS && /[.!]$/.test(row.text) && !/\d/.test(row.text);

/** A total word of a total row's label, as against what it totals ("Schedule A subtotal"). */
const TOTAL_WORD = /^(sub-?)?totals?$/;

const letteredWords = (words: Word[]): string[] => words.filter((word) => /\p{L}/u.test(word.text)).map((word) => foldWord(word.text));

/**
 * Whether the table's own total row names the title ("Schedule A subtotal" under "SCHEDULE A - PLUMBING",
 * "Total Roofing" under "ROOFING"): the words of its label but the total word begin the title, as a
 * section is named by its number or name (not a letterhead's "Apex Roofing" over "Total Roofing").
 */
function namedByTotal(title: LayoutRow, total: Word[]): boolean {
  const said = letteredWords(total).filter((word) => !TOTAL_WORD.test(word));
  const words = letteredWords(title.words);
  return said.length > 0 && said.every((word, index) => words[index] === word);
}

/** Row heights between a title and its table's header at most; a title the table's total names may stand farther off, printed apart as a schedule's. */
const TITLE_GAP = 3;
const NAMED_TITLE_GAP = 5;
/** Words of a title at most; a title the table's total names may run longer ("SCHEDULE A - ROOFING, SIDING & INSULATION"). */
const TITLE_WORDS = 6;
const NAMED_TITLE_WORDS = 10;

/**
 * A short text line just above a table (no label) names its first section ("Pricing Summary"), over a
 * note of one line or not; `numbered` lets a title number its room ("Bedroom 2"), and a section's
 * number may lead any title ("1 ROUGH & FINISH CARPENTRY"). `total` is the label of the table's own
 * total row, which may name the title.
 */
export function headingAbove(rows: LayoutRow[], index: number, numbered = false, total: Word[] = []): { name: string; words: Word[] } {
  const row = rows[index];
  const noted = rows[index - 1] && rows[index - 2] && isNote(rows[index - 1]) && rows[index - 1].page === row?.page;
  const under = noted ? rows[index - 1] : row;
  const above = rows[noted ? index - 2 : index - 1];
  if (!above || !under || above.page !== under.page) return { name: '', words: [] };
  const named = namedByTotal(above, total);
  const digits = above.words.some((word, position) => /\d/.test(word.text) && !((numbered || position === 0) && TITLE_NUMBER.test(word.text)));
  const isHeading =
    under.top - above.bottom <= (named ? NAMED_TITLE_GAP : TITLE_GAP) * under.height &&
    above.words.length <= (named ? NAMED_TITLE_WORDS : TITLE_WORDS) &&
    !digits &&
    !/:/.test(above.text) &&
    !endsSentence(above.text);
  return isHeading ? { name: above.text, words: above.words } : { name: '', words: [] };
}

/**
 * The name of the items before any heading: the title right above the table, unless it captions a
 * printed header row with words that only say the table is a price list (the items then form a
 * section named "", as a proposal's "PRICING" over "Description | Amount").
 */
export function untitledName(rows: LayoutRow[], table: Table): { name: string; words: Word[] } {
  const title = headingAbove(rows, table.start, false, table.totals?.label);
  const caption = !table.header.inferred && title.words.length > 0 && title.words.every(isCaptionWord);
  return caption ? { name: '', words: [] } : title;
}

/** "CONTINUED - Roof", "Continued: Kitchen": the section goes on after a page break. */
const CONTINUED_BEFORE = /^\s*\(?cont(inued|'d|\.)\)?\s*[—–:-]?\s+/i;

/** The continued mark in the lexicon's other languages (Spanish, German, Dutch, Italian, Portuguese). */
const CONTINUED_WORD = 'continúa|continua|continuación|continuacion|fortsetzung|forts\\.|vervolg|vervolgd|segue|seguito|continuação|continuacao';

/** "(continúa)", "– Fortsetzung", "(vervolg)", "(segue)" after a heading: the mark set off as a mark. */
const CONTINUED_AFTER = new RegExp(`\\s*(\\(\\s*(${CONTINUED_WORD})\\s*\\)|[—–-]\\s*(${CONTINUED_WORD}))\\s*$`, 'i');
/** "Fortsetzung: Küche", "Vervolg – Keuken", "Suite : Cuisine" before a heading: the mark and a colon or dash after it (French "suite" a colon only: "Suite – Bath" is a room). */
const CONTINUED_WORD_BEFORE = new RegExp(`^\\s*(?:\\(?(${CONTINUED_WORD})\\)?\\s*[—–:-]|suite\\s*:)\\s*`, 'i');
/** French "(suite)", in lower case only: "suite" is also an English room ("Master Suite", "Bedroom – Suite", "Bath (Suite)"). */
const SUITE_AFTER = /\s*\(suite\)\s*$/;

/** "(continucd)", "(continuod)": the mark in parentheses as OCR garbles the letters before its "d"; "(Continuous)" is a heading's own word. */
const CONTINUED_MISREAD = /\s*\(\s*contin\p{L}{1,3}d\s*\)\s*$/iu;

/** A heading without its continued mark, and whether it had one: the section goes on after a page break. */
export function withoutContinuedMark(text: string): { cleaned: string; continued: boolean } {
  const continued =
    /\(?\s*(cont(inued|'d|\.)?)\s*\)?\s*$/i.test(text) ||
    /[—–-]\s*cont(inued)?\b/i.test(text) ||
    [CONTINUED_BEFORE, CONTINUED_WORD_BEFORE, CONTINUED_AFTER, SUITE_AFTER, CONTINUED_MISREAD].some((mark) => mark.test(text));
  const cleaned = text
    .replace(CONTINUED_BEFORE, '')
    .replace(CONTINUED_WORD_BEFORE, '')
    .replace(CONTINUED_AFTER, '')
    .replace(SUITE_AFTER, '')
    .replace(CONTINUED_MISREAD, '')
    .replace(/\s*[—–,-]?\s*\(?\s*cont(inued|'d|\.)?\s*\)?\s*$/i, '')
    .replace(/\s+/g, ' ')
    .trim();
  return { cleaned, continued };
}
