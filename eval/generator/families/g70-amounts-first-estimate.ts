import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type RecapLine, type Section, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import { cityLine, columnsAcross, labelValues, permitFee, pickEach, printedFields, roomHeading, streetLine, type TextContext } from './parts.js';

/**
 * g70: a remodeler's estimate from a small estimating program whose table puts the money first, portrait, in
 * Helvetica 7.2. The company and its address at the left, ESTIMATE with its number and date at the right, the
 * client, job site and lender in one column under it. The table is No. | Work Description | Item Total, then
 * merged MATERIAL and LABOR headings each over "Unit" | "Ext.", and the quantity and its unit last (Qty | U/M):
 * the line total stands left of its material and labor, and the quantity right of every amount. Items are
 * numbered through the estimate with a parenthesis ("12)"); rooms are bold headings (in capitals in some) with a rule under them,
 * "(continued)" after a page break; each room ends with "Room total" in the Item Total column. Under the
 * table, the amounts in the Item Total column and the labels right-aligned before them: subtotal, overhead and
 * profit sometimes, sales tax on the materials, a permit sometimes, and the TOTAL ESTIMATE PRICE; then the
 * estimate's expiry and acceptance lines.
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    totalLabel: ['TOTAL ESTIMATE PRICE', 'ESTIMATE AMOUNT', 'TOTAL OF ESTIMATE'],
    roomTotal: ['Room total', 'Area total'],
  });

type Style = ReturnType<typeof chooseStyle>;

const LEFT = 36;
const RIGHT = 576;
const TOTAL_RIGHT = 36 + 24 + 214 + 58;

const columns = () =>
  columnsAcross(LEFT, RIGHT, [
    ['number', 'No.', 24, 'left'],
    ['description', 'Work Description', 214, 'left'],
    ['total', 'Item Total', 58, 'right'],
    ['materialRate', 'Unit', 44, 'right'],
    ['material', 'Ext.', 52, 'right'],
    ['laborRate', 'Unit', 44, 'right'],
    ['labor', 'Ext.', 52, 'right'],
    ['quantity', 'Qty', 30, 'right'],
    ['unit', 'U/M', 'rest', 'center'],
  ]);

function itemRows(document: SorDocument, style: Style): TableRow[] {
  let number = 0;
  return document.sections.flatMap((section): TableRow[] => [
    { kind: 'heading', text: section.heading },
    ...section.items.map((item): TableRow => {
      number += 1;
      return {
        kind: 'item',
        cells: {
          number: `${number})`,
          description: item.description,
          total: money(item.total),
          materialRate: item.material ? money(item.materialRate) : '',
          material: item.material ? money(item.material) : '',
          laborRate: item.labor ? money(item.laborRate) : '',
          labor: item.labor ? money(item.labor) : '',
          quantity: quantityText(item.quantity),
          unit: item.unit,
        },
      };
    }),
    { kind: 'total', label: style.roomTotal, labelKey: 'description', cells: { total: money(sectionTotal(section)) }, rule: true },
    { kind: 'space', height: 5 },
  ]);
}

function header(context: TextContext, document: SorDocument): void {
  const { sheet, body, bold } = context;
  const { parties } = document;
  const contractor = parties.contractor!;
  sheet.text(contractor.name, LEFT, 46, { ...bold, size: 13 });
  sheet.text(streetLine(contractor.address), LEFT, 58, body);
  sheet.text(`${cityLine(contractor.address)}   Tel. ${contractor.phone}`, LEFT, 67, body);
  sheet.text(`Lic. ${contractor.license}`, LEFT, 76, body);
  sheet.text('ESTIMATE', RIGHT, 48, { ...bold, size: 16 }, 'right');
  sheet.text(`No. ${parties.fileNumber}`, RIGHT, 60, body, 'right');
  sheet.text(`Date ${formatDate(parties.reportDate, 'short')}`, RIGHT, 69, body, 'right');
  sheet.rule(LEFT, RIGHT, 84, 1);
  sheet.y = 92;
  const label = { ...bold, gray: 0.3 };
  labelValues(sheet, [
    ['Client', parties.borrower],
    ['Job site', `${streetLine(parties.property)}, ${cityLine(parties.property)}`],
    ['Lender', parties.lender],
    ['Write-up by', `${parties.consultant}, inspected ${formatDate(parties.inspectionDate, 'short')}`],
  ], LEFT, 54, label, body, 9.5);
  sheet.y += 8;
}

function recapUnder(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { recap } = document;
  const rows: Array<[string, number, boolean]> = [['Subtotal', recap.subtotal, true]];
  if (recap.overhead) rows.push([`Overhead & profit ${percentText(recap.overhead.rate)}`, recap.overhead.amount, false]);
  for (const line of recap.before) rows.push([line.label, line.amount, false]);
  rows.push([style.totalLabel, recap.grandTotal, true]);
  sheet.ensure(rows.length * 11 + 40);
  sheet.y += 6;
  for (const [label, amount, strong] of rows) {
    const text = strong ? bold : body;
    if (label === style.totalLabel) sheet.rule(TOTAL_RIGHT - 70, TOTAL_RIGHT, sheet.y, 0.8);
    sheet.text(label, TOTAL_RIGHT - 64, sheet.y + 8, text, 'right');
    sheet.text(money(amount, { dollar: label === style.totalLabel }), TOTAL_RIGHT - 3, sheet.y + 8, text, 'right');
    sheet.y += 11;
  }
  sheet.y += 14;
  sheet.text('This estimate is valid for 30 days. Materials priced at current supplier quotes.', LEFT, sheet.y, body);
  sheet.y += 18;
  sheet.text('Accepted by: _______________________________    Date: ______________', LEFT, sheet.y, body);
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g70-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 40, bottom: 50, left: LEFT, right: 612 - RIGHT }, title: `Estimate ${parties.fileNumber}`, producer: 'JobCost Estimator 7', date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const body: TextStyle = { font: fonts.regular, size: 7.2 };
  const bold: TextStyle = { font: fonts.bold, size: 7.2 };
  const context: TextContext = { sheet, fonts, body, bold, lineHeight: 9 };
  sheet.addPage();
  header(context, document);
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
    headerRules: 'above-below',
    lineHeight: 9,
    rowGap: 2.5,
    padding: 3,
    heading: {
      height: 14,
      draw: (target, text, top) => {
        target.text(text, LEFT + 3, top + 10, { ...bold, size: 8 });
        target.rule(LEFT, TOTAL_RIGHT, top + 12.5, 0.4);
      },
    },
    continued: (text) => `${text} (continued)`,
  }, itemRows(document, style));
  recapUnder(context, document, style);
  sheet.decorate((index, count) => sheet.text(`Estimate ${parties.fileNumber}   Page ${index + 1} of ${count}`, RIGHT, 768, { ...body, gray: 0.4 }, 'right'));
  return sheet.save();
}

/** Sales tax on the materials of every line, above the total. */
function materialTax(random: Random, sections: Section[]): RecapLine[] {
  const rate = random.pick([5.5, 6, 6.5, 7, 8.5]);
  const material = sections.reduce((sum, section) => sum + sectionTotal(section, 'material'), 0);
  return [{ label: `Sales tax on materials ${percentText(rate)}`, amount: Math.round((material * rate) / 100) }];
}

export const g70: SorFamily = {
  id: 'g70',
  name: 'estimate with the item total left of its material and labor (each "Unit" | "Ext." under a merged heading) and the quantity and unit last, items "12)", room totals in the Item Total column, sales tax on materials above the total',
  heldOut: false,
  items: [10, 44],
  dateStyle: 'short',
  printed: printedFields(),
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'room',
    contractorSelected: true,
    heading: roomHeading(random.chance(0.4)),
    verbosity: 0.35,
    recap: {
      generalConditions: null,
      overheadAndProfit: random.chance(0.6) ? [10, 12, 15] : null,
      before: (inner, sections) => [...materialTax(inner, sections), ...permitFee(inner, 0.5, ['Permit', 'Building permit allowance'], 700)],
    },
  }),
  render,
};
