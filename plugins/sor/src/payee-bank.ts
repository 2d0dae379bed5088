import { fieldTerms, PhraseMatcher, type LayoutRow as Row } from '@docsift/core/layout';
import type { LabelHit } from './labels.js';

/**
 * An invoice or a bid prints the bank its payment goes to ("Bank: ING   IBAN: NL91 …", "Bank: Chase"
 * over "Routing No.: …"): under a bank word that also labels a lender, that bank is the payee's, not
 * the lender's. Its IBAN, BIC or routing code beside it or on the line above or below tells it apart.
 */

let details: PhraseMatcher<true> | undefined;

function bankDetailLabels(): PhraseMatcher<true> {
  details ??= new PhraseMatcher(fieldTerms({ concepts: ['iban', 'bic', 'bankCode'] }).map((term) => ({ value: true as const, phrase: term.phrase })));
  return details;
}

/** Whether the label `hit` on `rows[index]` stands beside a payment's bank details (the label's own words aside). */
export function besideBankDetails(rows: Row[], index: number, hit: LabelHit): boolean {
  const own = new Set(hit.row.words.slice(hit.start, hit.end));
  return [rows[index - 1], rows[index], rows[index + 1]]
    .filter((row) => row !== undefined && row.page === rows[index].page)
    .some((row) => bankDetailLabels().findAllInSequence(row.words).some((match) => row.words.slice(match.start, match.end).every((word) => !own.has(word))));
}
