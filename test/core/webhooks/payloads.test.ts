import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import { buildSubmissionPayload, buildTemplatePayload, MAX_RETRY_DELAY_MS, retryDelayMs, signWebhook, WEBHOOK_VERSION } from '@docsift/core';

describe('core/webhooks: payloads, signing, retry delays', () => {
  it('builds the submission payload of a completed job', () => {
    const payload = buildSubmissionPayload({
      jobId: 'a1f4c0de-0000-4000-8000-000000000001',
      status: 'completed',
      documentType: 'insurance_cert',
      confidence: 0.97,
      extractedData: { insured: 'Redstone LLC' },
      metadata: { loanId: 'L-9' },
    });
    expect(payload).to.deep.equal({
      event: 'extraction.completed',
      jobId: 'a1f4c0de-0000-4000-8000-000000000001',
      status: 'completed',
      documentType: 'insurance_cert',
      confidence: 0.97,
      extractedData: { insured: 'Redstone LLC' },
      metadata: { loanId: 'L-9' },
    });
  });

  it('builds the submission payload of a failed job with its error', () => {
    const payload = buildSubmissionPayload({ jobId: 'j', status: 'failed', error: 'the file is password protected' });
    expect(payload).to.deep.equal({
      event: 'extraction.failed',
      jobId: 'j',
      status: 'failed',
      documentType: null,
      confidence: null,
      extractedData: null,
      metadata: {},
      error: 'the file is password protected',
    });
  });

  it('builds the template payload with field and overall confidence', () => {
    const payload = buildTemplatePayload({
      extractionId: 'e',
      templateId: 't',
      fileName: 'f.pdf',
      timestamp: new Date('2026-01-02T03:04:05.678Z'),
      organizationId: 'o',
      userId: 'u',
      data: { a: 1 },
      fieldConfidence: { a: 0.5, b: 1 },
    });
    expect(payload).to.deep.equal({
      extractionId: 'e',
      templateId: 't',
      fileName: 'f.pdf',
      timestamp: '2026-01-02T03:04:05.678Z',
      organizationId: 'o',
      userId: 'u',
      data: { a: 1 },
      confidence: { fields: { a: 0.5, b: 1 }, overall: 0.75 },
      metadata: { extractionPlatform: 'docsift', version: WEBHOOK_VERSION },
    });
    const given = buildTemplatePayload({ ...payload, timestamp: payload.timestamp, fieldConfidence: {}, overallConfidence: 0.4, version: '2.0' });
    expect(given.confidence).to.deep.equal({ fields: {}, overall: 0.4 });
    expect(given.metadata.version).to.equal('2.0');
  });

  it('signs `${timestamp}.${body}` with HMAC-SHA256 in hex, over strings or bytes alike', () => {
    const body = JSON.stringify({ note: 'Straße €' });
    const expected = createHmac('sha256', 'secret').update(`1763726400000.${body}`, 'utf8').digest('hex');
    expect(signWebhook('secret', 1763726400000, body)).to.equal(expected);
    expect(signWebhook('secret', '1763726400000', Buffer.from(body))).to.equal(expected);
  });

  it('waits base × 2^(n−1) after attempt n, capped at 5 minutes', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 1000))).to.deep.equal([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(9, 1000)).to.equal(256_000);
    expect(retryDelayMs(10, 1000)).to.equal(MAX_RETRY_DELAY_MS);
    expect(retryDelayMs(60, 1000)).to.equal(300_000);
    expect(retryDelayMs(3, 50)).to.equal(200);
    expect(() => retryDelayMs(0, 1000)).to.throw(RangeError);
  });
});
