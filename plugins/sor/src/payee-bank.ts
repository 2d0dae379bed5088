import { fieldTerms, foldText, PhraseMatcher, textOf, type LayoutRow as Row } from '@docsift/core/layout';
import type { LabelHit } from './labels.js';

/**
 * An invoice or a bid prints the bank its payment goes to ("Bank: ING   IBAN: NL91 …", "Bank: Chase"
 * over "Routing No.: …"): under a bank word that also labels a lender, that bank is the payee's, not
 * the lender's. Its IBAN, BIC or routing code beside it or on the line above or below tells it apart.
 */

let details: { matcher: PhraseMatcher<true>; spelled: ReadonlySet<string> } | undefined;

function bankDetailLabels(): { matcher: PhraseMatcher<true>; spelled: ReadonlySet<string> } {
  if (details) return details;
  const terms = fieldTerms({ concepts: ['iban', 'bic', 'bankCode'] });
  details = { matcher: new PhraseMatcher(terms.map((term) => ({ value: true as const, phrase: term.phrase }))), spelled: new Set(terms.map((term) => foldText(term.phrase))) };
  return details;
}

/** Whether the label `hit` on `rows[index]` stands beside a payment's bank details (the label's own words aside). */
export function besideBankDetails(rows: Row[], index: number, hit: LabelHit): boolean {
  const own = new Set(hit.row.words.slice(hit.start, hit.end));
  const labels = bankDetailLabels();
  return [rows[index - 1], rows[index], rows[index + 1]]
    .filter((row) => row !== undefined && row.page === rows[index].page)
    .some((row) =>
      // Spelled out, not only near: OCR's "Loan No." is one letter pair from "IBAN No.".
      labels.matcher.findAllInSequence(row.words).some((match) => {
        const words = row.words.slice(match.start, match.end);
        return words.every((word) => !own.has(word)) && labels.spelled.has(foldText(textOf(words)));
      }),
    );
}
