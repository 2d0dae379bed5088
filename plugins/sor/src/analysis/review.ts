import type { ReviewPart, ReviewRequest } from '@docsift/core';
import type { SorData } from '../schema.js';
import type { StatementAnalysis } from './index.js';

/** With `useChunking`, at most this many requests: past it, neighbouring sections share a request. */
export const MAX_REVIEW_PARTS = 20;

const SUBJECT = 'a statement of repair (a contractor\'s or consultant\'s rehabilitation cost estimate for an FHA 203(k) loan), as extracted data';
const GUIDANCE = [
  'Look at what the numbers cannot show: work descriptions that are vague, implausible or not permanent improvements,',
  'items that do not belong to their section, scope that is missing for the work described (for example a roof replacement with no tear-off or disposal),',
  'and anything a lender should ask the consultant about. Paths look like constructionSections[2].lineItems[4].description.',
].join(' ');

/**
 * What the model is asked to review of a statement (core's `DocumentReviewer`): the statement with
 * the local analysis's findings and summary as context. One part holds the whole statement; with
 * `useChunking`, one part per construction section (at most `MAX_REVIEW_PARTS`, neighbouring
 * sections grouped past it), the metadata and recap in the context.
 */
export function statementReviewRequest(data: SorData, analysis: StatementAnalysis, options: { useChunking: boolean }): ReviewRequest {
  const localFindings = analysis.findings.map(({ severity, code, message, path }) => ({ severity, code, message, ...(path ? { path } : {}) }));
  const context = { documentMetadata: data.documentMetadata, recapSummary: data.recapSummary, summary: analysis.summary, localFindings };
  const parts: ReviewPart[] = options.useChunking && data.constructionSections.length > 0 ? sectionParts(data) : [{ label: 'the whole statement', content: data }];
  return { subject: SUBJECT, guidance: GUIDANCE, context, parts };
}

function sectionParts(data: SorData): ReviewPart[] {
  const sections = data.constructionSections;
  const perPart = Math.ceil(sections.length / MAX_REVIEW_PARTS);
  const parts: ReviewPart[] = [];
  for (let first = 0; first < sections.length; first += perPart) {
    const last = Math.min(first + perPart, sections.length) - 1;
    const names = sections.slice(first, last + 1).map((section) => section.sectionName);
    const label = first === last ? `constructionSections[${first}] (${names[0]})` : `constructionSections[${first}] to [${last}] (${names.join(', ')})`;
    const content = Object.fromEntries(sections.slice(first, last + 1).map((section, offset) => [`constructionSections[${first + offset}]`, section]));
    parts.push({ label, content });
  }
  return parts;
}
