import { formatDate, type DateStyle } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type FontFamily, type Fonts, type TextStyle } from '../layout.js';
import { sectionTotal, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type Column, type TableRow, type TableSpec } from '../table.js';
import { allowanceSection, alternateLines, unitPriceLines } from './g23-bid-form-allowances.lists.js';
import { amountInWords, cityLine, printedFields, recapLineRows, recapRows, sectionRows, streetLine } from './parts.js';

/**
 * g23 (held out): a general contractor's bid form for a renovation loan (HomeStyle or 203(k)): base
 * bid, allowances and alternates. Letterhead, "Submitted to" and "Submitted by" side by side, a
 * paragraph of terms, then a unit-price schedule Item | Item Description | Qty. | U/M | Unit Price |
 * Extension (quantity × unit price, no material/labor split) with trade headings (capitals, lettered
 * or "Section 3 - …") and items numbered on, by section ("3.2") or padded ("3.02"); the allowances
 * carried in the base bid are the last section, one LS line each. The totals (sometimes base work and
 * allowances apart, the subtotal, general conditions, overhead and profit, permits, TOTAL BASE BID)
 * and the base bid in words; then the add and deduct alternates (not in the base bid), unit prices
 * for changes and the bidder's signature.
 */

interface Style {
  font: FontFamily;
  size: number;
  title: string;
  totalLabel: string;
  number: (section: number, item: number, running: number) => string;
  splitTotals: boolean;
  dollarItems: boolean;
  dateStyle: DateStyle;
}

function chooseStyle(random: Random): Style {
  const font = random.pick<FontFamily>(['Times', 'Helvetica']);
  return {
    font,
    size: font === 'Times' ? random.pick([9, 9.5]) : random.pick([8, 8.5]),
    title: random.pick(['BID PROPOSAL', 'PROPOSAL AND BID SCHEDULE', 'CONTRACTOR BID FORM']),
    totalLabel: random.pick(['TOTAL BASE BID', 'BASE BID (including allowances)', 'TOTAL BASE BID PRICE']),
    number: random.pick([
      (_section: number, _item: number, running: number) => String(running),
      (section: number, item: number) => `${section}.${item}`,
      (section: number, item: number) => `${section}.${String(item).padStart(2, '0')}`,
    ]),
    splitTotals: random.chance(0.5),
    dollarItems: random.chance(0.35),
    dateStyle: random.pick<DateStyle>(['long', 'us']),
  };
}

const LEFT = 50;
const RIGHT = 562;

const COLUMNS: Column[] = [
  { key: 'number', header: ['Item'], x: LEFT, width: 34, align: 'left' },
  { key: 'description', header: ['Item Description'], x: LEFT + 34, width: 258, align: 'left' },
  { key: 'quantity', header: ['Qty.'], x: LEFT + 292, width: 46, align: 'right' },
  { key: 'unit', header: ['U/M'], x: LEFT + 338, width: 30, align: 'center' },
  { key: 'rate', header: ['Unit Price'], x: LEFT + 368, width: 66, align: 'right' },
  { key: 'extension', header: ['Extension'], x: LEFT + 434, width: RIGHT - LEFT - 434, align: 'right' },
];

function letterhead(sheet: Sheet, document: SorDocument, style: Style, fonts: Fonts, bidNo: string): void {
  const { parties } = document;
  const contractor = parties.contractor!;
  const body: TextStyle = { font: fonts.regular, size: style.size + 0.5 };
  const bold: TextStyle = { font: fonts.bold, size: style.size + 0.5 };
  sheet.text(contractor.name, 306, 56, { font: fonts.bold, size: 16 }, 'center');
  sheet.text(`${streetLine(contractor.address)}  |  ${cityLine(contractor.address)}  |  ${contractor.phone}`, 306, 69, body, 'center');
  sheet.rule(LEFT, RIGHT, 76, 0.8);
  sheet.text(style.title, 306, 96, { font: fonts.bold, size: 13 }, 'center');
  const columns: Array<[number, string, string[]]> = [
    [LEFT, 'Submitted to:', [parties.borrower, streetLine(parties.property), cityLine(parties.property), `Lender: ${parties.lender}`]],
    [322, 'Submitted by:', [contractor.name, `License No. ${contractor.license}`, `Telephone ${contractor.phone}`, `Bid No. ${bidNo}   Date: ${formatDate(parties.reportDate, style.dateStyle)}`]],
  ];
  for (const [x, caption, lines] of columns) {
    sheet.text(caption, x, 116, bold);
    lines.forEach((line, index) => sheet.text(line, x + 8, 128 + index * (style.size + 3), body));
  }
  sheet.y = 128 + 4 * (style.size + 3) + 4;
  sheet.paragraph(
    'The undersigned bidder, having examined the property and the scope of work, proposes to furnish all labor, material, ' +
      'equipment and supervision for the Base Bid below. The Base Bid includes the allowances listed; the difference between an ' +
      'allowance and the actual cost will be adjusted by change order. Alternates are not included in the Base Bid.',
    LEFT,
    RIGHT - LEFT,
    { font: fonts.italic, size: style.size },
    style.size + 2.5,
  );
  sheet.y += 8;
  sheet.text('SCHEDULE OF BID ITEMS', LEFT, sheet.y + style.size, bold);
  sheet.y += style.size + 6;
}

function tableSpec(style: Style, fonts: Fonts): TableSpec {
  const body: TextStyle = { font: fonts.regular, size: style.size };
  const bold: TextStyle = { font: fonts.bold, size: style.size };
  return {
    columns: COLUMNS,
    wrapKey: 'description',
    body,
    bold,
    header: bold,
    lineHeight: style.size + 2.2,
    rowGap: 2.5,
    padding: 3,
    headerRules: 'above-below',
    rowRules: 0.82,
    heading: {
      height: style.size + 9,
      draw: (sheet, text, top) => sheet.text(text, LEFT + 3, top + style.size + 5, { font: fonts.bold, size: style.size + 0.5 }),
    },
    continued: (heading) => `${heading} (continued)`,
  };
}

function tableRows(document: SorDocument, style: Style): TableRow[] {
  const price = (cents: number) => money(cents, { dollar: style.dollarItems });
  let running = 0;
  return sectionRows(document.sections, (section, sectionIndex) =>
    section.items.map((item, index) => ({
      kind: 'item' as const,
      cells: {
        number: style.number(sectionIndex + 1, index + 1, ++running),
        description: item.description,
        quantity: quantityText(item.quantity),
        unit: item.unit,
        rate: price(item.materialRate + item.laborRate),
        extension: price(item.total),
      },
    })),
  );
}

function totals(sheet: Sheet, document: SorDocument, style: Style, fonts: Fonts): void {
  const { recap, sections } = document;
  const regular: TextStyle = { font: fonts.regular, size: style.size + 0.5 };
  const bold: TextStyle = { font: fonts.bold, size: style.size + 1 };
  const allowances = sectionTotal(sections.at(-1)!);
  const rows = [
    ...(style.splitTotals
      ? [{ label: 'Base work (all items above the allowances)', amount: money(recap.subtotal - allowances) }, { label: 'Allowances', amount: money(allowances) }]
      : []),
    { label: 'Subtotal', amount: money(recap.subtotal), rule: style.splitTotals },
    ...(recap.generalConditions ? [{ label: 'General conditions', rate: percentText(recap.generalConditions.rate), amount: money(recap.generalConditions.amount) }] : []),
    ...(recap.overhead ? [{ label: 'Overhead and profit', rate: percentText(recap.overhead.rate), amount: money(recap.overhead.amount) }] : []),
    ...recapLineRows(recap.before, money),
    { label: style.totalLabel, amount: money(recap.grandTotal, { dollar: true }), bold: true, rule: true },
  ];
  sheet.ensure(rows.length * (style.size + 5) + 50);
  sheet.y += 8;
  recapRows(sheet, rows, { labelX: 300, rateX: 470, amountRight: RIGHT - 3, leading: style.size + 5, regular, bold });
  sheet.y += 6;
  sheet.paragraph(`Base Bid in words: ${amountInWords(recap.grandTotal)} (${money(recap.grandTotal, { dollar: true })})`, LEFT, RIGHT - LEFT, { font: fonts.italic, size: style.size + 0.5 }, style.size + 3);
}

function alternates(sheet: Sheet, document: SorDocument, style: Style, fonts: Fonts, random: Random): void {
  const regular: TextStyle = { font: fonts.regular, size: style.size };
  const bold: TextStyle = { font: fonts.bold, size: style.size };
  const leading = style.size + 3;
  const lines = document.recap.after;
  sheet.ensure(30 + lines.length * 2 * leading);
  sheet.y += 10;
  sheet.text('ALTERNATES (not included in the Base Bid; the owner may accept any of them)', LEFT, sheet.y + style.size, bold);
  sheet.y += leading + 3;
  for (const line of lines) {
    const wrapped = sheet.wrap(line.label, 330, regular);
    wrapped.forEach((text, index) => sheet.text(text, LEFT + 8, sheet.y + style.size + index * leading, regular));
    sheet.text(line.amount < 0 ? 'DEDUCT' : 'ADD', 430, sheet.y + style.size, bold);
    sheet.text(line.amount < 0 ? `(${money(-line.amount, { dollar: true })})` : money(line.amount, { dollar: true }), RIGHT - 3, sheet.y + style.size, regular, 'right');
    sheet.y += wrapped.length * leading + 2;
  }
  const prices = unitPriceLines(random);
  sheet.ensure(30 + prices.length * leading);
  sheet.y += 8;
  sheet.text('UNIT PRICES for added or deleted work', LEFT, sheet.y + style.size, bold);
  sheet.y += leading + 3;
  for (const [text, per, rate] of prices) {
    sheet.text(text, LEFT + 8, sheet.y + style.size, regular);
    sheet.text(per, 400, sheet.y + style.size, regular);
    sheet.text(rate, RIGHT - 3, sheet.y + style.size, regular, 'right');
    sheet.y += leading;
  }
}

function signature(sheet: Sheet, document: SorDocument, style: Style, fonts: Fonts): void {
  const small: TextStyle = { font: fonts.regular, size: style.size - 0.5 };
  sheet.ensure(70);
  sheet.y += 14;
  sheet.paragraph('This bid is valid for 60 days. Payment by draws from the renovation escrow per the lender’s draw schedule, less 10% holdback until final inspection.', LEFT, RIGHT - LEFT, small, style.size + 2);
  sheet.y += 26;
  sheet.rule(LEFT, LEFT + 220, sheet.y, 0.5);
  sheet.rule(LEFT + 250, LEFT + 340, sheet.y, 0.5);
  sheet.rule(LEFT + 370, RIGHT, sheet.y, 0.5);
  sheet.text(`Bidder: ${document.parties.contractor!.name}`, LEFT, sheet.y + style.size + 1, small);
  sheet.text('Date', LEFT + 250, sheet.y + style.size + 1, small);
  sheet.text('Owner acceptance', LEFT + 370, sheet.y + style.size + 1, small);
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g23-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const bidNo = `B-${random.int(1100, 4899)}`;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 50, bottom: 54, left: LEFT, right: 612 - RIGHT }, title: `Bid ${bidNo}`, producer: random.pick(['Microsoft Word', 'Pages', 'LibreOffice Writer']), date: parties.reportDate });
  const fonts = await sheet.fonts(style.font);
  sheet.addPage();
  letterhead(sheet, document, style, fonts, bidNo);
  writeTable(sheet, tableSpec(style, fonts), tableRows(document, style));
  totals(sheet, document, style, fonts);
  alternates(sheet, document, style, fonts, random.child('unit prices'));
  signature(sheet, document, style, fonts);
  const small: TextStyle = { font: fonts.regular, size: 7.5, gray: 0.3 };
  sheet.decorate((index, count) => {
    sheet.text(`${parties.contractor!.name}  –  Bid ${bidNo}  –  ${streetLine(parties.property)}`, LEFT, 766, small);
    sheet.text(`Page ${index + 1} of ${count}`, RIGHT, 766, small, 'right');
  });
  return sheet.save();
}

type Heading = (ordinal: number, name: string) => string;

const HEADINGS: Heading[] = [
  (_ordinal, name) => name.toUpperCase(),
  (ordinal, name) => `${String.fromCharCode(64 + ordinal)}. ${name}`,
  (ordinal, name) => `Section ${ordinal} - ${name}`,
];

export const g23: SorFamily = {
  id: 'g23',
  name: 'general contractor bid form with unit prices, allowances and alternates',
  heldOut: false,
  items: [14, 45],
  dateStyle: 'long',
  printed: printedFields({ materialLabor: 'none', consultant: false, inspectionDate: false }),
  spec: (random, itemCount) => {
    const heading = random.pick(HEADINGS);
    return {
      itemCount,
      grouping: 'trade',
      contractorSelected: true,
      heading: ({ ordinal, trade }) => heading(ordinal, trade!.name),
      verbosity: 0.3,
      extraSections: (allowanceRandom, sections) => [allowanceSection(allowanceRandom, heading(sections.length + 1, 'Allowances'))],
      recap: {
        generalConditions: random.chance(0.4) ? [5, 6, 8] : null,
        overheadAndProfit: random.chance(0.7) ? [10, 12, 15] : null,
        before: (feeRandom) => (feeRandom.chance(0.6) ? [{ label: "Builder's risk insurance", amount: feeRandom.int(6, 36) * 2500 }] : []),
        after: alternateLines,
      },
    };
  },
  render,
};
