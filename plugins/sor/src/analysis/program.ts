import { foldText, roundCents } from '@docsift/core/layout';
import { ANALYSIS_CODES, dollars, finding, itemPath, percent, type AnalysisFinding } from './codes.js';
import { excess, type AnalysisContext } from './context.js';
import type { RecapLineKind } from './amounts.js';
import { firstPhraseIn } from './text.js';

/** What the program checks found, for the summary. */
export interface ProgramSummary {
  program: 'standard' | 'limited' | null;
  repairCost: number | null;
  totalRehabilitationCost: number | null;
  contingency: { amount: number; percentOfRepairCost: number | null; path: string } | null;
  consultantFee: { amount: number; maximum: number | null } | null;
  permitFees: number | null;
  /** Whether the amounts fit each program's minimum and maximum (null: unknown). */
  fitsStandard: boolean | null;
  fitsLimited: boolean | null;
}

const PROGRAM_NAMES = { standard: 'Standard 203(k)', limited: 'Limited 203(k)' } as const;

/**
 * Line items that are a fee rather than work: the phrase opens the description ("Building permit
 * and plan review fees", "Consultant fee"), not "… include all permits and inspections".
 */
const FEE_ITEMS: Partial<Record<RecapLineKind, readonly string[]>> = {
  permit: ['permit', 'permits', 'plan review'],
  consultant: ['consultant fee', 'consultant fees', 'consulting fee', '203k consultant', 'work write up'],
};
const FEE_PHRASE_START_WORDS = 3;

function opensWith(description: string, phrases: readonly string[]): boolean {
  const words = foldText(description).split(' ');
  const rests = words.slice(0, FEE_PHRASE_START_WORDS).map((_, start) => `${words.slice(start).join(' ')} `);
  return rests.some((rest) => phrases.some((phrase) => rest.startsWith(`${foldText(phrase)} `)));
}

/** Recap lines of one kind and line items that are that fee, with their paths. */
function pricedMentions(context: AnalysisContext, kind: RecapLineKind): Array<{ amount: number; path: string; label: string }> {
  const lines = context.amounts.lines.filter((line) => line.kind === kind).map(({ amount, path, label }) => ({ amount, path, label }));
  const phrases = FEE_ITEMS[kind] ?? [];
  const items = context.data.constructionSections.flatMap((section, sectionIndex) =>
    section.lineItems.flatMap((item, itemIndex) =>
      item.totalCost !== null && opensWith(item.description, phrases) ? [{ amount: item.totalCost, path: `${itemPath(sectionIndex, itemIndex)}.totalCost`, label: item.description }] : [],
    ),
  );
  return [...lines, ...items];
}

/** Whether any item's description mentions a permit, wherever ("… include all permits and inspections required"). */
const PERMIT_WORDS = ['permit', 'permits'];
const mentionsPermits = (context: AnalysisContext): boolean =>
  context.data.constructionSections.some((section) => section.lineItems.some((item) => firstPhraseIn(item.description, PERMIT_WORDS) !== null));

function contingencyRule(context: AnalysisContext): { required: boolean; minimumPercent: number; maximumPercent: number } {
  const { program, programs } = context.options;
  if (program) return programs[program].contingency;
  return { required: false, minimumPercent: 0, maximumPercent: Math.max(programs.standard.contingency.maximumPercent, programs.limited.contingency.maximumPercent) };
}

/** The rate printed in a label such as "Contingency Reserve (15% of repairs)". */
const labelPercent = (label: string | null): number | null => {
  const match = label ? /(\d+(?:\.\d+)?)\s*%/.exec(label) : null;
  return match ? Number(match[1]) : null;
};

function contingencyRateCheck(context: AnalysisContext, amount: number, label: string | null, path: string): AnalysisFinding[] {
  const printedPercent = labelPercent(label);
  const { repairCost } = context.amounts;
  if (printedPercent === null || repairCost === null) return [];
  const { subtotal, generalConditions, overheadAndProfit } = context.data.recapSummary;
  const construction = subtotal === null ? null : roundCents(subtotal + (generalConditions ?? 0) + (overheadAndProfit ?? 0));
  const bases = [repairCost, construction, subtotal].filter((base): base is number => base !== null && base > 0);
  const fits = bases.some((base) => excess(amount, roundCents((base * printedPercent) / 100), context.options.toleranceCents) === null);
  if (fits) return [];
  const expected = roundCents((repairCost * printedPercent) / 100);
  const message = `The contingency reserve is labelled ${percent(printedPercent)} but ${dollars(amount)} is ${percent((amount / repairCost) * 100)} of the repair cost ${dollars(repairCost)} (${percent(printedPercent)} would be ${dollars(expected)})`;
  return [finding('error', ANALYSIS_CODES.contingencyRateMismatch, message, path, { amount, printedPercent, repairCost, expected, difference: roundCents(amount - expected) })];
}

/** Contingency reserve present (where the program requires one) and within the program's range of the repair cost. */
export function contingencyChecks(context: AnalysisContext): AnalysisFinding[] {
  const { contingency, repairCost } = context.amounts;
  const rule = contingencyRule(context);
  const program = context.options.program;
  const range = `${percent(rule.minimumPercent)}–${percent(rule.maximumPercent)}`;
  if (!contingency) {
    if (rule.required) {
      const message = `No contingency reserve is printed; the ${PROGRAM_NAMES[program ?? 'standard']} program requires one of ${range} of the repair cost`;
      return [finding('warning', ANALYSIS_CODES.contingencyMissing, message, 'additionalInfo.contingencyReserve', { program, ...rule, repairCost })];
    }
    if (program === null) {
      const message = 'No contingency reserve is printed (a Standard 203(k) statement needs one; it is optional for the Limited program)';
      return [finding('info', ANALYSIS_CODES.contingencyMissing, message, 'additionalInfo.contingencyReserve', { program, repairCost })];
    }
    return [];
  }
  const findings = contingencyRateCheck(context, contingency.amount, contingency.label, contingency.path);
  if (repairCost === null || repairCost <= 0) return findings;
  const tolerance = context.options.toleranceCents;
  const below = excess(contingency.amount, roundCents((repairCost * rule.minimumPercent) / 100), tolerance);
  const above = excess(contingency.amount, roundCents((repairCost * rule.maximumPercent) / 100), tolerance);
  if ((below !== null && below < 0) || (above !== null && above > 0)) {
    const share = (contingency.amount / repairCost) * 100;
    const whose = program ? `the ${PROGRAM_NAMES[program]} range` : 'the range the 203(k) programs allow';
    const message = `The contingency reserve of ${dollars(contingency.amount)} is ${percent(share)} of the repair cost ${dollars(repairCost)}, outside ${whose} of ${range}`;
    findings.push(finding('warning', ANALYSIS_CODES.contingencyOutOfRange, message, contingency.path, { amount: contingency.amount, repairCost, percentOfRepairCost: Number(share.toFixed(4)), program, ...rule }));
  }
  return findings;
}

/** The largest consultant fee the schedule allows for a repair cost. */
export function maximumConsultantFee(context: AnalysisContext, repairCost: number): number {
  const band = context.options.consultantFeeSchedule.find((entry) => entry.upTo === null || repairCost <= entry.upTo)!;
  return band.maximumPercent === null ? band.maximumFee : roundCents(Math.min(band.maximumFee, (repairCost * band.maximumPercent) / 100));
}

/** The consultant fee against the fee schedule for the repair cost; its absence where the program requires a consultant. */
export function consultantFeeChecks(context: AnalysisContext): AnalysisFinding[] {
  const mentions = pricedMentions(context, 'consultant');
  const { program, programs } = context.options;
  const { repairCost } = context.amounts;
  if (mentions.length === 0) {
    if (!program || !programs[program].consultantRequired) return [];
    const message = `No 203(k) consultant fee is printed; the ${PROGRAM_NAMES[program]} program requires a consultant (the fee may be paid outside the statement)`;
    return [finding('info', ANALYSIS_CODES.consultantFeeMissing, message, undefined, { program })];
  }
  if (repairCost === null) return [];
  const fee = roundCents(mentions.reduce((sum, mention) => sum + mention.amount, 0));
  const maximum = maximumConsultantFee(context, repairCost);
  const over = excess(fee, maximum, context.options.toleranceCents);
  if (over === null || over < 0) return [];
  const message = `The consultant fee of ${dollars(fee)} is above the ${dollars(maximum)} the fee schedule allows for a repair cost of ${dollars(repairCost)} (by ${dollars(over)})`;
  return [finding('warning', ANALYSIS_CODES.consultantFeeAboveSchedule, message, mentions[0].path, { fee, maximum, repairCost, difference: over, lines: mentions })];
}

/** Permits: a reviewer confirms that the permits the work needs are priced. */
export function permitChecks(context: AnalysisContext): AnalysisFinding[] {
  if (pricedMentions(context, 'permit').length > 0 || mentionsPermits(context)) return [];
  const message = 'No permit fee is printed; confirm the work needs no permit, or that permits are paid outside the statement';
  return [finding('info', ANALYSIS_CODES.permitFeeMissing, message, undefined, {})];
}

/** The repair cost against the Standard minimum and the total rehabilitation cost against the Limited maximum. */
export function rehabilitationAmountChecks(context: AnalysisContext): AnalysisFinding[] {
  const { program, programs } = context.options;
  const { repairCost, totalRehabilitationCost: total } = context.amounts;
  const findings: AnalysisFinding[] = [];
  const minimum = programs.standard.minimumRepairCost;
  if (program !== 'limited' && minimum !== null && repairCost !== null && repairCost < minimum) {
    const message = `The repair cost of ${dollars(repairCost)} is below the Standard 203(k) minimum of ${dollars(minimum)}${program ? '' : ' (the Limited program has no minimum)'}`;
    findings.push(finding(program ? 'warning' : 'info', ANALYSIS_CODES.rehabilitationBelowMinimum, message, 'recapSummary.grandTotal', { repairCost, minimum, program: 'standard' }));
  }
  const maximum = programs.limited.maximumTotalRehabilitationCost;
  if (program !== 'standard' && maximum !== null && total !== null && total > maximum) {
    const message = `The total rehabilitation cost of ${dollars(total)} is above the Limited 203(k) maximum of ${dollars(maximum)}${program ? '' : ': only the Standard program fits'}`;
    findings.push(finding(program ? 'warning' : 'info', ANALYSIS_CODES.rehabilitationAboveMaximum, message, 'recapSummary.grandTotal', { totalRehabilitationCost: total, maximum, program: 'limited' }));
  }
  const standardMaximum = programs.standard.maximumTotalRehabilitationCost;
  if (program === 'standard' && standardMaximum !== null && total !== null && total > standardMaximum) {
    const message = `The total rehabilitation cost of ${dollars(total)} is above the configured Standard 203(k) maximum of ${dollars(standardMaximum)}`;
    findings.push(finding('warning', ANALYSIS_CODES.rehabilitationAboveMaximum, message, 'recapSummary.grandTotal', { totalRehabilitationCost: total, maximum: standardMaximum, program }));
  }
  return findings;
}

export function programSummary(context: AnalysisContext): ProgramSummary {
  const { program, programs } = context.options;
  const { contingency, repairCost, totalRehabilitationCost } = context.amounts;
  const consultant = pricedMentions(context, 'consultant');
  const permits = pricedMentions(context, 'permit');
  const consultantFee = consultant.length > 0 ? roundCents(consultant.reduce((sum, mention) => sum + mention.amount, 0)) : null;
  const limitedMinimum = programs.limited.minimumRepairCost;
  return {
    program,
    repairCost,
    totalRehabilitationCost,
    contingency: contingency
      ? { amount: contingency.amount, percentOfRepairCost: repairCost ? Number(((contingency.amount / repairCost) * 100).toFixed(2)) : null, path: contingency.path }
      : null,
    consultantFee: consultantFee === null ? null : { amount: consultantFee, maximum: repairCost === null ? null : maximumConsultantFee(context, repairCost) },
    permitFees: permits.length > 0 ? roundCents(permits.reduce((sum, mention) => sum + mention.amount, 0)) : null,
    fitsStandard: repairCost === null ? null : repairCost >= (programs.standard.minimumRepairCost ?? 0),
    fitsLimited:
      totalRehabilitationCost === null
        ? null
        : totalRehabilitationCost <= (programs.limited.maximumTotalRehabilitationCost ?? Number.POSITIVE_INFINITY) && (repairCost ?? 0) >= (limitedMinimum ?? 0),
  };
}
