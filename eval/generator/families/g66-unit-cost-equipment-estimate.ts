import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type RecapLine, type Section, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import { cityLine, columnsAcross, descriptionTable, labelValueColumns, pickEach, printedFields, recapRows, streetLine, type RecapRow, type TextContext } from './parts.js';

/**
 * g66: a general contractor's detailed unit-cost estimate printed landscape from estimating software, in
 * Helvetica 6.8 with ten columns: Item | Description | Qty | Unit, then merged MATERIAL and LABOR headings each
 * over a unit cost and an extended amount ("Unit $" | "Extended"), then Equip. (extended only) | Total Cost. The
 * line total is material + labor + equipment. Items carry the section number and a three-digit step of ten
 * ("3.010", "3.020"); trades are headings in capitals with their two-digit number ("03 PLUMBING"), each closed
 * by a total row with the material, labor, equipment and total. A title strip with the estimate number and
 * date at the right, the job facts in two columns (owner, property, lender, loan number; consultant,
 * inspection, license, phone). After the table, an ESTIMATE RECAP box at the right: the material, labor and
 * equipment totals, the direct cost, general conditions, overhead and profit as separate percentage lines,
 * liability insurance as a percentage above the TOTAL ESTIMATE, then the cost per square foot after it.
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    title: ['DETAILED COST ESTIMATE', 'UNIT COST ESTIMATE', 'CONSTRUCTION ESTIMATE - DETAIL'],
    totalLabel: ['TOTAL ESTIMATE', 'TOTAL ESTIMATED COST', 'ESTIMATE TOTAL'],
    directLabel: ['Direct Cost Subtotal', 'Total Direct Cost', 'Subtotal Direct Costs'],
    band: [0.85, 0.9],
  });

type Style = ReturnType<typeof chooseStyle>;

const LEFT = 30;
const RIGHT = 762;

const columns = () =>
  columnsAcross(LEFT, RIGHT, [
    ['number', 'Item', 34, 'left'],
    ['description', 'Description', 292, 'left'],
    ['quantity', 'Qty', 40, 'right'],
    ['unit', 'Unit', 26, 'center'],
    ['materialRate', 'Unit $', 46, 'right'],
    ['material', 'Extended', 54, 'right'],
    ['laborRate', 'Unit $', 46, 'right'],
    ['labor', 'Extended', 54, 'right'],
    ['equipment', 'Equip.', 50, 'right'],
    ['total', 'Total Cost', 'rest', 'right'],
  ]);

/** The section number the heading starts with ("03 PLUMBING" is 3). */
const sectionNumber = (section: Section): number => Number(/^\d+/.exec(section.heading)![0]);

function itemRows(document: SorDocument): TableRow[] {
  return document.sections.flatMap((section): TableRow[] => [
    { kind: 'heading', text: section.heading },
    ...section.items.map((item, index): TableRow => ({
      kind: 'item',
      cells: {
        number: `${sectionNumber(section)}.${String((index + 1) * 10).padStart(3, '0')}`,
        description: item.description,
        quantity: quantityText(item.quantity, 2),
        unit: item.unit,
        materialRate: money(item.materialRate),
        material: money(item.material),
        laborRate: money(item.laborRate),
        labor: money(item.labor),
        equipment: item.equipment ? money(item.equipment) : '',
        total: money(item.total),
      },
    })),
    {
      kind: 'total',
      label: `Total ${section.heading.replace(/^\d+\s+/, '')}`,
      labelKey: 'description',
      cells: {
        material: money(sectionTotal(section, 'material')),
        labor: money(sectionTotal(section, 'labor')),
        equipment: money(sectionTotal(section, 'equipment')),
        total: money(sectionTotal(section)),
      },
      rule: true,
    },
    { kind: 'space', height: 4 },
  ]);
}

function header(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { parties } = document;
  const contractor = parties.contractor!;
  sheet.text(contractor.name, LEFT, 40, { ...bold, size: 12 });
  sheet.text(`${streetLine(contractor.address)}  ${cityLine(contractor.address)}`, LEFT, 51, body);
  sheet.text(style.title, RIGHT, 40, { ...bold, size: 11 }, 'right');
  sheet.text(`Estimate No. ${parties.fileNumber}   Date ${formatDate(parties.reportDate, 'us')}`, RIGHT, 51, body, 'right');
  sheet.box(LEFT, 57, RIGHT - LEFT, 2, { fill: 0.2 });
  const label = { ...body, gray: 0.35 };
  labelValueColumns(
    sheet,
    [
      [LEFT, 52, [['Owner', parties.borrower], ['Property', streetLine(parties.property)], ['', cityLine(parties.property)], ['Lender', parties.lender], ['Loan No.', parties.loanNumber]]],
      [420, 78, [['203(k) Consultant', parties.consultant], ['Inspection Date', formatDate(parties.inspectionDate, 'us')], ['Contractor Lic.', contractor.license], ['Telephone', contractor.phone]]],
    ],
    70,
    9.5,
    label,
    bold,
  );
  sheet.y = 70 + 5 * 9.5 + 2;
}

function estimateRecap(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { recap, sections } = document;
  const across = (field: 'material' | 'labor' | 'equipment') => sections.reduce((sum, section) => sum + sectionTotal(section, field), 0);
  const rows: RecapRow[] = [
    { label: 'Material', amount: money(across('material')) },
    { label: 'Labor', amount: money(across('labor')) },
    { label: 'Equipment', amount: money(across('equipment')) },
    { label: style.directLabel, amount: money(recap.subtotal), bold: true, rule: true },
  ];
  if (recap.generalConditions) rows.push({ label: 'General Conditions', rate: percentText(recap.generalConditions.rate), amount: money(recap.generalConditions.amount) });
  if (recap.overhead) rows.push({ label: 'Overhead', rate: percentText(recap.overhead.rate), amount: money(recap.overhead.amount) });
  if (recap.profit) rows.push({ label: 'Profit', rate: percentText(recap.profit.rate), amount: money(recap.profit.amount) });
  for (const line of recap.before) rows.push({ label: line.label, amount: money(line.amount) });
  rows.push({ label: style.totalLabel, amount: money(recap.grandTotal, { dollar: true }), bold: true, rule: true });
  for (const line of recap.after) rows.push({ label: line.label, amount: money(line.amount, { dollar: true }) });
  const left = 500;
  const height = rows.length * 10 + 22;
  sheet.ensure(height + 10);
  sheet.y += 8;
  const top = sheet.y;
  sheet.box(left, top, RIGHT - left, height, { stroke: 0, thickness: 0.6 });
  sheet.box(left, top, RIGHT - left, 12, { fill: style.band });
  sheet.text('ESTIMATE RECAP', left + 5, top + 8.8, bold);
  sheet.y = top + 16;
  recapRows(sheet, rows, { labelX: left + 5, rateX: 660, amountRight: RIGHT - 5, ruleFrom: left + 5, leading: 10, regular: body, bold });
  sheet.y = top + height + 6;
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g66-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [792, 612], margins: { top: 30, bottom: 36, left: LEFT, right: 792 - RIGHT }, title: `${style.title} ${parties.fileNumber}`, producer: 'ProEst-style estimating', date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const body: TextStyle = { font: fonts.regular, size: 6.8 };
  const bold: TextStyle = { font: fonts.bold, size: 6.8 };
  const context: TextContext = { sheet, fonts, body, bold, lineHeight: 8.6 };
  sheet.addPage();
  header(context, document, style);
  sheet.onPageStart = (current) => current.text(`${parties.contractor!.name}  -  ${style.title}  -  ${parties.borrower}`, LEFT, 22, { ...body, gray: 0.4 });
  const spec = descriptionTable(columns(), body, bold, {
    headerBand: style.band,
    headerRules: 'above-below',
    groups: [
      { text: 'MATERIAL', from: 'materialRate', to: 'material' },
      { text: 'LABOR', from: 'laborRate', to: 'labor' },
    ],
    lineHeight: 8.6,
    rowGap: 2,
    padding: 2.5,
    rowRules: 0.8,
    heading: {
      height: 12,
      draw: (target, text, top) => target.text(text, LEFT + 2, top + 9, { ...bold, size: 7.6 }),
    },
    continued: (text) => `${text} (continued)`,
  });
  writeTable(sheet, spec, itemRows(document));
  estimateRecap(context, document, style);
  sheet.decorate((index, count) => sheet.text(`Page ${index + 1} of ${count}`, RIGHT, 596, { ...body, gray: 0.4 }, 'right'));
  return sheet.save();
}

/** Liability insurance as a percentage of the direct cost, above the total. */
function insurance(random: Random, sections: Section[]): RecapLine[] {
  const rate = random.pick([1, 1.25, 1.5, 2]);
  const direct = sections.reduce((sum, section) => sum + sectionTotal(section), 0);
  return [{ label: `Liability Insurance (${rate}%)`, amount: Math.round((direct * rate) / 100) }];
}

/** The cost per square foot of the area the estimator measured, after the total. */
function costPerFoot(random: Random, grandTotal: number): RecapLine[] {
  const area = random.int(9, 38) * 100 + random.pick([0, 20, 40, 60, 80]);
  return [{ label: `Cost per SF (${area.toLocaleString('en-US')} SF)`, amount: Math.round(grandTotal / area) }];
}

export const g66: SorFamily = {
  id: 'g66',
  name: 'landscape unit-cost estimate in ten columns: material and labor each as a unit cost and an extended amount under merged headings, an equipment column, items "3.010", an estimate recap box with insurance and the cost per square foot',
  heldOut: false,
  items: [12, 48],
  dateStyle: 'us',
  printed: printedFields(),
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'trade',
    contractorSelected: true,
    heading: ({ ordinal, trade }) => `${String(ordinal).padStart(2, '0')} ${trade!.name.toUpperCase()}`,
    verbosity: 0.3,
    equipmentAndTax: { taxRate: 0 },
    recap: {
      generalConditions: random.chance(0.6) ? [5, 6, 8] : null,
      overheadAndProfit: [8, 10, 12],
      split: true,
      before: (inner, sections) => insurance(inner, sections),
      after: (inner, grandTotal) => costPerFoot(inner, grandTotal),
    },
  }),
  render,
};
