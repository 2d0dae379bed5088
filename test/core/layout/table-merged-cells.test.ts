import { expect } from 'chai';
import { readLayout } from '../../../core/src/layout/index.js';
import { documentFromText } from '../../../core/src/testing/index.js';
import { cellOf, page, read, rolesOf, tablesOf } from './helpers.js';

const items = (pages: string | string[]) => tablesOf(pages).tables[0].entries.filter((entry) => entry.kind === 'item');

describe('core layout: a room cell merged down the rows of its section', () => {
  const header = 'Location   No.  Description                             Qty  Unit   Material     Labor      Total';

  it('gives the name printed beside the middle rows to every row of the section, up to its total row', () => {
    const entries = items(
      page(
        header,
        '            1   Prime and paint walls and ceilings      100   SF     100.00    200.00     300.00',
        '            2   Bath exhaust fan, 80 CFM, ducted to       2   EA     242.00    430.00     672.00',
        'MASTER BATH     exterior',
        '                Subtotal                                                                972.00',
        '            3   Remove existing vinyl siding             22   SQ       0.00  1,012.00   1,012.00',
        'EXTERIOR    4   Replace rotted porch floor boards       152   SF     978.88  1,317.84   2,296.72',
        '            5   Wrap fascia with aluminum coil          117   LF     281.97    365.04     647.01',
        '                Subtotal                                                              3,955.73',
      ),
    );
    expect(entries.map((entry) => [cellOf(entry, 'scope'), cellOf(entry, 'itemNumber'), cellOf(entry, 'description')])).to.deep.equal([
      ['MASTER BATH', '1', 'Prime and paint walls and ceilings'],
      ['MASTER BATH', '2', 'Bath exhaust fan, 80 CFM, ducted to exterior'],
      ['EXTERIOR', '3', 'Remove existing vinyl siding'],
      ['EXTERIOR', '4', 'Replace rotted porch floor boards'],
      ['EXTERIOR', '5', 'Wrap fascia with aluminum coil'],
    ]);
  });

  it('takes the name printed beside a one-item room’s total row for that item', () => {
    const entries = items(
      page(
        header,
        'KITCHEN     1   Base cabinets                            12   LF     100.00    200.00     300.00',
        '                Subtotal                                                                300.00',
        '            2   Laundry box with shutoffs                 1   EA     115.00    212.00     327.00',
        'LAUNDRY         Subtotal                                                                327.00',
      ),
    );
    expect(entries.map((entry) => cellOf(entry, 'scope'))).to.deep.equal(['KITCHEN', 'LAUNDRY']);
  });

  it('leaves a room column that names each row apart as it is, an unnamed first item notwithstanding', () => {
    const entries = items(
      page(
        header,
        '            1   Building permit and plan review            1   LS       0.00    450.00     450.00',
        'KITCHEN     2   Base cabinets                            12   LF     100.00    200.00     300.00',
        'BATH        3   Vanity with top and faucet                1   EA     380.00    210.00     590.00',
        'BEDROOM     4   Replace carpet and pad                   40   SY     720.00    260.00     980.00',
        'HALL        5   Paint walls and ceiling                 300   SF     105.00    345.00     450.00',
      ),
    );
    expect(entries.map((entry) => cellOf(entry, 'scope'))).to.deep.equal(['', 'KITCHEN', 'BATH', 'BEDROOM', 'HALL']);
  });

  it('reads a "Location" column as the room', () => {
    const { tables } = tablesOf(page(header, 'KITCHEN     1   Base cabinets                            12   LF     100.00    200.00     300.00'));
    expect(rolesOf(tables[0].header.columns)).to.deep.equal(['scope', 'itemNumber', 'description', 'quantity', 'unit', 'material', 'labor', 'amount']);
  });

  it('takes the wrapped description beside the name as the item’s, the name as the room', () => {
    const entries = items(
      page(
        header,
        '            1   Continuous shingle-over ridge vent       33   LF     165.99    140.58     306.57',
        '            2   5 in. K-style seamless aluminum         236   LF   1,019.52    849.60   1,869.12',
        'ROOF            gutters and downspouts',
        '            3   Ice and water shield at eaves             5   SQ     480.00    170.00     650.00',
        '                Subtotal                                                              2,825.69',
      ),
    );
    expect(entries.map((entry) => [cellOf(entry, 'scope'), cellOf(entry, 'description')])).to.deep.equal([
      ['ROOF', 'Continuous shingle-over ridge vent'],
      ['ROOF', '5 in. K-style seamless aluminum gutters and downspouts'],
      ['ROOF', 'Ice and water shield at eaves'],
    ]);
  });

  it('leaves a name printed on each section’s first row to the rows it heads', () => {
    const entries = items(
      page(
        header,
        'KITCHEN     1   Base cabinets                            12   LF     100.00    200.00     300.00',
        '            2   Wall cabinets                            10   LF     100.00    200.00     300.00',
        'BATH        3   Vanity                                    1   EA     100.00    200.00     300.00',
        '            4   Toilet                                    1   EA     100.00    200.00     300.00',
        '                Subtotal                                                              1,200.00',
      ),
    );
    expect(entries.map((entry) => cellOf(entry, 'scope'))).to.deep.equal(['KITCHEN', '', 'BATH', '']);
  });

  it('reads a total row whose amount OCR lost as the section’s total, not as a heading', () => {
    const lines = [
      header,
      'Exterior    1   Exterior LED fixtures at entries          3   EA     270.00    258.00     528.00',
      '                Subtotal',
      '            2   Recessed LED wafer lights                12   EA     468.00    672.00   1,140.00',
      'Basement    3   Luxury vinyl plank flooring             554   SF   2,393.28  1,185.56   3,578.84',
      '                Subtotal                                                              4,718.84',
    ];
    const [table] = readLayout(documentFromText(lines.join('\n'), { source: 'ocr' })).tables;
    expect(table.entries.map((entry) => read(entry).kind)).to.deep.equal(['item', 'subtotal', 'item', 'item', 'subtotal']);
    expect(table.entries.filter((entry) => entry.kind === 'item').map((entry) => cellOf(entry, 'scope'))).to.deep.equal(['Exterior', 'Basement', 'Basement']);
  });
});
