import { expect } from 'chai';
import { isCurrencyCode, namesASection, parseQuantity } from '../../../core/src/layout/index.js';
import { cellOf, COMMA, fixed, page, rowsOf, tablesOf } from './helpers.js';

/**
 * Amounts grouped in thousands by a space ("1 234,50"), each group a word of its own on the page:
 * joined again where the document groups its digits that way, decided once for the whole document.
 */

const row = fixed(6, 40, -10, -6, -12, -12);

const EUROPEAN = page(
  row('Pos.', 'Description', 'Qty', 'Unit', 'Material', 'Amount'),
  row('1.1', 'Prime and paint walls and ceilings', '1 590,00', 'SF', '636,00', '2 273,70'),
  row('1.2', 'Carpet and 6 lb pad, mid-grade', '33,00', 'SY', '1 089,00', '1 362,57'),
  row('1.3', 'Ceramic floor tile', '147,00', 'SF', '1 017,24', '2 450,49'),
);

describe('core layout: amounts grouped by spaces', () => {
  it('joins the groups of one number into one word where the document groups thousands with spaces', () => {
    const rows = rowsOf(EUROPEAN);
    expect(rows[1].words.map((word) => word.text)).to.deep.equal(['1.1', 'Prime', 'and', 'paint', 'walls', 'and', 'ceilings', '1 590,00', 'SF', '636,00', '2 273,70']);
    expect(parseQuantity('1 590,00', COMMA)?.value).to.equal(1590);
  });

  it('reads a quantity grouped by a space in its column, not its first group in the description', () => {
    const { tables } = tablesOf(EUROPEAN, COMMA);
    const [first] = tables[0].entries.filter((entry) => entry.kind === 'item');
    expect(cellOf(first, 'description')).to.equal('Prime and paint walls and ceilings');
    expect(cellOf(first, 'quantity')).to.equal('1 590,00');
  });

  it('leaves a count and a price apart where the document groups thousands with commas, or prints one spaced amount only', () => {
    const american = rowsOf(page('Install vanity  2 450.00', 'Kitchen cabinets  1,250.00', 'Countertops  3,400.00', 'Sink base  2 125.00'));
    expect(american[0].words.map((word) => word.text)).to.deep.equal(['Install', 'vanity', '2', '450.00']);
    const once = rowsOf(page('Install vanity  2 450,00', 'Faucet  125,00'));
    expect(once[0].words.map((word) => word.text)).to.deep.equal(['Install', 'vanity', '2', '450,00']);
  });

  it('leaves a count and a price apart where another amount of the row is their product', () => {
    const rows = rowsOf(page('Faucet cartridge  2 125.00  250.00', 'Vanity light  1 340.00  340.00', 'Towel bar  3 45.00  135.00', 'Total  725.00'));
    expect(rows.slice(0, 2).map((row) => row.words.map((word) => word.text))).to.deep.equal([
      ['Faucet', 'cartridge', '2', '125.00', '250.00'],
      ['Vanity', 'light', '1', '340.00', '340.00'],
    ]);
    const european = rowsOf(page('Parquet  1 340,00  1,00  1 340,00', 'Skirting  2 050,00  100,00'));
    expect(european.map((row) => row.words.slice(1).map((word) => word.text))).to.deep.equal([
      ['1 340,00', '1,00', '1 340,00'],
      ['2 050,00', '100,00'],
    ]);
  });

  it('takes the first group of a spaced amount after "Total" for no section\'s number', () => {
    expect(namesASection('ESTIMATE TOTAL USD 18 524,53')).to.equal(false);
    expect(namesASection('Subtotal 3.0 Roofing 1 200,00')).to.equal(true);
  });

  it('knows a currency code printed alone, bracketed or not', () => {
    expect(['USD', '(EUR)', 'GBP:'].map(isCurrencyCode)).to.deep.equal([true, true, true]);
    expect(['Kitchen', 'US', 'TOTAL'].map(isCurrencyCode)).to.deep.equal([false, false, false]);
  });
});
