import { StandardFonts } from 'pdf-lib';
import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, Sheet, type TextStyle } from '../layout.js';
import type { SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable } from '../table.js';
import { cityLine, columnsAcross, descriptionTable, flowLines, numberedItemRows, permitFee, pickEach, printedFields, recapRows, streetLine, type RecapRow, type TextContext } from './parts.js';

/**
 * g51: a contractor's letter to the owner with the estimate in it, typed in Times on letterhead. The
 * letter (date, the owner's name and address, a "Re:" line, a paragraph that names the lender and the
 * 203(k) consultant and quotes the price in words and figures) runs above the table on the first page.
 * The table is Item | Description of Work | Qty | Materials | Labor | Amount, quantities without units,
 * ruled rows, the trades or rooms as bold italic headings. Under it: the total of items, overhead and
 * profit sometimes, a permit sometimes, CONTRACT PRICE; then the closing, an approval block of three
 * signature boxes (owner, contractor, consultant's review) and a "cc:" line.
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    greeting: ['Dear', 'Dear Homeowner(s)'],
    totalLabel: ['CONTRACT PRICE', 'TOTAL CONTRACT PRICE', 'TOTAL PRICE'],
    itemsLabel: ['Total of items', 'Total of the above', 'Items total'],
  });

type Style = ReturnType<typeof chooseStyle>;

const LEFT = 66;
const RIGHT = 546;

const COLUMNS = columnsAcross(LEFT, RIGHT, [
  ['number', 'Item', 30, 'left'],
  ['description', 'Description of Work', 232, 'left'],
  ['quantity', 'Qty', 36, 'right'],
  ['material', 'Materials', 62, 'right'],
  ['labor', 'Labor', 58, 'right'],
  ['total', 'Amount', 'rest', 'right'],
]);

function letter(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, bold, body } = context;
  const { parties, recap } = document;
  const contractor = parties.contractor!;
  sheet.text(contractor.name, LEFT, 58, { ...bold, size: 15 });
  sheet.text(streetLine(contractor.address), LEFT, 72, body);
  sheet.text(cityLine(contractor.address), LEFT, 84, body);
  sheet.text(`Telephone ${contractor.phone}`, RIGHT, 72, body, 'right');
  sheet.text(`Contractor License ${contractor.license}`, RIGHT, 84, body, 'right');
  sheet.rule(LEFT, RIGHT, 92, 0.8);
  sheet.y = 104;
  const greeting = style.greeting === 'Dear' ? `Dear ${parties.borrower}:` : `${style.greeting}:`;
  const price = money(recap.grandTotal, { dollar: true });
  flowLines(context, [formatDate(parties.reportDate, 'long'), '', parties.borrower, streetLine(parties.property), cityLine(parties.property), ''], LEFT, RIGHT - LEFT);
  flowLines(context, [`Re: Renovation estimate for ${streetLine(parties.property)}`], LEFT, RIGHT - LEFT, bold);
  flowLines(
    context,
    [
      '',
      greeting,
      '',
      `Thank you for asking us to price the repairs to your home. The items below follow the work write-up prepared by your 203(k) consultant, ${parties.consultant} of ${parties.consultantCompany}, for your lender, ${parties.lender}. We will do all of the work as described for ${price}, broken down as follows.`,
      '',
    ],
    LEFT,
    RIGHT - LEFT,
  );
}

function recap(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { recap: lines } = document;
  const dollars = (cents: number) => money(cents, { dollar: true });
  const rows: RecapRow[] = [{ label: style.itemsLabel, amount: dollars(lines.subtotal), rule: true }];
  if (lines.overhead) rows.push({ label: `Overhead and profit, ${percentText(lines.overhead.rate)}`, amount: dollars(lines.overhead.amount) });
  rows.push(...lines.before.map((line) => ({ label: line.label, amount: dollars(line.amount) })));
  rows.push({ label: style.totalLabel, amount: dollars(lines.grandTotal), bold: true, rule: true });
  sheet.ensure(rows.length * 14 + 8);
  sheet.y += 4;
  recapRows(sheet, rows, { labelX: 328, amountRight: RIGHT - 3, leading: 14, regular: body, bold });
}

function closing(context: TextContext, document: SorDocument): void {
  const { sheet, body, bold } = context;
  const { parties } = document;
  sheet.y += 8;
  flowLines(context, ['This price is good for sixty days. Payment is made in draws from the rehabilitation escrow as the work is inspected.', '', 'Sincerely,'], LEFT, RIGHT - LEFT);
  sheet.ensure(108);
  sheet.y += 14;
  sheet.rule(LEFT, LEFT + 180, sheet.y, 0.6);
  sheet.text(`for ${parties.contractor!.name}`, LEFT, sheet.y + 11, body);
  sheet.y += 20;
  const boxes = ['ACCEPTED BY OWNER', 'CONTRACTOR', 'REVIEWED - 203(k) CONSULTANT'];
  const width = (RIGHT - LEFT - 16) / 3;
  boxes.forEach((title, index) => {
    const x = LEFT + index * (width + 8);
    sheet.box(x, sheet.y, width, 50, { stroke: 0, thickness: 0.6 });
    sheet.text(title, x + 5, sheet.y + 11, { ...bold, size: 7.5 });
    sheet.text('Signature', x + 5, sheet.y + 29, { ...body, size: 7 });
    sheet.rule(x + 40, x + width - 6, sheet.y + 29, 0.4);
    sheet.text('Date', x + 5, sheet.y + 44, { ...body, size: 7 });
    sheet.rule(x + 40, x + width - 6, sheet.y + 44, 0.4);
  });
  sheet.y += 58;
  flowLines(context, [`cc: ${parties.lender}; ${parties.consultant}, ${parties.consultantCompany}`], LEFT, RIGHT - LEFT, { ...body, size: 8.5 });
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g51-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 58, bottom: 62, left: LEFT, right: 612 - RIGHT }, title: `Estimate - ${streetLine(parties.property)}`, producer: 'Microsoft Word', date: parties.reportDate });
  const fonts = await sheet.fonts('Times');
  const body: TextStyle = { font: fonts.regular, size: 10 };
  const bold: TextStyle = { font: fonts.bold, size: 10 };
  const boldItalic = await sheet.pdf.embedFont(StandardFonts.TimesRomanBoldItalic);
  const context: TextContext = { sheet, fonts, body, bold, lineHeight: 12.5 };
  sheet.addPage();
  sheet.onPageStart = (target) => {
    target.text(`${parties.borrower} - ${streetLine(parties.property)}`, LEFT, target.y, { ...body, size: 8.5, gray: 0.3 });
    target.y += 10;
  };
  letter(context, document, style);
  const spec = descriptionTable(COLUMNS, { ...body, size: 9.5 }, bold, {
    lineHeight: 11.5,
    rowGap: 4,
    padding: 3,
    headerRules: 'above-below',
    rowRules: 0.55,
    heading: {
      height: 16,
      draw: (target, text, top) => target.text(text, 96 + 3, top + 12, { font: boldItalic, size: 10 }),
    },
  });
  writeTable(sheet, spec, numberedItemRows(document.sections));
  recap(context, document, style);
  closing(context, document);
  sheet.decorate((index, count) => sheet.text(`Page ${index + 1} of ${count}`, (LEFT + RIGHT) / 2, 762, { ...body, size: 8.5 }, 'center'));
  return sheet.save();
}

export const g51: SorFamily = {
  id: 'g51',
  name: "contractor's letter to the owner with the estimate table in it and an approval block of signature boxes",
  heldOut: false,
  items: [8, 38],
  dateStyle: 'long',
  printed: printedFields({ unit: false, inspectionDate: false }),
  spec: (random, itemCount) => ({
    itemCount,
    grouping: random.chance(0.5) ? 'room' : 'trade',
    contractorSelected: true,
    heading: ({ trade, room }) => (room ? room.name : trade!.name),
    verbosity: 0.2,
    recap: {
      generalConditions: null,
      overheadAndProfit: random.chance(0.5) ? [10, 12, 15] : null,
      before: (inner) => permitFee(inner, 0.4, ['Permit', 'Building permit and inspections'], 700),
    },
  }),
  render,
};
