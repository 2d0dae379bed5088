import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type RecapLine, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import { cityLine, columnsAcross, pickEach, printedFields, streetLine, type TextContext } from './parts.js';

/**
 * g80: a design-build firm's renovation estimate from a cloud estimating tool, portrait, Helvetica 7.5. A gray band
 * across the top with the firm and RENOVATION ESTIMATE, the project number and date at its right; three blocks
 * side by side under it: PREPARED FOR (the owner and the project address), PREPARED BY (the firm, its license and
 * telephone) and FINANCING (lender, consultant, inspection date). The table has no rules at all: a shaded header
 * band and alternate rows shaded (zebra striping). Line | Scope Item | Qty | UOM | Labor | Material | Line Total,
 * labor before material, lines numbered "3-02" (trade 3, line 2), credits in parentheses. Trades are bold
 * headings in capitals with no total rows. On the last page the terms and conditions are numbered paragraphs at
 * the left and the recap is a box at their right: a summary by trade, DIRECT COST, general requirements and the
 * contractor's fee as percentages, sales tax on materials sometimes and ESTIMATE TOTAL; signatures under both.
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    zebra: [0.9, 0.93],
    subtotalLabel: ['DIRECT COST', 'Direct cost subtotal', 'Subtotal, direct cost'],
    feeLabel: ["Contractor's fee", 'Builder fee', 'Overhead & profit'],
    totalLabel: ['ESTIMATE TOTAL', 'TOTAL ESTIMATE', 'PROJECT TOTAL'],
  });

type Style = ReturnType<typeof chooseStyle>;

const LEFT = 36;
const RIGHT = 576;
const BOX = 330;

const TERMS = [
  'This estimate is based on the consultant\'s specification of repairs and a site visit; hidden conditions found after work begins are priced as change orders.',
  'Prices hold for 30 days from the date above. Materials are priced at builder-grade unless a selection is named.',
  'Permits are obtained by the contractor; permit fees are paid by the owner unless listed above.',
  'Payments follow the lender\'s draw schedule; the final draw is released after the final inspection.',
  'All work carries a one-year workmanship warranty from substantial completion. Manufacturers\' warranties pass to the owner.',
  'The owner keeps pets and belongings clear of work areas and provides water and electricity during the work.',
];

function rows(document: SorDocument): TableRow[] {
  return document.sections.flatMap((section, sectionIndex): TableRow[] => [
    { kind: 'heading', text: section.heading },
    ...section.items.map((item, index): TableRow => ({
      kind: 'item',
      cells: {
        line: `${sectionIndex + 1}-${String(index + 1).padStart(2, '0')}`,
        description: item.description,
        quantity: quantityText(item.quantity, 2),
        unit: item.unit,
        labor: money(item.labor, { parentheses: true }),
        material: money(item.material, { parentheses: true }),
        total: money(item.total, { parentheses: true }),
      },
    })),
  ]);
}

function top(context: TextContext, document: SorDocument): void {
  const { sheet, body, bold } = context;
  const { parties } = document;
  const contractor = parties.contractor!;
  sheet.box(LEFT, 36, RIGHT - LEFT, 34, { fill: 0.88 });
  sheet.text(contractor.name.toUpperCase(), LEFT + 10, 51, { ...bold, size: 11 });
  sheet.text('RENOVATION ESTIMATE', LEFT + 10, 63, { ...body, size: 8.5 });
  sheet.text(`Project No. ${parties.fileNumber}`, RIGHT - 10, 51, bold, 'right');
  sheet.text(formatDate(parties.reportDate, 'abbrev'), RIGHT - 10, 63, body, 'right');
  const blocks: Array<[number, string, string[]]> = [
    [LEFT, 'PREPARED FOR', [parties.borrower, streetLine(parties.property), cityLine(parties.property)]],
    [220, 'PREPARED BY', [contractor.name, `Lic. ${contractor.license}`, contractor.phone]],
    [400, 'FINANCING', [parties.lender, `Consultant: ${parties.consultant}`, `Inspected ${formatDate(parties.inspectionDate, 'abbrev')}`]],
  ];
  for (const [x, caption, lines] of blocks) {
    sheet.text(caption, x, 88, { ...bold, size: 6.5, gray: 0.45 });
    lines.forEach((line, index) => sheet.text(line, x, 99 + index * 9.5, index === 0 ? bold : body));
  }
  sheet.y = 136;
}

function termsAndRecap(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { recap: totals } = document;
  const termLines = TERMS.flatMap((term, index) => sheet.wrap(`${index + 1}. ${term}`, BOX - LEFT - 20, body).map((line) => line));
  const lines: Array<[string, string, boolean]> = document.sections.map((section) => [section.heading, money(sectionTotal(section)), false]);
  lines.push([style.subtotalLabel, money(totals.subtotal), true]);
  if (totals.generalConditions) lines.push([`General requirements (${percentText(totals.generalConditions.rate)})`, money(totals.generalConditions.amount), false]);
  if (totals.overhead) lines.push([`${style.feeLabel} (${percentText(totals.overhead.rate)})`, money(totals.overhead.amount), false]);
  for (const line of totals.before) lines.push([line.label, money(line.amount), false]);
  const boxHeight = lines.length * 11 + 44;
  sheet.ensure(Math.max(termLines.length * 9 + 16, boxHeight) + 50);
  const start = sheet.y + 14;
  sheet.text('TERMS AND CONDITIONS', LEFT, start + 8, bold);
  termLines.forEach((line, index) => sheet.text(line, LEFT, start + 20 + index * 9, { ...body, size: 7 }));
  sheet.box(BOX, start, RIGHT - BOX, boxHeight, { stroke: 0, thickness: 0.8 });
  sheet.box(BOX, start, RIGHT - BOX, 14, { fill: 0.88 });
  sheet.text('ESTIMATE SUMMARY', BOX + 6, start + 10, bold);
  lines.forEach(([label, amount, strong], index) => {
    const baseline = start + 26 + index * 11;
    if (strong) sheet.rule(BOX + 6, RIGHT - 6, baseline - 8.5, 0.5);
    sheet.text(label, BOX + (strong ? 6 : 12), baseline, strong ? bold : body);
    sheet.text(amount, RIGHT - 6, baseline, strong ? bold : body, 'right');
  });
  const totalTop = start + boxHeight - 16;
  sheet.box(BOX, totalTop, RIGHT - BOX, 16, { fill: 0.2 });
  sheet.text(style.totalLabel, BOX + 6, totalTop + 11, { ...bold, size: 8.5, gray: 1 });
  sheet.text(money(totals.grandTotal, { dollar: true }), RIGHT - 6, totalTop + 11, { ...bold, size: 8.5, gray: 1 }, 'right');
  sheet.y = start + Math.max(termLines.length * 9 + 16, boxHeight) + 30;
  sheet.text('Owner ______________________________  Date ________', LEFT, sheet.y, body);
  sheet.text('Contractor ____________________________  Date ________', BOX, sheet.y, body);
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g80-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 40, bottom: 46, left: LEFT, right: 612 - RIGHT }, title: `Estimate ${parties.fileNumber}`, producer: 'Chromium PDF', date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const body: TextStyle = { font: fonts.regular, size: 7.5 };
  const bold: TextStyle = { font: fonts.bold, size: 7.5 };
  const context: TextContext = { sheet, fonts, body, bold, lineHeight: 9.5 };
  sheet.addPage();
  top(context, document);
  writeTable(sheet, {
    columns: columnsAcross(LEFT, RIGHT, [
      ['line', 'Line', 30, 'left'],
      ['description', 'Scope Item', RIGHT - LEFT - 30 - 46 - 30 - 3 * 62, 'left'],
      ['quantity', 'Qty', 46, 'right'],
      ['unit', 'UOM', 30, 'center'],
      ['labor', 'Labor', 62, 'right'],
      ['material', 'Material', 62, 'right'],
      ['total', 'Line Total', 'rest', 'right'],
    ]),
    wrapKey: 'description',
    body,
    bold,
    header: { ...bold, size: 7 },
    headerBand: 0.8,
    headerRules: 'none',
    zebra: style.zebra,
    lineHeight: 9.5,
    rowGap: 3,
    padding: 4,
    heading: { height: 16, draw: (target, text, at) => target.text(text, LEFT + 4, at + 12, { ...bold, size: 8 }) },
    continued: (text) => `${text} (CONTINUED)`,
  }, rows(document));
  termsAndRecap(context, document, style);
  sheet.decorate((index, count) => sheet.text(`${parties.fileNumber}  |  Page ${index + 1} / ${count}`, RIGHT, 774, { ...body, size: 6.5, gray: 0.4 }, 'right'));
  return sheet.save();
}

/** Sales tax on the materials, above the total, in some estimates. */
function salesTax(random: Random, sections: SorDocument['sections']): RecapLine[] {
  if (!random.chance(0.4)) return [];
  const rate = random.pick([5.5, 6, 7.25]);
  const material = sections.reduce((sum, section) => sum + sectionTotal(section, 'material'), 0);
  return [{ label: `Sales tax on materials (${percentText(rate)})`, amount: Math.round((material * rate) / 100) }];
}

export const g80: SorFamily = {
  id: 'g80',
  name: 'unruled estimate with alternate rows shaded (zebra), Line | Scope Item | Qty | UOM | Labor | Material | Line Total with lines "3-02", trades with no total rows, and the recap in a box at the right of the terms and conditions on the last page with a summary by trade',
  heldOut: false,
  items: [12, 46],
  dateStyle: 'abbrev',
  printed: printedFields(),
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'trade',
    contractorSelected: true,
    heading: ({ trade }) => trade!.name.toUpperCase(),
    verbosity: 0.3,
    credits: 0.2,
    recap: {
      generalConditions: random.chance(0.6) ? [6, 8, 10] : null,
      overheadAndProfit: [10, 12, 15],
      before: (inner, sections) => salesTax(inner, sections),
    },
  }),
  render,
};
