import type { Word } from '@docsift/core';
import { textOf } from '@docsift/core/layout';
import { PERSON_NAME } from './labels.js';
import type { ProvenanceRecorder } from './provenance.js';

/** The work a job is named for after its owner ("Underwood Renovation", "Dubois Residence Addition"). */
const JOB_WORD = /^(renovations?|remodel(ing)?|rehab(ilitation)?|residence|repairs?|project|addition|restoration)$/i;
/** Two owners named together ("Brian P. Underwood and Susan Underwood"). */
const OWNERS_JOINED = /\s+(?:and|&)\s+/;
/** A middle initial between a first name and a surname ("Brian P. Underwood"). */
const MIDDLE_INITIAL = /^\p{Lu}\.?$/u;
/** Words of a room, a building or a street, which name the place of the work, not its owner ("Master Bath", "Oak Street"). */
const PLACE_WORD = new Set([
  'kitchen', 'bath', 'bathroom', 'bedroom', 'basement', 'attic', 'garage', 'laundry', 'living', 'dining', 'family', 'master', 'powder',
  'deck', 'porch', 'roof', 'exterior', 'interior', 'whole', 'house', 'home', 'unit', 'building', 'apartment', 'condo', 'duplex', 'cottage',
  'street', 'st', 'avenue', 'ave', 'road', 'rd', 'lane', 'ln', 'drive', 'dr', 'court', 'ct', 'place', 'pl', 'boulevard', 'blvd', 'way', 'circle', 'cir', 'terrace',
]);

/** Whether an owner named in a project reads as a person: a middle initial, or a first name and a surname that name no place. */
function isPerson(name: string): boolean {
  if (!PERSON_NAME.test(name)) return false;
  const words = name.split(/\s+/);
  return words.slice(1, -1).some((word) => MIDDLE_INITIAL.test(word)) || words.every((word) => !PLACE_WORD.has(word.toLowerCase().replace(/\.$/, '')));
}

/**
 * With no borrower's label, a project named after its owners and the work ("Project  Brian P.
 * Underwood and Susan Underwood Renovation") names the borrower: the people before the job's words.
 */
export function ownerNamingProject(values: Array<{ words: Word[]; page: number }>, provenance: ProvenanceRecorder): string | null {
  for (const { words, page } of values) {
    let end = words.length;
    while (end > 0 && JOB_WORD.test(words[end - 1].text)) end -= 1;
    if (end === words.length || end < 2) continue;
    const owners = words.slice(0, end);
    const name = textOf(owners);
    if (!name.split(OWNERS_JOINED).every(isPerson)) continue;
    provenance.record('documentMetadata.borrowerName', page, owners, 0.7);
    return name;
  }
  return null;
}
