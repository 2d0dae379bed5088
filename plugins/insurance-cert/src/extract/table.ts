import { findLabel, topmost, type LabelMatch } from '../layout/labels.js';
import { centreX } from '@docsift/core/layout';
import { tokensIn, type PageLayout } from '../layout/page-layout.js';
import { parseDate } from '../parse/values.js';
import type { CoverageType } from '../schema.js';
import type { PageAnchors } from './anchors.js';

/** Horizontal extents of the coverage table's columns, in page fractions. */
export interface TableColumns {
  /** Right edge of the INSR LTR column. */
  letterRight: number;
  policyLeft: number;
  policyRight: number;
  /** Centres of the POLICY EFF and POLICY EXP columns. */
  effectiveX: number;
  expirationX: number;
  /** Left edge of the LIMITS column (its captions and amounts). */
  limitsLeft: number;
}

/** The rows of one coverage kind lie between its caption and the next one. */
export interface CoverageBand {
  kind: CoverageType | 'other';
  top: number;
  bottom: number;
  /** Vertical middle of the band's first row (its caption's line). */
  origin: number;
  caption?: LabelMatch;
}

export interface CoverageTable {
  columns: TableColumns;
  bands: CoverageBand[];
  /** Height of one printed row of the table. */
  rowPitch: number;
  top: number;
  bottom: number;
}

/** Row captions of each coverage kind, with the line of its band each is printed on (EXCESS LIAB under UMBRELLA LIAB). */
const BAND_CAPTIONS: Array<{ kind: CoverageType; phrases: Array<[phrase: string, line: number]> }> = [
  { kind: 'general_liability', phrases: [['COMMERCIAL GENERAL LIABILITY', 0], ['GENERAL LIABILITY', 0]] },
  { kind: 'auto_liability', phrases: [['AUTOMOBILE LIABILITY', 0]] },
  { kind: 'umbrella', phrases: [['UMBRELLA LIAB', 0], ['EXCESS LIAB', 1], ['UMBRELLA LIABILITY', 0], ['EXCESS LIABILITY', 0]] },
  { kind: 'workers_comp', phrases: [['WORKERS COMPENSATION', 0], ["AND EMPLOYERS' LIABILITY", 1]] },
];

/** A row caption found on the page, and the line of its band it stands on. */
interface FoundCaption {
  kind: CoverageType;
  caption: LabelMatch;
  line: number;
}

/**
 * Rows of the ACORD 25 coverage table, counted from the general liability caption: auto starts
 * 7 rows below it, umbrella 12, workers' compensation 15, and the remarks box about 21.8. Used to
 * place the bands whose captions OCR could not read.
 */
const ROW_OFFSETS: Record<CoverageType, number> = { general_liability: 0, auto_liability: 7, umbrella: 12, workers_comp: 15 };
const REMARKS_OFFSET = 21.8;

function tableBottom(layout: PageLayout, anchors: PageAnchors, top: number): number {
  const remarks = topmost(findLabel(layout, 'DESCRIPTION OF OPERATIONS / LOCATIONS / VEHICLES', { within: [0, top, 1, 1], minScore: 0.7 }));
  return remarks?.bbox[1] ?? anchors.holder?.bbox[1] ?? 0.8;
}

/** POLICY EFF and POLICY EXP differ by one letter: take the two best header matches, left one first. */
function dateHeaders(layout: PageLayout, top: number, bottom: number): number[] {
  const within: [number, number, number, number] = [0.3, top, 0.9, bottom];
  const short = findLabel(layout, 'POLICY EFF', { within, minScore: 0.75 }).slice(0, 2);
  if (short.length === 2) return short.map((match) => centreX(match.bbox)).sort((a, b) => a - b);
  const effective = findLabel(layout, 'POLICY EFFECTIVE', { within })[0];
  const expiration = findLabel(layout, 'POLICY EXPIRATION', { within })[0];
  return effective && expiration ? [centreX(effective.bbox), centreX(expiration.bbox)] : short.map((match) => centreX(match.bbox));
}

/** Without readable headers: the dates of the table fall into two columns, split at the widest gap. */
function dateClusters(layout: PageLayout, top: number, bottom: number): [number, number] | undefined {
  const xs = tokensIn(layout, [0.3, top, 0.95, bottom])
    .filter((token) => parseDate(token.text) !== null)
    .map((token) => centreX(token.bbox))
    .sort((a, b) => a - b);
  let split = -1;
  for (let index = 1; index < xs.length; index++) if (xs[index] - xs[index - 1] > 0.03 && (split < 0 || xs[index] - xs[index - 1] > xs[split] - xs[split - 1])) split = index;
  if (split < 0) return undefined;
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  return [mean(xs.slice(0, split)), mean(xs.slice(split))];
}

function dateColumns(layout: PageLayout, top: number, headerBottom: number, bottom: number): [number, number] {
  const headers = dateHeaders(layout, top, headerBottom);
  if (headers.length === 2) return [headers[0], headers[1]];
  const clusters = dateClusters(layout, headerBottom, bottom);
  if (clusters) return clusters;
  return headers.length === 1 ? [headers[0], headers[0] + 0.075] : [0.58, 0.655];
}

function findColumns(layout: PageLayout, top: number, bottom: number, tableEnd: number): TableColumns {
  const headerArea: [number, number, number, number] = [0, top, 1, bottom];
  const letter = topmost(findLabel(layout, 'LTR', { within: headerArea }));
  const policy = topmost(findLabel(layout, 'POLICY NUMBER', { within: [0.2, top, 0.8, bottom] }));
  const waived = topmost(findLabel(layout, 'WVD', { within: [0.15, top, 0.6, bottom] }));
  const [effectiveX, expirationX] = dateColumns(layout, top, bottom, tableEnd);
  const dateHalfWidth = (expirationX - effectiveX) / 2;
  const policyRight = effectiveX - dateHalfWidth;
  const policyLeft = waived ? waived.bbox[2] + 0.002 : policy ? policy.bbox[0] - (policyRight - policy.bbox[2]) : policyRight - 0.2;
  return {
    letterRight: letter ? letter.bbox[2] + 0.012 : 0,
    policyLeft,
    policyRight,
    effectiveX,
    expirationX,
    limitsLeft: expirationX + dateHalfWidth,
  };
}

function findCaptions(layout: PageLayout, columns: TableColumns, top: number, bottom: number): FoundCaption[] {
  return BAND_CAPTIONS.flatMap(({ kind, phrases }) => {
    const found = phrases.flatMap(([phrase, line]) =>
      findLabel(layout, phrase, { within: [0, top, columns.policyLeft + 0.02, bottom] }).map((caption) => ({ kind, caption, line })),
    );
    const first = found.sort((a, b) => a.caption.bbox[1] - b.caption.bbox[1])[0];
    return first ? [first] : [];
  });
}

const middle = (match: LabelMatch) => (match.bbox[1] + match.bbox[3]) / 2;

/** The caption's row of the table, counted from the general liability caption. */
const tableRow = (found: FoundCaption) => ROW_OFFSETS[found.kind] + found.line;

/** Row height from the captions found (or from the remarks box), and where the table's first row would be. */
function rowGeometry(found: FoundCaption[], bottom: number, layout: PageLayout): { pitch: number; origin: number } | undefined {
  const slopes: number[] = [];
  for (let i = 0; i < found.length; i++) {
    for (let j = i + 1; j < found.length; j++) {
      const rows = tableRow(found[j]) - tableRow(found[i]);
      if (rows !== 0) slopes.push((middle(found[j].caption) - middle(found[i].caption)) / rows);
    }
  }
  const first = found[0];
  if (!first) return undefined;
  const pitch = slopes.length > 0 ? slopes.sort((a, b) => a - b)[Math.floor(slopes.length / 2)] : (bottom - middle(first.caption)) / (REMARKS_OFFSET - tableRow(first));
  const plausible = pitch > layout.wordHeight * 1.2 && pitch < layout.wordHeight * 4;
  return plausible ? { pitch, origin: middle(first.caption) - tableRow(first) * pitch } : undefined;
}

/** Bands from the row captions; captions OCR missed are placed by the form's row template. */
function findBands(layout: PageLayout, columns: TableColumns, top: number, bottom: number): { bands: CoverageBand[]; pitch: number } {
  const found = findCaptions(layout, columns, top, bottom).sort((a, b) => a.caption.bbox[1] - b.caption.bbox[1]);
  const geometry = rowGeometry(found, bottom, layout);
  const pitch = geometry?.pitch ?? layout.wordHeight * 1.8;
  const placed = BAND_CAPTIONS.flatMap(({ kind }): Array<{ kind: CoverageType; caption?: LabelMatch; origin: number }> => {
    const own = found.find((item) => item.kind === kind);
    if (own) return [{ kind, caption: own.caption, origin: middle(own.caption) - own.line * pitch }];
    return geometry ? [{ kind, caption: undefined, origin: geometry.origin + ROW_OFFSETS[kind] * pitch }] : [];
  })
    .filter((band) => band.origin > top - pitch && band.origin < bottom)
    .sort((a, b) => a.origin - b.origin);
  const bands = placed.map((band, index) => ({
    ...band,
    top: band.origin - pitch * 0.6,
    bottom: index + 1 < placed.length ? placed[index + 1].origin - pitch * 0.6 : bottom,
  }));
  return { bands, pitch };
}

/** A populated row below workers' compensation (property, inland marine) starts under that band's last caption. */
function splitOtherBand(layout: PageLayout, bands: CoverageBand[], columns: TableColumns): CoverageBand[] {
  const last = bands[bands.length - 1];
  if (!last || last.kind !== 'workers_comp') return bands;
  const within: [number, number, number, number] = [0, last.top, 1, last.bottom];
  const ends = [
    ...findLabel(layout, 'E.L. DISEASE - POLICY LIMIT', { within: [columns.limitsLeft - 0.02, last.top, 1, last.bottom] }),
    ...findLabel(layout, 'DESCRIPTION OF OPERATIONS below', { within }),
  ].map((match) => match.bbox[3]);
  if (ends.length === 0) return bands;
  const split = Math.max(...ends) + layout.wordHeight * 0.3;
  if (split >= last.bottom - layout.wordHeight) return bands;
  return [...bands.slice(0, -1), { ...last, bottom: split }, { kind: 'other', top: split, bottom: last.bottom, origin: split + layout.wordHeight }];
}

/** Finds the coverage table: its columns from the header captions, its bands from the row captions. */
export function findTable(layout: PageLayout, anchors: PageAnchors): CoverageTable | undefined {
  const top = anchors.coveragesY ?? 0.3;
  const bottom = tableBottom(layout, anchors, top);
  const firstCaption = topmost(findLabel(layout, 'TYPE OF INSURANCE', { within: [0, top, 0.6, bottom] }));
  const headerBottom = firstCaption ? firstCaption.bbox[3] + layout.wordHeight * 1.5 : top + 0.1;
  const columns = findColumns(layout, top, headerBottom, bottom);
  const { bands, pitch } = findBands(layout, columns, firstCaption ? firstCaption.bbox[3] : top, bottom);
  if (bands.length === 0) return undefined;
  if (columns.letterRight === 0) columns.letterRight = lettersEdge(bands);
  return { columns, bands: splitOtherBand(layout, bands, columns), rowPitch: pitch, top: headerBottom, bottom };
}

/** Without an INSR LTR caption, insurer letters are whatever stands left of the row captions. */
function lettersEdge(bands: CoverageBand[]): number {
  const edges = bands.flatMap((band) => (band.caption ? [band.caption.bbox[0]] : []));
  return edges.length > 0 ? Math.min(...edges) + 0.005 : 0.06;
}
