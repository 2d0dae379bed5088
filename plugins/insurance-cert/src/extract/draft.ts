import type { FieldDetail } from '@docsift/core';
import { meanConfidence, wordsBox } from '@docsift/core/layout';
import type { Token } from '../layout/page-layout.js';
import type { CoverageType } from '../schema.js';

/** A value with where it was found. */
export interface Found<T> {
  value: T;
  detail: FieldDetail;
}

export interface PartyDraft {
  name?: Found<string>;
  address?: Found<string>;
  phone?: Found<string>;
}

export interface CoverageDraft {
  kind: CoverageType | 'other';
  /** Where the row's kind was read: its caption on the page, or the form field that names it. */
  kindDetail?: FieldDetail;
  description?: Found<string>;
  insurerLetter?: Found<string>;
  policyNumber?: Found<string>;
  effectiveDate?: Found<string>;
  expirationDate?: Found<string>;
  limits: Record<string, Found<number>>;
}

/** What one source (form fields, or the words of a page) says about the certificate. */
export interface CertificateDraft {
  certificateNumber?: Found<string>;
  issueDate?: Found<string>;
  producer: PartyDraft;
  insured: PartyDraft;
  certificateHolder: PartyDraft;
  /** Insurer names by their letter (A–F). */
  insurers: Record<string, Found<string>>;
  coverages: CoverageDraft[];
}

export function emptyDraft(): CertificateDraft {
  return { producer: {}, insured: {}, certificateHolder: {}, insurers: {}, coverages: [] };
}

const BASE_CONFIDENCE = { form: 0.99, text: 0.97 } as const;

/**
 * Provenance of a value read from tokens: the union of their boxes, the weakest source among them,
 * and a confidence from the words' own confidence times `quality` (lower for fuzzy label matches
 * or values that needed OCR corrections).
 */
export function detailFrom(tokens: Token[], page: number, quality = 1): FieldDetail {
  const source = tokens.some((token) => token.source === 'ocr') ? 'ocr' : tokens.every((token) => token.fromForm) ? 'form' : 'text';
  const base =
    source === 'ocr'
      ? meanConfidence(tokens)
      : BASE_CONFIDENCE[source];
  const confidence = Math.round(Math.min(1, Math.max(0, base * quality)) * 1000) / 1000;
  return { confidence, page: tokens.length > 0 ? page : null, bbox: wordsBox(tokens), source };
}

export function found<T>(value: T, tokens: Token[], page: number, quality = 1): Found<T> {
  return { value, detail: detailFrom(tokens, page, quality) };
}
