import type { FieldSpec } from '@docsift/core';
import { COLUMN_ROLES, columnTerms, FIELD_CONCEPTS, fieldTerms, foldText, splitIdentifier, type ColumnRole, type FieldConcept, type ValueKind } from '@docsift/core/layout';

/**
 * Which concept of the shared lexicon a template field asks for, read from its name and
 * description the way a person would: `invoiceNumber` is the invoice number, `issuer` ("who issued
 * the invoice") the seller, `totalWithoutTax` ("before tax") the net total. A field that names no
 * concept is found by its own words only.
 */

export interface ConceptMatch<T> {
  id: T;
  /** 0..1: 1 when the field's name is the concept's name or one of its labels in any language. */
  score: number;
}

const STOPWORDS = new Set(
  [
    'a an the of for to in on at by is are was were be this that which who whom whose its it as or and with from per if any when where what one',
    // The function words of the lexicon's other languages: a Spanish or German field name is read by its content words too.
    'de del el la las los le les du des et en der die das und von zu van het een di il lo da do dos y e',
  ]
    .join(' ')
    .split(' '),
);
/** Concepts below this score are not what the field asks for. */
const MIN_SCORE = 0.45;
/** A concept whose values are of another kind than the field's type counts this much ("issuer" is no date). */
const OTHER_KIND = 0.3;

const KINDS_OF_TYPE: Record<FieldSpec['type'], ReadonlySet<ValueKind>> = {
  string: new Set(['identifier', 'code', 'name', 'party', 'text', 'address', 'url', 'period', 'phone', 'email']),
  number: new Set(['amount', 'number', 'quantity', 'percent']),
  integer: new Set(['number', 'quantity', 'amount']),
  currency: new Set(['amount']),
  date: new Set(['date']),
  boolean: new Set(),
  email: new Set(['email']),
  phone: new Set(['phone']),
  address: new Set(['address', 'party']),
  list: new Set(['text']),
};

/** Words compared by their first five letters ("issuer" and "issued", "including" and "included"). */
const stem = (word: string): string => (word.length > 5 ? word.slice(0, 5) : word);

function contentWords(text: string): string[] {
  return foldText(text)
    .split(' ')
    .filter((word) => word.length > 1 && !STOPWORDS.has(word))
    .map(stem);
}

interface Vocabulary {
  name: string;
  words: Set<string>;
  terms: Set<string>;
}

function vocabulary(id: string, description: string, terms: readonly string[]): Vocabulary {
  const words = new Set([...splitIdentifier(id).map(stem), ...contentWords(description), ...terms.flatMap(contentWords)]);
  return { name: splitIdentifier(id).join(' '), words, terms: new Set(terms.map(foldText)) };
}

let fieldVocabulary: Map<FieldConcept, Vocabulary> | undefined;
let columnVocabulary: Map<ColumnRole, Vocabulary> | undefined;

function fields(): Map<FieldConcept, Vocabulary> {
  fieldVocabulary ??= new Map(
    (Object.keys(FIELD_CONCEPTS) as FieldConcept[]).map((id) => [
      id,
      // Every language's labels: a template may name its fields in Spanish ("fecha", "proveedor").
      vocabulary(id, FIELD_CONCEPTS[id].description, fieldTerms({ concepts: [id] }).map((term) => term.phrase)),
    ]),
  );
  return fieldVocabulary;
}

function columns(): Map<ColumnRole, Vocabulary> {
  columnVocabulary ??= new Map(
    (Object.keys(COLUMN_ROLES) as ColumnRole[]).map((id) => [
      id,
      vocabulary(id, COLUMN_ROLES[id].description, columnTerms({ roles: [id] }).map((term) => term.phrase)),
    ]),
  );
  return columnVocabulary;
}

const share = (words: string[], known: Set<string>): number => (words.length === 0 ? 0 : words.filter((word) => known.has(word)).length / words.length);

function rank<T>(field: FieldSpec, catalogue: Map<T, Vocabulary>, kindOf: (id: T) => ValueKind | null): Array<ConceptMatch<T>> {
  const name = splitIdentifier(field.name);
  const nameText = name.join(' ');
  const nameWords = name.map(stem);
  const description = contentWords(field.description ?? '');
  const matches: Array<ConceptMatch<T>> = [];
  for (const [id, vocab] of catalogue) {
    const exact = vocab.name === nameText || vocab.terms.has(nameText) ? 0.4 : 0;
    const kind = kindOf(id);
    const fits = kind === null || KINDS_OF_TYPE[field.type].has(kind) ? 1 : OTHER_KIND;
    const score = fits * Math.min(1, exact + 0.45 * share(nameWords, vocab.words) + 0.25 * share(description, vocab.words));
    if (score >= MIN_SCORE) matches.push({ id, score: Math.round(score * 1000) / 1000 });
  }
  return matches.sort((a, b) => b.score - a.score);
}

/** The field concepts a template field may ask for, best first. */
export const fieldConceptsOf = (field: FieldSpec): Array<ConceptMatch<FieldConcept>> => rank(field, fields(), (id) => FIELD_CONCEPTS[id].valueKind);

/** The column role a sub-field of a list field asks for (`unitPrice` → unit price), or null. */
export function columnRoleOf(field: FieldSpec): ColumnRole | null {
  return rank(field, columns(), () => null)[0]?.id ?? null;
}
