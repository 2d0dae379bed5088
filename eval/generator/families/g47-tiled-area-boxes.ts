import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type Section, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { contingencyReserve, oneLine, permitFee, printedFields, roomHeading, type TextContext } from './parts.js';

/**
 * g47: a rehab lender's renovation budget form, portrait, filled in by the borrower's contractor in a
 * spreadsheet the lender hands out. The lender's name and form number, a title, a boxed grid of the
 * parties (borrower, property, contractor, license, telephone, date); then every area of the house is a
 * small ruled box of its own, tiled two across the page: a dark caption band with the area's name, a
 * header Description | Labor | Materials | Total and a total row at the box's foot. The boxes read
 * across each row (left box, then right box), then down; the two boxes of a row share their top, a
 * row that does not fit goes to the next page. A full-width budget summary box ends the form (total of
 * all areas, the contractor's fee sometimes, permits, TOTAL RENOVATION BUDGET, the contingency reserve
 * after it), then the borrower's and the contractor's signatures. No quantities or units.
 */

interface Style {
  band: number;
  totalLabel: string;
  boxTotal: (name: string) => string;
  gutter: number;
  form: string;
}

function chooseStyle(random: Random): Style {
  return {
    band: random.pick([0.2, 0.35]),
    totalLabel: random.pick(['TOTAL RENOVATION BUDGET', 'TOTAL REHAB BUDGET', 'TOTAL PROJECT BUDGET']),
    boxTotal: random.pick([(name: string) => `Total ${name}`, () => 'Area total', (name: string) => `${name} total`]),
    gutter: random.pick([12, 18]),
    form: `Form RB-${random.int(100, 140)} (rev. ${random.pick(['03/2025', '11/2024', '06/2026'])})`,
  };
}

const LEFT = 36;
const RIGHT = 576;
const ROW = 8.5;
const CAPTION = 13;
const HEADER = 11;

type Context = TextContext & { style: Style };

/** Column edges inside a box, as fractions of its width: description, labor, materials, total. */
const EDGES = [0, 0.55, 0.7, 0.85, 1];

function boxWidth(context: Context): number {
  return (RIGHT - LEFT - context.style.gutter) / 2;
}

function descriptionLines(context: Context, text: string): string[] {
  return context.sheet.wrap(text, boxWidth(context) * EDGES[1] - 6, context.body);
}

function boxHeight(context: Context, section: Section): number {
  const lines = section.items.reduce((sum, item) => sum + descriptionLines(context, item.description).length, 0);
  return CAPTION + HEADER + lines * ROW + section.items.length * 3 + 13;
}

function drawBox(context: Context, section: Section, left: number, top: number, height: number): void {
  const { sheet, body, bold, style } = context;
  const width = boxWidth(context);
  const x = (index: number) => left + width * EDGES[index];
  sheet.box(left, top, width, CAPTION, { fill: style.band });
  sheet.text(section.heading, left + 4, top + 9.5, { ...bold, size: 8, gray: 1 });
  sheet.box(left, top, width, height, { stroke: 0, thickness: 0.8 });
  let y = top + CAPTION;
  ['Labor', 'Materials', 'Total'].forEach((label, index) => sheet.text(label, x(index + 2) - 3, y + 8, bold, 'right'));
  sheet.text('Description', x(0) + 3, y + 8, bold);
  sheet.rule(left, left + width, y + HEADER, 0.5);
  y += HEADER;
  for (const item of section.items) {
    const lines = descriptionLines(context, item.description);
    lines.forEach((line, index) => sheet.text(line, x(0) + 3, y + 7 + index * ROW, body));
    [item.labor, item.material, item.total].forEach((amount, index) => sheet.text(money(amount), x(index + 2) - 3, y + 7, body, 'right'));
    y += lines.length * ROW + 3;
    sheet.rule(left, left + width, y, 0.2, 0.6);
  }
  const footer = top + height - 13;
  for (const edge of [x(1), x(2)]) sheet.vrule(edge, top + CAPTION, footer, 0.3, 0.4);
  sheet.vrule(x(3), top + CAPTION, top + height, 0.3, 0.4);
  sheet.rule(left, left + width, footer, 0.6);
  sheet.text(style.boxTotal(section.heading), x(3) - 3, footer + 9, bold, 'right');
  sheet.text(money(sectionTotal(section), { dollar: true }), x(4) - 3, footer + 9, bold, 'right');
}

function tileBoxes(context: Context, sections: Section[]): void {
  const { sheet, style } = context;
  for (let index = 0; index < sections.length; index += 2) {
    const pair = sections.slice(index, index + 2);
    const height = Math.max(...pair.map((section) => boxHeight(context, section)));
    sheet.ensure(height + 10);
    pair.forEach((section, column) => drawBox(context, section, LEFT + column * (boxWidth(context) + style.gutter), sheet.y, height));
    sheet.y += height + 10;
  }
}

function summary(context: Context, document: SorDocument): void {
  const { sheet, body, bold, style } = context;
  const { recap } = document;
  const rows: Array<[string, number, boolean]> = [['Total of all areas', recap.subtotal, false]];
  if (recap.overhead) rows.push([`Contractor's fee (${percentText(recap.overhead.rate)})`, recap.overhead.amount, false]);
  rows.push(...recap.before.map((line): [string, number, boolean] => [line.label, line.amount, false]));
  rows.push([style.totalLabel, recap.grandTotal, true], ...recap.after.map((line): [string, number, boolean] => [line.label, line.amount, false]));
  const height = CAPTION + rows.length * 12 + 6;
  sheet.ensure(height + 60);
  const top = sheet.y;
  sheet.box(LEFT, top, RIGHT - LEFT, CAPTION, { fill: style.band });
  sheet.text('BUDGET SUMMARY', LEFT + 4, top + 9.5, { ...bold, size: 8, gray: 1 });
  sheet.box(LEFT, top, RIGHT - LEFT, height, { stroke: 0, thickness: 0.8 });
  rows.forEach(([label, amount, strong], index) => {
    const baseline = top + CAPTION + 11 + index * 12;
    const text = strong ? { ...bold, size: 8.5 } : { ...body, size: 8 };
    sheet.text(label, 300, baseline, text);
    sheet.text(money(amount, { dollar: true }), RIGHT - 6, baseline, text, 'right');
  });
  sheet.y = top + height + 30;
  for (const [x, label] of [[LEFT, 'Borrower'], [320, 'Contractor']] as const) {
    sheet.rule(x, x + 220, sheet.y, 0.6);
    sheet.text(`${label} signature / date`, x, sheet.y + 9, { ...body, size: 7 });
  }
}

function heading(context: Context, document: SorDocument): void {
  const { sheet, body, bold, style } = context;
  const { parties } = document;
  const contractor = parties.contractor!;
  sheet.text(parties.lender, LEFT, 44, { ...bold, size: 11 });
  sheet.text(style.form, RIGHT, 44, { ...body, size: 7 }, 'right');
  sheet.text('RENOVATION BUDGET AND SCOPE OF WORK', (LEFT + RIGHT) / 2, 66, { ...bold, size: 13 }, 'center');
  const top = 78;
  const cells: Array<[label: string, value: string, x: number, width: number, row: number]> = [
    ['Borrower', parties.borrower, LEFT, 230, 0],
    ['Property address', oneLine(parties.property), LEFT + 230, RIGHT - LEFT - 230, 0],
    ['Contractor', contractor.name, LEFT, 230, 1],
    ['License no.', contractor.license, LEFT + 230, 110, 1],
    ['Telephone', contractor.phone, LEFT + 340, 110, 1],
    ['Date', formatDate(parties.reportDate, 'us'), LEFT + 450, RIGHT - LEFT - 450, 1],
  ];
  for (const [label, value, x, width, row] of cells) {
    const y = top + row * 22;
    sheet.box(x, y, width, 22, { stroke: 0, thickness: 0.5 });
    sheet.text(label, x + 3, y + 7, { ...body, size: 6, gray: 0.3 });
    sheet.text(value, x + 3, y + 17, { ...body, size: 8 });
  }
  sheet.y = top + 44 + 12;
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g47-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 40, bottom: 40, left: LEFT, right: 612 - RIGHT }, title: 'Renovation Budget', producer: 'Microsoft Excel', date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const context: Context = { sheet, fonts, style, body: { font: fonts.regular, size: 6.8 }, bold: { font: fonts.bold, size: 6.8 }, lineHeight: ROW };
  sheet.onPageStart = (current) => {
    if (current.pages.length > 1) current.text(`${parties.borrower}  ·  ${oneLine(parties.property)}`, LEFT, 30, { font: fonts.regular, size: 6.5, gray: 0.3 });
  };
  sheet.addPage();
  heading(context, document);
  tileBoxes(context, document.sections);
  summary(context, document);
  const small: TextStyle = { font: fonts.regular, size: 6.5, gray: 0.3 };
  sheet.decorate((index, count) => sheet.text(`Page ${index + 1} of ${count}`, RIGHT, 772, small, 'right'));
  return sheet.save();
}

export const g47: SorFamily = {
  id: 'g47',
  name: "lender's renovation budget form with each area in a small box, the boxes tiled two across the page",
  heldOut: false,
  items: [10, 45],
  dateStyle: 'us',
  printed: printedFields({ quantity: false, unit: false, consultant: false, inspectionDate: false }),
  spec: (random, itemCount) => {
    const upper = random.chance(0.5);
    return {
      itemCount,
      grouping: 'room',
      contractorSelected: true,
      heading: roomHeading(upper),
      verbosity: 0.15,
      recap: {
        generalConditions: null,
        overheadAndProfit: random.chance(0.5) ? [8, 10, 12] : null,
        before: (inner) => permitFee(inner, 0.6, ['Permits', 'Permits & fees'], 1000),
        after: (inner, grandTotal) => [contingencyReserve(inner, grandTotal, [10, 15, 20])],
      },
    };
  },
  render,
};
