import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import type { LineItem, SorDocument } from '../model.js';
import { Random } from '../random.js';
import { cityLine, flowLines, permitFee, pickEach, printedFields, streetLine, type TextContext } from './parts.js';

/**
 * g56: a contractor's proposal typed in Courier, as from a typewriter template: letterhead, "SUBMITTED TO"
 * and the job facts side by side, a sentence naming the consultant's write-up and its inspection date. The
 * columns ITEM | DESCRIPTION | QTY | UNIT | UNIT PRICE | AMOUNT are headed on the first page only; items are
 * numbered through the whole proposal, trades are underlined capitals, and a credit is written with CR after
 * the amount ("450.00 CR"). Every page ends with the total of its items (PAGE 2 TOTAL); after the last page
 * total a RECAPITULATION lists the page totals, their sum, overhead and profit on two lines sometimes, a
 * permit sometimes and the TOTAL BID PRICE, with dot leaders; then the signature and acceptance lines.
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    title: ['P R O P O S A L', 'PROPOSAL AND CONTRACT', 'BID PROPOSAL'],
    totalLabel: ['TOTAL BID PRICE', 'TOTAL PROPOSAL PRICE', 'TOTAL CONTRACT PRICE'],
  });

type Style = ReturnType<typeof chooseStyle>;

/** The typewriter's tab stops: left edges of the text columns; quantity, unit price and amount are right-aligned at their ends. */
const X = { number: 54, description: 84, quantityEnd: 354, unit: 364, priceEnd: 470, amountEnd: 558 };
const LEFT = X.number;
const RIGHT = X.amountEnd;
const LINE = 11;
/** Room kept at the foot of every page for its page total. */
const FOOT = 30;
const DESCRIPTION_WIDTH = 228;

/** A credit as typed bids write it: "450.00 CR". */
const typed = (cents: number): string => (cents < 0 ? `${money(-cents)} CR` : money(cents));

/** A label filled out to `width` characters with dots, then the amount right-aligned: Courier keeps them in line. */
const leader = (label: string, width: number): string => `${label} `.padEnd(width, '.');

interface Pages {
  context: TextContext;
  style: Style;
  /** The total of the items on each page so far, the current page last. */
  totals: number[];
}

function letterhead(pages: Pages, document: SorDocument): void {
  const { sheet, body, bold } = pages.context;
  const { parties } = document;
  const contractor = parties.contractor!;
  const middle = (LEFT + RIGHT) / 2;
  sheet.text(contractor.name.toUpperCase(), middle, 60, { ...bold, size: 12 }, 'center');
  sheet.text(`${streetLine(contractor.address)}, ${cityLine(contractor.address)}`, middle, 72, body, 'center');
  sheet.text(`TEL. ${contractor.phone}     LIC. NO. ${contractor.license}`, middle, 83, body, 'center');
  sheet.text(pages.style.title, middle, 106, { ...bold, size: 11 }, 'center');
  const left = ['SUBMITTED TO:', parties.borrower, streetLine(parties.property), cityLine(parties.property)];
  const right = [`DATE:   ${formatDate(parties.reportDate, 'us')}`, `JOB:    ${streetLine(parties.property)}`, `LENDER: ${parties.lender}`];
  left.forEach((text, index) => sheet.text(text, LEFT, 128 + index * LINE, index === 0 ? bold : body));
  right.forEach((text, index) => sheet.text(text, 318, 128 + index * LINE, body));
  sheet.y = 128 + 4 * LINE;
  flowLines(
    pages.context,
    [`We propose to furnish all material and labor to complete the following work per the work write-up of ${parties.consultant}, ${parties.consultantCompany}, from the inspection of ${formatDate(parties.inspectionDate, 'long')}:`, ''],
    LEFT,
    RIGHT - LEFT,
  );
  const header: Array<[string, number, 'left' | 'right']> = [['ITEM', X.number, 'left'], ['DESCRIPTION', X.description, 'left'], ['QTY', X.quantityEnd, 'right'], ['UNIT', X.unit, 'left'], ['UNIT PRICE', X.priceEnd, 'right'], ['AMOUNT', X.amountEnd, 'right']];
  for (const [text, x, align] of header) sheet.text(text, x, sheet.y + 8, bold, align);
  sheet.rule(LEFT, RIGHT, sheet.y + 11, 0.6);
  sheet.y += 18;
}

/** The total of the current page's items with its baseline at `y`. */
function pageTotal(pages: Pages, y: number): void {
  const { sheet, bold } = pages.context;
  const number = pages.totals.length;
  sheet.text('-------------', X.amountEnd, y - 9, bold, 'right');
  sheet.text(`PAGE ${number} TOTAL`, X.description, y, bold);
  sheet.text(typed(pages.totals[number - 1]), X.amountEnd, y, bold, 'right');
}

/** Ends the page with its total when `height` more points do not fit above the foot; the next page is headed "(CONT'D)" under `heading`. */
function makeRoom(pages: Pages, height: number, heading: string | null, document: SorDocument): void {
  const { sheet } = pages.context;
  if (sheet.y + height <= sheet.bottom - FOOT) return;
  pageTotal(pages, sheet.bottom - FOOT + 14);
  newPage(pages, document);
  pages.totals.push(0);
  if (heading) headingLine(pages, `${heading} (CONT'D)`);
}

/** A page headed with the owner, the job and the page number. */
function newPage(pages: Pages, document: SorDocument): void {
  const { sheet, body } = pages.context;
  sheet.addPage();
  sheet.text(`${document.parties.borrower} - ${streetLine(document.parties.property)}`, LEFT, sheet.y, { ...body, size: 8 });
  sheet.text(`Page ${sheet.pages.length}`, RIGHT, sheet.y, { ...body, size: 8 }, 'right');
  sheet.y += 14;
}

function headingLine(pages: Pages, text: string): void {
  const { sheet, bold } = pages.context;
  sheet.text(text, X.description, sheet.y + 9, bold);
  sheet.rule(X.description, X.description + sheet.textWidth(text, bold), sheet.y + 11, 0.5);
  sheet.y += LINE + 4;
}

function itemLines(pages: Pages, item: LineItem): string[] {
  return pages.context.sheet.wrap(item.description, DESCRIPTION_WIDTH, pages.context.body);
}

function items(pages: Pages, document: SorDocument): void {
  const { sheet, body } = pages.context;
  let number = 0;
  for (const section of document.sections) {
    makeRoom(pages, LINE + 4 + itemLines(pages, section.items[0]).length * LINE, null, document);
    headingLine(pages, section.heading);
    for (const item of section.items) {
      const lines = itemLines(pages, item);
      makeRoom(pages, lines.length * LINE + 3, section.heading, document);
      number += 1;
      const baseline = sheet.y + 9;
      sheet.text(`${number}.`, X.number, baseline, body);
      lines.forEach((line, index) => sheet.text(line, X.description, baseline + index * LINE, body));
      sheet.text(quantityText(item.quantity), X.quantityEnd, baseline, body, 'right');
      sheet.text(item.unit, X.unit, baseline, body);
      sheet.text(typed(item.materialRate + item.laborRate), X.priceEnd, baseline, body, 'right');
      sheet.text(typed(item.total), X.amountEnd, baseline, body, 'right');
      pages.totals[pages.totals.length - 1] += item.total;
      sheet.y += lines.length * LINE + 3;
    }
    sheet.y += 5;
  }
  pageTotal(pages, sheet.y + 12);
  sheet.y += 18;
}

function recapitulation(pages: Pages, document: SorDocument): void {
  const { sheet, body, bold } = pages.context;
  const { recap } = document;
  const lines: Array<[string, string, boolean]> = pages.totals.map((total, index) => [`Page ${index + 1}`, typed(total), false]);
  lines.push(['TOTAL ALL PAGES', typed(recap.subtotal), true]);
  if (recap.overhead) lines.push([`Overhead ${percentText(recap.overhead.rate)}`, typed(recap.overhead.amount), false]);
  if (recap.profit) lines.push([`Profit ${percentText(recap.profit.rate)}`, typed(recap.profit.amount), false]);
  for (const line of recap.before) lines.push([line.label, typed(line.amount), false]);
  lines.push([pages.style.totalLabel, `$${typed(recap.grandTotal)}`, true]);
  if (sheet.y + (lines.length + 2) * LINE + 110 > sheet.bottom) newPage(pages, document);
  sheet.text('RECAPITULATION', X.description, sheet.y + 9, bold);
  sheet.y += LINE + 6;
  for (const [label, amount, strong] of lines) {
    const style: TextStyle = strong ? bold : body;
    sheet.text(leader(label, 70), X.description, sheet.y + 9, style);
    sheet.text(amount, X.amountEnd, sheet.y + 9, style, 'right');
    sheet.y += LINE + (strong ? 3 : 0);
  }
  sheet.y += 18;
  sheet.text('Respectfully submitted,', LEFT, sheet.y, body);
  sheet.rule(LEFT, LEFT + 190, sheet.y + 26, 0.5);
  sheet.text(document.parties.contractor!.name, LEFT, sheet.y + 36, body);
  sheet.text('ACCEPTANCE: The above prices and specifications', 318, sheet.y, { ...body, size: 8 });
  sheet.text('are satisfactory and are hereby accepted.', 318, sheet.y + 9, { ...body, size: 8 });
  sheet.rule(318, RIGHT, sheet.y + 26, 0.5);
  sheet.text('Owner                     Date', 318, sheet.y + 36, body);
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g56-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 50, bottom: 44, left: LEFT, right: 612 - RIGHT }, title: `Proposal - ${parties.borrower}`, producer: 'TypeForm Classic', date: parties.reportDate });
  const fonts = await sheet.fonts('Courier');
  const body: TextStyle = { font: fonts.regular, size: 9 };
  const bold: TextStyle = { font: fonts.bold, size: 9 };
  const pages: Pages = { context: { sheet, fonts, body, bold, lineHeight: LINE }, style, totals: [0] };
  sheet.addPage();
  letterhead(pages, document);
  items(pages, document);
  recapitulation(pages, document);
  return sheet.save();
}

export const g56: SorFamily = {
  id: 'g56',
  name: 'typed proposal in Courier with a total at the foot of every page and a recapitulation of the page totals',
  heldOut: false,
  items: [10, 52],
  dateStyle: 'long',
  printed: printedFields({ materialLabor: 'none' }),
  spec: (random, itemCount) => {
    const markups = random.chance(0.7);
    return {
      itemCount,
      grouping: 'trade',
      contractorSelected: true,
      heading: ({ trade }) => trade!.name.toUpperCase(),
      verbosity: 0.3,
      credits: 0.25,
      recap: {
        generalConditions: null,
        overheadAndProfit: markups ? [8, 10, 12] : null,
        split: markups,
        before: (inner) => permitFee(inner, 0.3, ['Building permit', 'Permit fees'], 900),
      },
    };
  },
  render,
};
