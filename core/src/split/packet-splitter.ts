import { DocsiftError } from '../contracts/errors.js';
import type { DocumentModel } from '../contracts/document.js';
import type { RegistryEntry } from '../contracts/registry.js';
import { UNKNOWN_TYPE, type Classification } from '../contracts/results.js';
import type { Classifier } from '../contracts/services.js';
import { containment, jaccard, pageSignals, type PageSignals } from './page-signals.js';

export const SPLIT_STRATEGIES = ['auto', 'manual', 'none'] as const;
/** `auto`: find the documents; `manual`: the caller's page ranges; `none`: the whole file is one document. */
export type SplitStrategy = (typeof SPLIT_STRATEGIES)[number];

/** Why a part starts where it does. */
export type BoundaryReason = 'start' | 'page_numbering' | 'type_change' | 'new_first_page' | 'manual';

/** One document found in a file: its type and its pages (1-based, inclusive). */
export interface PacketPart {
  documentType: string;
  pages: [first: number, last: number];
  /** 0..1: how sure the split is of this part: the lower of its type's confidence and its first boundary's. */
  confidence: number;
  /** What made the part start at its first page. */
  boundary: BoundaryReason;
}

export interface SplitOptions {
  strategy?: SplitStrategy;
  /** `manual` only: `[[first, last], …]`, 1-based, ascending, not overlapping. */
  ranges?: ReadonlyArray<readonly [number, number]>;
  signal?: AbortSignal;
}

interface PageVerdict {
  signals: PageSignals;
  classification: Classification;
}

interface Segment {
  first: number;
  last: number;
  boundary: BoundaryReason;
  boundaryConfidence: number;
}

interface Evidence {
  /** Log-odds that the next page starts a new document: above 0 it does. */
  score: number;
  reason: BoundaryReason;
}

/**
 * Finds the documents of a packet: each page is classified on its own and read for page numbering,
 * its title block or running header and the identifiers printed there; between two pages, the
 * evidence for a new document (numbering restarting, a change of type, the same title block with
 * other identifiers) is weighed against the evidence for a continuation (numbering going on, the
 * same letterhead, a running header repeating the document's identifiers). Each part is then
 * classified as a whole.
 */
export class PacketSplitter {
  readonly #classifier: Classifier;

  constructor(deps: { localClassifier: Classifier }) {
    this.#classifier = deps.localClassifier;
  }

  async split(document: DocumentModel, entries: RegistryEntry[], options: SplitOptions = {}): Promise<PacketPart[]> {
    const strategy = options.strategy ?? 'auto';
    if (!SPLIT_STRATEGIES.includes(strategy)) {
      throw new DocsiftError('invalid_argument', `Unknown split strategy "${String(strategy)}"; use ${SPLIT_STRATEGIES.join(', ')}.`);
    }
    let segments: Segment[];
    if (strategy === 'none' || document.pageCount <= 1) {
      if (options.ranges && strategy !== 'manual') throw new DocsiftError('invalid_argument', 'Page ranges are given with the manual split strategy only.');
      segments = [{ first: 1, last: Math.max(1, document.pageCount), boundary: 'start', boundaryConfidence: 1 }];
    } else if (strategy === 'manual') {
      segments = validatedRanges(options.ranges, document.pageCount).map(([first, last]) => ({ first, last, boundary: 'manual' as const, boundaryConfidence: 1 }));
    } else {
      if (options.ranges) throw new DocsiftError('invalid_argument', 'Page ranges are given with the manual split strategy only.');
      segments = await this.#findSegments(document, entries, options.signal);
    }
    const parts: PacketPart[] = [];
    for (const segment of segments) {
      throwIfAborted(options.signal);
      const whole = await this.#classifier.classify(subDocument(document, [segment.first, segment.last]), entries, { signal: options.signal });
      parts.push({
        documentType: whole.documentType,
        pages: [segment.first, segment.last],
        confidence: round(Math.min(typeConfidence(whole), segment.boundaryConfidence)),
        boundary: segment.boundary,
      });
    }
    return parts;
  }

  async #findSegments(document: DocumentModel, entries: RegistryEntry[], signal: AbortSignal | undefined): Promise<Segment[]> {
    const verdicts: PageVerdict[] = [];
    for (const page of document.pages) {
      throwIfAborted(signal);
      const single = subDocument(document, [page.number, page.number]);
      verdicts.push({ signals: pageSignals(page), classification: await this.#classifier.classify(single, entries, { signal }) });
    }
    const segments: Segment[] = [];
    let open: OpenSegment | null = null;
    for (const verdict of verdicts) {
      if (open) {
        const evidence = boundaryEvidence(open, verdict);
        if (evidence.score <= 0) {
          open.segment.last = verdict.signals.page;
          open.pages.push(verdict);
          for (const word of verdict.signals.words) open.words.add(word);
          for (const identifier of verdict.signals.identifiers) open.identifiers.add(identifier);
          for (const value of verdict.signals.identityValues) open.identityValues.add(value);
          continue;
        }
        segments.push(open.segment);
        open = null;
        const segment: Segment = { first: verdict.signals.page, last: verdict.signals.page, boundary: evidence.reason, boundaryConfidence: sigmoid(evidence.score) };
        open = openSegment(segment, verdict);
        continue;
      }
      const segment: Segment = { first: verdict.signals.page, last: verdict.signals.page, boundary: 'start', boundaryConfidence: 1 };
      open = openSegment(segment, verdict);
    }
    if (open) segments.push(open.segment);
    return segments;
  }
}

/** The document being assembled: its pages and what they print, gathered for comparison with the next page. */
interface OpenSegment {
  segment: Segment;
  pages: PageVerdict[];
  words: Set<string>;
  identifiers: Set<string>;
  identityValues: Set<string>;
}

function openSegment(segment: Segment, first: PageVerdict): OpenSegment {
  return {
    segment,
    pages: [first],
    words: new Set(first.signals.words),
    identifiers: new Set(first.signals.identifiers),
    identityValues: new Set(first.signals.identityValues),
  };
}

/**
 * A page labelling several parties and references near its top introduces a document: another one
 * when what it says there is new, the same one when it repeats the document's (a running header).
 * Labels whose values sit apart (in boxes below them) cannot be compared: two such pages are two
 * first pages.
 */
function identityEvidence(open: OpenSegment, next: PageVerdict): Evidence | null {
  if (next.signals.identityConcepts.size < 3) return null;
  if (next.signals.identityValues.size > 0 && open.identityValues.size > 0) {
    const repeated = containment(next.signals.identityValues, open.identityValues);
    if (repeated < 0.34) return { score: 2.5, reason: 'new_first_page' };
    if (repeated >= 0.6) return { score: -2, reason: 'start' };
    return null;
  }
  const first = open.pages[0]!;
  return first.signals.identityConcepts.size >= 3 ? { score: 1.5, reason: 'new_first_page' } : null;
}

/** The evidence that `next` starts a new document after the open segment. */
function boundaryEvidence(open: OpenSegment, next: PageVerdict): Evidence {
  const previous = open.pages[open.pages.length - 1]!;
  const first = open.pages.find((page) => !page.signals.blank) ?? open.pages[0]!;
  if (next.signals.blank) return { score: -4, reason: 'start' };

  const numbering = numberingEvidence(previous.signals, next.signals);
  if (numbering.decisive) return numbering;

  const segmentType = segmentTypeOf(open.pages);
  const nextType = next.classification.documentType;
  if (nextType !== UNKNOWN_TYPE && nextType !== segmentType) return { score: 3, reason: 'type_change' };

  const titleBlockRepeated = jaccard(next.signals.headingWords, first.signals.headingWords) >= 0.5 && next.signals.headingWords.size >= 4;
  if (titleBlockRepeated) {
    if (next.signals.headingIdentifiers.size === 0) return { score: 0.5, reason: 'new_first_page' };
    return { score: containment(next.signals.headingIdentifiers, open.identifiers) >= 0.5 ? -2 : 2, reason: 'new_first_page' };
  }
  const identity = identityEvidence(open, next);
  if (identity) return { score: identity.score + numbering.score, reason: identity.reason };
  if (nextType !== UNKNOWN_TYPE) return { score: numbering.score - 1, reason: 'start' };

  const vocabulary = vocabularyEvidence(next.signals, previous.signals, open.words);
  if (segmentType === UNKNOWN_TYPE) return { score: numbering.score + vocabulary - 0.25, reason: 'new_first_page' };
  const sameTypeWeakly = next.classification.bestTypeCode === segmentType ? next.classification.confidence : 0;
  return { score: numbering.score + 0.5 + vocabulary - 4 * sameTypeWeakly, reason: 'type_change' };
}

/**
 * Pages of one document share words: with the page before (the same subject, the same form) and
 * with the document so far (its parties, its terms). Positive when `next` shares little.
 */
function vocabularyEvidence(next: PageSignals, previous: PageSignals, documentWords: Set<string>): number {
  const withPrevious = clamp((0.12 - jaccard(next.words, previous.words)) / 0.06, 1.5);
  const withDocument = clamp((0.3 - containment(next.words, documentWords)) / 0.15, 1.5);
  return withPrevious + withDocument;
}

/**
 * Printed numbering: "1 of n" starts a document, "k of n" (k > 1) continues one, whatever else the
 * page looks like (decisive); a page "k of n" with k < n expects more, "n of n" ends (weighed with the rest).
 */
function numberingEvidence(previous: PageSignals, next: PageSignals): Evidence & { decisive: boolean } {
  const before = previous.numbering;
  const after = next.numbering;
  if (after?.number === 1 && !(before?.number === 1 && before.of === after.of && sameDocumentRepeat(previous, next))) {
    return { score: 4, reason: 'page_numbering', decisive: true };
  }
  if (after && after.number > 1 && (!before || after.number === before.number + 1)) return { score: -4, reason: 'page_numbering', decisive: true };
  if (before?.of != null && before.number < before.of) return { score: -1, reason: 'page_numbering', decisive: false };
  if (before?.of != null && before.number === before.of) return { score: 1.5, reason: 'page_numbering', decisive: false };
  return { score: 0, reason: 'start', decisive: false };
}

/** Two consecutive pages both printed "1 of n" are one document only when they are the same page twice (a duplicate scan). */
function sameDocumentRepeat(previous: PageSignals, next: PageSignals): boolean {
  return jaccard(previous.words, next.words) > 0.9;
}

function segmentTypeOf(pages: PageVerdict[]): string {
  const known = pages.find((page) => page.classification.documentType !== UNKNOWN_TYPE);
  return known?.classification.documentType ?? UNKNOWN_TYPE;
}

function typeConfidence(classification: Classification): number {
  if (classification.documentType !== UNKNOWN_TYPE) return classification.confidence;
  return 1 - classification.confidence;
}

/** The pages `first..last` of a document as a document of their own; page numbers stay those of the file. */
export function subDocument(document: DocumentModel, [first, last]: readonly [number, number]): DocumentModel {
  const pages = document.pages.filter((page) => page.number >= first && page.number <= last);
  const whole = first === 1 && last >= document.pageCount;
  return {
    ...document,
    pageCount: pages.length,
    pages,
    formFields: document.formFields.filter((field) => (field.page === null ? whole : field.page >= first && field.page <= last)),
  };
}

/** Checks `manual` ranges: whole numbers, inside the file, ascending and not overlapping. */
export function validatedRanges(ranges: SplitOptions['ranges'], pageCount: number): Array<[number, number]> {
  if (!ranges || ranges.length === 0) throw new DocsiftError('invalid_argument', 'The manual split strategy needs `ranges`: [[first, last], …].');
  const checked: Array<[number, number]> = [];
  for (const [index, range] of ranges.entries()) {
    const [first, last] = Array.isArray(range) ? range : [];
    if (!Array.isArray(range) || range.length !== 2 || !Number.isInteger(first) || !Number.isInteger(last)) {
      throw new DocsiftError('invalid_argument', `ranges[${index}] must be [first, last], two whole page numbers.`, { range: index });
    }
    if (first! < 1 || last! > pageCount || first! > last!) {
      throw new DocsiftError('invalid_argument', `ranges[${index}] = [${first}, ${last}] is not a page range of this ${pageCount}-page file.`, { range: index });
    }
    const previous = checked[checked.length - 1];
    if (previous && first! <= previous[1]) {
      throw new DocsiftError('invalid_argument', `ranges[${index}] starts at page ${first}, inside or before the range before it; ranges are ascending and do not overlap.`, {
        range: index,
      });
    }
    checked.push([first!, last!]);
  }
  return checked;
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new DocsiftError('aborted', 'Processing was cancelled.');
}

function clamp(value: number, limit: number): number {
  return Math.max(-limit, Math.min(limit, value));
}

function sigmoid(score: number): number {
  return 1 / (1 + Math.exp(-score));
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
