import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import { columnsAcross, contingencyReserve, oneLine, pickEach, printedFields, recapRows, roomHeading } from './parts.js';

/**
 * g87: a consultant's photo-keyed repair estimate, Times 9, portrait. The consultant's name and company centred over a
 * double rule, "REPAIR ESTIMATE WITH PHOTO REFERENCES" and a grid of six facts (borrower, property, lender, case
 * number, inspection date, contractor). Each room is a heading with a thin rule over its lines:
 * Ref. | Photo | Description | Qty | Unit | Material | Labor | Total, the reference "K1" (the room's letter and a
 * number), the photo "IMG_4821"; under each line an unpriced "Notes:" line of what the photo shows. A "Room subtotal"
 * under each room; the recap at the right after the table, contingency after the total.
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    title: ['REPAIR ESTIMATE WITH PHOTO REFERENCES', 'PHOTO-REFERENCED COST ESTIMATE'],
    subtotalLabel: ['Subtotal of rooms', 'Total of all rooms'],
    totalLabel: ['TOTAL REPAIR ESTIMATE', 'ESTIMATED REPAIR COST'],
    photoPrefix: ['IMG_', 'DSC0', 'P-'],
  });

const LEFT = 36;
const RIGHT = 576;

const NOTES = [
  'Notes: existing condition shown in photo; damage visible at base.',
  'Notes: water staining noted; verify cause before closing walls.',
  'Notes: component at end of service life; see photo.',
  'Notes: peeling and cracking visible; pre-1978, lead-safe practices.',
  'Notes: not functional at inspection; replace like for like.',
  'Notes: loose and missing pieces; repair to match existing.',
  'Notes: required by lender minimum property standards.',
  'Notes: homeowner request; price confirmed with contractor.',
];

function rows(document: SorDocument, random: Random, photoPrefix: string): TableRow[] {
  let photo = random.int(1200, 8800);
  return document.sections.flatMap((section, sectionIndex): TableRow[] => [
    { kind: 'heading', text: section.heading },
    ...section.items.flatMap((item, index): TableRow[] => {
      photo += random.int(1, 4);
      return [
        {
          kind: 'item',
          cells: {
            ref: `${'ABCDEFGHJKLMNP'[sectionIndex]}${index + 1}`,
            photo: `${photoPrefix}${photo}`,
            description: item.description,
            quantity: quantityText(item.quantity),
            unit: item.unit,
            material: money(item.material, { parentheses: true }),
            labor: money(item.labor, { parentheses: true }),
            total: money(item.total, { parentheses: true }),
          },
        },
        { kind: 'note', text: random.pick(NOTES) },
      ];
    }),
    { kind: 'total', label: 'Room subtotal', labelKey: 'description', cells: { total: money(sectionTotal(section), { parentheses: true }) }, rule: true },
  ]);
}

function top(sheet: Sheet, document: SorDocument, body: TextStyle, bold: TextStyle, title: string): void {
  const { parties } = document;
  const contractor = parties.contractor;
  sheet.text(parties.consultant, 306, 48, { ...bold, size: 13 }, 'center');
  sheet.text(`${parties.consultantCompany} - HUD 203(k) Consultant ${parties.consultantId}`, 306, 61, body, 'center');
  sheet.rule(LEFT, RIGHT, 68, 1);
  sheet.rule(LEFT, RIGHT, 70.5, 0.4);
  sheet.text(title, 306, 88, { ...bold, size: 11 }, 'center');
  const facts: Array<[string, string]> = [
    ['Borrower', parties.borrower],
    ['Property', oneLine(parties.property)],
    ['Lender', parties.lender],
    ['FHA Case', parties.fhaCaseNumber],
    ['Inspected', formatDate(parties.inspectionDate, 'long')],
    ['Contractor', contractor ? `${contractor.name}, Lic. ${contractor.license}, ${contractor.phone}` : 'To be selected by borrower'],
  ];
  const half = (RIGHT - LEFT) / 2;
  facts.forEach(([label, value], index) => {
    const x = LEFT + (index % 2) * half;
    const y = 108 + Math.floor(index / 2) * 13;
    sheet.text(`${label}:`, x, y, bold);
    sheet.wrap(value, half - 62, body).forEach((line, at) => sheet.text(line, x + 56, y + at * 10, body));
  });
  sheet.y = 156;
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g87-render');
  const style = chooseStyle(random.child('style'));
  const { parties, recap } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 42, bottom: 48, left: LEFT, right: 612 - RIGHT }, title: style.title, producer: 'Microsoft: Print To PDF', date: parties.reportDate });
  const fonts = await sheet.fonts('Times');
  const body: TextStyle = { font: fonts.regular, size: 9 };
  const bold: TextStyle = { font: fonts.bold, size: 9 };
  const italic: TextStyle = { font: fonts.italic, size: 9 };
  sheet.addPage();
  top(sheet, document, body, bold, style.title);
  writeTable(sheet, {
    columns: columnsAcross(LEFT, RIGHT, [
      ['ref', 'Ref.', 28, 'left'],
      ['photo', 'Photo', 58, 'left'],
      ['description', 'Description', RIGHT - LEFT - 28 - 58 - 36 - 30 - 3 * 62, 'left'],
      ['quantity', 'Qty', 36, 'right'],
      ['unit', 'Unit', 30, 'center'],
      ['material', 'Material', 62, 'right'],
      ['labor', 'Labor', 62, 'right'],
      ['total', 'Total', 'rest', 'right'],
    ]),
    wrapKey: 'description',
    body,
    bold: italic,
    header: bold,
    headerRules: 'above-below',
    lineHeight: 10.5,
    rowGap: 1,
    padding: 3,
    heading: {
      height: 17,
      draw: (target, text, at) => {
        target.text(text, LEFT + 3, at + 12, { ...bold, size: 10 });
        target.rule(LEFT, RIGHT, at + 15, 0.3);
      },
    },
    continued: (text) => `${text} (continued)`,
  }, rows(document, random.child('photos'), style.photoPrefix));
  sheet.ensure(110);
  sheet.y += 12;
  recapRows(sheet, [
    { label: style.subtotalLabel, amount: money(recap.subtotal) },
    ...(recap.generalConditions ? [{ label: `General conditions (${percentText(recap.generalConditions.rate)})`, amount: money(recap.generalConditions.amount) }] : []),
    ...(recap.overhead ? [{ label: `Overhead and profit (${percentText(recap.overhead.rate)})`, amount: money(recap.overhead.amount) }] : []),
    ...recap.before.map((line) => ({ label: line.label, amount: money(line.amount) })),
    { label: style.totalLabel, amount: money(recap.grandTotal, { dollar: true }), bold: true, rule: true },
    ...recap.after.map((line) => ({ label: line.label, amount: money(line.amount) })),
  ], { labelX: 350, amountRight: RIGHT - 3, leading: 13, regular: body, bold });
  sheet.decorate((index, count) => sheet.text(`${parties.fhaCaseNumber} - page ${index + 1} of ${count}`, RIGHT, 770, { ...body, size: 8 }, 'right'));
  return sheet.save();
}

export const g87: SorFamily = {
  id: 'g87',
  name: 'photo-keyed repair estimate: Ref. "K1" | Photo "IMG_4821" | Description | Qty | Unit | Material | Labor | Total by room, an unpriced "Notes:" line under every line, a room subtotal, the recap after the table',
  heldOut: false,
  items: [8, 34],
  dateStyle: 'long',
  printed: printedFields(),
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'room',
    heading: roomHeading(false),
    verbosity: 0.4,
    credits: 0.2,
    recap: {
      generalConditions: random.chance(0.4) ? [5, 8] : null,
      overheadAndProfit: [10, 12, 15],
      after: (inner, grandTotal) => [contingencyReserve(inner, grandTotal, [10, 15, 20])],
    },
  }),
  render,
};
