import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { BLANKS, BOXES, BOXES_TOP, drawForm, FORM } from './g36-proposal-form-pad.form.js';
import { amountInWords, cityLine, oneLine, permitFee, printedFields, streetLine } from './parts.js';

/**
 * g36: a contractor's proposal typed onto a pre-printed proposal form from a stationery pad (the
 * kind sold in carbonless sets with the company's name imprinted), one form per sheet. Captioned
 * boxes (Proposal submitted to, Street, Job name, Job location, Lender, 203(k) consultant), "We
 * hereby submit specifications and estimates for:", then ruled lines under QUAN. | UNIT | DESCRIPTION |
 * UNIT PRICE | AMOUNT where both prices are written in a dollars cell and a cents cell with no
 * decimal point; trade or room names typed as underlined headings, sometimes a total line after each.
 * A sheet that fills up ends with "CONTINUED ON SHEET 2"; the last one carries the totals boxes
 * (SUBTOTAL, overhead and profit or a permit typed on blank rows, TOTAL), the sum in words and figures
 * in the acceptance text, the payment terms, and the blank signature lines.
 */

interface Style {
  typewriter: boolean;
  separators: boolean;
  sectionTotals: boolean;
  valuesOnLast: boolean;
  jobName: string;
  sameLocation: boolean;
  number: string;
  payment: string;
}

function chooseStyle(random: Random, lender: string): Style {
  return {
    typewriter: random.chance(0.55),
    separators: random.chance(0.5),
    sectionTotals: random.chance(0.5),
    valuesOnLast: random.chance(0.5),
    jobName: random.pick(['203(k) Renovation', 'Remodel & Repairs', 'Rehab per Write-Up', 'Home Renovation']),
    sameLocation: random.chance(0.5),
    number: String(random.int(1100, 8999)),
    payment: random.pick([
      `Draws through ${lender} per the renovation loan schedule; balance on final inspection.`,
      '1/3 at start of work, 1/3 at rough-in, balance upon completion.',
      '10% deposit, progress draws as work is inspected, final 10% at completion.',
    ]),
  };
}

type Typed =
  | { kind: 'heading'; text: string }
  | { kind: 'item'; item: LineItem; lines: string[] }
  | { kind: 'total'; label: string; cents: number }
  | { kind: 'blank' };

interface Context {
  sheet: Sheet;
  style: Style;
  typed: TextStyle;
}

const height = (entry: Typed): number => (entry.kind === 'item' ? entry.lines.length : 1);
const baselineOf = (line: number): number => FORM.linesTop + (line + 1) * FORM.pitch - 3.5;

function typedLines(context: Context, document: SorDocument): Typed[] {
  const { sheet, style, typed } = context;
  const width = FORM.unitPrice - FORM.description - 10;
  return document.sections.flatMap((section, index): Typed[] => [
    ...(index > 0 ? [{ kind: 'blank' as const }] : []),
    { kind: 'heading', text: section.heading },
    ...section.items.map((item): Typed => ({ kind: 'item', item, lines: sheet.wrap(item.description, width, typed) })),
    ...(style.sectionTotals ? [{ kind: 'total' as const, label: `Total ${section.heading.replace(/^\d+\. /, '')}`, cents: sectionTotal(section) }] : []),
  ]);
}

/** Sheets of typed lines: a heading stays with the item under it, and every sheet but the last keeps its last line for "continued". */
function paginate(entries: Typed[]): Typed[][] {
  const sheets: Typed[][] = [[]];
  let used = 0;
  entries.forEach((entry, index) => {
    const next = entries[index + 1];
    const need = height(entry) + (entry.kind === 'heading' && next ? height(next) : 0);
    if (used + need > FORM.lines - 1) {
      sheets.push([]);
      used = 0;
      if (entry.kind === 'blank') return;
    }
    sheets.at(-1)!.push(entry);
    used += height(entry);
  });
  return sheets;
}

/** Dollars right-aligned against the cents rule, the cents in their own cell. */
function dollarsAndCents(context: Context, cents: number, centsRule: number, baseline: number): void {
  const { sheet, style, typed } = context;
  sheet.text(money(cents, { whole: true, separators: style.separators }), centsRule - 3, baseline, typed, 'right');
  sheet.text(String(Math.abs(cents) % 100).padStart(2, '0'), centsRule + 10, baseline, typed, 'center');
}

function typeEntry(context: Context, entry: Typed, line: number): void {
  const { sheet, style, typed } = context;
  const baseline = baselineOf(line);
  if (entry.kind === 'heading') {
    sheet.text(entry.text, FORM.description + 4, baseline, typed);
    sheet.rule(FORM.description + 4, FORM.description + 4 + sheet.textWidth(entry.text, typed), baseline + 1.5, 0.6);
  } else if (entry.kind === 'total') {
    sheet.text(entry.label, FORM.unitPrice - 6, baseline, typed, 'right');
    dollarsAndCents(context, entry.cents, FORM.amountCents, baseline);
  } else if (entry.kind === 'item') {
    const { item, lines } = entry;
    lines.forEach((text, index) => sheet.text(text, FORM.description + 4, baselineOf(line + index), typed));
    const values = baselineOf(line + (style.valuesOnLast ? lines.length - 1 : 0));
    sheet.text(quantityText(item.quantity), FORM.unit - 4, values, typed, 'right');
    sheet.text(item.unit, (FORM.unit + FORM.description) / 2, values, typed, 'center');
    dollarsAndCents(context, item.materialRate + item.laborRate, FORM.unitCents, values);
    dollarsAndCents(context, item.total, FORM.amountCents, values);
  }
}

function typeBoxes(context: Context, document: SorDocument, first: boolean): void {
  const { sheet, style, typed } = context;
  const { parties } = document;
  const values: string[][] = [
    [parties.borrower, '', formatDate(parties.reportDate, 'us')],
    [first ? streetLine(parties.property) : '', first ? style.jobName : ''],
    [first ? cityLine(parties.property) : '', style.sameLocation ? 'Same' : oneLine(parties.property)],
    [first ? parties.lender : '', first ? parties.loanNumber : '', first ? parties.consultant : ''],
  ];
  BOXES.forEach((row, index) => row.forEach((box, column) => sheet.text(values[index][column], box.from + 4, BOXES_TOP + index * 22 + 17, typed)));
  sheet.text(style.number, 460, 85, typed, 'center');
}

function typeTotals(context: Context, document: SorDocument): void {
  const { sheet, style, typed } = context;
  const { recap } = document;
  const markups = recap.overhead ? [{ label: `Overhead & Profit ${percentText(recap.overhead.rate)}`, amount: recap.overhead.amount }] : [];
  const rows = [{ label: '', amount: recap.subtotal }, ...markups, ...recap.before];
  rows.forEach((row, index) => {
    const baseline = FORM.totalsTop + index * FORM.pitch + 10.5;
    if (row.label) sheet.text(row.label, FORM.amount - 4, baseline, typed, 'right');
    dollarsAndCents(context, row.amount, FORM.amountCents, baseline);
  });
  dollarsAndCents(context, recap.grandTotal, FORM.amountCents, FORM.totalsTop + 3 * FORM.pitch + 10.5);
  const words = amountInWords(recap.grandTotal).replace(/ Dollars$/, '');
  const fitted = sheet.textWidth(words, typed) > 420 ? { ...typed, size: typed.size - 1.5 } : typed;
  sheet.text(words, BLANKS.words.x, BLANKS.words.y, fitted);
  sheet.text(money(recap.grandTotal, { separators: style.separators }), BLANKS.figure.x + 4, BLANKS.figure.y, typed);
  sheet.text(style.payment, BLANKS.payment.x, BLANKS.payment.y, { ...typed, size: typed.size - 0.5 });
  sheet.text('30', BLANKS.days.x + 4, BLANKS.days.y, typed);
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g36-render');
  const { parties } = document;
  const style = chooseStyle(random.child('style'), parties.lender);
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 36, bottom: 20, left: FORM.left, right: 612 - FORM.right }, title: `Proposal ${style.number}`, producer: 'FormFill Pro 3.2', date: parties.reportDate });
  const serif = await sheet.fonts('Times');
  const sans = await sheet.fonts('Helvetica');
  const typed: TextStyle = style.typewriter ? { font: (await sheet.fonts('Courier')).regular, size: 9 } : { font: sans.regular, size: 8.5 };
  const context: Context = { sheet, style, typed };
  sheet.onPageStart = (current) => drawForm(current, serif, sans, parties.contractor!);
  const sheets = paginate(typedLines(context, document));
  sheets.forEach((entries, index) => {
    sheet.addPage();
    typeBoxes(context, document, index === 0);
    let line = 0;
    for (const entry of entries) {
      typeEntry(context, entry, line);
      line += height(entry);
    }
    if (index < sheets.length - 1) sheet.text(`CONTINUED ON SHEET ${index + 2}`, FORM.description + 4, baselineOf(FORM.lines - 1), typed);
    else typeTotals(context, document);
  });
  sheet.decorate((index, count) => sheet.text(`${index + 1} of ${count}`, 538, 85, typed, 'center'));
  return sheet.save();
}

export const g36: SorFamily = {
  id: 'g36',
  name: 'proposal typed on a pre-printed stationery form with dollars and cents cells',
  heldOut: false,
  items: [6, 34],
  dateStyle: 'us',
  printed: printedFields({ materialLabor: 'none', inspectionDate: false }),
  spec: (random, itemCount) => {
    const form = random.int(0, 2);
    const grouping = random.chance(0.5) ? 'room' : 'trade';
    return {
      itemCount,
      grouping,
      contractorSelected: true,
      heading: ({ ordinal, trade, room }) => {
        const name = room ? room.name : trade!.name;
        return [name.toUpperCase(), `${ordinal}. ${name.toUpperCase()}`, name][form];
      },
      verbosity: 0.25,
      recap: {
        generalConditions: null,
        overheadAndProfit: random.chance(0.4) ? [10, 15] : null,
        before: (inner) => permitFee(inner, 0.5, ['Permit', 'Building permit', 'Permits & fees'], 900),
      },
    };
  },
  render,
};
