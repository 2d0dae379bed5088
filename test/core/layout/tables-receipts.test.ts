import { expect } from 'chai';
import type { Page, Word } from '../../../core/src/contracts/document.js';
import { buildRows, readTables } from '../../../core/src/layout/index.js';
import { COMMA, DOT, page, read, rolesOf, tablesOf, word } from './helpers.js';

describe('core layout: tables of receipts and short invoices', () => {
  it('reads one priced line as a list when the total under it repeats its amount', () => {
    const { tables } = tablesOf(page('REWE Markt', '                          EUR', 'SUPPENGRUEN              0,99 B', 'SUMME          EUR       0,99', 'Geg. BAR                 2,00'), COMMA);
    expect(tables).to.have.length(1);
    expect(tables[0].entries.map(read).filter((entry) => entry.kind === 'item')).to.deep.equal([{ kind: 'item', description: 'SUPPENGRUEN', amount: '0,99 B' }]);
    expect(read(tables[0].totals!)).to.include({ amount: '0,99' });
  });

  it('reads no list from one priced line whose total says another amount', () => {
    const { tables } = tablesOf(page('REWE Markt', 'SUPPENGRUEN              0,99 B', 'SUMME          EUR       1,99'), COMMA);
    expect(tables).to.deep.equal([]);
  });

  it('keeps a header’s unit price when an unnamed column times it makes the amount', () => {
    const { tables } = tablesOf(
      page(
        'Código  Producto/Servicio    CantidadX Medida    Precio Unit.   % Bonif   Imp. Bonif.    Subtotal',
        '        Filtro de aceite       2,00 unidades           1500,00      0,00          0,00     3000,00',
        '        Bujia                  4,00 unidades            800,00      0,00          0,00     3200,00',
      ),
      COMMA,
    );
    expect(rolesOf(tables[0].header.columns)).to.include('unitPrice');
    expect(tables[0].entries.map(read)[0]).to.include({ quantity: '2,00 unidades', unitPrice: '1500,00', amount: '3000,00' });
  });
  it('starts an item on its numbered line spaced over its wrapped lines as they are over its values, however short OCR measured a line', () => {
    const line = (top: number, bottom: number, ...cells: Array<[string, number, number]>): Word[] =>
      cells.map(([text, x0, x1]) => word(text, [x0, top, x1, bottom], { source: 'ocr' }));
    const words = [
      ...line(0.448, 0.466, ['Sales', 0.178, 0.245], ['Associate:', 0.254, 0.385], ['Paul', 0.395, 0.453]),
      ...line(0.523, 0.542, ['1', 0.201, 0.209], ['Surface', 0.225, 0.326], ['Pro', 0.335, 0.375], ['6', 0.385, 0.398]),
      // A line of short words OCR measures low: its gap under the line above is more than 0.9 of its height.
      ...line(0.56, 0.577, ['256GB', 0.223, 0.323], ['Intel', 0.33, 0.388], ['Core', 0.397, 0.454], ['i5', 0.463, 0.482], ['/', 0.491, 0.501]),
      ...line(0.596, 0.619, ['8GBRAM', 0.223, 0.338], ['(Black)', 0.348, 0.435], ['$999.00', 0.562, 0.672]),
      ...line(0.676, 0.695, ['1', 0.197, 0.206], ['SurfacePen', 0.222, 0.375], ['$', 0.581, 0.595], ['99.99', 0.605, 0.673]),
      ...line(0.75, 0.769, ['Sub-Total', 0.289, 0.418], ['$', 0.558, 0.573], ['1098.99', 0.582, 0.678]),
    ];
    const document = { pages: [{ number: 1, width: 612, height: 792, rotation: 0, deskewAngle: 0, source: 'ocr', words, lines: [] } as Page], formFields: [] };
    const [table] = readTables(buildRows(document as never), { format: DOT });
    const items = table.entries.filter((entry) => entry.kind === 'item').map(read);
    expect(items.map((item) => [item.quantity ?? item.itemNumber, item.description])).to.deep.equal([
      ['1', 'Surface Pro 6 256GB Intel Core i5 / 8GBRAM (Black)'],
      ['1', 'SurfacePen'],
    ]);
  });
});
