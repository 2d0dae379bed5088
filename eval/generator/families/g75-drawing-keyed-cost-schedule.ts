import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type Section, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import { cityLine, columnsAcross, contingencyReserve, flowLines, permitFee, pickEach, printedFields, streetLine, workItemOf, type TextContext } from './parts.js';

/**
 * g75: an architect-assisted renovation's cost schedule printed from a spreadsheet, landscape, in Helvetica 7,
 * keyed to the drawings: every line has a reference "A-1.03" (drawing sheet A-1, keynote 03; P for plumbing, E
 * for electrical, M for mechanical, C for site, D for demolition, G for general) and the description stands in
 * the last, widest column, at the far right: Ref. | Qty | Unit | MATERIAL Unit, Total | LABOR Unit, Total |
 * Line Total | Description of Work. Zero amounts print as "-" and credits in parentheses, as a spreadsheet's
 * accounting format does. A title block of three columns, then two columns of text (basis of the estimate and
 * exclusions) above the table. Trades are merged grid rows in capitals, each closed by a subtotal row whose label
 * stands in the description column, right of its amounts; the recap rows are rows of the same grid, the amount in
 * the Line Total column and the label at the right: cost of work, general conditions sometimes, the contractor's
 * fee sometimes, a permit sometimes and TOTAL PROJECT COST; a contingency reserve after it sometimes.
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    title: ['COST SCHEDULE', 'SCOPE OF WORK COST SCHEDULE', 'RENOVATION COST SCHEDULE'],
    totalLabel: ['TOTAL PROJECT COST', 'TOTAL COST, ALL WORK', 'PROJECT TOTAL'],
    subtotalLabel: ['Cost of work', 'Subtotal, cost of work', 'Direct cost subtotal'],
    feeLabel: ["Contractor's fee", 'Overhead & profit', 'Contractor OH&P'],
    sectionTotal: ['Subtotal', 'Total'],
  });

type Style = ReturnType<typeof chooseStyle>;

const LEFT = 30;
const RIGHT = 762;

/** The drawing discipline a trade's work is keyed to. */
const DISCIPLINE: Record<string, string> = {
  general: 'G', demolition: 'D', concrete: 'S', masonry: 'A', carpentry: 'A', roofing: 'A', openings: 'A',
  finishes: 'A', cabinets: 'A', plumbing: 'P', hvac: 'M', electrical: 'E', site: 'C',
};

const columns = () =>
  columnsAcross(LEFT, RIGHT, [
    ['number', 'Ref.', 42, 'left'],
    ['quantity', 'Qty', 40, 'right'],
    ['unit', 'Unit', 26, 'center'],
    ['materialRate', 'Unit', 46, 'right'],
    ['material', 'Total', 56, 'right'],
    ['laborRate', 'Unit', 46, 'right'],
    ['labor', 'Total', 56, 'right'],
    ['total', 'Line Total', 62, 'right'],
    ['description', 'Description of Work', 'rest', 'left'],
  ]);

/** Accounting format: "-" for nothing, a credit in parentheses. */
const accounting = (cents: number): string => (cents === 0 ? '-' : money(cents, { parentheses: true }));

/** "A-1", "A-2", "P-1": each section's drawing sheet, numbered within its discipline. */
function drawingSheets(sections: Section[]): string[] {
  const counts: Record<string, number> = {};
  return sections.map((section) => {
    const letter = DISCIPLINE[workItemOf(section.items[0]).trade] ?? 'A';
    counts[letter] = (counts[letter] ?? 0) + 1;
    return `${letter}-${counts[letter]}`;
  });
}

function itemRows(document: SorDocument, style: Style): TableRow[] {
  const sheets = drawingSheets(document.sections);
  return document.sections.flatMap((section, sectionIndex): TableRow[] => [
    { kind: 'heading', text: section.heading },
    ...section.items.map((item, index): TableRow => ({
      kind: 'item',
      cells: {
        number: `${sheets[sectionIndex]}.${String(index + 1).padStart(2, '0')}`,
        quantity: quantityText(item.quantity, 2),
        unit: item.unit,
        materialRate: item.material > 0 ? money(item.materialRate) : '-',
        material: accounting(item.material),
        laborRate: item.labor > 0 ? money(item.laborRate) : '-',
        labor: accounting(item.labor),
        total: accounting(item.total),
        description: item.description,
      },
    })),
    {
      kind: 'total',
      label: `${style.sectionTotal} ${section.heading}`,
      labelKey: 'description',
      cells: { material: accounting(sectionTotal(section, 'material')), labor: accounting(sectionTotal(section, 'labor')), total: accounting(sectionTotal(section)) },
    },
  ]);
}

function recapTableRows(document: SorDocument, style: Style): TableRow[] {
  const { recap } = document;
  const row = (label: string, cents: number, dollar = false): TableRow => ({ kind: 'total', label, labelKey: 'description', cells: { total: money(cents, { dollar }) }, rule: dollar });
  const rows: TableRow[] = [{ kind: 'space', height: 6 }, row(style.subtotalLabel, recap.subtotal)];
  if (recap.generalConditions) rows.push(row(`General conditions ${percentText(recap.generalConditions.rate)}`, recap.generalConditions.amount));
  if (recap.overhead) rows.push(row(`${style.feeLabel} ${percentText(recap.overhead.rate)}`, recap.overhead.amount));
  for (const line of recap.before) rows.push(row(line.label, line.amount));
  rows.push(row(style.totalLabel, recap.grandTotal, true));
  for (const line of recap.after) rows.push(row(line.label, line.amount));
  return rows;
}

function titleBlock(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { parties } = document;
  const contractor = parties.contractor!;
  const top = 36;
  const edges = [LEFT, 290, 520, RIGHT];
  for (let index = 0; index < 3; index += 1) sheet.box(edges[index], top, edges[index + 1] - edges[index], 52, { stroke: 0, thickness: 0.7 });
  const label: TextStyle = { ...body, size: 6, gray: 0.35 };
  const lines = (x: number, entries: Array<[string, string]>) =>
    entries.forEach(([caption, value], index) => {
      sheet.text(caption, x, top + 10 + index * 11, label);
      sheet.text(value, x + 52, top + 10 + index * 11, body);
    });
  lines(edges[0] + 5, [
    ['OWNER', parties.borrower],
    ['PROJECT', `${streetLine(parties.property)}, ${cityLine(parties.property)}`],
    ['LENDER', parties.lender],
    ['INSPECTED', `${formatDate(parties.inspectionDate, 'us')} by ${parties.consultant}`],
  ]);
  sheet.text(style.title, (edges[1] + edges[2]) / 2, top + 22, { ...bold, size: 11 }, 'center');
  sheet.text(`Issue ${parties.fileNumber} - ${formatDate(parties.reportDate, 'us')}`, (edges[1] + edges[2]) / 2, top + 36, body, 'center');
  lines(edges[2] + 5, [
    ['CONTRACTOR', contractor.name],
    ['LICENSE', contractor.license],
    ['PHONE', contractor.phone],
    ['E-MAIL', contractor.email],
  ]);
  sheet.y = top + 62;
  const columnWidth = (RIGHT - LEFT - 24) / 2;
  const basis = [
    'BASIS OF ESTIMATE',
    'Quantities are taken off the renovation drawings and confirmed on site; each line is keyed to its drawing sheet and keynote. Material prices are current supplier quotes; labor at the contractor\'s rates for the trade.',
  ];
  const exclusions = [
    'EXCLUSIONS',
    'Hazardous material abatement, structural repairs not shown, utility company charges, furnishings and owner-selected upgrades beyond the allowances are not included.',
  ];
  const start = sheet.y;
  flowLines(context, basis, LEFT, columnWidth);
  const end = sheet.y;
  sheet.y = start;
  flowLines(context, exclusions, LEFT + columnWidth + 24, columnWidth);
  sheet.y = Math.max(end, sheet.y) + 6;
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g75-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [792, 612], margins: { top: 36, bottom: 40, left: LEFT, right: 792 - RIGHT }, title: style.title, producer: 'Microsoft Excel', date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const body: TextStyle = { font: fonts.regular, size: 7 };
  const bold: TextStyle = { font: fonts.bold, size: 7 };
  const context: TextContext = { sheet, fonts, body, bold, lineHeight: 8.8 };
  sheet.addPage();
  titleBlock(context, document, style);
  writeTable(sheet, {
    columns: columns(),
    wrapKey: 'description',
    body,
    bold,
    header: bold,
    groups: [
      { text: 'MATERIAL', from: 'materialRate', to: 'material' },
      { text: 'LABOR', from: 'laborRate', to: 'labor' },
    ],
    headerBand: 0.85,
    grid: true,
    mergedHeadings: true,
    lineHeight: 8.8,
    rowGap: 2.6,
    padding: 3,
    heading: { height: 12, draw: (target, text, top) => {
      target.box(LEFT, top, RIGHT - LEFT, 12, { fill: 0.93 });
      target.text(text, LEFT + 3, top + 9, bold);
    } },
  }, [...itemRows(document, style), ...recapTableRows(document, style)]);
  sheet.decorate((index, count) => sheet.text(`${style.title} - ${streetLine(parties.property)}     Page ${index + 1} of ${count}`, RIGHT, 592, { ...body, size: 6.5, gray: 0.4 }, 'right'));
  return sheet.save();
}

export const g75: SorFamily = {
  id: 'g75',
  name: 'landscape cost schedule keyed to the drawings: references "A-1.03" first, the description in the last and widest column at the far right, material and labor each as unit and total, "-" for zero, subtotal labels right of their amounts, recap rows in the same grid',
  heldOut: false,
  items: [10, 46],
  dateStyle: 'us',
  printed: printedFields(),
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'trade',
    contractorSelected: true,
    heading: ({ trade }) => trade!.name.toUpperCase(),
    verbosity: 0.4,
    credits: 0.25,
    recap: {
      generalConditions: random.chance(0.5) ? [5, 7, 8] : null,
      overheadAndProfit: random.chance(0.7) ? [10, 12, 15] : null,
      before: (inner) => permitFee(inner, 0.5, ['Permit & plan review', 'Building permit'], 1000),
      after: (inner, grandTotal) => (inner.chance(0.4) ? [contingencyReserve(inner, grandTotal, [10, 15])] : []),
    },
  }),
  render,
};
