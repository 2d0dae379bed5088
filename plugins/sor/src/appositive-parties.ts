import type { Word } from '@docsift/core';
import { foldText, lookupFieldLabel, textOf, withoutTrailingComma, type LayoutRow } from '@docsift/core/layout';
import { contractorClause } from './contract-parties.js';
import { STATE_AND_ZIP } from './labels.js';
import type { ProvenanceRecorder } from './provenance.js';
import type { SorMetadata } from './schema.js';

/**
 * A write-up may name its parties in a sentence under its title, each person followed by their role
 * after a comma: "Prepared by Michael W. Gallagher, 203(k) consultant, for Daniel D. Nakamura,
 * borrower, at 5455 Magnolia Ln, Providence, RI 02978, … Contractor: Bluegrass Restoration, Inc.,
 * license RI-971817, telephone 401-424-8811." The role words are the lexicon's labels.
 */

type Party = 'consultant' | 'borrowerName';

/** Lexicon concepts of a role after a name, and the field the name fills. */
const ROLE_FIELDS: ReadonlyMap<string, Party> = new Map([
  ['consultant', 'consultant'],
  ['borrower', 'borrowerName'],
]);
/** A program named before a role ("203(k) consultant", "HUD consultant"). */
const PROGRAM_WORD = /^(hud|fha|203\s*\(?k\)?|homestyle)$/i;
/** A role stands alone between commas: a word or two after its program. */
const MAX_ROLE_WORDS = 2;
/** A word ending a sentence: a word of three letters or more, or a number, and a period ("Union.", "2026."); an initial ("W.") ends none. */
const SENTENCE_END = /(\p{L}{3,}|\d)\.+$/u;
/** Words joining the names of two people ("Steven Schultz & Daniel Everett"). */
const JOINER = /^(&|and|y|et|und)$/i;
/** A person's name word: capitalised, perhaps an initial. */
const NAME_WORD = /^\p{Lu}[\p{L}'’.-]*,?$/u;
/** An address's clauses run on to its ZIP code within this many. */
const MAX_ADDRESS_CLAUSES = 4;
/** A contractor's sentence names it, its license and its phone in a few words. */
const MAX_SENTENCE_WORDS = 16;
/** How sure a value read from such a sentence is. */
const SENTENCE_QUALITY = 0.8;

/** The prose's words cut into clauses at commas and sentence ends; each clause keeps its closing comma. */
function clausesOf(words: Word[]): Word[][] {
  const clauses: Word[][] = [[]];
  for (const word of words) {
    clauses[clauses.length - 1].push(word);
    if (word.text.endsWith(',') || SENTENCE_END.test(word.text)) clauses.push([]);
  }
  return clauses.filter((clause) => clause.length > 0);
}

/** The field a clause names as a role ("203(k) consultant,", "borrower,"), if it is one. */
function roleOf(clause: Word[]): Party | null {
  const words = clause.filter((word) => !PROGRAM_WORD.test(word.text.replace(/,$/, '')));
  if (words.length === 0 || words.length > MAX_ROLE_WORDS || !/,$/.test(clause.at(-1)!.text) || /^\p{Lu}/u.test(words[0].text)) return null;
  const ids = lookupFieldLabel(foldText(textOf(words).replace(/,$/, ''))).map((term) => term.id);
  return ids.map((id) => ROLE_FIELDS.get(id)).find((field) => field !== undefined) ?? null;
}

/** The name closing a clause: the capitalised words after its last other word ("for Daniel D. Nakamura," → "Daniel D. Nakamura"). */
function nameClosing(clause: Word[]): Word[] {
  let start = clause.length;
  while (start > 0 && (NAME_WORD.test(clause[start - 1].text) || (JOINER.test(clause[start - 1].text) && start < clause.length))) start -= 1;
  const name = withoutTrailingComma(clause.slice(start));
  return name.length >= 2 && !JOINER.test(name[0].text) ? name : [];
}

/** The address after a party ("at 5455 Magnolia Ln, Providence, RI 02978,"): from the number after "at" to the ZIP code. */
function addressAfter(clauses: Word[][], index: number): Word[] {
  const first = clauses[index + 1];
  if (!first || !/^at$/i.test(first[0].text) || !/^\d/.test(first[1]?.text ?? '')) return [];
  const words: Word[] = [];
  for (const clause of [first.slice(1), ...clauses.slice(index + 2, index + 1 + MAX_ADDRESS_CLAUSES)]) {
    words.push(...clause);
    if (STATE_AND_ZIP.test(textOf(withoutTrailingComma(clause)))) return withoutTrailingComma(words);
  }
  return [];
}

/**
 * The words after a contractor's label opening a sentence of running prose ("… 2026. Contractor: Summit
 * Restoration, Co., license …, telephone ….") up to its end; a label in a header block opens none.
 */
function contractorAfterLabel(words: Word[]): Word[] {
  const at = words.findIndex(
    (word, index) => index > 0 && SENTENCE_END.test(words[index - 1].text) && /:$/.test(word.text) && lookupFieldLabel(foldText(word.text.slice(0, -1))).some((term) => term.id === 'contractor'),
  );
  const end = at < 0 ? -1 : words.findIndex((word, index) => index > at && SENTENCE_END.test(word.text));
  if (end < 0 || end - at > MAX_SENTENCE_WORDS) return [];
  const last = words[end];
  return [...words.slice(at + 1, end), { ...last, text: last.text.replace(/\.$/, '') }];
}

const nameWords = (text: string): string[] => foldText(text).split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 1);
const sharesWord = (one: string, other: string): boolean => nameWords(one).some((word) => nameWords(other).includes(word));

/**
 * Fills the consultant, the borrower, the property's address and the contractor from such a sentence
 * on the first page (`prose`: the rows outside the tables), where no label gave them or a label's value
 * is a piece of the sentence ("Contractor:" at a line's end, read with the next line's words).
 */
export function fillFromAppositives(meta: SorMetadata, prose: LayoutRow[], provenance: ProvenanceRecorder): void {
  const page = prose[0]?.page;
  const words = prose.filter((row) => row.page === page).flatMap((row) => row.words);
  const sentence = textOf(words);
  const fill = (path: string, current: string | null, value: Word[]): string | null => {
    const text = textOf(value);
    // A label's value gives way only where it is a piece of the sentence sharing a word with the name ("Contractor:" at a
    // line's end, read with "Restoration, Co., license"), not another person the label names ("Consultant: Jane Roe").
    if (value.length === 0 || (current !== null && (!sentence.includes(current) || !sharesWord(current, text)))) return current;
    provenance.record(path, page, value, SENTENCE_QUALITY);
    return text;
  };
  const clauses = clausesOf(words);
  clauses.forEach((clause, index) => {
    const role = index > 0 ? roleOf(clause) : null;
    if (!role) return;
    meta[role] = fill(`documentMetadata.${role}`, meta[role], nameClosing(clauses[index - 1]));
    if (role === 'borrowerName') meta.propertyAddress = fill('documentMetadata.propertyAddress', meta.propertyAddress, addressAfter(clauses, index));
  });
  const contractor = contractorAfterLabel(words);
  if (contractor.length === 0) return;
  const clause = contractorClause({ term: 'Contractor', words: contractor, page: page! });
  const info = meta.contractorInfo;
  info.name = fill('documentMetadata.contractorInfo.name', info.name, clause.name);
  info.license = fill('documentMetadata.contractorInfo.license', info.license, clause.license);
  info.phone = fill('documentMetadata.contractorInfo.phone', info.phone, clause.phone);
}
