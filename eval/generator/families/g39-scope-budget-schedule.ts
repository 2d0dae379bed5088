import { addDays, formatDate, type CalendarDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type Section, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { cityLine, oneLine, permitFee, printedFields, streetLine, workItemOf, type DrawingContext } from './parts.js';

/**
 * g39: a contractor's scope, budget and schedule printed from a project-scheduling program (Gantt
 * chart), landscape, in 7.5 pt Helvetica. Letterhead, a title, the owner, property and lender in a
 * row and a paragraph of assumptions; then one grid: # | Task | Dur. | Labor | Materials | Total at the
 * left and, at the right, one column per week (headed by the date the week begins or "W1", "W2" …)
 * with each task's bar across the weeks it runs. Trades are phases: a summary row with the phase
 * name, its rolled-up total on the row (or on a "Phase total" row under it) and a dark bar over the
 * phase; inspections are milestone rows with a zero duration and no amounts. The header and its weeks
 * repeat on every page. Under the grid: total direct cost, the contractor's fee, permits, CONTRACT SUM,
 * and the draw inspections planned.
 */

interface Style {
  weekDates: boolean;
  totalOnSummary: boolean;
  durationDays: boolean;
  milestones: boolean;
  taskHeader: string;
  feeLabel: string;
  sumLabel: string;
  app: string;
}

function chooseStyle(random: Random): Style {
  return {
    weekDates: random.chance(0.55),
    totalOnSummary: random.chance(0.6),
    durationDays: random.chance(0.5),
    milestones: random.chance(0.7),
    taskHeader: random.pick(['Task Name', 'Scope of Work / Task', 'Activity']),
    feeLabel: random.pick(["Contractor's fee", 'Overhead & profit', 'Builder fee']),
    sumLabel: random.pick(['CONTRACT SUM', 'TOTAL PROJECT BUDGET', 'TOTAL CONTRACT PRICE']),
    app: random.pick(['ProjectLibre', 'Microsoft Project', 'TeamGantt']),
  };
}

const LEFT = 30;
const RIGHT = 762;
const X = { number: 30, task: 50, duration: 280, labor: 312, material: 372, total: 432, weeks: 500 };
const TASK_WIDTH = X.duration - X.task - 6;
const INSPECTED = new Set(['plumbing', 'electrical', 'hvac', 'carpentry']);

type Context = DrawingContext<Style> & { weeks: number; small: TextStyle };

/** One printed row: a phase summary, a task, a milestone, or a phase total; weeks are 0-based and inclusive. */
interface Row {
  kind: 'phase' | 'task' | 'milestone' | 'phaseTotal';
  number: string;
  text: string;
  days: number;
  labor?: number;
  material?: number;
  total?: number;
  span: [number, number];
}

/** Phases in the document's order, their starts spread over the weeks (general requirements run throughout); tasks inside their phase. */
function scheduleRows(document: SorDocument, style: Style, weeks: number, random: Random): Row[] {
  const rows: Row[] = [];
  const phases = document.sections.filter((section) => workItemOf(section.items[0]).trade !== 'general').length;
  let phase = 0;
  document.sections.forEach((section: Section, index) => {
    const trade = workItemOf(section.items[0]).trade;
    const general = trade === 'general';
    const start = general ? 0 : Math.floor((phase * weeks) / Math.max(1, phases));
    const length = general ? weeks : Math.min(weeks - start, random.int(1, Math.ceil(weeks / Math.max(1, phases)) + 1));
    const span: [number, number] = [start, start + length - 1];
    const total = sectionTotal(section);
    rows.push({ kind: 'phase', number: String(index + 1), text: section.heading, days: length * 5, total: style.totalOnSummary ? total : undefined, span });
    section.items.forEach((item, itemIndex) => {
      const from = random.int(span[0], span[1]);
      const to = Math.min(span[1], from + random.int(0, 2));
      const days = general ? (to - from + 1) * 5 : random.int(1, (to - from + 1) * 5);
      rows.push({ kind: 'task', number: `${index + 1}.${itemIndex + 1}`, text: item.description, days, labor: item.labor, material: item.material, total: item.total, span: [from, to] });
    });
    if (style.milestones && INSPECTED.has(trade)) {
      rows.push({ kind: 'milestone', number: `${index + 1}.${section.items.length + 1}`, text: random.pick(['Rough-in inspection (city)', 'Draw inspection', 'Inspection sign-off']), days: 0, span: [span[1], span[1]] });
    }
    if (!style.totalOnSummary) rows.push({ kind: 'phaseTotal', number: '', text: 'Phase total', days: 0, total, labor: sectionTotal(section, 'labor'), material: sectionTotal(section, 'material'), span: [-1, -1] });
    if (!general) phase += 1;
  });
  return rows;
}

const weekX = (context: Context, week: number): number => X.weeks + ((RIGHT - X.weeks) / context.weeks) * week;

function tableHeader(context: Context, start: CalendarDate): void {
  const { sheet, fonts, style, weeks } = context;
  const top = sheet.y;
  const head: TextStyle = { font: fonts.bold, size: 7 };
  sheet.box(LEFT, top, RIGHT - LEFT, 24, { fill: 0.86 });
  const headers: Array<[string, number, 'left' | 'right']> = [
    ['#', X.number + 3, 'left'], [style.taskHeader, X.task + 3, 'left'], ['Dur.', X.labor - 4, 'right'],
    ['Labor', X.material - 4, 'right'], ['Materials', X.total - 4, 'right'], ['Total', X.weeks - 10, 'right'],
  ];
  for (const [text, x, align] of headers) sheet.text(text, x, top + 17, head, align);
  sheet.text(style.weekDates ? 'Week beginning' : 'Schedule (weeks)', (X.weeks + RIGHT) / 2, top + 9, head, 'center');
  for (let week = 0; week < weeks; week += 1) {
    const label = style.weekDates ? formatDate(addDays(start, week * 7), 'short').replace(/\/\d\d$/, '') : `W${week + 1}`;
    sheet.text(label, (weekX(context, week) + weekX(context, week + 1)) / 2, top + 20, { font: fonts.regular, size: 6.5 }, 'center');
    sheet.vrule(weekX(context, week), top + 12, top + 24, 0.3, 0.5);
  }
  sheet.rule(X.weeks, RIGHT, top + 12, 0.3, 0.5);
  sheet.rule(LEFT, RIGHT, top + 24, 0.8);
  sheet.y = top + 26;
}

function drawRow(context: Context, row: Row, lines: string[], height: number): void {
  const { sheet, fonts, style, body, lineHeight } = context;
  const top = sheet.y;
  const bold = row.kind === 'phase' || row.kind === 'phaseTotal';
  const text: TextStyle = bold ? { font: fonts.bold, size: body.size } : row.kind === 'milestone' ? { font: fonts.italic, size: body.size } : body;
  if (row.kind === 'phase') sheet.box(LEFT, top, RIGHT - LEFT, height, { fill: 0.94 });
  const baseline = top + 1.5 + 0.78 * lineHeight;
  sheet.text(row.number, X.number + 3, baseline, text);
  lines.forEach((line, index) => sheet.text(line, X.task + (row.kind === 'task' || row.kind === 'milestone' ? 9 : 3), baseline + index * lineHeight, text));
  if (row.kind !== 'phaseTotal') sheet.text(style.durationDays ? `${row.days} ${row.days === 1 ? 'day' : 'days'}` : `${row.days}d`, X.labor - 4, baseline, text, 'right');
  if (row.labor !== undefined) sheet.text(money(row.labor), X.material - 4, baseline, text, 'right');
  if (row.material !== undefined) sheet.text(money(row.material), X.total - 4, baseline, text, 'right');
  if (row.total !== undefined) sheet.text(money(row.total), X.weeks - 10, baseline, text, 'right');
  for (let week = 0; week <= context.weeks; week += 1) sheet.vrule(weekX(context, week), top, top + height, 0.2, 0.7);
  const [from, to] = row.span;
  if (row.kind === 'phase') sheet.box(weekX(context, from) + 1, top + 3, weekX(context, to + 1) - weekX(context, from) - 2, 4, { fill: 0.1 });
  if (row.kind === 'task') sheet.box(weekX(context, from) + 2, top + 2.5, weekX(context, to + 1) - weekX(context, from) - 4, lineHeight - 4, { fill: 0.55 });
  if (row.kind === 'milestone') sheet.box(weekX(context, to + 1) - 6, top + 3, 5, 5, { fill: 0 });
  sheet.rule(LEFT, RIGHT, top + height, 0.3, 0.6);
  sheet.y += height;
}

function grid(context: Context, rows: Row[], start: CalendarDate): void {
  const { sheet, body, lineHeight } = context;
  tableHeader(context, start);
  rows.forEach((row, index) => {
    const lines = sheet.wrap(row.text, TASK_WIDTH - (row.kind === 'phase' ? 0 : 6), body);
    const height = lines.length * lineHeight + 3;
    const keep = row.kind === 'phase' && rows[index + 1] ? lineHeight * 2 + 3 : 0;
    if (sheet.y + height + keep > sheet.bottom) {
      sheet.addPage();
      tableHeader(context, start);
    }
    drawRow(context, row, lines, height);
  });
}

function heading(context: Context, document: SorDocument): void {
  const { sheet, fonts, small } = context;
  const { parties } = document;
  const contractor = parties.contractor!;
  sheet.text(contractor.name, LEFT, 46, { font: fonts.bold, size: 14 });
  sheet.text(`${oneLine(contractor.address)}  ·  ${contractor.phone}  ·  Lic. ${contractor.license}`, LEFT, 58, small);
  sheet.text('PROJECT SCOPE, BUDGET & SCHEDULE', RIGHT, 46, { font: fonts.bold, size: 12 }, 'right');
  sheet.text(`Prepared ${formatDate(parties.reportDate, 'abbrev')}`, RIGHT, 58, small, 'right');
  sheet.rule(LEFT, RIGHT, 66, 1.2);
  const label: TextStyle = { font: fonts.bold, size: 7 };
  const value: TextStyle = { font: fonts.regular, size: 8.5 };
  const blocks: Array<[string, string[]]> = [
    ['OWNER', [parties.borrower]],
    ['PROPERTY', [streetLine(parties.property), cityLine(parties.property)]],
    ['LENDER / LOAN', [parties.lender, `Loan ${parties.loanNumber}`]],
  ];
  blocks.forEach(([caption, lines], index) => {
    const x = LEFT + index * 210;
    sheet.text(caption, x, 80, label);
    lines.forEach((line, row) => sheet.text(line, x, 91 + row * 10, value));
  });
  sheet.y = 116;
  const note =
    'Durations are working days; weeks run Monday to Friday from the start of work after loan closing. Amounts are for the scope as described, labor and materials apart; ' +
    'the schedule is an estimate and moves with inspections, material lead times and owner selections.';
  sheet.paragraph(note, LEFT, RIGHT - LEFT, { font: fonts.italic, size: 7.5 }, 9.5);
  sheet.y += 6;
}

function totals(context: Context, document: SorDocument): void {
  const { sheet, fonts, style } = context;
  const { recap } = document;
  const lines: Array<[string, number, boolean]> = [['Total direct cost', recap.subtotal, false]];
  if (recap.overhead) lines.push([`${style.feeLabel} (${percentText(recap.overhead.rate)})`, recap.overhead.amount, false]);
  for (const line of recap.before) lines.push([line.label, line.amount, false]);
  lines.push([style.sumLabel, recap.grandTotal, true]);
  sheet.ensure(lines.length * 12 + 40);
  sheet.y += 10;
  const top = sheet.y;
  for (const [label, amount, bold] of lines) {
    const text: TextStyle = { font: bold ? fonts.bold : fonts.regular, size: 8.5 };
    if (bold) sheet.rule(X.task, X.weeks - 6, sheet.y, 0.8);
    sheet.text(label, X.task + 3, sheet.y + 9, text);
    sheet.text(money(amount, { dollar: true }), X.weeks - 10, sheet.y + 9, text, 'right');
    sheet.y += 12;
  }
  const draws = [Math.ceil(context.weeks / 3), Math.ceil((2 * context.weeks) / 3), context.weeks];
  sheet.text('Draw inspections planned', X.weeks + 6, top + 9, { font: fonts.bold, size: 7.5 });
  sheet.text(`End of weeks ${draws.join(', ')} (final)`, X.weeks + 6, top + 20, { font: fonts.regular, size: 7.5 });
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g39-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const items = document.sections.reduce((sum, section) => sum + section.items.length, 0);
  const weeks = Math.max(6, Math.min(16, Math.round(items / 4) + 4));
  const start = addDays(parties.reportDate, random.int(14, 40));
  const sheet = await Sheet.create({ size: [792, 612], margins: { top: 36, bottom: 40, left: LEFT, right: 792 - RIGHT }, title: 'Scope, Budget & Schedule', producer: style.app, date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const small: TextStyle = { font: fonts.regular, size: 7.5, gray: 0.3 };
  const context: Context = { sheet, style, fonts, body: { font: fonts.regular, size: 7.5 }, bold: { font: fonts.bold, size: 7.5 }, lineHeight: 9, weeks, small };
  sheet.onPageStart = (current) => {
    if (current.pages.length > 1) current.text(`${parties.contractor!.name}  ·  ${oneLine(parties.property)}`, LEFT, 26, small);
  };
  sheet.addPage();
  heading(context, document);
  grid(context, scheduleRows(document, style, weeks, random.child('schedule')), start);
  totals(context, document);
  sheet.decorate((index, count) => sheet.text(`${style.app}  ·  Page ${index + 1} of ${count}`, RIGHT, 592, small, 'right'));
  return sheet.save();
}

export const g39: SorFamily = {
  id: 'g39',
  name: "contractor's scope, budget and Gantt schedule in one grid",
  heldOut: false,
  items: [14, 60],
  dateStyle: 'abbrev',
  printed: printedFields({ quantity: false, unit: false, consultant: false, inspectionDate: false }),
  spec: (random, itemCount) => {
    const form = random.int(0, 2);
    return {
      itemCount,
      grouping: 'trade',
      contractorSelected: true,
      heading: ({ ordinal, trade }) => [`Phase ${ordinal} – ${trade!.name}`, trade!.name.toUpperCase(), trade!.name][form],
      verbosity: 0.25,
      recap: {
        generalConditions: null,
        overheadAndProfit: random.chance(0.8) ? [8, 10, 12, 15] : null,
        before: (inner) => permitFee(inner, 0.55, ['Permits & inspections', 'Building permit'], 1500),
      },
    };
  },
  render,
};
