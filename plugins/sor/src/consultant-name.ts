import type { Word } from '@docsift/core';
import { rowGap, textOf, type LayoutRow as Row } from '@docsift/core/layout';
import { PERSON_NAME } from './labels.js';

/** A consultant's ID printed after the role ("Consultant C0143"): one word of letters and digits, no name. */
export const isConsultantId = (words: Word[]): boolean => words.length === 1 && /^(?=.*\p{L})(?=.*\d)[\p{L}\d-]+$/u.test(words[0].text);

/**
 * A letterhead that prints the consultant's name on a line of its own over the firm and the role
 * ("Terrence Ibarra" over "Meridian Renovation Consultants - HUD 203(k) Consultant C0143"): the name
 * right above the line whose "Consultant" labels an ID, null where no such line has a person over it.
 */
export function nameOverConsultantId(rows: Row[], labelled: ReadonlyArray<{ words: Word[]; hit: { row: Row } }>): string | null {
  for (const { words, hit } of labelled) {
    const above = rows[rows.indexOf(hit.row) - 1];
    if (!isConsultantId(words) || !above || above.page !== hit.row.page || rowGap(above, hit.row) > 1.5) continue;
    const text = textOf(above.words);
    if (PERSON_NAME.test(text)) return text;
  }
  return null;
}
