import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, quantityText, Sheet, type TextStyle } from '../layout.js';
import type { Section, SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import { cityLine, columnsAcross, descriptionTable, labelValueColumns, permitFee, pickEach, printedFields, recapRows, streetLine, type RecapRow } from './parts.js';

/**
 * g54: a builder's estimate exported landscape from a project-management web app, in Helvetica 8. A page head
 * with the builder and the estimate's status, then two columns of job facts (client, job address, financing;
 * estimate number, date, license). The table is Cost Code | Title | Qty | Unit | Builder Cost | Markup |
 * Owner Price, with two-line headers, units in lower case ("lf", "sf") and shaded alternate rows: each line
 * carries the builder's cost, the markup on it and the owner's price, their sum. Lines are grouped by cost
 * code ("06 - Rough & Finish Carpentry", items 06-110, 06-120 …) with a group total under each group. At the
 * end the totals of the three columns, a permit allowance sometimes and the PROPOSAL TOTAL.
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    status: ['Status: Pending client approval', 'Status: Released to client', 'Status: Draft for lender review'],
    totalLabel: ['PROPOSAL TOTAL', 'TOTAL OWNER PRICE', 'ESTIMATE TOTAL'],
    zebra: [0.9, 0.93, 0.95],
  });

type Style = ReturnType<typeof chooseStyle>;

const WIDTH = 792;
const HEIGHT = 612;
const LEFT = 32;
const RIGHT = WIDTH - 32;

const columns = (rate: number) =>
  columnsAcross(LEFT, RIGHT, [
    ['code', ['Cost', 'Code'], 50, 'left'],
    ['description', ['Title /', 'Description'], 382, 'left'],
    ['quantity', 'Qty', 52, 'right'],
    ['unit', 'Unit', 36, 'center'],
    ['builder', ['Builder', 'Cost'], 76, 'right'],
    ['markup', ['Markup', `(${rate}%)`], 68, 'right'],
    ['total', ['Owner', 'Price'], 'rest', 'right'],
  ]);

/** The builder's cost under the owner's price at `rate` percent markup, to the cent; the markup is the rest. */
const builderCost = (ownerPrice: number, rate: number): number => Math.round((ownerPrice * 100) / (100 + rate));

const MARKUPS = [15, 18, 20, 22, 25];

/** The markup printed in the header: the one whose builder costs the document's sections were priced with. */
const markupOf = (document: SorDocument): number => new Random(document.seed).child('g54-markup').pick(MARKUPS);

/** "06" of "06 - Rough & Finish Carpentry". */
const codeOf = (heading: string): string => heading.split(' ')[0];

function header(sheet: Sheet, document: SorDocument, style: Style, regular: TextStyle, bold: TextStyle): void {
  const { parties } = document;
  const builder = parties.contractor!;
  sheet.box(LEFT, 30, 6, 30, { fill: 0.2 });
  sheet.text(builder.name, LEFT + 14, 46, { ...bold, size: 14 });
  sheet.text(`${streetLine(builder.address)}, ${cityLine(builder.address)}  -  ${builder.email}`, LEFT + 14, 58, { ...regular, size: 7.5, gray: 0.3 });
  sheet.text('Estimate', RIGHT, 44, { ...bold, size: 16 }, 'right');
  sheet.text(style.status, RIGHT, 58, { ...regular, size: 7.5 }, 'right');
  sheet.rule(LEFT, RIGHT, 68, 0.5, 0.5);
  const columnsOfFacts: Array<[number, number, Array<[string, string]>]> = [
    [LEFT, 58, [['Client', parties.borrower], ['Job address', `${streetLine(parties.property)}, ${cityLine(parties.property)}`], ['Financing', parties.lender]]],
    [470, 74, [['Estimate no.', parties.fileNumber], ['Estimate date', formatDate(parties.reportDate, 'iso')], ['Builder license', builder.license]]],
    [640, 40, [['Phone', builder.phone], ['Sq. ft.', String(parties.buildingSize)], ['Built', String(parties.yearBuilt)]]],
  ];
  labelValueColumns(sheet, columnsOfFacts, 82, 11, { ...regular, gray: 0.2 }, bold);
  sheet.y = 82 + 3 * 11 + 2;
}

function amounts(section: Section, rate: number): { builder: number; markup: number; total: number } {
  const total = section.items.reduce((sum, item) => sum + item.total, 0);
  const builder = section.items.reduce((sum, item) => sum + builderCost(item.total, rate), 0);
  return { builder, markup: total - builder, total };
}

function itemRows(document: SorDocument, rate: number): TableRow[] {
  return document.sections.flatMap((section): TableRow[] => {
    const code = codeOf(section.heading);
    const group = amounts(section, rate);
    return [
      { kind: 'heading', text: section.heading },
      ...section.items.map((item, index): TableRow => {
        const builder = builderCost(item.total, rate);
        return {
          kind: 'item',
          cells: {
            code: `${code}-${110 + index * 10}`,
            description: item.description,
            quantity: quantityText(item.quantity, 2),
            unit: item.unit.toLowerCase(),
            builder: money(builder),
            markup: money(item.total - builder),
            total: money(item.total),
          },
        };
      }),
      { kind: 'total', label: `Group total ${code}`, labelKey: 'description', cells: { builder: money(group.builder), markup: money(group.markup), total: money(group.total) } },
      { kind: 'space', height: 5 },
    ];
  });
}

function totals(sheet: Sheet, document: SorDocument, style: Style, rate: number, regular: TextStyle, bold: TextStyle): void {
  const { recap } = document;
  const all = document.sections.map((section) => amounts(section, rate)).reduce((sum, group) => ({ builder: sum.builder + group.builder, markup: sum.markup + group.markup, total: sum.total + group.total }));
  const rows: RecapRow[] = [
    { label: 'Total builder cost', amount: money(all.builder) },
    { label: `Total markup (${rate}%)`, amount: money(all.markup) },
    { label: 'Owner price subtotal', amount: money(recap.subtotal, { dollar: true }), bold: true, rule: true },
    ...recap.before.map((line) => ({ label: line.label, amount: money(line.amount, { dollar: true }) })),
    { label: style.totalLabel, amount: money(recap.grandTotal, { dollar: true }), bold: true, rule: true },
  ];
  sheet.ensure(rows.length * 13 + 40);
  sheet.y += 6;
  const left = 520;
  sheet.box(left, sheet.y, RIGHT - left, rows.length * 13 + 8, { fill: 0.95 });
  sheet.y += 3;
  recapRows(sheet, rows, { labelX: left + 6, amountRight: RIGHT - 4, leading: 13, regular, bold });
  sheet.y += 10;
  sheet.text('Owner prices include the builder markup shown. Allowances are adjusted to actual selections. Estimate valid 30 days.', LEFT, sheet.y, { ...regular, size: 7, gray: 0.35 });
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g54-render');
  const style = chooseStyle(random.child('style'));
  const rate = markupOf(document);
  const { parties } = document;
  const sheet = await Sheet.create({ size: [WIDTH, HEIGHT], margins: { top: 34, bottom: 38, left: LEFT, right: WIDTH - RIGHT }, title: `Estimate ${parties.fileNumber}`, producer: 'BuildDesk Cloud Estimates', date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const regular: TextStyle = { font: fonts.regular, size: 8 };
  const bold: TextStyle = { font: fonts.bold, size: 8 };
  sheet.addPage();
  header(sheet, document, style, regular, bold);
  const spec = descriptionTable(columns(rate), regular, bold, {
    header: { ...bold, size: 7.5 },
    headerRules: 'below',
    lineHeight: 10,
    rowGap: 3,
    padding: 3,
    zebra: style.zebra,
    heading: {
      height: 16,
      draw: (target, text, top) => {
        target.box(LEFT, top + 3, RIGHT - LEFT, 12, { fill: 0.78 });
        target.text(text, LEFT + 3, top + 12, { ...bold, size: 8.5 });
      },
    },
    continued: (heading) => `${heading} (continued)`,
  });
  writeTable(sheet, spec, itemRows(document, rate));
  totals(sheet, document, style, rate, regular, bold);
  sheet.decorate((index, count) => {
    sheet.text(`${parties.borrower} - Estimate ${parties.fileNumber}`, LEFT, HEIGHT - 20, { ...regular, size: 7, gray: 0.4 });
    sheet.text(`${index + 1} / ${count}`, RIGHT, HEIGHT - 20, { ...regular, size: 7, gray: 0.4 }, 'right');
  });
  return sheet.save();
}

export const g54: SorFamily = {
  id: 'g54',
  name: "builder's landscape estimate with the builder cost, the markup and the owner price on every line, grouped by cost code",
  heldOut: false,
  items: [10, 48],
  dateStyle: 'iso',
  printed: printedFields({ materialLabor: 'none', consultant: false, inspectionDate: false }),
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'trade',
    contractorSelected: true,
    heading: ({ trade }) => `${trade!.csiNumber} - ${trade!.name}`,
    verbosity: 0.25,
    recap: {
      generalConditions: null,
      overheadAndProfit: null,
      before: (inner) => permitFee(inner, 0.45, ['Permit allowance', 'Permits & fees allowance'], 1200),
    },
  }),
  render,
};
