import { expect } from 'chai';
import { complianceStatus, type ComplianceCheck } from '@docsift/core';

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
