import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { createDocsift, type FieldDetails } from '@docsift/core';
import { silentLogger } from '@docsift/core/testing';
import { templatePlugin } from '@docsift/plugin-template';
import { INVOICE_TEMPLATE } from '../../eval/templates/invoice-template.js';
import { CORPUS_DIR } from '../support/corpus.js';
import { bearer, signup, startHarness, type Harness } from './support/harness.js';
import { form, waitFor } from './support/fake-engine.js';

const TEMPLATES_DIR = path.join(CORPUS_DIR, 'templates');
/** A one-page digital invoice that `npm run eval:templates` reads 9 of 9 fields and 3 of 3 line items right. */
const INVOICE = 'invoice_contoso_en.pdf';

describe('host: a real invoice extracted by template over HTTP (corpus/templates)', function () {
  this.timeout(120_000);
  let h: Harness;
  let bytes: Uint8Array;

  before(async function () {
    if (!existsSync(path.join(TEMPLATES_DIR, 'answers.json'))) {
      process.stdout.write(`  NOTICE: ${TEMPLATES_DIR} is absent; the corpus extraction by template is skipped.\n`);
      this.skip();
    }
    bytes = new Uint8Array(readFileSync(path.join(TEMPLATES_DIR, INVOICE)));
    h = await startHarness({}, { worker: true, enginePool: 'threads' });
  });
  after(async () => h?.close());

  /** What the library itself gives for the file, as eval/templates/run.ts obtains it. */
  async function libraryExtraction(): Promise<{ data: Record<string, unknown>; fieldDetails: FieldDetails }> {
    const plugin = templatePlugin();
    const docsift = createDocsift({ plugins: [plugin], logger: silentLogger });
    try {
      return await plugin.extractor.extract(await docsift.read(bytes), INVOICE_TEMPLATE, { logger: silentLogger, now: new Date() });
    } finally {
      await docsift.close();
    }
  }

  it("completes with the library's values, keyed by the template's fields", async () => {
    const owner = await signup(h);
    const created = await h.request('POST', '/api/b2c/templates', { json: { name: 'Invoices and receipts', fields: INVOICE_TEMPLATE }, headers: bearer(owner.sessionToken) });
    const { id: templateId } = (await created.json()) as { id: string };
    const submitted = await h.request('POST', '/api/b2c/extract', { body: form({ file: { bytes, name: INVOICE }, templateId }), headers: bearer(owner.sessionToken) });
    expect(submitted.status).to.equal(202);
    const { extractionId } = (await submitted.json()) as { extractionId: string };
    const record = await waitFor(
      async () => (await (await h.request('GET', `/api/b2c/extract/${extractionId}`, { headers: bearer(owner.sessionToken) })).json()) as Record<string, any>,
      (value) => value.status === 'completed' || value.status === 'failed',
      90_000,
    );
    expect(record.status, record.error).to.equal('completed');
    const library = await libraryExtraction();
    expect(Object.keys(record.data)).to.deep.equal(INVOICE_TEMPLATE.map((field) => field.name));
    expect(record.data).to.deep.equal(library.data);
    expect(record.fieldDetails).to.deep.equal(library.fieldDetails);
    // The answers of the corpus, which the library reads right for this file.
    expect(record.data).to.include({ invoiceNumber: 'INV-100', total: 110, currency: 'USD' });
    expect(record.confidence.overall).to.be.within(0, 1);
  });
});
