import { expect } from 'chai';
import type { FieldSpec, Logger } from '@docsift/core';
import { documentFromText } from '@docsift/core/testing';
import { templatePlugin } from '@docsift/plugin-template';
import { columnRoleOf, fieldConceptsOf } from '../../../plugins/template/src/concepts.js';

const silent: Logger = { debug() {}, info() {}, warn() {}, error() {}, child: () => silent };
const context = { logger: silent, now: new Date('2024-06-01T00:00:00Z') };
const field = (name: string, type: FieldSpec['type'], description = ''): FieldSpec => ({ name, type, description });
const extract = (text: string | string[], fields: FieldSpec[]) => templatePlugin().extractor.extract(documentFromText(text), fields, context);

describe('plugin-template: concepts a template field asks for', () => {
  it('maps snake_case and camelCase names and their short forms to the lexicon concept, at the score of an exact name', () => {
    expect(fieldConceptsOf(field('invoice_number', 'string'))[0]).to.deep.equal({ id: 'invoiceNumber', score: 0.85 });
    expect(fieldConceptsOf(field('invoiceNumber', 'string'))[0]).to.deep.equal({ id: 'invoiceNumber', score: 0.85 });
    expect(fieldConceptsOf(field('inv_no', 'string'))[0].id).to.equal('invoiceNumber');
    expect(fieldConceptsOf(field('vendorName', 'string'))[0]).to.deep.equal({ id: 'seller', score: 0.85 });
    expect(fieldConceptsOf(field('supplierName', 'string'))[0].id).to.equal('seller');
    expect(fieldConceptsOf(field('customer', 'string'))[0].id).to.equal('buyer');
    expect(fieldConceptsOf(field('dueDate', 'date'))[0]).to.deep.equal({ id: 'dueDate', score: 0.85 });
  });

  it('reads field names in the lexicon’s other languages ("fecha", "proveedor", "montant_ttc")', () => {
    expect(fieldConceptsOf(field('fecha', 'date'))[0]).to.deep.equal({ id: 'issueDate', score: 0.85 });
    expect(fieldConceptsOf(field('fecha_vencimiento', 'date'))[0].id).to.equal('dueDate');
    expect(fieldConceptsOf(field('proveedor', 'string'))[0].id).to.equal('seller');
    expect(fieldConceptsOf(field('montant_ttc', 'currency'))[0].id).to.equal('total');
    expect(columnRoleOf(field('cantidad', 'number'))).to.equal('quantity');
  });

  it('reads a name that is no concept name through its description, with a score below an exact name', () => {
    const bare = fieldConceptsOf(field('issuer', 'string'));
    const described = fieldConceptsOf(field('issuer', 'string', 'Who issued the invoice'));
    expect(described[0].id).to.equal('seller');
    expect(described[0].score).to.be.above(bare[0].score).and.below(0.8);
  });

  it('takes "Total amount before tax" as the net total', () => {
    expect(fieldConceptsOf(field('totalWithoutTax', 'currency', 'Total amount before tax'))[0].id).to.equal('netTotal');
  });

  it('does not offer a concept whose values are of another kind than the field type ("issuer" is no date)', () => {
    expect(fieldConceptsOf(field('issuer', 'string')).map((match) => match.id)).to.include('seller');
    expect(fieldConceptsOf(field('issuer', 'date')).map((match) => match.id)).to.not.include('seller');
  });

  it('lists the concepts best first, none below the threshold, and none for a field that names no concept', () => {
    const matches = fieldConceptsOf(field('date', 'date'));
    expect(matches[0].id).to.equal('issueDate');
    expect(matches.length).to.be.above(1);
    for (let index = 1; index < matches.length; index++) expect(matches[index].score).to.be.at.most(matches[index - 1].score);
    for (const match of matches) expect(match.score).to.be.at.least(0.45);
    expect(fieldConceptsOf(field('favouriteColour', 'string'))).to.deep.equal([]);
  });

  it('gives a list field’s sub-fields the column role their names ask for, and none to an unknown name', () => {
    const roles = ['unitPrice', 'price', 'qty', 'quantity', 'description', 'lineTotal', 'sku', 'vatRate', 'unit', 'colour'].map((name) => columnRoleOf(field(name, 'string')));
    expect(roles).to.deep.equal(['unitPrice', 'unitPrice', 'quantity', 'quantity', 'description', 'amount', 'itemNumber', 'taxRate', 'unit', null]);
  });
});

describe('plugin-template: fields found by their concept', () => {
  it('finds fields named in English under the lexicon’s labels in another language', async () => {
    const result = await extract(
      ['Rechnungsnummer: R-2024-17', 'Rechnungsdatum: 05.03.2024', 'Gesamtbetrag: 1.234,56 EUR'].join('\n'),
      [field('invoiceNumber', 'string'), field('invoiceDate', 'date'), field('total', 'currency')],
    );
    expect(result.data).to.deep.equal({ invoiceNumber: 'R-2024-17', invoiceDate: '2024-03-05', total: 1234.56 });
    expect(result.fieldDetails.invoiceNumber).to.include({ confidence: 1, page: 1, source: 'text' });
  });

  it('finds a field named in Spanish under its Spanish label', async () => {
    const { data } = await extract(['Tienda Sol S.L.', 'Fecha de emisión: 12/03/2024', 'Total: 35,00 €'], [field('fecha', 'date')]);
    expect(data.fecha).to.equal('2024-03-12');
  });

  it('finds a field that names no concept by its own name as the label', async () => {
    const result = await extract('Favourite colour:   Blue', [field('favouriteColour', 'string')]);
    expect(result.data.favouriteColour).to.equal('Blue');
  });
});
