import { expect } from 'chai';
import { buildSubmissionPayload, buildTemplatePayload, createDocsift, isMappingError, KEYS, MapperRegistry, type Mapper } from '@docsift/core';
import { silentLogger } from '@docsift/core/testing';

const template = buildTemplatePayload({
  extractionId: '6f1c1d2e-0000-4000-8000-000000000001',
  templateId: '6f1c1d2e-0000-4000-8000-000000000002',
  fileName: 'invoice.pdf',
  timestamp: new Date('2026-11-21T12:00:00Z'),
  organizationId: '6f1c1d2e-0000-4000-8000-000000000003',
  userId: '6f1c1d2e-0000-4000-8000-000000000004',
  data: { invoiceNumber: 'INV-7', total: 1250, lines: [{ item: 'Drywall', amount: 1000 }, { item: 'Paint', amount: 250 }] },
  fieldConfidence: { invoiceNumber: 0.9, total: 0.7 },
});

const submission = buildSubmissionPayload({
  jobId: '6f1c1d2e-0000-4000-8000-000000000005',
  status: 'completed',
  documentType: 'sor',
  confidence: 0.93,
  extractedData: { borrowerName: 'Ada Lovelace', status: 'draft' },
  metadata: { loanId: 'L-1' },
});

async function mappingError(run: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await run;
  } catch (error) {
    if (isMappingError(error)) return error;
    throw error;
  }
  throw new Error('expected a MappingError');
}

describe('core/mapping: default and flat mappers, the registry', () => {
  const registry = new MapperRegistry({ logger: silentLogger });
  after(() => registry.close());

  describe('default', () => {
    it('keeps the structure and key order, renaming top-level, dotted and bare data names', async () => {
      const output = await registry.map('default', template, {
        fields: { extractionId: 'id', 'confidence.overall': 'score', invoiceNumber: 'invoice_no' },
      });
      expect(Object.keys(output)).to.deep.equal(['id', 'templateId', 'fileName', 'timestamp', 'organizationId', 'userId', 'data', 'confidence', 'metadata']);
      expect(output.confidence).to.deep.equal({ fields: { invoiceNumber: 0.9, total: 0.7 }, score: 0.8 });
      expect(Object.keys(output.data as object)).to.deep.equal(['invoice_no', 'total', 'lines']);
    });

    it('renames inside every array element with `*` or `[]`, and one element by index', async () => {
      const all = await registry.map('default', template, { fields: { 'data.lines[].amount': 'cost', 'data.lines.*.item': 'description' } });
      expect((all.data as { lines: unknown[] }).lines).to.deep.equal([{ description: 'Drywall', cost: 1000 }, { description: 'Paint', cost: 250 }]);
      const first = await registry.map('default', template, { fields: { 'data.lines[0].amount': 'cost' } });
      expect((first.data as { lines: unknown[] }).lines).to.deep.equal([{ item: 'Drywall', cost: 1000 }, { item: 'Paint', amount: 250 }]);
    });

    it('prefers a top-level name to a data name, and finds bare names in extractedData', async () => {
      const output = await registry.map('default', submission, { fields: { status: 'state', borrowerName: 'borrower' } });
      expect(output).to.include({ state: 'completed' });
      expect(output.extractedData).to.deep.equal({ borrower: 'Ada Lovelace', status: 'draft' });
    });

    it('skips missing sources, leaves the input untouched and keeps `__proto__` a plain key', async () => {
      const before = structuredClone(template);
      const output = await registry.map('default', template, { fields: { 'data.nothing': 'x', total: '__proto__' } });
      expect(template).to.deep.equal(before);
      expect(Object.getPrototypeOf(output.data)).to.equal(Object.prototype);
      expect(Object.hasOwn(output.data as object, '__proto__')).to.equal(true);
    });

    it('with no fields returns a copy of the payload', async () => {
      const output = await registry.map('default', submission);
      expect(output).to.deep.equal(submission);
      expect(output).to.not.equal(submission);
    });
  });

  describe('flat', () => {
    it('holds only the mapped names, from dotted paths', async () => {
      const output = await registry.map('flat', template, {
        fields: { 'data.invoiceNumber': 'invoice', 'confidence.overall': 'confidence', extractionId: 'id', total: 'amount' },
      });
      expect(output).to.deep.equal({ invoice: 'INV-7', confidence: 0.8, id: template.extractionId, amount: 1250 });
    });

    it('gives null for a missing source and an array for a wildcard path', async () => {
      const output = await registry.map('flat', template, { fields: { 'data.missing': 'missing', 'data.lines[].amount': 'amounts' } });
      expect(output).to.deep.equal({ missing: null, amounts: [1000, 250] });
    });

    it('does not walk prototypes', async () => {
      const output = await registry.map('flat', template, { fields: { 'data.constructor': 'ctor', 'data.__proto__': 'proto' } });
      expect(output).to.deep.equal({ ctor: null, proto: null });
    });

    it('needs fields', async () => {
      expect((await mappingError(registry.map('flat', template, {}))).code).to.equal('invalid_mapping');
      expect((await mappingError(registry.validate('flat', { fields: { a: '' } }))).code).to.equal('invalid_mapping');
    });
  });

  describe('registry', () => {
    it('lists the built-in formats and refuses an unknown one', async () => {
      expect(registry.formats()).to.deep.equal(['default', 'flat', 'custom']);
      expect((await mappingError(registry.map('xml', template))).code).to.equal('unknown_format');
      expect(() => registry.get('xml')).to.throw(/no mapper is registered for the format "xml"/);
    });

    it('wraps an integrator mapper that throws or returns no object', async () => {
      const broken: Mapper = { format: 'broken', map: async () => Promise.reject(new Error('/etc/secret not found')) };
      const empty: Mapper = { format: 'empty', map: async () => null as unknown as Record<string, unknown> };
      const own = new MapperRegistry({ mappers: [broken, empty], logger: silentLogger });
      const thrown = await mappingError(own.map('broken', template));
      expect(thrown).to.include({ code: 'transform_failed', message: 'the "broken" mapper failed' });
      expect((await mappingError(own.map('empty', template))).code).to.equal('transform_failed');
      own.close();
    });

    it('refuses a malformed or duplicated mapper', () => {
      const mapper: Mapper = { format: 'mine', map: async (payload) => payload };
      expect(() => new MapperRegistry({ mappers: [mapper, mapper] })).to.throw(/two mappers/);
      expect(() => new MapperRegistry({ mappers: [{ format: '' } as unknown as Mapper] })).to.throw(/format/);
    });

    it('is resolved through the container, with an integrator mapper beside or over the built-ins', async () => {
      const loan: Mapper = { format: 'loan', map: async (payload) => ({ loan: payload.jobId }) };
      const flat: Mapper = { format: 'flat', map: async () => ({ replaced: true }) };
      const docsift = createDocsift({ plugins: [], mappers: [loan, flat], logger: silentLogger });
      try {
        const mappers = docsift.container.resolve<MapperRegistry>(KEYS.mappers);
        expect(await mappers.map('loan', submission)).to.deep.equal({ loan: submission.jobId });
        expect(await mappers.map('flat', submission, { fields: { jobId: 'id' } })).to.deep.equal({ replaced: true });
        expect(await mappers.map('custom', submission, { transform: 'return { id: data.jobId };' })).to.deep.equal({ id: submission.jobId });
      } finally {
        await docsift.close();
      }
    });
  });
});
