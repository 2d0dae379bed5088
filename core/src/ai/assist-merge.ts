import type { BBox, DocumentModel } from '../contracts/document.js';
import type { ExtractionResult, FieldDetail, FieldDetails } from '../contracts/results.js';
import { centreInside, meanConfidence } from '../layout/boxes.js';
import { valueProblem } from '../lending/values.js';
import { isPlainObject, valuesAt } from '../mapping/paths.js';
import { modelConfidence, type ExtractionAnswer } from './llm-extractor.js';
import { fold, leaves, locate, type Leaf, type Location } from './locate.js';
import type { SchemaLeaf } from './schema-leaves.js';

/**
 * The most a located model answer scores: under the 0.5 the template extractor keeps its own reads
 * at and under the default `assistBelow` (0.6), so a value the model filled never passes for one
 * the engine read, and asking again would ask for it again.
 */
export const ASSISTED_CONFIDENCE_CAP = 0.45;

type Data = Record<string, unknown>;

/** What became of the model's answers, by path. */
export interface AssistMerge {
  extraction: ExtractionResult<Data>;
  /** Now the model's value, with the box it is printed in. */
  filled: string[];
  /** Not printed anywhere in the document's words: dropped. */
  unlocated: string[];
  /** Printed only where another field's value was read: dropped. */
  claimed: string[];
  /** The same as the unsure local value: left as the engine read it. */
  confirmed: string[];
}

const segments = (path: string): string[] => path.split('.');
const valueAt = (data: Data, path: string): unknown => valuesAt(data, segments(path))[0];

/** The leaves to ask about: empty or read with less confidence than `unsureBelow`, inside an object the local result has. */
export function leavesToAsk(schemaLeaves: SchemaLeaf[], local: ExtractionResult<Data>, unsureBelow: number): SchemaLeaf[] {
  return schemaLeaves.filter(({ path }) => {
    const parent = valuesAt(local.data, segments(path).slice(0, -1))[0];
    return isPlainObject(parent) && valueProblem(valueAt(local.data, path), path, local.fieldDetails, unsureBelow) !== null;
  });
}

function setValueAt(data: Data, path: string, value: Leaf): void {
  const keys = segments(path);
  const parent = keys.slice(0, -1).reduce((node, key) => node[key] as Data, data);
  parent[keys[keys.length - 1]] = value;
}

function sameValue(local: unknown, answer: Leaf): boolean {
  if (typeof local === 'string' && typeof answer === 'string') return fold(local) !== '' && fold(local) === fold(answer);
  return local === answer;
}

interface Place {
  page: number;
  bbox: BBox;
}

/** Where the values read with confidence are printed; a model answer printed only there belongs to another field. */
function confidentPlaces(fieldDetails: FieldDetails, asked: ReadonlySet<string>, unsureBelow: number): Place[] {
  return Object.entries(fieldDetails)
    .filter(([path, detail]) => !asked.has(path) && !detail.derivation && detail.confidence >= unsureBelow)
    .flatMap(([, { page, bbox }]) => (page !== null && bbox !== null ? [{ page, bbox }] : []));
}

const samePlace = (a: Place, b: Place): boolean => a.page === b.page && (centreInside(a.bbox, b.bbox) || centreInside(b.bbox, a.bbox));

function assistedDetail(location: Location, confidence: number): FieldDetail {
  const scaled = Math.min(ASSISTED_CONFIDENCE_CAP, confidence) * meanConfidence(location.words);
  return { confidence: Math.round(scaled * 1000) / 1000, page: location.page, bbox: location.bbox, source: 'model' };
}

/**
 * Puts the model's answers into a copy of the local result: an answer is kept only where it is
 * printed, on words no confident value (nor another answer) was read from; its box becomes the
 * value's provenance. A null answer, or one equal to the local value, leaves the local value as it is.
 */
export function mergeAnswer(
  document: DocumentModel,
  local: ExtractionResult<Data>,
  answer: ExtractionAnswer,
  asked: SchemaLeaf[],
  unsureBelow: number,
): AssistMerge {
  const askedPaths = new Set(asked.map((leaf) => leaf.path));
  const taken = confidentPlaces(local.fieldDetails, askedPaths, unsureBelow);
  const data = structuredClone(local.data);
  const fieldDetails = { ...local.fieldDetails };
  const merge: AssistMerge = { extraction: { data, fieldDetails }, filled: [], unlocated: [], claimed: [], confirmed: [] };
  for (const [path, value] of leaves(answer.data)) {
    if (!askedPaths.has(path)) continue;
    if (sameValue(valueAt(local.data, path), value)) {
      merge.confirmed.push(path);
      continue;
    }
    const location = locate(document, value, (place) => !taken.some((other) => samePlace(place, other)));
    if (!location) {
      (locate(document, value) ? merge.claimed : merge.unlocated).push(path);
      continue;
    }
    setValueAt(data, path, value);
    fieldDetails[path] = assistedDetail(location, modelConfidence(answer.confidence, path));
    taken.push(location);
    merge.filled.push(path);
  }
  return merge;
}
