import type { BBox } from '@docsift/core';
import { joinWords } from '@docsift/core/layout';
import { findLabel, topmost } from '../layout/labels.js';
import { groupRows, tokensIn, type PageLayout, type Token } from '../layout/page-layout.js';
import { isPlaceholder, parseDate } from '../parse/values.js';
import type { PageAnchors } from './anchors.js';
import { found, type Found } from './draft.js';

/** The first date among rows of tokens: whole row, then runs of neighbouring tokens. */
function firstDate(rows: Token[][], page: number, quality = 1): Found<string> | undefined {
  for (const row of rows) {
    for (let start = 0; start < row.length; start++) {
      for (let end = Math.min(row.length, start + 3); end > start; end--) {
        const tokens = row.slice(start, end);
        const parsed = parseDate(joinWords(tokens));
        if (parsed) return found(parsed.value, tokens, page, quality * (parsed.corrected ? 0.85 : 1));
      }
    }
  }
  return undefined;
}

/** The DATE (MM/DD/YYYY) box at the top right (the date below its caption, or beside it); a placeholder there means no date. */
export function readIssueDate(layout: PageLayout): Found<string> | undefined {
  const label = topmost(findLabel(layout, 'DATE (MM/DD/YYYY)', { within: [0.4, 0, 1, 0.2] }));
  const height = layout.wordHeight;
  const box: BBox = label
    ? [label.bbox[0] - 0.05, label.bbox[1], 1, label.bbox[3] + height * 4]
    : [0.6, 0, 1, 0.12];
  const rows = groupRows(tokensIn(layout, box).filter((token) => !label?.tokens.includes(token)));
  if (rows.length > 0 && isPlaceholder(joinWords(rows[0]))) return undefined;
  return firstDate(rows, layout.page, label ? 0.9 + 0.1 * label.score : 0.8);
}

/** The value after CERTIFICATE NUMBER:, up to REVISION NUMBER or a wide gap. */
export function readCertificateNumber(layout: PageLayout, anchors: PageAnchors): Found<string> | undefined {
  const label = anchors.certificateNumber;
  if (!label) return undefined;
  const row = layout.rows[label.row];
  const maxGap = (layout.wordHeight * 4) / layout.aspect;
  const value: Token[] = [];
  for (const token of row.slice(label.end + 1)) {
    const previous = value[value.length - 1] ?? label.tokens[label.tokens.length - 1];
    if (token.bbox[0] - previous.bbox[2] > maxGap || /^REVISI/i.test(token.folded)) break;
    if (token.folded === '' && value.length === 0) continue;
    value.push(token);
  }
  const text = joinWords(value)
    .replace(/^[:#\s]+/, '')
    .trim();
  if (text.length < 2 || isPlaceholder(text)) return undefined;
  return found(text, value, layout.page, 0.9 + 0.1 * label.score);
}
