import type { Address } from '../content.js';
import type { Printed } from '../family.js';
import { money, quantityText, type Align, type Fonts, type Sheet, type TextStyle } from '../layout.js';
import type { GroupInfo, LineItem, Parties, RecapLine, Section } from '../model.js';
import type { Random } from '../random.js';
import type { Column, TableRow, TableSpec } from '../table.js';
import { WORK_ITEMS, type WorkItem } from '../work-items.js';

/** Pieces several families share: what they print, label/value blocks, recap lines and rows, flowing text, addresses. */

/** What a family prints: every field of the answer with extended material and labor, but for `differences`. */
export const printedFields = (differences: Partial<Printed> = {}): Printed => ({
  quantity: true,
  unit: true,
  materialLabor: 'extended',
  consultant: true,
  propertyAddress: true,
  borrowerName: true,
  lenderName: true,
  inspectionDate: true,
  contractor: { name: true, license: true, phone: true },
  subtotal: true,
  ...differences,
});

export type Pair = [label: string, value: string];

/** Label/value rows from the cursor; values start `labelWidth` right of the label. Moves the cursor. */
export function labelValues(sheet: Sheet, pairs: Pair[], x: number, labelWidth: number, label: TextStyle, value: TextStyle, leading: number): void {
  for (const [name, text] of pairs) {
    sheet.text(name, x, sheet.y + label.size, label);
    sheet.text(text, x + labelWidth, sheet.y + label.size, value);
    sheet.y += leading;
  }
}

/** Columns of label/value rows side by side, drawn column by column; row `index` of each stands on `baseline + index * leading`. */
export function labelValueColumns(sheet: Sheet, columns: Array<[x: number, labelWidth: number, pairs: Pair[]]>, baseline: number, leading: number, label: TextStyle, value: TextStyle): void {
  for (const [x, labelWidth, pairs] of columns) {
    pairs.forEach(([name, text], index) => {
      sheet.text(name, x, baseline + index * leading, label);
      sheet.text(text, x + labelWidth, baseline + index * leading, value);
    });
  }
}

/** Rows of label/value pairs side by side, drawn row by row; the nth pair of a row goes at the nth of `columns`. */
export function labelValueRows(sheet: Sheet, rows: Pair[][], columns: Array<[x: number, labelWidth: number]>, baseline: number, leading: number, label: TextStyle, value: TextStyle): void {
  rows.forEach((pairs, index) => {
    const y = baseline + index * leading;
    pairs.forEach(([name, text], column) => {
      const [x, labelWidth] = columns[column]!;
      sheet.text(name, x, y, label);
      sheet.text(text, x + labelWidth, y, value);
    });
  });
}

/** The contractor's name, license and phone under `labels`; `pending` stands for the name while none is selected. */
export const contractorPairs = (contractor: Parties['contractor'], [name, license, phone]: [string, string, string], pending: string): Pair[] => [
  [name, contractor ? contractor.name : pending],
  [license, contractor ? contractor.license : ''],
  [phone, contractor ? contractor.phone : ''],
];

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
  /** Where the rule above a row ends; the amounts' right edge unless given. */
  ruleTo?: number;
  leading: number;
  regular: TextStyle;
  bold: TextStyle;
}

export function recapRows(sheet: Sheet, rows: RecapRow[], layout: RecapLayout): void {
  for (const row of rows) {
    const style = row.bold ? layout.bold : layout.regular;
    if (row.rule) sheet.rule(layout.ruleFrom ?? layout.labelX, layout.ruleTo ?? layout.amountRight, sheet.y - 1, 0.6);
    const baseline = sheet.y + style.size + 1;
    sheet.text(row.label, layout.labelX, baseline, style, layout.labelAlign ?? 'left');
    if (row.rate && layout.rateX !== undefined) sheet.text(row.rate, layout.rateX, baseline, style, 'right');
    sheet.text(row.amount, layout.amountRight, baseline, style, 'right');
    sheet.y += layout.leading;
  }
}

/** Recap rows for the lines before or after the total, each amount written by `amount`. */
export const recapLineRows = (lines: RecapLine[], amount: (cents: number) => string): RecapRow[] => lines.map((line) => ({ label: line.label, amount: amount(line.amount) }));

/** `lines` and, after them, a line under `label` that adds them to `base`. */
export const withTotalLine = (lines: RecapLine[], label: string, base: number): RecapLine[] => [...lines, { label, amount: base + lines.reduce((sum, line) => sum + line.amount, 0) }];

/** One pick from each list, in the order given: the style choices of one document of a family. */
export function pickEach<T extends Record<string, readonly unknown[]>>(random: Random, choices: T): { [K in keyof T]: T[K][number] } {
  return Object.fromEntries(Object.entries(choices).map(([key, values]) => [key, random.pick(values)])) as { [K in keyof T]: T[K][number] };
}

/** A column as [key, header line or lines, width, align]; the width of the last one is what is left ('rest'). */
export type ColumnCell = [key: string, header: string | string[], width: number | 'rest', align: Align];

/** Columns side by side from `left`, each after the one before it, the last reaching `right`. */
export function columnsAcross(left: number, right: number, cells: ColumnCell[]): Column[] {
  let x = left;
  return cells.map(([key, header, width, align]) => {
    const column: Column = { key, header: typeof header === 'string' ? [header] : header, x, width: width === 'rest' ? right - x : width, align };
    x += column.width;
    return column;
  });
}

/** A line-item table wrapping the description column, its header in the bold style unless `layout` gives another. */
export const descriptionTable = (
  columns: Column[],
  body: TextStyle,
  bold: TextStyle,
  layout: Omit<TableSpec, 'columns' | 'wrapKey' | 'body' | 'bold' | 'header'> & { header?: TextStyle },
): TableSpec => ({ columns, wrapKey: 'description', body, bold, header: bold, ...layout });

/** What a family's own drawers pass around: the sheet, its fonts, body and bold text and line height. */
export interface TextContext {
  sheet: Sheet;
  fonts: Fonts;
  body: TextStyle;
  bold: TextStyle;
  lineHeight: number;
}

/** A text context with the style the family chose. */
export interface DrawingContext<S> extends TextContext {
  style: S;
}

/** Wrapped lines of each text from the cursor, `width` wide, each moved to the next page when it does not fit; an empty text is an empty line. */
export function flowLines(context: TextContext, texts: string[], x: number, width: number, style: TextStyle = context.body): void {
  const { sheet, lineHeight } = context;
  for (const text of texts) {
    for (const line of text ? sheet.wrap(text, width, style) : ['']) {
      sheet.ensure(lineHeight);
      sheet.text(line, x, sheet.y + style.size, style);
      sheet.y += lineHeight;
    }
  }
}

/** A total row of a line-item table: the label in the description column, the amount with "$" in the total column. */
export const dollarTotalRow = (label: string, cents: number, rule = false): TableRow => ({ kind: 'total', label, labelKey: 'description', cells: { total: money(cents, { dollar: true }) }, rule });

/** The cells of a line with its description, quantity, unit and extended material, labor and total, as most tables print them. */
export const itemCells = (item: LineItem): Record<string, string> => ({
  description: item.description,
  quantity: quantityText(item.quantity),
  unit: item.unit,
  material: money(item.material),
  labor: money(item.labor),
  total: money(item.total),
});

/** Each section's heading row, its items numbered through the whole document ("1", "2" …) with `itemCells`, then the rows `after` gives it. */
export function numberedItemRows(sections: Section[], after: (section: Section) => TableRow[] = () => []): TableRow[] {
  let number = 0;
  return sections.flatMap((section): TableRow[] => [
    { kind: 'heading', text: section.heading },
    ...section.items.map((item): TableRow => {
      number += 1;
      return { kind: 'item', cells: { number: String(number), ...itemCells(item) } };
    }),
    ...after(section),
  ]);
}

/** The work item a line was made from: the longest whose text starts its description. */
export function workItemOf(item: LineItem): WorkItem {
  const matches = WORK_ITEMS.filter((work) => item.description.startsWith(work.text));
  return matches.reduce((best, work) => (work.text.length > best.text.length ? work : best));
}

/** A permit fee above the grand total with probability `chance`, in steps of $25 from $150 to `most` dollars; the label picked when there are several. */
export function permitFee(random: Random, chance: number, labels: string | string[], most: number): RecapLine[] {
  if (!random.chance(chance)) return [];
  const label = typeof labels === 'string' ? labels : random.pick(labels);
  return [{ label, amount: random.int(6, most / 25) * 2500 }];
}

/** The contingency reserve after the grand total, at one of `rates` percent of it. */
export function contingencyReserve(random: Random, grandTotal: number, rates: number[]): RecapLine {
  const rate = random.pick(rates);
  return { label: `Contingency reserve (${rate}%)`, amount: Math.round((grandTotal * rate) / 100) };
}

export const streetLine = (address: Address): string => [address.street, address.line2].filter(Boolean).join(', ');
export const cityLine = (address: Address): string => `${address.city}, ${address.state} ${address.zip}`;

/** The address on one line, as the answer key writes it. */
export const oneLine = (address: Address): string => `${streetLine(address)}, ${cityLine(address)}`;

/** The address on two rows: the street under `label`, the city on the row below with no label. */
export const addressPairs = (label: string, address: Address): Pair[] => [
  [label, streetLine(address)],
  ['', cityLine(address)],
];

/** A room's name as its section heading, in capitals where `upper`. */
export const roomHeading = (upper: boolean) => ({ room }: GroupInfo): string => (upper ? room!.name.toUpperCase() : room!.name);

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

const ONES = ['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowThousand(value: number): string {
  const hundreds = Math.floor(value / 100);
  const rest = value % 100;
  const tail = rest < 20 ? ONES[rest] : `${TENS[Math.floor(rest / 10)]}${rest % 10 ? `-${ONES[rest % 10]}` : ''}`;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', tail].filter(Boolean).join(' ');
}

/** "One Hundred Forty-One Thousand Five Hundred Sixty-One and 91/100 Dollars". */
export function amountInWords(cents: number): string {
  const dollars = Math.floor(cents / 100);
  const parts = [
    [Math.floor(dollars / 1_000_000), 'Million'],
    [Math.floor(dollars / 1000) % 1000, 'Thousand'],
    [dollars % 1000, ''],
  ] as const;
  const text = parts.filter(([value]) => value > 0).map(([value, scale]) => `${belowThousand(value)}${scale ? ` ${scale}` : ''}`).join(' ');
  return `${text || 'Zero'} and ${String(cents % 100).padStart(2, '0')}/100 Dollars`;
}
