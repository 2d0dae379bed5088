import type { BBox, DocumentModel, FormField } from '@docsift/core';
import { findLabel } from '../layout/labels.js';
import { buildLayout, tokenFromWord, tokensIn, type PageLayout, type Token } from '../layout/page-layout.js';
import { findAnchors } from './anchors.js';
import { readCoverages } from './coverages.js';
import type { CertificateDraft } from './draft.js';
import { readCertificateNumber, readIssueDate } from './header.js';
import { readInsurers } from './insurers.js';
import { readHolder, readLeftParties } from './parties.js';

const PAGE_MARKERS = ['CERTIFICATE OF LIABILITY INSURANCE', 'PRODUCER', 'INSURED', 'CERTIFICATE HOLDER', 'POLICY NUMBER', 'TYPE OF INSURANCE'];

/** How many of the form's captions a page shows: picks the certificate page of a longer file. */
function markerCount(layout: PageLayout): number {
  return PAGE_MARKERS.filter((marker) => findLabel(layout, marker).length > 0).length;
}

/**
 * Form values become tokens at their widget boxes when no printed word is there already, so a
 * fillable form whose field names are unknown is still read by its geometry.
 */
function formTokens(fields: FormField[], pageNumber: number): Token[] {
  return fields
    .filter((field) => field.page === pageNumber && field.bbox !== null && typeof field.value === 'string' && field.value.trim() !== '')
    .flatMap((field) => widgetLines(String(field.value), field.bbox!));
}

/** A multi-line value (a whole address in one box) becomes one token per line, stacked in the widget. */
function widgetLines(value: string, [x0, y0, x1, y1]: BBox): Token[] {
  const lines = value.split(/\r?\n|\r/).map((line) => line.trim()).filter(Boolean);
  const height = (y1 - y0) / lines.length;
  return lines.map((line, index) => tokenFromWord({ text: line, bbox: [x0, y0 + index * height, x1, y0 + (index + 1) * height], confidence: 0.99, source: 'text' }, true));
}

function pageLayout(document: DocumentModel, index: number): PageLayout {
  const page = document.pages[index];
  const base = buildLayout(page);
  const extra = formTokens(document.formFields, page.number).filter((token) => tokensIn(base, token.bbox).length === 0);
  return extra.length > 0 ? buildLayout(page, extra) : base;
}

/** The layout of the page that looks most like an ACORD 25 (the first few pages are tried). */
export function certificateLayout(document: DocumentModel): PageLayout | undefined {
  let best: { layout: PageLayout; score: number } | undefined;
  for (let index = 0; index < Math.min(document.pages.length, 5); index++) {
    const layout = pageLayout(document, index);
    if (layout.tokens.length === 0) continue;
    const score = markerCount(layout);
    if (!best || score > best.score) best = { layout, score };
    if (score === PAGE_MARKERS.length) break;
  }
  return best?.layout;
}

/** Everything the words of one page say about the certificate. */
export function readPage(layout: PageLayout): CertificateDraft {
  const anchors = findAnchors(layout);
  const { producer, insured } = readLeftParties(layout, anchors);
  return {
    certificateNumber: readCertificateNumber(layout, anchors),
    issueDate: readIssueDate(layout),
    producer,
    insured,
    certificateHolder: readHolder(layout, anchors),
    insurers: readInsurers(layout, anchors),
    coverages: readCoverages(layout, anchors),
  };
}
