import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, Sheet, type Fonts, type TextStyle } from '../layout.js';
import type { LineItem, SorDocument } from '../model.js';
import { Random } from '../random.js';
import { cityLine, printedFields, streetLine } from './parts.js';

/**
 * g11: a small contractor's quote typed in a word processor, in Times at 11 pt with one-inch
 * margins. Letterhead, "Prepared for" block, then numbered lines of work, each with its price
 * right-aligned after dot leaders (or a plain tab) on its last line; general items come first,
 * then room names as underlined headings. No quantities, units or material/labor split, whole-dollar
 * prices. A bold Total and no subtotal; the deposit and the balance come after it, then terms.
 */

const LEFT = 72;
const RIGHT = 540;
const TAGLINES = ['Handyman Services  •  Home Repair  •  Remodeling', 'Quality Home Repairs & Renovations', 'Residential Repair and Improvement'];
const TERMS = [
  'Price includes all labor and materials unless noted. Work not listed above is excluded and will be priced separately if requested.',
  'Owner to select colors and finishes before work begins. Any change to the work must be agreed in writing.',
  'Payment by check or bank draw from the renovation escrow. Balance due upon completion and final inspection.',
  'All workmanship guaranteed for one year from completion. This quote is valid for 30 days.',
];

interface Style {
  body: TextStyle;
  bold: TextStyle;
  leaders: boolean;
  numberSuffix: string;
  price: (cents: number) => string;
}

function letterhead(sheet: Sheet, document: SorDocument, fonts: Fonts, random: Random): void {
  const { parties } = document;
  const contractor = parties.contractor!;
  const body: TextStyle = { font: fonts.regular, size: 10 };
  sheet.text(contractor.name, LEFT, 74, { font: fonts.bold, size: 16 });
  sheet.text(random.pick(TAGLINES), LEFT, 88, { font: fonts.italic, size: 10 });
  sheet.text(`${streetLine(contractor.address)}, ${cityLine(contractor.address)}`, LEFT, 101, body);
  sheet.text(`${contractor.phone}   |   ${contractor.email}`, LEFT, 113, body);
  sheet.text(`Licensed & Insured  –  License # ${contractor.license}`, LEFT, 125, body);
  sheet.text(random.pick(['QUOTE', 'ESTIMATE', 'PROPOSAL']), RIGHT, 78, { font: fonts.bold, size: 20, gray: 0.35 }, 'right');
  sheet.text(`Date: ${formatDate(parties.reportDate, 'long')}`, RIGHT, 101, body, 'right');
  sheet.text(`Quote #: ${random.int(1001, 2999)}`, RIGHT, 113, body, 'right');
  sheet.rule(LEFT, RIGHT, 134, 1.5);
  const label: TextStyle = { font: fonts.bold, size: 11 };
  const value: TextStyle = { font: fonts.regular, size: 11 };
  sheet.text('Prepared for:', LEFT, 156, label);
  sheet.text(parties.borrower, LEFT + 80, 156, value);
  sheet.text('Job address:', LEFT, 170, label);
  sheet.text(streetLine(parties.property), LEFT + 80, 170, value);
  sheet.text(cityLine(parties.property), LEFT + 80, 184, value);
  sheet.y = 200;
  const intro = random.pick([
    'Thank you for the opportunity to quote your home. We propose to do the following work for the 203(k) renovation:',
    'As requested, here is our price for the repairs listed in the consultant’s write-up:',
    'We are pleased to quote the following repairs at the above address:',
  ]);
  sheet.paragraph(intro, LEFT, RIGHT - LEFT, value, 14);
  sheet.y += 8;
}

/** Dots from just after the text to just before the price, on whole-dot positions so columns of leaders line up. */
function leaders(sheet: Sheet, from: number, to: number, baseline: number, style: TextStyle): void {
  const dot = sheet.textWidth('.', style) * 2;
  const start = Math.ceil((from + 4) / dot) * dot;
  const count = Math.floor((to - 4 - start) / dot);
  if (count > 1) sheet.text('. '.repeat(count).trimEnd(), start, baseline, style);
}

/** One numbered line: the description wrapped, the price on its last line after leaders. */
function workLine(sheet: Sheet, number: number, item: LineItem, style: Style): void {
  const priceText = style.price(item.total);
  const priceWidth = sheet.textWidth(priceText, style.body);
  const lines = sheet.wrap(item.description, RIGHT - LEFT - 24 - 86, style.body);
  sheet.ensure(lines.length * 14 + 4);
  sheet.text(`${number}${style.numberSuffix}`, LEFT, sheet.y + 11, style.body);
  lines.forEach((line, index) => {
    const baseline = sheet.y + 11;
    sheet.text(line, LEFT + 24, baseline, style.body);
    if (index === lines.length - 1) {
      if (style.leaders) leaders(sheet, LEFT + 24 + sheet.textWidth(line, style.body), RIGHT - priceWidth, baseline, style.body);
      sheet.text(priceText, RIGHT, baseline, style.body, 'right');
    }
    sheet.y += 14;
  });
  sheet.y += 3;
}

function totals(sheet: Sheet, document: SorDocument, style: Style): void {
  const { recap } = document;
  sheet.ensure(70);
  sheet.y += 6;
  sheet.rule(RIGHT - 120, RIGHT, sheet.y, 0.8);
  sheet.y += 4;
  const line = (label: string, cents: number, text: TextStyle) => {
    const baseline = sheet.y + 12;
    sheet.text(label, LEFT + 24, baseline, text);
    const amount = style.price(cents);
    if (style.leaders) leaders(sheet, LEFT + 24 + sheet.textWidth(label, text), RIGHT - sheet.textWidth(amount, text), baseline, text);
    sheet.text(amount, RIGHT, baseline, text, 'right');
    sheet.y += 16;
  };
  line('TOTAL', recap.grandTotal, { ...style.bold, size: 12 });
  for (const after of recap.after) line(after.label, after.amount, style.body);
}

function closing(sheet: Sheet, document: SorDocument, fonts: Fonts): void {
  const small: TextStyle = { font: fonts.regular, size: 9.5 };
  sheet.ensure(130);
  sheet.y += 14;
  sheet.text('Terms', LEFT, sheet.y + 10, { font: fonts.bold, size: 10 });
  sheet.y += 14;
  TERMS.forEach((term, index) => {
    sheet.text(`${index + 1}.`, LEFT, sheet.y + 9.5, small);
    sheet.paragraph(term, LEFT + 16, RIGHT - LEFT - 16, small, 11.5);
  });
  sheet.y += 26;
  const body: TextStyle = { font: fonts.regular, size: 11 };
  sheet.text('Accepted by: ______________________________', LEFT, sheet.y, body);
  sheet.text('Date: ______________', RIGHT, sheet.y, body, 'right');
  sheet.y += 26;
  sheet.text(`${document.parties.contractor!.name}: ______________________________`, LEFT, sheet.y, body);
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('render');
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 72, bottom: 72, left: LEFT, right: 612 - RIGHT }, title: 'Quote', producer: 'Microsoft® Word for Microsoft 365', date: parties.reportDate });
  const fonts = await sheet.fonts('Times');
  const whole = random.chance(0.5);
  const style: Style = {
    body: { font: fonts.regular, size: 11 },
    bold: { font: fonts.bold, size: 11 },
    leaders: random.chance(0.7),
    numberSuffix: random.pick(['.', ')']),
    price: (cents) => money(cents, { dollar: true, whole }),
  };
  sheet.addPage();
  letterhead(sheet, document, fonts, random);
  let number = 0;
  for (const section of document.sections) {
    if (section.heading) {
      sheet.ensure(34);
      sheet.y += 6;
      const heading: TextStyle = { font: fonts.bold, size: 11 };
      sheet.text(section.heading, LEFT, sheet.y + 11, heading);
      sheet.rule(LEFT, LEFT + sheet.textWidth(section.heading, heading), sheet.y + 13, 0.6);
      sheet.y += 17;
    }
    for (const item of section.items) workLine(sheet, ++number, item, style);
  }
  totals(sheet, document, style);
  closing(sheet, document, fonts);
  sheet.decorate((index, count) => {
    if (count > 1) sheet.text(`Page ${index + 1} of ${count}`, 306, 750, { font: fonts.regular, size: 9 }, 'center');
  });
  return sheet.save();
}

export const g11: SorFamily = {
  id: 'g11',
  name: 'handyman quote with dot leaders',
  heldOut: false,
  items: [5, 25],
  dateStyle: 'long',
  printed: printedFields({ quantity: false, unit: false, materialLabor: 'none', consultant: false, lenderName: false, inspectionDate: false, subtotal: false }),
  spec: (random, itemCount) => {
    const deposit = random.pick([25, 30, 50]);
    return {
      itemCount,
      grouping: 'room',
      unheadedLead: true,
      contractorSelected: true,
      wholeDollars: true,
      heading: ({ room }) => room!.name,
      verbosity: 0.3,
      recap: {
        generalConditions: null,
        overheadAndProfit: null,
        after: (_random, grandTotal) => {
          const due = Math.round((grandTotal * deposit) / 10_000) * 100;
          return [
            { label: `Deposit due upon acceptance (${deposit}%)`, amount: due },
            { label: 'Balance due upon completion', amount: grandTotal - due },
          ];
        },
      },
    };
  },
  render,
};
