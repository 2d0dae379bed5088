import {
  LEARNED_LAYOUT_FORMAT,
  LEARNED_LAYOUT_LIMITS,
  LEARNED_LAYOUT_VERSION,
  type BBox,
  type FieldSpec,
  type LearnedAnchor,
  type LearnedField,
  type LearnedLayout,
  type ValueLocations,
  type Word,
} from '@docsift/core';
import { cellsOf, rowGap, rowHeightsToX, startsCell, wordsBox, type DocumentLayout } from '@docsift/core/layout';
import { fieldConceptsOf } from './concepts.js';
import { fingerprintOf, wordHash } from './fingerprint.js';
import { occurrencesOf, type Occurrence } from './locate.js';
import { TOTALS_ROLES } from './totals.js';

/**
 * Learning a layout from one corrected document: each corrected value is located on the page, and
 * what locates it on the next document of the layout is kept (the label words left of it or above
 * it and the value's place relative to them, and its place on the page), with the layout's
 * fingerprint. See docs/plugins/template.md, "Learned layouts".
 */

/** A label above a value is at most this many row heights over it. */
const MAX_ABOVE_GAP = 3;

const isEmpty = (value: unknown): boolean => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
const isScalar = (field: FieldSpec): boolean => field.type !== 'list';
const round4 = (value: number): number => Math.round(value * 10000) / 10000;

function hasWords(occurrence: Occurrence, taken: ReadonlySet<Word>): boolean {
  return occurrence.lines.flat().some((word) => taken.has(word));
}

/**
 * Of several places a value is printed, the one a reader takes for the field: outside the tables'
 * items, not in a running header or footer; the last for a document's total (printed after its
 * subtotals), else the first (a letterhead's name before a signature block's).
 */
function pick(reading: DocumentLayout, field: FieldSpec, occurrences: Occurrence[], taken: ReadonlySet<Word>): Occurrence | null {
  const free = occurrences.filter((occurrence) => !hasWords(occurrence, taken));
  if (free.length === 0) return null;
  const last = fieldConceptsOf(field).some((match) => TOTALS_ROLES[match.id] === 'total');
  const preference = (occurrence: Occurrence): number => (reading.tableRows.has(occurrence.row) ? 0 : 2) + (occurrence.row.furniture ? 0 : 1);
  const ordered = last ? [...free].reverse() : free;
  return ordered.reduce((best, occurrence) => (preference(occurrence) > preference(best) ? occurrence : best));
}

/** Words of a label: they carry letters, and are not another value. */
const labelWord = (word: Word, taken: ReadonlySet<Word>): boolean => !taken.has(word) && wordHash(word) !== null;

/**
 * The words before the value on its row, at most four with letters, back to the start of their
 * cell (of the cell before when that leaves one word: "TOTAL ESTIMATED   COST"), never past a
 * number or another value.
 */
function leftAnchor(occurrence: Occurrence, taken: ReadonlySet<Word>): Word[] | null {
  const { row } = occurrence;
  const first = occurrence.lines[0][0];
  const words: Word[] = [];
  for (let index = row.words.indexOf(first) - 1; index >= 0 && words.length < LEARNED_LAYOUT_LIMITS.wordsPerAnchor; index -= 1) {
    const word = row.words[index];
    if (taken.has(word) || /\d/.test(word.text)) break;
    if (labelWord(word, taken)) words.unshift(word);
    if (words.length >= 2 && startsCell(row, index)) break;
  }
  return words.length > 0 ? words : null;
}

/** The cell of the nearest row above the value that stands over it. */
function aboveAnchor(reading: DocumentLayout, occurrence: Occurrence, taken: ReadonlySet<Word>): Word[] | null {
  const box = wordsBox(occurrence.lines[0])!;
  for (let index = occurrence.row.index - 1; index >= 0; index -= 1) {
    const row = reading.rows[index];
    if (row.page !== occurrence.page || rowGap(row, occurrence.row) > MAX_ABOVE_GAP) return null;
    const tolerance = rowHeightsToX(row, 0.5);
    const cell = cellsOf(row, 0.95).find((candidate) => candidate[0].bbox[0] <= box[2] + tolerance && candidate[candidate.length - 1].bbox[2] >= box[0] - tolerance);
    if (!cell) continue;
    const words = cell.filter((word) => labelWord(word, taken)).slice(0, LEARNED_LAYOUT_LIMITS.wordsPerAnchor);
    return words.length > 0 ? words : null;
  }
  return null;
}

/** Hashes of up to two words printed right after a one-line value in its cell ("Karen Lindqvist - FHA Case No."). */
function wordsAfter(occurrence: Occurrence, taken: ReadonlySet<Word>): string[] | null {
  if (occurrence.lines.length !== 1) return null;
  const { row } = occurrence;
  const line = occurrence.lines[0];
  const hashes: string[] = [];
  for (let index = row.words.indexOf(line[line.length - 1]) + 1; index < row.words.length && hashes.length < 2 && !startsCell(row, index); index += 1) {
    const word = row.words[index];
    if (taken.has(word) || /\d/.test(word.text)) break;
    const hash = wordHash(word);
    if (hash) hashes.push(hash);
  }
  return hashes.length > 0 ? hashes : null;
}

function anchor(position: LearnedAnchor['position'], words: Word[], value: BBox): LearnedAnchor {
  const box = wordsBox(words)!;
  return {
    position,
    words: words.map((word) => wordHash(word)!),
    box,
    offset: [round4(value[0] - box[0]), round4(value[1] - box[1]), round4(value[2] - box[0]), round4(value[3] - box[1])],
  };
}

/** Mostly letters or mostly digits. */
export function shapeOf(text: string): 'letters' | 'digits' {
  const letters = (text.match(/\p{L}/gu) ?? []).length;
  const digits = (text.match(/\d/g) ?? []).length;
  return letters >= digits ? 'letters' : 'digits';
}

function located(reading: DocumentLayout, field: FieldSpec, occurrence: Occurrence, value: unknown, taken: ReadonlySet<Word>): LearnedField {
  const lastPage = reading.rows[reading.rows.length - 1].page;
  const box = wordsBox(occurrence.lines.flat())!;
  const anchors = [
    ['left', leftAnchor(occurrence, taken)],
    ['above', aboveAnchor(reading, occurrence, taken)],
  ] as const;
  const after = wordsAfter(occurrence, taken);
  return {
    name: field.name,
    type: field.type,
    status: 'located',
    page: occurrence.page,
    pagesAfter: lastPage - occurrence.page,
    box,
    lines: occurrence.lines.length,
    ...(field.type === 'string' ? { shape: shapeOf(String(value)) } : {}),
    ...(after ? { after } : {}),
    anchors: anchors.flatMap(([position, words]) => (words ? [anchor(position, words, box)] : [])),
  };
}

interface Located {
  /** Where each corrected value is printed, null when it is not found. */
  chosen: Map<FieldSpec, Occurrence | null>;
  /** The words of every place a corrected value is printed: no label, and no word of the layout. */
  valueWords: Set<Word>;
}

/** The corrected values of the scalar fields, located: each printed word is one field's at most. */
function locateScalars(reading: DocumentLayout, fields: FieldSpec[], values: Record<string, unknown>): Located {
  const all = new Map<FieldSpec, Occurrence[]>();
  for (const field of fields.filter(isScalar)) {
    if (!isEmpty(values[field.name])) all.set(field, occurrencesOf(reading, field, values[field.name]));
  }
  const valueWords = new Set([...all.values()].flat().flatMap((occurrence) => occurrence.lines.flat()));
  const taken = new Set<Word>();
  const chosen = new Map<FieldSpec, Occurrence | null>();
  for (const [field, occurrences] of all) {
    const occurrence = pick(reading, field, occurrences, taken);
    chosen.set(field, occurrence);
    for (const word of occurrence?.lines.flat() ?? []) taken.add(word);
  }
  return { chosen, valueWords };
}

const where = (occurrence: Occurrence | null | undefined) => (occurrence ? { page: occurrence.page, bbox: wordsBox(occurrence.lines.flat()) } : { page: null, bbox: null });

/** Where each given value is printed, by path; null page and box for a value not found. */
export function locateValues(reading: DocumentLayout, fields: FieldSpec[], values: Record<string, unknown>): ValueLocations {
  const locations: ValueLocations = {};
  for (const [field, occurrence] of locateScalars(reading, fields, values).chosen) locations[field.name] = where(occurrence);
  const taken = new Set<Word>();
  for (const field of fields.filter((candidate) => !isScalar(candidate))) {
    const items = values[field.name];
    if (!Array.isArray(items)) continue;
    // Items are printed in order: each is looked for from the previous one's row on.
    let fromRow = 0;
    items.forEach((item, index) => {
      const parts: Array<[string, FieldSpec, unknown]> = field.fields?.length
        ? field.fields.map((subField) => [`${field.name}[${index}].${subField.name}`, subField, (item as Record<string, unknown> | null)?.[subField.name]])
        : [[`${field.name}[${index}]`, { name: field.name, type: 'string', description: '' }, item]];
      for (const [path, spec, value] of parts) {
        if (isEmpty(value)) continue;
        const occurrence = occurrencesOf(reading, spec, value).find((candidate) => candidate.row.index >= fromRow && !hasWords(candidate, taken)) ?? null;
        locations[path] = where(occurrence);
        if (!occurrence) continue;
        for (const word of occurrence.lines.flat()) taken.add(word);
        fromRow = Math.max(fromRow, occurrence.row.index);
      }
    });
  }
  return locations;
}

/**
 * The layout learned from a document and the user's values for its fields: every scalar field
 * given located (or `absent` when the user left it empty, `unlocated` when its value is not on the
 * page); list fields are not learned. Null for a document without words.
 */
export function learnLayout(reading: DocumentLayout, fields: FieldSpec[], values: Record<string, unknown>): LearnedLayout | null {
  if (reading.rows.length === 0) return null;
  const { chosen: occurrences, valueWords } = locateScalars(reading, fields, values);
  const learned: LearnedField[] = [];
  for (const field of fields.filter(isScalar).slice(0, LEARNED_LAYOUT_LIMITS.fields)) {
    if (!(field.name in values)) continue;
    const occurrence = occurrences.get(field);
    if (occurrence === undefined) learned.push({ name: field.name, type: field.type, status: 'absent' });
    else if (occurrence === null) learned.push({ name: field.name, type: field.type, status: 'unlocated' });
    else learned.push(located(reading, field, occurrence, values[field.name], valueWords));
  }
  return { format: LEARNED_LAYOUT_FORMAT, version: LEARNED_LAYOUT_VERSION, fingerprint: fingerprintOf(reading, valueWords), fields: learned };
}
