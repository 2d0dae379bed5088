import { expect } from 'chai';
import {
  createDocsift,
  DocsiftError,
  LEARNED_LAYOUT_LIMITS,
  parseLearnedLayout,
  type DocumentModel,
  type DocumentReader,
  type FieldSpec,
  type LearnedLayout,
  type Logger,
  type RegistryEntry,
} from '@docsift/core';
import { learnedLayoutSimilarities, templatePlugin } from '@docsift/plugin-template';
import { makeDocument } from './layout-helper.js';

const silent: Logger = { debug() {}, info() {}, warn() {}, error() {}, child: () => silent };
const now = new Date('2024-06-01T00:00:00Z');

const FIELDS: FieldSpec[] = [
  { name: 'orderRef', type: 'string', description: 'Reference of the work order' },
  { name: 'raised', type: 'date', description: 'Date the order was raised' },
  { name: 'occupant', type: 'string', description: 'Person living in the premises' },
  { name: 'premises', type: 'address', description: 'Where the work was done' },
  { name: 'charge', type: 'currency', description: 'Amount charged to the landlord' },
];

interface WorkOrder {
  ref: string;
  raised: string;
  tenant: string;
  street: string;
  city: string;
  works: string;
  charge: string;
}

/** A work order of one facilities company: the same layout, other values. */
function workOrder(values: WorkOrder): DocumentModel {
  return makeDocument([
    [
      'NORTHWIND FACILITIES                          WORK ORDER',
      '7 Harbour Road, Leeds',
      '',
      `Order ref   ${values.ref}                  Raised   ${values.raised}`,
      `Tenant      ${values.tenant}`,
      `Premises    ${values.street}`,
      `            ${values.city}`,
      '',
      'Works carried out',
      values.works,
      '',
      `Charge to landlord                   ${values.charge}`,
      'Signed for the contractor',
    ],
  ]);
}

const first = workOrder({
  ref: 'WO-1001',
  raised: '03/04/2024',
  tenant: 'Jane Roe',
  street: '12 Main Street',
  city: 'Springfield, IL 62701',
  works: 'Replace kitchen tap and check valves',
  charge: '$200.00',
});
const firstValues = { orderRef: 'WO-1001', raised: '2024-03-04', occupant: 'Jane Roe', premises: '12 Main Street, Springfield, IL 62701', charge: 200 };

const second = workOrder({
  ref: 'WO-2077',
  raised: '11/09/2024',
  tenant: 'Peter Van Dam',
  street: '48 Oak Avenue',
  city: 'Dayton, OH 45402',
  works: 'Repair boiler pressure relief valve',
  charge: '$1,385.50',
});
const secondValues = { orderRef: 'WO-2077', raised: '2024-11-09', occupant: 'Peter Van Dam', premises: '48 Oak Avenue, Dayton, OH 45402', charge: 1385.5 };

const invoice = makeDocument([
  [
    'CONTOSO LTD                                    INVOICE',
    'Invoice No: INV-77',
    'Date: 05/06/2024',
    'Bill to: Acme Corp',
    'Ship to: 3 Quay Street, Bristol',
    '',
    'Total: $99.00',
  ],
]);

const extractor = () => templatePlugin().extractor;
const learn = (document: DocumentModel, values: Record<string, unknown>) => extractor().learn!(document, FIELDS, values);
const extract = (document: DocumentModel, learnedLayouts?: readonly LearnedLayout[]) => extractor().extract(document, FIELDS, { logger: silent, now, learnedLayouts });

describe('plugin-template: learned layouts', () => {
  it('reads a second document of the corrected layout with what was learned, marked "learned"', async () => {
    const layout = (await learn(first, firstValues))!;
    expect(layout.fields.every((field) => field.status === 'located')).to.equal(true);
    const result = await extract(second, [layout]);
    expect(result.data).to.deep.equal(secondValues);
    for (const name of Object.keys(secondValues)) {
      expect(result.fieldDetails[name]).to.include({ source: 'learned', page: 1 });
      expect(result.fieldDetails[name].bbox).to.have.length(4);
      expect(result.fieldDetails[name].confidence).to.be.within(0.5, 1);
    }
  });

  it('leaves a document of another layout exactly as it reads without learned layouts', async () => {
    const layout = (await learn(first, firstValues))!;
    const without = await extract(invoice);
    const withLayout = await extract(invoice, [layout]);
    expect(withLayout).to.deep.equal(without);
    expect(Object.values(withLayout.fieldDetails).map((detail) => detail.source)).to.not.include('learned');
    const [toInvoice] = learnedLayoutSimilarities(invoice, [layout]);
    const [toSecond] = learnedLayoutSimilarities(second, [layout]);
    expect(toInvoice).to.be.below(0.5);
    expect(toSecond).to.be.at.least(0.5);
  });

  it('keeps a value it cannot find on the page without a box, and reads that field as usual', async () => {
    const values = { ...firstValues, occupant: 'Somebody Else' };
    const locations = await extractor().locate!(first, FIELDS, values);
    expect(locations.occupant).to.deep.equal({ page: null, bbox: null });
    expect(locations.charge.page).to.equal(1);
    expect(locations.charge.bbox).to.have.length(4);
    const layout = (await learn(first, values))!;
    expect(layout.fields.find((field) => field.name === 'occupant')).to.deep.equal({ name: 'occupant', type: 'string', status: 'unlocated' });
    const result = await extract(second, [layout]);
    expect(result.fieldDetails.occupant?.source).to.not.equal('learned');
    expect(result.fieldDetails.charge.source).to.equal('learned');
  });

  it('does not take a number printed where a name was learned, nor the other way round', async () => {
    const layout = (await learn(first, firstValues))!;
    const odd = workOrder({ ref: 'WO-3000', raised: '01/02/2024', tenant: '4471-22', street: '9 Elm Row', city: 'Akron, OH 44308', works: 'Clear drain', charge: '$80.00' });
    const result = await extract(odd, [layout]);
    expect(result.fieldDetails.occupant?.source).to.not.equal('learned');
    expect(result.fieldDetails.charge.source).to.equal('learned');
  });

  it('records a field the user cleared as absent and reads it as usual on the next document', async () => {
    const layout = (await learn(first, { ...firstValues, orderRef: null }))!;
    expect(layout.fields.find((field) => field.name === 'orderRef')).to.deep.equal({ name: 'orderRef', type: 'string', status: 'absent' });
    const result = await extract(second, [layout]);
    expect(result.data.orderRef).to.equal((await extract(second)).data.orderRef);
    expect(result.fieldDetails.orderRef?.source).to.not.equal('learned');
    expect(result.fieldDetails.occupant.source).to.equal('learned');
  });

  it('locates list items by path, in print order', async () => {
    const listField: FieldSpec = {
      name: 'lines',
      type: 'list',
      description: 'Lines',
      fields: [
        { name: 'description', type: 'string', description: '' },
        { name: 'amount', type: 'currency', description: '' },
      ],
    };
    const document = makeDocument([['Description          Amount', 'Pipe                  12.00', 'Valve                 30.50']]);
    const locations = await extractor().locate!(document, [listField], {
      lines: [
        { description: 'Pipe', amount: 12 },
        { description: 'Valve', amount: 30.5 },
      ],
    });
    expect(Object.keys(locations)).to.have.members(['lines[0].description', 'lines[0].amount', 'lines[1].description', 'lines[1].amount']);
    expect(locations['lines[1].amount'].bbox![1]).to.be.greaterThan(locations['lines[0].amount'].bbox![1]);
  });

  it('stores no text of the document, within bounds, and round-trips through JSON', async () => {
    const layout = (await learn(first, firstValues))!;
    const json = JSON.stringify(layout);
    for (const text of ['Jane', 'Main', 'Springfield', 'Tenant', 'NORTHWIND', 'WO-1001', '200']) expect(json).to.not.include(text);
    expect(layout.fingerprint.words.length).to.be.at.most(LEARNED_LAYOUT_LIMITS.fingerprintWords);
    const parsed = parseLearnedLayout(JSON.parse(json));
    expect(parsed).to.deep.equal(layout);
    expect(await extract(second, [parsed])).to.deep.equal(await extract(second, [layout]));
  });

  it('rejects a stored layout of another version or shape with a clear error', async () => {
    const layout = (await learn(first, firstValues))!;
    const stored = JSON.parse(JSON.stringify(layout)) as Record<string, unknown>;
    const attempt = (value: unknown) => {
      try {
        parseLearnedLayout(value);
      } catch (error) {
        return error as DocsiftError;
      }
      throw new Error('expected a rejection');
    };
    const version = attempt({ ...stored, version: 2 });
    expect(version).to.be.instanceOf(DocsiftError);
    expect(version.code).to.equal('invalid_argument');
    expect(version.message).to.match(/version 2 is not supported: this engine reads version 1/);
    expect(attempt({ ...stored, format: 'something-else' }).message).to.match(/Not a learned layout/);
    expect(attempt({ ...stored, fields: [{ name: 'x', type: 'string', status: 'located' }] }).message).to.match(/Invalid learned layout at fields\.0/);
  });

  it('is used by the pipeline when the process options carry learned layouts', async () => {
    const entry: RegistryEntry = {
      typeCode: 'work_order',
      displayName: 'Work order',
      description: 'A facilities work order.',
      confidenceThreshold: 0.5,
      extractionSupported: true,
      legacyTypeCodes: [],
      fields: FIELDS,
      keywords: ['work order'],
      examples: [],
    };
    const layout = (await learn(first, firstValues))!;
    const reader: DocumentReader = { sniff: () => 'pdf', read: async () => second, close: async () => {} };
    const docsift = createDocsift({ plugins: [templatePlugin()], logger: silent, overrides: { documentReader: reader } });
    try {
      const result = await docsift.process(new Uint8Array([0x25]), { typeHint: 'work_order', extraEntries: [entry], learnedLayouts: [layout], now });
      expect(result.extractedData).to.deep.equal(secondValues);
      expect(result.fieldDetails.occupant.source).to.equal('learned');
    } finally {
      await docsift.close();
    }
  });
});
