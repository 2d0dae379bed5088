import { z } from 'zod';
import type { BBox } from './document.js';
import { DocsiftError } from './errors.js';
import { FIELD_TYPES, type FieldType } from './registry.js';

/**
 * What a template extractor learns from one corrected document: how to recognise documents of the
 * same layout (the fingerprint) and where each field's value is printed on them. Plain JSON, so a
 * host can store it per organization and hand it back with later extractions (`learnedLayouts`).
 *
 * It holds no document text: every word is kept as a short hash of its folded spelling, next to
 * its position on the page (fractions of the page, origin top-left). Corrected values themselves
 * are not kept.
 */

export const LEARNED_LAYOUT_FORMAT = 'docsift-learned-layout';
/** Bump on any change a reader of older layouts cannot follow. */
export const LEARNED_LAYOUT_VERSION = 1;

/** Bounds that keep a stored layout small (a few kilobytes). */
export const LEARNED_LAYOUT_LIMITS = {
  fingerprintWords: 160,
  fields: 200,
  anchorsPerField: 2,
  wordsPerAnchor: 4,
  fieldNameLength: 200,
} as const;

/** A word of the fingerprint: hash of its folded spelling, centre x and y on the first page, 1 for a label's word (else 0). */
export type FingerprintWord = [hash: string, x: number, y: number, label: 0 | 1];

export interface LayoutFingerprint {
  /** Width / height of the first page. */
  aspect: number;
  /** Words of the first page that are not values: labels, letterhead, column headers. */
  words: FingerprintWord[];
}

/** Printed words near a value (its label) and where the value lies from them. */
export interface LearnedAnchor {
  /** `left`: on the value's row before it; `above`: on the row over it. */
  position: 'left' | 'above';
  /** Hashes of the anchor's words, in reading order. */
  words: string[];
  /** The anchor's box on the learned document. */
  box: BBox;
  /** The value's box minus the anchor's top-left corner: [dx0, dy0, dx1, dy1] (may be negative). */
  offset: [number, number, number, number];
}

/**
 * One template field on the learned layout. `located`: found on the page, with where; `absent`: the
 * user cleared the value; `unlocated`: the corrected value was not found on the page. Nothing is
 * learned for the last two: the extractor reads them as usual (an empty value on one document says
 * nothing of the next: a contractor "to be selected" on one is named on the next).
 */
export type LearnedField =
  | {
      name: string;
      type: FieldType;
      status: 'located';
      /** 1-based page of the value on the learned document. */
      page: number;
      /** Pages after it on the learned document (0: the last page). */
      pagesAfter: number;
      box: BBox;
      /** Printed lines the value spanned. */
      lines: number;
      /** String fields: whether the corrected value was mostly letters or mostly digits (a name stays a name, a reference a reference). */
      shape?: 'letters' | 'digits';
      /** Hashes of up to two words printed right after the value in its cell: the value ends before them. */
      after?: string[];
      anchors: LearnedAnchor[];
    }
  | { name: string; type: FieldType; status: 'absent' | 'unlocated' };

export interface LearnedLayout {
  format: typeof LEARNED_LAYOUT_FORMAT;
  version: typeof LEARNED_LAYOUT_VERSION;
  fingerprint: LayoutFingerprint;
  fields: LearnedField[];
}

/** Where a corrected value was found on the page; `page` and `bbox` are null when it was not found. */
export interface ValueLocation {
  page: number | null;
  bbox: BBox | null;
}

/** Keyed by path, as `fieldDetails` are (`total`, `lineItems[2].amount`). */
export type ValueLocations = Record<string, ValueLocation>;

const fraction = z.number().min(-1).max(2);
const box = z.tuple([fraction, fraction, fraction, fraction]);
const hash = z.string().min(1).max(16);
const limits = LEARNED_LAYOUT_LIMITS;
const fieldBase = { name: z.string().min(1).max(limits.fieldNameLength), type: z.enum(FIELD_TYPES) };

const learnedLayoutSchema = z
  .object({
    format: z.literal(LEARNED_LAYOUT_FORMAT),
    version: z.literal(LEARNED_LAYOUT_VERSION),
    fingerprint: z
      .object({
        aspect: z.number().positive().max(100),
        words: z.array(z.tuple([hash, fraction, fraction, z.union([z.literal(0), z.literal(1)])])).max(limits.fingerprintWords),
      })
      .strict(),
    fields: z
      .array(
        z.discriminatedUnion('status', [
          z
            .object({
              ...fieldBase,
              status: z.literal('located'),
              page: z.number().int().min(1),
              pagesAfter: z.number().int().min(0),
              box,
              lines: z.number().int().min(1).max(50),
              shape: z.enum(['letters', 'digits']).optional(),
              after: z.array(hash).min(1).max(2).optional(),
              anchors: z
                .array(
                  z
                    .object({
                      position: z.enum(['left', 'above']),
                      words: z.array(hash).min(1).max(limits.wordsPerAnchor),
                      box,
                      offset: z.tuple([fraction, fraction, fraction, fraction]),
                    })
                    .strict(),
                )
                .max(limits.anchorsPerField),
            })
            .strict(),
          z.object({ ...fieldBase, status: z.enum(['absent', 'unlocated']) }).strict(),
        ]),
      )
      .max(limits.fields),
  })
  .strict();

/**
 * Checks a stored learned layout (parsed JSON) and returns it typed. Throws `invalid_argument` with
 * a message saying what is wrong: another format, a version this engine does not read, or a bad shape.
 */
export function parseLearnedLayout(value: unknown): LearnedLayout {
  const header = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  if (header.format !== LEARNED_LAYOUT_FORMAT) {
    throw new DocsiftError('invalid_argument', `Not a learned layout: "format" must be "${LEARNED_LAYOUT_FORMAT}".`);
  }
  if (header.version !== LEARNED_LAYOUT_VERSION) {
    throw new DocsiftError(
      'invalid_argument',
      `Learned layout version ${JSON.stringify(header.version)} is not supported: this engine reads version ${LEARNED_LAYOUT_VERSION}. Correct a document again to learn the layout anew.`,
      { version: header.version ?? null, supported: LEARNED_LAYOUT_VERSION },
    );
  }
  const parsed = learnedLayoutSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DocsiftError('invalid_argument', `Invalid learned layout at ${issue.path.join('.') || 'the top level'}: ${issue.message}.`);
  }
  return parsed.data as LearnedLayout;
}
