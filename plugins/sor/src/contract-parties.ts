import type { Word } from '@docsift/core';
import { readDefinedTerms, textOf, withoutTrailingComma, type DefinedTerm, type LayoutRow } from '@docsift/core/layout';
import { STATE_AND_ZIP } from './labels.js';
import type { ProvenanceRecorder } from './provenance.js';
import type { SorMetadata } from './schema.js';

/**
 * A homeowner/contractor agreement names its parties in its opening clause and defines them:
 * `… between Lisa Whitaker & Denise Novak (the "Owner") and Kowalczyk Builders Group, license no.
 * RBC 950285, telephone (205) 300-9680 (the "Contractor"), for the renovation of the property at
 * 6864 Garfield Blvd, Birmingham, AL 35233 (the "Property"), financed by … (the "Lender")`.
 */

export type ContractParty = 'borrowerName' | 'contractor' | 'propertyAddress' | 'lenderName';

const PARTY_TERMS: Array<[ContractParty, RegExp]> = [
  ['borrowerName', /^((home)?owners?|borrowers?|buyers?|clients?|customers?)$/i],
  ['contractor', /^((general )?contractor|builder)$/i],
  ['propertyAddress', /^(property|premises)$/i],
  ['lenderName', /^lender$/i],
];

/** Each party's defined term, the first one of its kind. */
export function contractParties(rows: LayoutRow[]): Map<ContractParty, DefinedTerm> {
  const parties = new Map<ContractParty, DefinedTerm>();
  for (const term of readDefinedTerms(rows)) {
    const party = PARTY_TERMS.find(([, pattern]) => pattern.test(term.term))?.[0];
    if (party && !parties.has(party)) parties.set(party, term);
  }
  return parties;
}

/** Labels of the contractor's details after its name in the clause. */
const LICENSE_LABEL = /^(licen[cs]e|lic\.?)$/i;
const PHONE_LABEL = /^(telephone|tel\.?|phone|ph\.?)$/i;
/** Words between a license label and its number ("license no. RBC 950285"). */
const NUMBER_MARK = /^(no\.?|number|#|nr\.?):?$/i;

export interface ContractorClause {
  name: Word[];
  license: Word[];
  phone: Word[];
}

/** The contractor's name, license and phone as the clause prints them, each up to the next label or comma. */
export function contractorClause(term: DefinedTerm): ContractorClause {
  const { words } = term;
  const labelAt = words.findIndex((word) => LICENSE_LABEL.test(word.text) || PHONE_LABEL.test(word.text));
  const name = words.slice(0, labelAt < 0 ? words.length : labelAt);
  const valueAfter = (label: RegExp): Word[] => {
    const at = words.findIndex((word) => label.test(word.text));
    if (at < 0) return [];
    let start = at + 1;
    while (start < words.length && NUMBER_MARK.test(words[start].text)) start += 1;
    const value: Word[] = [];
    for (const word of words.slice(start)) {
      if (LICENSE_LABEL.test(word.text) || PHONE_LABEL.test(word.text)) break;
      value.push(word);
      if (word.text.endsWith(',')) break;
    }
    return value;
  };
  return { name: withoutTrailingComma(name), license: withoutTrailingComma(valueAfter(LICENSE_LABEL)), phone: withoutTrailingComma(valueAfter(PHONE_LABEL)) };
}

/** How sure a value read from an agreement's prose is. */
const CLAUSE_QUALITY = 0.8;

/**
 * Fills what no label gave from the agreement's opening clause (`prose`: the rows outside the
 * tables), and replaces a value that is a part of the clause's or runs on past it: a signature line's
 * "Owner:" names one of two owners, a "license no." read in prose runs on into the telephone.
 */
export function fillFromContractParties(meta: SorMetadata, prose: LayoutRow[], provenance: ProvenanceRecorder): void {
  const parties = contractParties(prose);
  const fill = (path: string, current: string | null, words: Word[], page: number): string | null => {
    const text = words.length > 0 ? textOf(words) : null;
    if (text === null || (current !== null && !text.startsWith(current) && !current.startsWith(text))) return current;
    provenance.record(path, page, words, CLAUSE_QUALITY);
    return text;
  };
  for (const [party, term] of parties) {
    if (party === 'borrowerName') meta.borrowerName = fill('documentMetadata.borrowerName', meta.borrowerName, term.words, term.page);
    if (party === 'lenderName') meta.lenderName = fill('documentMetadata.lenderName', meta.lenderName, term.words, term.page);
    if (party === 'propertyAddress' && STATE_AND_ZIP.test(textOf(term.words))) meta.propertyAddress = fill('documentMetadata.propertyAddress', meta.propertyAddress, term.words, term.page);
    if (party !== 'contractor') continue;
    const clause = contractorClause(term);
    const info = meta.contractorInfo;
    info.name = fill('documentMetadata.contractorInfo.name', info.name, clause.name, term.page);
    info.license = fill('documentMetadata.contractorInfo.license', info.license, clause.license, term.page);
    info.phone = fill('documentMetadata.contractorInfo.phone', info.phone, clause.phone, term.page);
  }
}
