import { roundCents } from '@docsift/core/layout';
import type { SorData, SorRecapLine } from '../schema.js';
import { sectionAmount } from '../validators.js';
import { firstPhraseIn } from './text.js';

/** What a priced recap line is, read from its label (docs/analysis.md, "Recap lines"). */
export type RecapLineKind =
  | 'rehabilitationTotal'
  | 'contingency'
  | 'consultant'
  | 'permit'
  | 'inspection'
  | 'titleUpdate'
  | 'mortgagePaymentReserve'
  | 'architect'
  | 'other';

/**
 * Label phrases by kind, tried in this order (a "Total with Contingency" is a total, a "Plan
 * Review & Inspection Fees" line a municipal permit fee). Matched as whole words after folding.
 */
export const RECAP_LINE_LEXICON: ReadonlyArray<readonly [RecapLineKind, readonly string[]]> = [
  ['rehabilitationTotal', ['total rehabilitation cost', 'total rehabilitation', 'total rehab cost', 'total renovation budget', 'total renovation cost', 'total with contingency', 'total including contingency']],
  ['contingency', ['contingency', 'contingency reserve']],
  ['consultant', ['consultant', 'consultant fee', 'work write up', 'write up fee', 'feasibility study']],
  ['permit', ['permit', 'permits', 'plan review']],
  ['inspection', ['inspection fee', 'inspection fees', 'draw inspection', 'draw fee', 'draw fees']],
  ['titleUpdate', ['title update', 'title fee', 'title fees']],
  ['mortgagePaymentReserve', ['mortgage payment reserve', 'payment reserve', 'mortgage reserve']],
  ['architect', ['architect', 'architectural', 'engineer', 'engineering']],
];

/** Kinds HUD lets a 203(k) mortgage finance beside the repairs (HUD FAQ KA-04961). */
const FINANCEABLE: ReadonlySet<RecapLineKind> = new Set(['contingency', 'consultant', 'permit', 'inspection', 'titleUpdate', 'mortgagePaymentReserve', 'architect']);

export function recapLineKind(label: string): RecapLineKind {
  for (const [kind, phrases] of RECAP_LINE_LEXICON) if (firstPhraseIn(label, phrases)) return kind;
  return 'other';
}

/** A priced line of the recap with where it stands and what it is. */
export interface ClassifiedLine extends SorRecapLine {
  path: string;
  kind: RecapLineKind;
  /** Before the grand total (part of it) or after it. */
  insideGrandTotal: boolean;
}

export function classifiedLines(data: SorData): ClassifiedLine[] {
  const info = data.additionalInfo;
  const inside = (info?.recapLines ?? []).map((line, index) => ({ ...line, path: `additionalInfo.recapLines[${index}].amount`, kind: recapLineKind(line.label), insideGrandTotal: true }));
  const after = (info?.linesAfterGrandTotal ?? []).map((line, index) => ({
    ...line,
    path: `additionalInfo.linesAfterGrandTotal[${index}].amount`,
    kind: recapLineKind(line.label),
    insideGrandTotal: false,
  }));
  return [...inside, ...after];
}

/** The sum of the sections: each section's printed total, else the sum of its line totals; null when one is unreadable or there is none. */
export function sumOfSections(data: SorData): number | null {
  const amounts = data.constructionSections.map(sectionAmount);
  if (amounts.length === 0 || amounts.some((amount) => amount === null)) return null;
  return roundCents(amounts.reduce<number>((sum, amount) => sum + (amount ?? 0), 0));
}

/** The contingency reserve: the extracted one, else the first contingency line of the recap. */
export interface Contingency {
  amount: number;
  path: string;
  label: string | null;
  /** Printed above the grand total, so part of it. */
  insideGrandTotal: boolean;
}

export function contingencyOf(data: SorData, lines: ClassifiedLine[]): Contingency | null {
  const line = lines.find((candidate) => candidate.kind === 'contingency' && !candidate.insideGrandTotal) ?? lines.find((candidate) => candidate.kind === 'contingency');
  const extracted = data.additionalInfo?.contingencyReserve;
  if (extracted !== null && extracted !== undefined) {
    const same = line && Math.abs(line.amount - extracted) < 0.005 ? line : null;
    return { amount: extracted, path: 'additionalInfo.contingencyReserve', label: same?.label ?? null, insideGrandTotal: same?.insideGrandTotal ?? false };
  }
  return line ? { amount: line.amount, path: line.path, label: line.label, insideGrandTotal: line.insideGrandTotal } : null;
}

/** The figures the program checks read, each null when the statement does not give it. */
export interface StatementAmounts {
  /** The cost of the repairs: the grand total (else subtotal + markups + recap lines, else the sum of sections), without a contingency printed inside it. */
  repairCost: number | null;
  contingency: Contingency | null;
  /** Financeable lines after the grand total (contingency, fees, reserves). */
  financeableAfter: ClassifiedLine[];
  /** The printed total rehabilitation cost, if any. */
  printedRehabilitationTotal: ClassifiedLine | null;
  /** Repair cost + contingency + financeable fees and reserves after the grand total. */
  totalRehabilitationCost: number | null;
  lines: ClassifiedLine[];
}

function grandTotalOrComputed(data: SorData): number | null {
  const { subtotal, generalConditions, overheadAndProfit, grandTotal } = data.recapSummary;
  if (grandTotal !== null) return grandTotal;
  const base = subtotal ?? sumOfSections(data);
  if (base === null) return null;
  const recapLines = (data.additionalInfo?.recapLines ?? []).reduce((sum, line) => sum + line.amount, 0);
  return roundCents(base + (generalConditions ?? 0) + (overheadAndProfit ?? 0) + recapLines);
}

export function statementAmounts(data: SorData): StatementAmounts {
  const lines = classifiedLines(data);
  const contingency = contingencyOf(data, lines);
  const total = grandTotalOrComputed(data);
  const repairCost = total === null ? null : roundCents(total - (contingency?.insideGrandTotal ? contingency.amount : 0));
  const totalAt = lines.findIndex((line) => !line.insideGrandTotal && line.kind === 'rehabilitationTotal');
  const after = lines.filter((line, index) => !line.insideGrandTotal && FINANCEABLE.has(line.kind) && (totalAt < 0 || index < totalAt));
  const afterSum = after.reduce((sum, line) => sum + line.amount, 0);
  const contingencyOutside = contingency && !contingency.insideGrandTotal && !after.some((line) => line.kind === 'contingency') ? contingency.amount : 0;
  const withInside = contingency?.insideGrandTotal ? contingency.amount : 0;
  return {
    repairCost,
    contingency,
    financeableAfter: after,
    printedRehabilitationTotal: totalAt < 0 ? null : lines[totalAt],
    totalRehabilitationCost: repairCost === null ? null : roundCents(repairCost + withInside + afterSum + contingencyOutside),
    lines,
  };
}
