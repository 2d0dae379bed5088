import { expect } from 'chai';
import type { Table } from '../../../core/src/layout/index.js';
import { cellOf, fixed, page, rolesOf, tablesOf } from './helpers.js';

/**
 * Reports printed by line printers: one case and one line pitch throughout (here double-spaced), a
 * description cut at its column's width and set in on the lines under it, a running total beside
 * each line's amount.
 */

const row = fixed(5, 38, -8, 3, -14, -14, -14, -15);
const HEADER = row('LINE', 'DESCRIPTION', 'QTY', ' UM', 'MATL COST', 'LABOR COST', 'EXTENSION', 'CUM TOTAL');
const under = (text: string): string => `       ${text}`;
/** Lines with a blank line between each two, as a double-spaced report prints them. */
const spaced = (...lines: string[]): string => page(...lines.flatMap((line) => [line, '']));
const entries = (table: Table): string[] => table.entries.map((entry) => `${entry.kind}: ${entry.kind === 'heading' ? entry.label.map((word) => word.text).join(' ') : cellOf(entry, 'description')}`);

describe('core layout: line-printer reports', () => {
  it('joins the lines set in under an item whose description ran to its column’s width, however short and in capitals, and heads the items by the titles at the left', () => {
    const { tables } = tablesOf(
      spaced(
        HEADER,
        'AREA 01 BASEMENT',
        row('0010', 'REPLACE DUCTWORK, SHEET METAL TRUNK', '179.00', ' LF', '1634.27', '1920.67', '3554.94', '3554.94'),
        under('AND FLEX BRANCH RUNS; TO MATCH'),
        under('EXISTING PROFILE'),
        row('0020', 'SISTER ROTTED FLOOR JOISTS WITH 2X10', '9.00', ' EA', '414.00', '1071.00', '1485.00', '5039.94'),
        under('PRESSURE-TREATED LUMBER'),
        row('0030', 'EPOXY INJECTION OF WALL CRACKS', '23.00', ' LF', '293.25', '920.00', '1213.25', '6253.19'),
        'AREA 02 HALL BATH',
        row('0040', 'CREDIT: REUSE EXISTING INTERIOR DOORS', '1.00', ' LS', '685.00-', '0.00', '685.00-', '5568.19'),
        under('AND CASING'),
        row('0050', 'TOILET 1.28 GPF ELONGATED', '2.00', ' EA', '544.00', '266.00', '810.00', '6378.19'),
      ),
    );
    expect(entries(tables[0])).to.deep.equal([
      'heading: AREA 01 BASEMENT',
      'item: REPLACE DUCTWORK, SHEET METAL TRUNK AND FLEX BRANCH RUNS; TO MATCH EXISTING PROFILE',
      'item: SISTER ROTTED FLOOR JOISTS WITH 2X10 PRESSURE-TREATED LUMBER',
      'item: EPOXY INJECTION OF WALL CRACKS',
      'heading: AREA 02 HALL BATH',
      'item: CREDIT: REUSE EXISTING INTERIOR DOORS AND CASING',
      'item: TOILET 1.28 GPF ELONGATED',
    ]);
  });

  it('keeps a title set in under an item whose description had room for its first word as a heading', () => {
    const { tables } = tablesOf(
      spaced(
        HEADER,
        row('0010', 'REPLACE DUCTWORK, SHEET METAL TRUNK', '179.00', ' LF', '1634.27', '1920.67', '3554.94', '3554.94'),
        row('0020', 'EPOXY INJECTION', '23.00', ' LF', '293.25', '920.00', '1213.25', '4768.19'),
        under('HALL BATH'),
        row('0030', 'TOILET 1.28 GPF ELONGATED', '2.00', ' EA', '544.00', '266.00', '810.00', '5578.19'),
      ),
    );
    expect(entries(tables[0])).to.deep.equal(['item: REPLACE DUCTWORK, SHEET METAL TRUNK', 'item: EPOXY INJECTION', 'heading: HALL BATH', 'item: TOILET 1.28 GPF ELONGATED']);
  });

  it('keeps a column that adds up the line amounts one by one aside, and reads "MATL COST" by its cells (the parts add up to the extension)', () => {
    const { tables } = tablesOf(
      page(
        HEADER,
        row('0010', 'REPLACE DUCTWORK', '179.00', ' LF', '1634.27', '1920.67', '3554.94', '3554.94'),
        row('0020', 'SISTER ROTTED FLOOR JOISTS', '9.00', ' EA', '414.00', '1071.00', '1485.00', '5039.94'),
        row('0030', 'CREDIT: REUSE EXISTING DOORS', '1.00', ' LS', '685.00-', '0.00', '685.00-', '4354.94'),
        row('0040', 'EPOXY INJECTION OF WALL CRACKS', '23.00', ' LF', '293.25', '920.00', '1213.25', '5568.19'),
      ),
    );
    const { columns } = tables[0].header;
    expect(rolesOf(columns)).to.deep.equal(['itemNumber', 'description', 'quantity', 'unit', 'material', 'labor', 'amount', null]);
    expect(columns[7].alternatives).to.include('amount');
    expect(columns.filter((column) => column.role === 'material' || column.role === 'labor').map((column) => column.basis)).to.deep.equal(['extended', 'extended']);
  });

  it('keeps two amount columns that do not run on from line to line as printed', () => {
    const { tables } = tablesOf(
      page(
        row('LINE', 'DESCRIPTION', 'QTY', ' UM', 'MATERIAL', 'LABOR', 'TOTAL', 'AMOUNT'),
        row('0010', 'REPLACE DUCTWORK', '179.00', ' LF', '1634.27', '1920.67', '3554.94', '3554.94'),
        row('0020', 'SISTER ROTTED FLOOR JOISTS', '9.00', ' EA', '414.00', '1071.00', '1485.00', '1485.00'),
        row('0030', 'EPOXY INJECTION OF WALL CRACKS', '23.00', ' LF', '293.25', '920.00', '1213.25', '1213.25'),
      ),
    );
    expect(tables[0].header.columns.map((column) => column.role).slice(6)).to.not.include(null);
  });
});
