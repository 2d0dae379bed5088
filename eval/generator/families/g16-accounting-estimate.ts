import { grayscale } from 'pdf-lib';
import { address, addDays, formatDate, type DateStyle } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, quantityText, Sheet, type FontFamily, type Fonts, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type RecapLine, type Section, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type Column, type TableRow, type TableSpec } from '../table.js';
import { TRADES, type TradeId } from '../work-items.js';
import { cityLine, printedFields, streetLine, workItemOf } from './parts.js';

/**
 * g16: a contractor's estimate printed from small-business accounting software (QuickBooks- or
 * FreshBooks-like). A logo block with the company's initials, the company's address, a big
 * ESTIMATE title, "Address" (the customer's mailing address, not the job) and "Ship To" (the job
 * site) blocks and the estimate number and dates; then Date | Activity | Description | Qty | Rate |
 * Amount | Tax, where Activity is an item code naming the trade ("Plumbing:Fixtures" or "22-EA")
 * and taxable lines are marked. Rooms are description-only group rows, sometimes followed by a
 * room subtotal. Subtotal, sales tax on the taxable (material) lines and TOTAL at the foot, then
 * "Accepted By" lines and a footer note.
 */

const ITEM_NAMES: Record<TradeId, string> = {
  general: 'General', demolition: 'Demo', concrete: 'Concrete', masonry: 'Masonry', carpentry: 'Carpentry', roofing: 'Roofing',
  openings: 'Windows', finishes: 'Finishes', cabinets: 'Cabinetry', plumbing: 'Plumbing', hvac: 'HVAC', electrical: 'Electrical', site: 'Sitework',
};

const SUB_ITEMS: Record<string, string> = { LS: 'Lump Sum', HR: 'Labor', EA: 'Units', LF: 'Install', SF: 'Install', SY: 'Install', SQ: 'Install', CY: 'Install' };

/** A line is taxable when it is mostly materials (the software's "product" items). */
const taxable = (item: LineItem): boolean => item.material >= item.labor;

interface Style {
  template: 'online' | 'desktop';
  font: FontFamily;
  size: number;
  dateColumn: boolean;
  roomSubtotals: boolean;
  codes: 'names' | 'numbers';
  dollarLines: boolean;
  quantityDecimals: boolean;
  dateStyle: DateStyle;
  band: number;
}

function chooseStyle(random: Random): Style {
  const template = random.pick(['online', 'online', 'desktop'] as const);
  return {
    template,
    font: template === 'desktop' ? random.pick<FontFamily>(['Times', 'Helvetica']) : 'Helvetica',
    size: random.pick([8, 8.5, 9]),
    dateColumn: random.chance(0.6),
    roomSubtotals: random.chance(0.5),
    codes: random.chance(0.65) ? 'names' : 'numbers',
    dollarLines: random.chance(0.3),
    quantityDecimals: random.chance(0.4),
    dateStyle: random.pick<DateStyle>(['us', 'short', 'us']),
    band: random.pick([0.88, 0.3]),
  };
}

const LEFT = 40;
const RIGHT = 572;

function activity(item: LineItem, style: Style): string {
  const trade = workItemOf(item).trade;
  if (style.codes === 'names') return `${ITEM_NAMES[trade]}:${trade === 'demolition' && item.unit !== 'HR' ? 'Removal' : SUB_ITEMS[item.unit]}`;
  const number = TRADES.find((candidate) => candidate.id === trade)!.csiNumber;
  return `${number}-${item.unit === 'HR' ? 'LAB' : item.unit}`;
}

function columns(style: Style): Column[] {
  const desktop = style.template === 'desktop';
  const tax: Column = { key: 'tax', header: [desktop ? 'Tax' : 'TAX'], x: RIGHT - 26, width: 26, align: 'center' };
  const amount: Column = { key: 'amount', header: [desktop ? 'Total' : 'AMOUNT'], x: tax.x - 68, width: 68, align: 'right' };
  const rate: Column = { key: 'rate', header: [desktop ? 'Rate' : 'RATE'], x: amount.x - 58, width: 58, align: 'right' };
  const quantity: Column = { key: 'quantity', header: [desktop ? 'Qty' : 'QTY'], x: rate.x - 40, width: 40, align: 'right' };
  const lead: Column[] = style.dateColumn ? [{ key: 'date', header: [desktop ? 'Serviced' : 'DATE'], x: LEFT, width: 52, align: 'left' }] : [];
  const activityX = LEFT + (style.dateColumn ? 52 : 0);
  const activityWidth = style.codes === 'names' ? 96 : 50;
  return [
    ...lead,
    { key: 'activity', header: [desktop ? 'Item' : 'ACTIVITY'], x: activityX, width: activityWidth, align: 'left' },
    { key: 'description', header: [desktop ? 'Description' : 'DESCRIPTION'], x: activityX + activityWidth, width: quantity.x - activityX - activityWidth, align: 'left' },
    quantity,
    rate,
    amount,
    tax,
  ];
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => /^[A-Z]/.test(word) && !['LLC', 'Inc.', 'Co.', 'Group', 'PLLC', 'Ltd.'].includes(word.replace(/,$/, '')))
    .slice(0, 2)
    .map((word) => word[0])
    .join('');
}

interface Numbers {
  estimate: string;
  expires: number;
}

function header(sheet: Sheet, document: SorDocument, style: Style, fonts: Fonts, random: Random, numbers: Numbers): void {
  const { parties } = document;
  const contractor = parties.contractor!;
  const body: TextStyle = { font: fonts.regular, size: 8.5 };
  const caption: TextStyle = { font: fonts.bold, size: 7.5, gray: 0.35 };
  // Logo: the initials in a dark square or circle.
  const mark = initials(contractor.name);
  if (random.chance(0.5)) sheet.box(LEFT, 40, 46, 46, { fill: 0.25 });
  else sheet.page.drawCircle({ x: LEFT + 23, y: sheet.height - 63, size: 23, color: grayscale(0.25) });
  sheet.text(mark, LEFT + 23, 70, { font: fonts.bold, size: 18, gray: 1 }, 'center');
  const x = LEFT + 58;
  sheet.text(contractor.name, x, 50, { font: fonts.bold, size: 12 });
  sheet.text(streetLine(contractor.address), x, 62, body);
  sheet.text(cityLine(contractor.address), x, 72, body);
  sheet.text(`${contractor.phone}   ${contractor.email}`, x, 82, body);
  sheet.text(`www.${contractor.email.split('@')[1]}   Lic. # ${contractor.license}`, x, 92, body);
  sheet.text('ESTIMATE', RIGHT, 58, { font: fonts.bold, size: 22, gray: 0.4 }, 'right');

  const top = 112;
  const mailing = address(random.child('mailing'), parties.property);
  sheet.text(style.template === 'desktop' ? 'Name / Address' : 'ADDRESS', LEFT, top, caption);
  [parties.borrower, streetLine(mailing), cityLine(mailing)].forEach((line, index) => sheet.text(line, LEFT, top + 12 + index * 10.5, body));
  sheet.text(style.template === 'desktop' ? 'Job Site' : 'SHIP TO', 220, top, caption);
  [parties.borrower, streetLine(parties.property), cityLine(parties.property)].forEach((line, index) => sheet.text(line, 220, top + 12 + index * 10.5, body));
  const pairs: Array<[string, string]> = [
    ['ESTIMATE #', numbers.estimate],
    ['DATE', formatDate(parties.reportDate, style.dateStyle)],
    ['EXPIRATION DATE', formatDate(addDays(parties.reportDate, numbers.expires), style.dateStyle)],
  ];
  pairs.forEach(([label, value], index) => {
    sheet.text(label, 490, top + index * 12, caption, 'right');
    sheet.text(value, RIGHT, top + index * 12, body, 'right');
  });
  sheet.y = top + 48;
  const project = random.pick(['203(k) Renovation', 'Rehab per consultant write-up', `Remodel – ${parties.property.street}`]);
  sheet.text(style.template === 'desktop' ? 'Project' : 'PROJECT', LEFT, sheet.y, caption);
  sheet.text(project, LEFT + 54, sheet.y, body);
  sheet.text(style.template === 'desktop' ? 'Terms' : 'TERMS', 300, sheet.y, caption);
  sheet.text(random.pick(['Due on receipt', 'Draw schedule', 'Net 15']), 340, sheet.y, body);
  sheet.y += 12;
}

function tableSpec(style: Style, fonts: Fonts): TableSpec {
  const desktop = style.template === 'desktop';
  const dark = !desktop && style.band < 0.5;
  return {
    columns: columns(style),
    wrapKey: 'description',
    body: { font: fonts.regular, size: style.size },
    bold: { font: fonts.bold, size: style.size },
    header: { font: fonts.bold, size: style.size - 0.5, gray: dark ? 1 : 0 },
    lineHeight: style.size + 2.5,
    rowGap: desktop ? 3 : 5,
    padding: 3,
    headerBand: desktop ? 0.9 : style.band,
    headerRules: desktop ? 'above-below' : 'none',
    grid: desktop,
    rowRules: desktop ? undefined : 0.82,
    heading: {
      height: style.size + 8,
      draw: (sheet, text, top) => {
        const column = columns(style).find((candidate) => candidate.key === 'description')!;
        sheet.text(text, column.x + 3, top + style.size + 4, { font: fonts.bold, size: style.size });
      },
    },
  };
}

function tableRows(document: SorDocument, style: Style, random: Random): TableRow[] {
  const amount = (cents: number) => money(cents, { dollar: style.dollarLines });
  let start = addDays(document.parties.reportDate, random.int(10, 30));
  const rows: TableRow[] = [];
  for (const section of document.sections) {
    rows.push({ kind: 'heading', text: section.heading });
    const date = formatDate(start, style.dateStyle);
    for (const item of section.items) {
      const desktopTax = taxable(item) ? 'Tax' : 'Non';
      rows.push({
        kind: 'item',
        cells: {
          ...(style.dateColumn ? { date } : {}),
          activity: activity(item, style),
          description: item.description,
          quantity: quantityText(item.quantity, style.quantityDecimals ? 2 : undefined),
          rate: money(item.materialRate + item.laborRate),
          amount: amount(item.total),
          tax: style.template === 'desktop' ? desktopTax : taxable(item) ? 'T' : '',
        },
      });
    }
    if (style.roomSubtotals) rows.push({ kind: 'total', label: `Subtotal: ${section.heading}`, labelKey: 'description', cells: { amount: amount(sectionTotal(section)) } });
    start = addDays(start, random.int(2, 6));
  }
  return rows;
}

function totals(sheet: Sheet, document: SorDocument, style: Style, fonts: Fonts): void {
  const { recap } = document;
  const [tax] = recap.before;
  const body: TextStyle = { font: fonts.regular, size: style.size + 0.5 };
  const caption: TextStyle = { font: fonts.bold, size: style.size, gray: 0.35 };
  sheet.ensure(92);
  sheet.y += 10;
  const labelX = 440;
  const right = RIGHT - 28;
  const desktop = style.template === 'desktop';
  sheet.text(desktop ? 'Subtotal' : 'SUBTOTAL', labelX, sheet.y + 9, caption, 'right');
  sheet.text(money(recap.subtotal), right, sheet.y + 9, body, 'right');
  sheet.y += 14;
  sheet.text(desktop ? tax.label : tax.label.toUpperCase(), labelX, sheet.y + 9, caption, 'right');
  sheet.text(money(tax.amount), right, sheet.y + 9, body, 'right');
  sheet.y += 16;
  sheet.rule(360, RIGHT, sheet.y, 0.6, 0.5);
  sheet.y += 4;
  sheet.text(desktop ? 'Total' : 'TOTAL', labelX, sheet.y + 14, { font: fonts.bold, size: 11 }, 'right');
  sheet.text(money(recap.grandTotal, { dollar: true }), right, sheet.y + 14, { font: fonts.bold, size: 15 }, 'right');
  sheet.y += 28;
}

function closing(sheet: Sheet, document: SorDocument, style: Style, fonts: Fonts, random: Random, numbers: Numbers): void {
  const small: TextStyle = { font: fonts.regular, size: style.size - 0.5 };
  const note = [
    style.template === 'desktop' ? 'Tax = taxable item (materials furnished by contractor); Non = labor and services.' : 'T = taxable item (materials furnished by contractor).',
    `This estimate is valid for ${numbers.expires} days. Prices are based on the scope listed; changes will be quoted separately.`,
    random.pick(['Thank you for your business!', 'We appreciate the opportunity to work with you.', 'Questions? Call the office or reply to this email.']),
  ];
  sheet.ensure(90);
  sheet.y += 4;
  for (const line of note) sheet.paragraph(line, LEFT, 330, small, small.size + 3);
  sheet.y += 22;
  const body: TextStyle = { font: fonts.regular, size: style.size };
  sheet.text('Accepted By', LEFT, sheet.y, body);
  sheet.rule(LEFT + 58, LEFT + 250, sheet.y + 1, 0.5);
  sheet.text('Accepted Date', 330, sheet.y, body);
  sheet.rule(396, RIGHT, sheet.y + 1, 0.5);
  sheet.y += 8;
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const numbers: Numbers = { estimate: String(random.int(1001, 4999)), expires: random.pick([30, 30, 45, 60]) };
  const sheet = await Sheet.create({
    size: [612, 792],
    margins: { top: 44, bottom: 54, left: LEFT, right: 612 - RIGHT },
    title: `Estimate ${numbers.estimate}`,
    producer: style.template === 'desktop' ? 'QuickBooks Desktop Pro 2024' : random.pick(['QuickBooks Online', 'FreshBooks']),
    date: parties.reportDate,
  });
  const fonts = await sheet.fonts(style.font);
  sheet.addPage();
  header(sheet, document, style, fonts, random, numbers);
  writeTable(sheet, tableSpec(style, fonts), tableRows(document, style, random.child('dates')));
  totals(sheet, document, style, fonts);
  closing(sheet, document, style, fonts, random, numbers);
  const small: TextStyle = { font: fonts.regular, size: 7.5, gray: 0.35 };
  sheet.decorate((index, count) => {
    if (count > 1) sheet.text(`Estimate ${numbers.estimate}  –  Page ${index + 1} of ${count}`, RIGHT, 764, small, 'right');
  });
  return sheet.save();
}

const percentOf = (cents: number, rate: number): number => Math.round((cents * rate) / 100);

export const g16: SorFamily = {
  id: 'g16',
  name: 'accounting-software estimate',
  heldOut: false,
  items: [10, 40],
  dateStyle: 'us',
  printed: printedFields({ unit: false, materialLabor: 'none', consultant: false, lenderName: false, inspectionDate: false }),
  spec: (random, itemCount) => {
    const rate = random.pick([6, 6.5, 7, 7.25, 8.25, 8.875]);
    return {
      itemCount,
      grouping: 'room',
      contractorSelected: true,
      heading: ({ room }) => room!.name,
      verbosity: 0.2,
      recap: {
        generalConditions: null,
        overheadAndProfit: null,
        before: (_random: Random, sections: Section[]): RecapLine[] => {
          const base = sections.flatMap((section) => section.items).filter(taxable).reduce((sum, item) => sum + item.total, 0);
          return [{ label: `Sales Tax (${rate}%)`, amount: percentOf(base, rate) }];
        },
      },
    };
  },
  render,
};
