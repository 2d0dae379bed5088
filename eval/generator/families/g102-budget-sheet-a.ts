import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import { columnsAcross, contingencyReserve, oneLine, permitFee, pickEach, printedFields, recapRows, withTotalLine, type Pair, type RecapRow, type TextContext } from './parts.js';

/**
 * g102: a private lender's fix-and-flip rehab budget, filled in by the borrower's contractor and printed from a
 * spreadsheet on US letter landscape in Helvetica. A title bar, then three boxes side by side (PROPERTY, LOAN,
 * CONTRACTOR) and an inspection line under them. The table: Line | Scope of Work | Qty | Unit | Material | Labor |
 * Line Total | % of Budget, whole dollars without "$", whole quantities (the recap box in dollars and cents). Each trade is a lettered category
 * ("C. PLUMBING") ending with a "Category C Total" row that carries the category's share of the hard costs; lines are
 * keyed by the letter ("C4"). Every page repeats a running header (the property and the loan number) and ends with
 * initials blanks and the page number. The recap is a box at the right: Total Hard Costs, supervision sometimes, the
 * contractor fee, permits and plans sometimes, TOTAL REHAB BUDGET, then the contingency reserve the lender holds and
 * the total with contingency; a signature block stands at its left.
 */

const WIDTH = 792;
const HEIGHT = 612;
const LEFT = 36;
const RIGHT = 756;

const letterOf = (index: number): string => String.fromCharCode(65 + index);
const whole = (cents: number): string => money(cents, { whole: true });
const share = (part: number, of: number): string => `${((part * 100) / of).toFixed(1)}%`;

const chooseStyle = (random: Random) =>
  pickEach(random, {
    title: ['REHAB BUDGET & SCOPE OF WORK', 'CONSTRUCTION BUDGET / SCOPE OF WORK', 'RENOVATION BUDGET'],
    feeLabel: ['Contractor Fee (OH&P)', 'GC Fee - Overhead & Profit', 'Builder Fee'],
    totalLabel: ['TOTAL REHAB BUDGET', 'TOTAL CONSTRUCTION BUDGET'],
    band: [0.85, 0.78],
  });

type Style = ReturnType<typeof chooseStyle>;

function rows(document: SorDocument): TableRow[] {
  const hardCosts = document.recap.subtotal;
  return document.sections.flatMap((section, sectionIndex): TableRow[] => {
    const letter = letterOf(sectionIndex);
    return [
      { kind: 'heading', text: section.heading },
      ...section.items.map((item, index): TableRow => ({
        kind: 'item',
        cells: {
          number: `${letter}${index + 1}`,
          description: item.description,
          quantity: quantityText(item.quantity),
          unit: item.unit,
          material: whole(item.material),
          labor: whole(item.labor),
          total: whole(item.total),
          share: share(item.total, hardCosts),
        },
      })),
      {
        kind: 'total',
        label: `Category ${letter} Total`,
        labelKey: 'description',
        cells: { material: whole(sectionTotal(section, 'material')), labor: whole(sectionTotal(section, 'labor')), total: whole(sectionTotal(section)), share: share(sectionTotal(section), hardCosts) },
        rule: true,
      },
      { kind: 'space', height: 5 },
    ];
  });
}

function infoBox(context: TextContext, title: string, pairs: Pair[], x: number, width: number, top: number, band: number): void {
  const { sheet, body, bold } = context;
  sheet.box(x, top, width, 13, { fill: band });
  sheet.text(title, x + 5, top + 9.5, bold);
  sheet.box(x, top, width, 13 + pairs.length * 11 + 5, { stroke: 0, thickness: 0.6 });
  pairs.forEach(([label, value], index) => {
    sheet.text(label, x + 5, top + 24 + index * 11, bold);
    sheet.text(value, x + 78, top + 24 + index * 11, body);
  });
}

function heading(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, bold } = context;
  const { parties } = document;
  const contractor = parties.contractor!;
  sheet.box(LEFT, 36, RIGHT - LEFT, 22, { fill: 0.9 });
  sheet.text(style.title, LEFT + 8, 51.5, { font: bold.font, size: 13 });
  sheet.text(`Prepared ${formatDate(parties.reportDate, 'us')}`, RIGHT - 8, 51.5, { font: bold.font, size: 9 }, 'right');
  const width = (RIGHT - LEFT - 20) / 3;
  infoBox(context, 'PROPERTY', [['Address:', parties.property.street], ['City/State:', `${parties.property.city}, ${parties.property.state} ${parties.property.zip}`], ['Year Built:', String(parties.yearBuilt)], ['Sq. Ft.:', String(parties.buildingSize)]], LEFT, width, 66, style.band);
  infoBox(context, 'LOAN', [['Borrower:', parties.borrower], ['Lender:', parties.lender], ['Loan #:', parties.loanNumber], ['Budget #:', parties.fileNumber]], LEFT + width + 10, width, 66, style.band);
  infoBox(context, 'CONTRACTOR', [['Company:', contractor.name], ['License #:', contractor.license], ['Phone:', contractor.phone], ['Email:', contractor.email]], LEFT + 2 * (width + 10), width, 66, style.band);
  sheet.text(`Site inspection: ${formatDate(parties.inspectionDate, 'us')} by ${parties.consultant}, ${parties.consultantCompany}`, LEFT, 142, context.body);
  sheet.y = 152;
}

function recap(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { recap: totals } = document;
  const lines: RecapRow[] = [{ label: 'Total Hard Costs', amount: money(totals.subtotal, { dollar: true }), bold: true }];
  if (totals.generalConditions) lines.push({ label: `Supervision & Project Management ${percentText(totals.generalConditions.rate)}`, amount: money(totals.generalConditions.amount) });
  if (totals.overhead) lines.push({ label: `${style.feeLabel} ${percentText(totals.overhead.rate)}`, amount: money(totals.overhead.amount) });
  for (const line of totals.before) lines.push({ label: line.label, amount: money(line.amount) });
  lines.push({ label: style.totalLabel, amount: money(totals.grandTotal, { dollar: true }), bold: true, rule: true });
  for (const line of totals.after) lines.push({ label: line.label, amount: money(line.amount, { dollar: true }) });
  const height = lines.length * 14 + 14;
  sheet.ensure(height + 10);
  const top = sheet.y + 6;
  sheet.box(476, top, RIGHT - 476, height, { stroke: 0, thickness: 0.8 });
  sheet.y = top + 7;
  recapRows(sheet, lines, { labelX: 484, amountRight: RIGHT - 8, ruleFrom: 480, ruleTo: RIGHT - 4, leading: 14, regular: body, bold });
  const signatures = ['Borrower', 'Contractor'];
  signatures.forEach((who, index) => {
    const y = top + 24 + index * 30;
    sheet.rule(LEFT, LEFT + 190, y, 0.5);
    sheet.rule(LEFT + 210, LEFT + 300, y, 0.5);
    sheet.text(`${who} signature`, LEFT, y + 9, { ...body, size: 7 });
    sheet.text('Date', LEFT + 210, y + 9, { ...body, size: 7 });
  });
  sheet.text('Contingency is held by the lender and released only on approved change orders.', LEFT, top + 86, { ...body, size: 7 });
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const style = chooseStyle(new Random(document.seed).child('g102-render'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [WIDTH, HEIGHT], margins: { top: 36, bottom: 44, left: LEFT, right: WIDTH - RIGHT }, title: `${style.title} - ${oneLine(parties.property)}`, producer: 'Microsoft Excel', date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const body: TextStyle = { font: fonts.regular, size: 7.5 };
  const bold: TextStyle = { font: fonts.bold, size: 7.5 };
  const context: TextContext = { sheet, fonts, body, bold, lineHeight: 10 };
  sheet.onPageStart = (current) => {
    if (current.pages.length === 1) return;
    current.text(`${oneLine(parties.property)}  |  Loan # ${parties.loanNumber}`, LEFT, 30, { ...body, size: 7 });
    current.rule(LEFT, RIGHT, 33, 0.4);
    current.y = 40;
  };
  sheet.addPage();
  heading(context, document, style);
  writeTable(sheet, {
    columns: columnsAcross(LEFT, RIGHT, [
      ['number', 'Line', 32, 'left'],
      ['description', 'Scope of Work', 374, 'left'],
      ['quantity', 'Qty', 40, 'right'],
      ['unit', 'Unit', 34, 'left'],
      ['material', 'Material', 62, 'right'],
      ['labor', 'Labor', 62, 'right'],
      ['total', 'Line Total', 66, 'right'],
      ['share', '% of Budget', 'rest', 'right'],
    ]),
    wrapKey: 'description',
    body,
    bold,
    header: bold,
    headerBand: style.band,
    headerRules: 'above-below',
    lineHeight: 9.5,
    rowGap: 2.5,
    padding: 3,
    rowRules: 0.75,
    heading: {
      height: 15,
      draw: (target, text, at) => target.text(text, LEFT + 3, at + 11, { font: bold.font, size: 8.5 }),
    },
    continued: (text) => `${text} (cont'd)`,
  }, rows(document));
  recap(context, document, style);
  sheet.decorate((index, count) => {
    sheet.text('Borrower initials: ______    Contractor initials: ______', LEFT, HEIGHT - 22, { ...body, size: 7 });
    sheet.text(`Page ${index + 1} of ${count}`, RIGHT, HEIGHT - 22, { ...body, size: 7 }, 'right');
  });
  return sheet.save();
}

export const g102: SorFamily = {
  id: 'g102',
  name: 'Lender rehab budget on letter landscape: PROPERTY / LOAN / CONTRACTOR boxes, lettered categories, Line | Scope of Work | Qty | Unit | Material | Labor | Line Total | % of Budget in whole dollars, a recap box with the contingency after the total',
  heldOut: true,
  items: [12, 48],
  dateStyle: 'us',
  printed: printedFields(),
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'trade',
    contractorSelected: true,
    heading: ({ ordinal, trade }) => `${letterOf(ordinal - 1)}. ${trade!.name.toUpperCase()}`,
    verbosity: 0.2,
    wholeDollars: true,
    credits: 0.08,
    recap: {
      generalConditions: random.chance(0.4) ? [3, 4, 5] : null,
      overheadAndProfit: [10, 12, 15],
      before: (inner) => permitFee(inner, 0.6, ['Permits & Plans', 'Permits, Plans & Fees'], 1500),
      after: (inner, grandTotal) => {
        const reserve = contingencyReserve(inner, grandTotal, [10, 15]);
        return withTotalLine([{ ...reserve, label: reserve.label.replace('Contingency reserve', 'Contingency Reserve') }], 'Total Budget incl. Contingency', grandTotal);
      },
    },
  }),
  render,
};
