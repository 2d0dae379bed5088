import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type Fonts, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type RecapLine, type Section, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type Column, type TableRow, type TableSpec } from '../table.js';
import { ROOMS, WORK_ITEMS, type Room, type WorkItem } from '../work-items.js';
import { cityLine, contingencyReserve, dollarTotalRow, permitFee, printedFields, recapLineRows, recapRows, streetLine } from './parts.js';

/**
 * g27: a 203(k) consultant's room-by-room condition checklist from inspection software,
 * portrait, in one ruled grid. Every room inspected lists all the components the software checks there,
 * each marked in one of three condition columns (S satisfactory, R repair or replace, NP not present);
 * only the rows marked R carry a quantity, unit, material, labor and total, the others are left blank.
 * No. | Component / Work Item | S | R | NP | Qty | Unit | Material | Labor | Total, rooms as shaded
 * rows ("KITCHEN", "3. Kitchen", "Area 3 – Kitchen") with a room total row under each, the running header
 * repeated on every page. A boxed grid of parties and a condition legend above; a summary of repair costs
 * (rooms, total of repair items, overhead and profit sometimes, permits, TOTAL COST OF REPAIRS, then the
 * contingency reserve and the consultant's fees) and the consultant's certification below.
 */

interface Style {
  software: string;
  title: string;
  marks: [string, string, string];
  roomTotal: (heading: string) => string;
}

function chooseStyle(random: Random): Style {
  return {
    software: random.pick(['HomeWriteUp 203k 6.2', 'Inspector Pro Renovation Module', 'RehabCheck 2026']),
    title: random.pick(['PROPERTY CONDITION & REPAIR CHECKLIST', 'ROOM-BY-ROOM INSPECTION AND COST ESTIMATE', 'WORK WRITE-UP CHECKLIST']),
    marks: random.pick<[string, string, string]>([['S', 'R', 'NP'], ['OK', 'REP', 'N/A'], ['Sat', 'Rep', 'N/P']]),
    roomTotal: random.pick([(heading: string) => `Total ${heading}`, () => 'Room total', () => 'Estimated cost, this room']),
  };
}

const LEFT = 36;
const RIGHT = 576;

const COLUMNS = (marks: Style['marks']): Column[] => [
  { key: 'number', header: ['No.'], x: LEFT, width: 28, align: 'left' },
  { key: 'description', header: ['Component / Work Item'], x: LEFT + 28, width: 232, align: 'left' },
  { key: 'satisfactory', header: [marks[0]], x: LEFT + 260, width: 22, align: 'center' },
  { key: 'repair', header: [marks[1]], x: LEFT + 282, width: 22, align: 'center' },
  { key: 'absent', header: [marks[2]], x: LEFT + 304, width: 22, align: 'center' },
  { key: 'quantity', header: ['Qty'], x: LEFT + 326, width: 38, align: 'right' },
  { key: 'unit', header: ['Unit'], x: LEFT + 364, width: 24, align: 'center' },
  { key: 'material', header: ['Material'], x: LEFT + 388, width: 50, align: 'right' },
  { key: 'labor', header: ['Labor'], x: LEFT + 438, width: 50, align: 'right' },
  { key: 'total', header: ['Total'], x: LEFT + 488, width: RIGHT - LEFT - 488, align: 'right' },
];

/** The room a heading names, in any of the heading forms. */
const roomOf = (heading: string): Room => ROOMS.find((room) => heading.toUpperCase().endsWith(room.name.toUpperCase()))!;

/** The components the software checks in a room, in its own order. */
const componentsOf = (room: Room): WorkItem[] => WORK_ITEMS.filter((work) => work.areas.includes(room.area) && work.trade !== 'general');

/** Each room's repair items in the order the checklist prints them. */
function printedSections(document: SorDocument): Section[] {
  return document.sections.map((section) => ({
    heading: section.heading,
    items: componentsOf(roomOf(section.heading)).flatMap((work) => section.items.filter((item) => item.description === work.text)),
  }));
}

function checklistRows(document: SorDocument, style: Style, random: Random): TableRow[] {
  return printedSections(document).flatMap((section, sectionIndex): TableRow[] => {
    const rows = componentsOf(roomOf(section.heading)).map((work, index): TableRow => {
      const number = `${sectionIndex + 1}.${String(index + 1).padStart(2, '0')}`;
      const item: LineItem | undefined = section.items.find((candidate) => candidate.description === work.text);
      if (!item) return { kind: 'item', cells: { number, description: work.text, [random.chance(0.75) ? 'satisfactory' : 'absent']: 'X' } };
      return {
        kind: 'item',
        cells: {
          number,
          description: work.text,
          repair: 'X',
          quantity: quantityText(item.quantity),
          unit: item.unit,
          material: money(item.material),
          labor: money(item.labor),
          total: money(item.total),
        },
      };
    });
    return [
      { kind: 'heading', text: section.heading },
      ...rows,
      dollarTotalRow(style.roomTotal(section.heading), sectionTotal(section)),
    ];
  });
}

function partiesGrid(sheet: Sheet, document: SorDocument, style: Style, fonts: Fonts): void {
  const { parties } = document;
  const contractor = parties.contractor;
  const caption: TextStyle = { font: fonts.bold, size: 6, gray: 0.35 };
  const value: TextStyle = { font: fonts.regular, size: 8 };
  const cells: Array<Array<[string, string[]]>> = [
    [
      ['BORROWER', [parties.borrower]],
      ['PROPERTY ADDRESS', [streetLine(parties.property), cityLine(parties.property)]],
      ['LENDER', [parties.lender]],
    ],
    [
      ['FHA CASE NO.', [parties.fhaCaseNumber]],
      ['INSPECTION DATE', [formatDate(parties.inspectionDate, 'us')]],
      ['CONSULTANT', [`${parties.consultant} (${parties.consultantId})`]],
    ],
    [
      ['CONTRACTOR', [contractor ? contractor.name : 'Not selected']],
      ['CONTRACTOR LICENSE', [contractor ? contractor.license : '']],
      ['CONTRACTOR PHONE', [contractor ? contractor.phone : '']],
    ],
  ];
  const widths = [190, 200, RIGHT - LEFT - 390];
  const height = 30;
  const top = sheet.y;
  cells.forEach((row, rowIndex) => {
    let x = LEFT;
    row.forEach(([label, lines], index) => {
      const y = top + rowIndex * height;
      sheet.box(x, y, widths[index], height, { stroke: 0, thickness: 0.5 });
      sheet.text(label, x + 3, y + 7, caption);
      lines.forEach((line, lineIndex) => sheet.text(line, x + 3, y + 17 + lineIndex * 9, value));
      x += widths[index];
    });
  });
  sheet.y = top + cells.length * height + 8;
  const legend = `Condition: ${style.marks[0]} = satisfactory, no work   ${style.marks[1]} = repair or replace (priced)   ${style.marks[2]} = not present / not applicable`;
  sheet.text(legend, LEFT, sheet.y + 7, { font: fonts.italic, size: 7 });
  sheet.y += 14;
}

function summary(sheet: Sheet, document: SorDocument, fonts: Fonts): void {
  const { recap, parties } = document;
  const regular: TextStyle = { font: fonts.regular, size: 8 };
  const bold: TextStyle = { font: fonts.bold, size: 8.5 };
  const dollars = (cents: number) => money(cents, { dollar: true });
  const rows = [
    ...document.sections.map((section) => ({ label: section.heading, amount: dollars(sectionTotal(section)) })),
    { label: 'Total of repair items', amount: dollars(recap.subtotal), rule: true, bold: true },
    ...(recap.overhead ? [{ label: `Contractor overhead & profit (${percentText(recap.overhead.rate)})`, amount: dollars(recap.overhead.amount) }] : []),
    ...recapLineRows(recap.before, dollars),
    { label: 'TOTAL COST OF REPAIRS', amount: dollars(recap.grandTotal), rule: true, bold: true },
  ];
  const after = recapLineRows(recap.after, dollars);
  sheet.ensure(24 + (rows.length + after.length) * 11 + 70);
  sheet.y += 10;
  const x = 330;
  sheet.box(x, sheet.y, RIGHT - x, 13, { fill: 0.8 });
  sheet.text('SUMMARY OF REPAIR COSTS', x + 4, sheet.y + 9.5, bold);
  sheet.y += 17;
  const top = sheet.y;
  const layout = { labelX: x + 4, amountRight: RIGHT - 4, ruleFrom: x, ruleTo: RIGHT, leading: 11, regular, bold };
  recapRows(sheet, rows, layout);
  sheet.y += 4;
  recapRows(sheet, after, { ...layout, regular: { font: fonts.italic, size: 8 } });
  const note: TextStyle = { font: fonts.regular, size: 7.5 };
  sheet.paragraph(
    'I certify that I inspected the property on the date above and that the items marked for repair are required to meet HUD ' +
      'Minimum Property Standards or were requested by the borrower. Costs are estimates of a qualified contractor.',
    LEFT,
    270,
    note,
    9.5,
  );
  const lineY = Math.max(sheet.y, top + 60) + 22;
  sheet.rule(LEFT, LEFT + 200, lineY, 0.5);
  sheet.text(`${parties.consultant}, ${parties.consultantCompany}`, LEFT, lineY + 9, note);
  sheet.y = Math.max(lineY + 14, sheet.y);
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g27-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 64, bottom: 50, left: LEFT, right: 612 - RIGHT }, title: style.title, producer: style.software, date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const small: TextStyle = { font: fonts.regular, size: 7, gray: 0.25 };
  sheet.onPageStart = (current) => {
    current.text(parties.consultantCompany, LEFT, 34, { font: fonts.bold, size: 10 });
    current.text(`${parties.consultantPhone}  ·  ${parties.consultantEmail}`, LEFT, 44, small);
    current.text(style.title, RIGHT, 34, { font: fonts.bold, size: 10 }, 'right');
    current.text(`${streetLine(parties.property)}  ·  Report date ${formatDate(parties.reportDate, 'us')}`, RIGHT, 44, small, 'right');
    current.rule(LEFT, RIGHT, 50, 1);
  };
  sheet.addPage();
  partiesGrid(sheet, document, style, fonts);
  const spec: TableSpec = {
    columns: COLUMNS(style.marks),
    wrapKey: 'description',
    body: { font: fonts.regular, size: 7.3 },
    bold: { font: fonts.bold, size: 7.5 },
    header: { font: fonts.bold, size: 7 },
    lineHeight: 8.8,
    rowGap: 2.5,
    padding: 2.5,
    headerBand: 0.85,
    grid: true,
    mergedHeadings: true,
    heading: {
      height: 13,
      draw: (target, text, top) => {
        target.box(LEFT, top, RIGHT - LEFT, 13, { fill: 0.9 });
        target.text(text, LEFT + 3, top + 9.5, { font: fonts.bold, size: 8 });
      },
    },
    continued: (heading) => `${heading} (continued)`,
  };
  writeTable(sheet, spec, checklistRows(document, style, random.child('conditions')));
  summary(sheet, document, fonts);
  sheet.decorate((index, count) => {
    sheet.text(`${style.software}  ·  ${parties.consultant}, HUD consultant ${parties.consultantId}`, LEFT, 764, small);
    sheet.text(`Page ${index + 1} of ${count}`, RIGHT, 764, small, 'right');
  });
  return sheet.save();
}

const afterTotal = (random: Random, grandTotal: number): RecapLine[] => [
  contingencyReserve(random, grandTotal, [10, 15]),
  { label: 'Consultant fees (write-up and draw inspections)', amount: random.pick([900, 1050, 1200, 1400]) * 100 },
];

const HEADINGS: Array<(ordinal: number, name: string) => string> = [
  (_ordinal, name) => name.toUpperCase(),
  (ordinal, name) => `${ordinal}. ${name}`,
  (ordinal, name) => `Area ${ordinal} – ${name}`,
];

export const g27: SorFamily = {
  id: 'g27',
  name: 'room-by-room condition checklist with unpriced satisfactory rows',
  heldOut: false,
  items: [8, 30],
  dateStyle: 'us',
  printed: printedFields(),
  spec: (random, itemCount) => {
    const heading = random.pick(HEADINGS);
    return {
      itemCount,
      grouping: 'room',
      heading: ({ ordinal, room }) => heading(ordinal, room!.name),
      verbosity: 0,
      recap: {
        generalConditions: null,
        overheadAndProfit: random.chance(0.4) ? [10, 12] : null,
        before: (feeRandom) => permitFee(feeRandom, 0.6, 'Permits and inspections', 750),
        after: afterTotal,
      },
    };
  },
  render,
  printedSections,
};
