import { centreX, joinWords } from '@docsift/core/layout';
import { groupRows, segmentsOf, tokensIn, type PageLayout, type Token } from '../layout/page-layout.js';
import { parseDate, parsePolicyNumber } from '../parse/values.js';
import type { PageAnchors } from './anchors.js';
import { detailFrom, found, type CoverageDraft, type Found } from './draft.js';
import { findLimitCaptions, readLimits } from './limits.js';
import { findTable, type CoverageBand, type CoverageTable } from './table.js';

/** An insurer letter, possibly with the cell's border read along with it (`A|`, `Al]`) or in lower case (OCR `al`). */
const INSURER_LETTER = /^[\[|(]?([A-Fa-f])[\]|)l1!]*$/;

/** The band's distinct insurer letters, top to bottom. */
function letters(layout: PageLayout, band: CoverageBand, table: CoverageTable): Array<Found<string>> {
  const box: [number, number, number, number] = [0, band.top, table.columns.letterRight, band.bottom];
  const read = tokensIn(layout, box)
    .flatMap((token) => {
      const match = INSURER_LETTER.exec(token.text);
      const clean = match !== null && match[0] === match[1].toUpperCase();
      return match ? [found(match[1].toUpperCase(), [token], layout.page, clean ? 1 : 0.8)] : [];
    })
    .sort((a, b) => (a.detail.bbox?.[1] ?? 0) - (b.detail.bbox?.[1] ?? 0));
  return read.filter((letter, index) => read.findIndex((other) => other.value === letter.value) === index);
}

function policyNumbers(layout: PageLayout, band: CoverageBand, table: CoverageTable): Array<Found<string>> {
  const box: [number, number, number, number] = [table.columns.policyLeft, band.top, table.columns.policyRight, band.bottom];
  const numbers: Array<Found<string>> = [];
  for (const row of groupRows(tokensIn(layout, box))) {
    for (const segment of segmentsOf(row, layout)) {
      const value = parsePolicyNumber(segment.text);
      if (value) numbers.push(found(value, segment.tokens, layout.page));
    }
  }
  return numbers;
}

/** Effective and expiration dates: each date goes to the nearer of the two date columns. */
function dates(layout: PageLayout, band: CoverageBand, table: CoverageTable): { effective?: Found<string>; expiration?: Found<string> } {
  const { effectiveX, expirationX, policyRight, limitsLeft } = table.columns;
  const box: [number, number, number, number] = [policyRight - 0.01, band.top, limitsLeft, band.bottom];
  const result: { effective?: Found<string>; expiration?: Found<string> } = {};
  for (const token of tokensIn(layout, box).sort((a, b) => a.bbox[1] - b.bbox[1])) {
    const parsed = parseDate(token.text);
    if (!parsed) continue;
    const value = found(parsed.value, [token], layout.page, parsed.corrected ? 0.85 : 1);
    const x = centreX(token.bbox);
    const slot = Math.abs(x - effectiveX) <= Math.abs(x - expirationX) ? 'effective' : 'expiration';
    result[slot] ??= value;
  }
  return result;
}

function description(layout: PageLayout, band: CoverageBand, table: CoverageTable): Found<string> | undefined {
  const box: [number, number, number, number] = [table.columns.letterRight, band.top, table.columns.policyLeft, band.bottom];
  const tokens: Token[] = groupRows(tokensIn(layout, box)).flat();
  const text = joinWords(tokens).trim();
  return text.length >= 2 ? found(text, tokens, layout.page, 0.9) : undefined;
}

/** A second policy number in one row (two insurers sharing a row) must look like a policy number on its own. */
function isStandalonePolicy(policy: Found<string>): boolean {
  return (policy.value.match(/\d/g) ?? []).length >= 4;
}

/**
 * A band's coverages: one per policy number, and one per further insurer letter printed on a line of
 * its own (UMBRELLA LIAB / EXCESS LIAB) whose policy number the page does not give. Only text-layer
 * letters add a coverage: an OCR speck in the letter column is no reason to.
 */
function entriesOf(policies: Array<Found<string>>, rowLetters: Array<Found<string>>): Array<Found<string> | undefined> {
  const numbered = [policies[0], ...policies.slice(1).filter(isStandalonePolicy)];
  const unnumbered = rowLetters.slice(numbered.length).filter((letter) => letter.detail.source !== 'ocr');
  return [...numbered, ...unnumbered.map(() => undefined)];
}

function readBand(layout: PageLayout, band: CoverageBand, table: CoverageTable, captions: ReturnType<typeof findLimitCaptions>): CoverageDraft[] {
  const rowLetters = letters(layout, band, table);
  const policies = policyNumbers(layout, band, table);
  const { effective, expiration } = dates(layout, band, table);
  if (policies.length === 0 && !effective && !expiration) return [];
  const limits = readLimits(layout, band, table, captions);
  const kindDetail = band.caption && detailFrom(band.caption.tokens, layout.page, 0.9 + 0.1 * band.caption.score);
  return entriesOf(policies, rowLetters).map((policyNumber, index) => ({
    kind: band.kind,
    kindDetail: kindDetail ?? policyNumber?.detail,
    description: band.kind === 'other' ? description(layout, band, table) : undefined,
    insurerLetter: rowLetters[Math.min(index, rowLetters.length - 1)],
    policyNumber,
    effectiveDate: effective,
    expirationDate: expiration,
    limits,
  }));
}

/** Reads every populated coverage row of the table, in print order. */
export function readCoverages(layout: PageLayout, anchors: PageAnchors): CoverageDraft[] {
  const table = findTable(layout, anchors);
  if (!table) return [];
  const captions = findLimitCaptions(layout, table);
  return table.bands.flatMap((band) => readBand(layout, band, table, captions));
}
