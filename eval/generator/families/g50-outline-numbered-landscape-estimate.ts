import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import { columnsAcross, descriptionTable, labelValueColumns, oneLine, permitFee, pickEach, printedFields, recapRows, type Pair, type RecapRow } from './parts.js';

/**
 * g50: a remodeler's cost breakdown printed landscape from a project-management program, in Helvetica. A
 * header with the company and its license and telephone, then three columns of job facts (owner, property,
 * lender; consultant, inspection, estimate number). The table is No. | Description | Unit | Qty | Labor |
 * Material | Total: the unit before the quantity and the labor before the material. Sections are numbered
 * in outline form ("3.0 Plumbing") on a shaded band across the table, their items "3.1", "3.2" …, and a
 * total row after each. The recap in a ruled box at the right: subtotal, general conditions sometimes,
 * overhead and profit as two lines, a permit sometimes, TOTAL CONTRACT PRICE.
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    title: ['COST BREAKDOWN', 'PROJECT ESTIMATE', 'RENOVATION COST BREAKDOWN'],
    totalLabel: ['TOTAL CONTRACT PRICE', 'TOTAL PROJECT COST'],
    band: [0.82, 0.86, 0.9],
  });

type Style = ReturnType<typeof chooseStyle>;

const WIDTH = 792;
const HEIGHT = 612;
const LEFT = 36;
const RIGHT = WIDTH - 36;

const COLUMNS = columnsAcross(LEFT, RIGHT, [
  ['number', 'No.', 38, 'left'],
  ['description', 'Description', 356, 'left'],
  ['unit', 'Unit', 36, 'center'],
  ['quantity', 'Qty', 50, 'right'],
  ['labor', 'Labor', 80, 'right'],
  ['material', 'Material', 80, 'right'],
  ['total', 'Total', 'rest', 'right'],
]);

/** "3" of "3.0 Plumbing". */
const outlineNumber = (heading: string): string => heading.split('.')[0];

function header(sheet: Sheet, document: SorDocument, style: Style, regular: TextStyle, bold: TextStyle): void {
  const { parties } = document;
  const contractor = parties.contractor!;
  sheet.text(contractor.name, LEFT, 48, { ...bold, size: 15 });
  sheet.text(`${oneLine(contractor.address)}  |  ${contractor.phone}  |  Lic. # ${contractor.license}`, LEFT, 62, { ...regular, size: 8 });
  sheet.text(style.title, RIGHT, 48, { ...bold, size: 13 }, 'right');
  sheet.text(`Printed ${formatDate(parties.reportDate, 'short')}`, RIGHT, 62, { ...regular, size: 8 }, 'right');
  sheet.rule(LEFT, RIGHT, 70, 1.4);
  const small = { ...regular, size: 8.5 };
  const label = { ...bold, size: 8.5 };
  const columns: Array<[number, number, Pair[]]> = [
    [LEFT, 50, [['Owner:', parties.borrower], ['Property:', oneLine(parties.property)], ['Lender:', parties.lender]]],
    [LEFT + 300, 92, [['203(k) Consultant:', parties.consultant], ['Site inspection:', formatDate(parties.inspectionDate, 'short')], ['Estimate no.:', parties.fileNumber]]],
    [LEFT + 540, 62, [['Loan no.:', parties.loanNumber], ['FHA case:', parties.fhaCaseNumber], ['Year built:', String(parties.yearBuilt)]]],
  ];
  labelValueColumns(sheet, columns, 84, 11.5, label, small);
  sheet.y = 84 + 3 * 11.5 + 4;
}

function itemRows(document: SorDocument): TableRow[] {
  return document.sections.flatMap((section): TableRow[] => {
    const number = outlineNumber(section.heading);
    return [
      { kind: 'heading', text: section.heading },
      ...section.items.map((item, index): TableRow => ({
        kind: 'item',
        cells: {
          number: `${number}.${index + 1}`,
          description: item.description,
          unit: item.unit,
          quantity: quantityText(item.quantity),
          labor: money(item.labor),
          material: money(item.material),
          total: money(item.total),
        },
      })),
      {
        kind: 'total',
        label: `Total ${number}.0`,
        labelKey: 'description',
        rule: true,
        cells: { labor: money(section.items.reduce((sum, item) => sum + item.labor, 0)), material: money(section.items.reduce((sum, item) => sum + item.material, 0)), total: money(sectionTotal(section)) },
      },
      { kind: 'space', height: 4 },
    ];
  });
}

function recapBox(sheet: Sheet, document: SorDocument, style: Style, regular: TextStyle, bold: TextStyle): void {
  const { recap } = document;
  const dollars = (cents: number) => money(cents, { dollar: true });
  const rows: RecapRow[] = [{ label: 'Subtotal', amount: dollars(recap.subtotal) }];
  if (recap.generalConditions) rows.push({ label: `General conditions ${percentText(recap.generalConditions.rate)}`, amount: dollars(recap.generalConditions.amount) });
  if (recap.overhead) rows.push({ label: `Overhead ${percentText(recap.overhead.rate)}`, amount: dollars(recap.overhead.amount) });
  if (recap.profit) rows.push({ label: `Profit ${percentText(recap.profit.rate)}`, amount: dollars(recap.profit.amount) });
  rows.push(...recap.before.map((line) => ({ label: line.label, amount: dollars(line.amount) })));
  rows.push({ label: style.totalLabel, amount: dollars(recap.grandTotal), bold: true, rule: true });
  const height = rows.length * 14 + 12;
  sheet.ensure(height + 10);
  sheet.y += 8;
  const left = 516;
  sheet.box(left, sheet.y, RIGHT - left, height, { stroke: 0, thickness: 0.8 });
  sheet.y += 5;
  recapRows(sheet, rows, { labelX: left + 6, amountRight: RIGHT - 6, ruleFrom: left + 6, leading: 14, regular, bold });
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g50-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [WIDTH, HEIGHT], margins: { top: 36, bottom: 40, left: LEFT, right: WIDTH - RIGHT }, title: `${style.title} ${parties.fileNumber}`, producer: 'BuildPlan Pro 7.2', date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const regular: TextStyle = { font: fonts.regular, size: 8.5 };
  const bold: TextStyle = { font: fonts.bold, size: 8.5 };
  sheet.addPage();
  header(sheet, document, style, regular, bold);
  const spec = descriptionTable(COLUMNS, regular, bold, {
    header: { ...bold, gray: 1 },
    headerBand: 0.25,
    headerRules: 'none',
    lineHeight: 10.5,
    rowGap: 3,
    padding: 3,
    rowRules: 0.75,
    heading: {
      height: 15,
      draw: (target, text, top) => {
        target.box(LEFT, top + 2, RIGHT - LEFT, 12, { fill: style.band });
        target.text(text, LEFT + 3, top + 11.2, bold);
      },
    },
    continued: (heading) => `${heading} (continued)`,
  });
  writeTable(sheet, spec, itemRows(document));
  recapBox(sheet, document, style, regular, bold);
  sheet.decorate((index, count) => {
    sheet.text(`${parties.contractor!.name} - ${style.title}`, LEFT, HEIGHT - 22, { ...regular, size: 7, gray: 0.35 });
    sheet.text(`Page ${index + 1} of ${count}`, RIGHT, HEIGHT - 22, { ...regular, size: 7, gray: 0.35 }, 'right');
  });
  return sheet.save();
}

export const g50: SorFamily = {
  id: 'g50',
  name: 'landscape cost breakdown with outline-numbered sections ("3.0 Plumbing", items 3.1, 3.2), unit before quantity and labor before material',
  heldOut: false,
  items: [14, 56],
  dateStyle: 'short',
  printed: printedFields(),
  spec: (random, itemCount) => {
    const byRoom = random.chance(0.5);
    return {
      itemCount,
      grouping: byRoom ? 'room' : 'trade',
      contractorSelected: true,
      heading: ({ ordinal, trade, room }) => `${ordinal}.0 ${room ? room.name : trade!.name}`,
      verbosity: 0.3,
      recap: {
        generalConditions: random.chance(0.4) ? [4, 5, 6] : null,
        overheadAndProfit: [8, 10, 12],
        split: true,
        before: (inner) => permitFee(inner, 0.5, ['Building permit', 'Permits & inspections'], 900),
      },
    };
  },
  render,
};
