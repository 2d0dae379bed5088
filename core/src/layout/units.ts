import type { Word } from '../contracts/document.js';
import type { LanguageTerms } from './lexicon/concepts.js';
import { TERMS } from './lexicon/terms/index.js';
import { cachedByText, editDistance, stripAccents } from './text.js';

/**
 * Units of measure printed in quantity and unit columns: construction takeoff units, and the
 * piece, weight, volume and time units of invoices and receipts in the lexicon's languages.
 */
const CONSTRUCTION_UNITS = ['EA', 'EACH', 'SF', 'LF', 'SY', 'SQ', 'LS', 'HR', 'HRS', 'CY', 'CF', 'GAL', 'TON', 'DAY', 'DAYS', 'MO', 'WK', 'PC', 'PCS', 'SET', 'LOT', 'JOB', 'FT', 'YD', 'BF', 'MBF', 'SFCA', 'VLF', 'BAG', 'BOX', 'ROLL', 'SHT', 'ALLOW', 'ALW', 'MH', 'CSF', 'MSF', 'CLF', 'PR', 'UNIT'];
const GENERAL_UNITS = [
  'unit', 'units', 'unit(s)', 'pc', 'pcs', 'piece', 'pieces', 'hour', 'hours', 'h', 'hrs', 'min', 'day', 'days', 'month', 'months', 'page', 'pages',
  'kg', 'g', 'lb', 'lbs', 'oz', 'l', 'ltr', 'liter', 'liters', 'litre', 'litres', 'liter(s)', 'ml', 'm', 'm2', 'm²', 'm3', 'm³', 'km', 'cm', 'mm',
  'meter', 'meters', 'metre', 'metres', 'metro', 'metros', 'mètre', 'mètres', 'qm', 'lfm', 'sqm', 'sqft',
  'stk', 'st', 'stuck', 'stuk', 'stuks', 'std', 'monat', 'pauschal', 'psch', 'me',
  'u', 'ud', 'uds', 'unid', 'unidad', 'unidades', 'pza', 'pzas',
  'pce', 'pces', 'unite', 'unites', 'forfait', 'ens', 'j', 'jour', 'jours', 'mois',
];

const CONSTRUCTION = new Set(CONSTRUCTION_UNITS);
const GENERAL = new Set(GENERAL_UNITS);

const foldSpelling = (text: string): string => stripAccents(text).toLowerCase().replace(/[.\s]/g, '');

/**
 * Construction units written out or abbreviated in words, in every language of the lexicon ("each",
 * "lin. ft.", "pie²", "pza", "forfait"), folded (lower case, without accents, dots or spaces), and
 * the code each stands for.
 */
const SPELLED_UNITS: Record<string, string> = Object.fromEntries(
  Object.values(TERMS).flatMap((terms: LanguageTerms) =>
    Object.entries(terms.units ?? {}).flatMap(([code, spellings]) => (spellings ?? []).map((spelling) => [foldSpelling(spelling), code])),
  ),
);
/** The most words one unit is written in ("sq. ft.", "lump sum", "pie lin."). */
const MAX_SPELLED_WORDS = 2;

/** Letters each followed by a full stop, the last one's optional ("l.f.", "s. f.", "c.y"): an abbreviation. */
const DOTTED_LETTERS = /^(\p{L}\.\s?){1,3}\p{L}\.?$/u;

/**
 * A construction code printed in lower case or with full stops ("l.f.", "s. f.", "c.y.", "ea.",
 * "sq.") as the code in capitals; null for any other text.
 */
function abbreviatedCode(text: string): string | null {
  const code = foldSpelling(text).toUpperCase();
  if (!CONSTRUCTION.has(code)) return null;
  return DOTTED_LETTERS.test(text.trim()) || /^\p{Ll}+\.?$/u.test(text.trim()) ? code : null;
}

/**
 * A unit of measure as printed (SF, LF, EA, LS, Stk., hours, Liter(s)…): a known unit word, or a
 * short code in capitals; null otherwise.
 */
export function parseUnit(raw: string): string | null {
  const trimmed = raw.trim();
  const text = trimmed.replace(/^[^\p{L}]+|[^\p{L}²³)]+$/gu, '');
  if (!text) return null;
  // Letters then a number (`A-1`, `B3`) are an item or cost code, not a unit with punctuation after it.
  if (/\d/.test(trimmed.slice(trimmed.indexOf(text) + text.length))) {
    // A unit with its power in digits on the line ("m2", "ft2") keeps it.
    const powered = trimmed.replace(/[^\p{L}\d]+$/u, '');
    return GENERAL.has(stripAccents(powered).toLowerCase()) || SPELLED_UNITS[foldSpelling(powered)] !== undefined ? powered : null;
  }
  const folded = stripAccents(text).replace(/\.$/, '');
  if (CONSTRUCTION.has(text.toUpperCase()) || GENERAL.has(folded) || SPELLED_UNITS[foldSpelling(text)] !== undefined || abbreviatedCode(text) !== null) return text;
  const codeShaped = /^[A-Z]{1,4}$/.test(text) || /^[A-Za-z]{1,2}\/[A-Za-z]{1,2}$/.test(text);
  return codeShaped ? text : null;
}

/** Whether the unit is one of the known ones (not only shaped like a code). */
export function isKnownUnit(unit: string): boolean {
  return CONSTRUCTION.has(unit.toUpperCase()) || GENERAL.has(stripAccents(unit).replace(/\.$/, '')) || spelledUnitCode(unit) !== null;
}

/**
 * The construction code of a unit written out ("lin. ft." → LF, "squares" → SQ, "each" → EA) or
 * abbreviated in lower case ("l.f." → LF, "s. f." → SF, "ea." → EA); null for any other.
 */
export const spelledUnitCode = cachedByText((unit: string): string | null => SPELLED_UNITS[foldSpelling(unit)] ?? abbreviatedCode(unit));

/**
 * A unit written with a superscript two or three ("pie²", "pi²", "vg³") whose superscript OCR read as
 * the question mark it looks like ("pie?") or as a digit on the line ("pi2"): the unit as printed;
 * null for any other text.
 */
export function misreadSquared(text: string): string | null {
  const [, letters, mark] = /^(\p{L}{1,4})([?23])$/u.exec(text) ?? [];
  if (letters === undefined) return null;
  const raised = `${letters}${mark === '3' ? '³' : '²'}`;
  return spelledUnitCode(raised) !== null || GENERAL.has(stripAccents(raised)) ? raised : null;
}

/**
 * Runs of words that together write one unit out ("lin. ft.", "sq. yd.", "lump sum"), none of which
 * need be a unit alone: [start, end) of each, left to right.
 */
export function spelledUnitRuns(words: readonly Word[]): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (let start = 0; start < words.length; start += 1) {
    for (let end = Math.min(words.length, start + MAX_SPELLED_WORDS); end > start + 1; end -= 1) {
      if (spelledUnitCode(words.slice(start, end).map((word) => word.text).join(' ')) === null) continue;
      runs.push([start, end]);
      start = end - 1;
      break;
    }
  }
  return runs;
}

/**
 * An OCR-garbled construction unit snapped to the one known unit a single letter away ("kS" → LS);
 * null when none or several are that close ("ES" could be EA or LS).
 */
export function snapUnit(unit: string): string | null {
  const upper = unit.toUpperCase();
  if (CONSTRUCTION.has(upper)) return upper;
  const close = CONSTRUCTION_UNITS.filter((known) => known.length === upper.length && editDistance(known, upper, 1) === 1);
  return close.length === 1 ? close[0] : null;
}

/** Whether two codes differ by one letter changed, added or dropped ("LE"/"LF", "A"/"EA"). */
function oneEditApart(a: string, b: string): boolean {
  return editDistance(a, b, 1) === 1;
}

/**
 * An OCR-garbled unit snapped to the unit the same document uses most among those one edit away
 * ("LE" → LF where the other lines say LF, "A" → EA); null when none is, or two tie.
 */
export function snapUnitByUse(unit: string, used: ReadonlyMap<string, number>): string | null {
  const upper = unit.toUpperCase();
  const near = [...used].filter(([known]) => oneEditApart(upper, known.toUpperCase()));
  // A letter OCR reads for one it looks like ("LE" for LF, not LS) outweighs how often a unit is used.
  const alike = near.filter(([known]) => looksAlike(upper, known.toUpperCase()));
  // ...and so does a known unit it looks like that no line uses ("LE" is LF where only LS is used).
  const lookalikeUnits = alike.length === 0 && !CONSTRUCTION.has(upper) ? CONSTRUCTION_UNITS.filter((known) => oneEditApart(upper, known) && looksAlike(upper, known)) : [];
  if (lookalikeUnits.length === 1) return lookalikeUnits[0];
  const close = (alike.length > 0 ? alike : near).sort((a, b) => b[1] - a[1]);
  if (close.length === 0 || (close.length > 1 && close[0][1] === close[1][1])) return null;
  return close[0][0];
}

/** Lower-case letters OCR reads for one another: an f's hook lost makes a t. */
const LOWER_CASE_LOOK_ALIKES: Array<[string, string]> = [['t', 'f'], ['f', 't']];

/**
 * A unit of no construction trade read in lower case, one look-alike lower-case letter from a
 * construction unit that two lines or more use ("st", a German piece, for "sf" among the document's
 * "sf" lines): that unit. Null for any other unit.
 */
export function lowerCaseMisreading(unit: string, used: ReadonlyMap<string, number>): string | null {
  if (unit !== unit.toLowerCase() || CONSTRUCTION.has(unit.toUpperCase())) return null;
  for (let index = 0; index < unit.length; index += 1) {
    for (const [read, printed] of LOWER_CASE_LOOK_ALIKES) {
      if (unit[index] !== read) continue;
      const candidate = `${unit.slice(0, index)}${printed}${unit.slice(index + 1)}`.toUpperCase();
      if (CONSTRUCTION.has(candidate) && (used.get(candidate) ?? 0) >= 2) return candidate;
    }
  }
  return null;
}

/** Letters OCR reads for one another in capitals: a stroke lost or added, a round letter closed. */
const LOOK_ALIKE_GROUPS = ['EF', 'OD0Q', 'IL1', 'S5', 'B8', 'UV', 'CG', 'MN', 'PR'];

/** Whether two codes of one length differ in one letter that OCR confuses ("LE"/"LF"). */
function looksAlike(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const at = [...a].findIndex((letter, index) => letter !== b[index]);
  return at >= 0 && LOOK_ALIKE_GROUPS.some((group) => group.includes(a[at]) && group.includes(b[at]));
}

/** A count or measure as printed in running text: "21", "1,463", "2.5". */
const PRINTED_NUMBER = /^(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/;

export interface QuantityInText {
  quantity: number;
  unit: string;
  /** The number's and the unit's words, for provenance. */
  words: Word[];
}

/** Units that count the work's pieces ("(3 each)", "(1 lump sum)", "(1 set)"). */
const COUNTING_CODES = new Set(['EA', 'LS', 'SET', 'PR']);
/** Units that give a material's size, volume or weight rather than the work's amount ("20 CY" dumpster, "50 GAL" heater). */
const SIZE_CODES = new Set(['CY', 'CF', 'GAL', 'TON']);

const inBrackets = (quantity: QuantityInText): boolean => quantity.words[0].text.startsWith('(') && /\)/.test(quantity.words.at(-1)!.text);

/**
 * A quantity written into a description with a construction unit in capitals after it ("Remove 21 SY
 * carpet", "two coats – 3,230 SF; color…") or in brackets with its unit written out ("(299 sq. ft.)"):
 * the one such pair in the words, or a count in brackets beside sizes ("Dumpster, 20 CY, … (3 each)").
 * Null where there is none, or two the line's amount could be for ("3 EA windows, (1 set) of
 * screens"), and for units in lower case outside brackets ("6 lb pad", "3 ton unit") or as bare codes
 * in them ("(50 gal)"), which describe the material rather than count the work.
 */
export function quantityInText(words: readonly Word[]): QuantityInText | null {
  const found = quantitiesInText(words);
  if (found.length === 1) return found[0];
  const counts = found.filter((quantity) => inBrackets(quantity) && COUNTING_CODES.has(quantity.unit));
  const sizes = found.filter((quantity) => !counts.includes(quantity));
  return counts.length === 1 && sizes.every((quantity) => SIZE_CODES.has(quantity.unit)) ? counts[0] : null;
}

/**
 * Every number followed by a construction unit in capitals in the words ("464.00 SF Walls  168.00 SF
 * Ceiling": two), and every quantity set in brackets with its unit written out ("(299 sq. ft.)", "(1
 * lump sum)", "(5 each)"): a letter's way of counting the work.
 */
export function quantitiesInText(words: readonly Word[]): QuantityInText[] {
  const found: QuantityInText[] = [];
  for (let index = 0; index + 1 < words.length; index++) {
    const number = words[index].text.replace(/^[(–-]+/, '');
    if (!PRINTED_NUMBER.test(number)) continue;
    const quantity = Number(number.replace(/,/g, ''));
    const unit = words[index + 1].text.replace(/[.,;:)]+$/, '');
    if (CONSTRUCTION.has(unit) && unit === unit.toUpperCase()) found.push({ quantity, unit, words: [words[index], words[index + 1]] });
    else if (words[index].text.startsWith('(')) {
      const spelled = spelledInBrackets(words.slice(index + 1, index + 1 + MAX_SPELLED_WORDS));
      if (spelled) found.push({ quantity, unit: spelled.code, words: [words[index], ...spelled.words] });
    }
  }
  return found;
}

/**
 * A unit written out or abbreviated with full stops that closes a bracket ("sq. ft.)", "each);",
 * "l.f.)"), its words and its code; null for any other words, a bare code among them ("gal)", "ton)").
 */
function spelledInBrackets(words: readonly Word[]): { code: string; words: Word[] } | null {
  for (let count = 1; count <= words.length; count += 1) {
    const last = words[count - 1].text;
    if (!/\)[.,;:]?$/.test(last)) continue;
    const text = [...words.slice(0, count - 1).map((word) => word.text), last.replace(/\)[.,;:]?$/, '')].join(' ');
    const code = SPELLED_UNITS[foldSpelling(text)] ?? (DOTTED_LETTERS.test(text) ? abbreviatedCode(text) : null);
    return code ? { code, words: words.slice(0, count) } : null;
  }
  return null;
}
