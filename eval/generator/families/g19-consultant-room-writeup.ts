import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, quantityText, Sheet, type Fonts, type TextStyle } from '../layout.js';
import { sectionTotal, type RecapLine, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type Column, type TableSpec } from '../table.js';
import type { Unit } from '../work-items.js';
import { cityLine, printedFields, recapLineRows, recapRows, sectionRows, streetLine } from './parts.js';

/**
 * g19 (held out): a 203(k) consultant's room-by-room write-up in Times with Helvetica captions and
 * headings. Two columns of captioned blocks above the table (borrower, property and lender at the
 * left; consultant, inspection and contractor at the right, read across they interleave), a short
 * paragraph, then only Description of Work | Total: the quantity and unit are written into each
 * description ("Install 12 LF 3-1/4 in. MDF baseboard", "Prime and paint walls … – 1,200 SF").
 * Room names as unnumbered headings, unnumbered items, a total row after each room; a cost summary
 * (rooms, total of rooms, permits, TOTAL ESTIMATED COST OF REPAIRS), then the contingency reserve and
 * fees after it. Dates as "March 3, 2026".
 */

interface Style {
  title: string;
  dollarItems: boolean;
  valuesOn: 'first' | 'last';
  roomTotal: (room: string) => string;
}

function chooseStyle(random: Random): Style {
  return {
    title: random.pick(['WORK WRITE-UP', 'STATEMENT OF REPAIRS', 'SCOPE OF WORK AND COST ESTIMATE']),
    dollarItems: random.chance(0.4),
    valuesOn: random.pick<Style['valuesOn']>(['first', 'last']),
    roomTotal: random.pick([(room: string) => `Total, ${room}`, () => 'Room total', (room: string) => `${room} subtotal`]),
  };
}

const LEFT = 60;
const RIGHT = 552;
const MIDDLE = 322;

const COLUMNS: Column[] = [
  { key: 'description', header: ['Description of Work'], x: LEFT, width: 392, align: 'left' },
  { key: 'total', header: ['Total'], x: 452, width: RIGHT - 452, align: 'right' },
];

/** Verbs after which the quantity reads naturally ("Replace 35 LF rotted fascia"). */
const INSERT_AFTER = new Set(['Replace', 'Remove', 'Rebuild', 'Repoint', 'Repipe', 'Regrade', 'Sister', 'Pour', 'Wrap', 'Rewire', 'Parge', 'Clean']);
/** Other texts starting with a verb take the quantity at the end. */
const SUFFIX_VERBS = new Set(['Hang,', 'Prime', 'Sand', 'Scrape,', 'Skim', 'Tear', 'Upgrade', 'Topsoil,']);

/** The work text as a write-up prints it, with its quantity and unit: "Install 12 LF base trim". */
function withQuantity(random: Random): (text: string, quantity: number, unit: Unit) => string {
  return (text, quantity, unit) => {
    const amount = `${quantityText(quantity)} ${unit}`;
    const [first, ...rest] = text.split(' ');
    if (unit === 'LS' || unit === 'HR' || SUFFIX_VERBS.has(first)) return `${text} – ${amount}`;
    if (INSERT_AFTER.has(first)) return `${first} ${amount} ${rest.join(' ')}`;
    const noun = /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
    return `${random.pick(['Install', 'Install', 'Furnish and install', 'Provide'])} ${amount} ${noun}`;
  };
}

function block(sheet: Sheet, x: number, caption: string, lines: string[], fonts: Fonts): void {
  sheet.text(caption, x, sheet.y + 7, { font: fonts.bold, size: 7, gray: 0.35 });
  sheet.y += 10;
  for (const line of lines) {
    sheet.text(line, x, sheet.y + 10, { font: fonts.regular, size: 10 });
    sheet.y += 12;
  }
  sheet.y += 7;
}

function preamble(sheet: Sheet, document: SorDocument, style: Style, times: Fonts, helvetica: Fonts): void {
  const { parties } = document;
  const contractor = parties.contractor;
  sheet.text(style.title, 306, 66, { font: helvetica.bold, size: 14 }, 'center');
  sheet.text('FHA 203(k) Rehabilitation Mortgage  ·  Consultant Report', 306, 80, { font: times.italic, size: 10 }, 'center');
  sheet.rule(LEFT, RIGHT, 88, 0.8);
  const top = 98;
  sheet.y = top;
  block(sheet, LEFT, 'BORROWER', [parties.borrower, `FHA Case No. ${parties.fhaCaseNumber}`], helvetica);
  block(
    sheet,
    LEFT,
    'PROPERTY',
    [streetLine(parties.property), cityLine(parties.property), `Built ${parties.yearBuilt}  ·  ${parties.buildingSize.toLocaleString('en-US')} sq ft  ·  ${parties.units} unit${parties.units > 1 ? 's' : ''}`],
    helvetica,
  );
  block(sheet, LEFT, 'LENDER', [parties.lender], helvetica);
  const leftEnd = sheet.y;
  sheet.y = top;
  block(
    sheet,
    MIDDLE,
    'CONSULTANT',
    [`${parties.consultant}, HUD ID ${parties.consultantId}`, parties.consultantCompany, streetLine(parties.consultantAddress), cityLine(parties.consultantAddress), `${parties.consultantPhone}  ·  ${parties.consultantEmail}`],
    helvetica,
  );
  block(sheet, MIDDLE, 'INSPECTION', [`Inspected ${formatDate(parties.inspectionDate, 'long')}`, `Report issued ${formatDate(parties.reportDate, 'long')}`], helvetica);
  block(sheet, MIDDLE, 'CONTRACTOR', contractor ? [contractor.name, contractor.phone] : ['Not yet selected by the borrower'], helvetica);
  sheet.y = Math.max(leftEnd, sheet.y);
  sheet.rule(LEFT, RIGHT, sheet.y, 0.4);
  sheet.y += 8;
  sheet.paragraph(
    'The repairs below were observed at the inspection and are required under the program. Each item states the quantity to be installed; ' +
      'the price is the total for material and labor. Quantities are field measurements and shall be verified by the contractor.',
    LEFT,
    RIGHT - LEFT,
    { font: times.regular, size: 10 },
    12,
  );
  sheet.y += 8;
}

function costSummary(sheet: Sheet, document: SorDocument, times: Fonts, helvetica: Fonts): void {
  const { recap } = document;
  const regular: TextStyle = { font: times.regular, size: 10 };
  const bold: TextStyle = { font: times.bold, size: 10 };
  sheet.ensure(14 + 18 + (document.sections.length + recap.before.length + 2) * 14 + 10 + recap.after.length * 14);
  sheet.y += 14;
  sheet.text('Cost Summary', LEFT, sheet.y + 10, { font: helvetica.bold, size: 10.5 });
  sheet.y += 18;
  const layout = { labelX: LEFT + 12, amountRight: RIGHT, leading: 14, regular, bold, ruleFrom: LEFT };
  recapRows(
    sheet,
    [
      ...document.sections.map((section) => ({ label: section.heading, amount: money(sectionTotal(section)) })),
      { label: 'Total of all rooms', amount: money(recap.subtotal, { dollar: true }), rule: true },
      ...recapLineRows(recap.before, money),
      { label: 'TOTAL ESTIMATED COST OF REPAIRS', amount: money(recap.grandTotal, { dollar: true }), bold: true, rule: true },
    ],
    layout,
  );
  sheet.rule(LEFT, RIGHT, sheet.y + 1, 0.6);
  sheet.y += 10;
  recapRows(sheet, recapLineRows(recap.after, (cents) => money(cents, { dollar: true })), { ...layout, regular: { font: times.italic, size: 10 } });
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const { parties } = document;
  const style = chooseStyle(new Random(document.seed).child('render'));
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 54, bottom: 62, left: LEFT, right: 612 - RIGHT }, title: 'Work Write-Up', producer: 'Microsoft® Word 2019', date: parties.reportDate });
  const times = await sheet.fonts('Times');
  const helvetica = await sheet.fonts('Helvetica');
  const regular: TextStyle = { font: times.regular, size: 10 };
  const bold: TextStyle = { font: times.bold, size: 10 };
  sheet.addPage();
  preamble(sheet, document, style, times, helvetica);

  const spec: TableSpec = {
    columns: COLUMNS,
    wrapKey: 'description',
    body: regular,
    bold,
    header: { font: helvetica.bold, size: 8 },
    lineHeight: 12,
    rowGap: 3,
    padding: 2,
    headerRules: 'below',
    valuesOn: style.valuesOn,
    heading: {
      height: 22,
      draw: (target, text, top) => {
        target.text(text, LEFT, top + 15, { font: helvetica.bold, size: 10.5 });
        target.rule(LEFT, RIGHT, top + 18.5, 0.4, 0.4);
      },
    },
    continued: (text) => `${text} (continued)`,
  };
  const amount = (cents: number) => money(cents, { dollar: style.dollarItems });
  const rows = sectionRows(
    document.sections,
    (section) => section.items.map((item) => ({ kind: 'item' as const, cells: { description: item.description, total: amount(item.total) } })),
    (section) => [{ kind: 'total' as const, label: style.roomTotal(section.heading), labelKey: 'description', cells: { total: money(sectionTotal(section), { dollar: true }) }, rule: true }],
  );
  writeTable(sheet, spec, rows);
  costSummary(sheet, document, times, helvetica);

  sheet.decorate((index, count) => {
    const small: TextStyle = { font: times.italic, size: 8.5, gray: 0.3 };
    sheet.text(`${streetLine(parties.property)}  —  ${parties.borrower}`, LEFT, 752, small);
    sheet.text(`Page ${index + 1} of ${count}`, RIGHT, 752, small, 'right');
  });
  return sheet.save();
}

function afterTotal(random: Random, grandTotal: number): RecapLine[] {
  const rate = random.pick([10, 15]);
  const reserve = Math.round((grandTotal * rate) / 100);
  const draws = random.int(3, 5);
  const drawFee = random.pick([15000, 17500, 20000]);
  return [
    { label: `Contingency reserve (${rate}% of repairs)`, amount: reserve },
    { label: `Draw inspection fees (${draws} @ ${money(drawFee, { dollar: true })})`, amount: draws * drawFee },
    { label: 'Total rehabilitation budget', amount: grandTotal + reserve + draws * drawFee },
  ];
}

export const g19: SorFamily = {
  id: 'g19',
  name: 'consultant room-by-room write-up with quantities in the text',
  heldOut: false,
  items: [10, 36],
  dateStyle: 'long',
  printed: printedFields({ materialLabor: 'none', contractor: { name: true, license: false, phone: true } }),
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'room',
    heading: ({ room }) => room!.name,
    verbosity: 0.3,
    withQuantity: withQuantity(random.child('quantities')),
    recap: {
      generalConditions: null,
      overheadAndProfit: null,
      before: (feeRandom) => (feeRandom.chance(0.7) ? [{ label: 'Permits and plan review', amount: feeRandom.int(6, 30) * 2500 }] : []),
      after: afterTotal,
    },
  }),
  render,
};
