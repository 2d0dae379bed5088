import { expect } from 'chai';
import { COMMA, page, read, rolesOf, tablesOf } from './helpers.js';

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
});
