import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import { cityLine, columnsAcross, descriptionTable, flowLines, labelValues, pickEach, printedFields, recapRows, streetLine, type Pair, type RecapRow, type TextContext } from './parts.js';

/**
 * g53: a remodeler's estimate from a point-of-sale estimating system, in Helvetica with a Times letterhead.
 * "Bill to" and "Job site" blocks side by side above the table and a boxed panel of estimate number, date,
 * salesperson and expiry at the right. The table is Qty | U/M | Description | Material | Tax | Labor |
 * Ext. Total with shaded alternate rows: the sales tax on the material of each line has a column of its
 * own, and the line total is material + tax + labor. Trades or rooms as headings with a rule under them.
 * The foot: the column totals (material, tax, labor), then subtotal, overhead and profit sometimes, ESTIMATE
 * TOTAL, and the customer's acceptance clause with signature and date lines.
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    title: ['ESTIMATE', 'JOB ESTIMATE', 'REMODELING ESTIMATE'],
    totalLabel: ['ESTIMATE TOTAL', 'TOTAL ESTIMATE', 'JOB TOTAL'],
    zebra: [0.9, 0.93],
  });

type Style = ReturnType<typeof chooseStyle>;

const LEFT = 42;
const RIGHT = 570;

const COLUMNS = columnsAcross(LEFT, RIGHT, [
  ['quantity', 'Qty', 40, 'right'],
  ['unit', 'U/M', 30, 'center'],
  ['description', 'Description', 214, 'left'],
  ['material', 'Material', 64, 'right'],
  ['tax', 'Tax', 50, 'right'],
  ['labor', 'Labor', 64, 'right'],
  ['total', 'Ext. Total', 'rest', 'right'],
]);

const SALESPEOPLE = ['Dwayne K.', 'Marisol T.', 'Greg P.', 'Annette W.', 'Luis R.'];

function heading(sheet: Sheet, document: SorDocument, style: Style, regular: TextStyle, bold: TextStyle, letterhead: TextStyle, random: Random, taxRate: number): void {
  const { parties } = document;
  const contractor = parties.contractor!;
  sheet.text(contractor.name, LEFT, 52, { ...letterhead, size: 17 });
  sheet.text(`${streetLine(contractor.address)}, ${cityLine(contractor.address)}`, LEFT, 66, regular);
  sheet.text(`Phone ${contractor.phone}   Lic# ${contractor.license}`, LEFT, 77, regular);
  const panel = 402;
  sheet.box(panel, 36, RIGHT - panel, 62, { stroke: 0, thickness: 0.8 });
  sheet.text(style.title, (panel + RIGHT) / 2, 50, { ...bold, size: 12 }, 'center');
  sheet.y = 56;
  const facts: Pair[] = [
    ['Estimate #', parties.fileNumber],
    ['Date', formatDate(parties.reportDate, 'abbrev')],
    ['Salesperson', random.pick(SALESPEOPLE)],
  ];
  labelValues(sheet, facts, panel + 6, 62, bold, regular, 11);
  sheet.y = 110;
  sheet.text('Bill to', LEFT, sheet.y, bold);
  sheet.text('Job site', 300, sheet.y, bold);
  sheet.rule(LEFT, 280, sheet.y + 3, 0.5);
  sheet.rule(300, RIGHT, sheet.y + 3, 0.5);
  const lines = [
    [parties.borrower, `${parties.borrower} residence`],
    [streetLine(parties.property), streetLine(parties.property)],
    [cityLine(parties.property), cityLine(parties.property)],
    [`Financing: ${parties.lender}`, `Sales tax ${taxRate}% on materials`],
  ];
  lines.forEach(([left, right], index) => {
    sheet.text(left, LEFT, sheet.y + 15 + index * 11, regular);
    sheet.text(right, 300, sheet.y + 15 + index * 11, regular);
  });
  sheet.y += 15 + lines.length * 11 + 4;
}

function itemRows(document: SorDocument): TableRow[] {
  return document.sections.flatMap((section): TableRow[] => [
    { kind: 'heading', text: section.heading },
    ...section.items.map((item): TableRow => ({
      kind: 'item',
      cells: {
        quantity: quantityText(item.quantity, item.unit === 'SQ' || item.unit === 'CY' ? 1 : 0),
        unit: item.unit,
        description: item.description,
        material: money(item.material),
        tax: money(item.tax),
        labor: money(item.labor),
        total: money(item.total),
      },
    })),
    { kind: 'total', label: `${section.heading} total`, labelKey: 'description', cells: { total: money(sectionTotal(section)) } },
  ]);
}

function foot(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body: regular, bold } = context;
  const { recap, sections } = document;
  const column = (field: 'material' | 'tax' | 'labor') => money(sections.reduce((sum, section) => sum + sectionTotal(section, field), 0));
  const rows: RecapRow[] = [
    { label: 'Material', amount: column('material'), rule: true },
    { label: 'Sales tax', amount: column('tax') },
    { label: 'Labor', amount: column('labor') },
    { label: 'Subtotal', amount: money(recap.subtotal, { dollar: true }), bold: true, rule: true },
  ];
  if (recap.overhead) rows.push({ label: `Overhead & profit ${percentText(recap.overhead.rate)}`, amount: money(recap.overhead.amount, { dollar: true }) });
  rows.push({ label: style.totalLabel, amount: money(recap.grandTotal, { dollar: true }), bold: true, rule: true });
  sheet.ensure(rows.length * 13 + 110);
  sheet.y += 8;
  recapRows(sheet, rows, { labelX: 390, amountRight: RIGHT - 3, leading: 13, regular, bold });
  sheet.y += 14;
  sheet.text('ACCEPTANCE OF ESTIMATE', LEFT, sheet.y, bold);
  sheet.y += 6;
  flowLines(
    context,
    ['The above prices, specifications and conditions are satisfactory and are hereby accepted. You are authorized to do the work as specified. Payment will be made as outlined above.'],
    LEFT,
    RIGHT - LEFT,
  );
  sheet.y += 22;
  sheet.rule(LEFT, 260, sheet.y, 0.5);
  sheet.rule(300, 420, sheet.y, 0.5);
  sheet.text('Customer signature', LEFT, sheet.y + 9, { ...regular, size: 7 });
  sheet.text('Date', 300, sheet.y + 9, { ...regular, size: 7 });
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g53-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 40, bottom: 50, left: LEFT, right: 612 - RIGHT }, title: `${style.title} ${parties.fileNumber}`, producer: 'ProCounter POS Estimating', date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const times = await sheet.fonts('Times');
  const regular: TextStyle = { font: fonts.regular, size: 8.5 };
  const bold: TextStyle = { font: fonts.bold, size: 8.5 };
  const taxRate = taxRateOf(document);
  sheet.addPage();
  heading(sheet, document, style, regular, bold, { font: times.bold, size: 17 }, random.child('facts'), taxRate);
  const spec = descriptionTable(COLUMNS, regular, bold, {
    headerBand: 0.8,
    headerRules: 'below',
    lineHeight: 10.5,
    rowGap: 3,
    padding: 3,
    zebra: style.zebra,
    heading: {
      height: 16,
      draw: (target, text, top) => {
        target.text(text, 112 + 3, top + 12, { ...bold, size: 9 });
        target.rule(112 + 3, RIGHT, top + 14, 0.5);
      },
    },
    continued: (text) => `${text} (cont'd)`,
  });
  writeTable(sheet, spec, itemRows(document));
  foot({ sheet, fonts, body: regular, bold, lineHeight: 10.5 }, document, style);
  sheet.decorate((index, count) => sheet.text(`Estimate ${parties.fileNumber}  -  Page ${index + 1} of ${count}`, (LEFT + RIGHT) / 2, 770, { ...regular, size: 7 }, 'center'));
  return sheet.save();
}

const TAX_RATES = [6, 7, 7.25, 8.25];

/** The printed rate: the one of TAX_RATES nearest the document's tax over its material. */
function taxRateOf(document: SorDocument): number {
  const tax = document.sections.reduce((sum, section) => sum + sectionTotal(section, 'tax'), 0);
  const material = document.sections.reduce((sum, section) => sum + sectionTotal(section, 'material'), 0);
  const ratio = (100 * tax) / Math.max(material, 1);
  return TAX_RATES.reduce((best, rate) => (Math.abs(rate - ratio) < Math.abs(best - ratio) ? rate : best));
}

export const g53: SorFamily = {
  id: 'g53',
  name: 'point-of-sale estimate with a sales-tax column beside material and labor (Material | Tax | Labor | Ext. Total)',
  heldOut: false,
  items: [8, 44],
  dateStyle: 'abbrev',
  printed: printedFields({ consultant: false, inspectionDate: false }),
  spec: (random, itemCount) => ({
    itemCount,
    grouping: random.chance(0.5) ? 'room' : 'trade',
    contractorSelected: true,
    materialTax: random.pick(TAX_RATES),
    heading: ({ trade, room }) => (room ? room.name : trade!.name),
    verbosity: 0.2,
    recap: {
      generalConditions: null,
      overheadAndProfit: random.chance(0.5) ? [10, 15, 20] : null,
    },
  }),
  render,
};
