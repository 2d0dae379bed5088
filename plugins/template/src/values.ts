import type { FieldSpec, Word } from '@docsift/core';
import { findDate, hasLegalForm, parseAmount, textOf, withoutSalutation, type FieldConcept, type ValueKind, type ValueRegion } from '@docsift/core/layout';
import { currencyOf } from './currency.js';
import { COMPACT_TYPES, PARSERS, type Parsed, type PrintConventions } from './parse.js';

/** A value read from a region, with the words it was read from. */
export interface Reading extends Parsed {
  words: Word[];
}

const MAX_WINDOW = 6;
/** Salutations printed above a name in an address block ("Herr", "M.", "Sr.") are not the name. */

const text = (words: Word[]): string => textOf(words);

/** Bare digit groups run on this many words or more are a reference ("VAT 232 153 895"), not an amount. */
const MIN_REFERENCE_GROUPS = 3;

/** Indexes of the words that stand in a run of bare digit groups long enough to be a reference number. */
function referenceGroups(words: Word[]): Set<number> {
  const inRuns = new Set<number>();
  let start = 0;
  for (let end = 1; end <= words.length; end += 1) {
    const continues = end < words.length && /^\d+$/.test(words[end].text) && /^\d+$/.test(words[end - 1].text) && closeAfter(words[end - 1], words[end]);
    if (continues) continue;
    if (end - start >= MIN_REFERENCE_GROUPS) for (let index = start; index < end; index += 1) inRuns.add(index);
    start = end;
  }
  return inRuns;
}

/**
 * Compact values (dates, amounts, emails…) may share the line with other words: try windows of words.
 * Numbers are read from the right (the amount ends its line), never out of a reference number.
 */
function readCompact(words: Word[], parse: (value: string) => Parsed | null, numeric: boolean): Reading | null {
  const references = numeric ? referenceGroups(words) : new Set<number>();
  const starts = words.map((_, index) => index);
  for (const start of numeric ? starts.reverse() : starts) {
    for (let length = Math.min(MAX_WINDOW, words.length - start); length >= 1; length -= 1) {
      if (references.has(start) || references.has(start + length - 1)) continue;
      const window = words.slice(start, start + length);
      const parsed = parse(text(window));
      if (!parsed) continue;
      const partial = start > 0 || start + length < words.length ? 0.9 : 1;
      return { ...parsed, quality: parsed.quality * partial, words: window };
    }
  }
  return null;
}

/** The day and year of a printed date are not amounts: drop the date's words. */
function withoutDates(words: Word[], conventions: PrintConventions): Word[] {
  const found = findDate(
    words.map((word) => word.text),
    conventions.dateOrder,
  );
  return found ? [...words.slice(0, found.start), ...words.slice(found.end)] : words;
}

/** A reference printed as one or more words with digits ("R0005532486", "FA-2017-0010", "00003-00001360"); not a date or an amount with cents. */
function readIdentifier(words: Word[]): Reading | null {
  const cleaned = words.filter((word) => !/^[:#№ºª°.-]+$/.test(word.text));
  const index = cleaned.findIndex((word) => /\d/.test(word.text) && !/^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/.test(word.text));
  if (index < 0) return null;
  const word = cleaned[index];
  const amount = parseAmount(word.text);
  if (amount && amount.decimals === 2 && /[.,]/.test(word.text)) return null;
  // An identifier printed in groups ("DE89 3704 0044 0532 0130 00", "DE 123 456 789") runs on over its digit groups.
  const group = [word];
  for (let next = index + 1; next < cleaned.length && ID_GROUP.test(cleaned[next].text) && closeAfter(group[group.length - 1], cleaned[next]); next += 1) group.push(cleaned[next]);
  const value = text(group).replace(/^[#:№]+|[.,;:]+$/g, '');
  return value.length >= 1 ? { value, quality: index === 0 ? 1 : 0.85, words: group } : null;
}

const ID_GROUP = /^(?=.*\d)[A-Z0-9]{2,6}$/;
/** The next word stands closer than one word height after the last: the same printed value. */
const closeAfter = (last: Word, next: Word): boolean => next.bbox[0] - last.bbox[2] < last.bbox[3] - last.bbox[1];

/** A code other than a currency (BIC, sort code): the first word of letters and digits. */
function readCode(words: Word[]): Reading | null {
  const word = words.find((candidate) => /^[A-Z0-9][A-Z0-9-]{3,10}$/.test(candidate.text.replace(/[.,;:]+$/, '')));
  return word ? { value: word.text.replace(/[.,;:]+$/, ''), quality: 1, words: [word] } : null;
}

/** A name is mostly letters and starts with a capital or a digit ("FR19787878784" is a tax number, "régler par virement" a sentence). */
function isName(words: Word[]): boolean {
  const value = text(words);
  if (/^\p{Ll}/u.test(value)) return false;
  const letters = (value.match(/\p{L}/gu) ?? []).length;
  const digits = (value.match(/\d/g) ?? []).length;
  return letters >= 2 && letters >= digits;
}

/**
 * A party's name: the region's first line that is a name and not another label ("VAT Number",
 * "Your order AB321"); of two name lines, the one naming a company ("M DE LATTRE ALEXIS" over
 * "ALEXINUX SARL").
 */
function readParty(lines: Word[][], stops: ReadonlySet<Word>): Reading | null {
  const names = lines
    .map((line, index) => ({ index, words: withoutSalutation(line) }))
    .filter(({ words }) => words.length > 0 && !stops.has(words[0]) && isName(words));
  const [first, second] = names;
  if (!first) return null;
  const chosen = second && second.index === first.index + 1 && !hasLegalForm(first.words) && hasLegalForm(second.words) ? second : first;
  return { value: text(chosen.words).replace(/[,;:]+$/, ''), quality: chosen.index === 0 ? 1 : 0.85, words: chosen.words };
}

/** Reads a field's value from a region, by the concept's kind where one is known, else by the field's type. */
export function readRegion(
  region: ValueRegion,
  field: FieldSpec,
  concept: { id: FieldConcept; kind: ValueKind } | null,
  conventions: PrintConventions,
  stops: ReadonlySet<Word>,
): Reading | null {
  const parse = (value: string): Parsed | null => PARSERS[field.type](value, conventions);
  const first = region.lines[0];
  const kind = concept?.kind ?? null;
  if (kind === 'code' && field.type === 'string' && concept?.id !== 'currency') return readCode(first);
  if (kind === 'code' && field.type === 'string') {
    const currency = currencyOf(first);
    return currency ? { value: currency.code, quality: currency.quality, words: currency.words } : null;
  }
  if (kind === 'identifier' && field.type === 'string') return readIdentifier(first);
  if (kind === 'party' && field.type === 'string') return readParty(region.lines, stops);
  if (COMPACT_TYPES.has(field.type)) {
    const numeric = field.type === 'currency' || field.type === 'number' || field.type === 'integer';
    return readCompact(numeric ? withoutDates(first, conventions) : first, parse, numeric);
  }
  const joined = region.lines.map(text).join('\n');
  const parsed = parse(field.type === 'string' ? text(first) : joined);
  return parsed ? { ...parsed, words: field.type === 'string' ? first : region.lines.flat() } : null;
}
