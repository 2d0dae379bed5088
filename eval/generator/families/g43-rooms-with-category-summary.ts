import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type Column, type TableSpec } from '../table.js';
import { addressPairs, contingencyReserve, labelValues, oneLine, permitFee, printedFields, recapRows, sectionRows, workItemOf, type RecapRow } from './parts.js';

/**
 * g43: a 203(k) consultant's write-up organised by room, with every item coded to one of HUD's 35 work
 * write-up categories, portrait, in Helvetica. The consultant's letterhead, a block of parties, then
 * one table No. | Cat. | Description of Work | Qty | Unit | Material | Labor | Total, where Cat. is the
 * category number of the item ("27" for plumbing, "13" for windows). Rooms are the headings (the
 * sections), each with a room total row. After the rooms, a "Summary by HUD category" lists each
 * category used, number, name and the total of its items across all rooms: these totals cut across the
 * rooms and are neither line items nor recap values (as the totals of groups of sections, g23, g24).
 * Then the recap: total of all repair items, overhead and profit sometimes, permits, TOTAL COST OF
 * REPAIRS, the contingency reserve after it. The category column is not part of the description.
 */

interface Style {
  categoryHeader: string;
  summaryTitle: string;
  band: number;
}

function chooseStyle(random: Random): Style {
  return {
    categoryHeader: random.pick(['Cat.', 'HUD Cat.', 'Cat. No.']),
    summaryTitle: random.pick(['SUMMARY BY HUD CATEGORY', 'Cost Summary by Work Write-Up Category', 'CATEGORY RECAP']),
    band: random.pick([0.86, 0.92]),
  };
}

const CATEGORY_NAMES = [
  'Masonry', 'Siding', 'Gutters/Downspouts', 'Roof', 'Shutters', 'Exteriors', 'Walks', 'Driveways', 'Painting (Ext)', 'Caulking',
  'Fencing', 'Grading', 'Windows', 'Weatherstrip', 'Doors (Ext)', 'Doors (Int)', 'Partition Wall', 'Plaster/Drywall', 'Decorating',
  'Wood Trim', 'Stairs', 'Closets', 'Wood Floors', 'Finish Floors', 'Ceramic Tile', 'Bath Accessories', 'Plumbing', 'Electrical',
  'Heating', 'Insulation', 'Cabinetry', 'Appliances', 'Basements', 'Cleanup', 'Miscellaneous',
];

/** The HUD category of an item: by its trade, refined by words of its text where a trade spans several. */
function categoryOf(item: LineItem): number {
  const work = workItemOf(item);
  const text = work.text.toLowerCase();
  const has = (...words: string[]) => words.some((word) => text.includes(word));
  switch (work.trade) {
    case 'masonry': return 1;
    case 'roofing': return has('gutter', 'downspout') ? 3 : has('siding') ? 2 : has('insulation', 'insulate') ? 30 : 4;
    case 'site': return has('fence') ? 11 : has('grade', 'regrade', 'soil') ? 12 : has('driveway') ? 8 : 6;
    case 'concrete': return has('driveway') ? 8 : has('walk', 'step') ? 7 : 33;
    case 'openings': return has('window') ? 13 : has('interior', 'passage', 'closet') ? 16 : 15;
    case 'finishes': return has('tile') ? 25 : has('carpet', 'vinyl', 'floor') ? 24 : has('drywall', 'plaster', 'skim') ? 18 : 19;
    case 'carpentry': return has('stair', 'tread') ? 21 : has('closet') ? 22 : has('oak', 'hardwood') ? 23 : 20;
    case 'cabinets': return has('appliance', 'range', 'refrigerator', 'dishwasher') ? 32 : has('accessor', 'mirror') ? 26 : 31;
    case 'plumbing': return 27;
    case 'electrical': return 28;
    case 'hvac': return 29;
    case 'demolition': return 34;
    default: return has('clean', 'dumpster') ? 34 : 35;
  }
}

const LEFT = 40;
const RIGHT = 572;

const COLUMNS: Column[] = [
  { key: 'number', header: ['No.'], x: LEFT, width: 26, align: 'left' },
  { key: 'category', header: ['Cat.'], x: 66, width: 28, align: 'center' },
  { key: 'description', header: ['Description of Work'], x: 94, width: 236, align: 'left' },
  { key: 'quantity', header: ['Qty'], x: 330, width: 38, align: 'right' },
  { key: 'unit', header: ['Unit'], x: 368, width: 28, align: 'center' },
  { key: 'material', header: ['Material'], x: 396, width: 58, align: 'right' },
  { key: 'labor', header: ['Labor'], x: 454, width: 58, align: 'right' },
  { key: 'total', header: ['Total'], x: RIGHT - 60, width: 60, align: 'right' },
];

function letterhead(sheet: Sheet, document: SorDocument, regular: TextStyle, bold: TextStyle): void {
  const { parties } = document;
  const contractor = parties.contractor;
  sheet.text(parties.consultantCompany, LEFT, 50, { ...bold, size: 13 });
  sheet.text(`${parties.consultant}, HUD 203(k) Consultant ${parties.consultantId}  ·  ${parties.consultantPhone}`, LEFT, 63, regular);
  sheet.text('WORK WRITE-UP BY ROOM', RIGHT, 50, { ...bold, size: 11 }, 'right');
  sheet.text(`Report date ${formatDate(parties.reportDate, 'us')}`, RIGHT, 63, regular, 'right');
  sheet.rule(LEFT, RIGHT, 70, 1);
  sheet.y = 78;
  labelValues(sheet, [['Borrower', parties.borrower], ...addressPairs('Property', parties.property), ['Lender', parties.lender], ['FHA case no.', parties.fhaCaseNumber]], LEFT, 70, bold, regular, 11);
  const bottom = sheet.y;
  sheet.y = 78;
  labelValues(
    sheet,
    [['Inspection', formatDate(parties.inspectionDate, 'us')], ['Contractor', contractor ? contractor.name : 'To be selected'], ['License', contractor ? contractor.license : ''], ['Phone', contractor ? contractor.phone : '']],
    320,
    64,
    bold,
    regular,
    11,
  );
  sheet.y = Math.max(bottom, sheet.y) + 8;
}

function categorySummary(sheet: Sheet, document: SorDocument, style: Style, regular: TextStyle, bold: TextStyle): void {
  const totals = new Map<number, number>();
  for (const item of document.sections.flatMap((section) => section.items)) totals.set(categoryOf(item), (totals.get(categoryOf(item)) ?? 0) + item.total);
  const categories = [...totals.keys()].sort((a, b) => a - b);
  sheet.ensure(categories.length * 11 + 30);
  sheet.y += 12;
  sheet.text(style.summaryTitle, LEFT, sheet.y + 9, { ...bold, size: 9 });
  sheet.y += 14;
  for (const category of categories) {
    sheet.text(String(category), LEFT + 20, sheet.y + 8, regular, 'right');
    sheet.text(CATEGORY_NAMES[category - 1], LEFT + 30, sheet.y + 8, regular);
    sheet.text(money(totals.get(category)!), 300, sheet.y + 8, regular, 'right');
    sheet.y += 11;
  }
}

function recap(sheet: Sheet, document: SorDocument, regular: TextStyle, bold: TextStyle): void {
  const { recap: lines } = document;
  const dollars = (cents: number) => money(cents, { dollar: true });
  const rows: RecapRow[] = [{ label: 'Total of all repair items', amount: dollars(lines.subtotal) }];
  if (lines.overhead) rows.push({ label: `Overhead and profit (${percentText(lines.overhead.rate)})`, amount: dollars(lines.overhead.amount) });
  rows.push(...lines.before.map((line) => ({ label: line.label, amount: dollars(line.amount) })));
  rows.push({ label: 'TOTAL COST OF REPAIRS', amount: dollars(lines.grandTotal), bold: true, rule: true });
  rows.push(...lines.after.map((line) => ({ label: line.label, amount: dollars(line.amount) })));
  sheet.ensure(rows.length * 13 + 16);
  sheet.y += 12;
  recapRows(sheet, rows, { labelX: 340, amountRight: RIGHT, leading: 13, regular, bold });
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g43-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 44, bottom: 50, left: LEFT, right: 612 - RIGHT }, title: `Work Write-Up ${oneLine(parties.property)}`, producer: 'K-Writer 203k', date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const regular: TextStyle = { font: fonts.regular, size: 8 };
  const bold: TextStyle = { font: fonts.bold, size: 8 };
  sheet.onPageStart = (current) => {
    if (current.pages.length > 1) current.text(`${parties.borrower}  ·  ${oneLine(parties.property)}`, LEFT, 34, { ...regular, size: 7, gray: 0.35 });
  };
  sheet.addPage();
  letterhead(sheet, document, regular, bold);
  const spec: TableSpec = {
    columns: COLUMNS.map((column) => (column.key === 'category' ? { ...column, header: [style.categoryHeader] } : column)),
    wrapKey: 'description',
    body: regular,
    bold,
    header: { ...bold, size: 7.5 },
    lineHeight: 10,
    rowGap: 3,
    padding: 3,
    headerBand: style.band,
    headerRules: 'below',
    rowRules: 0.8,
    heading: { height: 17, draw: (target, text, top) => target.text(text, LEFT + 2, top + 12, { ...bold, size: 9 }) },
    continued: (text) => `${text} (continued)`,
  };
  let number = 0;
  const rows = sectionRows(
    document.sections,
    (section) => section.items.map((item) => {
      number += 1;
      return {
        kind: 'item' as const,
        cells: { number: String(number), category: String(categoryOf(item)), description: item.description, quantity: quantityText(item.quantity), unit: item.unit, material: money(item.material), labor: money(item.labor), total: money(item.total) },
      };
    }),
    (section) => [{ kind: 'total' as const, label: `Total ${section.heading.replace(/^\d+\.\s*/, '')}`, labelKey: 'labor', cells: { total: money(sectionTotal(section)) }, rule: true }],
  );
  writeTable(sheet, spec, rows);
  categorySummary(sheet, document, style, regular, bold);
  recap(sheet, document, regular, bold);
  sheet.decorate((index, count) => sheet.text(`Page ${index + 1} of ${count}`, RIGHT, 770, { ...regular, size: 7 }, 'right'));
  return sheet.save();
}

export const g43: SorFamily = {
  id: 'g43',
  name: 'room-by-room write-up with a HUD category column and a summary by category',
  heldOut: false,
  items: [10, 50],
  dateStyle: 'us',
  printed: printedFields(),
  spec: (random, itemCount) => {
    const form = random.int(0, 2);
    return {
      itemCount,
      grouping: 'room',
      heading: ({ ordinal, room }) => [`${ordinal}. ${room!.name}`, room!.name.toUpperCase(), room!.name][form],
      verbosity: 0.45,
      recap: {
        generalConditions: null,
        overheadAndProfit: random.chance(0.5) ? [10, 12] : null,
        before: (inner) => permitFee(inner, 0.6, ['Permits', 'Building permit fees'], 1000),
        after: (inner, grandTotal) => [contingencyReserve(inner, grandTotal, [10, 15, 20])],
      },
    };
  },
  render,
};
