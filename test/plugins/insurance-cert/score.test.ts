import { expect } from 'chai';
import { normaliseAnswer, scoreExtraction } from './support/score.js';

const answer = {
  certificateNumber: 'C-1',
  insured: { name: 'Blue Heron Builders, LLC', address: null },
  coverages: [
    { type: 'general_liability', policyNumber: 'GL 1', limits: { EACH_OCCURRENCE: 1000000, MED_EXP: 5000 }, limitsNonNumeric: { PERSONAL_ADV_INJURY: 'Included' } },
    { type: 'workers_comp', policyNumber: 'WC 2', limits: { EL_EACH_ACCIDENT: 500000 } },
    { type: 'other', description: 'Inland marine', policyNumber: 'IM 3', limits: { LIMIT: 75000 } },
  ],
};

describe('insurance-cert scoring helper', () => {
  it('maps the answer key to the plugin names (limit keys, other rows)', () => {
    const normalised = normaliseAnswer(answer) as { coverages: Array<Record<string, unknown>>; otherCoverages: Array<Record<string, unknown>> };
    expect(normalised.coverages[0]).to.deep.equal({ type: 'general_liability', policyNumber: 'GL 1', limits: { eachOccurrence: 1000000, medicalExpense: 5000 } });
    expect(normalised.otherCoverages).to.deep.equal([{ description: 'Inland marine', policyNumber: 'IM 3', limits: { limit: 75000 } }]);
  });

  it('folds case, spaces and punctuation, and compares money to the cent', () => {
    const actual = {
      certificateNumber: 'c 1',
      insured: { name: 'BLUE HERON BUILDERS LLC', address: null },
      coverages: [
        { type: 'general_liability', policyNumber: 'GL-1', limits: { eachOccurrence: 1000000.001, medicalExpense: 5000 } },
        { type: 'workers_comp', policyNumber: 'WC 2', limits: { elEachAccident: 500000 } },
      ],
      otherCoverages: [{ description: 'INLAND MARINE', policyNumber: 'IM 3', limits: { limit: 75000 } }],
    };
    expect(scoreExtraction(actual, answer).f1).to.equal(1);
  });

  it('charges a missed row only its own fields, and counts extra values as false positives', () => {
    const actual = {
      certificateNumber: 'C-1',
      insured: { name: 'Blue Heron Builders, LLC' },
      coverages: [{ type: 'workers_comp', policyNumber: 'WC 2', limits: { elEachAccident: 500000 } }],
      otherCoverages: [{ description: 'Inland marine', policyNumber: 'IM 3', limits: { limit: 75000 } }],
      certificateHolder: { name: 'Someone' },
    };
    const score = scoreExtraction(actual, answer);
    expect(score.truePositives).to.equal(12 - 4);
    expect(score.falseNegatives).to.equal(4);
    expect(score.falsePositives).to.equal(1);
    expect(score.misses.map((miss) => miss.path)).to.include.members(['coverages[0].policyNumber', 'certificateHolder.name']);
  });

  it('accepts the listed alternative values', () => {
    const actual = { certificateNumber: 'C-1', insured: { name: 'Blue Heron' }, coverages: [], otherCoverages: [] };
    const strict = scoreExtraction(actual, { certificateNumber: 'C-1', insured: { name: 'Blue Heron Builders' } });
    const lenient = scoreExtraction(actual, { certificateNumber: 'C-1', insured: { name: 'Blue Heron Builders' } }, { 'insured.name': ['Blue Heron'] });
    expect(strict.f1).to.be.below(1);
    expect(lenient.f1).to.equal(1);
  });
});
