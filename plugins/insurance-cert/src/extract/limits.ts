import { centreY, joinWords, verticalOverlap, wordsBox } from '@docsift/core/layout';
import { findLabel, type LabelMatch } from '../layout/labels.js';
import { groupRows, segmentsOf, tokensIn, type PageLayout, type Token } from '../layout/page-layout.js';
import { parseMoney } from '../parse/values.js';
import type { CoverageType } from '../schema.js';
import { found, type Found } from './draft.js';
import type { CoverageBand, CoverageTable } from './table.js';

/** A caption of the LIMITS column and the key(s) it stands for, per coverage kind. */
interface LimitCaption {
  phrase: string;
  keys: Partial<Record<CoverageType, string>>;
}

const LIMIT_CAPTIONS: LimitCaption[] = [
  { phrase: 'EACH OCCURRENCE', keys: { general_liability: 'eachOccurrence', umbrella: 'eachOccurrence' } },
  { phrase: 'DAMAGE TO RENTED', keys: { general_liability: 'damageToRentedPremises' } },
  { phrase: 'FIRE DAMAGE', keys: { general_liability: 'damageToRentedPremises' } },
  { phrase: 'MED EXP', keys: { general_liability: 'medicalExpense' } },
  { phrase: 'PERSONAL & ADV INJURY', keys: { general_liability: 'personalAdvertisingInjury' } },
  { phrase: 'GENERAL AGGREGATE', keys: { general_liability: 'generalAggregate' } },
  { phrase: 'PRODUCTS - COMP/OP AGG', keys: { general_liability: 'productsCompletedOperationsAggregate' } },
  { phrase: 'COMBINED SINGLE LIMIT', keys: { auto_liability: 'combinedSingleLimit' } },
  { phrase: 'BODILY INJURY (Per person)', keys: { auto_liability: 'bodilyInjuryPerPerson' } },
  { phrase: 'BODILY INJURY (Per accident)', keys: { auto_liability: 'bodilyInjuryPerAccident' } },
  { phrase: 'PROPERTY DAMAGE', keys: { auto_liability: 'propertyDamage' } },
  { phrase: 'AGGREGATE', keys: { umbrella: 'aggregate' } },
  { phrase: 'E.L. EACH ACCIDENT', keys: { workers_comp: 'elEachAccident' } },
  { phrase: 'E.L. DISEASE - EA EMPLOYEE', keys: { workers_comp: 'elDiseaseEachEmployee' } },
  { phrase: 'E.L. DISEASE - POLICY LIMIT', keys: { workers_comp: 'elDiseasePolicyLimit' } },
];

export interface PlacedCaption {
  caption: LimitCaption;
  match: LabelMatch;
}

/** Every limit caption of the table; where two overlap (AGGREGATE in GENERAL AGGREGATE) the longer wins. */
export function findLimitCaptions(layout: PageLayout, table: CoverageTable): PlacedCaption[] {
  const within: [number, number, number, number] = [table.columns.limitsLeft - 0.01, table.top - layout.wordHeight * 2, 1, table.bottom];
  const all = LIMIT_CAPTIONS.flatMap((caption) => findLabel(layout, caption.phrase, { within, segmentStart: true }).map((match) => ({ caption, match })));
  all.sort((a, b) => b.caption.phrase.length - a.caption.phrase.length || b.match.score - a.match.score);
  const kept: PlacedCaption[] = [];
  for (const item of all) {
    const clash = kept.some(
      (other) => other.match.row === item.match.row && item.match.start <= other.match.end && other.match.start <= item.match.end,
    );
    if (!clash) kept.push(item);
  }
  return kept.sort((a, b) => a.match.bbox[1] - b.match.bbox[1]);
}

interface Amount {
  value: number;
  tokens: Token[];
  corrected: boolean;
}

/** Amounts in the LIMITS column of a band: runs of neighbouring tokens that read as money. */
function amountsIn(layout: PageLayout, band: CoverageBand, table: CoverageTable, captionTokens: Set<Token>): Amount[] {
  const box: [number, number, number, number] = [table.columns.limitsLeft, band.top, 1, band.bottom];
  const tokens = tokensIn(layout, box).filter((token) => !captionTokens.has(token) && /[\dOoIl]/.test(token.text));
  const amounts: Amount[] = [];
  for (const row of groupRows(tokens)) {
    for (const segment of segmentsOf(row, layout, 1.2)) {
      const parsed = parseMoney(withoutDollarSign(segment.tokens));
      if (parsed && plausibleLimit(parsed.value)) amounts.push({ value: parsed.value, tokens: segment.tokens, corrected: parsed.corrected });
      else amounts.push(...tokenAmounts(segment.tokens));
    }
  }
  return amounts;
}

/** The dollar sign printed before an amount, also as OCR reads it (`s`, `Is`, `§`, or a lone `5` / `8` before a grouped amount). */
function withoutDollarSign(tokens: Token[]): string {
  if (tokens.length < 2) return joinWords(tokens);
  const [first, ...rest] = tokens;
  const strayMark = !/\d/.test(first.text) || (first.text.length === 1 && /^\d{1,3}(,\d{3})+$/.test(joinWords(rest)));
  return strayMark ? joinWords(rest) : joinWords(tokens);
}

/** A limit is at least $100 and below a billion dollars; anything else is OCR debris or two cells read as one. */
function plausibleLimit(value: number): boolean {
  return value >= 100 && value < 1e9;
}

/** OCR sometimes runs two cells into one segment: then each token that reads as an amount on its own counts. */
function tokenAmounts(tokens: Token[]): Amount[] {
  return tokens.flatMap((token) => {
    const parsed = (token.text.match(/\d/g) ?? []).length >= 3 ? parseMoney(token.text) : null;
    return parsed && plausibleLimit(parsed.value) ? [{ value: parsed.value, tokens: [token], corrected: parsed.corrected }] : [];
  });
}

/** The caption an amount belongs to: the one on its line, else the nearest one above it within a row and a half. */
function captionFor(amount: Amount, captions: PlacedCaption[], pitch: number): PlacedCaption | undefined {
  const box = wordsBox(amount.tokens)!;
  const left = captions.filter((item) => item.match.bbox[0] < box[0]);
  const sameLine = left.filter((item) => verticalOverlap(item.match.bbox, box) >= 0.3).sort((a, b) => verticalOverlap(b.match.bbox, box) - verticalOverlap(a.match.bbox, box))[0];
  if (sameLine) return sameLine;
  const middle = centreY(box);
  return left.filter((item) => item.match.bbox[1] <= middle && middle - item.match.bbox[1] <= pitch * 1.5).sort((a, b) => b.match.bbox[1] - a.match.bbox[1])[0];
}

/** Limit keys by printed row, counted from the band's first row, for amounts whose caption OCR lost. */
const ROW_KEYS: Record<CoverageType, Array<string | undefined>> = {
  general_liability: ['eachOccurrence', 'damageToRentedPremises', 'medicalExpense', 'personalAdvertisingInjury', 'generalAggregate', 'productsCompletedOperationsAggregate'],
  auto_liability: ['combinedSingleLimit', 'bodilyInjuryPerPerson', 'bodilyInjuryPerAccident', 'propertyDamage'],
  umbrella: ['eachOccurrence', 'aggregate'],
  workers_comp: [undefined, 'elEachAccident', 'elDiseaseEachEmployee', 'elDiseasePolicyLimit'],
};

function keyByRow(amount: Amount, band: CoverageBand, pitch: number): string | undefined {
  if (band.kind === 'other') return undefined;
  const row = Math.round((centreY(wordsBox(amount.tokens)!) - band.origin) / pitch);
  return row >= 0 ? ROW_KEYS[band.kind][row] : undefined;
}

/** Reads the limits of one band: each amount goes to its caption, keyed for the band's coverage kind. */
export function readLimits(layout: PageLayout, band: CoverageBand, table: CoverageTable, captions: PlacedCaption[]): Record<string, Found<number>> {
  const inBand = captions.filter((item) => {
    const middle = centreY(item.match.bbox);
    return middle >= band.top && middle < band.bottom;
  });
  const captionTokens = new Set(captions.flatMap((item) => item.match.tokens));
  const limits: Record<string, Found<number>> = {};
  const unplaced: Amount[] = [];
  for (const amount of amountsIn(layout, band, table, captionTokens)) {
    const quality = amount.corrected ? 0.85 : 1;
    if (band.kind === 'other') {
      limits.limit ??= found(amount.value, amount.tokens, layout.page, quality);
      continue;
    }
    const owner = captionFor(amount, inBand, table.rowPitch);
    const key = owner?.caption.keys[band.kind];
    if (owner && key && !limits[key]) limits[key] = found(amount.value, amount.tokens, layout.page, quality * (0.9 + 0.1 * owner.match.score));
    else if (!owner || (key && limits[key])) unplaced.push(amount);
  }
  for (const amount of unplaced) {
    const key = keyByRow(amount, band, table.rowPitch);
    if (key && !limits[key]) limits[key] = found(amount.value, amount.tokens, layout.page, (amount.corrected ? 0.85 : 1) * 0.8);
  }
  return limits;
}
