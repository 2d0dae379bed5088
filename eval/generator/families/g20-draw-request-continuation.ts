import { addDays, formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, Sheet, type Fonts, type TextStyle } from '../layout.js';
import type { RecapLine, SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type Column, type TableRow, type TableSpec } from '../table.js';
import { addressPairs, labelValueColumns, oneLine, printedFields, streetLine, type Pair } from './parts.js';
import { addProgress, completedOf, drawOf, type Draw, type Progress } from './g20-draw-request-continuation.progress.js';

/**
 * g20 (held out): a contractor's draw request on an AIA G703-style continuation sheet, portrait,
 * in 7 pt Helvetica. A title block (application number and dates at the right, the parties below),
 * then one grid whose four-line header carries the form's column letters: Item No. | Description of
 * Work | Scheduled Value | Work Completed (From Previous Application, This Period) | Materials
 * Presently Stored | Total Completed and Stored to Date | % (G ÷ C) | Balance to Finish | Retainage.
 * The statement of repair is the Scheduled Value column; the other six amounts are the progress of
 * this draw (draws after the first have work completed before). Trades as rows "3.00 PLUMBING",
 * items 3.01, 3.02…, sometimes a subtotal row per trade; the markups and permits are rows of the
 * grid under a direct-cost subtotal, then the grand total with every column summed. The contingency
 * reserve is printed under the grid, then an application summary (contract sum, retainage, payment
 * due) beside the contractor's certification and signature lines.
 */

interface Style {
  application: number;
  retainageRate: number;
  letters: boolean;
  grid: boolean;
  subtotals: boolean;
  scheduledHeader: string[];
  zero: string;
  title: string;
}

function chooseStyle(random: Random): Style {
  return {
    application: random.int(1, 5),
    retainageRate: random.pick([10, 10, 5]),
    letters: random.chance(0.75),
    grid: random.chance(0.6),
    subtotals: random.chance(0.5),
    scheduledHeader: random.pick([['Scheduled', 'Value'], ['Scheduled', 'Value'], ['Scheduled Value', '(Budget)']]),
    zero: random.pick(['0.00', '-', '']),
    title: random.pick(['CONTINUATION SHEET', 'DRAW REQUEST – SCHEDULE OF VALUES', 'APPLICATION FOR PAYMENT – CONTINUATION SHEET']),
  };
}

const LEFT = 24;
const RIGHT = 588;

interface ColumnPlan {
  key: Amount | 'line' | 'description' | 'percent';
  letter: string;
  header: string[];
  width: number;
}

type Amount = 'scheduled' | 'previous' | 'current' | 'stored' | 'completed' | 'balance' | 'retainage';

function columnPlans(style: Style): ColumnPlan[] {
  return [
    { key: 'line', letter: 'A', header: ['Item', 'No.'], width: 28 },
    { key: 'description', letter: 'B', header: ['Description of Work'], width: 164 },
    { key: 'scheduled', letter: 'C', header: style.scheduledHeader, width: 54 },
    { key: 'previous', letter: 'D', header: ['From Previous', 'Application'], width: 50 },
    { key: 'current', letter: 'E', header: ['This Period'], width: 48 },
    { key: 'stored', letter: 'F', header: ['Materials', 'Presently', 'Stored'], width: 46 },
    { key: 'completed', letter: 'G', header: ['Total Compl.', 'and Stored', 'to Date'], width: 54 },
    { key: 'percent', letter: '', header: ['%', '(G ÷ C)'], width: 28 },
    { key: 'balance', letter: 'H', header: ['Balance', 'to Finish', '(C - G)'], width: 52 },
    { key: 'retainage', letter: 'I', header: ['Retainage'], width: 40 },
  ];
}

/** The letter on the top line, the header text at the bottom, blank lines between. */
function columns(style: Style): Column[] {
  const plans = columnPlans(style);
  const textLines = Math.max(...plans.map((plan) => plan.header.length));
  let x = LEFT;
  return plans.map((plan) => {
    const padding = Array<string>(textLines - plan.header.length).fill('');
    const header = style.letters ? [plan.letter, ...padding, ...plan.header] : plan.header;
    const column: Column = { key: plan.key, header, x, width: plan.width, align: plan.key === 'description' || plan.key === 'line' ? 'left' : 'right' };
    x += plan.width;
    return column;
  });
}

class Amounts {
  constructor(
    private readonly style: Style,
    private readonly dollarSign = false,
  ) {}

  text(cents: number): string {
    return cents === 0 ? this.style.zero : money(cents, { dollar: this.dollarSign });
  }

  cells(row: Progress): Record<string, string> {
    const completed = completedOf(row);
    return {
      scheduled: money(row.scheduled, { dollar: this.dollarSign }),
      previous: this.text(row.previous),
      current: this.text(row.current),
      stored: this.text(row.stored),
      completed: this.text(completed),
      percent: `${row.scheduled === 0 ? 0 : Math.round((completed * 100) / row.scheduled)}%`,
      balance: this.text(row.scheduled - completed),
      retainage: this.text(row.retainage),
    };
  }
}

function tableRows(document: SorDocument, style: Style, draw: Draw, amounts: Amounts, totals: Amounts): TableRow[] {
  const rows: TableRow[] = [];
  document.sections.forEach((section, sectionIndex) => {
    const number = section.heading.split(' ')[0];
    rows.push({ kind: 'heading', text: section.heading });
    section.items.forEach((item, index) => {
      rows.push({ kind: 'item', cells: { line: `${number.split('.')[0]}.${String(index + 1).padStart(2, '0')}`, description: item.description, ...amounts.cells(draw.items[sectionIndex][index]) } });
    });
    if (style.subtotals) {
      rows.push({ kind: 'total', label: `Subtotal ${number}`, labelKey: 'description', cells: amounts.cells(addProgress(draw.items[sectionIndex])) });
    }
  });
  const direct = addProgress(draw.items.flat());
  rows.push({ kind: 'space', height: 4 });
  rows.push({ kind: 'total', label: 'SUBTOTAL – COST OF REPAIRS', labelKey: 'description', cells: totals.cells(direct), rule: true, keepWithNext: true });
  for (const markup of draw.markups) rows.push({ kind: 'total', label: markup.label, labelKey: 'description', cells: amounts.cells(markup.progress), keepWithNext: true });
  const grand = addProgress([direct, ...draw.markups.map((markup) => markup.progress)]);
  rows.push({ kind: 'total', label: 'GRAND TOTAL', labelKey: 'description', cells: totals.cells(grand), rule: true });
  return rows;
}

function titleBlock(sheet: Sheet, document: SorDocument, style: Style, fonts: Fonts): void {
  const { parties } = document;
  const contractor = parties.contractor!;
  const label: TextStyle = { font: fonts.bold, size: 7 };
  const value: TextStyle = { font: fonts.regular, size: 7 };
  sheet.text(style.title, LEFT, 42, { font: fonts.bold, size: 11 });
  sheet.text('FHA 203(k) Rehabilitation Loan – Contractor Draw Request', LEFT, 53, { ...value, size: 7.5 });
  const right: Array<[string, string]> = [
    ['APPLICATION NO.:', String(style.application)],
    ['APPLICATION DATE:', formatDate(parties.reportDate, 'us')],
    ['PERIOD TO:', formatDate(addDays(parties.reportDate, -2), 'us')],
    ['LOAN NO.:', parties.loanNumber],
  ];
  right.forEach(([name, text], index) => {
    sheet.text(name, 500, 38 + index * 9, label, 'right');
    sheet.text(text, 504, 38 + index * 9, value);
  });
  sheet.rule(LEFT, RIGHT, 77, 0.8);
  const left: Pair[] = [['Owner / Borrower:', parties.borrower], ...addressPairs('Project:', parties.property), ['Lender:', parties.lender]];
  const middle: Pair[] = [
    ['Contractor:', contractor.name],
    ['', oneLine(contractor.address)],
    ['License No.:', contractor.license],
    ['Phone:', contractor.phone],
  ];
  labelValueColumns(
    sheet,
    [
      [LEFT, 64, left],
      [300, 46, middle],
    ],
    88,
    9,
    label,
    value,
  );
  sheet.text(`203(k) Consultant: ${parties.consultant}, ${parties.consultantCompany}`, LEFT, 88 + 4 * 9 + 3, value);
  sheet.y = 88 + 5 * 9 + 4;
}

function applicationSummary(sheet: Sheet, document: SorDocument, style: Style, draw: Draw, fonts: Fonts): void {
  const { recap } = document;
  const value: TextStyle = { font: fonts.regular, size: 7 };
  const label: TextStyle = { font: fonts.bold, size: 7 };
  const all = addProgress([...draw.items.flat(), ...draw.markups.map((markup) => markup.progress)]);
  const completed = completedOf(all);
  const earned = completed - all.retainage;
  const previousEarned = all.previous - Math.round((all.previous * style.retainageRate) / 100);
  const lines: Array<[string, number, boolean]> = [
    ['1. Original Contract Sum', recap.grandTotal, false],
    ['2. Net Change by Change Orders', 0, false],
    ['3. Contract Sum to Date (1 + 2)', recap.grandTotal, false],
    ['4. Total Completed & Stored to Date (Column G)', completed, false],
    [`5. Retainage (${style.retainageRate}% of Column G)`, all.retainage, false],
    ['6. Total Earned Less Retainage (4 - 5)', earned, false],
    ['7. Less Previous Certificates for Payment', previousEarned, false],
    ['8. CURRENT PAYMENT DUE (6 - 7)', earned - previousEarned, true],
    ['9. Balance to Finish, Including Retainage (3 - 6)', recap.grandTotal - earned, false],
  ];
  const height = 14 + lines.length * 10 + 16;
  sheet.ensure(height + 60);
  const top = sheet.y;
  sheet.text("CONTRACTOR'S APPLICATION SUMMARY", LEFT, top + 8, label);
  lines.forEach(([name, cents, bold], index) => {
    const baseline = top + 20 + index * 10;
    sheet.text(name, LEFT, baseline, bold ? label : value);
    sheet.text(money(cents, { dollar: true }), 280, baseline, bold ? label : value, 'right');
  });
  const x = 310;
  sheet.text("CONTRACTOR'S CERTIFICATION", x, top + 8, label);
  sheet.y = top + 13;
  sheet.paragraph(
    'The undersigned Contractor certifies that to the best of the Contractor’s knowledge, information and belief the work covered by this ' +
      'Application for Payment has been completed in accordance with the Contract Documents, that all amounts have been paid by the Contractor ' +
      'for work for which previous draws were issued, and that current payment shown herein is now due.',
    x,
    RIGHT - x,
    value,
    8.6,
  );
  const signatures = ['Contractor', 'Borrower', '203(k) Consultant / Inspector'];
  signatures.forEach((name, index) => {
    const baseline = sheet.y + 18 + index * 18;
    sheet.rule(x, x + 170, baseline, 0.5);
    sheet.rule(x + 190, RIGHT, baseline, 0.5);
    sheet.text(`${name} signature`, x, baseline + 7, { ...value, size: 6 });
    sheet.text('Date', x + 190, baseline + 7, { ...value, size: 6 });
  });
  sheet.y = Math.max(top + 20 + lines.length * 10, sheet.y + 18 * signatures.length + 12);
}

function afterGrid(sheet: Sheet, lines: RecapLine[], fonts: Fonts): void {
  const style: TextStyle = { font: fonts.regular, size: 7 };
  sheet.y += 4;
  for (const line of lines) {
    sheet.text(line.label, LEFT + 28 + 164 - 3, sheet.y + 7, style, 'right');
    sheet.text(money(line.amount, { dollar: true }), LEFT + 28 + 164 + 54 - 3, sheet.y + 7, style, 'right');
    sheet.y += 9.5;
  }
  sheet.y += 10;
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const { parties, recap } = document;
  const style = chooseStyle(new Random(document.seed).child('render'));
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 30, bottom: 38, left: LEFT, right: 612 - RIGHT }, title: 'Continuation Sheet', producer: 'Microsoft Excel', date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const regular: TextStyle = { font: fonts.regular, size: 7 };
  const bold: TextStyle = { font: fonts.bold, size: 7 };
  sheet.addPage();
  titleBlock(sheet, document, style, fonts);
  sheet.onPageStart = (current) => {
    current.text(`${style.title} – Application No. ${style.application} – ${streetLine(parties.property)}`, LEFT, 24, { ...regular, size: 6.5, gray: 0.3 });
  };
  const spec: TableSpec = {
    columns: columns(style),
    wrapKey: 'description',
    body: regular,
    bold,
    header: { font: fonts.bold, size: 6.5 },
    lineHeight: 8.4,
    rowGap: 2.6,
    padding: 2.5,
    headerBand: 0.9,
    headerRules: 'above-below',
    grid: style.grid,
    mergedHeadings: true,
    rowRules: style.grid ? undefined : 0.6,
    groups: [{ text: 'WORK COMPLETED', from: 'previous', to: 'current' }],
    heading: {
      height: 11,
      draw: (target, text, top) => {
        const [number, ...name] = text.split(' ');
        target.box(LEFT, top, RIGHT - LEFT, 11, { fill: 0.94 });
        target.text(number, LEFT + 2.5, top + 8, bold);
        target.text(name.join(' '), LEFT + 28 + 2.5, top + 8, bold);
      },
    },
  };
  const draw = drawOf(document, style);
  writeTable(sheet, spec, tableRows(document, style, draw, new Amounts(style), new Amounts(style, true)));
  sheet.ensure(recap.after.length * 9.5 + 14);
  afterGrid(sheet, recap.after, fonts);
  applicationSummary(sheet, document, style, draw, fonts);

  sheet.decorate((index, count) => {
    const small: TextStyle = { font: fonts.regular, size: 6.5, gray: 0.25 };
    sheet.text(`Page ${index + 1} of ${count}`, RIGHT, 770, small, 'right');
    sheet.text(`Draw ${style.application} – ${parties.contractor!.name}`, LEFT, 770, small);
  });
  return sheet.save();
}

function contingency(random: Random, grandTotal: number): RecapLine[] {
  const rate = random.pick([10, 15, 20]);
  return [{ label: `Contingency reserve (${rate}%), held by lender – not in contract sum`, amount: Math.round((grandTotal * rate) / 100) }];
}

function permits(random: Random): RecapLine[] {
  return random.chance(0.6) ? [{ label: random.pick(['Permits & Inspection Fees', 'Building Permit']), amount: random.int(6, 36) * 2500 }] : [];
}

export const g20: SorFamily = {
  id: 'g20',
  name: 'draw request continuation sheet (schedule of values with progress columns)',
  heldOut: false,
  items: [14, 55],
  dateStyle: 'us',
  printed: printedFields({ quantity: false, unit: false, materialLabor: 'none', inspectionDate: false }),
  spec: (random, itemCount) => {
    const overheadAndProfit = random.chance(0.8);
    const split = overheadAndProfit && random.chance(0.3);
    return {
      itemCount,
      grouping: 'trade',
      contractorSelected: true,
      heading: ({ ordinal, trade }) => `${ordinal}.00 ${trade!.name.toUpperCase()}`,
      verbosity: 0.2,
      recap: {
        generalConditions: random.chance(0.5) ? [4, 5, 6] : null,
        overheadAndProfit: overheadAndProfit ? (split ? [6, 8] : [10, 12, 15]) : null,
        split,
        before: permits,
        after: contingency,
      },
    };
  },
  render,
};
