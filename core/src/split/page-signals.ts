import type { Page } from '../contracts/document.js';
import { findFieldTerms } from '../layout/lexicon/index.js';
import type { FieldConcept } from '../layout/lexicon/concepts.js';
import { foldText } from '../layout/text.js';

/** "Page 2 of 3", "Pg. 2/3", "2 of 3", "Seite 2 von 3", "Página 2 de 3", "Page 2 sur 3". */
const NUMBERING = /(?:\b(?:page|pg|p|seite|p[aá]gina|blatt|blad)\.?\s*)?\b(\d{1,3})\s*(?:of|\/|von|de|sur|van|di)\s*(\d{1,3})\b/iu;
const PAGE_ONLY = /\b(?:page|seite|p[aá]gina|blad)\s*(\d{1,3})\b/iu;

/** The part of the page, from the top and from the bottom, where running headers, footers and numbering sit. */
const TOP_ZONE = 0.22;
const BOTTOM_ZONE = 0.12;
/** Where a first page prints who and what the document is about (parties, numbers, dates). */
const IDENTITY_ZONE = 0.45;

/**
 * Field concepts that name a document's parties and references: a page labelling several of them
 * near its top introduces a document; their values tell one document from another.
 */
const IDENTITY_CONCEPTS: ReadonlySet<FieldConcept> = new Set<FieldConcept>([
  'invoiceNumber',
  'receiptNumber',
  'orderNumber',
  'customerNumber',
  'quoteNumber',
  'deliveryNoteNumber',
  'issueDate',
  'dueDate',
  'seller',
  'buyer',
  'shipTo',
  'vatId',
  'borrower',
  'propertyAddress',
  'lender',
  'consultant',
  'inspectionDate',
  'contractor',
  'license',
  'fileNumber',
  'loanNumber',
  'caseNumber',
]);

export interface PageNumbering {
  /** This page's number as printed. */
  number: number;
  /** The page count printed beside it ("of 3"), or null when only the number is printed. */
  of: number | null;
}

/** What the splitter knows about one page besides its classification. */
export interface PageSignals {
  /** 1-based page number in the file. */
  page: number;
  numbering: PageNumbering | null;
  /** Folded words (letters only, two or more) of the top zone: the title block or running header. */
  headingWords: Set<string>;
  /** Identifier-like tokens of the top zone (holding digits: file, certificate or policy numbers, dates). */
  headingIdentifiers: Set<string>;
  /** Identifier-like tokens of the whole page. */
  identifiers: Set<string>;
  /** Folded words of the whole page. */
  words: Set<string>;
  /** Identity concepts labelled in the upper part of the page (borrower, invoice number, …). */
  identityConcepts: Set<FieldConcept>;
  /** What those labels' lines say besides the labels: names, numbers, addresses (folded tokens). */
  identityValues: Set<string>;
  /** The page holds (almost) no text: a blank separator or an unreadable page. */
  blank: boolean;
}

export function pageSignals(page: Page): PageSignals {
  const headingWords = new Set<string>();
  const headingIdentifiers = new Set<string>();
  const identifiers = new Set<string>();
  const words = new Set<string>();
  const identityConcepts = new Set<FieldConcept>();
  const identityValues = new Set<string>();
  let numbering: PageNumbering | null = null;
  let wordCount = 0;
  for (const line of page.lines) {
    if (line.bbox[1] < IDENTITY_ZONE) readIdentity(line.text, identityConcepts, identityValues);
    const top = line.bbox[1] < TOP_ZONE;
    const margin = top || line.bbox[3] > 1 - BOTTOM_ZONE;
    if (margin && !numbering) numbering = readNumbering(line.text);
    for (const word of line.words) {
      wordCount += 1;
      const identifier = identifierOf(word.text);
      if (identifier) {
        identifiers.add(identifier);
        if (top) headingIdentifiers.add(identifier);
        continue;
      }
      for (const folded of foldText(word.text).split(' ')) {
        if (folded.length < 2 || /\d/.test(folded)) continue;
        words.add(folded);
        if (top) headingWords.add(folded);
      }
    }
  }
  return { page: page.number, numbering, headingWords, headingIdentifiers, identifiers, words, identityConcepts, identityValues, blank: wordCount < 3 };
}

/**
 * Adds the identity labels of one line and the tokens of the line that are not labels. A one-word
 * term counts only where it opens a label line ("Borrower: …", or a short line): inside a sentence
 * ("Owner to select the colour") a party word is no label.
 */
function readIdentity(text: string, concepts: Set<FieldConcept>, values: Set<string>): void {
  const words = foldText(text).split(' ');
  const opensAsLabel = /^\s*[^\s:]+\s*[:#]/u.test(text) || words.length <= 5;
  const terms = findFieldTerms(text).filter((term) => IDENTITY_CONCEPTS.has(term.id) && (term.end - term.start >= 2 || (term.start === 0 && opensAsLabel)));
  if (terms.length === 0) return;
  const labelled = new Array<boolean>(words.length).fill(false);
  for (const term of terms) {
    concepts.add(term.id);
    labelled.fill(true, term.start, term.end);
  }
  words.forEach((word, index) => {
    if (!labelled[index] && word.length >= 2) values.add(word);
  });
}

/** The printed page numbering of one line, when it is one ("Page 2 of 3"); plain fractions of a sentence are not. */
export function readNumbering(text: string): PageNumbering | null {
  const trimmed = text.trim();
  const full = NUMBERING.exec(trimmed);
  if (full) {
    const number = Number(full[1]);
    const of = Number(full[2]);
    const labelled = /\p{L}/u.test(full[0].slice(0, full[0].indexOf(full[1]!)));
    const standsAlone = full[0].length >= trimmed.length - 2;
    if (labelled || standsAlone) return number >= 1 && of >= number ? { number, of } : null;
  }
  const only = PAGE_ONLY.exec(trimmed);
  if (only && trimmed.length <= 24) return { number: Number(only[1]), of: null };
  return null;
}

/** A token worth comparing across pages as an identifier: at least four letters and digits, digits among them. */
function identifierOf(text: string): string | null {
  const compact = text.replace(/[^\p{L}\p{N}]/gu, '').toLowerCase();
  if (compact.length < 4 || !/\d/.test(compact)) return null;
  return compact;
}

/** |a ∩ b| / |a ∪ b| (0 when both are empty). */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let shared = 0;
  for (const item of a) if (b.has(item)) shared += 1;
  return shared / (a.size + b.size - shared);
}

/** The share of `part`'s items found in `whole` (0 when `part` is empty). */
export function containment(part: ReadonlySet<string>, whole: ReadonlySet<string>): number {
  if (part.size === 0) return 0;
  let found = 0;
  for (const item of part) if (whole.has(item)) found += 1;
  return found / part.size;
}
