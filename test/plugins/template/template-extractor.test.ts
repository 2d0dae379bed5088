import { expect } from 'chai';
import { PluginRegistry, type FieldSpec, type Logger } from '@docsift/core';
import { templatePlugin } from '@docsift/plugin-template';
import { makeDocument, type PageSpec } from './layout-helper.js';

const silent: Logger = { debug() {}, info() {}, warn() {}, error() {}, child: () => silent };
const context = { logger: silent, now: new Date('2024-06-01T00:00:00Z') };

function extract(pages: Array<PageSpec | string[]>, fields: FieldSpec[], formFields = [] as Parameters<typeof makeDocument>[1]) {
  return templatePlugin().extractor.extract(makeDocument(pages, formFields), fields, context);
}

const field = (name: string, type: FieldSpec['type'], description = ''): FieldSpec => ({ name, type, description });

describe('plugin-template: label anchors', () => {
  it('is accepted by the plugin registry as the template extractor', () => {
    const registry = new PluginRegistry([templatePlugin()]);
    expect(registry.templateExtractor).to.not.equal(undefined);
  });

  it('reads a value of every type right of its label', async () => {
    const result = await extract(
      [
        [
          'Invoice Number: INV-2024-001',
          'Invoice Date: March 5, 2024',
          'Total Due: $1,234.50',
          'Quantity: 12',
          'Weight: 3.5 kg',
          'Email: John.Doe@Example.com',
          'Phone: (555) 123-4567',
          'Paid: Yes',
          'Items: apples, pears, plums',
        ],
      ],
      [
        field('invoiceNumber', 'string'),
        field('invoice_date', 'date'),
        field('totalDue', 'currency'),
        field('quantity', 'integer'),
        field('weight', 'number'),
        field('email', 'email'),
        field('phone', 'phone'),
        field('paid', 'boolean'),
        field('items', 'list'),
      ],
    );
    expect(result.data).to.deep.equal({
      invoiceNumber: 'INV-2024-001',
      invoice_date: '2024-03-05',
      totalDue: 1234.5,
      quantity: 12,
      weight: 3.5,
      email: 'john.doe@example.com',
      phone: '5551234567',
      paid: true,
      items: ['apples', 'pears', 'plums'],
    });
    for (const name of Object.keys(result.data)) {
      const detail = result.fieldDetails[name];
      expect(detail.source, name).to.equal('text');
      expect(detail.page, name).to.equal(1);
      expect(detail.confidence, name).to.be.within(0.8, 1);
    }
  });

  it('boxes the value, not the label', async () => {
    const result = await extract([['Invoice Number: INV-1']], [field('invoiceNumber', 'string')]);
    const [x0, y0, x1, y1] = result.fieldDetails.invoiceNumber.bbox!;
    expect(x0).to.be.closeTo(0.02 + 16 * 0.012, 1e-3);
    expect(x1).to.be.closeTo(0.02 + 21 * 0.012, 1e-3);
    expect(y1 - y0).to.be.closeTo(0.015, 1e-3);
  });

  it('joins a multi-line address with commas and stops at the next label', async () => {
    const result = await extract(
      [['Bill To:   ACME Corp', '           12 Main Street', '           Springfield, IL 62701', 'Phone:     555 010 2000']],
      [field('billTo', 'address', 'Billing address of the customer')],
    );
    expect(result.data.billTo).to.equal('ACME Corp, 12 Main Street, Springfield, IL 62701');
  });

  it('reads values printed below their labels in a table header', async () => {
    const result = await extract(
      [['Invoice No      Date          Amount Due', 'A-7731          04/15/2024    1.234,56 EUR']],
      [field('invoiceNumber', 'string'), field('date', 'date'), field('amountDue', 'currency')],
    );
    expect(result.data).to.deep.equal({ invoiceNumber: 'A-7731', date: '2024-04-15', amountDue: 1234.56 });
  });

  it('tolerates OCR errors in labels and reports the source and lower confidence', async () => {
    const clean = await extract([['Invoice Number: 4471']], [field('invoiceNumber', 'integer')]);
    const noisy = await extract(
      [{ rows: ['lnvoice Nurnber; 4471'], source: 'ocr', confidence: 0.8 }],
      [field('invoiceNumber', 'integer')],
    );
    expect(noisy.data.invoiceNumber).to.equal(4471);
    expect(noisy.fieldDetails.invoiceNumber.source).to.equal('ocr');
    expect(noisy.fieldDetails.invoiceNumber.confidence).to.be.below(clean.fieldDetails.invoiceNumber.confidence);
  });

  it('repairs letters OCR put into digits', async () => {
    const result = await extract([{ rows: ['Total: 1O5.00'], source: 'ocr' }], [field('total', 'currency')]);
    expect(result.data.total).to.equal(105);
  });

  it('gives null and no details for a field that is not on the page', async () => {
    const result = await extract([['Invoice Number: 12']], [field('purchaseOrder', 'string', 'PO reference')]);
    expect(result.data).to.deep.equal({ purchaseOrder: null });
    expect(result.fieldDetails).to.deep.equal({});
  });

  it('gives null when the label is there but the value does not parse as its type', async () => {
    const result = await extract([['Email: see attached']], [field('email', 'email')]);
    expect(result.data.email).to.equal(null);
  });

  it('finds the email among other words near its label', async () => {
    const result = await extract([['Contact: Jane Roe <jane.roe@roe.example>']], [field('contact', 'email')]);
    expect(result.data.contact).to.equal('jane.roe@roe.example');
  });

  it('finds a label from the description when the name is not printed', async () => {
    const result = await extract([['Policy holder: Maria Lopez']], [field('insured', 'string', 'Name of the policy holder')]);
    expect(result.data.insured).to.equal('Maria Lopez');
  });

  it('takes "Date" for a date field, not "Due Date"', async () => {
    const result = await extract([['Due Date: 2024-07-01', 'Date: 2024-06-01']], [field('date', 'date')]);
    expect(result.data.date).to.equal('2024-06-01');
  });

  it('reads a checkbox mark left of its label and a bare label colon', async () => {
    const result = await extract([['[x] Married', 'Smoker : No']], [field('married', 'boolean'), field('smoker', 'boolean')]);
    expect(result.data).to.deep.equal({ married: true, smoker: false });
  });

  it('splits a bulleted list printed below its label', async () => {
    const result = await extract([['Services:', '• Roof repair', '• Gutter cleaning', '• Painting']], [field('services', 'list')]);
    expect(result.data.services).to.deep.equal(['Roof repair', 'Gutter cleaning', 'Painting']);
  });

  it('reads a value split from its label inside one word', async () => {
    const result = await extract([['Email:ops@acme.example Tel:+44 20 7946 0958']], [field('email', 'email'), field('telephone', 'phone')]);
    expect(result.data).to.deep.equal({ email: 'ops@acme.example', telephone: '+442079460958' });
  });

  it('prefers an AcroForm field named like the field and reports source form', async () => {
    const result = await extract(
      [['Producer: Printed Name Inc']],
      [field('producer', 'string'), field('signed', 'boolean')],
      [
        { name: 'F[0].P1[0].Producer[0]', kind: 'text', value: 'Form Name LLC', page: 1, bbox: [0.1, 0.1, 0.4, 0.12] },
        { name: 'F[0].P1[0].Signed[0]', kind: 'checkbox', value: false, page: 1, bbox: [0.5, 0.1, 0.52, 0.12] },
      ],
    );
    expect(result.data).to.deep.equal({ producer: 'Form Name LLC', signed: false });
    expect(result.fieldDetails.producer).to.include({ source: 'form', page: 1 });
    expect(result.fieldDetails.producer.bbox).to.deep.equal([0.1, 0.1, 0.4, 0.12]);
  });

  it('extracts a template from an invoice-like page', async () => {
    const invoice = [
      'ACME Supplies Ltd                               INVOICE',
      '12 Harbour Road, Leeds LS1 4AB',
      'Tel: 0113 496 0000   Email: billing@acme.example',
      '',
      'Invoice #: 10442                                Invoice Date: 02/03/2024',
      'Customer: Northwind Traders                     Due Date: 2024-03-31',
      '',
      'Description                Qty     Unit Price     Amount',
      'Copper pipe 15mm           40      4.20           168.00',
      'Solder fittings            25      1.10           27.50',
      '',
      '                                    Subtotal:     195.50',
      '                                    VAT (20%):    39.10',
      '                                    Total:        £234.60',
    ];
    const result = await extract(
      [invoice],
      [
        field('invoiceNumber', 'integer', 'Invoice number'),
        field('invoiceDate', 'date', 'Date of issue'),
        field('dueDate', 'date', 'Payment due date'),
        field('customer', 'string', 'Customer name'),
        field('email', 'email', 'Supplier e-mail'),
        field('telephone', 'phone', 'Supplier phone'),
        field('subtotal', 'currency', 'Sum of line amounts'),
        field('total', 'currency', 'Grand total including VAT'),
        field('iban', 'string', 'Bank account IBAN'),
      ],
    );
    expect(result.data).to.deep.equal({
      invoiceNumber: 10442,
      invoiceDate: '2024-02-03',
      dueDate: '2024-03-31',
      customer: 'Northwind Traders',
      email: 'billing@acme.example',
      telephone: '01134960000',
      subtotal: 195.5,
      total: 234.6,
      iban: null,
    });
    expect(result.fieldDetails.total.page).to.equal(1);
    expect(Object.keys(result.fieldDetails)).to.not.include('iban');
  });

  it('looks one cell further right for a compact value after a date', async () => {
    const result = await extract([['TOTAL AMOUNT DUE ON August 3, 2014      $4.11']], [field('totalAmountDue', 'currency'), field('totalAmountDueOn', 'date')]);
    expect(result.data).to.deep.equal({ totalAmountDue: 4.11, totalAmountDueOn: '2014-08-03' });
    expect(result.fieldDetails.totalAmountDue.confidence).to.be.below(1);
  });

  it('takes a labelled line below as an address only with a lower confidence', async () => {
    const result = await extract([['Bill to Address:', 'ATTN: Northwind Ltd', '93B Harbour Road', 'Leeds LS1 4AB']], [field('billToAddress', 'address')]);
    expect(result.data.billToAddress).to.equal('ATTN: Northwind Ltd, 93B Harbour Road, Leeds LS1 4AB');
    expect(result.fieldDetails.billToAddress.confidence).to.be.within(0.6, 0.75);
  });

  it('does not read a neighbouring label as a value', async () => {
    const result = await extract([['Name:', 'Phone: 555 010 2000']], [field('name', 'string'), field('phone', 'phone')]);
    expect(result.data).to.deep.equal({ name: null, phone: '5550102000' });
  });

  it('leaves a blank form blank: label cells and prose are not values', async () => {
    const result = await extract(
      [['PRODUCER                    CERTIFICATE NUMBER:     REVISION NUMBER:', 'REPRESENTATIVE OR PRODUCER, AND THE CERTIFICATE HOLDER.', 'INSURED                     INSURER A :']],
      [field('producer', 'string'), field('certificateNumber', 'string'), field('insured', 'address')],
    );
    expect(result.data).to.deep.equal({ producer: null, certificateNumber: null, insured: null });
  });

  it('reads a value indented below its label, as in form boxes', async () => {
    const result = await extract([['INSURED', '        WELLS ROOFING LLC', '        7331 ELM WAY', '        MILWAUKEE WI 53269']], [field('insured', 'address')]);
    expect(result.data.insured).to.equal('WELLS ROOFING LLC, 7331 ELM WAY, MILWAUKEE WI 53269');
  });

  it('does not take a different word one letter away for the label', async () => {
    const result = await extract([['CERTIFICATE HOLDER: City of Leeds']], [field('certificateNumber', 'string')]);
    expect(result.data.certificateNumber).to.equal(null);
  });

  it('reads past a label tail in brackets and OCR noise after a date (a scanned receipt)', async () => {
    const receipt: PageSpec = {
      rows: ['Date       25/12/2018 B:13:39 PM', 'Cashier    MANIS', 'Round d Total (RM):      9.00'],
      source: 'ocr',
      confidence: 0.9,
    };
    const result = await extract([receipt], [field('date', 'date'), field('cashier', 'string'), field('roundedTotal', 'currency')]);
    expect(result.data).to.deep.equal({ date: '2018-12-25', cashier: 'MANIS', roundedTotal: 9 });
  });

  it('searches every page', async () => {
    const result = await extract([['Page one text'], ['Reference: R-77']], [field('reference', 'string')]);
    expect(result.data.reference).to.equal('R-77');
    expect(result.fieldDetails.reference.page).to.equal(2);
  });
});
