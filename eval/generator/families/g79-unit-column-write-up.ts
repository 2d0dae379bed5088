import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type RecapLine, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import { cityLine, columnsAcross, contingencyReserve, permitFee, pickEach, printedFields, roomHeading, streetLine, type TextContext } from './parts.js';

/**
 * g79: a 203(k) consultant's measured specification of repairs, landscape, Times 8 in a full grid. A centred title
 * with the consultant's firm, then a ruled grid of captioned cells (caption small above its value): borrower,
 * property, FHA case number, lender; consultant, inspection date, contractor, its license and telephone. The table
 * names the unit in the column header, not in the cells: Ref. | Description of Work | Area (SF) | Length (LF) |
 * Count (EA) | Other Qty | Material ($) | Labor ($) | Line Total ($) | Section Total ($). A quantity stands in the
 * column of its unit; one in another unit is written with it in the Other column ("2.5 SQ", "1 LS"). Rooms are
 * lettered heading rows in capitals ("B. MASTER BATH") carrying the room's total in the Section Total column on
 * the heading row itself; items are "B.1", "B.2". No "$" and no total rows in the table. Under it, a summary of
 * the rooms (letter, room, amount) at the left and the recap at the right: total cost of repairs, contractor's
 * overhead and profit sometimes, permits sometimes and TOTAL REHABILITATION COST, then the contingency reserve.
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    title: ['SPECIFICATION OF REPAIRS AND COST ESTIMATE', 'WORK WRITE-UP / COST ESTIMATE', 'MEASURED SCOPE OF WORK AND COST ESTIMATE'],
    subtotalLabel: ['Total cost of repairs', 'Cost of repairs, all rooms', 'Repair subtotal'],
    totalLabel: ['TOTAL REHABILITATION COST', 'TOTAL COST OF REHABILITATION', 'TOTAL REPAIR ESTIMATE'],
  });

type Style = ReturnType<typeof chooseStyle>;

const LEFT = 30;
const RIGHT = 762;
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

const columns = () =>
  columnsAcross(LEFT, RIGHT, [
    ['ref', 'Ref.', 30, 'left'],
    ['description', 'Description of Work', RIGHT - LEFT - 30 - 4 * 46 - 4 * 62, 'left'],
    ['sf', ['Area', '(SF)'], 46, 'right'],
    ['lf', ['Length', '(LF)'], 46, 'right'],
    ['ea', ['Count', '(EA)'], 46, 'right'],
    ['other', ['Other', 'Qty'], 46, 'right'],
    ['material', ['Material', '($)'], 62, 'right'],
    ['labor', ['Labor', '($)'], 62, 'right'],
    ['total', ['Line Total', '($)'], 62, 'right'],
    ['section', ['Section', 'Total ($)'], 'rest', 'right'],
  ]);

/** The quantity in the column of its unit, or with its unit in the Other column. */
function quantityCells(item: LineItem): Record<string, string> {
  const key = { SF: 'sf', LF: 'lf', EA: 'ea' }[item.unit as string];
  return key ? { [key]: quantityText(item.quantity) } : { other: `${quantityText(item.quantity)} ${item.unit}` };
}

function rows(document: SorDocument): TableRow[] {
  return document.sections.flatMap((section, sectionIndex): TableRow[] => [
    { kind: 'heading', text: section.heading },
    ...section.items.map((item, index): TableRow => ({
      kind: 'item',
      cells: {
        ref: `${LETTERS[sectionIndex]}.${index + 1}`,
        description: item.description,
        ...quantityCells(item),
        material: money(item.material, { parentheses: true }),
        labor: money(item.labor, { parentheses: true }),
        total: money(item.total, { parentheses: true }),
      },
    })),
  ]);
}

function facts(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { parties } = document;
  const centre = (LEFT + RIGHT) / 2;
  sheet.text(parties.consultantCompany, centre, 40, { ...bold, size: 10 }, 'center');
  sheet.text(`${streetLine(parties.consultantAddress)}, ${cityLine(parties.consultantAddress)}  -  ${parties.consultantPhone}`, centre, 51, body, 'center');
  sheet.text(style.title, centre, 68, { ...bold, size: 12.5 }, 'center');
  const contractor = parties.contractor;
  const cells: Array<Array<[string, string, number]>> = [
    [['BORROWER', parties.borrower, 190], ['PROPERTY ADDRESS', `${streetLine(parties.property)}, ${cityLine(parties.property)}`, 262], ['FHA CASE NO.', parties.fhaCaseNumber, 110], ['LENDER', parties.lender, 170]],
    [['CONSULTANT', `${parties.consultant} (${parties.consultantId})`, 190], ['INSPECTION DATE', formatDate(parties.inspectionDate, 'long'), 130], ['CONTRACTOR', contractor ? contractor.name : 'Not yet selected', 132], ['LICENSE NO.', contractor?.license ?? '', 110], ['TELEPHONE', contractor?.phone ?? '', 170]],
  ];
  const caption: TextStyle = { ...body, size: 6, gray: 0.3 };
  cells.forEach((row, index) => {
    const top = 78 + index * 24;
    let x = LEFT;
    for (const [label, value, width] of row) {
      sheet.box(x, top, width, 24, { stroke: 0, thickness: 0.5 });
      sheet.text(label, x + 3, top + 7.5, caption);
      sheet.text(value, x + 3, top + 19, body);
      x += width;
    }
  });
  sheet.y = 136;
}

function recap(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { recap: totals } = document;
  const right: Array<[string, string, boolean]> = [[style.subtotalLabel, money(totals.subtotal), false]];
  if (totals.overhead) right.push([`Contractor overhead & profit (${percentText(totals.overhead.rate)})`, money(totals.overhead.amount), false]);
  for (const line of totals.before) right.push([line.label, money(line.amount), false]);
  right.push([style.totalLabel, money(totals.grandTotal, { dollar: true }), true]);
  for (const line of totals.after) right.push([line.label, money(line.amount), false]);
  const height = Math.max(document.sections.length, right.length) * 12 + 30;
  sheet.ensure(height);
  const top = sheet.y + 10;
  sheet.text('SUMMARY BY ROOM', LEFT, top + 8, bold);
  document.sections.forEach((section, index) => {
    const baseline = top + 22 + index * 12;
    sheet.text(section.heading, LEFT + 4, baseline, body);
    sheet.text(money(sectionTotal(section)), LEFT + 290, baseline, body, 'right');
  });
  sheet.text('RECAP', 470, top + 8, bold);
  right.forEach(([label, amount, strong], index) => {
    const baseline = top + 22 + index * 12;
    if (strong) sheet.rule(470, RIGHT, baseline - 9, 0.8);
    sheet.text(label, 470, baseline, strong ? bold : body);
    sheet.text(amount, RIGHT - 3, baseline, strong ? bold : body, 'right');
  });
  sheet.y = top + height;
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g79-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [792, 612], margins: { top: 30, bottom: 40, left: LEFT, right: 792 - RIGHT }, title: style.title, producer: 'Microsoft Excel', date: parties.reportDate });
  const fonts = await sheet.fonts('Times');
  const body: TextStyle = { font: fonts.regular, size: 8 };
  const bold: TextStyle = { font: fonts.bold, size: 8 };
  const context: TextContext = { sheet, fonts, body, bold, lineHeight: 10 };
  const totals = new Map(document.sections.map((section) => [section.heading, money(sectionTotal(section), { parentheses: true })]));
  const spec = columns();
  const sectionColumn = spec.at(-1)!;
  sheet.addPage();
  facts(context, document, style);
  writeTable(sheet, {
    columns: spec,
    wrapKey: 'description',
    body,
    bold,
    header: bold,
    headerBand: 0.85,
    grid: true,
    mergedHeadings: true,
    lineHeight: 10,
    rowGap: 3,
    padding: 3,
    heading: {
      height: 14,
      draw: (target, text, top) => {
        target.box(LEFT, top, RIGHT - LEFT, 14, { fill: 0.93 });
        target.text(text, LEFT + 3, top + 10, bold);
        const total = totals.get(text);
        if (total) target.text(total, sectionColumn.x + sectionColumn.width - 3, top + 10, bold, 'right');
      },
    },
    continued: (text) => `${text} (CONT.)`,
  }, rows(document));
  recap(context, document, style);
  sheet.decorate((index, count) => {
    sheet.text(`FHA Case No. ${parties.fhaCaseNumber}`, LEFT, 596, { ...body, size: 7 });
    sheet.text(`Page ${index + 1} of ${count}`, RIGHT, 596, { ...body, size: 7 }, 'right');
  });
  return sheet.save();
}

export const g79: SorFamily = {
  id: 'g79',
  name: 'landscape measured write-up naming the unit in the column header (Area (SF) | Length (LF) | Count (EA) | Other Qty), lettered rooms "B. MASTER BATH" with the room total in a Section Total column on the heading row, items "B.1", a captioned-cell grid of job facts',
  heldOut: false,
  items: [10, 42],
  dateStyle: 'long',
  printed: printedFields(),
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'room',
    heading: (info) => `${LETTERS[info.ordinal - 1]}. ${roomHeading(true)(info)}`,
    verbosity: 0.35,
    halfFeet: true,
    credits: 0.1,
    recap: {
      generalConditions: null,
      overheadAndProfit: random.chance(0.5) ? [10, 15] : null,
      before: (inner) => permitFee(inner, 0.6, ['Permits and fees', 'Building permit'], 1200),
      after: (inner, grandTotal): RecapLine[] => [contingencyReserve(inner, grandTotal, [10, 15, 20])],
    },
  }),
  render,
};
