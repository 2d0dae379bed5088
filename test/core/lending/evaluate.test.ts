import { expect } from 'chai';
import { z } from 'zod';
import {
  DocsiftError,
  PLUGIN_API_VERSION,
  evaluateLending,
  hasLendingEvaluator,
  lendingRequirementsSpec,
  validatePlugin,
  type DocumentTypePlugin,
  type LendingEvaluationInput,
  type LendingEvaluator,
  type LendingSubject,
} from '@docsift/core';

interface WaiverData {
  amount: number | null;
}

const now = new Date('2026-05-01T12:00:00Z');
const requirements = lendingRequirementsSpec([]).defaults();

/** A lien-waiver type whose lending rule is: the waived amount is present and positive. */
function waiverPlugin(lending?: LendingEvaluator<WaiverData>): DocumentTypePlugin<WaiverData> {
  return {
    apiVersion: PLUGIN_API_VERSION,
    kind: 'document-type',
    name: '@example/plugin-waiver',
    version: '1.0.0',
    entry: {
      typeCode: 'lien_waiver',
      displayName: 'Lien waiver',
      description: 'A conditional waiver of lien rights on progress payment.',
      confidenceThreshold: 0.8,
      extractionSupported: true,
      legacyTypeCodes: [],
      fields: [],
      keywords: ['waiver'],
      examples: [],
    },
    dataSchema: z.object({ amount: z.number().nullable() }),
    detector: { artifact: null, trainingExamples: async () => [] },
    extractor: { extract: async () => ({ data: { amount: null }, fieldDetails: {} }) },
    validators: [],
    ...(lending ? { lending: { ...lending, requirements: z.object({}) } } : {}),
  };
}

const amountRule: LendingEvaluator<WaiverData> = {
  evaluate: ({ data }) => ({
    checks: [
      data.amount === null
        ? { code: 'waiver_amount', passed: false, severity: 'review', message: 'No amount.' }
        : { code: 'waiver_amount', passed: data.amount > 0, severity: 'error', message: `Amount ${data.amount}.`, path: 'amount' },
    ],
    analysis: { amount: data.amount },
  }),
};

const subject = (overrides: Partial<LendingSubject> = {}): LendingSubject => ({
  documentType: 'lien_waiver',
  extractedData: { amount: 500 },
  fieldDetails: {},
  findings: [],
  ...overrides,
});

describe('lending: evaluateLending', () => {
  it('runs the plugin evaluator and derives the status from its checks', () => {
    const plugin = waiverPlugin(amountRule);
    expect(evaluateLending(plugin, subject(), requirements, now)).to.deep.equal({
      compliance: { status: 'compliant', checks: [{ code: 'waiver_amount', passed: true, severity: 'error', message: 'Amount 500.', path: 'amount' }] },
      lendingAnalysis: { amount: 500 },
    });
    expect(evaluateLending(plugin, subject({ extractedData: { amount: -1 } }), requirements, now).compliance.status).to.equal('non_compliant');
    expect(evaluateLending(plugin, subject({ extractedData: { amount: null } }), requirements, now).compliance.status).to.equal('needs_review');
  });

  it('hands the evaluator the extraction, findings, requirements and the job date', () => {
    const seen: Array<LendingEvaluationInput<WaiverData>> = [];
    const plugin = waiverPlugin({
      evaluate: (input) => {
        seen.push(input);
        return { checks: [], analysis: {} };
      },
    });
    const fieldDetails = { amount: { confidence: 0.9, page: 1, bbox: null, source: 'text' as const } };
    const findings = [{ severity: 'warning' as const, code: 'w', message: 'w' }];
    evaluateLending(plugin, subject({ fieldDetails, findings }), requirements, now);
    expect(seen).to.deep.equal([{ data: { amount: 500 }, fieldDetails, findings, requirements, now }]);
  });

  it('calls an unknown document unsupported, with no checks and no analysis', () => {
    expect(evaluateLending(undefined, subject({ documentType: 'unknown', extractedData: null }), requirements, now)).to.deep.equal({
      compliance: { status: 'unsupported_document', checks: [] },
      lendingAnalysis: null,
    });
  });

  it('calls a type without a lending evaluator, or another type than the plugin, unsupported', () => {
    expect(evaluateLending(waiverPlugin(), subject(), requirements, now).compliance.status).to.equal('unsupported_document');
    const other = evaluateLending(waiverPlugin(amountRule), subject({ documentType: 'sor' }), requirements, now);
    expect(other).to.deep.equal({ compliance: { status: 'unsupported_document', checks: [] }, lendingAnalysis: null });
  });

  it('sends a recognised document without extracted data to review', () => {
    const outcome = evaluateLending(waiverPlugin(amountRule), subject({ extractedData: null }), requirements, now);
    expect(outcome.compliance.status).to.equal('needs_review');
    expect(outcome.compliance.checks.map((check) => check.code)).to.deep.equal(['extracted_data_missing']);
    expect(outcome.lendingAnalysis).to.equal(null);
  });

  it('sends a document to review when the evaluator throws, naming the reason', () => {
    const plugin = waiverPlugin({
      evaluate: () => {
        throw new Error('coverages is not iterable');
      },
    });
    const outcome = evaluateLending(plugin, subject(), requirements, now);
    expect(outcome.compliance.status).to.equal('needs_review');
    expect(outcome.compliance.checks[0]).to.include({ code: 'lending_evaluation_failed', passed: false, severity: 'review' });
    expect(outcome.compliance.checks[0]!.message).to.contain('coverages is not iterable');
  });
});

describe('lending: the plugin contract member', () => {
  it('is optional and accepted by the registry when it has an evaluate function', () => {
    expect(() => validatePlugin(waiverPlugin())).not.to.throw();
    expect(() => validatePlugin(waiverPlugin(amountRule))).not.to.throw();
    expect(hasLendingEvaluator(waiverPlugin(amountRule))).to.equal(true);
    expect(hasLendingEvaluator(waiverPlugin())).to.equal(false);
    expect(hasLendingEvaluator(undefined)).to.equal(false);
  });

  it('is refused, naming the field, when evaluate is not a function', () => {
    const broken = { ...waiverPlugin(), lending: { evaluate: 'yes' } };
    expect(() => validatePlugin(broken))
      .to.throw(DocsiftError)
      .with.property('message')
      .that.matches(/lending\.evaluate/);
  });

  it('is refused, naming the field, without its requirement members', () => {
    const broken = { ...waiverPlugin(), lending: amountRule };
    expect(() => validatePlugin(broken)).to.throw(DocsiftError, /lending\.requirements/);
  });

  it('is refused on a version 1 plugin, whose checks read members core no longer defines; one without lending still loads', () => {
    expect(() => validatePlugin({ ...waiverPlugin(amountRule), apiVersion: 1 }))
      .to.throw(DocsiftError, /"@example\/plugin-waiver" declares lending checks under plugin API version 1/);
    expect(() => validatePlugin({ ...waiverPlugin(), apiVersion: 1 })).not.to.throw();
  });
});
