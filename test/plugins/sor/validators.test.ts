import { expect } from 'chai';
import { extractSor } from '../../../plugins/sor/src/extractor.js';
import type { SorData } from '../../../plugins/sor/src/schema.js';
import { FINDING_CODES, validators } from '../../../plugins/sor/src/validators.js';
import { twoPageStatement } from './support/documents.js';

const context = { now: new Date('2026-06-01T00:00:00Z') };
const run = (data: SorData) => validators.flatMap((validator) => validator(data, context));

function statement(): SorData {
  return {
    documentMetadata: {
      consultant: null,
      propertyAddress: null,
      borrowerName: null,
      lenderName: null,
      inspectionDate: null,
      contractorInfo: { name: null, license: null, phone: null },
    },
    constructionSections: [
      {
        sectionName: '1.0 General Requirements',
        lineItems: [
          { description: 'Dumpster', quantity: 1, unit: 'EA', materialCost: 500, laborCost: 100, totalCost: 600 },
          { description: 'Toilet', quantity: 1, unit: 'LS', materialCost: 80.1, laborCost: 0.2, totalCost: 80.3 },
        ],
        sectionTotal: { materialCost: 580.1, laborCost: 100.2, totalCost: 680.3 },
      },
      { sectionName: '2.0 Demolition', lineItems: [] },
    ],
    recapSummary: { subtotal: 680.3, generalConditions: 34.02, overheadAndProfit: 68.03, grandTotal: 782.35 },
  };
}

describe('plugin-sor validators', () => {
  it('finds nothing wrong in a statement that adds up (to the cent, despite floating point)', () => {
    expect(run(statement())).to.deep.equal([]);
  });

  it('reports a line total that is not material + labor, with the difference in dollars', () => {
    const data = statement();
    data.constructionSections[0].lineItems[0].totalCost = 650;
    const finding = run(data).find((item) => item.code === FINDING_CODES.lineTotalMismatch);
    expect(finding).to.deep.include({ severity: 'error', path: 'constructionSections[0].lineItems[0].totalCost' });
    expect(finding?.details).to.deep.equal({ expected: 600, actual: 650, difference: 50 });
  });

  it('reports a printed section total that differs from its items', () => {
    const data = statement();
    data.constructionSections[0].sectionTotal!.laborCost = 90.2;
    const finding = run(data).find((item) => item.code === FINDING_CODES.sectionTotalMismatch);
    expect(finding?.path).to.equal('constructionSections[0].sectionTotal.laborCost');
    expect(finding?.details).to.deep.equal({ expected: 100.2, actual: 90.2, difference: -10 });
  });

  it('reports a subtotal that is not the sum of the sections', () => {
    const data = statement();
    data.recapSummary.subtotal = 700.3;
    const codes = run(data).map((item) => item.code);
    expect(codes).to.include(FINDING_CODES.subtotalMismatch);
  });

  it('reports a recap that does not add up to the grand total, read from a document made in the test', () => {
    const { data } = extractSor(twoPageStatement('$5,300.00'));
    const findings = run(data);
    expect(findings.map((item) => item.code)).to.deep.equal([FINDING_CODES.grandTotalMismatch]);
    expect(findings[0]).to.deep.include({ severity: 'error', path: 'recapSummary.grandTotal' });
    expect(findings[0].details).to.deep.equal({ expected: 5238.25, actual: 5300, difference: 61.75 });
  });

  it('warns when the recap or the line items are missing, and about a line without a total', () => {
    const data = statement();
    data.recapSummary.grandTotal = null;
    data.constructionSections[0].lineItems[1].totalCost = null;
    const codes = run(data).map((item) => item.code);
    expect(codes).to.include.members([FINDING_CODES.missingRecap, FINDING_CODES.lineTotalMissing]);
    const empty = { ...statement(), constructionSections: [] };
    expect(run(empty).map((item) => item.code)).to.include(FINDING_CODES.noLineItems);
  });

  it('uses stable lowercase snake_case codes and never throws on odd data', () => {
    const data = statement();
    data.constructionSections[0].lineItems[0] = { description: '', quantity: null, unit: null, materialCost: null, laborCost: null, totalCost: null };
    for (const finding of run(data)) expect(finding.code).to.match(/^sor_[a-z_]+$/);
  });
});
