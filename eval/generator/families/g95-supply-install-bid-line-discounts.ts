import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type FontFamily, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type RecapLine, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import { cityLine, columnsAcross, labelValues, pickEach, printedFields, recapRows, roomHeading, streetLine, type RecapRow, type TextContext } from './parts.js';

/**
 * g95: a supply-and-install company's renovation proposal, portrait: the company block and a boxed PROPOSAL number
 * and date, then two columns of text above the table, the customer and job at the left and the project notes as a
 * wrapped paragraph at the right. The table is Line | Description | Qty | Unit | List Price | Disc. | Discount | Net
 * Price: each line's price list amount, the discount percentage given on some lines and its amount with a minus
 * sign, and the net price the customer pays; no material/labor split. The rooms are headings in capitals, each
 * closed by a "<ROOM> NET" row. Recap at the right: the list price total and the line discounts (totals of groups),
 * the net subtotal, sales tax on it, a delivery charge sometimes, the proposal total and the deposit after it.
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    font: ['Helvetica', 'Times'] as FontFamily[],
    title: ['PROPOSAL', 'SALES PROPOSAL', 'INSTALLED PRICE PROPOSAL'],
    totalLabel: ['PROPOSAL TOTAL', 'TOTAL INVESTMENT', 'TOTAL INSTALLED PRICE'],
    netLabel: ['Net subtotal', 'Subtotal (net)'],
  });

type Style = ReturnType<typeof chooseStyle>;

const LEFT = 40;
const RIGHT = 572;

interface Priced {
  list: number;
  rate: number | null;
  discount: number;
}

/** The list price and discount of each line: a pure function of the document and the line, so the answer's net price is what is printed. */
export function pricing(document: SorDocument, item: LineItem, index: number): Priced {
  const random = new Random(document.seed).child(`g95-discount/${index}`);
  if (!random.chance(0.45)) return { list: item.total, rate: null, discount: 0 };
  const rate = random.pick([5, 10, 12, 15, 20]);
  const list = Math.round((item.total * 100) / (100 - rate));
  return { list, rate, discount: list - item.total };
}

function pricedItems(document: SorDocument): Array<{ item: LineItem; priced: Priced }> {
  return document.sections.flatMap((section) => section.items).map((item, index) => ({ item, priced: pricing(document, item, index) }));
}

function rows(document: SorDocument): TableRow[] {
  const priced = pricedItems(document);
  let line = 0;
  return document.sections.flatMap((section): TableRow[] => [
    { kind: 'heading', text: section.heading },
    ...section.items.map((item): TableRow => {
      const { list, rate, discount } = priced[line].priced;
      line += 1;
      return {
        kind: 'item',
        cells: {
          number: String(line).padStart(3, '0'),
          description: item.description,
          quantity: quantityText(item.quantity),
          unit: item.unit,
          list: money(list),
          rate: rate === null ? '' : percentText(rate),
          discount: rate === null ? '' : money(-discount),
          net: money(item.total),
        },
      };
    }),
    { kind: 'total', label: `${section.heading} NET`, labelKey: 'description', cells: { net: money(sectionTotal(section)) }, rule: true },
  ]);
}

function top(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { parties } = document;
  const contractor = parties.contractor!;
  sheet.text(contractor.name, LEFT, 54, { ...bold, size: 15 });
  sheet.text('Windows · Doors · Kitchens · Baths · Roofing — Supplied and Installed', LEFT, 67, { ...body, gray: 0.3 });
  sheet.text(`${streetLine(contractor.address)}, ${cityLine(contractor.address)}  ·  ${contractor.phone}  ·  Lic. # ${contractor.license}`, LEFT, 78, body);
  sheet.box(430, 38, RIGHT - 430, 46, { fill: 0.9 });
  sheet.text(style.title, (430 + RIGHT) / 2, 54, { ...bold, size: 11 }, 'center');
  sheet.text(`No. ${parties.fileNumber}`, (430 + RIGHT) / 2, 67, bold, 'center');
  sheet.text(formatDate(parties.reportDate, 'long'), (430 + RIGHT) / 2, 78, body, 'center');
  sheet.rule(LEFT, RIGHT, 92, 1.2);
  sheet.text('CUSTOMER & JOB', LEFT, 108, bold);
  sheet.text('PROJECT NOTES', 320, 108, bold);
  sheet.y = 113;
  labelValues(
    sheet,
    [
      ['Customer:', parties.borrower],
      ['Job address:', streetLine(parties.property)],
      ['', cityLine(parties.property)],
      ['Financing:', parties.lender],
      ['203(k) consultant:', parties.consultant],
      ['Inspection date:', formatDate(parties.inspectionDate, 'long')],
    ],
    LEFT,
    78,
    body,
    body,
    11,
  );
  const below = sheet.y;
  sheet.y = 113;
  const notes = `Prices below are our installed prices for the work measured on ${formatDate(parties.inspectionDate, 'long')}. Promotional discounts are shown line by line and are good only if this proposal is accepted within 30 days. Products are supplied new in the manufacturer's packaging; removal and disposal of old materials is included unless noted. Lead times are confirmed at order.`;
  for (const text of sheet.wrap(notes, RIGHT - 320, body)) {
    sheet.text(text, 320, sheet.y + body.size, body);
    sheet.y += 11;
  }
  sheet.y = Math.max(below, sheet.y) + 12;
}

function recap(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { recap: totals } = document;
  const priced = pricedItems(document);
  const list = priced.reduce((sum, entry) => sum + entry.priced.list, 0);
  const discounts = priced.reduce((sum, entry) => sum + entry.priced.discount, 0);
  const lines: RecapRow[] = [
    { label: 'List price total', amount: money(list) },
    { label: 'Less line discounts', amount: money(-discounts) },
    { label: style.netLabel, amount: money(totals.subtotal), bold: true, rule: true },
    ...totals.before.map((line) => ({ label: line.label, amount: money(line.amount) })),
    { label: style.totalLabel, amount: money(totals.grandTotal, { dollar: true }), bold: true, rule: true },
    ...totals.after.map((line) => ({ label: line.label, amount: money(line.amount) })),
  ];
  sheet.ensure(lines.length * 13 + 80);
  sheet.y += 12;
  recapRows(sheet, lines, { labelX: 360, amountRight: RIGHT - 3, ruleFrom: 356, leading: 13, regular: body, bold });
  sheet.y += 24;
  sheet.text('Customer acceptance: ______________________________   Date: ____________', LEFT, sheet.y, body);
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const style = chooseStyle(new Random(document.seed).child('g95-render'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 40, bottom: 48, left: LEFT, right: 612 - RIGHT }, title: `${style.title} ${parties.fileNumber}`, producer: 'QuoteBuilder Pro 5.2', date: parties.reportDate });
  const fonts = await sheet.fonts(style.font);
  const size = style.font === 'Times' ? 8.4 : 7.8;
  const body: TextStyle = { font: fonts.regular, size };
  const bold: TextStyle = { font: fonts.bold, size };
  const context: TextContext = { sheet, fonts, body, bold, lineHeight: 10 };
  sheet.addPage();
  top(context, document, style);
  writeTable(sheet, {
    columns: columnsAcross(LEFT, RIGHT, [
      ['number', 'Line', 26, 'left'],
      ['description', 'Description', RIGHT - LEFT - 26 - 34 - 28 - 60 - 32 - 56 - 62, 'left'],
      ['quantity', 'Qty', 34, 'right'],
      ['unit', 'Unit', 28, 'center'],
      ['list', 'List Price', 60, 'right'],
      ['rate', 'Disc.', 32, 'right'],
      ['discount', 'Discount', 56, 'right'],
      ['net', 'Net Price', 'rest', 'right'],
    ]),
    wrapKey: 'description',
    body,
    bold,
    header: bold,
    headerBand: 0.85,
    headerRules: 'below',
    rowRules: 0.75,
    lineHeight: 10,
    rowGap: 3,
    padding: 3,
    heading: {
      height: 16,
      draw: (target, text, at) => {
        target.text(text, LEFT + 3, at + 12, { ...bold, size: size + 1 });
        target.rule(LEFT, LEFT + 3 + target.textWidth(text, { ...bold, size: size + 1 }), at + 14, 0.6);
      },
    },
    continued: (text) => `${text} (continued)`,
  }, rows(document));
  recap(context, document, style);
  sheet.decorate((index, count) => sheet.text(`${style.title} ${parties.fileNumber} — page ${index + 1} of ${count}`, RIGHT, 772, { ...body, size: 7 }, 'right'));
  return sheet.save();
}

function salesTaxAndDelivery(random: Random, sections: SorDocument['sections']): RecapLine[] {
  const subtotal = sections.reduce((sum, section) => sum + sectionTotal(section), 0);
  const rate = random.pick([4, 5, 6, 6.5, 7]);
  const lines = [{ label: `Sales tax (${percentText(rate)})`, amount: Math.round((subtotal * rate) / 100) }];
  if (random.chance(0.5)) lines.push({ label: 'Delivery & haul-away', amount: random.int(6, 20) * 2500 });
  return lines;
}

export const g95: SorFamily = {
  id: 'g95',
  name: 'supply-and-install proposal with a price-list discount on some lines: Line | Description | Qty | Unit | List Price | Disc. | Discount | Net Price, customer block and project notes side by side above the table, list total and discounts above the net subtotal',
  heldOut: false,
  items: [8, 36],
  dateStyle: 'long',
  printed: printedFields({ materialLabor: 'none' }),
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'room',
    contractorSelected: true,
    heading: roomHeading(true),
    verbosity: 0.3,
    recap: {
      generalConditions: null,
      overheadAndProfit: null,
      before: (inner, sections) => salesTaxAndDelivery(inner, sections),
      after: (inner, grandTotal) => {
        const rate = inner.pick([30, 33, 50]);
        return [{ label: `Deposit due with order (${rate}%)`, amount: Math.round((grandTotal * rate) / 100) }];
      },
    },
  }),
  render,
};
