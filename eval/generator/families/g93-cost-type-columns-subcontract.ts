import { contractorCompany, formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type FontFamily, type TextStyle } from '../layout.js';
import { sectionTotal, type Section, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import { cityLine, columnsAcross, labelValueColumns, permitFee, pickEach, printedFields, recapRows, streetLine, type Pair, type TextContext } from './parts.js';

/**
 * g93: a general contractor's cost breakdown by cost type, landscape, Helvetica or Times: the company and the
 * job block in three columns over the page, then Code | Description | Qty | Unit | Material | Labor | Equipment
 * | Subcontract | Total with a row per item under each trade's shaded band. The trades the contractor lets out
 * (plumbing, electrical, HVAC, roofing, masonry, concrete, site work) often have a "Subcontractor:" note under
 * their band and print only the Subcontract amount on each line (material, labor and equipment blank); the
 * other lines print material, labor and equipment, their sum in Total. Each trade ends with a total row over all
 * five columns, the table with a COST TYPE TOTALS row. The recap at the right: direct cost, general conditions
 * sometimes, overhead and profit, a permit or bond sometimes and TOTAL CONTRACT PRICE.
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    font: ['Helvetica', 'Times'] as FontFamily[],
    title: ['COST BREAKDOWN', 'ESTIMATE — COST BREAKDOWN BY COST TYPE', 'CONTRACTOR COST BREAKDOWN'],
    totalLabel: ['TOTAL CONTRACT PRICE', 'TOTAL ESTIMATE'],
  });

type Style = ReturnType<typeof chooseStyle>;

const LEFT = 36;
const RIGHT = 756;
const LET_OUT = new Set(['Plumbing', 'Electrical', 'Heating & Air Conditioning', 'Roofing, Siding & Insulation', 'Masonry', 'Concrete', 'Site Work']);

/** Whether the contractor lets the trade out: a pure function of the document and the trade, so the answer and the print agree. */
export function subcontracted(document: SorDocument, section: Section): boolean {
  return LET_OUT.has(section.heading) && new Random(document.seed).child(`g93-sub/${section.heading}`).chance(0.65);
}

const blankZero = (cents: number): string => (cents === 0 ? '' : money(cents));

function rows(document: SorDocument): TableRow[] {
  return document.sections.flatMap((section, sectionIndex): TableRow[] => {
    const sub = subcontracted(document, section);
    const items = section.items.map((item, index): TableRow => {
      const code = `${10 + sectionIndex * 5}-${String((index + 1) * 10).padStart(3, '0')}`;
      const cells = { code, description: item.description, quantity: quantityText(item.quantity), unit: item.unit, total: money(item.total) };
      return { kind: 'item', cells: sub ? { ...cells, subcontract: money(item.total) } : { ...cells, material: money(item.material), labor: money(item.labor), equipment: blankZero(item.equipment) } };
    });
    const sums: Record<string, string> = sub
      ? { subcontract: money(sectionTotal(section)) }
      : { material: money(sectionTotal(section, 'material')), labor: money(sectionTotal(section, 'labor')), equipment: blankZero(sectionTotal(section, 'equipment')) };
    const note: TableRow[] = sub ? [{ kind: 'note', text: `Subcontractor: ${contractorCompany(new Random(document.seed).child(`g93-name/${section.heading}`))}` }] : [];
    return [
      { kind: 'heading', text: section.heading },
      ...note,
      ...items,
      { kind: 'total', label: `Total ${section.heading}`, labelKey: 'description', cells: { ...sums, total: money(sectionTotal(section)) }, rule: true },
    ];
  });
}

function columnTotals(document: SorDocument): TableRow {
  const split = document.sections.filter((section) => !subcontracted(document, section));
  const of = (field: 'material' | 'labor' | 'equipment') => split.reduce((sum, section) => sum + sectionTotal(section, field), 0);
  const sub = document.sections.filter((section) => subcontracted(document, section)).reduce((sum, section) => sum + sectionTotal(section), 0);
  return {
    kind: 'total',
    label: 'COST TYPE TOTALS',
    labelKey: 'description',
    cells: { material: money(of('material')), labor: money(of('labor')), equipment: money(of('equipment')), subcontract: money(sub), total: money(document.recap.subtotal) },
    rule: true,
  };
}

function top(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { parties } = document;
  const contractor = parties.contractor!;
  sheet.text(contractor.name, LEFT, 50, { ...bold, size: 13 });
  sheet.text(`${streetLine(contractor.address)}, ${cityLine(contractor.address)}  |  ${contractor.phone}  |  Lic. ${contractor.license}`, LEFT, 63, body);
  sheet.text(style.title, RIGHT, 50, { ...bold, size: 12 }, 'right');
  sheet.text(`Estimate ${parties.fileNumber}  ·  ${formatDate(parties.reportDate, 'short')}`, RIGHT, 63, body, 'right');
  sheet.rule(LEFT, RIGHT, 70, 1);
  const owner: Pair[] = [['Owner:', parties.borrower], ['Lender:', parties.lender]];
  const job: Pair[] = [['Job site:', streetLine(parties.property)], ['', cityLine(parties.property)]];
  const file: Pair[] = [['Consultant:', parties.consultant], ['Inspection:', formatDate(parties.inspectionDate, 'short')]];
  labelValueColumns(sheet, [[LEFT, 46, owner], [300, 46, job], [540, 56, file]], 84, 11, bold, body);
  sheet.y = 104;
}

function recap(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { recap: totals } = document;
  const lines = [{ label: 'Direct cost', amount: money(totals.subtotal), bold: true }];
  if (totals.generalConditions) lines.push({ label: `General conditions ${percentText(totals.generalConditions.rate)}`, amount: money(totals.generalConditions.amount), bold: false });
  if (totals.overhead) lines.push({ label: `Overhead & profit ${percentText(totals.overhead.rate)}`, amount: money(totals.overhead.amount), bold: false });
  for (const line of totals.before) lines.push({ label: line.label, amount: money(line.amount), bold: false });
  sheet.ensure(lines.length * 12 + 60);
  sheet.y += 10;
  recapRows(sheet, [...lines, { label: style.totalLabel, amount: money(totals.grandTotal, { dollar: true }), bold: true, rule: true }], { labelX: 520, amountRight: RIGHT - 3, ruleFrom: 516, leading: 12, regular: body, bold });
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const style = chooseStyle(new Random(document.seed).child('g93-render'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [792, 612], margins: { top: 36, bottom: 40, left: LEFT, right: 792 - RIGHT }, title: `${style.title} ${parties.fileNumber}`, producer: 'Microsoft Excel', date: parties.reportDate });
  const fonts = await sheet.fonts(style.font);
  const size = style.font === 'Times' ? 8 : 7.5;
  const body: TextStyle = { font: fonts.regular, size };
  const bold: TextStyle = { font: fonts.bold, size };
  const context: TextContext = { sheet, fonts, body, bold, lineHeight: 9.5 };
  sheet.addPage();
  top(context, document, style);
  writeTable(sheet, {
    columns: columnsAcross(LEFT, RIGHT, [
      ['code', 'Code', 40, 'left'],
      ['description', 'Description', RIGHT - LEFT - 426, 'left'],
      ['quantity', 'Qty', 34, 'right'],
      ['unit', 'Unit', 26, 'center'],
      ['material', 'Material', 64, 'right'],
      ['labor', 'Labor', 64, 'right'],
      ['equipment', 'Equipment', 60, 'right'],
      ['subcontract', 'Subcontract', 68, 'right'],
      ['total', 'Total', 'rest', 'right'],
    ]),
    wrapKey: 'description',
    body,
    bold,
    header: bold,
    headerBand: 0.8,
    headerRules: 'above-below',
    grid: true,
    mergedHeadings: true,
    lineHeight: 9.5,
    rowGap: 2,
    padding: 3,
    heading: {
      height: 14,
      draw: (target, text, at) => {
        target.box(LEFT, at, RIGHT - LEFT, 14, { fill: 0.9, stroke: 0, thickness: 0.5 });
        target.text(text, LEFT + 3, at + 10, bold);
      },
    },
    continued: (text) => `${text} (continued)`,
  }, [...rows(document), columnTotals(document)]);
  recap(context, document, style);
  sheet.decorate((index, count) => sheet.text(`Page ${index + 1} of ${count}`, RIGHT, 594, { ...body, size: 7 }, 'right'));
  return sheet.save();
}

export const g93: SorFamily = {
  id: 'g93',
  name: 'landscape cost breakdown by cost type (Material | Labor | Equipment | Subcontract | Total), the trades let out printing only a Subcontract amount, trade total rows over all five columns and a COST TYPE TOTALS row',
  heldOut: false,
  items: [12, 44],
  dateStyle: 'short',
  printed: printedFields(),
  subcontracted,
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'trade',
    contractorSelected: true,
    heading: ({ trade }) => trade!.name,
    verbosity: 0.3,
    equipmentAndTax: { taxRate: 0 },
    credits: 0.12,
    recap: {
      generalConditions: random.chance(0.5) ? [6, 8, 10] : null,
      overheadAndProfit: [10, 12, 15],
      before: (inner) => permitFee(inner, 0.5, ['Building permit', 'Performance bond'], 900),
    },
  }),
  render,
};
