import { expect } from 'chai';
import { complianceResultSchema, complianceStatus, type ComplianceCheck } from '@docsift/core';

const check = (passed: boolean, severity: ComplianceCheck['severity']): ComplianceCheck => ({ code: 'c', passed, severity, message: 'm' });

describe('lending: compliance status', () => {
  it('is compliant when every check passed, or when there are none', () => {
    expect(complianceStatus([check(true, 'error'), check(true, 'review')])).to.equal('compliant');
    expect(complianceStatus([])).to.equal('compliant');
  });

  it('needs review when only review checks failed', () => {
    expect(complianceStatus([check(true, 'error'), check(false, 'review')])).to.equal('needs_review');
  });

  it('is non-compliant when an error check failed, even beside failed review checks', () => {
    expect(complianceStatus([check(false, 'review'), check(false, 'error'), check(true, 'error')])).to.equal('non_compliant');
  });
});

describe('lending: compliance result schema', () => {
  it('accepts what evaluateLending returns and refuses an unknown status', () => {
    const checks = [check(false, 'review'), { ...check(true, 'error'), path: 'coverages', details: { difference: 0 } }];
    expect(complianceResultSchema.safeParse({ status: complianceStatus(checks), checks }).success).to.equal(true);
    expect(complianceResultSchema.safeParse({ status: 'approved', checks: [] }).success).to.equal(false);
  });
});
