import type { Word } from '@docsift/core';
import type { LayoutRow, Table } from '@docsift/core/layout';

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

/**
 * A short text line just above a table (no label) names its first section ("Pricing Summary"), over a
 * note of one line or not; `numbered` lets a title number its room ("Bedroom 2"), and a section's
 * number may lead any title ("1 ROUGH & FINISH CARPENTRY").
 */
export function headingAbove(rows: LayoutRow[], index: number, numbered = false): { name: string; words: Word[] } {
  const row = rows[index];
  const noted = rows[index - 1] && rows[index - 2] && isNote(rows[index - 1]) && rows[index - 1].page === row?.page;
  const under = noted ? rows[index - 1] : row;
  const above = rows[noted ? index - 2 : index - 1];
  const digits = above?.words.some((word, position) => /\d/.test(word.text) && !((numbered || position === 0) && TITLE_NUMBER.test(word.text)));
  const isHeading =
    above && under && above.page === under.page && under.top - above.bottom <= 3 * under.height && above.words.length <= 6 && !digits && !/:/.test(above.text) && !endsSentence(above.text);
  return isHeading ? { name: above.text, words: above.words } : { name: '', words: [] };
}

/** Words of a price table's caption ("PRICE", "Contract Price Breakdown", "Cost Summary"): what the table is, not a part of the work. */
const CAPTION_WORDS = new Set(['price', 'prices', 'pricing', 'cost', 'costs', 'breakdown', 'contract', 'summary', 'estimate', 'bid', 'budget', 'quote', 'quotation', 'proposal', 'schedule', 'of', 'values']);

/**
 * The name of the items before any heading: the title right above the table, unless it captions a
 * printed header row with words that only say the table is a price list (the items then form a
 * section named "", as a proposal's "PRICING" over "Description | Amount").
 */
export function untitledName(rows: LayoutRow[], table: Table): { name: string; words: Word[] } {
  const title = headingAbove(rows, table.start);
  const caption = !table.header.inferred && title.words.length > 0 && title.words.every((word) => CAPTION_WORDS.has(word.text.toLowerCase().replace(/[^\p{L}]/gu, '')));
  return caption ? { name: '', words: [] } : title;
}
