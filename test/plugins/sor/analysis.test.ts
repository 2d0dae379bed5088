import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { ANALYSIS_CODES, analyzeStatement, type AnalysisFinding } from '../../../plugins/sor/src/index.js';
import { consistentStatement, item, statementOf } from './support/analysis-statement.js';

const ARITHMETIC = new Set<string>([
  ANALYSIS_CODES.lineTotalMismatch,
  ANALYSIS_CODES.sectionTotalMismatch,
  ANALYSIS_CODES.subtotalMismatch,
  ANALYSIS_CODES.grandTotalMismatch,
  ANALYSIS_CODES.rehabilitationTotalMismatch,
  ANALYSIS_CODES.markupRateIrregular,
]);

const withCode = (findings: AnalysisFinding[], code: string): AnalysisFinding[] => findings.filter((entry) => entry.code === code);

describe('plugin-sor analysis: arithmetic', () => {
  it('finds no error and no arithmetic finding in a statement that adds up', () => {
    const { findings } = analyzeStatement(consistentStatement(), { program: 'standard' });
    expect(findings.filter((entry) => entry.severity === 'error')).to.deep.equal([]);
    expect(findings.filter((entry) => ARITHMETIC.has(entry.code))).to.deep.equal([]);
  });

  it('reports a line total that is not material + labor, with the numbers and the path', () => {
    const data = consistentStatement();
    data.constructionSections[1].lineItems[0].totalCost = 6010;
    const [found] = withCode(analyzeStatement(data).findings, ANALYSIS_CODES.lineTotalMismatch);
    expect(found).to.include({ severity: 'error', path: 'constructionSections[1].lineItems[0].totalCost' });
    expect(found.details).to.include({ printed: 6010, computed: 6000, difference: 10, tolerance: 0.01 });
    expect(found.message).to.contain('$6,010.00').and.contain('$6,000.00').and.contain('$10.00');
  });

  it('tolerates one cent by default, reports two, and takes the tolerance from the options', () => {
    const data = consistentStatement();
    data.constructionSections[2].lineItems[0].totalCost = 1000.01;
    data.constructionSections[2].lineItems[1].totalCost = 500.02;
    const paths = (toleranceCents?: number) =>
      withCode(analyzeStatement(data, toleranceCents === undefined ? {} : { toleranceCents }).findings, ANALYSIS_CODES.lineTotalMismatch).map((entry) => entry.path);
    expect(paths()).to.deep.equal(['constructionSections[2].lineItems[1].totalCost']);
    expect(paths(2)).to.deep.equal([]);
    expect(paths(0)).to.have.length(2);
  });

  it('counts equipment and tax in the line total where they are printed', () => {
    const data = statementOf([{ ...item('Furnace, 80k BTU', 1, 'EA', 2000, 800, 3060), equipmentCost: 100, taxAmount: 160 }]);
    expect(withCode(analyzeStatement(data).findings, ANALYSIS_CODES.lineTotalMismatch)).to.deep.equal([]);
  });

  it('checks each printed section column against its items', () => {
    const data = consistentStatement();
    data.constructionSections[1].sectionTotal!.materialCost = 3500;
    const found = withCode(analyzeStatement(data).findings, ANALYSIS_CODES.sectionTotalMismatch);
    expect(found.map((entry) => entry.path)).to.deep.equal(['constructionSections[1].sectionTotal.materialCost']);
    expect(found[0].details).to.include({ printed: 3500, computed: 3400, difference: 100 });
  });

  it('checks the subtotal against the sum of the sections (printed total, else the items)', () => {
    const data = consistentStatement();
    data.recapSummary.subtotal = 9000;
    data.recapSummary.grandTotal = 10357.5;
    const found = withCode(analyzeStatement(data).findings, ANALYSIS_CODES.subtotalMismatch);
    expect(found).to.have.length(1);
    expect(found[0].details).to.include({ printed: 9000, computed: 9050, difference: -50 });
  });

  it('checks the grand total against the recap, counting priced recap lines such as permits', () => {
    const data = consistentStatement();
    data.recapSummary.grandTotal = 10657.5;
    expect(withCode(analyzeStatement(data).findings, ANALYSIS_CODES.grandTotalMismatch)[0].details).to.include({ printed: 10657.5, computed: 10407.5, difference: 250 });
    data.additionalInfo!.recapLines = [{ label: 'Building Permit', amount: 250 }];
    data.additionalInfo!.linesAfterGrandTotal = [];
    data.additionalInfo!.contingencyReserve = null;
    expect(withCode(analyzeStatement(data).findings, ANALYSIS_CODES.grandTotalMismatch)).to.deep.equal([]);
  });

  it('checks a printed total rehabilitation cost against the grand total and the lines above it', () => {
    const data = consistentStatement();
    data.additionalInfo!.linesAfterGrandTotal![2].amount = 12448.25;
    const [found] = withCode(analyzeStatement(data).findings, ANALYSIS_CODES.rehabilitationTotalMismatch);
    expect(found).to.include({ severity: 'error', path: 'additionalInfo.linesAfterGrandTotal[2].amount' });
    expect(found.details).to.include({ printed: 12448.25, computed: 12248.25, difference: 200 });
  });
});

describe('plugin-sor analysis: general conditions and overhead and profit', () => {
  it('reads each markup as a rate of its base', () => {
    const { summary } = analyzeStatement(consistentStatement());
    expect(summary.markups.generalConditions).to.deep.include({ base: 'subtotal', ratePercent: 5, regular: true });
    expect(summary.markups.overheadAndProfit).to.deep.include({ base: 'subtotal', ratePercent: 10, regular: true });
  });

  it('finds overhead and profit computed on the subtotal + general conditions, preferring the rounder rate', () => {
    const data = consistentStatement();
    data.recapSummary.overheadAndProfit = 950.25;
    data.recapSummary.grandTotal = 10452.75;
    data.additionalInfo!.linesAfterGrandTotal = [];
    data.additionalInfo!.contingencyReserve = null;
    const { summary, findings } = analyzeStatement(data);
    expect(summary.markups.overheadAndProfit).to.deep.include({ base: 'subtotalAndGeneralConditions', ratePercent: 10, regular: true });
    expect(withCode(findings, ANALYSIS_CODES.markupRateIrregular)).to.deep.equal([]);
  });

  it('notes a markup no whole-step rate gives, with the implied rates', () => {
    const data = consistentStatement();
    data.recapSummary.generalConditions = 461.13;
    data.recapSummary.grandTotal = 10416.13;
    const [found] = withCode(analyzeStatement(data).findings, ANALYSIS_CODES.markupRateIrregular);
    expect(found).to.include({ severity: 'info', path: 'recapSummary.generalConditions' });
    expect(found.message).to.contain('5.1% of the subtotal');
  });

  it('warns of a markup above the organization limit, and not when the limit is off', () => {
    const data = consistentStatement();
    data.recapSummary.overheadAndProfit = 2262.5;
    data.recapSummary.grandTotal = 11765;
    const [found] = withCode(analyzeStatement(data).findings, ANALYSIS_CODES.markupAboveLimit);
    expect(found).to.include({ severity: 'warning', path: 'recapSummary.overheadAndProfit' });
    expect(found.details).to.include({ ratePercent: 25, maximumPercent: 20 });
    expect(withCode(analyzeStatement(data, { markups: { maximumOverheadAndProfitPercent: null } }).findings, ANALYSIS_CODES.markupAboveLimit)).to.deep.equal([]);
  });
});

describe('plugin-sor analysis: items and sections', () => {
  it('warns of an item without quantity or unit where the others print them', () => {
    const data = consistentStatement();
    data.constructionSections[2].lineItems[1].quantity = null;
    data.constructionSections[0].lineItems[0].unit = null;
    const { findings } = analyzeStatement(data);
    expect(withCode(findings, ANALYSIS_CODES.itemMissingQuantity).map((entry) => [entry.severity, entry.path])).to.deep.equal([['warning', 'constructionSections[2].lineItems[1].quantity']]);
    expect(withCode(findings, ANALYSIS_CODES.itemMissingUnit).map((entry) => entry.path)).to.deep.equal(['constructionSections[0].lineItems[0].unit']);
  });

  it('notes once a statement that prints no quantities at all', () => {
    const data = statementOf([item('Repaint exterior', null, null, 500, 1000, 1500), item('Replace gutters', null, null, 300, 200, 500)]);
    const found = withCode(analyzeStatement(data).findings, ANALYSIS_CODES.itemMissingQuantity);
    expect(found.map((entry) => [entry.severity, entry.path])).to.deep.equal([['info', 'constructionSections']]);
  });

  it('warns of an item without a total or without its material and labor split', () => {
    const data = consistentStatement();
    data.constructionSections[2].lineItems[0] = item('Prime and paint walls, two coats', 1000, 'SF', null, null, null);
    data.constructionSections[2].lineItems[1].laborCost = null;
    const found = withCode(analyzeStatement(data).findings, ANALYSIS_CODES.itemMissingCost).map((entry) => entry.path);
    expect(found).to.have.members(['constructionSections[2].lineItems[0].totalCost', 'constructionSections[2].lineItems[0].materialCost', 'constructionSections[2].lineItems[1].materialCost']);
  });

  it('says nothing of missing values in a complete statement', () => {
    const codes = analyzeStatement(consistentStatement()).findings.map((entry) => entry.code);
    expect(codes).to.not.include.members([ANALYSIS_CODES.itemMissingQuantity, ANALYSIS_CODES.itemMissingUnit, ANALYSIS_CODES.itemMissingCost]);
  });

  it('warns of an item repeated with the same amounts and notes one repeated with other amounts', () => {
    const data = consistentStatement();
    data.constructionSections[2].lineItems.push(item('Prime and paint walls, two coats.', 1000, 'SF', 300, 700, 1000), item('ARCHITECTURAL SHINGLES, 30-YR', 2, 'SQ', 300, 300, 600));
    const found = withCode(analyzeStatement(data).findings, ANALYSIS_CODES.duplicateItem);
    expect(found.map((entry) => [entry.severity, entry.path, entry.details.duplicateOf])).to.deep.equal([
      ['warning', 'constructionSections[2].lineItems[2]', 'constructionSections[2].lineItems[0]'],
      ['info', 'constructionSections[2].lineItems[3]', 'constructionSections[1].lineItems[0]'],
    ]);
    expect(withCode(analyzeStatement(consistentStatement()).findings, ANALYSIS_CODES.duplicateItem)).to.deep.equal([]);
  });

  it('lists sections without items, and warns of one that prints a total', () => {
    const data = consistentStatement();
    data.constructionSections.push({ sectionName: '4.0 Siding', lineItems: [] }, { sectionName: '5.0 Windows', lineItems: [] });
    data.constructionSections.push({ sectionName: '6.0 Doors', lineItems: [], sectionTotal: { materialCost: null, laborCost: null, totalCost: 400 } });
    const found = withCode(analyzeStatement(data).findings, ANALYSIS_CODES.emptySection);
    expect(found.map((entry) => [entry.severity, entry.path])).to.deep.equal([
      ['warning', 'constructionSections[5]'],
      ['info', 'constructionSections'],
    ]);
    expect(found[1].message).to.contain('"4.0 Siding", "5.0 Windows"');
    expect(withCode(analyzeStatement(consistentStatement()).findings, ANALYSIS_CODES.emptySection)).to.deep.equal([]);
  });
});

describe('plugin-sor analysis: summary and options', () => {
  it('sums by section and by trade, with shares, and lists the largest items', () => {
    const { summary } = analyzeStatement(consistentStatement(), { largestItems: 2 });
    expect(summary.bySection.map((entry) => [entry.sectionName, entry.total, entry.share])).to.deep.equal([
      ['1.0 General Requirements', 950, 10.5],
      ['2.0 Roofing', 6600, 72.93],
      ['3.0 Interior', 1500, 16.57],
    ]);
    expect(summary.byTrade.map((entry) => [entry.trade, entry.total, entry.items])).to.deep.equal([
      ['roofing', 6600, 2],
      ['painting', 1500, 2],
      ['general_requirements', 950, 2],
    ]);
    expect(summary.largestItems.map((entry) => [entry.path, entry.totalCost, entry.share])).to.deep.equal([
      ['constructionSections[1].lineItems[0]', 6000, 66.3],
      ['constructionSections[2].lineItems[0]', 1000, 11.05],
    ]);
    expect(summary.totals).to.deep.equal({ sumOfSections: 9050, subtotal: 9050, generalConditions: 452.5, overheadAndProfit: 905, grandTotal: 10407.5 });
    expect(summary.toleranceCents).to.equal(1);
  });

  it('counts the findings by severity, errors first', () => {
    const data = consistentStatement();
    data.constructionSections[1].lineItems[0].totalCost = 6010;
    const { findings, summary } = analyzeStatement(data);
    expect(findings[0].severity).to.equal('error');
    expect(summary.findingCounts).to.deep.equal({
      error: findings.filter((entry) => entry.severity === 'error').length,
      warning: findings.filter((entry) => entry.severity === 'warning').length,
      info: findings.filter((entry) => entry.severity === 'info').length,
    });
  });

  it('documents every finding code in docs/analysis.md', () => {
    const documentation = readFileSync(new URL('../../../docs/analysis.md', import.meta.url), 'utf8');
    expect(Object.values(ANALYSIS_CODES).filter((code) => !documentation.includes(`\`${code}\``))).to.deep.equal([]);
  });

  it('refuses invalid or unknown options and keeps the defaults of members not given', () => {
    expect(() => analyzeStatement(consistentStatement(), { toleranceCents: -1 })).to.throw(/toleranceCents/);
    expect(() => analyzeStatement(consistentStatement(), { tolerance: 1 } as never)).to.throw(/tolerance/);
    expect(() => analyzeStatement(consistentStatement(), { programs: { standard: { contingency: { minimumPercent: 30 } } } })).to.throw(/minimumPercent/);
    const data = consistentStatement();
    const { summary } = analyzeStatement(data, { program: 'limited', programs: { limited: { maximumTotalRehabilitationCost: 10000 } } });
    expect(summary.program.fitsLimited).to.equal(false);
    expect(summary.program.fitsStandard).to.equal(true);
  });
});
