import type { Word } from '@docsift/core';
import { cellsOf, foldText, hasLegalForm, isDocumentTitle, linesByTypeSize, parseAmount, textOf, type DocumentLayout, type LayoutRow as Row } from '@docsift/core/layout';
import { LONE_SEPARATOR } from './labels.js';

/** Companies named in a letterhead or a header: the words that end their names, and how far a name runs. */

/** A phone number, as a contractor's block prints it. */
export const PHONE = /(?<!\d)(\+?1[\s.-]?)?(\(\d{3}\)\s?|\d{3}[\s.-])\d{3}[\s.-]\d{4}(\s*(ext\.?|x)\s*\d+)?/i;

/** Words that end a company name in a letterhead or a contractor's header. */
export const COMPANY_SUFFIX = /^(inc|llc|pllc|co|corp|corporation|company|ltd|lp|llp|group|associates|consultants|consulting)\.?,?$/i;
export const TRADE_WORD =
  /^(services|construction|contracting|contractors|builders|building|design-build|roofing|remodeling|renovations?|masonry|plumbing|electric(al)?|painting|homes|exteriors|restoration|concrete|improvements?)\.?,?$/i;
/** A letterhead of one of these is the 203(k) consultant's or inspector's, not the contractor's. */
export const CONSULTING_WORD = /^(consultants?|consulting|inspections?|inspectors?)\.?,?$/i;
/** Words of a cell that names no contractor: a consultant, a title's "of" or "for" ("OPINION OF PROBABLE CONSTRUCTION COST"). */
export const notAContractor = (text: string): boolean => CONSULTING_WORD.test(text) || /^(of|for)$/i.test(text);
/** The first company named by `pattern` in a cell of the first page (letterhead first), skipping cells with a word `skip` refuses. */
export function findCompany(layout: DocumentLayout, pattern: RegExp, cut: boolean, skip: (text: string) => boolean = () => false): { words: Word[]; page: number } | null {
  const { rows } = layout;
  // Priced rows (a recap's "Total Direct Construction Cost  25,939.24") name no company.
  const priced = (row: Row): boolean => row.words.some((word) => parseAmount(word.text, layout.conventions.format)?.moneyLike);
  const firstPage = rows.filter((row) => row.page === rows[0]?.page && !layout.tableRows.has(row) && !priced(row));
  // The letterhead first; a company named only in the page footer after it.
  const ordered = [...firstPage.filter((row) => row.top < 0.5), ...firstPage.filter((row) => row.top >= 0.5)];
  for (const row of ordered) {
    // A document's title ("CONSTRUCTION PROPOSAL") names no company.
    for (const cell of cellsOf(row).flatMap(linesByTypeSize).filter((words) => !words.some((word) => /:$/.test(word.text) || skip(word.text) || isDocumentTitle(word)))) {
      const end = cell.findIndex((word, index) => index > 0 && pattern.test(word.text));
      if (end <= 0) continue;
      // The company's legal form or "Group" after the trade word is its name's ("Bluegrass Remodeling, Inc.").
      let last = end;
      while (cut && last + 1 < cell.length && (COMPANY_SUFFIX.test(cell[last + 1].text) || hasLegalForm([cell[last + 1]]))) last += 1;
      return { words: cut ? cell.slice(0, last + 1) : cell, page: row.page };
    }
  }
  return null;
}

/** Prefers a mixed-case spelling printed elsewhere (a footer) over an all-capitals letterhead. */
export function preferMixedCase(text: string, rows: Row[]): string {
  if (text !== text.toUpperCase()) return text;
  const folded = foldText(text);
  for (const row of rows) {
    for (const cell of cellsOf(row)) {
      const candidate = textOf(cell);
      if (foldText(candidate).startsWith(folded) && candidate !== candidate.toUpperCase()) return candidate.slice(0, text.length);
    }
  }
  return text;
}

/** A dot or bar a letterhead sets alone between its parts; a dash alone may be part of a license number ("RBC - 993012"). */
const DOT_SEPARATOR = /^[·•|]$/;

/**
 * A license number ends at the letterhead's next lone separator ("License No. 33518-78 · 614.964.6332 ·
 * office@…"): the phone or e-mail after it are no part of it. A dash (OCR's reading of the dot) ends it
 * only before a phone number or an e-mail address.
 */
export function beforeSeparator(words: Word[]): Word[] {
  const contact = (index: number): boolean => {
    const rest = textOf(words.slice(index + 1));
    return PHONE.exec(rest)?.index === 0 || /^\S+@\S+/.test(rest);
  };
  const at = words.findIndex((word, index) => index > 0 && (DOT_SEPARATOR.test(word.text) || (LONE_SEPARATOR.test(word.text) && contact(index))));
  return at > 0 ? words.slice(0, at) : words;
}
