import {
  DocsiftError,
  type DocumentModel,
  type ExtractContext,
  type ExtractionResult,
  type FieldDetail,
  type FieldSpec,
  type TemplateExtractor,
} from '@docsift/core';
import { matchFormField } from './form-fields.js';
import { findLabels, labelCandidates, type LabelCandidate, type LabelMatch } from './labels.js';
import { layoutDocument, unionBox, type Token } from './layout.js';
import { COMPACT_TYPES, maxLines, PARSERS, type Parsed } from './parse.js';
import { valueRegions, type RegionOptions, type ValueRegion } from './values.js';

export interface LabelTemplateExtractorOptions {
  /** Values found with less confidence than this are reported as null (default 0.5). */
  minConfidence?: number;
}

interface Found {
  value: unknown;
  detail: FieldDetail;
}

interface RegionReading extends Parsed {
  tokens: Token[];
}

/** A label match this strong marks its words as another field's label, never a value. */
const FOREIGN_LABEL_SCORE = 0.85;
const MAX_WINDOW = 6;
const NUMERIC_TYPES: ReadonlySet<FieldSpec['type']> = new Set(['number', 'integer', 'currency']);

const round = (value: number, digits: number): number => Math.round(value * 10 ** digits) / 10 ** digits;

/** Compact values (dates, amounts, emails…) may share the region with other words: try token windows. */
function readCompact(tokens: Token[], parse: (text: string) => Parsed | null): RegionReading | null {
  for (let start = 0; start < tokens.length; start += 1) {
    for (let length = Math.min(MAX_WINDOW, tokens.length - start); length >= 1; length -= 1) {
      const window = tokens.slice(start, start + length);
      const parsed = parse(window.map((token) => token.text).join(' '));
      if (!parsed) continue;
      const partial = start > 0 || start + length < tokens.length ? 0.9 : 1;
      return { ...parsed, quality: parsed.quality * partial, tokens: window };
    }
  }
  return null;
}

/** The day and year of a printed date are not amounts: drop the date's tokens. */
function withoutDates(tokens: Token[]): Token[] {
  const date = readCompact(tokens, PARSERS.date);
  return date ? tokens.filter((token) => !date.tokens.includes(token)) : tokens;
}

function readRegion(region: ValueRegion, field: FieldSpec): RegionReading | null {
  const parse = PARSERS[field.type];
  if (COMPACT_TYPES.has(field.type)) {
    const line = NUMERIC_TYPES.has(field.type) ? withoutDates(region.lines[0]) : region.lines[0];
    return readCompact(line, parse);
  }
  const text = region.lines.map((line) => line.map((token) => token.text).join(' ')).join('\n');
  const parsed = parse(text);
  return parsed ? { ...parsed, tokens: region.lines.flat() } : null;
}

function detailFor(match: LabelMatch, reading: RegionReading, region: ValueRegion): FieldDetail {
  const ocrConfidence = reading.tokens.reduce((sum, token) => sum + token.confidence, 0) / reading.tokens.length;
  const box = unionBox(reading.tokens);
  return {
    confidence: round(match.score * reading.quality * region.weight * ocrConfidence, 3),
    page: match.page.number,
    bbox: [round(box[0], 4), round(box[1], 4), round(box[2], 4), round(box[3], 4)],
    source: reading.tokens.some((token) => token.source === 'ocr') ? 'ocr' : 'text',
  };
}

function fromLabels(field: FieldSpec, matches: LabelMatch[], foreign: ReadonlySet<Token>): Found | null {
  let best: Found | null = null;
  for (const match of matches) {
    for (const region of valueRegions(match, regionOptions(field), foreign)) {
      const reading = readRegion(region, field);
      if (!reading) continue;
      const detail = detailFor(match, reading, region);
      if (detail.confidence > (best?.detail.confidence ?? 0)) best = { value: reading.value, detail };
    }
  }
  return best;
}

function regionOptions(field: FieldSpec): RegionOptions {
  return { maxLines: maxLines(field.type), compact: COMPACT_TYPES.has(field.type), checkbox: field.type === 'boolean' };
}

function labelTokens(match: LabelMatch): Token[] {
  return match.page.rows[match.rowIndex].tokens.slice(match.start, match.end);
}

/**
 * Finds template fields by their printed labels: AcroForm fields named like the field first, then
 * label anchors in the text (value right of the label, or below it), each value parsed by its type.
 */
export class LabelTemplateExtractor implements TemplateExtractor {
  readonly #minConfidence: number;

  constructor(options: LabelTemplateExtractorOptions = {}) {
    this.#minConfidence = options.minConfidence ?? 0.5;
  }

  async extract(
    document: DocumentModel,
    fields: FieldSpec[],
    context: Omit<ExtractContext, 'entry'>,
  ): Promise<ExtractionResult<Record<string, unknown>>> {
    const pages = layoutDocument(document);
    const labels: LabelCandidate[][] = fields.map(labelCandidates);
    const matches = labels.map((candidates) => findLabels(pages, candidates));
    const data: Record<string, unknown> = {};
    const fieldDetails: Record<string, FieldDetail> = {};
    fields.forEach((field, index) => {
      if (context.signal?.aborted) throw new DocsiftError('aborted', 'Processing was cancelled.');
      const foreign = new Set(
        matches.flatMap((fieldMatches, other) =>
          other === index ? [] : fieldMatches.filter((match) => match.score >= FOREIGN_LABEL_SCORE).flatMap(labelTokens),
        ),
      );
      const found = this.#fromForm(document, field, labels[index]) ?? fromLabels(field, matches[index], foreign);
      const kept = found && found.detail.confidence >= this.#minConfidence ? found : null;
      data[field.name] = kept?.value ?? null;
      if (kept) fieldDetails[field.name] = kept.detail;
    });
    context.logger.debug({ fields: fields.length, found: Object.keys(fieldDetails).length }, 'template fields extracted');
    return { data, fieldDetails };
  }

  #fromForm(document: DocumentModel, field: FieldSpec, labels: LabelCandidate[]): Found | null {
    const match = matchFormField(document.formFields, field, labels);
    if (!match) return null;
    return {
      value: match.parsed.value,
      detail: { confidence: round(match.confidence, 3), page: match.field.page, bbox: match.field.bbox, source: 'form' },
    };
  }
}
