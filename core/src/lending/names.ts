/** Words that name a legal form or a lender's standard clause, not the organization. */
const NOISE_WORDS = new Set([
  'the', 'of', 'and', 'a', 'an',
  'inc', 'incorporated', 'llc', 'lc', 'ltd', 'limited', 'corp', 'corporation', 'co', 'company',
  'na', 'plc', 'lp', 'llp', 'pllc', 'pc', 'fsb', 'ssb',
  'its', 'successors', 'successor', 'or', 'assigns', 'isaoa', 'atima', 'as', 'their', 'interests', 'may', 'appear',
]);

/** Dotted abbreviations folded before punctuation is dropped (`N.A.` → `na`, `L.L.C.` → `llc`). */
function foldAbbreviations(text: string): string {
  return text.replace(/\b((?:[a-z]\.){2,})/g, (dotted) => dotted.replace(/\./g, ''));
}

/** Lowercase words of a name without accents, punctuation, legal forms or ISAOA/ATIMA clauses. */
export function organizationNameTokens(name: string): string[] {
  const folded = foldAbbreviations(
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/&/g, ' and '),
  );
  return folded
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter((word) => word && !NOISE_WORDS.has(word));
}

/** Levenshtein distance, two rows. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j] + 1, current[j - 1] + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length];
}

/** Typos tolerated in one word: none in short words, one from 4 letters, two from 9. */
function wordsMatch(a: string, b: string): boolean {
  if (a === b) return true;
  const shorter = Math.min(a.length, b.length);
  const allowed = shorter >= 9 ? 2 : shorter >= 4 ? 1 : 0;
  return allowed > 0 && editDistance(a, b) <= allowed;
}

function matchedWordCount(wanted: string[], found: string[]): number {
  const unused = [...found];
  let matched = 0;
  for (const word of wanted) {
    const index = unused.findIndex((candidate) => wordsMatch(word, candidate));
    if (index >= 0) {
      unused.splice(index, 1);
      matched += 1;
    }
  }
  return matched;
}

export interface NameMatch {
  matched: boolean;
  /** 0..1: share of words the two names have in common (1 when every expected word is found). */
  score: number;
}

/**
 * Whether `actual` names the organization `expected` names: equal after folding case, punctuation,
 * accents, legal forms and ISAOA/ATIMA clauses; every expected word found (each allowing a small
 * typo, extra words such as a department allowed); or the letters of both nearly equal.
 */
export function matchOrganizationName(expected: string, actual: string): NameMatch {
  const wanted = organizationNameTokens(expected);
  const found = organizationNameTokens(actual);
  if (wanted.length === 0 || found.length === 0) return { matched: false, score: 0 };
  const matched = matchedWordCount(wanted, found);
  if (matched === wanted.length) return { matched: true, score: 1 };
  const joinedWanted = wanted.join('');
  const joinedFound = found.join('');
  const letters = 1 - editDistance(joinedWanted, joinedFound) / Math.max(joinedWanted.length, joinedFound.length);
  const words = (2 * matched) / (wanted.length + found.length);
  const score = Math.round(Math.max(letters, words) * 100) / 100;
  return { matched: letters >= 0.9, score };
}
