import type { NumberFormat } from '../numbers.js';
import { readAmountCell, readPercentCell, readQuantityCell, readUnitCell } from './cells.js';
import { ANNOTATION_ROLES, COST_ROLES, isTextColumn, MONEY_ROLES, type ColumnRole, type Table, type TableColumn, type TableEntry } from './model.js';

/**
 * Roles decided by what the cells hold, where the header words leave it open or say it wrongly:
 * a tax column holds rates or amounts; where one column times another makes a third on most
 * lines, those are quantity × unit price = amount (an "Amount" header over quantities is a
 * quantity); material and labor add up to the line total (extended) or do so only times the
 * quantity (rates per unit); a column that adds up the amounts line by line is a running total; a
 * rate that times the labor hours makes the labor is an hourly rate, no unit price.
 */

/** Share of the lines that must agree before the cells overrule the header. */
const AGREEMENT = 0.6;

const near = (value: number, expected: number): boolean => Math.abs(value - expected) <= Math.max(0.011, Math.abs(expected) * 0.005);

interface ColumnValues {
  column: TableColumn;
  /** Per item: the number in the cell, null when none. */
  numbers: Array<number | null>;
  percents: number;
  money: number;
  integers: number;
  symbols: number;
}

function valuesOf(column: TableColumn, index: number, items: TableEntry[], format: NumberFormat): ColumnValues {
  const result: ColumnValues = { column, numbers: [], percents: 0, money: 0, integers: 0, symbols: 0 };
  for (const item of items) {
    const words = item.cells[index] ?? [];
    const percent = readPercentCell(words, format);
    const amount = readAmountCell(words, format);
    const quantity = readQuantityCell(words, format);
    if (percent) result.percents += 1;
    else if (amount) result.money += 1;
    const value = percent ? null : (amount?.value ?? quantity?.value ?? null);
    result.numbers.push(value);
    if (value !== null && Number.isInteger(value)) result.integers += 1;
    if (words.some((word) => /[$€£¥]/.test(word.text))) result.symbols += 1;
  }
  return result;
}

function settleTax(values: ColumnValues, items: number): void {
  const { column } = values;
  const taxLike = column.role === 'taxRate' || column.role === 'taxAmount' || column.alternatives.some((role) => role === 'taxRate' || role === 'taxAmount');
  if (!taxLike || items === 0) return;
  const role: ColumnRole | null = values.percents >= items * 0.5 ? 'taxRate' : values.money >= items * 0.5 ? 'taxAmount' : null;
  if (role) setRole(column, role);
}

/** The (factor, factor, product) columns whose product holds on most lines with no factor 1. */
function productColumns(numeric: ColumnValues[], items: number): [ColumnValues, ColumnValues, ColumnValues] | null {
  let best: { triple: [ColumnValues, ColumnValues, ColumnValues]; count: number } | null = null;
  for (let a = 0; a < numeric.length; a += 1) {
    for (let b = a + 1; b < numeric.length; b += 1) {
      for (const product of numeric) {
        if (product === numeric[a] || product === numeric[b]) continue;
        let count = 0;
        let telling = 0;
        let seen = 0;
        for (let item = 0; item < items; item += 1) {
          const [x, y, z] = [numeric[a].numbers[item], numeric[b].numbers[item], product.numbers[item]];
          if (x === null || y === null || z === null) continue;
          seen += 1;
          if (z !== 0 && near(x * y, z)) {
            count += 1;
            if (x !== 1 && y !== 1) telling += 1;
          }
        }
        if (telling >= 1 && seen > 0 && count >= seen * AGREEMENT && count >= 2 && (!best || count > best.count)) {
          best = { triple: [numeric[a], numeric[b], product], count };
        }
      }
    }
  }
  return best?.triple ?? null;
}

/** Whether enough lines agree to overrule a header: two at least, and most of those that could tell. */
const mostAgree = (agree: number, seen: number): boolean => agree >= 2 && agree >= seen * AGREEMENT;

/** A column no line's value is read from, its role kept first among the alternatives. */
function keepAside(column: TableColumn): void {
  if (column.role === null) return;
  column.alternatives = [column.role, ...column.alternatives.filter((role) => role !== column.role)];
  column.role = null;
}

function setRole(column: TableColumn, role: ColumnRole): void {
  if (column.role === role) return;
  column.alternatives = [column.role, ...column.alternatives].filter((other): other is ColumnRole => other !== null && other !== role);
  column.role = role;
}

function settleProduct(numeric: ColumnValues[], items: number): void {
  const triple = productColumns(numeric, items);
  if (!triple) return;
  const [first, second, product] = triple;
  // Quantity × a part's rate = the part's extension ("Material": "Unit Cost" | "Extended"): no unit price of the line.
  if (COST_ROLES.has(product.column.role!)) return;
  if (product.column.role !== 'grossAmount') setRole(product.column, 'amount');
  if (COST_ROLES.has(first.column.role!) || COST_ROLES.has(second.column.role!)) return;
  // A header that names one factor keeps it; the cells decide only between factors no header names.
  const quantityFirst =
    first.column.role === 'quantity' ||
    second.column.role === 'unitPrice' ||
    (second.column.role !== 'quantity' && first.column.role !== 'unitPrice' && first.symbols - first.integers < second.symbols - second.integers);
  setRole(quantityFirst ? first.column : second.column, 'quantity');
  setRole(quantityFirst ? second.column : first.column, 'unitPrice');
}

/**
 * A rate column that times the labor-hours column makes the labor column on most lines ("Labor Hours |
 * Hourly Rate | Labor | Materials | Line Total") prices one hour of labor: no unit price of the line
 * (the hours are no quantity), kept aside.
 */
function settleHourlyRate(values: ColumnValues[], items: number): void {
  const hours = values.find((entry) => entry.column.role === 'laborHours');
  const labor = values.find((entry) => entry.column.role === 'labor');
  const rate = values.find((entry) => entry.column.role === 'unitPrice');
  if (!hours || !labor || !rate) return;
  let seen = 0;
  let agree = 0;
  for (let item = 0; item < items; item += 1) {
    const [count, price, amount] = [hours.numbers[item], rate.numbers[item], labor.numbers[item]];
    if (count === null || price === null || amount === null || count === 0) continue;
    seen += 1;
    if (near(count * price, amount)) agree += 1;
  }
  if (mostAgree(agree, seen)) keepAside(rate.column);
}

/**
 * With no amount column, a price column that holds the sum of the material, labor and equipment
 * beside it on most lines ("Materials | Labor | Price") is the line's amount, not a unit price.
 */
function settleSumOfParts(numeric: ColumnValues[], items: number): void {
  if (numeric.some((values) => values.column.role === 'amount')) return;
  const costs = numeric.filter((values) => COST_ROLES.has(values.column.role!));
  const price = numeric.find((values) => values.column.role === 'unitPrice' && values.column.alternatives.includes('amount'));
  if (costs.length < 2 || !price || costs.some((values) => values.column.basis === 'unit')) return;
  let sums = 0;
  let seen = 0;
  for (let item = 0; item < items; item += 1) {
    const line = price.numbers[item];
    if (line === null || line === 0) continue;
    seen += 1;
    if (near(costs.reduce((sum, values) => sum + (values.numbers[item] ?? 0), 0), line)) sums += 1;
  }
  if (seen > 0 && sums >= seen * AGREEMENT) setRole(price.column, 'amount');
}

/**
 * A money column whose value on each line is its value on the line above plus the line's amount
 * ("CUM TOTAL", "RUNNING TOTAL" beside "EXTENSION") is a running total: no amount of the line, kept aside.
 */
function settleRunningTotal(numeric: ColumnValues[], items: number): ColumnValues[] {
  const totals: ColumnValues[] = [];
  const amounts = numeric.filter((values) => values.column.role === 'amount' || values.column.role === 'grossAmount');
  for (const running of numeric) {
    if (running.column.role === null || !MONEY_ROLES.has(running.column.role)) continue;
    const sums = (amount: ColumnValues): boolean => {
      let seen = 0;
      let agree = 0;
      for (let item = 1; item < items; item += 1) {
        const [before, now, added] = [running.numbers[item - 1], running.numbers[item], amount.numbers[item]];
        if (before === null || now === null || added === null || added === 0) continue;
        seen += 1;
        if (near(before + added, now)) agree += 1;
      }
      return mostAgree(agree, seen);
    };
    if (amounts.some((amount) => amount !== running && !totals.includes(amount) && sums(amount))) {
      keepAside(running.column);
      totals.push(running);
    }
  }
  return totals;
}

/** Material, labor and equipment columns printed per unit (only times the quantity do they make the total) or extended. */
function settleCostBasis(numeric: ColumnValues[], items: number): void {
  const costs = numeric.filter((values) => COST_ROLES.has(values.column.role!) && values.column.basis === null);
  const quantity = numeric.find((values) => values.column.role === 'quantity');
  const total = numeric.find((values) => values.column.role === 'amount');
  if (costs.length === 0 || !total) return;
  const others = numeric.filter((values) => values.column.role === 'taxAmount');
  let extended = 0;
  let perUnit = 0;
  for (let item = 0; item < items; item += 1) {
    const parts = costs.map((values) => values.numbers[item] ?? 0);
    const sum = parts.reduce((acc, part) => acc + part, 0);
    const extra = others.reduce((acc, values) => acc + (values.numbers[item] ?? 0), 0);
    const line = total.numbers[item];
    const count = quantity?.numbers[item];
    if (line === null || line === 0) continue;
    if (near(sum + extra, line)) extended += 1;
    else if (count !== null && count !== undefined && near(sum * count + extra, line)) perUnit += 1;
  }
  const basis = perUnit > extended && perUnit >= items * AGREEMENT * 0.5 ? 'unit' : extended > 0 ? 'extended' : null;
  for (const values of costs) values.column.basis = basis;
}

/** Cells that must write a quantity with its unit before a unit column is read as the quantity column. */
const MIN_MEASURES = 2;

/**
 * With no quantity column, a unit column whose cells write the quantity with its unit on most lines
 * that print one ("Measure": "12.5 squares", "140 lin. ft."; OCR may lose a cell) is the quantity
 * column, its unit the cell's letters.
 */
function settleMeasure(columns: TableColumn[], items: TableEntry[], format: NumberFormat): void {
  if (columns.some((column) => column.role === 'quantity')) return;
  const measures = columns.filter((column, index) => {
    if (column.role !== 'unit') return false;
    const printed = items.map((item) => item.cells[index] ?? []).filter((words) => words.length > 0);
    const written = printed.filter((words) => {
      const quantity = readQuantityCell(words, format);
      return quantity !== null && readUnitCell(words.filter((word) => !quantity.words.includes(word))) !== null;
    });
    return written.length >= MIN_MEASURES && written.length >= printed.length * AGREEMENT;
  });
  if (measures.length === 1) setRole(measures[0], 'quantity');
}

/** A header's columns as printed: a header repeated on each page reads the same. */
const signature = (columns: TableColumn[]): string => columns.map((column) => `${column.label}|${column.role}`).join('||');

/**
 * Settles the roles of each header's columns from the items read under it; a header repeated on
 * later pages is settled once, from the items under all its copies (a page of two lines says little).
 */
export function settleRolesByCells(table: Table, format: NumberFormat): void {
  const groups = new Map<string, { copies: Set<TableColumn[]>; items: TableEntry[] }>();
  for (const entry of table.entries) {
    if (entry.kind !== 'item') continue;
    const key = signature(entry.columns);
    const group = groups.get(key) ?? { copies: new Set<TableColumn[]>(), items: [] };
    group.copies.add(entry.columns);
    group.items.push(entry);
    groups.set(key, group);
  }
  for (const { copies, items } of groups.values()) {
    const [columns, ...others] = [...copies];
    settleMeasure(columns, items, format);
    const values = columns.map((column, index) => valuesOf(column, index, items, format));
    for (const entry of values) settleTax(entry, items.length);
    settleHourlyRate(values, items.length);
    const numeric = values.filter((entry) => !isTextColumn(entry.column) && !ANNOTATION_ROLES.has(entry.column.role!) && entry.column.role !== 'unit' && entry.column.role !== 'taxRate' && entry.column.role !== 'date');
    const totals = settleRunningTotal(numeric, items.length);
    const lineValues = numeric.filter((entry) => !totals.includes(entry));
    settleProduct(lineValues, items.length);
    settleSumOfParts(lineValues, items.length);
    settleCostBasis(lineValues, items.length);
    for (const copy of others) copy.forEach((column, index) => Object.assign(column, { role: columns[index].role, alternatives: columns[index].alternatives, basis: columns[index].basis }));
  }
}
