import { expect } from 'chai';
import type { FieldSpec, Logger } from '@docsift/core';
import { documentFromText, type TextPageOptions } from '@docsift/core/testing';
import { templatePlugin } from '@docsift/plugin-template';

const silent: Logger = { debug() {}, info() {}, warn() {}, error() {}, child: () => silent };
const context = { logger: silent, now: new Date('2024-06-01T00:00:00Z') };
const field = (name: string, type: FieldSpec['type'], description = ''): FieldSpec => ({ name, type, description });
const list = (name: string, fields: FieldSpec[]): FieldSpec => ({ name, type: 'list', description: '', fields });
const extract = (text: string | string[], fields: FieldSpec[], options: TextPageOptions = {}) =>
  templatePlugin().extractor.extract(documentFromText(text, options), fields, context);

const invoice = [
  'INVOICE 1001',
  '',
  'Description                 Qty    Unit Price      Amount',
  'Copper pipe 15mm             40          4.20      168.00',
  'Solder fittings, lead-free   25          1.10       27.50',
  '  (box of 25)',
  '',
  '                                   Total:      195.50',
].join('\n');

const lineItems = list('lineItems', [field('description', 'string'), field('qty', 'number'), field('unitPrice', 'currency'), field('lineTotal', 'currency'), field('colour', 'string')]);

describe('plugin-template: list fields read from tables', () => {
  it('reads one object per item row, each sub-field from the column its name asks for, wrapped descriptions joined', async () => {
    const result = await extract(invoice, [lineItems, field('total', 'currency')]);
    expect(result.data).to.deep.equal({
      lineItems: [
        { description: 'Copper pipe 15mm', qty: 40, unitPrice: 4.2, lineTotal: 168, colour: null },
        { description: 'Solder fittings, lead-free (box of 25)', qty: 25, unitPrice: 1.1, lineTotal: 27.5, colour: null },
      ],
      total: 195.5,
    });
  });

  it('records a fieldDetails entry per cell under the item’s path, none for a sub-field without a column', async () => {
    const { fieldDetails } = await extract(invoice, [lineItems]);
    expect(Object.keys(fieldDetails).filter((key) => key.startsWith('lineItems[1].')).sort()).to.deep.equal([
      'lineItems[1].description',
      'lineItems[1].lineTotal',
      'lineItems[1].qty',
      'lineItems[1].unitPrice',
    ]);
    expect(fieldDetails['lineItems[0].unitPrice']).to.include({ confidence: 1, page: 1, source: 'text' });
    // The unit price cell, not the amount.
    expect(fieldDetails['lineItems[0].unitPrice'].bbox![0]).to.be.closeTo(0.41, 1e-3);
    // A wrapped description boxes both of its lines.
    const [, top, , bottom] = fieldDetails['lineItems[1].description'].bbox!;
    expect(bottom - top).to.be.above(1.5 / 66);
  });

  it('reports OCR cells with their source and the words’ confidence', async () => {
    const result = await extract(invoice, [lineItems], { source: 'ocr' });
    expect((result.data.lineItems as Array<Record<string, unknown>>)[0]).to.include({ qty: 40, lineTotal: 168 });
    expect(result.fieldDetails['lineItems[0].qty']).to.include({ source: 'ocr', confidence: 0.9 });
  });

  it('reads the quantity and unit price of a receipt’s detail line under its item', async () => {
    const receipt = ['SUPERMARKT', 'Artikel                         EUR', 'Bananen                        2,37', '  1,185 kg x 2,00 EUR/kg', 'Milch                          1,09', 'SUMME                          3,46'].join('\n');
    const result = await extract(receipt, [list('items', [field('name', 'string'), field('quantity', 'number'), field('price', 'currency'), field('amount', 'currency')])]);
    expect(result.data.items).to.deep.equal([
      { name: 'Bananen', quantity: 1.185, price: 2, amount: 2.37 },
      { name: 'Milch', quantity: null, price: null, amount: 1.09 },
    ]);
    // Both come from the detail line, one row under the item.
    expect(result.fieldDetails['items[0].quantity'].bbox![1]).to.be.closeTo(3 / 66, 1e-3);
    expect(result.fieldDetails['items[0].price'].bbox![1]).to.be.closeTo(3 / 66, 1e-3);
  });

  it('reads a line amount printed only with tax from the gross column', async () => {
    const text = ['Description          Qty     Gross', 'Widget A               2    238.00', 'Widget B               1    119.00'].join('\n');
    const result = await extract(text, [list('items', [field('description', 'string'), field('amount', 'currency')])]);
    expect(result.data.items).to.deep.equal([
      { description: 'Widget A', amount: 238 },
      { description: 'Widget B', amount: 119 },
    ]);
  });

  it('reads the table that prints most of the wanted columns', async () => {
    const summary = ['Description                     Amount', 'Materials                       100.00', 'Labour                           50.00'].join('\n');
    const items = ['Description          Qty    Unit Price     Amount', 'Widget A               2        10.00      20.00', 'Widget B               8        10.00      80.00'].join('\n');
    const text = [summary, '', '                         Total:    150.00', '', items].join('\n');
    const result = await extract(text, [list('items', [field('description', 'string'), field('quantity', 'integer'), field('unitPrice', 'currency')])]);
    expect(result.data.items).to.deep.equal([
      { description: 'Widget A', quantity: 2, unitPrice: 10 },
      { description: 'Widget B', quantity: 8, unitPrice: 10 },
    ]);
    expect(result.fieldDetails['items[0].description'].bbox![1]).to.be.closeTo(7 / 66, 1e-3);
  });

  it('gives null and no details when no table holds the list', async () => {
    const result = await extract('Dear customer, thank you for your order.', [lineItems]);
    expect(result).to.deep.equal({ data: { lineItems: null }, fieldDetails: {} });
  });
});
