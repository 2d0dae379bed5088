import {
  DocsiftError,
  type DocumentModel,
  type ExtractionResult,
  type FieldDetail,
  type FieldSpec,
  type LearnedLayout,
  type TemplateExtractContext,
  type TemplateExtractor,
  type ValueLocations,
  type Word,
} from '@docsift/core';
import {
  endsWithColon,
  FIELD_CONCEPTS,
  findAddressee,
  findIssuer,
  findLabelSpans,
  readLayout,
  startsCell,
  valueRegions,
  wordsBox,
  type DocumentLayout,
  type PartyName, type FieldConcept, type LabelSpan, type ValueKind } from '@docsift/core/layout';
import { fieldConceptsOf, type ConceptMatch } from './concepts.js';
import { matchFormField } from './form-fields.js';
import { readListField } from './items.js';
import { labelMatcher, type LabelSource } from './labels.js';
import { learnLayout, locateValues } from './learn.js';
import { matchLayout, readLearnedFields, type LearnedValue } from './learned-reading.js';
import { COMPACT_TYPES, maxLines } from './parse.js';
import { findCurrency, findFirstDate, findTitledNumber, type RoleReading } from './roles.js';
import { reconcileTotals, tableTotals, taxRatesSum, TOTALS_ROLES, type AmountCandidate, type TotalsRole } from './totals.js';
import { readRegion, type Reading } from './values.js';

export interface LabelTemplateExtractorOptions {
  /** Values found with less confidence than this are reported as null (default 0.5). */
  minConfidence?: number;
  /** A learned layout is used for a document whose fingerprint matches it at least this well, 0..1 (default 0.5). */
  minLayoutSimilarity?: number;
}

interface Found {
  value: unknown;
  detail: FieldDetail;
  words: Word[];
}

interface FieldPlan {
  field: FieldSpec;
  concept: FieldConcept | undefined;
  /** Strongest first. */
  candidates: Found[];
}

/** Fields of the document's total, net total and tax keep the candidates whose amounts add up (see totals.ts). */
function settleTotals(plans: FieldPlan[], reading: DocumentLayout): void {
  const byRole = new Map<TotalsRole, FieldPlan>();
  for (const plan of plans) {
    const role = plan.concept ? TOTALS_ROLES[plan.concept] : undefined;
    if (role && !byRole.has(role) && plan.field.type !== 'list') byRole.set(role, plan);
  }
  if (byRole.size === 0) return;
  const amounts = (plan: FieldPlan | undefined): AmountCandidate[] =>
    (plan?.candidates ?? []).filter((candidate): candidate is AmountCandidate => typeof candidate.value === 'number');
  const fromTables = tableTotals(reading);
  const rates = byRole.has('tax') ? taxRatesSum(reading) : null;
  const all = (role: TotalsRole, extra: AmountCandidate[] = []): AmountCandidate[] =>
    [...amounts(byRole.get(role)), ...(fromTables[role] ?? []), ...extra].sort((a, b) => b.detail.confidence - a.detail.confidence);
  const picked = reconcileTotals({ total: all('total'), net: all('net'), tax: all('tax', rates ? [rates] : []) });
  for (const [role, plan] of byRole) {
    const choice = picked[role];
    plan.candidates = choice ? [choice] : [];
  }
}

/** Labels looked at per field, strongest first. */
const MAX_LABELS = 12;
/** A label weaker than this is not worth reading a value for. */
const MIN_LABEL_SCORE = 0.3;

const round = (value: number, digits = 3): number => Math.round(value * 10 ** digits) / 10 ** digits;

function found(reading: Reading, page: number, confidence: number): Found {
  const ocr = reading.words.length === 0 ? 1 : reading.words.reduce((sum, word) => sum + word.confidence, 0) / reading.words.length;
  return {
    value: reading.value,
    words: reading.words,
    detail: {
      confidence: round(Math.min(1, confidence * ocr)),
      page,
      bbox: wordsBox(reading.words),
      source: reading.words.some((word) => word.source === 'ocr') ? 'ocr' : 'text',
    },
  };
}

const labelWeight = (span: LabelSpan<LabelSource>): number => Math.max(...span.values.map((source) => source.weight));

/**
 * A field's label inside a longer label of another concept ("client" in "N° TVA client") is that
 * label's word; so is one run on into another concept's label ("Customer" in "Customer VAT Number").
 */
function insideOtherLabel(span: LabelSpan<LabelSource>, reading: DocumentLayout, wanted: ReadonlySet<FieldConcept>): boolean {
  return reading.labels.some((other) => {
    if (other.row !== span.row || other.values.some((concept) => wanted.has(concept))) return false;
    const covers = other.start <= span.start && other.end >= span.end && other.end - other.start > span.end - span.start;
    // A tail in brackets ("Total (RM):") is the label's own, not another label.
    const runsInto = other.start === span.end && !startsCell(span.row, span.end) && !endsWithColon(span.row.words[span.end - 1]) && !span.row.words[other.start].text.startsWith('(');
    return covers || runsInto;
  });
}

/** Every value the labels point at, strongest first: every region around each label, read by the concept's kind or the field's type. */
function fromLabels(field: FieldSpec, kind: ValueKind | null, reading: DocumentLayout, concepts: Array<ConceptMatch<FieldConcept>>): Found[] {
  const concept = concepts[0]?.id;
  const wanted = new Set(concepts.map((match) => match.id));
  const spans = findLabelSpans(reading.rows, labelMatcher(field, concepts), MIN_LABEL_SCORE)
    .filter((span) => !reading.tableRows.has(span.row) && !insideOtherLabel(span, reading, wanted))
    .slice(0, MAX_LABELS);
  const candidates: Found[] = [];
  for (const span of spans) {
    const options = { maxLines: kind === 'party' || field.type === 'address' ? 4 : maxLines(field.type), compact: COMPACT_TYPES.has(field.type), checkbox: field.type === 'boolean', stops: reading.stops };
    for (const region of valueRegions(reading.rows, span, options)) {
      if (region.lines.some((line) => line.some((word) => reading.tableWords.has(word)))) continue;
      const read = readRegion(region, field, concept && kind ? { id: concept, kind } : null, reading.conventions, reading.stops);
      if (read) candidates.push(found(read, region.page, span.score * labelWeight(span) * region.weight * read.quality));
    }
  }
  return candidates.sort((a, b) => b.detail.confidence - a.detail.confidence);
}

function fromLearned(learned: LearnedValue): Found {
  return { value: learned.value, words: learned.words, detail: { confidence: learned.confidence, page: learned.page, bbox: wordsBox(learned.words), source: 'learned' } };
}

/** A party the layout layer found by its place, as a value of the field. */
const asReading = (party: PartyName | null): RoleReading | null => (party ? { value: party.text, quality: 1, words: party.words, page: party.page, confidence: party.confidence } : null);

function fromRole(concept: FieldConcept | undefined, reading: DocumentLayout, context: { issuer: PartyName | null; taken: ReadonlySet<Word> }): RoleReading | null {
  switch (concept) {
    case 'seller':
      return asReading(context.issuer);
    case 'buyer':
      return asReading(findAddressee(reading, context.issuer));
    case 'currency':
      return findCurrency(reading);
    case 'invoiceNumber':
    case 'receiptNumber':
      return findTitledNumber(reading);
    case 'issueDate':
      return findFirstDate(reading, context.taken);
    default:
      return null;
  }
}

/**
 * Finds template fields by meaning, in any language of the lexicon: a form field named like the
 * field; the field's concept's labels in the text (value right of, below or after the label); else
 * the concept's place on the page (the issuer's letterhead, the buyer's address block, the title's
 * number, the currency beside the amounts). List fields with sub-fields are read as tables.
 */
export class LabelTemplateExtractor implements TemplateExtractor {
  readonly #minConfidence: number;
  readonly #minLayoutSimilarity: number;

  constructor(options: LabelTemplateExtractorOptions = {}) {
    this.#minConfidence = options.minConfidence ?? 0.5;
    this.#minLayoutSimilarity = options.minLayoutSimilarity ?? 0.5;
  }

  async extract(document: DocumentModel, fields: FieldSpec[], context: TemplateExtractContext): Promise<ExtractionResult<Record<string, unknown>>> {
    const reading = readLayout(document);
    const data: Record<string, unknown> = {};
    const fieldDetails: Record<string, FieldDetail> = {};
    const learned = this.#readLearned(reading, fields, context);
    const issuer = findIssuer(reading);
    const plans = fields.filter((field) => !learned.has(field.name)).map((field) => this.#plan(document, field, reading, issuer));
    settleTotals(plans, reading);
    const taken = new Set<Word>();
    for (const field of fields) data[field.name] = null;
    // Values read with a learned layout come first; the other fields are read as usual around them.
    for (const [name, value] of learned) {
      const found = fromLearned(value);
      data[name] = found.value;
      fieldDetails[name] = found.detail;
      for (const word of found.words) taken.add(word);
    }
    // The issue date by its place (the first date not another field's) is chosen last, once the labelled dates are taken.
    const ordered = [...plans.filter((plan) => plan.concept !== 'issueDate'), ...plans.filter((plan) => plan.concept === 'issueDate')];
    for (const plan of ordered) {
      if (context.signal?.aborted) throw new DocsiftError('aborted', 'Processing was cancelled.');
      const { field } = plan;
      if (field.type === 'list' && field.fields?.length) {
        const list = readListField(field, reading);
        data[field.name] = list?.items ?? null;
        Object.assign(fieldDetails, list?.details ?? {});
        continue;
      }
      const role = plan.concept === 'issueDate' ? fromRole(plan.concept, reading, { issuer, taken }) : null;
      const candidates = role ? [...plan.candidates, found(role, role.page, role.confidence * role.quality)] : plan.candidates;
      // A currency is read off the sign or code of an amount ("$204.75"): it shares that word with the amount's field.
      const claims = plan.concept !== 'currency';
      const best = candidates
        .filter((candidate) => !claims || !candidate.words.some((word) => taken.has(word)))
        .sort((a, b) => b.detail.confidence - a.detail.confidence)[0];
      const kept = best && best.detail.confidence >= this.#minConfidence ? best : null;
      data[field.name] = kept?.value ?? null;
      if (kept) {
        fieldDetails[field.name] = kept.detail;
        if (claims) for (const word of kept.words) taken.add(word);
      }
    }
    context.logger.debug({ fields: fields.length, found: Object.keys(fieldDetails).length }, 'template fields extracted');
    return { data, fieldDetails };
  }

  async locate(document: DocumentModel, fields: FieldSpec[], values: Record<string, unknown>): Promise<ValueLocations> {
    return locateValues(readLayout(document), fields, values);
  }

  async learn(document: DocumentModel, fields: FieldSpec[], values: Record<string, unknown>): Promise<LearnedLayout | null> {
    return learnLayout(readLayout(document), fields, values);
  }

  /** The fields the best-matching learned layout reads. */
  #readLearned(reading: DocumentLayout, fields: FieldSpec[], context: TemplateExtractContext): Map<string, LearnedValue> {
    const match = matchLayout(reading, context.learnedLayouts ?? [], this.#minLayoutSimilarity);
    if (!match) return new Map();
    const values = readLearnedFields(reading, fields, match);
    context.logger.debug({ similarity: match.similarity, learned: values.size }, 'template fields read with a learned layout');
    return values;
  }

  /** The field's concept and its candidate values: from a form field, from labels, from its place on the page. */
  #plan(document: DocumentModel, field: FieldSpec, reading: DocumentLayout, issuer: PartyName | null): FieldPlan {
    if (field.type === 'list' && field.fields?.length) return { field, concept: undefined, candidates: [] };
    const concepts = fieldConceptsOf(field);
    const concept = concepts[0]?.id;
    const kind = concept ? FIELD_CONCEPTS[concept].valueKind : null;
    // A form field beats the text layer.
    const form = this.#fromForm(document, field);
    if (form) return { field, concept, candidates: [form] };
    const candidates = fromLabels(field, kind, reading, concepts);
    const role = concept === 'issueDate' ? null : fromRole(concept, reading, { issuer, taken: new Set() });
    if (role) candidates.push(found(role, role.page, role.confidence * role.quality));
    return { field, concept, candidates: candidates.sort((a, b) => b.detail.confidence - a.detail.confidence) };
  }

  #fromForm(document: DocumentModel, field: FieldSpec): Found | null {
    const match = matchFormField(document.formFields, field);
    if (!match) return null;
    return {
      value: match.parsed.value,
      words: [],
      detail: { confidence: round(match.confidence), page: match.field.page, bbox: match.field.bbox, source: 'form' },
    };
  }
}
