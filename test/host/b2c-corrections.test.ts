import { expect } from 'chai';
import type { FieldSpec, LearnedLayout } from '@docsift/core';
import { TemplateEntity, TemplateExtractionEntity } from '../../host/src/persistence/entities/template.entities.js';
import { LearnedLayoutRepository } from '../../host/src/persistence/learned-layout.repository.js';
import { TemplateRepository } from '../../host/src/persistence/template.repository.js';
import { timeOrderedUuid } from '../../host/src/persistence/time-ordered-id.js';
import { parseCorrection } from '../../host/src/services/correction-values.js';
import { bearer, createKey, signup, startHarness, type Account, type Harness } from './support/harness.js';
import { fakeEngine, form, PDF_BYTES, waitFor } from './support/fake-engine.js';
import { HOST_DATABASES } from './support/mysql-database.js';
import { TEST_DATABASES, type OpenedDatabase } from './support/test-databases.js';
import { makeTextPdf } from '../support/fixtures.js';

/** A consumer's template: `customerCode` is printed under a label the template extractor does not know ("Kto-Zeichen"). */
const FIELDS: FieldSpec[] = [
  { name: 'invoiceNumber', type: 'string', description: 'The number of the invoice.' },
  { name: 'total', type: 'currency', description: 'The total amount due.' },
  { name: 'customerCode', type: 'string', description: 'The code of the customer account.' },
  {
    name: 'lineItems',
    type: 'list',
    description: 'The services billed.',
    fields: [
      { name: 'description', type: 'string', description: 'What was billed.' },
      { name: 'amount', type: 'currency', description: 'The price of the line.' },
    ],
  },
];

/** One issuer's invoice layout; two of them differ only in their values. */
function northwindInvoice(number: string, customerCode: string, total: string): Promise<Uint8Array> {
  return makeTextPdf([
    [
      { text: 'Northwind Supplies Ltd', x: 72, y: 60, size: 16 },
      { text: '12 Harbour Road, Bristol', x: 72, y: 80 },
      { text: 'INVOICE', x: 420, y: 60, size: 16 },
      { text: 'Invoice No:', x: 380, y: 100 },
      { text: number, x: 460, y: 100 },
      { text: 'Kto-Zeichen', x: 380, y: 120 },
      { text: customerCode, x: 460, y: 120 },
      { text: 'Description', x: 72, y: 200 },
      { text: 'Amount', x: 460, y: 200 },
      { text: 'Consulting services', x: 72, y: 220 },
      { text: total, x: 460, y: 220 },
      { text: 'Total due:', x: 380, y: 300 },
      { text: total, x: 460, y: 300 },
    ],
  ]);
}

/** Another issuer's layout, with the same unknown label elsewhere on the page. */
function fabrikamInvoice(): Promise<Uint8Array> {
  return makeTextPdf([
    [
      { text: 'Rechnung', x: 72, y: 72, size: 20 },
      { text: 'Nummer', x: 72, y: 110 },
      { text: 'R-5501', x: 160, y: 110 },
      { text: 'Kto-Zeichen', x: 72, y: 130 },
      { text: 'ZZ-0001', x: 160, y: 130 },
      { text: 'Summe', x: 72, y: 400 },
      { text: '99.00', x: 160, y: 400 },
      { text: 'Fabrikam GmbH', x: 300, y: 700, size: 10 },
    ],
  ]);
}


type Extraction = Record<string, any>;

for (const database of HOST_DATABASES) {
  describe(`host: corrections that teach (/api/b2c/extract/{id}/data) through the real engine threads, on ${database.name}`, function () {
    this.timeout(180_000);
    let h: Harness;
    let drop: (() => Promise<void>) | undefined;
    let owner: Account;
    let other: Account;
    let templateId: string;
    const documents: Record<'a' | 'b' | 'c', Uint8Array> = {} as never;
    const ids: Record<string, string> = {};
    let baselineC: Extraction;

    before(async function () {
      const opened = await database.open();
      if (!opened) {
        process.stderr.write(`notice: ${database.name} is not configured; the correction tests are skipped there\n`);
        this.skip();
      }
      drop = opened!.drop;
      h = await startHarness(opened!.env, { worker: true, enginePool: 'threads' });
      owner = await signup(h);
      other = await signup(h);
      templateId = await createTemplate(owner);
      documents.a = await northwindInvoice('INV-1001', 'KX-4471', '1,250.00');
      documents.b = await northwindInvoice('INV-2002', 'QP-9083', '310.50');
      documents.c = await fabrikamInvoice();
    });
    after(async () => {
      await h?.close();
      await drop?.();
    });

    async function createTemplate(account: Account): Promise<string> {
      const res = await h.request('POST', '/api/b2c/templates', { json: { name: 'Supplier invoices', fields: FIELDS }, headers: bearer(account.sessionToken) });
      expect(res.status).to.equal(201);
      return ((await res.json()) as { id: string }).id;
    }
    const read = async (id: string, account = owner) => (await (await h.request('GET', `/api/b2c/extract/${id}`, { headers: bearer(account.sessionToken) })).json()) as Extraction;
    async function extract(bytes: Uint8Array, template = templateId): Promise<Extraction> {
      const res = await h.request('POST', '/api/b2c/extract', { body: form({ file: { bytes, name: 'invoice.pdf' }, templateId: template }), headers: bearer(owner.sessionToken) });
      expect(res.status, await res.clone().text()).to.equal(202);
      const { extractionId } = (await res.json()) as { extractionId: string };
      return waitFor(() => read(extractionId), (record) => record.status === 'completed' || record.status === 'failed', 120_000);
    }
    const correct = (id: string, body: unknown, account = owner) =>
      h.request('PUT', `/api/b2c/extract/${id}/data`, { json: body, headers: bearer(account.sessionToken) });
    const layouts = async (template = templateId, account = owner) => h.request('GET', `/api/b2c/templates/${template}/layouts`, { headers: bearer(account.sessionToken) });

    describe('happy path', () => {
      it('reads A and C without the unknown label: customerCode is not found', async () => {
        const a = await extract(documents.a);
        expect(a.status, a.error).to.equal('completed');
        expect(a.data).to.include({ invoiceNumber: 'INV-1001', total: 1250, customerCode: null });
        ids.a = a.extractionId;
        baselineC = await extract(documents.c);
        expect(baselineC.status, baselineC.error).to.equal('completed');
      });

      it('takes a correction of A, keeps the engine data beside it, and places the corrected value on the page', async () => {
        const res = await correct(ids.a!, { customerCode: 'KX-4471' });
        expect(res.status, await res.clone().text()).to.equal(200);
        const corrected = (await res.json()) as Extraction;
        expect(corrected.data).to.include({ invoiceNumber: 'INV-1001', total: 1250, customerCode: 'KX-4471' });
        expect(corrected.originalData).to.include({ customerCode: null });
        expect(corrected.correctedFields).to.deep.equal(['customerCode']);
        expect(corrected.correctedAt).to.be.a('string');
        expect(corrected.fieldDetails.customerCode).to.include({ confidence: 1, page: 1, source: 'user' });
        expect(corrected.fieldDetails.customerCode.bbox).to.have.length(4);
        expect(corrected.fieldDetails.invoiceNumber.source).to.equal('text');
        expect(corrected.confidence.fields.customerCode).to.equal(1);
        expect(corrected.learnedLayoutId).to.be.a('string');
        ids.layoutA = corrected.learnedLayoutId;
        const again = await read(ids.a!);
        expect(again.data).to.deep.equal(corrected.data);
        expect(again.originalData).to.deep.equal(corrected.originalData);
      });

      it('reads B, of the same layout, with the learned layout: the corrected field comes out right, source "learned"', async () => {
        const b = await extract(documents.b);
        expect(b.status, b.error).to.equal('completed');
        expect(b.data).to.include({ invoiceNumber: 'INV-2002', customerCode: 'QP-9083' });
        expect(b.fieldDetails.customerCode.source).to.equal('learned');
        ids.b = b.extractionId;
      });

      it('leaves C, of another layout, exactly as it was read before the correction', async () => {
        const c = await extract(documents.c);
        expect(c.data).to.deep.equal(baselineC.data);
        expect(c.fieldDetails).to.deep.equal(baselineC.fieldDetails);
      });

      it('keeps a corrected value that is not printed on the page, without a box', async () => {
        const res = await correct(ids.b!, { total: 999.99, lineItems: [{ description: 'Consulting services' }] });
        expect(res.status, await res.clone().text()).to.equal(200);
        const corrected = (await res.json()) as Extraction;
        expect(corrected.data.total).to.equal(999.99);
        expect(corrected.data.lineItems).to.deep.equal([{ description: 'Consulting services', amount: null }]);
        expect(corrected.fieldDetails.total).to.deep.equal({ confidence: 1, page: null, bbox: null, source: 'user' });
        expect(corrected.fieldDetails['lineItems[0].description']).to.include({ source: 'user', page: 1 });
        expect(corrected.fieldDetails).to.not.have.property('lineItems[0].amount');
        ids.layoutB = corrected.learnedLayoutId;
      });

      it('replaces the previous correction when corrected again, and the layout learned from it', async () => {
        const res = await correct(ids.a!, { invoiceNumber: 'INV-1001', customerCode: 'KX-4471' });
        const corrected = (await res.json()) as Extraction;
        expect(corrected.correctedFields).to.deep.equal(['invoiceNumber', 'customerCode']);
        expect(corrected.learnedLayoutId).to.be.a('string').and.not.equal(ids.layoutA);
        ids.layoutA = corrected.learnedLayoutId;
        const list = (await (await layouts()).json()) as { layouts: Array<Record<string, unknown>>; limit: number };
        expect(list.limit).to.equal(50);
        expect(list.layouts.map((layout) => layout.id)).to.have.members([ids.layoutA, ids.layoutB]);
        const fromA = list.layouts.find((layout) => layout.id === ids.layoutA)!;
        expect(fromA).to.have.keys('id', 'templateId', 'extractionId', 'fields', 'createdAt');
        expect(fromA).to.include({ templateId, extractionId: ids.a });
        expect(fromA.fields).to.include('customerCode');
      });

      it('exports corrected values, with when they were corrected', async () => {
        const lines = (await (await h.request('GET', `/api/b2c/templates/${templateId}/export`, { headers: bearer(owner.sessionToken) })).text()).split('\r\n');
        const header = lines[0]!.split(',');
        const row = lines.find((line) => line.startsWith(ids.a!))!.split(',');
        expect(row[header.indexOf('customerCode')]).to.equal('KX-4471');
        expect(row[header.indexOf('correctedAt')]).to.match(/^\d{4}-\d{2}-\d{2}T/);
        const uncorrected = lines.filter((line) => line && !line.startsWith(ids.a!) && !line.startsWith(ids.b!) && line !== lines[0]);
        for (const line of uncorrected) expect(line.split(',')[header.indexOf('correctedAt')]).to.equal('');
      });

      it('stops using a layout once deleted', async () => {
        for (const id of [ids.layoutA, ids.layoutB]) {
          const res = await h.request('DELETE', `/api/b2c/templates/${templateId}/layouts/${id}`, { headers: bearer(owner.sessionToken) });
          expect(res.status).to.equal(204);
        }
        expect(((await (await layouts()).json()) as { layouts: unknown[] }).layouts).to.deep.equal([]);
        const b = await extract(documents.b);
        expect(b.data.customerCode).to.equal(null);
        expect(Object.values(b.fieldDetails as Record<string, { source: string }>).map((detail) => detail.source)).to.not.include('learned');
      });

      it("deletes a template's layouts with it", async () => {
        const template = await createTemplate(owner);
        const a = await extract(documents.a, template);
        expect((await correct(a.extractionId, { customerCode: 'KX-4471' })).status).to.equal(200);
        expect(((await (await layouts(template)).json()) as { layouts: unknown[] }).layouts).to.have.length(1);
        expect((await h.request('DELETE', `/api/b2c/templates/${template}`, { headers: bearer(owner.sessionToken) })).status).to.equal(204);
        const rows = (await h.dataSource.query('SELECT COUNT(*) AS n FROM learned_layouts WHERE template_id = ?', [template])) as Array<{ n: number }>;
        expect(Number(rows[0]!.n)).to.equal(0);
        expect((await layouts(template)).status).to.equal(404);
      });
    });

    describe('errors', () => {
      const invalid: Array<[string, unknown, string]> = [
        ['an unknown field', { customerCode: 'X', vatNumber: 'GB1' }, 'vatNumber'],
        ['a value of the wrong type', { total: '1,250.00' }, 'total'],
        ['a list that is not an array', { lineItems: { description: 'x' } }, 'lineItems'],
        ['an unknown sub-field of a list element', { lineItems: [{ description: 'x', colour: 'red' }] }, 'lineItems.0.colour'],
        ['no field at all', {}, ''],
        ['not an object', ['KX-4471'], ''],
      ];
      for (const [what, body, path] of invalid) {
        it(`answers 400 to ${what}, and keeps the extraction as it was`, async () => {
          const before = await read(ids.a!);
          const res = await correct(ids.a!, body);
          expect(res.status).to.equal(400);
          const error = (await res.json()) as { error: string; details: { issues: Array<{ path: string }> } };
          expect(error.error).to.equal('invalid_request');
          expect(error.details.issues.map((issue) => issue.path)).to.include(path);
          expect(await read(ids.a!)).to.deep.equal(before);
        });
      }

      it('answers 400 to malformed JSON', async () => {
        const res = await h.request('PUT', `/api/b2c/extract/${ids.a}/data`, { body: '{"customerCode":', headers: { ...bearer(owner.sessionToken), 'content-type': 'application/json' } });
        expect(res.status).to.equal(400);
      });

      it('answers 409 to a correction of an extraction that did not complete', async () => {
        const failed = await extract(PDF_BYTES);
        expect(failed.status).to.equal('failed');
        const res = await correct(failed.extractionId, { customerCode: 'KX-4471' });
        expect(res.status).to.equal(409);
        expect(((await res.json()) as { error: string }).error).to.equal('conflict');
      });

      it('answers 404 to an extraction or a layout that does not exist', async () => {
        const missing = '00000000-0000-7000-8000-000000000000';
        expect((await correct(missing, { customerCode: 'X' })).status).to.equal(404);
        expect((await h.request('DELETE', `/api/b2c/templates/${templateId}/layouts/${missing}`, { headers: bearer(owner.sessionToken) })).status).to.equal(404);
        expect((await layouts(missing)).status).to.equal(404);
      });
    });

    describe('security', () => {
      it("answers 404 to another organization's extraction, layouts and layout deletion", async () => {
        const res = await correct(ids.b!, { customerCode: 'STOLEN' }, other);
        expect(res.status).to.equal(404);
        expect((await read(ids.b!)).data.customerCode).to.not.equal('STOLEN');
        const fresh = (await (await correct(ids.b!, { customerCode: 'QP-9083' })).json()) as Extraction;
        expect((await layouts(templateId, other)).status).to.equal(404);
        const deletion = await h.request('DELETE', `/api/b2c/templates/${templateId}/layouts/${fresh.learnedLayoutId}`, { headers: bearer(other.sessionToken) });
        expect(deletion.status).to.equal(404);
        expect(((await (await layouts()).json()) as { layouts: Array<{ id: string }> }).layouts.map((layout) => layout.id)).to.include(fresh.learnedLayoutId);
      });

      it('answers 401 to an API key, in both header forms', async () => {
        const key = await createKey(h, owner);
        for (const headers of [bearer(key), { 'x-api-key': key }]) {
          expect((await h.request('PUT', `/api/b2c/extract/${ids.a}/data`, { json: { customerCode: 'X' }, headers })).status).to.equal(401);
          expect((await h.request('GET', `/api/b2c/templates/${templateId}/layouts`, { headers })).status).to.equal(401);
        }
      });
    });
  });
}

describe('host: a correction of an extraction still pending', () => {
  let h: Harness;
  after(async () => h?.close());

  it('answers 409 (nothing is corrected before the engine has read the document)', async () => {
    h = await startHarness({}, { worker: false, enginePool: fakeEngine(() => new Error('never runs')) });
    const owner = await signup(h);
    const created = await h.request('POST', '/api/b2c/templates', { json: { name: 'Pending', fields: FIELDS }, headers: bearer(owner.sessionToken) });
    const { id } = (await created.json()) as { id: string };
    const submitted = await h.request('POST', '/api/b2c/extract', { body: form({ file: { bytes: PDF_BYTES, name: 'a.pdf' }, templateId: id }), headers: bearer(owner.sessionToken) });
    const { extractionId } = (await submitted.json()) as { extractionId: string };
    const res = await h.request('PUT', `/api/b2c/extract/${extractionId}/data`, { json: { customerCode: 'X' }, headers: bearer(owner.sessionToken) });
    expect(res.status).to.equal(409);
    expect(((await res.json()) as { details: { status: string } }).details.status).to.equal('pending');
  });
});

describe('host: correction values against the field types', () => {
  const fields: FieldSpec[] = [
    { name: 'issued', type: 'date', description: 'd' },
    { name: 'count', type: 'integer', description: 'd' },
    { name: 'paid', type: 'boolean', description: 'd' },
    { name: 'tags', type: 'list', description: 'd' },
    ...FIELDS,
  ];
  const issues = (body: unknown): string[] => {
    try {
      parseCorrection(fields, body);
      return [];
    } catch (error) {
      return ((error as { details: { issues: Array<{ path: string }> } }).details.issues).map((issue) => issue.path);
    }
  };

  it('takes each type as the extraction data holds it, null to clear, in the template order', () => {
    const values = parseCorrection(fields, { total: null, count: 3, issued: '2026-02-28', paid: true, tags: ['a'], lineItems: [{ amount: 5 }] });
    expect(values).to.deep.equal({ issued: '2026-02-28', count: 3, paid: true, tags: ['a'], total: null, lineItems: [{ description: null, amount: 5 }] });
    expect(Object.keys(values)).to.deep.equal(['issued', 'count', 'paid', 'tags', 'total', 'lineItems']);
  });

  it('refuses a date that is not YYYY-MM-DD or not in the calendar, a fractional integer, a boolean as text, a list of objects without sub-fields', () => {
    expect(issues({ issued: '28/02/2026' })).to.deep.equal(['issued']);
    expect(issues({ issued: '2026-02-30' })).to.deep.equal(['issued']);
    expect(issues({ count: 2.5 })).to.deep.equal(['count']);
    expect(issues({ paid: 'yes' })).to.deep.equal(['paid']);
    expect(issues({ tags: [{ name: 'a' }] })).to.deep.equal(['tags.0']);
  });

  it('refuses a name that is only an Object.prototype key', () => {
    expect(issues({ constructor: 'x' })).to.deep.equal(['constructor']);
  });
});

for (const database of TEST_DATABASES) {
  describe(`host: learned layouts kept per template, on ${database.name}`, () => {
    let opened: OpenedDatabase | null;
    let templates: TemplateRepository;
    let layouts: LearnedLayoutRepository;
    const organizationId = '00000000-0000-7000-8000-0000000000a1';
    const templateId = '00000000-0000-7000-8000-0000000000b1';
    const layout: LearnedLayout = { format: 'docsift-learned-layout', version: 1, fingerprint: { aspect: 0.77, words: [] }, fields: [] };

    before(async function () {
      opened = await database.open();
      if (!opened) this.skip();
      templates = new TemplateRepository({ dataSource: opened!.dataSource });
      layouts = new LearnedLayoutRepository({ dataSource: opened!.dataSource });
    });
    after(async () => opened?.close());

    /** A corrected extraction, with the layout learned from it at `at` (ms). */
    async function correctExtraction(extractionId: string, at: number, keep: number): Promise<string> {
      const createdAt = new Date(at);
      const learned = { id: timeOrderedUuid(at), organizationId, templateId, extractionId, fieldNames: ['total'], layout, createdAt };
      const correction = { data: { total: 1 }, fields: ['total'], locations: {}, userId: organizationId, correctedAt: createdAt.toISOString() };
      const writes = layouts.replacementWrites({ organizationId, templateId, extractionId }, learned, keep);
      expect(await templates.saveCorrection(organizationId, extractionId, correction, writes)).to.equal(true);
      return learned.id;
    }

    it('keeps the newest layouts past the bound, one per corrected extraction, and deletes them with their template', async () => {
      const extractions = [1, 2, 3].map((n) => `00000000-0000-7000-8000-00000000000${n}`);
      for (const jobId of extractions) {
        await opened!.dataSource.getRepository(TemplateExtractionEntity).insert({
          jobId, organizationId, userId: organizationId, templateId, templateVersion: 1, fields: FIELDS, readResult: null, correction: null, createdAt: new Date(),
        });
      }
      await correctExtraction(extractions[0]!, 1_000_000, 2);
      const second = await correctExtraction(extractions[1]!, 2_000_000, 2);
      const third = await correctExtraction(extractions[2]!, 3_000_000, 2);
      expect((await layouts.list(organizationId, templateId)).map((row) => row.id)).to.deep.equal([third, second]);
      // Corrected again, the second extraction's layout is replaced, not added.
      const again = await correctExtraction(extractions[1]!, 4_000_000, 2);
      expect((await layouts.list(organizationId, templateId)).map((row) => row.id)).to.deep.equal([again, third]);
      expect(await templates.saveCorrection(organizationId, '00000000-0000-7000-8000-00000000dead', { data: {}, fields: [], locations: {}, userId: organizationId, correctedAt: '' }, [])).to.equal(false);
      await opened!.dataSource.getRepository(TemplateEntity).insert({
        id: templateId, organizationId, name: 't', description: null, documentType: null, fields: FIELDS, version: 1, createdAt: new Date(), updatedAt: new Date(),
      });
      expect(await templates.deleteTemplate(organizationId, templateId, [layouts.templateDeletion(organizationId, templateId)])).to.equal(true);
      expect(await layouts.list(organizationId, templateId)).to.deep.equal([]);
    });
  });
}
