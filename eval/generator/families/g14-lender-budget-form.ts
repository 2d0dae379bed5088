import { formatDate, type DateStyle } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, Sheet, type FontFamily, type Fonts, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type RecapLine, type Section, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { GROUPS, TRADE_LABELS, type FormGroup, type FormRow } from './g14-lender-budget-form.groups.js';
import { geometry, Grid, LEFT, RIGHT, type Cells, type GridRow } from './g14-lender-budget-form.grid.js';
import { oneLine, printedFields, withTotalLine, workItemOf } from './parts.js';

/**
 * g14: a lender's renovation budget form, filled in by the contractor. The lender's name and form
 * number, a centred title, underlined label/value fields, then one ruled grid with vertical rules
 * and boxed, centred column headers: Line | Trade | Description of Work | Labor | Materials | Total,
 * each amount with its "$" in a narrow column of its own. Four pre-printed groups (the sections) in
 * centred bands, each listing its pre-printed trades as numbered rows, empty where there is no
 * work, with a bold subtotal below a rule; total direct cost, overhead and profit and the contract
 * price close the grid. A "for lender use" box (contingency, payment reserves, total budget) and a
 * signature block follow.
 */

/** A document's choices, from its seed, shared by the renderer and the answer's section names. */
export interface Style {
  font: FontFamily;
  size: number;
  band: (name: string, index: number) => string;
  laborFirst: boolean;
  /** "$" on every row, or on each group's first row and the totals only (accounting style). */
  dollarEveryRow: boolean;
  /** A rule between "$" and its amount. */
  dollarRule: boolean;
  emptyDash: boolean;
  continuation: 'blank' | 'letter';
  title: string;
  dateStyle: DateStyle;
}

function styleOf(document: SorDocument): Style {
  const random = new Random(document.seed).child('g14-style');
  const bands = [
    (name: string, index: number) => `${String.fromCharCode(65 + index)}. ${name.toUpperCase()}`,
    (name: string, index: number) => `SECTION ${index + 1} – ${name.toUpperCase()}`,
    (name: string) => name,
    (name: string, index: number) => `Part ${['I', 'II', 'III', 'IV'][index]}: ${name}`,
  ];
  return {
    font: random.pick<FontFamily>(['Helvetica', 'Times']),
    size: random.pick([7.5, 8]),
    band: random.pick(bands),
    laborFirst: random.chance(0.5),
    dollarEveryRow: random.chance(0.5),
    dollarRule: random.chance(0.5),
    emptyDash: random.chance(0.5),
    continuation: random.pick(['blank', 'letter'] as const),
    title: random.pick(['RENOVATION BUDGET', "CONTRACTOR'S COST BREAKDOWN", 'REHABILITATION COST ESTIMATE']),
    dateStyle: random.pick<DateStyle>(['us', 'long', 'short']),
  };
}

/** Each group's items in form order: by pre-printed trade row, then as the document lists them. */
function groupItems(document: SorDocument): Array<{ group: FormGroup; trades: Array<{ row: FormRow; items: LineItem[] }> }> {
  const items = document.sections.flatMap((section) => section.items);
  return GROUPS.map((group) => ({ group, trades: group.rows.map((row) => ({ row, items: row.trade ? items.filter((item) => workItemOf(item).trade === row.trade) : [] })) }));
}

function printedSections(document: SorDocument): Section[] {
  const style = styleOf(document);
  return groupItems(document).map(({ group, trades }, index) => ({ heading: style.band(group.name, index), items: trades.flatMap((trade) => trade.items) }));
}

function amountCells(labor: number, material: number, total: number): Pick<Cells, 'labor' | 'material' | 'total'> {
  return { labor, material, total };
}

function gridRows(document: SorDocument, style: Style): GridRow[] {
  const { recap } = document;
  const rows: GridRow[] = [];
  let line = 0;
  groupItems(document).forEach(({ group, trades }, index) => {
    const name = style.band(group.name, index);
    rows.push({ kind: 'band', text: name });
    let first = true;
    for (const { row, items } of trades) {
      line += 1;
      if (items.length === 0) {
        rows.push({ kind: 'cells', cells: { line: String(line), trade: row.label, labor: 'empty', material: 'empty', total: 'empty' } });
        continue;
      }
      items.forEach((item, itemIndex) => {
        const label = itemIndex === 0 ? String(line) : style.continuation === 'letter' ? `${line}${String.fromCharCode(96 + itemIndex)}` : '';
        rows.push({
          kind: 'cells',
          cells: {
            line: label,
            trade: itemIndex === 0 ? row.label : undefined,
            description: item.description,
            ...amountCells(item.labor, item.material, item.total),
            dollar: style.dollarEveryRow || first,
          },
        });
        first = false;
      });
    }
    const section = trades.flatMap((trade) => trade.items);
    const sum = (field: 'labor' | 'material' | 'total') => section.reduce((total, item) => total + item[field], 0);
    rows.push({
      kind: 'cells',
      bold: true,
      spanLabel: true,
      ruleAbove: 1,
      closesBand: true,
      cells: { description: `Subtotal – ${group.name}`, ...(section.length > 0 ? amountCells(sum('labor'), sum('material'), sum('total')) : { labor: 'empty', material: 'empty', total: 'empty' }), dollar: true },
    });
  });
  const all = (field: 'labor' | 'material') => document.sections.reduce((total, section) => total + sectionTotal(section, field), 0);
  rows.push(
    { kind: 'cells', foot: true, bold: true, spanLabel: true, ruleAbove: 1.4, cells: { description: 'TOTAL DIRECT CONSTRUCTION COST', ...amountCells(all('labor'), all('material'), recap.subtotal), dollar: true } },
    { kind: 'cells', foot: true, spanLabel: true, cells: { description: `Contractor Overhead & Profit (${percentText(recap.overhead!.rate)} of direct cost)`, total: recap.overhead!.amount, dollar: true } },
    { kind: 'cells', foot: true, bold: true, spanLabel: true, double: true, cells: { description: 'TOTAL CONTRACT PRICE', total: recap.grandTotal, dollar: true } },
  );
  return rows;
}

function formHeader(sheet: Sheet, document: SorDocument, style: Style, fonts: Fonts, random: Random): void {
  const { parties } = document;
  const contractor = parties.contractor!;
  const small: TextStyle = { font: fonts.regular, size: 7 };
  sheet.text(parties.lender, LEFT, 44, { font: fonts.bold, size: 12 });
  sheet.text('Renovation Lending Department', LEFT, 54, { font: fonts.italic, size: 8 });
  sheet.text(`Form RB-${random.int(2, 9)} (rev. ${String(random.int(1, 12)).padStart(2, '0')}/${random.int(2022, 2025)})`, RIGHT, 44, small, 'right');
  sheet.text(`Loan No. ${parties.loanNumber}`, RIGHT, 54, { font: fonts.bold, size: 8 }, 'right');
  sheet.text(style.title, (LEFT + RIGHT) / 2, 72, { font: fonts.bold, size: 14 }, 'center');
  sheet.text('FHA 203(k) Rehabilitation Mortgage  –  to be completed by the contractor and attached to the construction contract', (LEFT + RIGHT) / 2, 82, { font: fonts.italic, size: 7.5 }, 'center');
  const label: TextStyle = { font: fonts.bold, size: 8 };
  const value: TextStyle = { font: fonts.regular, size: 8.5 };
  const field = (x: number, to: number, y: number, name: string, text: string) => {
    sheet.text(name, x, y, label);
    const start = x + sheet.textWidth(name, label) + 5;
    sheet.text(text, start + 2, y - 0.5, value);
    sheet.rule(start, to, y + 2, 0.4);
  };
  const middle = 372;
  field(LEFT, middle - 12, 98, 'Borrower(s):', parties.borrower);
  field(middle, RIGHT, 98, 'FHA Case No.:', parties.fhaCaseNumber);
  field(LEFT, RIGHT, 110.5, 'Property Address:', oneLine(parties.property));
  field(LEFT, middle - 12, 123, 'Contractor:', contractor.name);
  field(middle, RIGHT, 123, 'License No.:', contractor.license);
  field(LEFT, middle - 12, 135.5, 'Contractor Phone:', contractor.phone);
  field(middle, RIGHT, 135.5, 'Date Prepared:', formatDate(parties.reportDate, style.dateStyle));
  field(LEFT, middle - 12, 148, '203(k) Consultant (if any):', parties.consultant);
  field(middle, RIGHT, 148, 'Contractor E-mail:', contractor.email);
  sheet.y = 158;
}

function lenderBox(sheet: Sheet, document: SorDocument, fonts: Fonts, size: number): void {
  const lines = document.recap.after;
  const height = 14 + lines.length * (size + 4);
  const from = 360;
  sheet.box(from, sheet.y, RIGHT - from, height, { stroke: 0, thickness: 0.8 });
  sheet.box(from, sheet.y, RIGHT - from, 11, { fill: 0.25 });
  sheet.text('FOR LENDER USE ONLY', (from + RIGHT) / 2, sheet.y + 8, { font: fonts.bold, size: 7, gray: 1 }, 'center');
  let y = sheet.y + 13 + size;
  lines.forEach((line, index) => {
    const style: TextStyle = { font: index === lines.length - 1 ? fonts.bold : fonts.regular, size };
    sheet.text(line.label, from + 4, y, style);
    sheet.text('$', RIGHT - 70, y, style);
    sheet.text(money(line.amount), RIGHT - 4, y, style, 'right');
    y += size + 4;
  });
}

function signatures(sheet: Sheet, document: SorDocument, fonts: Fonts, size: number, top: number): void {
  const small: TextStyle = { font: fonts.regular, size: size - 0.5 };
  sheet.y = top;
  sheet.paragraph(
    'The contractor certifies that this breakdown covers all labor and materials needed to complete the work in the construction contract, and that no other charges will be made. The borrower(s) have reviewed and accept this budget.',
    LEFT,
    318,
    small,
    size + 2,
  );
  const who = ['Contractor', 'Borrower', 'Co-Borrower'];
  for (const name of who) {
    sheet.y += 16;
    sheet.rule(LEFT, LEFT + 200, sheet.y, 0.5);
    sheet.rule(LEFT + 220, LEFT + 310, sheet.y, 0.5);
    sheet.text(name === 'Contractor' ? `Contractor: ${document.parties.contractor!.name}` : `${name} signature`, LEFT, sheet.y + 8, small);
    sheet.text('Date', LEFT + 220, sheet.y + 8, small);
  }
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('render');
  const style = styleOf(document);
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 36, bottom: 48, left: LEFT, right: 612 - RIGHT }, title: style.title, producer: 'Microsoft Excel', date: parties.reportDate });
  const fonts = await sheet.fonts(style.font);
  const small: TextStyle = { font: fonts.regular, size: 6.5, gray: 0.25 };
  sheet.onPageStart = (current) => {
    if (current.pages.length > 1) current.text(`${style.title} (continued)  –  ${parties.borrower}  –  Loan No. ${parties.loanNumber}`, LEFT, 28, small);
  };
  sheet.addPage();
  formHeader(sheet, document, style, fonts, random);
  new Grid(sheet, style, fonts, geometry(style)).write(gridRows(document, style));

  const boxHeight = 14 + document.recap.after.length * (style.size + 4);
  sheet.ensure(Math.max(boxHeight, 98) + 10);
  sheet.y += 10;
  const top = sheet.y;
  lenderBox(sheet, document, fonts, style.size);
  signatures(sheet, document, fonts, style.size, top);

  sheet.decorate((index, count) => {
    sheet.text(`${parties.lender}  |  ${style.title}`, LEFT, 770, small);
    sheet.text(`Borrower initials ______   Page ${index + 1} of ${count}`, RIGHT, 770, small, 'right');
  });
  return sheet.save();
}

function lenderLines(random: Random, grandTotal: number): RecapLine[] {
  const rate = random.pick([10, 10, 15, 20]);
  const lines: RecapLine[] = [{ label: `Contingency Reserve (${rate}%)`, amount: Math.round((grandTotal * rate) / 100) }];
  if (random.chance(0.5)) {
    const months = random.int(2, 6);
    const payment = random.int(1100, 2600) * 100;
    lines.push({ label: `Mortgage Payment Reserve (${months} mo.)`, amount: months * payment });
  }
  if (random.chance(0.4)) lines.push({ label: 'Draw Inspection Fees', amount: random.int(3, 6) * random.pick([15000, 17500, 20000]) });
  return withTotalLine(lines, 'TOTAL RENOVATION BUDGET', grandTotal);
}

export const g14: SorFamily = {
  id: 'g14',
  name: 'lender renovation budget form',
  heldOut: false,
  items: [8, 35],
  dateStyle: 'us',
  printed: printedFields({ quantity: false, unit: false, inspectionDate: false }),
  spec: (_random, itemCount) => ({
    itemCount,
    grouping: 'trade',
    contractorSelected: true,
    heading: ({ trade }) => TRADE_LABELS.get(trade!.id)!,
    verbosity: 0.3,
    recap: { generalConditions: null, overheadAndProfit: [8, 10, 12, 15], after: lenderLines },
  }),
  render,
  printedSections,
};
