import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type Section, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { ROOMS, type Area } from '../work-items.js';
import { contingencyReserve, oneLine, permitFee, pickEach, printedFields, roomHeading, type TextContext } from './parts.js';

/**
 * g84: a consultant's specification and cost estimate in a three-level outline, portrait, Times 10, no table and
 * no rules between items. Divisions in capitals ("A. INTERIOR", "B. EXTERIOR", "C. SYSTEMS AND GENERAL"), rooms
 * numbered under them ("A.2 Master Bath"), items numbered again ("A.2.3"), each item's text hanging after its
 * number and a dot leader from its last line to the quantity and unit ("12 SF") and the amount, right-aligned.
 * A "Total A.2 Master Bath" line closes each room and "TOTAL DIVISION A" each division. The parties stand in a
 * paragraph-like block under a centred title; the recap at the end: total of divisions, overhead and profit, a
 * permit sometimes, ESTIMATED COST OF REPAIRS, then the contingency reserve after it; the consultant signs.
 */

const DIVISIONS: Array<{ name: string; areas: Area[] }> = [
  { name: 'INTERIOR', areas: ['kitchen', 'bath', 'bedroom', 'living', 'laundry'] },
  { name: 'EXTERIOR', areas: ['exterior', 'roof', 'garage', 'site'] },
  { name: 'SYSTEMS AND GENERAL', areas: ['basement', 'whole'] },
];

const chooseStyle = (random: Random) =>
  pickEach(random, {
    subtotalLabel: ['Total of divisions', 'Total direct cost'],
    totalLabel: ['ESTIMATED COST OF REPAIRS', 'TOTAL ESTIMATED COST'],
  });

const LEFT = 60;
const RIGHT = 552;
const QUANTITY_RIGHT = 468;
const TEXT_X = LEFT + 48;
const TEXT_RIGHT = 404;

const divisionOf = (section: Section): number => DIVISIONS.findIndex((division) => division.areas.includes(ROOMS.find((room) => room.name === section.heading)!.area));

/** The rooms in division order, each named "A.2 Master Bath"; divisions with no rooms are left out and the letters close up. */
function outlined(document: SorDocument): Section[][] {
  const groups = DIVISIONS.map((_, index) => document.sections.filter((section) => divisionOf(section) === index)).filter((group) => group.length > 0);
  return groups.map((group, index) => group.map((section, room) => ({ ...section, heading: `${'ABC'[index]}.${room + 1} ${section.heading}` })));
}

const printedSections = (document: SorDocument): Section[] => outlined(document).flat();

function leaderLine(context: TextContext, text: string, x: number, right: number, style: TextStyle): void {
  const { sheet } = context;
  const baseline = sheet.y + style.size;
  sheet.text(text, x, baseline, style);
  const from = x + sheet.textWidth(text, style) + 4;
  const dots = Math.floor((right - from) / sheet.textWidth('. ', style));
  if (dots > 0) sheet.text('. '.repeat(dots).trim(), right, baseline, style, 'right');
}

function item(context: TextContext, number: string, text: string, quantity: string, amount: string): void {
  const { sheet, body, lineHeight } = context;
  const lines = sheet.wrap(text, TEXT_RIGHT - TEXT_X - 30, body);
  sheet.ensure(lines.length * lineHeight + 2);
  sheet.text(number, LEFT + 14, sheet.y + body.size, body);
  lines.forEach((line, index) => {
    if (index < lines.length - 1) {
      sheet.text(line, TEXT_X, sheet.y + body.size, body);
      sheet.y += lineHeight;
    }
  });
  leaderLine(context, lines.at(-1)!, TEXT_X, TEXT_RIGHT + 8, body);
  sheet.text(quantity, QUANTITY_RIGHT, sheet.y + body.size, body, 'right');
  sheet.text(amount, RIGHT, sheet.y + body.size, body, 'right');
  sheet.y += lineHeight + 2;
}

function totalLine(context: TextContext, label: string, amount: string, x: number, strong: boolean): void {
  const { sheet, body, bold, lineHeight } = context;
  const style = strong ? bold : { ...body, font: context.fonts.italic };
  sheet.ensure(lineHeight + 6);
  sheet.rule(RIGHT - 70, RIGHT, sheet.y, 0.5);
  sheet.y += 2;
  sheet.text(label, x, sheet.y + style.size, style);
  sheet.text(amount, RIGHT, sheet.y + style.size, style, 'right');
  sheet.y += lineHeight + 6;
}

function top(context: TextContext, document: SorDocument): void {
  const { sheet, body, bold } = context;
  const { parties } = document;
  const contractor = parties.contractor;
  sheet.text(parties.consultantCompany.toUpperCase(), (LEFT + RIGHT) / 2, 56, { ...bold, size: 11 }, 'center');
  sheet.text(`${oneLine(parties.consultantAddress)}  |  ${parties.consultantEmail}`, (LEFT + RIGHT) / 2, 68, { ...body, size: 9 }, 'center');
  sheet.text('SPECIFICATION AND COST ESTIMATE', (LEFT + RIGHT) / 2, 96, { ...bold, size: 13 }, 'center');
  sheet.y = 108;
  const paragraph = [
    `Prepared by ${parties.consultant}, 203(k) consultant, for ${parties.borrower}, borrower, at ${oneLine(parties.property)},`,
    `financed by ${parties.lender}. Property inspected on ${formatDate(parties.inspectionDate, 'long')}.`,
    contractor ? `Contractor: ${contractor.name}, license ${contractor.license}, telephone ${contractor.phone}.` : 'Contractor: not yet selected.',
  ].join(' ');
  for (const line of sheet.wrap(paragraph, RIGHT - LEFT, body)) {
    sheet.text(line, LEFT, sheet.y + body.size, body);
    sheet.y += 12;
  }
  sheet.y += 10;
  sheet.text('Qty', QUANTITY_RIGHT, sheet.y + 9, { ...bold, size: 9 }, 'right');
  sheet.text('Amount', RIGHT, sheet.y + 9, { ...bold, size: 9 }, 'right');
  sheet.y += 18;
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g84-render');
  const style = chooseStyle(random.child('style'));
  const { parties, recap } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 58, bottom: 56, left: LEFT, right: 612 - RIGHT }, title: 'Specification and Cost Estimate', producer: 'Microsoft Word', date: parties.reportDate });
  const fonts = await sheet.fonts('Times');
  const body: TextStyle = { font: fonts.regular, size: 10 };
  const bold: TextStyle = { font: fonts.bold, size: 10 };
  const context: TextContext = { sheet, fonts, body, bold, lineHeight: 12 };
  sheet.addPage();
  top(context, document);
  outlined(document).forEach((rooms, index) => {
    const letter = 'ABC'[index];
    const division = DIVISIONS.filter((_, at) => document.sections.some((section) => divisionOf(section) === at))[index];
    sheet.ensure(60);
    sheet.text(`${letter}. ${division.name}`, LEFT, sheet.y + 11, { ...bold, size: 11 });
    sheet.y += 20;
    for (const room of rooms) {
      sheet.ensure(40);
      sheet.text(room.heading, LEFT + 14, sheet.y + 10, bold);
      sheet.y += 15;
      room.items.forEach((entry, at) =>
        item(context, `${room.heading.split(' ')[0]}.${at + 1}`, entry.description, `${quantityText(entry.quantity)} ${entry.unit}`, money(entry.total, { parentheses: true })));
      totalLine(context, `Total ${room.heading}`, money(sectionTotal(room)), LEFT + 14, false);
    }
    totalLine(context, `TOTAL DIVISION ${letter}`, money(rooms.reduce((sum, room) => sum + sectionTotal(room), 0), { dollar: true }), LEFT, true);
    sheet.y += 6;
  });
  const lines: Array<[string, string, boolean]> = [[style.subtotalLabel, money(recap.subtotal, { dollar: true }), false]];
  if (recap.overhead) lines.push([`Overhead and profit at ${percentText(recap.overhead.rate)}`, money(recap.overhead.amount), false]);
  for (const line of recap.before) lines.push([line.label, money(line.amount), false]);
  lines.push([style.totalLabel, money(recap.grandTotal, { dollar: true }), true]);
  for (const line of recap.after) lines.push([line.label, money(line.amount, { dollar: true }), false]);
  sheet.ensure(lines.length * 14 + 80);
  sheet.text('SUMMARY', LEFT, sheet.y + 11, { ...bold, size: 11 });
  sheet.y += 20;
  for (const [label, amount, strong] of lines) {
    leaderLine(context, label, LEFT + 14, RIGHT - 80, strong ? bold : body);
    sheet.text(amount, RIGHT, sheet.y + 10, strong ? bold : body, 'right');
    sheet.y += 14;
  }
  sheet.y += 30;
  sheet.text(`________________________________  ${parties.consultant}, Consultant ID ${parties.consultantId}`, LEFT, sheet.y, body);
  sheet.decorate((index, count) => sheet.text(`- ${index + 1} of ${count} -`, (LEFT + RIGHT) / 2, 768, { ...body, size: 8 }, 'center'));
  return sheet.save();
}

export const g84: SorFamily = {
  id: 'g84',
  name: 'specification and cost estimate in a three-level outline: divisions "A. INTERIOR", rooms "A.2 Master Bath", items "A.2.3" with a dot leader to the quantity and unit and the amount, room and division totals, no table',
  heldOut: false,
  items: [10, 42],
  dateStyle: 'long',
  printed: printedFields({ materialLabor: 'none' }),
  printedSections,
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'room',
    heading: roomHeading(false),
    verbosity: 0.5,
    credits: 0.15,
    recap: {
      generalConditions: null,
      overheadAndProfit: random.chance(0.75) ? [10, 12, 15] : null,
      before: (inner) => permitFee(inner, 0.4, 'Permit allowance', 1200),
      after: (inner, grandTotal) => [contingencyReserve(inner, grandTotal, [10, 15, 20])],
    },
  }),
  render,
};
