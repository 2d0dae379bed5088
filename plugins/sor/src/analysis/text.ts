import { foldText } from '@docsift/core/layout';

/** Whether `folded` (a `foldText` result) holds `phrase` as whole words. */
export function holdsPhrase(folded: string, phrase: string): boolean {
  const wanted = foldText(phrase);
  return wanted.length > 0 && ` ${folded} `.includes(` ${wanted} `);
}

/** The first phrase of `phrases` that `text` holds as whole words, after folding both. */
export function firstPhraseIn(text: string, phrases: readonly string[]): string | null {
  const folded = foldText(text);
  return phrases.find((phrase) => holdsPhrase(folded, phrase)) ?? null;
}

/** A unit as the comparisons read it: upper case, no dots or spaces, common spellings joined (`S.F.`, `SQFT` → `SF`). */
export function normalizeUnit(unit: string): string {
  const compact = unit.toUpperCase().replace(/[.\s]/g, '');
  return UNIT_SPELLINGS[compact] ?? compact;
}

const UNIT_SPELLINGS: Record<string, string> = {
  EACH: 'EA',
  SQFT: 'SF',
  SQFEET: 'SF',
  LINFT: 'LF',
  LNFT: 'LF',
  SQYD: 'SY',
  SQUARE: 'SQ',
  SQUARES: 'SQ',
  LUMPSUM: 'LS',
  HRS: 'HR',
  HOUR: 'HR',
  HOURS: 'HR',
};
