import { expect } from 'chai';
import { evaluateLending, lendingRequirementsSpec, validatePlugin, type ComplianceCheck, type FieldDetails, type LendingRequirements } from '@docsift/core';
import { extractSor, LENDING_CHECK_CODES as CODES, sorLending, sorPlugin, validators, type SorData } from '../../../plugins/sor/src/index.js';
import { twoPageStatement } from './support/documents.js';

const now = new Date('2026-06-01T00:00:00Z');
const requirements = lendingRequirementsSpec([sorPlugin()]).defaults();

function statement(): SorData {
  return {
    documentMetadata: {
      consultant: 'John Smith',
      propertyAddress: '12 Elm St, Springfield, IL 62701',
      borrowerName: 'Jane Q. Public',
      lenderName: 'First Bank',
      inspectionDate: '2026-03-03',
      contractorInfo: { name: 'Best Builders, Inc.', license: 'GC-1', phone: null },
    },
    constructionSections: [
      {
        sectionName: '1.0 General Requirements',
        lineItems: [
          { description: 'Dumpster', quantity: 2, unit: 'EA', materialCost: 500, laborCost: 100, totalCost: 600 },
          { description: 'Toilet', quantity: 1, unit: 'LS', materialCost: 80, laborCost: 0, totalCost: 80 },
        ],
        sectionTotal: { materialCost: 580, laborCost: 100, totalCost: 680 },
      },
      {
        sectionName: '2.0 Roofing',
        lineItems: [{ description: 'Shingles', quantity: 20, unit: 'SQ', materialCost: 2000, laborCost: 1500, totalCost: 3500 }],
      },
    ],
    recapSummary: { subtotal: 4180, generalConditions: 209, overheadAndProfit: 418, grandTotal: 4807 },
  };
}

function evaluate(data: SorData, options: { requirements?: LendingRequirements; fieldDetails?: FieldDetails } = {}) {
  const findings = validators.flatMap((validator) => validator(data, { now }));
  const subject = { documentType: 'sor', extractedData: data, fieldDetails: options.fieldDetails ?? {}, findings };
  return evaluateLending(sorPlugin(), subject, options.requirements ?? requirements, now);
}

const failedChecks = (checks: ComplianceCheck[]) => checks.filter((check) => !check.passed);
const withRecap = (changes: Partial<SorData['recapSummary']>): SorData => ({ ...statement(), recapSummary: { ...statement().recapSummary, ...changes } });

describe('sor lending checks', () => {
  it('find a statement that adds up, with its metadata, compliant', () => {
    const { compliance, lendingAnalysis } = evaluate(statement());
    expect(compliance.status).to.equal('compliant');
    expect(compliance.checks.map((check) => check.code)).to.deep.equal(Object.values(CODES));
    expect(lendingAnalysis).to.deep.equal({
      lineItemsMatchSections: true,
      sectionsMatchSubtotal: true,
      recapMatchesGrandTotal: true,
      differences: {
        lineItemsVsSections: 0,
        sectionsVsSubtotal: 0,
        recapVsGrandTotal: 0,
        sections: [{ sectionName: '1.0 General Requirements', printed: 680, computed: 680, difference: 0 }],
      },
      totals: {
        sumOfSections: 4180,
        subtotal: 4180,
        generalConditions: 209,
        overheadAndProfit: 418,
        otherRecapLines: [],
        computedGrandTotal: 4807,
        grandTotal: 4807,
      },
      tolerance: 1,
    });
  });

  it('call a recap that does not add up non-compliant, reporting the difference in dollars', () => {
    const { compliance, lendingAnalysis } = evaluate(withRecap({ grandTotal: 4832 }));
    expect(compliance.status).to.equal('non_compliant');
    expect(failedChecks(compliance.checks)).to.deep.equal([
      {
        code: CODES.recapMatchesGrandTotal,
        passed: false,
        severity: 'error',
        message: 'Grand total against subtotal + general conditions + overhead and profit: difference $25.00, more than the tolerated $1.00.',
        path: 'recapSummary.grandTotal',
        details: { difference: 25, tolerance: 1 },
      },
    ]);
    expect(lendingAnalysis).to.deep.include({ recapMatchesGrandTotal: false });
    expect((lendingAnalysis!.differences as Record<string, unknown>).recapVsGrandTotal).to.equal(25);
  });

  it('tolerate a difference up to the configured amount, and no more', () => {
    const offByFifty = withRecap({ grandTotal: 4807.5 });
    expect(evaluate(offByFifty).compliance.status).to.equal('compliant');
    expect(evaluate(withRecap({ grandTotal: 4808 })).compliance.status).to.equal('compliant');
    expect(evaluate(withRecap({ grandTotal: 4808.01 })).compliance.status).to.equal('non_compliant');
    expect(evaluate(offByFifty, { requirements: { ...requirements, maxSorDifference: 0 } }).compliance.status).to.equal('non_compliant');
  });

  it('call a subtotal that is not the sum of sections non-compliant', () => {
    const { compliance, lendingAnalysis } = evaluate(withRecap({ subtotal: 4080, grandTotal: 4707 }));
    expect(compliance.status).to.equal('non_compliant');
    expect(failedChecks(compliance.checks).map((check) => [check.code, check.details?.difference])).to.deep.equal([[CODES.sectionsMatchSubtotal, -100]]);
    expect(lendingAnalysis).to.deep.include({ sectionsMatchSubtotal: false, recapMatchesGrandTotal: true });
  });

  it('call a printed section total that is not the sum of its line items non-compliant, naming the section', () => {
    const data = statement();
    data.constructionSections[0]!.sectionTotal = { materialCost: 580, laborCost: 100, totalCost: 700 };
    const { compliance } = evaluate({ ...data, recapSummary: { subtotal: 4200, generalConditions: 209, overheadAndProfit: 418, grandTotal: 4827 } });
    expect(compliance.status).to.equal('non_compliant');
    expect(failedChecks(compliance.checks)).to.have.length(1);
    expect(failedChecks(compliance.checks)[0]).to.deep.include({
      code: CODES.lineItemsMatchSections,
      path: 'constructionSections[0].sectionTotal.totalCost',
      details: { difference: 20, tolerance: 1 },
    });
  });

  it("call a line total that is not material plus labor non-compliant, from the engine's findings", () => {
    const data = statement();
    data.constructionSections[1]!.lineItems[0]!.laborCost = 1400;
    const { compliance } = evaluate(data);
    expect(compliance.status).to.equal('non_compliant');
    expect(failedChecks(compliance.checks)[0]).to.deep.include({
      code: CODES.lineTotals,
      path: 'constructionSections[1].lineItems[0].totalCost',
      details: { difference: 100, tolerance: 1, mismatches: 1 },
    });
  });

  it('send missing required metadata to review, one check per field', () => {
    const data = statement();
    data.documentMetadata.contractorInfo.license = null;
    data.documentMetadata.borrowerName = '';
    const { compliance } = evaluate(data);
    expect(compliance.status).to.equal('needs_review');
    expect(failedChecks(compliance.checks).map((check) => [check.code, check.path, check.severity])).to.deep.equal([
      [CODES.borrowerName, 'documentMetadata.borrowerName', 'review'],
      [CODES.contractorLicense, 'documentMetadata.contractorInfo.license', 'review'],
    ]);
    expect(failedChecks(compliance.checks)[1]!.message).to.equal("The contractor's license was not found; a person must check it.");
  });

  it('send amounts read with low confidence to review, listing them', () => {
    const fieldDetails = {
      'constructionSections[0].lineItems[1].totalCost': { confidence: 0.41, page: 1, bbox: null, source: 'ocr' as const },
      'constructionSections[0].lineItems[1].description': { confidence: 0.2, page: 1, bbox: null, source: 'ocr' as const },
      'recapSummary.generalConditions': { confidence: 0.6, page: 2, bbox: null, source: 'ocr' as const },
    };
    const { compliance } = evaluate(statement(), { fieldDetails });
    expect(compliance.status).to.equal('needs_review');
    expect(failedChecks(compliance.checks)).to.deep.equal([
      {
        code: CODES.amountsConfident,
        passed: false,
        severity: 'review',
        message: '1 amount(s) were read with confidence below 0.60: constructionSections[0].lineItems[1].totalCost (0.41); a person must check them.',
        path: 'constructionSections[0].lineItems[1].totalCost',
        details: { lowConfidence: [{ path: 'constructionSections[0].lineItems[1].totalCost', confidence: 0.41 }], minimumConfidence: 0.6 },
      },
    ]);
  });

  it('neither pass nor fail a recap whose grand total is unreadable: review', () => {
    const fieldDetails = { 'recapSummary.grandTotal': { confidence: 0.3, page: 2, bbox: null, source: 'ocr' as const } };
    const lowConfidence = evaluate(withRecap({ grandTotal: 9999 }), { fieldDetails });
    expect(lowConfidence.compliance.status).to.equal('needs_review');
    expect(lowConfidence.lendingAnalysis).to.deep.include({ recapMatchesGrandTotal: null });
    const missing = evaluate(withRecap({ grandTotal: null }));
    expect(missing.compliance.status).to.equal('needs_review');
    expect(failedChecks(missing.compliance.checks)[0]).to.include({ code: CODES.recapMatchesGrandTotal, severity: 'review', path: 'recapSummary.grandTotal' });
  });

  it('send a statement without sections to review', () => {
    const { compliance } = evaluate({ ...statement(), constructionSections: [] });
    expect(compliance.status).to.equal('needs_review');
    expect(failedChecks(compliance.checks).map((check) => check.code)).to.deep.equal([CODES.lineItemsMatchSections, CODES.sectionsMatchSubtotal]);
  });

  it('is part of the plugin, which the registry still accepts', () => {
    const plugin = sorPlugin();
    expect(plugin.lending).to.equal(sorLending);
    expect(() => validatePlugin(plugin)).not.to.throw();
  });

  it('judge statements read from a document: one that adds up, one whose grand total is $25 off', () => {
    const clean = extractSor(twoPageStatement());
    expect(evaluate(clean.data, { fieldDetails: clean.fieldDetails }).compliance.status).to.equal('compliant');
    const off = extractSor(twoPageStatement('$5,263.25'));
    const { compliance, lendingAnalysis } = evaluate(off.data, { fieldDetails: off.fieldDetails });
    expect(compliance.status).to.equal('non_compliant');
    expect(failedChecks(compliance.checks).map((check) => [check.code, check.details?.difference])).to.deep.equal([[CODES.recapMatchesGrandTotal, 25]]);
    expect(lendingAnalysis).to.deep.include({ lineItemsMatchSections: true, sectionsMatchSubtotal: true, recapMatchesGrandTotal: false });
  });
});
