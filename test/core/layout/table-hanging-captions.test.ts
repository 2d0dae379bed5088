import { expect } from 'chai';
import { makeRow } from '../../../core/src/layout/rows.js';
import { dropValuesCaption } from '../../../core/src/layout/tables/lines-above-values.js';
import type { TableColumn, TableEntry } from '../../../core/src/layout/tables/model.js';
import { word } from './helpers.js';

const column = (role: TableColumn['role'], x0: number, x1: number): TableColumn => ({ role, alternatives: [], basis: null, x0, x1, words: [], label: '' });

describe('layout tables: a values line’s words under a hanging description', () => {
  it('keeps the last line of a text hanging in from its outline number ("A.2.3  50 gal …" over "venting  1 EA") as the text’s', () => {
    const number = word('A.2.3', [0.12, 0.3, 0.157, 0.31]);
    const first = [number, word('50', [0.177, 0.3, 0.19, 0.31]), word('gal', [0.197, 0.3, 0.215, 0.31])];
    const venting = word('venting', [0.177, 0.315, 0.22, 0.325]);
    const values = [word('1', [0.72, 0.315, 0.727, 0.325]), word('EA', [0.73, 0.315, 0.745, 0.325]), word('1,770.00', [0.86, 0.315, 0.9, 0.325])];
    const columns = [column('description', 0.12, 0.6), column('quantity', 0.71, 0.728), column('unit', 0.729, 0.75), column('amount', 0.85, 0.9)];
    const row = makeRow(1, 612 / 792, [venting, ...values]);
    const item: TableEntry = { kind: 'item', page: 1, rows: [row], columns, cells: [[...first, venting], [values[0]], [values[1]], [values[2]]], label: [] };
    dropValuesCaption(item, { row, cells: [[venting], [values[0]], [values[1]], [values[2]]] });
    expect(item.cells[0].map((w) => w.text)).to.deep.equal(['A.2.3', '50', 'gal', 'venting']);
  });
});
