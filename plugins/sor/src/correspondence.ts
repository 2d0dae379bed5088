import type { Word } from '@docsift/core';
import { textFlow, textOf, wordAt, type LayoutRow } from '@docsift/core/layout';
import { institutionOnOwnLine } from './lender.js';
import type { ProvenanceRecorder } from './provenance.js';
import type { SorMetadata } from './schema.js';

/**
 * A bid sent as a letter or an e-mail names the job in its prose ("our itemized bid for Thomas M.
 * Zimmerman and Jessica Baptiste at 719 Orchard Cir, Birmingham, AL 35210"; "the renovation loan for
 * Anthony O. Sandoval on 4766 Dogwood Road, Toledo, OH 43642"), and the lender's loan officer signs
 * with the institution's name on a line of its own.
 */

const NAME_WORD = String.raw`\p{Lu}[\p{L}'’-]*\.?`;
const NAMES = String.raw`${NAME_WORD}(?:\s+${NAME_WORD}){1,3}(?:\s+(?:and|&)\s+${NAME_WORD}(?:\s+${NAME_WORD}){1,3})?`;
const US_ADDRESS = String.raw`\d{1,6}\s+[^,.;]{2,40},\s*\p{Lu}[\p{L} .'-]{1,30},\s*[A-Z]{2}\s+\d{5}(?:-\d{4})?`;
/** "… for <the homeowners> at <the property's address>" in a sentence. */
const JOB_IN_PROSE = new RegExp(String.raw`\bfor\s+(${NAMES})\s+(?:at|on)\s+(?:the\s+property\s+at\s+)?(${US_ADDRESS})`, 'du');

/** How sure a value read from prose is. */
const PROSE_QUALITY = 0.7;

interface Phrase {
  text: string;
  words: Word[];
  page: number;
}

/** The homeowners and the property's address named in a sentence of the running text, if any. */
function jobInProse(prose: LayoutRow[]): { borrower: Phrase; address: Phrase } | null {
  for (const page of [...new Set(prose.map((row) => row.page))]) {
    const flow = textFlow(prose.filter((row) => row.page === page));
    const match = JOB_IN_PROSE.exec(flow.text);
    if (!match?.indices) continue;
    const phrase = (group: number): Phrase => {
      const [start, end] = match.indices![group];
      return { text: match[group], words: flow.words.slice(wordAt(flow, start), wordAt(flow, end - 1) + 1), page };
    };
    return { borrower: phrase(1), address: phrase(2) };
  }
  return null;
}

/**
 * Fills the borrower, the property's address and the lender from a letter's or an e-mail's prose and
 * signatures (`prose`: the rows outside the tables) where no label gave them.
 */
export function fillFromCorrespondence(meta: SorMetadata, prose: LayoutRow[], provenance: ProvenanceRecorder): void {
  const job = meta.borrowerName === null || meta.propertyAddress === null ? jobInProse(prose) : null;
  if (job && meta.borrowerName === null) {
    meta.borrowerName = job.borrower.text;
    provenance.record('documentMetadata.borrowerName', job.borrower.page, job.borrower.words, PROSE_QUALITY);
  }
  if (job && meta.propertyAddress === null) {
    meta.propertyAddress = job.address.text;
    provenance.record('documentMetadata.propertyAddress', job.address.page, job.address.words, PROSE_QUALITY);
  }
  if (meta.lenderName !== null) return;
  const lender = institutionOnOwnLine(prose);
  if (!lender) return;
  meta.lenderName = textOf(lender.words);
  provenance.record('documentMetadata.lenderName', lender.page, lender.words, PROSE_QUALITY);
}
