import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type RecapLine, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type Column, type TableRow, type TableSpec } from '../table.js';
import { TRADES, type Trade, type TradeId } from '../work-items.js';
import { amountInWords, dollarTotalRow, oneLine, permitFee, printedFields, streetLine, type TextContext } from './parts.js';

/**
 * g28: a homeowner/contractor agreement for a renovation loan with the itemized schedule of
 * work inside it, in Times. A numbered contract: the parties in the opening sentence (owner, contractor
 * with license and telephone, property, lender), the contract price in words and figures in Article 1
 * before any line item, then Article 2, the schedule: No. | Description of Work | Performed By | Amount,
 * where "Performed By" names the subcontractor of each trade (or the contractor itself). Trades as
 * headings ("C. Plumbing", "PLUMBING", "Trade 3: Plumbing"), items numbered "C-2" or on through the
 * schedule, sometimes a total per trade; the total of the work, overhead and profit or supervision,
 * permits and the CONTRACT PRICE close the schedule. Article 3, the payment schedule (draws with their
 * percentages and amounts, after the contract price), the remaining articles in two columns of small
 * type, and the signatures follow; every page has lines for both parties' initials.
 */

interface Style {
  lettered: boolean;
  tradeTotals: boolean;
  self: string;
  dollar: boolean;
}

const letter = (ordinal: number): string => String.fromCharCode(64 + ordinal);

const HEADINGS: Array<(ordinal: number, trade: Trade) => string> = [
  (ordinal, trade) => `${letter(ordinal)}. ${trade.name}`,
  (_ordinal, trade) => trade.name.toUpperCase(),
  (ordinal, trade) => `Trade ${ordinal}: ${trade.name}`,
];

const SUB_TRADES: Partial<Record<TradeId, string>> = {
  demolition: 'Demolition & Hauling', concrete: 'Concrete', masonry: 'Masonry', roofing: 'Roofing', finishes: 'Painting & Drywall',
  cabinets: 'Kitchen & Bath', plumbing: 'Plumbing', hvac: 'Heating & Cooling', electrical: 'Electric', site: 'Excavating',
};
const SUB_NAMES = ['Reliable', 'A-1', 'Precision', 'Metro', 'Hometown', 'Kowalski', 'Brothers', 'Apex', 'Dependable', 'Northside'];

const tradeOf = (heading: string): Trade =>
  TRADES.find((trade) => heading.toUpperCase().endsWith(trade.name.toUpperCase()))!;

const ARTICLES: Array<[string, string]> = [
  ['CHANGE ORDERS', 'No change in the work or the contract price is valid unless it is in writing, signed by the Owner and the Contractor and approved by the Lender before the work is done.'],
  ['PERMITS AND CODES', 'The Contractor shall obtain all permits and inspections and perform the work in accordance with all applicable codes and the Lender\'s property standards.'],
  ['TIME', 'Work shall begin within 30 days of loan closing and be substantially complete within the number of days stated in the Lender\'s rehabilitation loan agreement.'],
  ['HOLDBACK', 'The Lender will hold back ten percent of each draw until final inspection, receipt of final lien waivers and the certificate of occupancy, if one is required.'],
  ['LIEN WAIVERS', 'With each draw request the Contractor shall furnish conditional lien waivers from itself and from each subcontractor and supplier paid from the previous draw.'],
  ['INSURANCE', 'The Contractor shall carry general liability insurance and workers\' compensation as required by law and furnish certificates to the Owner and the Lender.'],
  ['WARRANTY', 'The Contractor warrants the work against defects in material and workmanship for one year from final completion; manufacturers\' warranties pass to the Owner.'],
  ['LENDER', 'The Lender is not a party to this Agreement and makes no warranty of the work; its inspections are for its own protection only.'],
];

const LEFT = 60;
const RIGHT = 552;

/** A paragraph with a bold lead-in ("1. CONTRACT PRICE.") on its first line, moved to the next page line by line. */
function article(context: TextContext, lead: string, text: string): void {
  const { sheet, body, bold, lineHeight } = context;
  const words = [lead, ...text.split(' ')];
  const lines = sheet.wrapWords(words, RIGHT - LEFT, body);
  lines.forEach((line, index) => {
    sheet.ensure(lineHeight);
    const baseline = sheet.y + body.size;
    if (index === 0) {
      sheet.text(lead, LEFT, baseline, bold);
      sheet.text(line.slice(lead.length).trimStart(), LEFT + sheet.textWidth(`${lead} `, bold), baseline, body);
    } else {
      sheet.text(line, LEFT, baseline, body);
    }
    sheet.y += lineHeight;
  });
  sheet.y += 5;
}

function schedule(context: TextContext, document: SorDocument, style: Style, random: Random): void {
  const { sheet, fonts } = context;
  const { recap } = document;
  const amount = (cents: number) => money(cents, { dollar: style.dollar });
  const columns: Column[] = [
    { key: 'number', header: ['No.'], x: LEFT, width: 30, align: 'left' },
    { key: 'description', header: ['Description of Work'], x: LEFT + 30, width: 282, align: 'left' },
    { key: 'by', header: ['Performed By'], x: LEFT + 312, width: 110, align: 'left' },
    { key: 'total', header: ['Amount'], x: LEFT + 422, width: RIGHT - LEFT - 422, align: 'right' },
  ];
  const body: TextStyle = { font: fonts.regular, size: 9 };
  const spec: TableSpec = {
    columns,
    wrapKey: 'description',
    body,
    bold: { font: fonts.bold, size: 9 },
    header: { font: fonts.bold, size: 9 },
    lineHeight: 10.8,
    rowGap: 3,
    padding: 3,
    headerRules: 'above-below',
    heading: { height: 17, draw: (target, text, top) => target.text(text, LEFT + 3, top + 12.5, { font: fonts.bold, size: 9.5 }) },
    continued: (heading) => `${heading} (cont'd)`,
  };
  const rows: TableRow[] = [];
  let running = 0;
  document.sections.forEach((section) => {
    const trade = tradeOf(section.heading);
    const sub = SUB_TRADES[trade.id];
    const by = sub && random.chance(0.6) ? `${random.pick(SUB_NAMES)} ${sub}` : style.self;
    rows.push({ kind: 'heading', text: section.heading });
    section.items.forEach((item, index) => {
      running += 1;
      const number = style.lettered ? `${section.heading[0]}-${index + 1}` : `${running}.`;
      rows.push({ kind: 'item', cells: { number, description: item.description, by, total: amount(item.total) } });
    });
    if (style.tradeTotals) rows.push(dollarTotalRow(`Total ${trade.name}`, sectionTotal(section), true));
  });
  rows.push(
    { kind: 'space', height: 4 },
    dollarTotalRow('Total of the work', recap.subtotal, true),
    ...(recap.generalConditions ? [dollarTotalRow(`Supervision and general conditions (${percentText(recap.generalConditions.rate)})`, recap.generalConditions.amount)] : []),
    ...(recap.overhead ? [dollarTotalRow(`Contractor's overhead and profit (${percentText(recap.overhead.rate)})`, recap.overhead.amount)] : []),
    ...recap.before.map((line) => dollarTotalRow(line.label, line.amount)),
    dollarTotalRow('CONTRACT PRICE', recap.grandTotal, true),
  );
  writeTable(sheet, spec, rows);
  sheet.y += 10;
}

function payments(context: TextContext, document: SorDocument): void {
  const { sheet, body } = context;
  const draws = document.recap.after;
  article(context, '3. PAYMENT SCHEDULE.', 'The contract price is paid from the Lender\'s rehabilitation escrow in draws, each after the Lender\'s inspection of the completed work:');
  for (const draw of draws) {
    sheet.ensure(context.lineHeight);
    sheet.text(draw.label, LEFT + 18, sheet.y + body.size, body);
    sheet.text(money(draw.amount, { dollar: true }), 420, sheet.y + body.size, body, 'right');
    sheet.y += context.lineHeight;
  }
  sheet.y += 6;
}

/** Articles 4 on in two columns of small type, split where the columns come out level. */
function finePrint(context: TextContext): void {
  const { sheet, fonts } = context;
  const small: TextStyle = { font: fonts.regular, size: 7.2 };
  const lead: TextStyle = { font: fonts.bold, size: 7.2 };
  const leading = 8.6;
  const width = (RIGHT - LEFT - 18) / 2;
  const blocks = ARTICLES.map(([title, text], index) => sheet.wrapWords([`${index + 4}. ${title}.`, ...text.split(' ')], width, small));
  const total = blocks.reduce((sum, lines) => sum + lines.length + 0.5, 0);
  let split = 0;
  for (let used = 0; split < blocks.length && used + blocks[split].length / 2 < total / 2; split += 1) used += blocks[split].length + 0.5;
  const height = Math.max(...[blocks.slice(0, split), blocks.slice(split)].map((column) => column.reduce((sum, lines) => sum + (lines.length + 0.5) * leading, 0)));
  sheet.ensure(height + 4);
  const top = sheet.y;
  [blocks.slice(0, split), blocks.slice(split)].forEach((column, columnIndex) => {
    let y = top;
    const x = LEFT + columnIndex * (width + 18);
    for (const lines of column) {
      lines.forEach((line, index) => {
        const title = index === 0 ? line.match(/^\d+\. [A-Z' ]+\./)?.[0] ?? '' : '';
        sheet.text(title, x, y + small.size, lead);
        sheet.text(line.slice(title.length).trimStart(), x + (title ? sheet.textWidth(`${title} `, lead) : 0), y + small.size, small);
        y += leading;
      });
      y += leading / 2;
    }
  });
  sheet.y = top + height + 8;
}

function signatures(context: TextContext, document: SorDocument): void {
  const { sheet, body } = context;
  const { parties } = document;
  const owners = parties.borrower.split(/ and | & /);
  const gap = 26;
  sheet.ensure(18 + gap * Math.max(owners.length, 2));
  const small: TextStyle = { ...body, size: 8 };
  const top = sheet.y + 18;
  owners.forEach((owner, index) => {
    sheet.rule(LEFT, LEFT + 220, top + index * gap, 0.5);
    sheet.text(`Owner: ${owner}`, LEFT, top + index * gap + 9, small);
    sheet.text('Date', LEFT + 220, top + index * gap + 9, small, 'right');
  });
  sheet.rule(320, RIGHT, top, 0.5);
  sheet.text(`Contractor: ${parties.contractor!.name}`, 320, top + 9, small);
  sheet.text('Date', RIGHT, top + 9, small, 'right');
  sheet.rule(320, RIGHT, top + gap, 0.5);
  sheet.text('By (name and title)', 320, top + gap + 9, small);
  sheet.y = top + gap * Math.max(owners.length, 2);
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g28-render');
  const { parties, recap } = document;
  const contractor = parties.contractor!;
  const style: Style = { lettered: /^[A-Z]\. /.test(document.sections[0].heading), tradeTotals: random.chance(0.5), self: random.pick(['Contractor', 'Own forces', 'GC']), dollar: random.chance(0.5) };
  const agreementNo = `HCA-${random.int(1000, 9999)}`;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 60, bottom: 62, left: LEFT, right: 612 - RIGHT }, title: 'Homeowner Contractor Agreement', producer: 'Microsoft Word', date: parties.reportDate });
  const fonts = await sheet.fonts('Times');
  const context: TextContext = { sheet, fonts, body: { font: fonts.regular, size: 9.5 }, bold: { font: fonts.bold, size: 9.5 }, lineHeight: 11.8 };
  const small: TextStyle = { font: fonts.italic, size: 8, gray: 0.2 };
  sheet.onPageStart = (current) => {
    if (current.pages.length === 1) return;
    current.text(`Homeowner/Contractor Agreement ${agreementNo}  –  ${streetLine(parties.property)}`, LEFT, 42, small);
    current.rule(LEFT, RIGHT, 47, 0.4, 0.4);
  };
  sheet.addPage();
  sheet.text('HOMEOWNER / CONTRACTOR AGREEMENT', 306, 62, { font: fonts.bold, size: 14 }, 'center');
  sheet.text('Renovation Loan  ·  Rehabilitation Work', 306, 75, { font: fonts.italic, size: 10 }, 'center');
  sheet.text(`Agreement No. ${agreementNo}`, RIGHT, 90, { ...context.body, size: 8.5 }, 'right');
  sheet.y = 98;
  article(
    context,
    'THIS AGREEMENT',
    `is made on ${formatDate(parties.reportDate, 'long')} between ${parties.borrower} (the "Owner") and ${contractor.name}, license no. ${contractor.license}, ` +
      `telephone ${contractor.phone} (the "Contractor"), for the renovation of the property at ${oneLine(parties.property)} (the "Property"), ` +
      `financed by ${parties.lender} (the "Lender") under its renovation loan program.`,
  );
  article(
    context,
    '1. CONTRACT PRICE.',
    `The Owner shall pay the Contractor the sum of ${amountInWords(recap.grandTotal)} (${money(recap.grandTotal, { dollar: true })}) for the work in the ` +
      'Schedule of Work in Article 2, subject to additions and deductions by change order under Article 4.',
  );
  article(context, '2. SCHEDULE OF WORK.', 'The Contractor shall furnish all labor, material, equipment and supervision for the following work:');
  schedule(context, document, style, random.child('subs'));
  payments(context, document);
  finePrint(context);
  signatures(context, document);
  sheet.decorate((index, count) => {
    sheet.text(`Page ${index + 1} of ${count}`, 306, 752, { ...context.body, size: 8 }, 'center');
    sheet.text("Owner's initials ______   Contractor's initials ______", RIGHT, 752, { ...context.body, size: 8 }, 'right');
  });
  return sheet.save();
}

function drawSchedule(random: Random, grandTotal: number): RecapLine[] {
  const plans: Array<Array<[string, number]>> = [
    [['Draw 1 – demolition and rough-in inspections passed', 30], ['Draw 2 – drywall, windows and roofing complete', 30], ['Draw 3 – finishes, fixtures and appliances set', 30], ['Final draw – final inspection and lien waivers', 10]],
    [['First draw – 35% of work in place', 35], ['Second draw – 70% of work in place', 35], ['Final draw – completion and final inspection', 30]],
    [['Draw 1 – rough-ins complete', 25], ['Draw 2 – close-in complete', 25], ['Draw 3 – trim-out complete', 25], ['Draw 4 – punch list complete', 15], ['Final draw – releases and final inspection', 10]],
  ];
  const plan = random.pick(plans);
  const amounts = plan.map(([, rate]) => Math.round((grandTotal * rate) / 100));
  amounts[amounts.length - 1] += grandTotal - amounts.reduce((sum, value) => sum + value, 0);
  return plan.map(([label, rate], index) => ({ label: `${label} (${rate}%)`, amount: amounts[index] }));
}

export const g28: SorFamily = {
  id: 'g28',
  name: 'homeowner/contractor agreement with the schedule of work inside it',
  heldOut: false,
  items: [8, 32],
  dateStyle: 'long',
  printed: printedFields({ quantity: false, unit: false, materialLabor: 'none', consultant: false, inspectionDate: false }),
  spec: (random, itemCount) => {
    const heading = random.pick(HEADINGS);
    const supervision = random.chance(0.35);
    return {
      itemCount,
      grouping: 'trade',
      contractorSelected: true,
      heading: ({ ordinal, trade }) => heading(ordinal, trade!),
      verbosity: 0.3,
      wholeDollars: random.chance(0.6),
      recap: {
        generalConditions: supervision ? [4, 5, 6] : null,
        overheadAndProfit: random.chance(0.7) ? [10, 12, 15] : null,
        before: (feeRandom) => permitFee(feeRandom, 0.6, 'Permits and inspection fees', 1000),
        after: drawSchedule,
      },
    };
  },
  render,
};
