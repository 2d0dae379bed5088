/**
 * The multilingual field lexicon: the printed labels of field concepts and the header words of
 * column roles, matched exactly after `foldText`. A phrase keeps every meaning it has ("Total" is a
 * grand total beside a number and a line-amount column in a header); readers choose by layout and
 * by value. OCR tolerance belongs to the readers, not here.
 */
import { foldText } from '../text.js';
import { COLUMN_ROLES, FIELD_CONCEPTS, type ColumnRole, type FieldConcept, type LanguageTerms } from './concepts.js';
import { TERMS, type Language } from './terms/index.js';

export { COLUMN_ROLES, FIELD_CONCEPTS };
export type { ColumnRole, FieldConcept, ValueKind } from './concepts.js';
export type { Language };

export interface LexiconTerm<T> {
  readonly id: T;
  readonly language: Language;
  /** As printed in the term file. */
  readonly phrase: string;
  /** `foldText(phrase).split(' ')`. */
  readonly words: readonly string[];
}

/** A term found in running text; `start` and `end` (exclusive) are word indexes of `foldText(text)`. */
export type FoundTerm<T> = LexiconTerm<T> & { start: number; end: number };

interface Catalogue<T> {
  terms: Array<LexiconTerm<T>>;
  byPhrase: Map<string, Array<LexiconTerm<T>>>;
  /** Longest phrase first. */
  byFirstWord: Map<string, Array<LexiconTerm<T>>>;
}

function buildCatalogue<T extends string>(listsOf: (terms: LanguageTerms) => Partial<Record<T, readonly string[]>>): Catalogue<T> {
  const terms: Array<LexiconTerm<T>> = [];
  for (const [language, languageTerms] of Object.entries(TERMS) as Array<[Language, LanguageTerms]>) {
    for (const [id, phrases] of Object.entries(listsOf(languageTerms)) as Array<[T, readonly string[]]>) {
      for (const phrase of phrases) {
        terms.push(Object.freeze({ id, language, phrase, words: Object.freeze(foldText(phrase).split(' ')) }));
      }
    }
  }
  const byPhrase = new Map<string, Array<LexiconTerm<T>>>();
  const byFirstWord = new Map<string, Array<LexiconTerm<T>>>();
  for (const term of terms) {
    append(byPhrase, term.words.join(' '), term);
    append(byFirstWord, term.words[0], term);
  }
  for (const list of byFirstWord.values()) list.sort((a, b) => b.words.length - a.words.length);
  return { terms, byPhrase, byFirstWord };
}

function append<T>(index: Map<string, T[]>, key: string, value: T): void {
  const list = index.get(key);
  if (list) list.push(value);
  else index.set(key, [value]);
}

let fieldCatalogue: Catalogue<FieldConcept> | undefined;
let columnCatalogue: Catalogue<ColumnRole> | undefined;

function fields(): Catalogue<FieldConcept> {
  fieldCatalogue ??= buildCatalogue((terms) => terms.fields);
  return fieldCatalogue;
}

function columns(): Catalogue<ColumnRole> {
  columnCatalogue ??= buildCatalogue((terms) => terms.columns);
  return columnCatalogue;
}

function select<T>(terms: Array<LexiconTerm<T>>, ids?: T[], languages?: Language[]): Array<LexiconTerm<T>> {
  return terms.filter((term) => (!ids || ids.includes(term.id)) && (!languages || languages.includes(term.language)));
}

export function fieldTerms(filter: { concepts?: FieldConcept[]; languages?: Language[] } = {}): Array<LexiconTerm<FieldConcept>> {
  return select(fields().terms, filter.concepts, filter.languages);
}

export function columnTerms(filter: { roles?: ColumnRole[]; languages?: Language[] } = {}): Array<LexiconTerm<ColumnRole>> {
  return select(columns().terms, filter.roles, filter.languages);
}

/** The concepts a whole printed label may mean ("Rechnungs-Nr.:" → invoiceNumber/de), exact after folding. */
export function lookupFieldLabel(label: string): Array<LexiconTerm<FieldConcept>> {
  return [...(fields().byPhrase.get(foldText(label)) ?? [])];
}

/** The roles a whole column header may mean ("Menge" → quantity/de), exact after folding. */
export function lookupColumnLabel(label: string): Array<LexiconTerm<ColumnRole>> {
  return [...(columns().byPhrase.get(foldText(label)) ?? [])];
}

/**
 * Every field term in a text as a whole-word run ("zzgl. 19 % MwSt." → taxAmount at "mwst"). Longer
 * runs win over the shorter runs they overlap; the meanings of one run are all kept, in place order.
 */
export function findFieldTerms(text: string): Array<FoundTerm<FieldConcept>> {
  const words = foldText(text).split(' ');
  const { byFirstWord } = fields();
  const found: Array<FoundTerm<FieldConcept>> = [];
  words.forEach((word, start) => {
    for (const term of byFirstWord.get(word) ?? []) {
      if (term.words.every((termWord, offset) => words[start + offset] === termWord)) {
        found.push({ ...term, start, end: start + term.words.length });
      }
    }
  });
  found.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  const owner = new Array<string | undefined>(words.length).fill(undefined);
  const kept = found.filter((hit) => {
    const span = `${hit.start}:${hit.end}`;
    const owners = owner.slice(hit.start, hit.end);
    if (owners.some((taken) => taken !== undefined && taken !== span)) return false;
    owner.fill(span, hit.start, hit.end);
    return true;
  });
  return kept.sort((a, b) => a.start - b.start);
}
