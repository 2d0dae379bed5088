import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, Sheet, type Fonts, type TextStyle } from '../layout.js';
import { sectionTotal, type Section, type SorDocument } from '../model.js';
import type { Random } from '../random.js';
import { writeTable, type Column, type TableRow, type TableSpec } from '../table.js';
import { addressPairs, contractorPairs, labelValues, printedFields, recapLineRows, recapRows, sectionRows, titleCase } from './parts.js';

/**
 * g12: a construction budget and draw schedule printed from a spreadsheet in landscape. A title
 * and three columns of parties above one full grid: Line | Description of Work | Materials | Labor |
 * Total Budget | Previous Draws | This Draw | % Compl. | Balance to Finish, white on a dark header
 * band repeated on every page. Trades are lettered merged rows ("C. PLUMBING") shaded across the
 * grid, items numbered "C-2", a subtotal row per trade with materials, labor and total; the markups
 * and the contract total are rows of the same grid; the holdback is printed under it. No draws
 * are taken yet, so the balance column repeats the budget.
 */

const COLUMNS: Column[] = [
  { key: 'line', header: ['Line'], x: 30, width: 30, align: 'left' },
  { key: 'description', header: ['Description of Work'], x: 60, width: 262, align: 'left' },
  { key: 'material', header: ['Materials'], x: 322, width: 62, align: 'right' },
  { key: 'labor', header: ['Labor'], x: 384, width: 62, align: 'right' },
  { key: 'total', header: ['Total', 'Budget'], x: 446, width: 70, align: 'right' },
  { key: 'previous', header: ['Previous', 'Draws'], x: 516, width: 56, align: 'right' },
  { key: 'current', header: ['This', 'Draw'], x: 572, width: 56, align: 'right' },
  { key: 'percent', header: ['%', 'Compl.'], x: 628, width: 40, align: 'right' },
  { key: 'balance', header: ['Balance', 'to Finish'], x: 668, width: 94, align: 'right' },
];

const NO_DRAW = { previous: '-', current: '-' };

function titleBlock(sheet: Sheet, document: SorDocument, fonts: Fonts): void {
  const { parties } = document;
  const contractor = parties.contractor;
  const label: TextStyle = { font: fonts.bold, size: 7.5 };
  const value: TextStyle = { font: fonts.regular, size: 7.5 };
  sheet.text('CONSTRUCTION BUDGET AND DRAW SCHEDULE', 30, 50, { font: fonts.bold, size: 13 });
  sheet.text('FHA 203(k) Renovation Loan  –  Schedule of Values (initial budget, no draws taken)', 30, 62, value);
  sheet.text(`Prepared ${formatDate(parties.reportDate, 'abbrev')}`, 762, 50, value, 'right');
  sheet.text('Draw Request No. 0', 762, 62, label, 'right');
  const columns: Array<[number, Array<[string, string]>]> = [
    [30, [['Borrower', parties.borrower], ...addressPairs('Property', parties.property), ['Lender', parties.lender], ['Loan No.', parties.loanNumber]]],
    [300, [...contractorPairs(contractor, ['Contractor', 'License No.', 'Phone'], 'TBD - to be selected'), ['Email', contractor?.email ?? '']]],
    [540, [['203(k) Consultant', parties.consultant], ['Firm', parties.consultantCompany], ['Site Inspection', formatDate(parties.inspectionDate, 'abbrev')], ['FHA Case No.', parties.fhaCaseNumber]]],
  ];
  for (const [x, pairs] of columns) {
    sheet.y = 74;
    labelValues(sheet, pairs, x, x === 540 ? 74 : 56, label, value, 10);
  }
  sheet.y = 134;
}

function tableSpec(fonts: Fonts): TableSpec {
  const bold: TextStyle = { font: fonts.bold, size: 7.5 };
  return {
    columns: COLUMNS,
    wrapKey: 'description',
    body: { font: fonts.regular, size: 7.5 },
    bold,
    header: { font: fonts.bold, size: 7, gray: 1 },
    lineHeight: 9,
    rowGap: 2.4,
    padding: 3,
    headerBand: 0.3,
    grid: true,
    mergedHeadings: true,
    heading: {
      height: 12,
      draw: (sheet, text, top) => {
        sheet.box(30, top, 732, 12, { fill: 0.86 });
        sheet.text(text, 33, top + 8.7, { ...bold, size: 8 });
      },
    },
  };
}

function itemRows(section: Section): TableRow[] {
  const letter = section.heading.charAt(0);
  return section.items.map((item, index) => ({
    kind: 'item',
    cells: {
      line: `${letter}-${index + 1}`,
      description: item.description,
      material: money(item.material),
      labor: money(item.labor),
      total: money(item.total),
      ...NO_DRAW,
      percent: '0%',
      balance: money(item.total),
    },
  }));
}

function subtotalRows(section: Section): TableRow[] {
  const total = money(sectionTotal(section));
  return [
    {
      kind: 'total',
      label: `Subtotal ${titleCase(section.heading.slice(3))}`,
      labelKey: 'description',
      cells: { material: money(sectionTotal(section, 'material')), labor: money(sectionTotal(section, 'labor')), total, ...NO_DRAW, balance: total },
    },
  ];
}

/** The direct-cost total, the markups and the contract total, as rows at the foot of the grid. */
function footRows(document: SorDocument): TableRow[] {
  const { recap, sections } = document;
  const dollars = (cents: number) => money(cents, { dollar: true });
  const row = (label: string, cents: number, extra: Record<string, string> = {}): TableRow => ({
    kind: 'total',
    label,
    labelKey: 'description',
    cells: { ...extra, total: dollars(cents), ...NO_DRAW, balance: dollars(cents) },
  });
  const sum = (field: 'material' | 'labor') => sections.reduce((total, section) => total + sectionTotal(section, field), 0);
  return [
    { kind: 'space', height: 6 },
    row('TOTAL DIRECT COSTS', recap.subtotal, { material: dollars(sum('material')), labor: dollars(sum('labor')) }),
    row(`General Conditions (${percentText(recap.generalConditions!.rate)})`, recap.generalConditions!.amount),
    row(`Contractor Overhead & Profit (${percentText(recap.overhead!.rate)})`, recap.overhead!.amount),
    ...recap.before.map((line) => row(line.label, line.amount)),
    row('TOTAL CONTRACT AMOUNT', recap.grandTotal, { percent: '0%' }),
  ];
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const { parties, recap } = document;
  const sheet = await Sheet.create({ size: [792, 612], margins: { top: 40, bottom: 46, left: 30, right: 30 }, title: 'Draw Schedule', producer: 'Microsoft Excel', date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const small: TextStyle = { font: fonts.regular, size: 7, gray: 0.2 };
  const surname = parties.borrower.split(/ (?:and|&) /)[0].split(' ').at(-1)!.replace(/[^A-Za-z]/g, '');
  sheet.addPage();
  titleBlock(sheet, document, fonts);
  writeTable(sheet, tableSpec(fonts), [...sectionRows(document.sections, itemRows, subtotalRows), ...footRows(document)]);

  sheet.ensure(12 * recap.after.length + 40);
  sheet.y += 12;
  const regular: TextStyle = { font: fonts.regular, size: 7.5 };
  recapRows(
    sheet,
    recapLineRows(recap.after, (cents) => money(cents, { dollar: true })),
    { labelX: 436, labelAlign: 'right', amountRight: 513, leading: 11, regular, bold: regular },
  );
  sheet.y += 6;
  sheet.text('Draws are released after inspection of completed work; materials stored off site are not funded.', 30, sheet.y, { font: fonts.italic, size: 7 });

  sheet.decorate((index, count) => {
    sheet.text('Draw Schedule', 396, 26, small, 'center');
    sheet.text(`203k_budget_${surname}.xlsx`, 30, 586, small);
    sheet.text(`Page ${index + 1} of ${count}`, 396, 586, small, 'center');
    sheet.text(formatDate(parties.reportDate, 'us'), 762, 586, small, 'right');
  });
  return sheet.save();
}

function buildersRisk(random: Random, sections: Section[]) {
  if (random.chance(0.5)) return [];
  const direct = sections.reduce((sum, section) => sum + sectionTotal(section), 0);
  return [{ label: "Builder's Risk Insurance", amount: Math.round((direct * random.pick([0.8, 1, 1.2])) / 100) }];
}

export const g12: SorFamily = {
  id: 'g12',
  name: 'landscape draw schedule',
  heldOut: false,
  items: [20, 60],
  dateStyle: 'abbrev',
  printed: printedFields({ quantity: false, unit: false }),
  spec: (random, itemCount) => {
    const holdback = random.pick([10, 10, 5]);
    return {
      itemCount,
      grouping: 'trade',
      heading: ({ ordinal, trade }) => `${String.fromCharCode(64 + ordinal)}. ${trade!.name.toUpperCase()}`,
      verbosity: 0.25,
      recap: {
        generalConditions: [5, 6, 8],
        overheadAndProfit: [10, 12, 15],
        overheadOnGeneralConditions: random.chance(0.5),
        before: buildersRisk,
        after: (_random, grandTotal) => {
          const held = Math.round((grandTotal * holdback) / 100);
          return [
            { label: `Less ${holdback}% Holdback (released after final inspection)`, amount: held },
            { label: 'Payable Through Draws Before Final Inspection', amount: grandTotal - held },
          ];
        },
      },
    };
  },
  render,
};
