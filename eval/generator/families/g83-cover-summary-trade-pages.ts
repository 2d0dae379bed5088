import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import { columnsAcross, oneLine, permitFee, pickEach, printedFields, type TextContext } from './parts.js';

/**
 * g83: a 203(k) consultant's cost estimate bound as a package, portrait, Times 9. The first page is a cover: the
 * consultant's letterhead, a ruled block of the borrower, property, FHA case number, lender, contractor and the
 * inspection date, then SUMMARY OF SCHEDULES (Sched. | Trade | Page | Amount, one line per trade with the page its
 * schedule starts on), the total of the schedules, general conditions and overhead and profit as percentages
 * sometimes, a permit sometimes and TOTAL COST OF REPAIRS, and three signature lines. Each trade follows as a
 * schedule on pages of its own ("SCHEDULE C - PLUMBING"), every page headed by the property, the case number and
 * the schedule's title, a table Item | Description of Work | Qty | Unit | Material | Labor | Extended with items
 * "C-1", and the schedule's subtotal at its foot. Small jobs (up to eight items) run the schedules on after one
 * another, under the summary, instead of a page each.
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    subtotalLabel: ['Total of schedules', 'Subtotal, all schedules'],
    overheadLabel: ['Contractor overhead & profit', 'Overhead and profit'],
    totalLabel: ['TOTAL COST OF REPAIRS', 'TOTAL REPAIR COST'],
    generalLabel: ['General conditions', 'General requirements'],
  });

type Style = ReturnType<typeof chooseStyle>;

const LEFT = 48;
const RIGHT = 564;
const LETTERS = 'ABCDEFGHIJKLMN';

/** "C" of "SCHEDULE C - PLUMBING". */
const letterOf = (heading: string): string => heading.replace(/^SCHEDULE ([A-Z]) - .*$/, '$1');

function cover(context: TextContext, document: SorDocument): void {
  const { sheet, body, bold } = context;
  const { parties } = document;
  const contractor = parties.contractor;
  sheet.text(parties.consultantCompany, (LEFT + RIGHT) / 2, 62, { ...bold, size: 15 }, 'center');
  sheet.text(`${oneLine(parties.consultantAddress)}  ·  ${parties.consultantPhone}`, (LEFT + RIGHT) / 2, 76, body, 'center');
  sheet.rule(LEFT, RIGHT, 84, 1.5);
  sheet.text('REHABILITATION COST ESTIMATE', (LEFT + RIGHT) / 2, 104, { ...bold, size: 12 }, 'center');
  const rows: Array<[string, string, string, string]> = [
    ['Borrower', parties.borrower, 'FHA Case No.', parties.fhaCaseNumber],
    ['Property', oneLine(parties.property), 'Lender', parties.lender],
    ['Consultant', parties.consultant, 'Date of inspection', formatDate(parties.inspectionDate, 'long')],
    ['Contractor', contractor ? contractor.name : 'To be selected', 'License / Phone', contractor ? `${contractor.license}  /  ${contractor.phone}` : ''],
  ];
  sheet.box(LEFT, 116, RIGHT - LEFT, rows.length * 16 + 6, { stroke: 0, thickness: 0.6 });
  rows.forEach(([label, value, label2, value2], index) => {
    const y = 131 + index * 16;
    sheet.text(label, LEFT + 6, y, bold);
    sheet.text(value, LEFT + 66, y, body);
    sheet.text(label2, 362, y, bold);
    sheet.text(value2, 450, y, body);
  });
  sheet.y = 116 + rows.length * 16 + 30;
}

function summary(context: TextContext, document: SorDocument, style: Style, startPages: number[]): void {
  const { sheet, body, bold } = context;
  const { recap: totals } = document;
  sheet.text('SUMMARY OF SCHEDULES', LEFT, sheet.y, { ...bold, size: 10 });
  sheet.y += 8;
  const header = sheet.y;
  sheet.rule(LEFT, RIGHT, header, 0.8);
  [['Sched.', LEFT + 4, 'left'], ['Trade', LEFT + 60, 'left'], ['Page', 420, 'right'], ['Amount', RIGHT - 4, 'right']].forEach(([text, x, align]) =>
    sheet.text(text as string, x as number, header + 11, bold, align as 'left' | 'right'));
  sheet.rule(LEFT, RIGHT, header + 15, 0.8);
  sheet.y = header + 28;
  document.sections.forEach((section, index) => {
    const [, name] = section.heading.split(' - ');
    sheet.text(LETTERS[index], LEFT + 4, sheet.y, body);
    sheet.text(name, LEFT + 60, sheet.y, body);
    sheet.text(String(startPages[index]), 420, sheet.y, body, 'right');
    sheet.text(money(sectionTotal(section)), RIGHT - 4, sheet.y, body, 'right');
    sheet.y += 13;
  });
  sheet.rule(LEFT, RIGHT, sheet.y - 9, 0.6);
  const lines: Array<[string, string, boolean]> = [[style.subtotalLabel, money(totals.subtotal), true]];
  if (totals.generalConditions) lines.push([`${style.generalLabel} (${percentText(totals.generalConditions.rate)})`, money(totals.generalConditions.amount), false]);
  if (totals.overhead) lines.push([`${style.overheadLabel} (${percentText(totals.overhead.rate)})`, money(totals.overhead.amount), false]);
  for (const line of totals.before) lines.push([line.label, money(line.amount), false]);
  lines.push([style.totalLabel, money(totals.grandTotal, { dollar: true }), true]);
  lines.forEach(([label, amount, strong], index) => {
    if (index === lines.length - 1) sheet.rule(300, RIGHT, sheet.y - 9, 0.6);
    sheet.text(label, 300, sheet.y, strong ? bold : body);
    sheet.text(amount, RIGHT - 4, sheet.y, strong ? bold : body, 'right');
    sheet.y += 13;
  });
  sheet.y += 30;
  for (const who of ['Consultant', 'Borrower', 'Contractor']) {
    sheet.text(`${who} _____________________________________  Date ______________`, LEFT, sheet.y, body);
    sheet.y += 26;
  }
}

function scheduleRows(document: SorDocument, index: number): TableRow[] {
  const section = document.sections[index];
  const letter = letterOf(section.heading);
  return [
    ...section.items.map((item, itemIndex): TableRow => ({
      kind: 'item',
      cells: {
        item: `${letter}-${itemIndex + 1}`,
        description: item.description,
        quantity: quantityText(item.quantity),
        unit: item.unit,
        material: money(item.material, { parentheses: true }),
        labor: money(item.labor, { parentheses: true }),
        total: money(item.total, { parentheses: true }),
      },
    })),
    { kind: 'total', label: `Schedule ${letter} subtotal`, labelKey: 'description', cells: { total: money(sectionTotal(section), { dollar: true }) }, rule: true },
  ];
}

/** Lays the package out; the summary on the cover names the page each schedule starts on, known from a first pass. */
async function layOut(document: SorDocument, knownPages: number[]): Promise<{ sheet: Sheet; startPages: number[] }> {
  const random = new Random(document.seed).child('g83-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 92, bottom: 54, left: LEFT, right: 612 - RIGHT }, title: `Cost Estimate ${parties.fhaCaseNumber}`, producer: 'Acrobat PDFMaker 23 for Word', date: parties.reportDate });
  const fonts = await sheet.fonts('Times');
  const body: TextStyle = { font: fonts.regular, size: 9 };
  const bold: TextStyle = { font: fonts.bold, size: 9 };
  const context: TextContext = { sheet, fonts, body, bold, lineHeight: 11 };
  const ownPages = document.sections.reduce((count, section) => count + section.items.length, 0) > 8;
  sheet.addPage();
  cover(context, document);
  const coverEnd = sheet.y;
  let title = '';
  let fresh = true;
  sheet.onPageStart = (target) => {
    target.text(`Property: ${oneLine(parties.property)}`, LEFT, 44, { ...body, size: 8 });
    target.text(`FHA Case No. ${parties.fhaCaseNumber}`, RIGHT, 44, { ...body, size: 8 }, 'right');
    target.rule(LEFT, RIGHT, 50, 0.5);
    target.text(fresh ? title : `${title} (continued)`, LEFT, 72, { ...bold, size: 11 });
    fresh = false;
  };
  const startPages: number[] = [];
  const table = {
    columns: columnsAcross(LEFT, RIGHT, [
      ['item', 'Item', 32, 'left'],
      ['description', 'Description of Work', RIGHT - LEFT - 32 - 40 - 30 - 3 * 64, 'left'],
      ['quantity', 'Qty', 40, 'right'],
      ['unit', 'Unit', 30, 'center'],
      ['material', 'Material', 64, 'right'],
      ['labor', 'Labor', 64, 'right'],
      ['total', 'Extended', 'rest', 'right'],
    ]),
    wrapKey: 'description',
    body,
    bold,
    header: bold,
    headerRules: 'above-below',
    lineHeight: 11,
    rowGap: 3,
    padding: 3,
    heading: { height: 0, draw: () => undefined },
  } as const;
  if (!ownPages) summary(context, document, style, knownPages);
  document.sections.forEach((section, index) => {
    title = section.heading;
    fresh = true;
    if (ownPages || sheet.y + 80 > sheet.bottom) sheet.addPage();
    else {
      sheet.y += 16;
      sheet.text(title, LEFT, sheet.y, { ...bold, size: 11 });
      sheet.y += 8;
      fresh = false;
    }
    startPages.push(sheet.pages.length);
    writeTable(sheet, { ...table, columns: [...table.columns] }, scheduleRows(document, index));
  });
  if (ownPages) {
    sheet.page = sheet.pages[0];
    sheet.y = coverEnd;
    summary(context, document, style, knownPages);
  }
  sheet.decorate((index, count) => sheet.text(`Page ${index + 1} of ${count}`, RIGHT, 770, { ...body, size: 8 }, 'right'));
  return { sheet, startPages };
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const { startPages } = await layOut(document, document.sections.map(() => 0));
  return (await layOut(document, startPages)).sheet.save();
}

export const g83: SorFamily = {
  id: 'g83',
  name: 'cost estimate bound as a cover page with the summary of schedules (the page each starts on) and signatures, then one schedule per trade on pages of its own ("SCHEDULE C - PLUMBING"), each page headed by the property and case number, items "C-1" and a schedule subtotal',
  heldOut: false,
  items: [9, 44],
  dateStyle: 'long',
  printed: printedFields(),
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'trade',
    heading: ({ ordinal, trade }) => `SCHEDULE ${LETTERS[ordinal - 1]} - ${trade!.name.toUpperCase()}`,
    verbosity: 0.45,
    credits: 0.2,
    recap: {
      generalConditions: random.chance(0.5) ? [5, 7, 10] : null,
      overheadAndProfit: random.chance(0.8) ? [10, 15] : null,
      before: (inner) => permitFee(inner, 0.4, ['Permits and fees', 'Building permit'], 900),
    },
  }),
  render,
};
