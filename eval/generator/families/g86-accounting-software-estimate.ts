import { addDays, formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import type { TradeId } from '../work-items.js';
import { cityLine, columnsAcross, pickEach, printedFields, recapRows, streetLine, workItemOf } from './parts.js';

/**
 * g86: an estimate exported from small-business accounting software, Helvetica 8.5, portrait. The company's name and
 * address at the top left, "Estimate" large at the right over an Estimate # / Date / Exp. Date box; Bill To (the
 * borrower) and Job Site (the property) side by side. One table Item | Description | Qty | Rate | Amount, the Item a
 * product/service name with its category path ("Labor:Plumbing", "Materials:Finishes"), each trade a group item: a
 * bold group row, its lines, "Total <group>" under them. A credit is a negative amount. Under the table Subtotal,
 * Sales Tax on the materials and Total at the right, a customer message at the left, then Accepted By / Accepted Date.
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    message: ['Thank you for the opportunity to bid on your renovation.', 'Estimate valid for 30 days. Prices subject to material availability.'],
    expiry: [15, 30, 45],
  });

const LEFT = 40;
const RIGHT = 572;

const SERVICE: Record<TradeId, string> = {
  general: 'General', demolition: 'Demo', concrete: 'Concrete', masonry: 'Masonry', carpentry: 'Carpentry', roofing: 'Roofing',
  openings: 'Doors-Windows', finishes: 'Finishes', cabinets: 'Cabinets', plumbing: 'Plumbing', hvac: 'HVAC', electrical: 'Electrical', site: 'Sitework',
};

/** The product/service name of a line: its category (labor, materials or both) and its trade. */
function itemName(item: LineItem): string {
  if (item.total < 0) return 'Credits:Owner Credit';
  const category = item.material === 0 ? 'Labor' : item.labor === 0 ? 'Materials' : 'Services';
  return `${category}:${SERVICE[workItemOf(item).trade]}`;
}

/** The unit rate the software prints: the line's amount over its quantity, to the cent. */
const rateOf = (item: LineItem): string => money(Math.round(item.total / item.quantity));

function rows(document: SorDocument): TableRow[] {
  return document.sections.flatMap((section): TableRow[] => [
    { kind: 'heading', text: section.heading },
    ...section.items.map((item): TableRow => ({
      kind: 'item',
      cells: { item: itemName(item), description: item.description, quantity: quantityText(item.quantity), rate: rateOf(item), amount: money(item.total) },
    })),
    { kind: 'total', label: `Total ${section.heading}`, labelKey: 'description', cells: { amount: money(sectionTotal(section)) } },
  ]);
}

function top(sheet: Sheet, document: SorDocument, body: TextStyle, bold: TextStyle, expiry: number): void {
  const { parties } = document;
  const contractor = parties.contractor!;
  sheet.text(contractor.name, LEFT, 50, { ...bold, size: 12 });
  [streetLine(contractor.address), cityLine(contractor.address), contractor.phone, contractor.email, `License # ${contractor.license}`].forEach((line, index) => sheet.text(line, LEFT, 64 + index * 10.5, body));
  sheet.text('Estimate', RIGHT, 56, { ...bold, size: 20, gray: 0.35 }, 'right');
  const box = RIGHT - 190;
  sheet.box(box, 70, 190, 40, { stroke: 0.3, thickness: 0.6 });
  [['Estimate #', parties.fileNumber], ['Date', formatDate(parties.reportDate, 'us')], ['Exp. Date', formatDate(addDays(parties.reportDate, expiry), 'us')]].forEach(([label, value], index) => {
    sheet.text(label, box + 6, 81 + index * 11, bold);
    sheet.text(value, RIGHT - 6, 81 + index * 11, body, 'right');
  });
  const boxTop = 132;
  const half = (RIGHT - LEFT - 20) / 2;
  const blocks: Array<[string, string[]]> = [
    ['Bill To', [parties.borrower, streetLine(parties.property), cityLine(parties.property)]],
    ['Job Site', [parties.borrower, streetLine(parties.property), cityLine(parties.property)]],
  ];
  blocks.forEach(([caption, lines], index) => {
    const x = LEFT + index * (half + 20);
    sheet.box(x, boxTop, half, 14, { fill: 0.85 });
    sheet.text(caption, x + 5, boxTop + 10, bold);
    sheet.box(x, boxTop, half, 52, { stroke: 0.3, thickness: 0.6 });
    lines.forEach((line, at) => sheet.text(line, x + 5, boxTop + 25 + at * 10.5, body));
  });
  sheet.y = boxTop + 66;
}

function closing(sheet: Sheet, document: SorDocument, body: TextStyle, bold: TextStyle, message: string): void {
  const { recap } = document;
  sheet.ensure(120);
  const start = sheet.y + 10;
  sheet.paragraph(message, LEFT, 240, body, 10.5);
  sheet.y = start;
  const lines = [
    { label: 'Subtotal', amount: money(recap.subtotal) },
    ...recap.before.map((line) => ({ label: line.label, amount: money(line.amount) })),
    { label: 'Total', amount: money(recap.grandTotal, { dollar: true }), bold: true, rule: true },
  ];
  recapRows(sheet, lines, { labelX: 400, amountRight: RIGHT - 4, ruleFrom: 396, leading: 14, regular: body, bold: { ...bold, size: 10 } });
  const signature = sheet.y + 40;
  sheet.rule(LEFT, LEFT + 220, signature, 0.5);
  sheet.rule(LEFT + 260, LEFT + 400, signature, 0.5);
  sheet.text('Accepted By', LEFT, signature + 10, body);
  sheet.text('Accepted Date', LEFT + 260, signature + 10, body);
  sheet.y = signature + 14;
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g86-render');
  const style = chooseStyle(random.child('style'));
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 40, bottom: 50, left: LEFT, right: 612 - RIGHT }, title: `Estimate ${document.parties.fileNumber}`, producer: 'Intuit PDF Library', date: document.parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const body: TextStyle = { font: fonts.regular, size: 8.5 };
  const bold: TextStyle = { font: fonts.bold, size: 8.5 };
  sheet.addPage();
  top(sheet, document, body, bold, style.expiry);
  writeTable(sheet, {
    columns: columnsAcross(LEFT, RIGHT, [
      ['item', 'Item', 118, 'left'],
      ['description', 'Description', RIGHT - LEFT - 118 - 44 - 70 - 80, 'left'],
      ['quantity', 'Qty', 44, 'right'],
      ['rate', 'Rate', 70, 'right'],
      ['amount', 'Amount', 'rest', 'right'],
    ]),
    wrapKey: 'description',
    body,
    bold,
    header: { ...bold, gray: 1 },
    headerBand: 0.3,
    headerRules: 'none',
    rowRules: 0.8,
    lineHeight: 10.5,
    rowGap: 3,
    padding: 4,
    heading: { height: 15, draw: (target, text, at) => target.text(text, LEFT + 4, at + 11, bold) },
  }, rows(document));
  closing(sheet, document, body, bold, style.message);
  sheet.decorate((index, count) => sheet.text(`Page ${index + 1} of ${count}`, 306, 770, { ...body, size: 7.5 }, 'center'));
  return sheet.save();
}

export const g86: SorFamily = {
  id: 'g86',
  name: 'estimate from small-business accounting software: Item (category path "Labor:Plumbing") | Description | Qty | Rate | Amount, trades as group items with a "Total" row, Bill To and Job Site side by side, sales tax and Accepted By',
  heldOut: false,
  items: [8, 36],
  dateStyle: 'us',
  printed: printedFields({ unit: false, materialLabor: 'none', consultant: false, lenderName: false, inspectionDate: false }),
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'trade',
    heading: ({ trade }) => trade!.name,
    verbosity: 0.35,
    credits: 0.2,
    contractorSelected: true,
    recap: {
      generalConditions: null,
      overheadAndProfit: null,
      before: (inner, sections) => {
        const rate = inner.pick([4, 6, 6.25, 7]);
        const materials = sections.reduce((sum, section) => sum + Math.max(0, sectionTotal(section, 'material')), 0);
        return [{ label: `Sales Tax (${rate}%)`, amount: Math.round((materials * rate) / 100) }];
      },
    },
  }),
  render,
};
