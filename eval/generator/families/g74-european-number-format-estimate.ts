import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { percentText, Sheet, spacedComma, type TextStyle } from '../layout.js';
import { sectionTotal, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import { cityLine, columnsAcross, permitFee, pickEach, printedFields, streetLine, type TextContext } from './parts.js';

/**
 * g74: a cost estimate exported from a European estimating program set up for a US remodeler, on A4 paper in
 * Helvetica 7.8: English words, but every number in the program's own format, the thousands set off by a space
 * and the decimals by a comma ("1 234,50", quantities "12,50"), percentages with a space before the sign
 * ("10 %") and dates in ISO form. A boxed block of project data (two label/value columns) under the company
 * line; sections numbered "3. Plumbing" with positions "3.1", "3.2" in a Pos. column; columns Pos. | Description |
 * Qty | Unit | Unit price | Material | Labour | Amount, the unit price being material and labour per unit together.
 * Each section ends with "Total 3. Plumbing" and its material, labour and amount; credits carry a minus sign.
 * After the table, a SUMMARY lists the sections again with their totals, then the net total, site overheads
 * sometimes, overhead and profit sometimes, a building permit sometimes and "TOTAL USD"; the payment terms follow.
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    totalLabel: ['TOTAL USD', 'ESTIMATE TOTAL USD', 'TOTAL AMOUNT (USD)'],
    netLabel: ['Net total', 'Net amount', 'Total net'],
    overheadLabel: ['Overhead and profit', 'Overheads & profit'],
    siteLabel: ['Site overheads', 'Site costs and supervision'],
    producer: ['NordCalc 12.4', 'Bygg-Estimat Pro 8', 'KALKYL Office 2024'],
  });

type Style = ReturnType<typeof chooseStyle>;

const WIDTH = 595.28;
const HEIGHT = 841.89;
const LEFT = 42;
const RIGHT = 553;

const quantityComma = (value: number): string => spacedComma(Math.round(value * 100));
const percentComma = (rate: number): string => `${percentText(rate).replace('%', '').replace('.', ',')} %`;

const columns = () =>
  columnsAcross(LEFT, RIGHT, [
    ['number', 'Pos.', 28, 'left'],
    ['description', 'Description', 205, 'left'],
    ['quantity', 'Qty', 42, 'right'],
    ['unit', 'Unit', 28, 'center'],
    ['price', 'Unit price', 52, 'right'],
    ['material', 'Material', 52, 'right'],
    ['labor', 'Labour', 52, 'right'],
    ['total', 'Amount', 'rest', 'right'],
  ]);

function itemRows(document: SorDocument): TableRow[] {
  return document.sections.flatMap((section, sectionIndex): TableRow[] => [
    { kind: 'heading', text: section.heading },
    ...section.items.map((item, index): TableRow => ({
      kind: 'item',
      cells: {
        number: `${sectionIndex + 1}.${index + 1}`,
        description: item.description,
        quantity: quantityComma(item.quantity),
        unit: item.unit,
        price: item.quantity > 0 && item.total > 0 ? spacedComma(item.materialRate + item.laborRate) : '',
        material: spacedComma(item.material),
        labor: spacedComma(item.labor),
        total: spacedComma(item.total),
      },
    })),
    {
      kind: 'total',
      label: `Total ${section.heading}`,
      labelKey: 'description',
      cells: { material: spacedComma(sectionTotal(section, 'material')), labor: spacedComma(sectionTotal(section, 'labor')), total: spacedComma(sectionTotal(section)) },
      rule: true,
    },
    { kind: 'space', height: 7 },
  ]);
}

function projectBlock(context: TextContext, document: SorDocument): void {
  const { sheet, body, bold } = context;
  const { parties } = document;
  const contractor = parties.contractor!;
  sheet.text(contractor.name, LEFT, 52, { ...bold, size: 12 });
  sheet.text(`${streetLine(contractor.address)} · ${cityLine(contractor.address)} · Phone ${contractor.phone} · Licence no. ${contractor.license}`, LEFT, 64, { ...body, size: 7 });
  sheet.text('COST ESTIMATE', RIGHT, 52, { ...bold, size: 14 }, 'right');
  const top = 78;
  const rows: Array<[[string, string], [string, string]]> = [
    [['Project', `Renovation ${streetLine(parties.property)}`], ['Estimate no.', parties.fileNumber]],
    [['Site address', `${streetLine(parties.property)}, ${cityLine(parties.property)}`], ['Estimate date', formatDate(parties.reportDate, 'iso')]],
    [['Client', parties.borrower], ['Survey date', formatDate(parties.inspectionDate, 'iso')]],
    [['Lender', parties.lender], ['Surveyor', parties.consultant]],
  ];
  sheet.box(LEFT, top, RIGHT - LEFT, rows.length * 12 + 8, { stroke: 0, thickness: 0.6 });
  const label: TextStyle = { ...body, gray: 0.35 };
  rows.forEach(([first, second], index) => {
    const baseline = top + 12 + index * 12;
    sheet.text(first[0], LEFT + 6, baseline, label);
    sheet.text(first[1], LEFT + 66, baseline, body);
    sheet.text(second[0], 370, baseline, label);
    sheet.text(second[1], 432, baseline, body);
  });
  sheet.y = top + rows.length * 12 + 20;
}

function summary(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { recap } = document;
  const amountRight = RIGHT - 3;
  const line = (label: string, amount: string, text: TextStyle, rate = '') => {
    sheet.text(label, 290, sheet.y + 8, text);
    if (rate) sheet.text(rate, 440, sheet.y + 8, text, 'right');
    sheet.text(amount, amountRight, sheet.y + 8, text, 'right');
    sheet.y += 11;
  };
  const height = (document.sections.length + 6 + recap.before.length) * 11 + 70;
  sheet.ensure(height);
  sheet.y += 8;
  sheet.text('SUMMARY', 290, sheet.y + 9, { ...bold, size: 9 });
  sheet.y += 14;
  for (const section of document.sections) line(section.heading, spacedComma(sectionTotal(section)), body);
  sheet.rule(290, RIGHT, sheet.y + 1, 0.6);
  sheet.y += 3;
  line(style.netLabel, spacedComma(recap.subtotal), bold);
  if (recap.generalConditions) line(style.siteLabel, spacedComma(recap.generalConditions.amount), body, percentComma(recap.generalConditions.rate));
  if (recap.overhead) line(style.overheadLabel, spacedComma(recap.overhead.amount), body, percentComma(recap.overhead.rate));
  for (const extra of recap.before) line(extra.label, spacedComma(extra.amount), body);
  sheet.rule(290, RIGHT, sheet.y + 1, 0.6);
  sheet.rule(290, RIGHT, sheet.y + 3, 0.6);
  sheet.y += 5;
  line(style.totalLabel, spacedComma(recap.grandTotal), { ...bold, size: 9 });
  sheet.y += 14;
  const terms = ['Payment terms: 30 % on signing, 40 % on completion of rough-in, 30 % on final completion, net 10 days.', 'Prices valid 60 days from the estimate date. Quantities measured on site; additional work by daywork at agreed rates.'];
  for (const text of terms) {
    sheet.text(text, LEFT, sheet.y + 8, body);
    sheet.y += 10;
  }
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g74-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [WIDTH, HEIGHT], margins: { top: 46, bottom: 56, left: LEFT, right: WIDTH - RIGHT }, title: `Cost estimate ${parties.fileNumber}`, producer: style.producer, date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const body: TextStyle = { font: fonts.regular, size: 7.8 };
  const bold: TextStyle = { font: fonts.bold, size: 7.8 };
  const context: TextContext = { sheet, fonts, body, bold, lineHeight: 9.6 };
  sheet.addPage();
  projectBlock(context, document);
  writeTable(sheet, {
    columns: columns(),
    wrapKey: 'description',
    body,
    bold,
    header: bold,
    headerBand: 0.88,
    headerRules: 'below',
    lineHeight: 9.6,
    rowGap: 2.4,
    padding: 3,
    heading: { height: 15, draw: (target, text, top) => target.text(text, LEFT + 3, top + 11, { ...bold, size: 8.6 }) },
    continued: (text) => `${text} (cont.)`,
  }, itemRows(document));
  summary(context, document, style);
  const printed = `${formatDate(parties.reportDate, 'iso')} 15:04`;
  sheet.decorate((index, count) => {
    sheet.rule(LEFT, RIGHT, HEIGHT - 40, 0.4);
    sheet.text(`${style.producer} · printed ${printed}`, LEFT, HEIGHT - 30, { ...body, size: 6.5, gray: 0.4 });
    sheet.text(`Page ${index + 1}/${count}`, RIGHT, HEIGHT - 30, { ...body, size: 6.5 }, 'right');
  });
  return sheet.save();
}

export const g74: SorFamily = {
  id: 'g74',
  name: 'A4 estimate from a European estimating program: amounts with a space between thousands and a decimal comma ("1 234,50"), quantities "12,50", sections "3. Plumbing" with positions "3.1", a summary by section above the net total',
  heldOut: false,
  items: [10, 44],
  dateStyle: 'iso',
  printed: printedFields(),
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'trade',
    contractorSelected: true,
    heading: ({ ordinal, trade }) => `${ordinal}. ${trade!.name}`,
    verbosity: 0.3,
    credits: 0.2,
    recap: {
      generalConditions: random.chance(0.4) ? [4, 5, 6] : null,
      overheadAndProfit: random.chance(0.65) ? [8, 10, 12] : null,
      before: (inner) => permitFee(inner, 0.5, ['Building permit', 'Permit and inspection fees'], 900),
    },
  }),
  render,
};
