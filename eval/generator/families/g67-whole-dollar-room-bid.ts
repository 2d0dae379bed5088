import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type RecapLine, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import { cityLine, columnsAcross, descriptionTable, flowLines, labelValueColumns, permitFee, pickEach, printedFields, streetLine, type TextContext } from './parts.js';

/**
 * g67: a remodeler's bid typed in a word processor, portrait, in Times 10, amounts in whole dollars. A letterhead
 * at the left with the license and telephone under it, BID PROPOSAL at the right; the owner, project address and
 * lender at the left, the date, bid number and loan number at the right. The table is No. | Description of
 * Work | Qty. | Materials | Labor | Amount with horizontal rules only: the quantity and its unit in one cell in
 * lower case ("12 sf", "3 ea", "1 ls"), every amount right-aligned without cents or "$", credits in
 * parentheses ("(450)"). Rooms are bold underlined headings; each ends with a "Total Kitchen" line with "$" on
 * its amount. Below: the total of all rooms, overhead and profit as one percentage line, a permit sometimes and
 * TOTAL BASE BID, with "$" and cents; then ALTERNATES, offered besides the base bid and not in it (add ones
 * positive, deduct ones in parentheses), the terms and the acceptance lines.
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    title: ['BID PROPOSAL', 'PROPOSAL', 'REMODELING BID'],
    workLabel: ['Total of All Rooms', 'Total Work', 'Sum of Rooms'],
    totalLabel: ['TOTAL BASE BID', 'BASE BID TOTAL', 'TOTAL BID'],
    alternatesTitle: ['ALTERNATES (not included in base bid)', 'OPTIONAL ALTERNATES - NOT INCLUDED ABOVE', 'ALTERNATE PRICES (owner may accept any)'],
  });

type Style = ReturnType<typeof chooseStyle>;

const LEFT = 54;
const RIGHT = 558;

const ADDS = [
  'Upgrade to quartz countertops in lieu of laminate',
  'Add ceiling fan with light kit in each bedroom',
  'Replace remaining interior doors with solid-core six-panel doors',
  'Add seamless gutter guards on all gutters',
  'Upgrade to 50-year architectural shingles',
  'Add whole-house surge protector at the panel',
  'Add tile backsplash at range wall',
];

const DEDUCTS = [
  'Omit painting of basement walls',
  'Owner to perform final cleaning',
  'Reuse existing kitchen sink and faucet',
  'Omit storm door at rear entry',
  'Owner to remove and dispose of carpet',
];

const wholeDollars = (cents: number, dollar = false): string => money(cents, { whole: true, parentheses: true, dollar });

const quantityCell = (item: LineItem): string => `${quantityText(item.quantity)} ${item.unit.toLowerCase()}`;

function itemRows(document: SorDocument): TableRow[] {
  let number = 0;
  return document.sections.flatMap((section): TableRow[] => [
    { kind: 'heading', text: section.heading },
    ...section.items.map((item): TableRow => {
      number += 1;
      return {
        kind: 'item',
        cells: {
          number: String(number),
          description: item.description,
          quantity: quantityCell(item),
          material: item.material ? wholeDollars(item.material) : '',
          labor: item.labor ? wholeDollars(item.labor) : '',
          total: wholeDollars(item.total),
        },
      };
    }),
    { kind: 'total', label: `Total ${section.heading}`, labelKey: 'description', cells: { total: wholeDollars(sectionTotal(section), true) } },
    { kind: 'space', height: 6 },
  ]);
}

function header(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { parties } = document;
  const contractor = parties.contractor!;
  sheet.text(contractor.name, LEFT, 56, { ...bold, size: 14 });
  sheet.text(`${streetLine(contractor.address)}, ${cityLine(contractor.address)}`, LEFT, 69, body);
  sheet.text(`License ${contractor.license}   Tel. ${contractor.phone}`, LEFT, 81, body);
  sheet.text(style.title, RIGHT, 60, { ...bold, size: 16 }, 'right');
  sheet.rule(LEFT, RIGHT, 90, 1.2);
  labelValueColumns(
    sheet,
    [
      [LEFT, 92, [['Owner:', parties.borrower], ['Project address:', streetLine(parties.property)], ['', cityLine(parties.property)], ['Lender:', parties.lender]]],
      [384, 58, [['Date:', formatDate(parties.reportDate, 'long')], ['Bid No.:', parties.fileNumber], ['Loan No.:', parties.loanNumber]]],
    ],
    108,
    13,
    bold,
    body,
  );
  sheet.y = 108 + 4 * 13;
  flowLines(context, ['We propose to furnish all labor and materials for the following work, in accordance with the lender\'s renovation requirements:'], LEFT, RIGHT - LEFT);
  sheet.y += 4;
}

function totals(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold, lineHeight } = context;
  const { recap } = document;
  const rows: Array<[string, number, boolean]> = [[style.workLabel, recap.subtotal, false]];
  if (recap.overhead) rows.push([`Overhead & Profit (${percentText(recap.overhead.rate)})`, recap.overhead.amount, false]);
  for (const line of recap.before) rows.push([line.label, line.amount, false]);
  rows.push([style.totalLabel, recap.grandTotal, true]);
  sheet.ensure((rows.length + 2) * lineHeight);
  sheet.y += 4;
  for (const [label, amount, strong] of rows) {
    if (strong) sheet.rule(380, RIGHT, sheet.y, 0.8);
    const style = strong ? { ...bold, size: 11 } : body;
    sheet.text(label, 470, sheet.y + style.size + 1, style, 'right');
    sheet.text(money(amount, { dollar: true }), RIGHT - 3, sheet.y + style.size + 1, style, 'right');
    sheet.y += lineHeight + (strong ? 3 : 0);
  }
  if (recap.after.length === 0) return;
  sheet.ensure((recap.after.length + 3) * lineHeight);
  sheet.y += lineHeight;
  sheet.text(style.alternatesTitle, LEFT, sheet.y + bold.size, bold);
  sheet.y += lineHeight + 2;
  for (const line of recap.after) {
    sheet.text(line.label, LEFT + 10, sheet.y + body.size, body);
    sheet.text(wholeDollars(line.amount, true), RIGHT - 3, sheet.y + body.size, body, 'right');
    sheet.y += lineHeight;
  }
}

function closing(context: TextContext, document: SorDocument): void {
  const { sheet, body, lineHeight } = context;
  sheet.ensure(lineHeight * 8);
  sheet.y += lineHeight;
  flowLines(context, [`Prices good for 30 days. Alternates are added to or deducted from the base bid only when accepted in writing. Payment in draws from the renovation escrow at ${document.parties.lender.replace(/\.$/, '')}.`], LEFT, RIGHT - LEFT);
  sheet.y += lineHeight * 2;
  sheet.text('Accepted by Owner ____________________________   Date __________', LEFT, sheet.y, body);
  sheet.y += lineHeight * 1.8;
  sheet.text('Contractor _______________________________________   Date __________', LEFT, sheet.y, body);
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g67-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 54, bottom: 60, left: LEFT, right: 612 - RIGHT }, title: `${style.title} - ${parties.borrower}`, producer: 'Microsoft Word', date: parties.reportDate });
  const fonts = await sheet.fonts('Times');
  const body: TextStyle = { font: fonts.regular, size: 10 };
  const bold: TextStyle = { font: fonts.bold, size: 10 };
  const context: TextContext = { sheet, fonts, body, bold, lineHeight: 12.5 };
  sheet.addPage();
  header(context, document, style);
  const spec = descriptionTable(
    columnsAcross(LEFT, RIGHT, [
      ['number', 'No.', 26, 'left'],
      ['description', 'Description of Work', 258, 'left'],
      ['quantity', 'Qty.', 52, 'right'],
      ['material', 'Materials', 56, 'right'],
      ['labor', 'Labor', 56, 'right'],
      ['total', 'Amount', 'rest', 'right'],
    ]),
    body,
    bold,
    {
      headerRules: 'above-below',
      lineHeight: 12,
      rowGap: 3,
      padding: 3,
      rowRules: 0.75,
      heading: {
        height: 17,
        draw: (target, text, top) => {
          target.text(text, LEFT + 3, top + 13, bold);
          target.rule(LEFT + 3, LEFT + 3 + target.textWidth(text, bold), top + 14.5, 0.6);
        },
      },
      continued: (text) => `${text}, continued`,
    },
  );
  writeTable(sheet, spec, itemRows(document));
  totals(context, document, style);
  closing(context, document);
  sheet.decorate((index, count) => {
    if (count > 1) sheet.text(`${parties.borrower} - page ${index + 1} of ${count}`, RIGHT, 760, { ...body, size: 8.5 }, 'right');
  });
  return sheet.save();
}

/** One to three alternates in whole dollars, adds positive and deducts negative. */
function alternates(random: Random): RecapLine[] {
  const adds = random.sample(ADDS, random.int(1, 2)).map((text) => ({ text: `ADD: ${text}`, amount: random.int(8, 90) * 2500 }));
  const deducts = random.chance(0.6) ? [{ text: `DEDUCT: ${random.pick(DEDUCTS)}`, amount: -random.int(6, 40) * 2500 }] : [];
  return [...adds, ...deducts].map((entry, index) => ({ label: `Alternate No. ${index + 1} - ${entry.text}`, amount: entry.amount }));
}

export const g67: SorFamily = {
  id: 'g67',
  name: 'typed bid in whole dollars: the quantity and its unit in one lower-case cell ("12 sf"), no cents or "$" in the table, credits in parentheses, room totals, and add and deduct alternates after the base bid',
  heldOut: false,
  items: [10, 38],
  dateStyle: 'long',
  printed: printedFields({ consultant: false, inspectionDate: false }),
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'room',
    contractorSelected: true,
    wholeDollars: true,
    credits: 0.5,
    heading: ({ room }) => room!.name,
    verbosity: 0.35,
    recap: {
      generalConditions: null,
      overheadAndProfit: random.chance(0.75) ? [10, 15, 20] : null,
      before: (inner) => permitFee(inner, 0.45, ['Building permit', 'Permit and inspection fees'], 700),
      after: (inner) => alternates(inner),
    },
  }),
  render,
};
