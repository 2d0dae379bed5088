import { expect } from 'chai';
import { cellOf, fixed, page, tablesOf } from './helpers.js';

/** A two-line header: a part's group label centred over three of the columns under it, not over a pair. */

describe('core layout: a group label over three columns ("Labor" over "Hours | Rate | Amount")', () => {
  const line = fixed(30, -5, 6, -7, -8, -10, -13, -10, -11);
  const HEADER = line('Description', 'Qty', ' Unit', 'Hours', 'Rate', 'Amount', 'Unit Price', 'Amount', 'Total');
  // "Labor" centred over Hours, Rate and Amount; "Material" centred over Unit Price and Amount.
  const GROUPS = `${' '.repeat(52)}Labor${' '.repeat(19)}Material`;
  const rows = [
    line('Replace kitchen faucet', '2', ' EA', '3.0', '60.00', '180.00', '95.00', '190.00', '370.00'),
    line('Baseboard, paint grade', '120', ' LF', '8.0', '55.00', '440.00', '1.50', '180.00', '620.00'),
  ];

  it('reads the count under the labor group as its hours, the rate and the unit price as rates set aside, and each amount as its part', () => {
    const { tables } = tablesOf(page(GROUPS, HEADER, ...rows));
    expect(tables[0].header.rows).to.have.length(2);
    expect(tables[0].header.columns.map((column) => [column.role, column.alternatives, column.basis, column.label])).to.deep.equal([
      ['description', [], null, 'Description'],
      ['quantity', [], null, 'Qty'],
      ['unit', [], null, 'Unit'],
      ['laborHours', [], null, 'Labor Hours'],
      [null, ['labor'], 'unit', 'Labor Rate'],
      ['labor', [], 'extended', 'Labor Amount'],
      [null, ['material'], 'unit', 'Material Unit Price'],
      ['material', [], 'extended', 'Material Amount'],
      ['amount', [], null, 'Total'],
    ]);
  });

  it('reads each item\'s quantity, labor, material and total from their columns', () => {
    const { tables } = tablesOf(page(GROUPS, HEADER, ...rows));
    expect(tables[0].entries.map((entry) => ['quantity', 'laborHours', 'labor', 'material', 'amount'].map((role) => cellOf(entry, role)))).to.deep.equal([
      ['2', '3.0', '180.00', '190.00', '370.00'],
      ['120', '8.0', '440.00', '180.00', '620.00'],
    ]);
  });

  it('keeps a part label over one column whose neighbours are parts of their own that column\'s label ("Labor" over "Cost" beside "Material")', () => {
    const stacked = fixed(30, -5, 6, -10, -10, -10);
    const { tables } = tablesOf(
      page(
        stacked('', '', '', '', 'Labor', ''),
        stacked('Description', 'Qty', ' Unit', 'Material', 'Cost', 'Total'),
        stacked('Replace kitchen faucet', '2', ' EA', '190.00', '180.00', '370.00'),
      ),
    );
    expect(tables[0].header.columns.map((column) => [column.role, column.label])).to.deep.equal([
      ['description', 'Description'],
      ['quantity', 'Qty'],
      ['unit', 'Unit'],
      ['material', 'Material'],
      ['labor', 'Labor Cost'],
      ['amount', 'Total'],
    ]);
  });

  it('keeps part labels stacked on one column each ("Material" over one "Unit Price", "Labor" over the next) those columns\' own labels', () => {
    const stacked = fixed(30, -5, 6, -12, -12, -10);
    const { tables } = tablesOf(
      page(
        stacked('', '', '', 'Material', 'Labor', ''),
        stacked('Description', 'Qty', ' Unit', 'Unit Price', 'Unit Price', 'Total'),
        stacked('Replace kitchen faucet', '2', ' EA', '95.00', '90.00', '370.00'),
      ),
    );
    expect(tables[0].header.columns.map((column) => [column.role, column.label])).to.deep.equal([
      ['description', 'Description'],
      ['quantity', 'Qty'],
      ['unit', 'Unit'],
      ['material', 'Material Unit Price'],
      ['labor', 'Labor Unit Price'],
      ['amount', 'Total'],
    ]);
  });
});

describe('core layout: a part label stacked on the one column between two others ("Material" over "Cost")', () => {
  it('keeps "Material" over the "Cost" between "Unit" and "Total" that column\'s label, and "Total" the line\'s amount', () => {
    const line = fixed(30, -5, 6, -10, -10);
    const { tables } = tablesOf(
      page(
        line('', '', '', 'Material', ''),
        line('Description', 'Qty', ' Unit', 'Cost', 'Total'),
        line('Replace kitchen faucet', '2', ' EA', '190.00', '370.00'),
      ),
    );
    expect(tables[0].header.columns.map((column) => [column.role, column.label])).to.deep.equal([
      ['description', 'Description'],
      ['quantity', 'Qty'],
      ['unit', 'Unit'],
      ['material', 'Material Cost'],
      ['amount', 'Total'],
    ]);
  });

  it('keeps "Labor" over the "Hours" between "Rate" and "Amount" the hours\' label, and "Amount" the line\'s amount', () => {
    const line = fixed(30, -5, -8, -8, -10);
    const { tables } = tablesOf(
      page(
        line('', '', '', 'Labor', ''),
        line('Description', 'Qty', 'Rate', 'Hours', 'Amount'),
        line('Replace kitchen faucet', '2', '60.00', '3.0', '370.00'),
      ),
    );
    expect(tables[0].header.columns.map((column) => column.role)).to.deep.equal(['description', 'quantity', 'unitPrice', 'laborHours', 'amount']);
  });
});
