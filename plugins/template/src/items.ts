import type { FieldDetail, FieldSpec, Word } from '@docsift/core';
import {
  readAmountCell,
  readQuantityCell,
  textOf,
  wordsBox,
  type ColumnRole,
  type DocumentLayout,
  type Table,
} from '@docsift/core/layout';
import { columnRoleOf } from './concepts.js';
import { itemRows, roleOf, type ItemRow } from './item-rows.js';
import { PARSERS, type PrintConventions } from './parse.js';

/**
 * A list field with sub-fields read as a table: each sub-field is given the column role its name
 * and description ask for (`unitPrice` → unit price), the table whose columns hold most of them is
 * read, one object per item row, wrapped descriptions joined.
 */

export interface ListReading {
  items: Array<Record<string, unknown>>;
  details: Record<string, FieldDetail>;
}

/** Where a role is printed under another name: a line's amount may only be printed with tax. */
const FALLBACK_ROLES: Partial<Record<ColumnRole, ColumnRole[]>> = { amount: ['grossAmount'], unitPrice: [] };

function cellOf({ entry, cells }: ItemRow, role: ColumnRole): Word[] {
  if (cells[role]) return cells[role];
  // A receipt's detail line says how much was sold (a weight, not the count column's 1) and at what price.
  if (role === 'quantity' && entry.detail?.quantity.length) return entry.detail.quantity;
  if (role === 'unitPrice' && entry.detail?.unitPrice.length) return entry.detail.unitPrice.slice(0, 1);
  for (const wanted of [role, ...(FALLBACK_ROLES[role] ?? [])]) {
    const index = entry.columns.findIndex((column) => roleOf(column) === wanted);
    if (index >= 0 && entry.cells[index].length > 0) return entry.cells[index];
  }
  return [];
}

function coverage(table: Table, roles: ColumnRole[]): number {
  const present = new Set(table.header.columns.map(roleOf));
  return roles.filter((role) => present.has(role) || (FALLBACK_ROLES[role] ?? []).some((other) => present.has(other))).length;
}

/** The table that prints most of the wanted columns; the first of equals (a duplicate copy of an invoice repeats its table). */
function bestTable(tables: Table[], roles: ColumnRole[]): Table | null {
  let best: Table | null = null;
  for (const table of tables) {
    if (!table.entries.some((entry) => entry.kind === 'item')) continue;
    if (!best || coverage(table, roles) > coverage(best, roles)) best = table;
  }
  return best;
}

function detail(words: Word[], page: number, quality: number): FieldDetail {
  const confidence = words.length === 0 ? quality : (quality * words.reduce((sum, word) => sum + word.confidence, 0)) / words.length;
  return { confidence: Math.round(confidence * 1000) / 1000, page, bbox: wordsBox(words), source: words.some((word) => word.source === 'ocr') ? 'ocr' : 'text' };
}

function readCell(field: FieldSpec, role: ColumnRole | null, words: Word[], conventions: PrintConventions): { value: unknown; quality: number } | null {
  if (words.length === 0) return null;
  if (role === 'quantity' && (field.type === 'number' || field.type === 'integer')) {
    const quantity = readQuantityCell(words, conventions.format);
    return quantity ? { value: quantity.value, quality: quantity.quality } : null;
  }
  if (field.type === 'currency' || field.type === 'number') {
    const amount = readAmountCell(words, conventions.format);
    return amount ? { value: Math.round(amount.value * 10_000) / 10_000, quality: amount.quality } : null;
  }
  return PARSERS[field.type](textOf(words), conventions);
}

/** Reads a list field with sub-fields from the document's tables; null when no table holds its columns. */
export function readListField(field: FieldSpec, reading: DocumentLayout): ListReading | null {
  const subFields = field.fields ?? [];
  const roles = subFields.map(columnRoleOf);
  const table = bestTable(reading.tables, roles.filter((role): role is ColumnRole => role !== null));
  if (!table) return null;
  const items: ListReading['items'] = [];
  const details: ListReading['details'] = {};
  for (const row of itemRows(table, reading)) {
    const item: Record<string, unknown> = {};
    const path = `${field.name}[${items.length}]`;
    subFields.forEach((subField, index) => {
      const role = roles[index];
      const words = role ? cellOf(row, role) : [];
      const read = readCell(subField, role, words, reading.conventions);
      item[subField.name] = read?.value ?? null;
      if (read) details[`${path}.${subField.name}`] = detail(words, row.entry.page, read.quality);
    });
    items.push(item);
  }
  return { items, details };
}
