import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type Section, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import { TRADES } from '../work-items.js';
import { columnsAcross, contingencyReserve, oneLine, permitFee, pickEach, printedFields, type Pair } from './parts.js';

/**
 * g89: a lender's own fill-in form "Rehabilitation Cost Estimate", its printed parts in Helvetica, the entries typed
 * in Courier. The lender's name and the form number at the top, boxes with small captions over typed values
 * (borrower, property, loan and case numbers, inspection date, consultant, contractor), check boxes for the program
 * and the occupancy. All thirteen pre-printed categories in their fixed order as shaded rows "7. Roofing, Siding &
 * Insulation": a category without work has "N/A" in its total; a category with work has typed lines "7a", "7b" under
 * it (Line | Description of Work | Qty | Unit | Material | Labor | Total) and a "Category 7 total". Then the
 * pre-printed recap: every line printed, "N/A" where it does not apply; contingency after the total.
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    formNumber: ['Form RCE-1 (rev. 03/2024)', 'Form 203K-CE (01/2025)', 'RENO-07 (rev. 9/2023)'],
    program: [0, 0, 1],
  });

const LEFT = 36;
const RIGHT = 576;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

const numberOf = (heading: string): number => Number(heading.split('.')[0]);

/** The document's categories in the form's fixed order (those with work only). */
const printedSections = (document: SorDocument): Section[] => [...document.sections].sort((a, b) => numberOf(a.heading) - numberOf(b.heading));

const categoryHeading = (index: number): string => `${index + 1}. ${TRADES[index].name}`;

function rows(document: SorDocument): TableRow[] {
  const byNumber = new Map(document.sections.map((section) => [numberOf(section.heading), section]));
  return TRADES.flatMap((_, index): TableRow[] => {
    const section = byNumber.get(index + 1);
    if (!section) return [{ kind: 'heading', text: categoryHeading(index) }];
    return [
      { kind: 'heading', text: section.heading },
      ...section.items.map((item, at): TableRow => ({
        kind: 'item',
        cells: {
          line: `${index + 1}${LETTERS[at]}`,
          description: item.description,
          quantity: quantityText(item.quantity),
          unit: item.unit,
          material: money(item.material),
          labor: money(item.labor),
          total: money(item.total),
        },
      })),
      { kind: 'total', label: `Category ${index + 1} total`, labelKey: 'description', cells: { total: money(sectionTotal(section)) } },
    ];
  });
}

function field(sheet: Sheet, [caption, value]: Pair, x: number, y: number, width: number, label: TextStyle, typed: TextStyle): void {
  sheet.box(x, y, width, 24, { stroke: 0, thickness: 0.5 });
  sheet.text(caption, x + 3, y + 7, label);
  sheet.wrap(value, width - 6, typed).slice(0, 1).forEach((line) => sheet.text(line, x + 4, y + 19, typed));
}

function checkBox(sheet: Sheet, text: string, checked: boolean, x: number, y: number, label: TextStyle, typed: TextStyle): void {
  sheet.box(x, y - 7, 8, 8, { stroke: 0, thickness: 0.5 });
  if (checked) sheet.text('X', x + 1.3, y, typed);
  sheet.text(text, x + 12, y, label);
}

function top(sheet: Sheet, document: SorDocument, styles: { label: TextStyle; typed: TextStyle; bold: TextStyle }, choice: ReturnType<typeof chooseStyle>): void {
  const { parties } = document;
  const { label, typed, bold } = styles;
  const contractor = parties.contractor;
  sheet.text(parties.lender.toUpperCase(), LEFT, 44, { ...bold, size: 10 });
  sheet.text(choice.formNumber, RIGHT, 44, label, 'right');
  sheet.text('REHABILITATION COST ESTIMATE', 306, 64, { ...bold, size: 13 }, 'center');
  const third = (RIGHT - LEFT) / 3;
  const grid: Array<[Pair, number]> = [
    [['BORROWER(S)', parties.borrower], 2],
    [['LOAN NUMBER', parties.loanNumber], 1],
    [['PROPERTY ADDRESS', oneLine(parties.property)], 2],
    [['FHA CASE NUMBER', parties.fhaCaseNumber], 1],
    [['203(k) CONSULTANT', `${parties.consultant}, ${parties.consultantCompany}`], 2],
    [['DATE OF INSPECTION', formatDate(parties.inspectionDate, 'us')], 1],
    [['CONTRACTOR', contractor ? contractor.name : 'NOT YET SELECTED'], 1],
    [['LICENSE NO.', contractor ? contractor.license : 'N/A'], 1],
    [['CONTRACTOR PHONE', contractor ? contractor.phone : 'N/A'], 1],
  ];
  let x = LEFT;
  let y = 74;
  for (const [pair, span] of grid) {
    field(sheet, pair, x, y, third * span, label, typed);
    x += third * span;
    if (x >= RIGHT - 1) [x, y] = [LEFT, y + 24];
  }
  checkBox(sheet, 'Standard 203(k)', choice.program === 0, LEFT, y + 16, label, typed);
  checkBox(sheet, 'Limited 203(k)', choice.program === 1, LEFT + 90, y + 16, label, typed);
  checkBox(sheet, 'Owner occupied', true, LEFT + 200, y + 16, label, typed);
  checkBox(sheet, 'Investor', false, LEFT + 290, y + 16, label, typed);
  sheet.text('Enter N/A in any category that does not apply.', RIGHT, y + 16, label, 'right');
  sheet.y = y + 26;
}

function recap(sheet: Sheet, document: SorDocument, styles: { label: TextStyle; typed: TextStyle; bold: TextStyle }): void {
  const { recap: totals } = document;
  const { typed, bold } = styles;
  const amount = (cents: number | undefined) => (cents === undefined ? 'N/A' : money(cents));
  const permits = totals.before[0];
  const contingency = totals.after[0];
  const lines: Array<[string, string, boolean]> = [
    ['A. Total of categories 1 through 13', amount(totals.subtotal), false],
    [`B. General conditions ${totals.generalConditions ? percentText(totals.generalConditions.rate) : '____ %'}`, amount(totals.generalConditions?.amount), false],
    [`C. Overhead and profit ${totals.overhead ? percentText(totals.overhead.rate) : '____ %'}`, amount(totals.overhead?.amount), false],
    ['D. Permits and fees', amount(permits?.amount), false],
    ['E. TOTAL REHABILITATION COST (A through D)', money(totals.grandTotal, { dollar: true }), true],
    [`F. ${contingency.label}`, amount(contingency.amount), false],
  ];
  sheet.ensure(lines.length * 16 + 20);
  sheet.y += 10;
  for (const [text, value, strong] of lines) {
    sheet.box(300, sheet.y, RIGHT - 300, 16, { stroke: 0, thickness: 0.5, ...(strong ? { fill: 0.88 } : {}) });
    sheet.text(text, 304, sheet.y + 11, bold);
    sheet.text(value, RIGHT - 4, sheet.y + 11, typed, 'right');
    sheet.y += 16;
  }
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g89-render');
  const choice = chooseStyle(random.child('style'));
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 40, bottom: 48, left: LEFT, right: 612 - RIGHT }, title: 'Rehabilitation Cost Estimate', producer: 'Adobe LiveCycle Designer 11.0', date: document.parties.reportDate });
  const form = await sheet.fonts('Helvetica');
  const typewriter = await sheet.fonts('Courier');
  const styles = { label: { font: form.regular, size: 6.5 }, typed: { font: typewriter.regular, size: 8 }, bold: { font: form.bold, size: 7.5 } };
  const empty = new Set(TRADES.map((_, index) => categoryHeading(index)).filter((heading) => !document.sections.some((section) => section.heading === heading)));
  sheet.addPage();
  top(sheet, document, styles, choice);
  writeTable(sheet, {
    columns: columnsAcross(LEFT, RIGHT, [
      ['line', 'LINE', 30, 'left'],
      ['description', 'DESCRIPTION OF WORK', RIGHT - LEFT - 30 - 36 - 30 - 3 * 66, 'left'],
      ['quantity', 'QTY', 36, 'right'],
      ['unit', 'UNIT', 30, 'center'],
      ['material', 'MATERIAL', 66, 'right'],
      ['labor', 'LABOR', 66, 'right'],
      ['total', 'TOTAL', 'rest', 'right'],
    ]),
    wrapKey: 'description',
    body: styles.typed,
    bold: styles.bold,
    header: styles.bold,
    headerBand: 0.8,
    headerRules: 'above-below',
    grid: true,
    mergedHeadings: true,
    lineHeight: 10,
    rowGap: 2,
    padding: 3,
    heading: {
      height: 14,
      draw: (target, text, at) => {
        target.box(LEFT, at, RIGHT - LEFT, 14, { fill: 0.9 });
        target.text(text, LEFT + 3, at + 10, styles.bold);
        if (empty.has(text)) target.text('N/A', RIGHT - 4, at + 10, styles.typed, 'right');
      },
    },
    continued: (text) => `${text} (continued)`,
  }, rows(document));
  recap(sheet, document, styles);
  sheet.decorate((index, count) => sheet.text(`${choice.formNumber}   Page ${index + 1} of ${count}`, RIGHT, 772, styles.label, 'right'));
  return sheet.save();
}

export const g89: SorFamily = {
  id: 'g89',
  name: 'lender\'s fill-in form "Rehabilitation Cost Estimate": typed Courier entries in captioned boxes, check boxes, all thirteen pre-printed categories "7. Roofing, Siding & Insulation" with "N/A" where empty, lines "7a", a category total, a pre-printed recap A-F with "N/A"',
  heldOut: false,
  items: [8, 40],
  dateStyle: 'us',
  printed: printedFields(),
  printedSections,
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'trade',
    heading: ({ trade }) => `${TRADES.indexOf(trade!) + 1}. ${trade!.name}`,
    verbosity: 0.35,
    credits: 0.15,
    recap: {
      generalConditions: random.chance(0.4) ? [5, 10] : null,
      overheadAndProfit: random.chance(0.8) ? [10, 15] : null,
      before: (inner) => permitFee(inner, 0.5, 'Permits and fees', 1000),
      after: (inner, grandTotal) => [contingencyReserve(inner, grandTotal, [10, 15, 20])],
    },
  }),
  render,
};
