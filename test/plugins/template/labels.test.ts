import { expect } from 'chai';
import type { FieldSpec, FormField, Logger } from '@docsift/core';
import { documentFromText } from '@docsift/core/testing';
import { templatePlugin } from '@docsift/plugin-template';
import { matchFormField } from '../../../plugins/template/src/form-fields.js';

const silent: Logger = { debug() {}, info() {}, warn() {}, error() {}, child: () => silent };
const context = { logger: silent, now: new Date('2024-06-01T00:00:00Z') };
const field = (name: string, type: FieldSpec['type'], description = ''): FieldSpec => ({ name, type, description });

function extract(text: string, fields: FieldSpec[], formFields: FormField[] = []) {
  const document = documentFromText(text);
  document.formFields = formFields;
  return templatePlugin().extractor.extract(document, fields, context);
}

const formField = (name: string, value: string | boolean, kind: FormField['kind'] = 'text'): FormField => ({ name, kind, value, page: 1, bbox: [0.1, 0.1, 0.3, 0.12] });

describe('plugin-template: labels of related concepts', () => {
  it('finds a total printed only as the amount due, with less confidence than under its own label', async () => {
    const due = await extract('Amount due:      590.24', [field('total', 'currency')]);
    const own = await extract('Total:           590.24', [field('total', 'currency')]);
    expect(due.data.total).to.equal(590.24);
    expect(due.fieldDetails.total.confidence).to.be.below(own.fieldDetails.total.confidence);
  });

  it('finds the net total under "Subtotal" and an invoice number under "Receipt No", at the related concept’s weight', async () => {
    const net = await extract('Subtotal:      500.00', [field('netTotal', 'currency')]);
    expect(net.data.netTotal).to.equal(500);
    expect(net.fieldDetails.netTotal.confidence).to.equal(0.8);
    const number = await extract('Receipt No: 88123', [field('invoiceNumber', 'string')]);
    expect(number.data.invoiceNumber).to.equal('88123');
    expect(number.fieldDetails.invoiceNumber.confidence).to.equal(0.9);
  });
});

describe('plugin-template: values read by the concept’s kind', () => {
  it('reads bank codes and an IBAN printed in groups, and the tax after its rate ("MwSt. 19 %: 37,15")', async () => {
    const text = ['ACME GmbH', 'IBAN: DE89 3704 0044 0532 0130 00', 'BIC: COBADEFFXXX', 'Sort code: 12-34-56', 'MwSt. 19 %: 37,15', 'Gesamt: 232,65'].join('\n');
    const { data } = await extract(text, [field('iban', 'string'), field('bic', 'string'), field('sortCode', 'string'), field('taxAmount', 'currency')]);
    expect(data).to.deep.equal({ iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX', sortCode: '12-34-56', taxAmount: 37.15 });
  });

  it('reads an identifier after a number mark ("N°")', async () => {
    const result = await extract(['Facture N° FA-2017-0010', 'Date de facture : 14/02/2017'].join('\n'), [field('invoice_number', 'string'), field('date', 'date')]);
    expect(result.data).to.deep.equal({ invoice_number: 'FA-2017-0010', date: '2017-02-14' });
  });

  it('takes the company line of a party block over a person above it', async () => {
    const result = await extract(['Client:', 'M DE LATTRE ALEXIS', 'ALEXINUX SARL', '12 rue de la Paix'].join('\n'), [field('customer', 'string')]);
    expect(result.data.customer).to.equal('ALEXINUX SARL');
    expect(result.fieldDetails.customer.bbox![1]).to.be.closeTo(2 / 66, 1e-3);
  });

  it('skips a salutation line above the name', async () => {
    const result = await extract(['Bill to:', 'Mr.', 'John Smith', '12 Main St'].join('\n'), [field('customer', 'string')]);
    expect(result.data.customer).to.equal('John Smith');
  });
});

describe('plugin-template: form fields', () => {
  it('matches a form field by its last name segment, dropping indexes and a one-letter instance suffix', () => {
    const match = matchFormField([formField('F[0].P1[0].InvoiceNumber_A[0]', 'INV-77')], field('invoice_number', 'string'));
    expect(match?.parsed.value).to.equal('INV-77');
    expect(match?.confidence).to.equal(0.97);
  });

  it('parses the form value by the field’s type and skips a value that does not parse, or is empty', () => {
    expect(matchFormField([formField('InvoiceDate', '03/05/2024')], field('invoiceDate', 'date'))?.parsed.value).to.equal('2024-03-05');
    expect(matchFormField([formField('Total', 'see page 2')], field('total', 'currency'))).to.equal(null);
    expect(matchFormField([formField('Total', '')], field('total', 'currency'))).to.equal(null);
    expect(matchFormField([formField('Signed', true, 'checkbox')], field('signed', 'string'))).to.equal(null);
  });

  it('does not take a form field named only somewhat like the field', () => {
    expect(matchFormField([formField('Totl', '$1,200.50')], field('total', 'currency'))).to.equal(null);
  });

  it('falls back to the printed label when the form value does not parse', async () => {
    const printed = await extract('Total: 1,200.50', [field('total', 'currency')], [formField('F[0].P1[0].Total[0]', 'see page 2')]);
    expect(printed.data.total).to.equal(1200.5);
    expect(printed.fieldDetails.total.source).to.equal('text');
    const form = await extract('Total: 1,200.50', [field('total', 'currency')], [formField('F[0].P1[0].Total_A[0]', '$99.00')]);
    expect(form.data.total).to.equal(99);
    expect(form.fieldDetails.total).to.include({ source: 'form', confidence: 0.97 });
  });
});
