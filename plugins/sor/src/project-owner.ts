import type { Word } from '@docsift/core';
import { textOf } from '@docsift/core/layout';
import { PERSON_NAME } from './labels.js';
import type { ProvenanceRecorder } from './provenance.js';

/** The work a job is named for after its owner ("Underwood Renovation", "Dubois Residence"). */
const JOB_WORD = /^(renovations?|remodel(ing)?|rehab(ilitation)?|residence|repairs?|project|addition|restoration)$/i;
/** Two owners named together ("Brian P. Underwood and Susan Underwood"). */
const OWNERS_JOINED = /\s+(?:and|&)\s+/;

/**
 * With no borrower's label, a project named after its owners and the work ("Project  Brian P.
 * Underwood and Susan Underwood Renovation") names the borrower: the people before the job's word.
 */
export function ownerNamingProject(values: Array<{ words: Word[]; page: number }>, provenance: ProvenanceRecorder): string | null {
  for (const { words, page } of values) {
    const last = words.at(-1);
    if (words.length < 3 || !last || !JOB_WORD.test(last.text)) continue;
    const owners = words.slice(0, -1);
    const name = textOf(owners);
    if (!name.split(OWNERS_JOINED).every((person) => PERSON_NAME.test(person))) continue;
    provenance.record('documentMetadata.borrowerName', page, owners, 0.7);
    return name;
  }
  return null;
}
