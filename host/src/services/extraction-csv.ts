import type { FieldSpec } from '@docsift/core';

/** Cells a spreadsheet would run as a formula (OWASP "CSV injection"): a text cell starting so gets a leading `'`. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: text neutralised against formulas, a list or object as JSON, then quoted per RFC 4180 when needed. */
export function csvCell(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else if (typeof value === 'string') text = FORMULA_START.test(value) ? `'${value}` : value;
  else text = JSON.stringify(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvRow = (cells: readonly unknown[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** The fixed columns before the template's fields. */
export const EXPORT_COLUMNS = ['extractionId', 'fileName', 'completedAt', 'templateVersion', 'confidence', 'correctedAt'] as const;

export function exportHeader(fields: readonly FieldSpec[]): string {
  return csvRow([...EXPORT_COLUMNS, ...fields.map((field) => field.name)]);
}
