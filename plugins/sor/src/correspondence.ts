import type { Word } from '@docsift/core';
import { fieldTerms, findAddressee, isLetterGreeting, textFlow, textOf, wordAt, type Addressee, type DocumentLayout, type FieldConcept, type LayoutRow, type PartyName } from '@docsift/core/layout';
import { STATE_AND_ZIP } from './labels.js';
import { institutionOnOwnLine, LENDING } from './lender.js';
import type { ProvenanceRecorder } from './provenance.js';
import type { SorMetadata } from './schema.js';

/**
 * A bid sent as a letter or an e-mail names the job in its prose ("our itemized bid for Thomas M.
 * Zimmerman and Jessica Baptiste at 719 Orchard Cir, Birmingham, AL 35210"; "the renovation loan for
 * Anthony O. Sandoval on 4766 Dogwood Road, Toledo, OH 43642"), the consultant and the lender after
 * their role ("prepared by your 203(k) consultant, Dana K. Cole of …, for your lender, Cardinal
 * Financial Bank."), and a letter addresses the homeowners at the property in its inside address;
 * the lender's loan officer signs with the institution's name on a line of its own.
 */

const NAME_WORD = String.raw`\p{Lu}[\p{L}'’-]*\.?`;
const NAMES = String.raw`${NAME_WORD}(?:\s+${NAME_WORD}){1,3}(?:\s+(?:and|&)\s+${NAME_WORD}(?:\s+${NAME_WORD}){1,3})?`;
const US_ADDRESS = String.raw`\d{1,6}\s+[^,.;]{2,40},\s*\p{Lu}[\p{L} .'-]{1,30},\s*[A-Z]{2}\s+\d{5}(?:-\d{4})?`;
/** "… for <the homeowners> at <the property's address>" in a sentence. */
const JOB_IN_PROSE = new RegExp(String.raw`\bfor\s+(${NAMES})\s+(?:at|on)\s+(?:the\s+property\s+at\s+)?(${US_ADDRESS})`, 'du');
/** A person's name in running text: initials with their full stop, words without one (a full stop there ends the sentence). */
const PERSON = String.raw`(?:\p{Lu}\.\s+|\p{Lu}[\p{L}'’-]+\s+){1,3}\p{Lu}[\p{L}'’-]+`;
/** An institution's name in running text: capitalised words and the joiners inside names ("Union Federal Savings & Loan", "Bank of the West"). */
const INSTITUTION = String.raw`\p{Lu}[\p{L}'’-]*(?:\s+(?:&|and|of|the|\p{Lu}[\p{L}'’-]*))*(?:,\s+(?:N\.A\.|F\.S\.B\.|FSB|SSB))?`;

/** How sure a value read from prose is. */
const PROSE_QUALITY = 0.7;

interface Phrase {
  text: string;
  words: Word[];
  page: number;
}

/** A phrase as a pattern in any case (the names after it are told by their capitals, so the pattern cannot ignore case). */
const anyCase = (phrase: string): string =>
  [...phrase]
    .map((char) => (/\s/.test(char) ? String.raw`\s+` : char.toLowerCase() !== char.toUpperCase() ? `[${char.toLowerCase()}${char.toUpperCase()}]` : char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')))
    .join('')
    .replace(/(\\s\+)+/g, String.raw`\s+`);

/** "<role>, <name>": a role word of the lexicon's concept in any case, a comma, then the name it introduces. */
function roleThenName(concept: FieldConcept, name: string): RegExp {
  const roles = fieldTerms({ concepts: [concept] })
    .map((term) => term.phrase)
    .sort((a, b) => b.length - a.length)
    .map(anyCase);
  return new RegExp(String.raw`(?<![\p{L}\d])(?:${roles.join('|')})\s*,\s+(${name})`, 'du');
}

let roles: { consultant: RegExp; lender: RegExp } | undefined;
const rolePatterns = () => (roles ??= { consultant: roleThenName('consultant', PERSON), lender: roleThenName('lender', INSTITUTION) });

/** Where `pattern` first matches the running text of a page, the phrase of its group (`accept` may refuse it and look on). */
function firstPhrase(prose: LayoutRow[], pattern: RegExp, group: number, accept: (text: string) => boolean = () => true): Phrase | null {
  for (const page of [...new Set(prose.map((row) => row.page))]) {
    const flow = textFlow(prose.filter((row) => row.page === page));
    const search = new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`);
    for (const match of flow.text.matchAll(search)) {
      if (!match.indices || !accept(match[group])) continue;
      const [start, end] = match.indices[group];
      return { text: match[group], words: flow.words.slice(wordAt(flow, start), wordAt(flow, end - 1) + 1), page };
    }
  }
  return null;
}

/** The homeowners and the property's address named in a sentence of the running text, if any. */
function jobInProse(prose: LayoutRow[]): { borrower: Phrase; address: Phrase } | null {
  const borrower = firstPhrase(prose, JOB_IN_PROSE, 1);
  const address = borrower && firstPhrase(prose, JOB_IN_PROSE, 2);
  return borrower && address ? { borrower, address } : null;
}

/** The joiners an institution's name may not end with ("… Bank and" before the next clause). */
const withoutTrailingJoiners = (text: string): string => text.replace(/(\s+(&|and|of|the))+$/i, '');

/**
 * A letter's inside address: the addressee's block (the name, then the street and town) above its
 * greeting ("Dear Rebecca Lindqvist:"), on the first page.
 */
export function insideAddress(layout: DocumentLayout, issuer: PartyName | null): Addressee | null {
  const firstPage = layout.rows[0]?.page;
  const greeting = layout.rows.find((row) => row.page === firstPage && !layout.tableRows.has(row) && isLetterGreeting(row.words));
  if (!greeting) return null;
  const addressee = findAddressee(layout, issuer);
  return addressee && addressee.page === greeting.page && addressee.words[0].bbox[3] <= greeting.top ? addressee : null;
}

export interface Correspondence {
  /** The rows outside the tables. */
  prose: LayoutRow[];
  insideAddress: Addressee | null;
}

/**
 * Fills the borrower, the property's address, the consultant and the lender from a letter's or an
 * e-mail's prose, inside address and signatures where no label gave them.
 */
export function fillFromCorrespondence(meta: SorMetadata, { prose, insideAddress: addressee }: Correspondence, provenance: ProvenanceRecorder): void {
  const fill = (path: string, phrase: Phrase): string => {
    provenance.record(path, phrase.page, phrase.words, PROSE_QUALITY);
    return phrase.text;
  };
  const job = meta.borrowerName === null || meta.propertyAddress === null ? jobInProse(prose) : null;
  if (job && meta.borrowerName === null) meta.borrowerName = fill('documentMetadata.borrowerName', job.borrower);
  if (job && meta.propertyAddress === null) meta.propertyAddress = fill('documentMetadata.propertyAddress', job.address);
  // A homeowner's letter is addressed to the home the estimate is for.
  if (addressee && meta.borrowerName === null) meta.borrowerName = fill('documentMetadata.borrowerName', addressee);
  const town = addressee?.address.at(-1);
  if (addressee && town && meta.propertyAddress === null && STATE_AND_ZIP.test(textOf(town))) {
    const words = addressee.address.flat();
    meta.propertyAddress = fill('documentMetadata.propertyAddress', { text: addressee.address.map(textOf).join(', '), words, page: addressee.page });
  }
  const consultant = meta.consultant === null ? firstPhrase(prose, rolePatterns().consultant, 1) : null;
  if (consultant) meta.consultant = fill('documentMetadata.consultant', consultant);
  if (meta.lenderName !== null) return;
  const named = firstPhrase(prose, rolePatterns().lender, 1, (text) => LENDING.test(withoutTrailingJoiners(text)));
  if (named) {
    meta.lenderName = fill('documentMetadata.lenderName', { ...named, text: withoutTrailingJoiners(named.text) });
    return;
  }
  const lender = institutionOnOwnLine(prose);
  if (lender) meta.lenderName = fill('documentMetadata.lenderName', { text: textOf(lender.words), words: lender.words, page: lender.page });
}
