import { expect } from 'chai';
import type { FieldSpec, Logger } from '@docsift/core';
import { documentFromText } from '@docsift/core/testing';
import { templatePlugin } from '@docsift/plugin-template';

const silent: Logger = { debug() {}, info() {}, warn() {}, error() {}, child: () => silent };
const context = { logger: silent, now: new Date('2024-06-01T00:00:00Z') };
const field = (name: string, type: FieldSpec['type']): FieldSpec => ({ name, type, description: '' });
const lineItems: FieldSpec = {
  name: 'lineItems',
  type: 'list',
  description: '',
  fields: [field('description', 'string'), field('quantity', 'number'), field('unitPrice', 'currency'), field('amount', 'currency')],
};
const readItems = async (rows: string[], source: 'text' | 'ocr' = 'ocr') =>
  (await templatePlugin().extractor.extract(documentFromText(rows.join('\n'), { source }), [lineItems], context)).data.lineItems;

describe('plugin-template: line items of scanned and photographed receipts', () => {
  // A phone scan's PDF carries the scanning app's OCR as its text layer: its words are matched exactly.
  it('reads a column whose header OCR glued to the next label by the label it starts with', async () => {
    const items = await readItems([
      'Código  Producto/Servicio    CantidadU. Medida    Precio Unit.   % Bonif   Imp. Bonif.    Subtotal',
      '        Filtro de aceite       2,00 unidades           1500,00      0,00          0,00     3000,00',
      '        Bujia                  4,00 unidades            800,00      0,00          0,00     3200,00',
      '                                                                      Importe Total:    6200,00',
    ], 'text');
    expect(items).to.deep.equal([
      { description: 'Filtro de aceite', quantity: 2, unitPrice: 1500, amount: 3000 },
      { description: 'Bujia', quantity: 4, unitPrice: 800, amount: 3200 },
    ]);
  });

  it('joins the first line of a single item printed above the line of its values', async () => {
    const items = await readItems([
      'Código  Producto/Servicio       Cantidad     Precio Unit.      Subtotal',
      '        Bateria Williard Renault Scenic',
      '        Dominio (CDK708)            1,00         44000,00      44000,00',
      '                                             Importe Total:    44000,00',
    ], 'text');
    expect(items).to.deep.equal([{ description: 'Bateria Williard Renault Scenic Dominio (CDK708)', quantity: 1, unitPrice: 44000, amount: 44000 }]);
  });

  it('keeps a heading over several items a heading', async () => {
    const items = await readItems([
      'Description               Qty     Unit Price      Amount',
      'Plumbing',
      'Copper pipe 15mm           40           4.20      168.00',
      'Solder fittings            25           1.10       27.50',
      '                                      Total:      195.50',
    ], 'text');
    expect((items as Array<Record<string, unknown>>).map((item) => item.description)).to.deep.equal(['Copper pipe 15mm', 'Solder fittings']);
  });

  it('leaves out labelled numbers, tax lines after their rate and a recap by group; a leading count is the quantity', async () => {
    const items = await readItems([
      '      Clachan',
      '      Sylvia  26 Feb 2016 15:20',
      '                      Acc No: 1532',
      '  2 Meantime Pale       =   10.20',
      '',
      '  Product Group',
      '  Food And Drink            10.20',
      '  20% VAT Net                8.50',
      '  20% VAT                    1.70',
      '  20% VAT Total             10.20',
      '  Total                    £10.20',
    ]);
    expect(items).to.deep.equal([{ description: 'Meantime Pale', quantity: 2, unitPrice: null, amount: 10.2 }]);
  });

  it('keeps two like items that make the total together', async () => {
    const items = await readItems([
      '  Espresso                   2.50',
      '  Espresso                   2.50',
      '  Croissant                  3.00',
      '  TOTAL                      8.00',
    ]);
    expect((items as Array<Record<string, unknown>>).map((item) => item.amount)).to.deep.equal([2.5, 2.5, 3]);
  });

  it('reads a receipt of one item whose total repeats its amount', async () => {
    const items = await readItems(['REWE Markt', '                          EUR', 'SUPPENGRUEN              0,99 B', 'SUMME          EUR       0,99', 'Geg. BAR                 2,00']);
    expect(items).to.deep.equal([{ description: 'SUPPENGRUEN', quantity: null, unitPrice: null, amount: 0.99 }]);
  });
});
