import type { FieldSpec } from '@docsift/core';
import { fieldTerms, foldText, PhraseMatcher, splitIdentifier, type FieldConcept } from '@docsift/core/layout';
import type { ConceptMatch } from './concepts.js';

/** Where a label phrase of a field comes from, and how much a match on it counts. */
export interface LabelSource {
  weight: number;
  /** The lexicon concept the phrase is a label of; null for the field's own words. */
  concept: FieldConcept | null;
}

/**
 * Concepts a field's value may also be printed under, with how much they count: a document's
 * total is often labelled only as the amount due; the total before tax as the subtotal.
 */
const RELATED: Partial<Record<FieldConcept, Array<[FieldConcept, number]>>> = {
  total: [
    ['grandTotal', 0.95],
    ['amountDue', 0.75],
  ],
  netTotal: [['subtotal', 0.8]],
  invoiceNumber: [['receiptNumber', 0.9]],
  receiptNumber: [['invoiceNumber', 0.9]],
  issueDate: [['deliveryDate', 0.5]],
};

/** Printed short forms of common label words. */
const VARIANTS: Record<string, string[]> = {
  number: ['no', 'no.', 'num', 'nbr', 'nr', '#'],
  telephone: ['tel', 'phone'],
  phone: ['tel', 'telephone', 'ph'],
  amount: ['amt'],
  address: ['addr'],
  quantity: ['qty'],
  email: ['e-mail', 'mail'],
  reference: ['ref'],
  account: ['acct'],
  identifier: ['id'],
  zip: ['postal code', 'postcode'],
  birth: ['dob'],
};

const STOPWORDS = new Set(
  'a an the of for to in on at by is are was were be this that which who whom whose its it as or and with from per s if any when where what document'.split(' '),
);

function nameVariants(words: string[]): string[] {
  const variants = [words.join(' ')];
  words.forEach((word, index) => {
    for (const variant of VARIANTS[word] ?? []) variants.push([...words.slice(0, index), variant, ...words.slice(index + 1)].join(' '));
  });
  return variants;
}

/** Runs of content words in the description, split at stop words and punctuation. */
function descriptionPhrases(description: string): string[] {
  const phrases: string[] = [];
  for (const clause of description.split(/[,.;:()]+/)) {
    let current: string[] = [];
    for (const word of foldText(clause).split(' ')) {
      if (!word || STOPWORDS.has(word)) {
        if (current.length) phrases.push(current.join(' '));
        current = [];
      } else {
        current.push(word);
      }
    }
    if (current.length) phrases.push(current.join(' '));
  }
  return phrases.filter((phrase) => phrase.split(' ').length <= 4);
}

/** A concept this sure is what the field asks for: its own words add nothing. */
const SURE_CONCEPT = 0.8;

/**
 * The label phrases of a field: its concept's terms in every language of the lexicon (and those of
 * related concepts, counting less), else the field's own name, its short forms and phrases of
 * its description.
 */
export function labelMatcher(field: FieldSpec, concepts: Array<ConceptMatch<FieldConcept>>): PhraseMatcher<LabelSource> {
  const phrases: Array<{ value: LabelSource; phrase: string }> = [];
  const best = concepts[0];
  if (best) {
    const weighted: Array<[FieldConcept, number]> = [[best.id, 1], ...(RELATED[best.id] ?? [])];
    for (const [concept, weight] of weighted) {
      for (const term of fieldTerms({ concepts: [concept] })) phrases.push({ value: { weight, concept }, phrase: term.phrase });
    }
  }
  if (!best || best.score < SURE_CONCEPT) {
    const own = (weight: number) => ({ weight, concept: null });
    for (const phrase of nameVariants(splitIdentifier(field.name))) phrases.push({ value: own(1), phrase });
    for (const phrase of descriptionPhrases(field.description ?? '')) phrases.push({ value: own(phrase.includes(' ') ? 0.85 : 0.6), phrase });
  }
  return new PhraseMatcher(phrases);
}
