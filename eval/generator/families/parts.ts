import type { Address } from '../content.js';
import type { Align, Sheet, TextStyle } from '../layout.js';
import type { TableRow } from '../table.js';

/** Pieces several families draw in their own way: label/value blocks, recap lines, footers. */

export type Pair = [label: string, value: string];

/** Label/value rows from the cursor; values start `labelWidth` right of the label. Moves the cursor. */
export function labelValues(sheet: Sheet, pairs: Pair[], x: number, labelWidth: number, label: TextStyle, value: TextStyle, leading: number): void {
  for (const [name, text] of pairs) {
    sheet.text(name, x, sheet.y + label.size, label);
    sheet.text(text, x + labelWidth, sheet.y + label.size, value);
    sheet.y += leading;
  }
}

export interface RecapRow {
  label: string;
  amount: string;
  rate?: string;
  bold?: boolean;
  /** A rule above the row. */
  rule?: boolean;
}

export interface RecapLayout {
  labelX: number;
  labelAlign?: Align;
  amountRight: number;
  rateX?: number;
  ruleFrom?: number;
  leading: number;
  regular: TextStyle;
  bold: TextStyle;
}

export function recapRows(sheet: Sheet, rows: RecapRow[], layout: RecapLayout): void {
  for (const row of rows) {
    const style = row.bold ? layout.bold : layout.regular;
    if (row.rule) sheet.rule(layout.ruleFrom ?? layout.labelX, layout.amountRight, sheet.y - 1, 0.6);
    const baseline = sheet.y + style.size + 1;
    sheet.text(row.label, layout.labelX, baseline, style, layout.labelAlign ?? 'left');
    if (row.rate && layout.rateX !== undefined) sheet.text(row.rate, layout.rateX, baseline, style, 'right');
    sheet.text(row.amount, layout.amountRight, baseline, style, 'right');
    sheet.y += layout.leading;
  }
}

export const streetLine = (address: Address): string => [address.street, address.line2].filter(Boolean).join(', ');
export const cityLine = (address: Address): string => `${address.city}, ${address.state} ${address.zip}`;

/** The address on one line, as the answer key writes it. */
export const oneLine = (address: Address): string => `${streetLine(address)}, ${cityLine(address)}`;

/** Capitalises each word of an upper-case CSI title, keeping "&" and short words sensible. */
export function titleCase(text: string): string {
  return text
    .toLowerCase()
    .split(' ')
    .map((word, index) => (index > 0 && ['and', 'of', 'the'].includes(word) ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
}

/** Heading rows followed by their item rows, with optional total rows after each section. */
export function sectionRows<S extends { heading: string }>(
  sections: S[],
  items: (section: S, sectionIndex: number) => TableRow[],
  total?: (section: S, sectionIndex: number) => TableRow[],
): TableRow[] {
  return sections.flatMap((section, index) => [
    ...(section.heading ? [{ kind: 'heading' as const, text: section.heading }] : []),
    ...items(section, index),
    ...(total ? total(section, index) : []),
  ]);
}
