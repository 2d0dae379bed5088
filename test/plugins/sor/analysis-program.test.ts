import { expect } from 'chai';
import { ANALYSIS_CODES, analyzeStatement, type AnalysisFinding, type AnalysisOptions } from '../../../plugins/sor/src/index.js';
import type { SorData } from '../../../plugins/sor/src/schema.js';
import { consistentStatement, item, statementOf } from './support/analysis-statement.js';

const codesOf = (data: SorData, options: AnalysisOptions, code: string): AnalysisFinding[] => analyzeStatement(data, options).findings.filter((entry) => entry.code === code);

function withoutContingency(): SorData {
  const data = consistentStatement();
  data.additionalInfo!.contingencyReserve = null;
  data.additionalInfo!.linesAfterGrandTotal = [{ label: 'Consultant Fee', amount: 800 }];
  return data;
}

function withContingency(amount: number, label = 'Contingency Reserve'): SorData {
  const data = consistentStatement();
  data.additionalInfo!.contingencyReserve = amount;
  data.additionalInfo!.linesAfterGrandTotal = [{ label, amount }];
  return data;
}

describe('plugin-sor analysis: 203(k) contingency reserve', () => {
  it('is silent on a 10% reserve for the Standard program', () => {
    const { findings, summary } = analyzeStatement(consistentStatement(), { program: 'standard' });
    expect(findings.map((entry) => entry.code)).to.not.include.members([ANALYSIS_CODES.contingencyMissing, ANALYSIS_CODES.contingencyOutOfRange, ANALYSIS_CODES.contingencyRateMismatch]);
    expect(summary.program.contingency).to.deep.equal({ amount: 1040.75, percentOfRepairCost: 10, path: 'additionalInfo.contingencyReserve' });
  });

  it('warns when the Standard program has no reserve, notes it when the program is unknown, and is silent for Limited', () => {
    const data = withoutContingency();
    expect(codesOf(data, { program: 'standard' }, ANALYSIS_CODES.contingencyMissing).map((entry) => entry.severity)).to.deep.equal(['warning']);
    expect(codesOf(data, {}, ANALYSIS_CODES.contingencyMissing).map((entry) => entry.severity)).to.deep.equal(['info']);
    expect(codesOf(data, { program: 'limited' }, ANALYSIS_CODES.contingencyMissing)).to.deep.equal([]);
  });

  it('warns of a reserve outside the program range, in percent of the repair cost', () => {
    const high = codesOf(withContingency(2601.88), { program: 'standard' }, ANALYSIS_CODES.contingencyOutOfRange);
    expect(high).to.have.length(1);
    expect(high[0].details).to.include({ amount: 2601.88, repairCost: 10407.5, minimumPercent: 10, maximumPercent: 20 });
    expect(high[0].message).to.contain('25%').and.contain('10%–20%');
    expect(codesOf(withContingency(520.38), { program: 'standard' }, ANALYSIS_CODES.contingencyOutOfRange)).to.have.length(1);
    expect(codesOf(withContingency(520.38), { program: 'limited' }, ANALYSIS_CODES.contingencyOutOfRange)).to.deep.equal([]);
    expect(codesOf(withContingency(2081.5), { program: 'standard' }, ANALYSIS_CODES.contingencyOutOfRange)).to.deep.equal([]);
  });

  it('takes the range from the options (a 15% minimum where the utilities were off)', () => {
    const options: AnalysisOptions = { program: 'standard', programs: { standard: { contingency: { minimumPercent: 15 } } } };
    expect(codesOf(consistentStatement(), options, ANALYSIS_CODES.contingencyOutOfRange)).to.have.length(1);
  });

  it('reports a reserve whose amount is not the rate its label prints', () => {
    const [found] = codesOf(withContingency(1040.75, 'Contingency Reserve (15%)'), {}, ANALYSIS_CODES.contingencyRateMismatch);
    expect(found).to.include({ severity: 'error', path: 'additionalInfo.contingencyReserve' });
    expect(found.details).to.include({ printedPercent: 15, expected: 1561.13 });
    expect(codesOf(withContingency(1561.13, 'Contingency Reserve (15%)'), {}, ANALYSIS_CODES.contingencyRateMismatch)).to.deep.equal([]);
  });

  it('reads a reserve printed as a recap line when none was extracted', () => {
    const data = consistentStatement();
    data.additionalInfo!.contingencyReserve = undefined;
    const { summary } = analyzeStatement(data);
    expect(summary.program.contingency).to.deep.include({ amount: 1040.75, path: 'additionalInfo.linesAfterGrandTotal[0].amount' });
    expect(summary.program.totalRehabilitationCost).to.equal(12248.25);
  });
});

describe('plugin-sor analysis: 203(k) fees and amounts', () => {
  it('warns of a consultant fee above the schedule for the repair cost, and is silent at the schedule', () => {
    const data = consistentStatement();
    data.additionalInfo!.linesAfterGrandTotal![1].amount = 1250;
    data.additionalInfo!.linesAfterGrandTotal![2].amount = 12698.25;
    const [found] = codesOf(data, {}, ANALYSIS_CODES.consultantFeeAboveSchedule);
    expect(found).to.include({ severity: 'warning', path: 'additionalInfo.linesAfterGrandTotal[1].amount' });
    expect(found.details).to.include({ fee: 1250, maximum: 1000, repairCost: 10407.5, difference: 250 });
    data.additionalInfo!.linesAfterGrandTotal![1].amount = 1000;
    data.additionalInfo!.linesAfterGrandTotal![2].amount = 12448.25;
    expect(codesOf(data, {}, ANALYSIS_CODES.consultantFeeAboveSchedule)).to.deep.equal([]);
  });

  it('applies the top band of the schedule: 1% of the repair cost, at most $2,000', () => {
    const big = statementOf([item('Whole-house rehabilitation', 1, 'LS', 100000, 50000, 150000)]);
    big.additionalInfo!.linesAfterGrandTotal = [{ label: 'Consultant Fee', amount: 1600 }];
    expect(codesOf(big, {}, ANALYSIS_CODES.consultantFeeAboveSchedule)[0].details).to.include({ maximum: 1500 });
    expect(analyzeStatement(big).summary.program.consultantFee).to.deep.equal({ amount: 1600, maximum: 1500 });
  });

  it('notes a missing consultant fee only where the program requires a consultant', () => {
    const data = consistentStatement();
    data.additionalInfo!.linesAfterGrandTotal = [{ label: 'Contingency Reserve (10%)', amount: 1040.75 }];
    expect(codesOf(data, { program: 'standard' }, ANALYSIS_CODES.consultantFeeMissing).map((entry) => entry.severity)).to.deep.equal(['info']);
    expect(codesOf(data, { program: 'limited' }, ANALYSIS_CODES.consultantFeeMissing)).to.deep.equal([]);
    expect(codesOf(data, {}, ANALYSIS_CODES.consultantFeeMissing)).to.deep.equal([]);
  });

  it('notes a statement with no permit fee, as an item or as a recap line', () => {
    expect(codesOf(consistentStatement(), {}, ANALYSIS_CODES.permitFeeMissing)).to.deep.equal([]);
    const noPermit = statementOf([item('Architectural shingles', 20, 'SQ', 3000, 3000, 6000)]);
    expect(codesOf(noPermit, {}, ANALYSIS_CODES.permitFeeMissing).map((entry) => entry.severity)).to.deep.equal(['info']);
    noPermit.additionalInfo!.recapLines = [{ label: 'Building Permit', amount: 200 }];
    noPermit.recapSummary.grandTotal = 6200;
    expect(codesOf(noPermit, {}, ANALYSIS_CODES.permitFeeMissing)).to.deep.equal([]);
    expect(analyzeStatement(noPermit).summary.program.permitFees).to.equal(200);
  });

  it('counts as fees only the items that are fees, not work whose description mentions permits or a consultant', () => {
    const data = statementOf([
      item('Rebuild chimney; include all permits and inspections required', 1, 'LS', 1500, 2000, 3500),
      item("Per consultant's write-up, replace rotted sill plate", 1, 'LS', 400, 900, 1300),
    ]);
    data.additionalInfo!.linesAfterGrandTotal = [];
    const { findings, summary } = analyzeStatement(data);
    expect(findings.map((entry) => entry.code)).to.not.include(ANALYSIS_CODES.permitFeeMissing);
    expect(summary.program).to.include({ permitFees: null, consultantFee: null });
    const fees = statementOf([item('Electrical permit', 1, 'LS', 150, 0, 150), item('203(k) consultant fee', 1, 'LS', 600, 0, 600)]);
    expect(analyzeStatement(fees).summary.program).to.deep.include({ permitFees: 150, consultantFee: { amount: 600, maximum: 1000 } });
  });

  it('checks the repair cost against the Standard minimum', () => {
    const small = statementOf([item('Replace water heater', 1, 'EA', 900, 400, 1300), item('Electrical permit', 1, 'LS', 150, 0, 150)]);
    expect(codesOf(small, { program: 'standard' }, ANALYSIS_CODES.rehabilitationBelowMinimum).map((entry) => [entry.severity, entry.details.minimum])).to.deep.equal([['warning', 5000]]);
    expect(codesOf(small, {}, ANALYSIS_CODES.rehabilitationBelowMinimum).map((entry) => entry.severity)).to.deep.equal(['info']);
    expect(codesOf(small, { program: 'limited' }, ANALYSIS_CODES.rehabilitationBelowMinimum)).to.deep.equal([]);
    expect(codesOf(consistentStatement(), { program: 'standard' }, ANALYSIS_CODES.rehabilitationBelowMinimum)).to.deep.equal([]);
  });

  it('checks the total rehabilitation cost (repairs, reserve and fees) against the Limited maximum', () => {
    const large = statementOf([item('Kitchen remodel', 1, 'LS', 40000, 30000, 70000), item('Building permit', 1, 'LS', 500, 0, 500)]);
    large.additionalInfo!.linesAfterGrandTotal = [{ label: 'Contingency Reserve (10%)', amount: 7050 }];
    large.additionalInfo!.contingencyReserve = 7050;
    const [found] = codesOf(large, { program: 'limited' }, ANALYSIS_CODES.rehabilitationAboveMaximum);
    expect(found).to.include({ severity: 'warning' });
    expect(found.details).to.include({ totalRehabilitationCost: 77550, maximum: 75000 });
    expect(codesOf(large, {}, ANALYSIS_CODES.rehabilitationAboveMaximum).map((entry) => entry.severity)).to.deep.equal(['info']);
    expect(codesOf(large, { program: 'standard' }, ANALYSIS_CODES.rehabilitationAboveMaximum)).to.deep.equal([]);
    expect(codesOf(consistentStatement(), { program: 'limited' }, ANALYSIS_CODES.rehabilitationAboveMaximum)).to.deep.equal([]);
    expect(analyzeStatement(large).summary.program).to.include({ fitsLimited: false, fitsStandard: true, repairCost: 70500 });
  });
});

describe('plugin-sor analysis: items typically not eligible', () => {
  const eligibility = (description: string, options: AnalysisOptions = {}) =>
    codesOf(statementOf([item(description, 1, 'LS', 1000, 1000, 2000), item('Building permit', 1, 'LS', 100, 0, 100)]), options, ANALYSIS_CODES.ineligibleItem);

  it('warns of luxury items and of work for commercial use, naming the entry and the phrase', () => {
    const [pool] = eligibility('Install new in-ground swimming pool with concrete deck');
    expect(pool).to.include({ severity: 'warning', path: 'constructionSections[0].lineItems[0].description' });
    expect(pool.details).to.include({ entry: 'swimming_pool', category: 'luxury', phrase: 'swimming pool', totalCost: 2000 });
    expect(eligibility('Exterior hot tub, 6-person, on new pad')[0].details).to.include({ entry: 'hot_tub_spa_sauna' });
    expect(eligibility('Build out front room as hair salon storefront')[0].details).to.include({ category: 'commercial' });
    expect(eligibility('Cedar gazebo, 12x12')[0].details).to.include({ entry: 'gazebo' });
  });

  it('is silent on eligible work that shares a word with the lexicon', () => {
    expect(eligibility('Repair existing pool pump and filter')).to.deep.equal([]);
    expect(eligibility('Commercial grade carpet and pad, bedrooms')).to.deep.equal([]);
    expect(eligibility('Whirlpool refrigerator, 21 cu ft')).to.deep.equal([]);
    expect(eligibility('Architectural shingles, 30-yr')).to.deep.equal([]);
  });

  it('counts structural work against the Limited program only', () => {
    const description = 'Remove load-bearing wall and install LVL beam';
    expect(eligibility(description, { program: 'limited' }).map((entry) => entry.severity)).to.deep.equal(['warning']);
    expect(eligibility(description).map((entry) => entry.severity)).to.deep.equal(['info']);
    expect(eligibility(description, { program: 'standard' })).to.deep.equal([]);
  });

  it('takes the lexicon from the options', () => {
    const ineligibleLexicon = [{ id: 'wine_cellar', category: 'luxury' as const, phrases: ['wine cellar'], unless: [], reason: 'a wine cellar' }];
    expect(eligibility('Wine cellar racking', { ineligibleLexicon })[0].details).to.include({ entry: 'wine_cellar' });
    expect(eligibility('Install new swimming pool', { ineligibleLexicon })).to.deep.equal([]);
  });
});
