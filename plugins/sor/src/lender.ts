import type { Word } from '@docsift/core';
import { cellsOf, textOf, withoutTrailingComma, type DocumentLayout, type LayoutRow } from '@docsift/core/layout';
import type { ProvenanceRecorder } from './provenance.js';

/** Lenders named without a label: in a form's title lines, or on a line of their own (an e-mail's signature). */

/** Words naming a lending institution. */
export const LENDING = /\b(bank|bancorp|savings|loan|credit union|mortgage|lending|home loans|financial)\b/i;
/** A lending institution's name ends in one of these ("Union Federal Savings & Loan", "Heartland Credit Union"). */
const INSTITUTION_END = /\b(bank|bancorp|savings (and|&) loan|credit union|mortgage|mortgage company|lending|home loans|financial)$/i;
/** Title lines of a form: the top of its first page. */
const TITLE_AREA = 0.2;
/** Words inside a name that are not capitalised. */
const NAME_JOINERS = /^(&|and|of|the)$/i;

/**
 * The runs of capitalised words of a cell, split at dashes, slashes and bars ("Evergreen Savings Bank",
 * "Fix & Flip"); a label's colon ends a run ("Financing: Crescent Home Lending").
 */
function namedRuns(cell: Word[]): Word[][] {
  const runs: Word[][] = [[]];
  for (const word of cell) {
    if (/:$/.test(word.text)) runs.push([]);
    else if (/^\p{Lu}/u.test(word.text) || (NAME_JOINERS.test(word.text) && runs[runs.length - 1].length > 0)) runs[runs.length - 1].push(word);
    else runs.push([]);
  }
  return runs.filter((run) => run.length > 1);
}

/** A legal form after an institution's name ("Granite State Bank, N.A."). */
const INSTITUTION_FORM = /^,?\s*(N\.A\.|FSB|F\.S\.B\.|SSB|Inc\.?|LLC|Corp\.?|Co\.?)$/;

/** The capitalised name ending in an institution's word (and its legal form) among the cells of the rows, if any. */
function institutionIn(rows: LayoutRow[]): { words: Word[]; page: number } | null {
  for (const row of rows) {
    for (const run of cellsOf(row).flatMap(namedRuns)) {
      for (let end = run.length; end > 1; end -= 1) {
        if (!INSTITUTION_END.test(textOf(run.slice(0, end)).replace(/,$/, ''))) continue;
        const form = run[end] && INSTITUTION_FORM.test(run[end].text) ? 1 : 0;
        return { words: withoutTrailingComma(run.slice(0, end + form)), page: row.page };
      }
    }
  }
  return null;
}

/** A lender's program named under the title ("Evergreen Savings Bank - Fix & Flip / Rehab Loan Program"): the capitalised name that ends in an institution's word. */
export function lenderInTitleLines(layout: DocumentLayout, provenance: ProvenanceRecorder): string | null {
  const { rows } = layout;
  const firstTable = layout.tables[0]?.start ?? rows.length;
  const found = institutionIn(rows.filter((row) => row.page === rows[0]?.page && row.top < TITLE_AREA && row.index < firstTable && !row.words.some((word) => layout.stops.has(word))));
  if (!found) return null;
  provenance.record('documentMetadata.lenderName', found.page, found.words, 0.6);
  return textOf(found.words);
}

/** An institution's name printed alone on its line (a loan officer's signature: "First Meridian Mortgage"), with its legal form. */
export function institutionOnOwnLine(rows: LayoutRow[]): { words: Word[]; page: number } | null {
  for (const row of rows) {
    const found = institutionIn([row]);
    if (found && found.words.length === row.words.length) return found;
  }
  return null;
}
