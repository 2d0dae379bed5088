import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, Sheet, type TextStyle } from '../layout.js';
import type { LineItem, SorDocument } from '../model.js';
import { labelValues, oneLine, printedFields, type Pair } from './parts.js';

/**
 * g6 (held out): a narrative work write-up in Times. Numbered paragraphs with hanging indent and
 * one price per item at the right after dot leaders on the item's last line; general items come
 * before the first room heading; no quantities, units, material or labor; no subtotal, permit
 * lines, then the total.
 */

const TEXT_LEFT = 100;
const TEXT_WIDTH = 330;
const PRICE_RIGHT = 540;

function header(sheet: Sheet, document: SorDocument, regular: TextStyle, bold: TextStyle): void {
  const { parties } = document;
  sheet.text(parties.consultantCompany, 72, 54, { ...regular, size: 9 });
  sheet.text(parties.consultantPhone, 540, 54, { ...regular, size: 9 }, 'right');
  sheet.text('WORK WRITE-UP', 306, 84, { ...bold, size: 14 }, 'center');
  sheet.y = 100;
  const lines: Pair[] = [
    ['Borrower(s):', parties.borrower],
    ['Property:', oneLine(parties.property)],
    ['Lender:', parties.lender],
    ['Date of Inspection:', formatDate(parties.inspectionDate, 'long')],
    ['Prepared by:', `${parties.consultant}, HUD 203(k) Consultant`],
  ];
  labelValues(sheet, lines, 72, 108, bold, regular, 14);
  sheet.y += 8;
  sheet.paragraph(
    'General: All work shall be performed in a workmanlike manner by licensed trades, with permits where required. The contractor shall verify all measurements, protect the occupants and remove all debris daily. Prices include materials, labor and disposal.',
    72,
    468,
    { ...regular, size: 10 },
    12.5,
  );
  sheet.y += 10;
}

function leaders(sheet: Sheet, from: number, to: number, style: TextStyle): string {
  const count = Math.max(3, Math.floor((to - from) / sheet.textWidth('.', style)) - 1);
  return '.'.repeat(count);
}

function drawItem(sheet: Sheet, item: LineItem, number: number, regular: TextStyle, lines: string[]): void {
  sheet.text(`${number}.`, TEXT_LEFT - 8, sheet.y + 11, regular, 'right');
  lines.forEach((line, index) => sheet.text(line, TEXT_LEFT, sheet.y + 11 + index * 13, regular));
  const lastY = sheet.y + 11 + (lines.length - 1) * 13;
  const price = money(item.total, { dollar: true });
  const start = TEXT_LEFT + sheet.textWidth(lines.at(-1)!, regular) + 4;
  const priceLeft = PRICE_RIGHT - sheet.textWidth(price, regular) - 4;
  sheet.text(leaders(sheet, start, priceLeft, regular), start, lastY, regular);
  sheet.text(price, PRICE_RIGHT, lastY, regular, 'right');
  sheet.y += lines.length * 13 + 5;
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const { parties, recap } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 60, bottom: 72, left: 72, right: 72 }, title: 'Work Write-Up', producer: 'Microsoft Word', date: parties.reportDate });
  const fonts = await sheet.fonts('Times');
  const regular: TextStyle = { font: fonts.regular, size: 11 };
  const bold: TextStyle = { font: fonts.bold, size: 11 };
  sheet.addPage();
  header(sheet, document, regular, bold);

  let number = 0;
  for (const section of document.sections) {
    section.items.forEach((item, index) => {
      const lines = sheet.wrap(item.description, TEXT_WIDTH, regular);
      const headingHeight = section.heading && index === 0 ? 24 : 0;
      sheet.ensure(headingHeight + lines.length * 13 + 5);
      if (headingHeight) {
        sheet.y += 6;
        sheet.text(section.heading, 72, sheet.y + 11, bold);
        sheet.rule(72, 72 + sheet.textWidth(section.heading, bold), sheet.y + 13, 0.6);
        sheet.y += 18;
      }
      drawItem(sheet, item, ++number, regular, lines);
    });
  }

  sheet.ensure(30 + (recap.before.length + 1) * 16);
  sheet.y += 8;
  for (const line of [...recap.before.map((entry) => ({ ...entry, style: regular })), { label: 'TOTAL ESTIMATED COST', amount: recap.grandTotal, style: bold }]) {
    const price = money(line.amount, { dollar: true });
    const start = TEXT_LEFT + sheet.textWidth(line.label, line.style) + 4;
    sheet.text(line.label, TEXT_LEFT, sheet.y + 11, line.style);
    sheet.text(leaders(sheet, start, PRICE_RIGHT - sheet.textWidth(price, line.style) - 4, line.style), start, sheet.y + 11, line.style);
    sheet.text(price, PRICE_RIGHT, sheet.y + 11, line.style, 'right');
    sheet.y += 16;
  }
  sheet.y += 24;
  sheet.text('Consultant: ____________________________      Borrower: ____________________________', 72, sheet.y, { ...regular, size: 10 });

  sheet.decorate((index) => {
    sheet.text(`Work Write-Up, ${oneLine(parties.property)}`, 72, 750, { font: fonts.italic, size: 9 });
    sheet.text(`Page ${index + 1}`, 540, 750, { font: fonts.regular, size: 9 }, 'right');
  });
  return sheet.save();
}

export const g6: SorFamily = {
  id: 'g6',
  name: 'narrative work write-up',
  heldOut: false,
  items: [5, 18],
  dateStyle: 'long',
  printed: printedFields({ quantity: false, unit: false, materialLabor: 'none', contractor: { name: false, license: false, phone: false }, subtotal: false }),
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'room',
    unheadedLead: true,
    wholeDollars: true,
    heading: ({ room }) => room!.name.toUpperCase(),
    verbosity: 0.8,
    recap: {
      generalConditions: null,
      overheadAndProfit: null,
      before: () => [
        { label: 'Lead-based paint clearance testing', amount: random.pick([25000, 30000, 35000]) },
        ...(random.chance(0.5) ? [{ label: 'Radon test, 48-hour continuous monitor', amount: random.pick([17500, 19500]) }] : []),
      ],
    },
  }),
  render,
};
