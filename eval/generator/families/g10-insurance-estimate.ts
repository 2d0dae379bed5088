import { formatDate, personName } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, quantityText, Sheet, type Fonts, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type RecapLine, type Section, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type Column, type TableRow, type TableSpec } from '../table.js';
import { TRADES, type TradeId } from '../work-items.js';
import { addressPairs, cityLine, labelValues, printedFields, recapRows, sectionRows, streetLine, workItemOf } from './parts.js';

/**
 * g10: an insurance-repair estimate as claims estimating software prints it. Contractor letterhead,
 * a two-column claim block (Insured, Claim Number, Type of Loss, Price List), then rooms as
 * headings with their measurements, numbered lines of DESCRIPTION | QUANTITY ("24.00 SF" in one
 * cell) | UNIT PRICE | TAX | RCV | DEPREC. | ACV, "Totals: Kitchen" after each room; then a
 * "Summary for Dwelling" (line item total, sales tax, Subtotal, Overhead and Profit as two lines,
 * Replacement Cost Value, then depreciation, deductible and net claim) and a recap by category.
 */

const COLUMNS: Column[] = [
  { key: 'number', header: [''], x: 36, width: 20, align: 'right' },
  { key: 'description', header: ['DESCRIPTION'], x: 56, width: 206, align: 'left' },
  { key: 'quantity', header: ['QUANTITY'], x: 262, width: 62, align: 'right' },
  { key: 'unitPrice', header: ['UNIT PRICE'], x: 324, width: 52, align: 'right' },
  { key: 'tax', header: ['TAX'], x: 376, width: 40, align: 'right' },
  { key: 'rcv', header: ['RCV'], x: 416, width: 56, align: 'right' },
  { key: 'deprec', header: ['DEPREC.'], x: 472, width: 50, align: 'right' },
  { key: 'acv', header: ['ACV'], x: 522, width: 54, align: 'right' },
];

const CATEGORY_NAMES: Record<TradeId, string> = {
  general: 'GENERAL CONDITIONS', demolition: 'GENERAL DEMOLITION', concrete: 'CONCRETE & ASPHALT', masonry: 'MASONRY',
  carpentry: 'FRAMING & ROUGH CARPENTRY', roofing: 'ROOFING', openings: 'WINDOWS & DOORS', finishes: 'PAINTING & FLOOR COVERING',
  cabinets: 'CABINETRY & APPLIANCES', plumbing: 'PLUMBING', hvac: 'HEAT, VENT & AIR CONDITIONING', electrical: 'ELECTRICAL', site: 'LANDSCAPING',
};

const DEPRECIATION_PERCENTS = [0, 0, 0, 5, 8, 10, 12.5, 15, 20, 25];

/** Depreciation of a line, a pure function of the line so the recap and the table agree; labor-only lines have none. */
function depreciation(item: LineItem): number {
  if (item.material === 0) return 0;
  return Math.round((item.total * new Random(`depreciation/${item.description}`).pick(DEPRECIATION_PERCENTS)) / 100);
}

const totalDepreciation = (sections: Section[]): number =>
  sections.flatMap((section) => section.items).reduce((sum, item) => sum + depreciation(item), 0);

/** "(1,234.56)" for amounts taken off, "<1,234.56>" for recoverable depreciation on a line ("(0.00)" for none). */
const taken = (cents: number, brackets = '()'): string => (cents === 0 ? '(0.00)' : `${brackets[0]}${money(cents)}${brackets[1]}`);

/** The measurements line under a room name, or "" for areas that have none. */
function roomMeasurements(seed: string, room: string): string {
  const random = new Random(`${seed}/room/${room}`);
  if (room === 'Roof') {
    const area = random.int(1400, 3200) + random.pick([0, 0.25, 0.5, 0.75]);
    return `${quantityText(area, 2)} Surface Area     ${quantityText(area / 100, 2)} Number of Squares     ${quantityText(random.int(140, 260), 2)} Total Perimeter Length     ${quantityText(random.int(28, 60), 2)} Total Ridge Length`;
  }
  if (['Whole House', 'Site Work'].includes(room)) return '';
  const [length, width] = [random.int(9, 22), random.int(8, 16)];
  const height = room === 'Exterior' ? random.int(17, 22) : 8;
  const perimeter = 2 * (length + width);
  const walls = perimeter * height;
  if (room === 'Exterior') return `${quantityText(walls * 2, 2)} SF Walls     ${quantityText(perimeter * 2, 2)} LF Perimeter`;
  const floor = length * width;
  return [
    `${quantityText(walls, 2)} SF Walls`, `${quantityText(floor, 2)} SF Ceiling`, `${quantityText(walls + floor, 2)} SF Walls & Ceiling`,
    `${quantityText(floor, 2)} SF Floor`, `${quantityText(floor / 9, 2)} SY Flooring`, `${quantityText(perimeter, 2)} LF Floor Perimeter`,
  ].join('     ');
}

interface Claim {
  estimate: string;
  estimator: string;
  entered: string;
}

function letterhead(sheet: Sheet, document: SorDocument, claim: Claim, fonts: Fonts, random: Random): void {
  const { parties } = document;
  const contractor = parties.contractor!;
  const body: TextStyle = { font: fonts.regular, size: 8 };
  const label: TextStyle = { font: fonts.bold, size: 8 };
  sheet.text(contractor.name, 36, 46, { font: fonts.bold, size: 12 });
  sheet.text(`${streetLine(contractor.address)}, ${cityLine(contractor.address)}`, 36, 57, body);
  sheet.text(`Phone: ${contractor.phone}     Lic. # ${contractor.license}     ${contractor.email}`, 36, 67, body);
  sheet.rule(36, 576, 74, 1);
  sheet.y = 82;
  labelValues(sheet, [['Insured:', parties.borrower], ...addressPairs('Property:', parties.property)], 36, 70, label, body, 10);
  sheet.y = 82;
  labelValues(sheet, [['Estimator:', claim.estimator], ['Business:', contractor.phone], ['E-mail:', contractor.email]], 320, 62, label, body, 10);
  sheet.y = 120;
  const month = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'][parties.reportDate.month - 1];
  const lossDate = formatDate({ ...parties.inspectionDate, day: Math.max(1, parties.inspectionDate.day - random.int(2, 20)) }, 'short');
  labelValues(
    sheet,
    [['Claim Number:', `FHA ${parties.fhaCaseNumber}`], ['Type of Loss:', random.pick(['Wind/Hail', 'Water Damage', 'Fire', 'Vandalism'])], ['Date of Loss:', lossDate], ['Date Inspected:', formatDate(parties.inspectionDate, 'short')]],
    36,
    70,
    label,
    body,
    10,
  );
  sheet.y = 120;
  labelValues(
    sheet,
    [
      ['Date Entered:', claim.entered],
      ['Price List:', `${parties.property.state}${parties.property.city.toUpperCase().replace(/[^A-Z]/g, '').slice(0, 2)}8X_${month}${String(parties.reportDate.year).slice(2)}`],
      ['', 'Restoration/Service/Remodel'],
      ['Estimate:', claim.estimate],
    ],
    320,
    62,
    label,
    body,
    10,
  );
  sheet.y = 170;
  sheet.text(claim.estimate, 36, sheet.y + 10, { font: fonts.bold, size: 10 });
  sheet.y += 18;
}

function tableSpec(fonts: Fonts, seed: string): TableSpec {
  return {
    columns: COLUMNS,
    wrapKey: 'description',
    body: { font: fonts.regular, size: 8 },
    bold: { font: fonts.bold, size: 8 },
    header: { font: fonts.bold, size: 7.5 },
    lineHeight: 9.6,
    rowGap: 2.4,
    padding: 2,
    headerRules: 'below',
    heading: {
      height: 28,
      draw: (sheet, text, top) => {
        sheet.text(text, 36, top + 13, { font: fonts.bold, size: 9.5 });
        if (text.startsWith('CONTINUED')) return;
        const measurements = roomMeasurements(seed, text);
        if (measurements && !['Roof', 'Exterior'].includes(text)) sheet.text("Height: 8'", 576, top + 13, { font: fonts.regular, size: 8 }, 'right');
        sheet.text(measurements, 56, top + 23, { font: fonts.regular, size: 7 });
      },
    },
    continued: (heading) => `CONTINUED - ${heading}`,
  };
}

/** A totals row over some rooms: tax, RCV, depreciation and ACV. */
function totalsRow(label: string, sections: Section[]): TableRow {
  const items = sections.flatMap((section) => section.items);
  const add = (value: (item: LineItem) => number) => items.reduce((sum, item) => sum + value(item), 0);
  const [rcv, lost] = [add((item) => item.total), add(depreciation)];
  return { kind: 'total', label, labelKey: 'description', rule: true, cells: { tax: money(add((item) => item.tax)), rcv: money(rcv), deprec: taken(lost), acv: money(rcv - lost) } };
}

function tableRows(document: SorDocument, estimate: string): TableRow[] {
  let number = 0;
  const rooms = sectionRows(
    document.sections,
    (section) =>
      section.items.map((item) => ({
        kind: 'item' as const,
        cells: {
          number: `${++number}.`,
          description: item.description,
          quantity: `${quantityText(item.quantity, 2)} ${item.unit}`,
          unitPrice: money(item.materialRate + item.laborRate),
          tax: money(item.tax),
          rcv: money(item.total),
          deprec: taken(depreciation(item), '<>'),
          acv: money(item.total - depreciation(item)),
        },
      })),
    (section) => [totalsRow(`Totals:  ${section.heading}`, [section]), { kind: 'space' as const, height: 6 }],
  );
  return [...rooms, totalsRow(`Line Item Totals:  ${estimate}`, document.sections)];
}

function summary(sheet: Sheet, document: SorDocument, fonts: Fonts): void {
  const { recap } = document;
  const tax = document.sections.reduce((sum, section) => sum + sectionTotal(section, 'tax'), 0);
  const [less, cash, deductible, net, recoverable, recovered] = recap.after;
  sheet.ensure(170);
  sheet.y += 14;
  sheet.text('Summary for Dwelling', 36, sheet.y + 10, { font: fonts.bold, size: 10 });
  sheet.y += 18;
  const amount = (cents: number) => money(cents);
  const dollars = (cents: number) => money(cents, { dollar: true });
  recapRows(
    sheet,
    [
      { label: 'Line Item Total', amount: amount(recap.subtotal - tax) },
      { label: 'Material Sales Tax', amount: amount(tax) },
      { label: 'Subtotal', amount: amount(recap.subtotal), rule: true },
      { label: 'Overhead', amount: amount(recap.overhead!.amount) },
      { label: 'Profit', amount: amount(recap.profit!.amount) },
      { label: 'Replacement Cost Value', amount: dollars(recap.grandTotal), bold: true, rule: true },
      { label: less.label, amount: taken(-less.amount) },
      { label: cash.label, amount: dollars(cash.amount), bold: true },
      { label: deductible.label, amount: taken(-deductible.amount) },
      { label: net.label, amount: dollars(net.amount), bold: true, rule: true },
    ],
    { labelX: 220, amountRight: 576, ruleFrom: 480, leading: 11, regular: { font: fonts.regular, size: 8.5 }, bold: { font: fonts.bold, size: 8.5 } },
  );
  sheet.y += 8;
  recapRows(
    sheet,
    [{ label: recoverable.label, amount: amount(recoverable.amount) }, { label: recovered.label, amount: dollars(recovered.amount), bold: true }],
    { labelX: 220, amountRight: 576, leading: 11, regular: { font: fonts.regular, size: 8.5 }, bold: { font: fonts.bold, size: 8.5 } },
  );
}

function recapByCategory(sheet: Sheet, document: SorDocument, fonts: Fonts): void {
  const { recap } = document;
  const items = document.sections.flatMap((section) => section.items);
  const rows = TRADES.flatMap((trade) => {
    const cents = items.filter((item) => workItemOf(item).trade === trade.id).reduce((sum, item) => sum + item.material + item.labor, 0);
    return cents > 0 ? [[CATEGORY_NAMES[trade.id], cents] as const] : [];
  });
  const tax = items.reduce((sum, item) => sum + item.tax, 0);
  const share = (cents: number) => `${((cents / recap.grandTotal) * 100).toFixed(2)}%`;
  const closing = [['O&P Items Subtotal', recap.subtotal - tax], ['Material Sales Tax', tax], ['Overhead', recap.overhead!.amount], ['Profit', recap.profit!.amount], ['Total', recap.grandTotal]] as const;
  const body: TextStyle = { font: fonts.regular, size: 8 };
  const bold: TextStyle = { font: fonts.bold, size: 8 };
  sheet.ensure(10.5 * (rows.length + closing.length) + 56);
  sheet.y += 16;
  sheet.text('Recap by Category', 36, sheet.y + 10, { font: fonts.bold, size: 10 });
  sheet.y += 24;
  sheet.text('O&P Items', 56, sheet.y, bold);
  sheet.text('Total', 470, sheet.y, bold, 'right');
  sheet.text('%', 540, sheet.y, bold, 'right');
  sheet.rule(56, 540, sheet.y + 3, 0.5);
  sheet.y += 13;
  [...rows, ...closing].forEach(([label, cents], index) => {
    const style = index >= rows.length ? bold : body;
    if (index === rows.length) sheet.rule(380, 540, sheet.y - 8, 0.5);
    sheet.text(label, index >= rows.length ? 76 : 56, sheet.y, style);
    sheet.text(money(cents), 470, sheet.y, style, 'right');
    sheet.text(share(cents), 540, sheet.y, style, 'right');
    sheet.y += 10.5;
  });
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('render');
  const { parties } = document;
  const [surname, given] = [parties.borrower.split(/ (?:and|&) /)[0].split(' ').at(-1)!, parties.borrower.split(' ')[0]];
  const claim: Claim = {
    estimate: `${surname}_${given}`.toUpperCase().replace(/[^A-Z_]/g, ''),
    estimator: personName(random, false),
    entered: `${formatDate(parties.reportDate, 'short')} ${random.int(8, 11)}:${String(random.int(0, 59)).padStart(2, '0')} AM`,
  };
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 50, bottom: 50, left: 36, right: 36 }, title: claim.estimate, producer: 'Xactimate', date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const small: TextStyle = { font: fonts.regular, size: 7.5 };
  sheet.onPageStart = (current) => {
    if (current.pages.length === 1) return;
    current.text(parties.contractor!.name, 306, 34, { font: fonts.bold, size: 8 }, 'center');
  };
  sheet.addPage();
  letterhead(sheet, document, claim, fonts, random);

  writeTable(sheet, tableSpec(fonts, document.seed), tableRows(document, claim.estimate));
  summary(sheet, document, fonts);
  recapByCategory(sheet, document, fonts);

  sheet.decorate((index) => {
    sheet.text(claim.estimate, 36, 762, small);
    sheet.text(formatDate(parties.reportDate, 'short'), 306, 762, small, 'center');
    sheet.text(`Page: ${index + 1}`, 576, 762, small, 'right');
  });
  return sheet.save();
}

function claimLines(random: Random, replacementCost: number, sections: Section[]): RecapLine[] {
  const depreciated = totalDepreciation(sections);
  const affordable = [25_000, 50_000, 100_000, 250_000].filter((amount) => amount * 5 <= replacementCost);
  const chosen = affordable.length > 0 ? random.pick(affordable) : 0;
  return [
    { label: 'Less Depreciation', amount: -depreciated },
    { label: 'Actual Cash Value', amount: replacementCost - depreciated },
    { label: 'Less Deductible', amount: -chosen },
    { label: 'Net Claim', amount: replacementCost - depreciated - chosen },
    { label: 'Total Recoverable Depreciation', amount: depreciated },
    { label: 'Net Claim if Depreciation is Recovered', amount: replacementCost - chosen },
  ];
}

export const g10: SorFamily = {
  id: 'g10',
  name: 'insurance-style room estimate',
  heldOut: false,
  items: [15, 60],
  dateStyle: 'short',
  printed: printedFields({ materialLabor: 'none', consultant: false, lenderName: false }),
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'room',
    contractorSelected: true,
    heading: ({ room }) => room!.name,
    verbosity: 0.15,
    materialTax: random.pick([5.5, 6, 7, 7.25, 8.25]),
    recap: { generalConditions: null, overheadAndProfit: [10], split: true, after: claimLines },
  }),
  render,
};
