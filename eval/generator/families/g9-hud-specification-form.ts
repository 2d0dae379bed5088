import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, quantityText, Sheet, type Fonts, type TextStyle } from '../layout.js';
import { sectionTotal, type RecapLine, type Section, type SorDocument } from '../model.js';
import type { Random } from '../random.js';
import { writeTable, type Column, type TableSpec } from '../table.js';
import type { TradeId } from '../work-items.js';
import { oneLine, printedFields, sectionRows, withTotalLine } from './parts.js';

/**
 * g9: a HUD-style "Specification of Repairs" form. Captioned boxes for the parties, then one full
 * grid listing all 35 HUD work write-up categories in order, numbered in a narrow left column;
 * categories without work stay as bare rows, the others carry their total on the category row and
 * their items ("4.2") below: No. | Description of Repairs | Qty | Unit | Unit Cost | Cost | Category Total.
 * TOTAL COST OF REPAIRS is the bottom line (no subtotal, no markups); contingency, inspection and
 * title-update fees and the total rehabilitation cost follow it in a box beside the signatures.
 */

const CATEGORIES = [
  'MASONRY', 'SIDING', 'GUTTERS/DOWNSPOUTS', 'ROOF', 'SHUTTERS', 'EXTERIORS', 'WALKS', 'DRIVEWAYS', 'PAINTING (EXT)', 'CAULKING',
  'FENCING', 'GRADING', 'WINDOWS', 'WEATHERSTRIP', 'DOORS (EXT)', 'DOORS (INT)', 'PARTITION WALL', 'PLASTER/DRYWALL', 'DECORATING',
  'WOOD TRIM', 'STAIRS', 'CLOSETS', 'WOOD FLOORS', 'FINISH FLOORS', 'CERAMIC TILE', 'BATH ACCESSORIES', 'PLUMBING', 'ELECTRICAL',
  'HEATING', 'INSULATION', 'CABINETRY', 'APPLIANCES', 'BASEMENTS', 'CLEANUP', 'MISCELLANEOUS',
].map((name, index) => `${index + 1} ${name}`);

/** The category each trade's work is written up under. */
const CATEGORY_OF: Record<TradeId, number> = {
  masonry: 1, roofing: 4, site: 6, concrete: 7, openings: 15, finishes: 19, carpentry: 20, plumbing: 27, electrical: 28,
  hvac: 29, cabinets: 31, demolition: 34, general: 35,
};

const COLUMNS: Column[] = [
  { key: 'number', header: ['No.'], x: 36, width: 26, align: 'left' },
  { key: 'description', header: ['Description of Repairs'], x: 62, width: 268, align: 'left' },
  { key: 'quantity', header: ['Qty'], x: 330, width: 36, align: 'right' },
  { key: 'unit', header: ['Unit'], x: 366, width: 26, align: 'center' },
  { key: 'unitCost', header: ['Unit', 'Cost'], x: 392, width: 56, align: 'right' },
  { key: 'cost', header: ['Cost'], x: 448, width: 60, align: 'right' },
  { key: 'categoryTotal', header: ['Category', 'Total'], x: 508, width: 68, align: 'right' },
];

function printedSections(document: SorDocument): Section[] {
  return CATEGORIES.map((heading) => document.sections.find((section) => section.heading === heading) ?? { heading, items: [] });
}

interface Box {
  caption: string;
  value: string;
  from: number;
  to: number;
}

function boxRow(sheet: Sheet, boxes: Box[], top: number, fonts: Fonts): void {
  for (const box of boxes) {
    sheet.box(box.from, top, box.to - box.from, 21, { stroke: 0, thickness: 0.6 });
    sheet.text(box.caption, box.from + 2.5, top + 6.5, { font: fonts.regular, size: 5.5, gray: 0.2 });
    sheet.text(box.value, box.from + 4, top + 16.5, { font: fonts.regular, size: 8 });
  }
}

function formHeader(sheet: Sheet, document: SorDocument, fonts: Fonts): void {
  const { parties } = document;
  const contractor = parties.contractor;
  sheet.text('FHA 203(k) Rehabilitation Mortgage', 36, 44, { font: fonts.regular, size: 7 });
  sheet.text('Consultant Work Write-Up', 36, 53, { font: fonts.regular, size: 7 });
  sheet.text('SPECIFICATION OF REPAIRS', 306, 50, { font: fonts.bold, size: 13 }, 'center');
  sheet.text('Cost estimate of required and elective repairs', 306, 60, { font: fonts.italic, size: 7.5 }, 'center');
  boxRow(sheet, [{ caption: 'FHA CASE NUMBER', value: parties.fhaCaseNumber, from: 456, to: 576 }], 36, fonts);
  const date = (value: typeof parties.reportDate) => formatDate(value, 'us');
  const rows: Box[][] = [
    [
      { caption: 'BORROWER(S)', value: parties.borrower, from: 36, to: 276 },
      { caption: 'PROPERTY ADDRESS', value: oneLine(parties.property), from: 276, to: 576 },
    ],
    [
      { caption: 'LENDER', value: parties.lender, from: 36, to: 236 },
      { caption: 'LOAN NUMBER', value: parties.loanNumber, from: 236, to: 336 },
      { caption: 'DATE OF INSPECTION', value: date(parties.inspectionDate), from: 336, to: 456 },
      { caption: 'DATE OF REPORT', value: date(parties.reportDate), from: 456, to: 576 },
    ],
    [
      { caption: '203(k) CONSULTANT', value: parties.consultant, from: 36, to: 196 },
      { caption: 'CONSULTANT ID', value: parties.consultantId, from: 196, to: 276 },
      { caption: 'CONSULTING FIRM', value: parties.consultantCompany, from: 276, to: 456 },
      { caption: 'TELEPHONE', value: parties.consultantPhone, from: 456, to: 576 },
    ],
    [
      { caption: 'GENERAL CONTRACTOR', value: contractor ? contractor.name : 'To be selected by borrower', from: 36, to: 276 },
      { caption: 'CONTRACTOR LICENSE NO.', value: contractor?.license ?? '', from: 276, to: 396 },
      { caption: 'CONTRACTOR TELEPHONE', value: contractor?.phone ?? '', from: 396, to: 576 },
    ],
  ];
  rows.forEach((row, index) => boxRow(sheet, row, 68 + index * 21, fonts));
  sheet.text('Costs include labor and materials. Categories follow the HUD 203(k) work write-up; a category without work is left blank.', 36, 163, { font: fonts.italic, size: 6.5 });
  sheet.y = 168;
}

function tableSpec(fonts: Fonts, totals: Map<string, number>): TableSpec {
  const body: TextStyle = { font: fonts.regular, size: 7.5 };
  const bold: TextStyle = { font: fonts.bold, size: 7.5 };
  return {
    columns: COLUMNS,
    wrapKey: 'description',
    body,
    bold,
    header: { font: fonts.bold, size: 6.5 },
    lineHeight: 8.6,
    rowGap: 1.6,
    padding: 3,
    headerBand: 0.78,
    grid: true,
    heading: {
      height: 10,
      draw: (target, text, top) => {
        const total = totals.get(text);
        if (total !== undefined) target.box(36, top, 540, 10, { fill: 0.9 });
        const [number, ...name] = text.split(' ');
        target.text(number, 39, top + 7.4, bold);
        target.text(name.join(' '), 65, top + 7.4, bold);
        if (total !== undefined) target.text(money(total), 573, top + 7.4, bold, 'right');
      },
    },
    continued: (heading) => `${heading} (continued)`,
  };
}

function signatures(sheet: Sheet, top: number, fonts: Fonts): void {
  const small: TextStyle = { font: fonts.regular, size: 6.5 };
  sheet.y = top;
  sheet.paragraph(
    'I certify that I inspected the property and that this specification lists the repairs required by HUD and those requested by the borrower, at costs I believe reasonable for the area.',
    36,
    270,
    small,
    8,
  );
  for (const who of ['Consultant', 'Borrower', 'Contractor']) {
    sheet.y += 13;
    sheet.text(`${who} signature`, 36, sheet.y, small);
    sheet.rule(100, 240, sheet.y + 1, 0.5);
    sheet.text('Date', 248, sheet.y, small);
    sheet.rule(266, 316, sheet.y + 1, 0.5);
  }
}

function recapBox(sheet: Sheet, document: SorDocument, top: number, fonts: Fonts): void {
  const { recap } = document;
  const lines = [{ label: 'TOTAL COST OF REPAIRS', amount: recap.grandTotal }, ...recap.after];
  lines.forEach((line, index) => {
    const bold = index === 0 || index === lines.length - 1;
    const y = top + index * 12;
    sheet.box(336, y, 172, 12, { stroke: 0, thickness: 0.5, fill: bold ? 0.9 : undefined });
    sheet.box(508, y, 68, 12, { stroke: 0, thickness: 0.5 });
    const style: TextStyle = { font: bold ? fonts.bold : fonts.regular, size: 7.5 };
    sheet.text(line.label, 339, y + 8.6, style);
    sheet.text(money(line.amount, { dollar: bold }), 573, y + 8.6, style, 'right');
  });
  sheet.y = top + lines.length * 12;
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 44, bottom: 58, left: 36, right: 36 }, title: 'Specification of Repairs', producer: '203k Write-Up Pro 4.2', date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const small: TextStyle = { font: fonts.regular, size: 6.5, gray: 0.2 };
  sheet.onPageStart = (current) => {
    if (current.pages.length === 1) return;
    current.text(`SPECIFICATION OF REPAIRS (continued)  -  ${parties.borrower}  -  FHA Case No. ${parties.fhaCaseNumber}`, 36, 32, small);
  };
  sheet.addPage();
  formHeader(sheet, document, fonts);

  const sections = printedSections(document);
  const totals = new Map(sections.filter((section) => section.items.length > 0).map((section) => [section.heading, sectionTotal(section)]));
  const rows = sectionRows(sections, (section) =>
    section.items.map((item, index) => ({
      kind: 'item' as const,
      cells: {
        number: `${section.heading.split(' ')[0]}.${index + 1}`,
        description: item.description,
        quantity: quantityText(item.quantity),
        unit: item.unit,
        unitCost: money(item.materialRate + item.laborRate),
        cost: money(item.total),
      },
    })),
  );
  writeTable(sheet, tableSpec(fonts, totals), rows);

  sheet.ensure(12 * (document.recap.after.length + 1) + 8);
  const top = sheet.y + 8;
  recapBox(sheet, document, top, fonts);
  const recapEnd = sheet.y;
  signatures(sheet, top + 6, fonts);
  sheet.y = Math.max(sheet.y, recapEnd);

  sheet.decorate((index, count) => {
    sheet.rule(36, 576, 746, 0.5);
    sheet.text('Borrower initials ________    Contractor initials ________', 36, 756, { font: fonts.regular, size: 7 });
    sheet.text(`Page ${index + 1} of ${count}`, 576, 756, { font: fonts.regular, size: 7 }, 'right');
    sheet.text(`Specification of Repairs  |  ${oneLine(parties.property)}`, 36, 765, small);
  });
  return sheet.save();
}

/** HUD's 203(k) consultant fee schedule, by the cost of repairs. */
function consultantFee(repairs: number): number {
  const steps: Array<[number, number]> = [[750_000, 40_000], [1_500_000, 50_000], [3_000_000, 60_000], [5_000_000, 70_000], [7_500_000, 80_000], [10_000_000, 90_000]];
  return steps.find(([limit]) => repairs <= limit)?.[1] ?? 100_000;
}

function feesAfterRepairs(random: Random, repairs: number): RecapLine[] {
  const contingency = random.pick([10, 15, 20]);
  const inspections = random.int(3, 6);
  const inspectionFee = random.pick([125, 150, 175, 200]) * 100;
  const titleFee = random.pick([35, 50, 75]) * 100;
  const lines: RecapLine[] = [
    { label: `Contingency Reserve (${contingency}% of repairs)`, amount: Math.round((repairs * contingency) / 100) },
    { label: `Inspection Fees (${inspections} @ ${money(inspectionFee, { dollar: true })})`, amount: inspections * inspectionFee },
    { label: `Title Update Fees (${inspections} @ ${money(titleFee, { dollar: true })})`, amount: inspections * titleFee },
  ];
  if (random.chance(0.6)) lines.push({ label: 'Consultant Fee (HUD schedule)', amount: consultantFee(repairs) });
  return withTotalLine(lines, 'TOTAL REHABILITATION COST', repairs);
}

export const g9: SorFamily = {
  id: 'g9',
  name: 'HUD specification-of-repairs form',
  heldOut: false,
  items: [10, 40],
  dateStyle: 'us',
  printed: printedFields({ materialLabor: 'none', subtotal: false }),
  spec: (_random, itemCount) => ({
    itemCount,
    grouping: 'trade',
    heading: ({ trade }) => CATEGORIES[CATEGORY_OF[trade!.id] - 1],
    verbosity: 0.5,
    recap: { generalConditions: null, overheadAndProfit: null, after: (random, grandTotal) => feesAfterRepairs(random, grandTotal) },
  }),
  render,
  printedSections,
};
