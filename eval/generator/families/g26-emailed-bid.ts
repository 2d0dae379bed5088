import { addDays, emailFor, personName, phoneNumber, type CalendarDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type RecapLine, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type Column, type TableRow, type TableSpec } from '../table.js';
import { ROOMS } from '../work-items.js';
import { dollarTotalRow, flowLines, oneLine, permitFee, printedFields, sectionRows, type TextContext } from './parts.js';

/**
 * g26: a contractor's bid sent by e-mail and printed by the loan officer from a webmail
 * client: the browser's print header (date and time, page title) and footer (the message URL, "1/2")
 * on every page, the mail client's own header, then the thread. In one client the loan officer's
 * request comes first and the contractor's reply under it; in the other the reply is on top with the
 * request quoted below a "From: / Sent: / To: / Subject:" block. The lender is named only in the loan
 * officer's signature, the contractor (company, license, phone) only in the reply's signature under
 * the table, and the borrower and property in the prose. The bid is an HTML table pasted into the
 * reply: # | Description | Labor | Material | Total (labor and material in either order), trade or room
 * headings as merged rows (some with the heading's total on the row), and subtotal, overhead and
 * profit, permit and total as the table's last rows; the prose around it quotes other amounts (the
 * consultant's figure, the deposit).
 */

interface Style {
  client: 'gmail' | 'outlook';
  laborFirst: boolean;
  headingTotals: boolean;
  dollar: boolean;
  grandLabel: string;
  pageTitle: string;
}

function chooseStyle(random: Random): Style {
  return {
    client: random.pick(['gmail', 'outlook'] as const),
    laborFirst: random.chance(0.5),
    headingTotals: random.chance(0.4),
    dollar: random.chance(0.5),
    grandLabel: random.pick(['TOTAL', 'Total Bid', 'GRAND TOTAL']),
    pageTitle: random.pick(['RE: Itemized bid', 'RE: Bid for renovation', 'RE: 203k bid breakdown']),
  };
}

const LEFT = 54;
const RIGHT = 558;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

interface Sent {
  date: CalendarDate;
  hour: number;
  minute: number;
}

const weekday = (date: CalendarDate): string => WEEKDAYS[new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay()];
const clock = (sent: Sent): string => `${((sent.hour + 11) % 12) + 1}:${String(sent.minute).padStart(2, '0')} ${sent.hour < 12 ? 'AM' : 'PM'}`;
const gmailDate = (sent: Sent): string => `${weekday(sent.date).slice(0, 3)}, ${MONTHS[sent.date.month - 1].slice(0, 3)} ${sent.date.day}, ${sent.date.year} at ${clock(sent)}`;
const outlookDate = (sent: Sent): string => `${weekday(sent.date)}, ${MONTHS[sent.date.month - 1]} ${sent.date.day}, ${sent.date.year} ${clock(sent)}`;
const lenderDomain = (lender: string): string => `${lender.toLowerCase().replace(/,? (n\.a\.|corp\.|group)$/, '').replace(/[^a-z]/g, '').slice(0, 24)}.com`;

interface Person {
  name: string;
  email: string;
}

interface Thread {
  officer: Person;
  officerTitle: string;
  officerPhone: string;
  nmls: string;
  estimator: Person;
  request: Sent;
  reply: Sent;
  subject: string;
  consultantFigure: number;
}

function threadOf(document: SorDocument, style: Style, random: Random): Thread {
  const { parties } = document;
  const contractor = parties.contractor!;
  const officer = personName(random, false);
  const estimator = personName(random, false);
  const [first, last] = officer.toLowerCase().split(' ');
  const request = { date: addDays(parties.reportDate, -random.int(1, 4)), hour: random.int(8, 17), minute: random.int(0, 59) };
  return {
    officer: { name: officer, email: `${first}.${last.replace(/[^a-z]/g, '')}@${lenderDomain(parties.lender)}` },
    officerTitle: random.pick(['Renovation Loan Officer', 'Renovation Loan Processor', 'Construction Loan Coordinator']),
    officerPhone: phoneNumber(random, parties.property.areaCode),
    nmls: String(random.int(100000, 2499999)),
    estimator: { name: estimator, email: emailFor(estimator, contractor.name) },
    request,
    reply: { date: parties.reportDate, hour: random.int(7, 18), minute: random.int(0, 59) },
    subject: `${style.pageTitle} - ${parties.property.street}`,
    consultantFigure: Math.round((document.recap.grandTotal * random.float(0.82, 1.12)) / 10000) * 10000,
  };
}

const lines = (context: TextContext, texts: string[], style: TextStyle = context.body): void => flowLines(context, texts, LEFT, RIGHT - LEFT, style);

function gmailHeader(context: TextContext, from: Person, to: Person, sent: Sent): void {
  const { sheet, fonts, body } = context;
  sheet.ensure(40);
  sheet.rule(LEFT, RIGHT, sheet.y, 0.5, 0.7);
  sheet.y += 6;
  sheet.text(from.name, LEFT, sheet.y + 9, { font: fonts.bold, size: 9 });
  sheet.text(`<${from.email}>`, LEFT + sheet.textWidth(from.name, { font: fonts.bold, size: 9 }) + 4, sheet.y + 9, { ...body, gray: 0.35 });
  sheet.text(gmailDate(sent), RIGHT, sheet.y + 9, { ...body, size: 8 }, 'right');
  sheet.y += 12;
  sheet.text(`To: ${to.name} <${to.email}>`, LEFT, sheet.y + 8, { ...body, size: 8, gray: 0.35 });
  sheet.y += 18;
}

function outlookHeader(context: TextContext, rows: Array<[string, string]>, quoted: boolean): void {
  const { sheet, fonts, body } = context;
  sheet.ensure(rows.length * 11 + 12);
  if (quoted) sheet.rule(LEFT, RIGHT, sheet.y, 0.6, 0.5);
  sheet.y += quoted ? 6 : 0;
  for (const [label, value] of rows) {
    sheet.text(label, LEFT, sheet.y + 9, { font: fonts.bold, size: 9 });
    sheet.text(value, LEFT + 52, sheet.y + 9, body);
    sheet.y += 11;
  }
  sheet.y += 8;
}

function requestBody(context: TextContext, document: SorDocument, thread: Thread, groupWord: string): void {
  const { parties } = document;
  lines(context, [
    `Hi ${thread.estimator.name.split(' ')[0]},`,
    '',
    `We are processing the renovation loan for ${parties.borrower} on ${oneLine(parties.property)}. The consultant's write-up came in at ` +
      `${money(thread.consultantFigure, { dollar: true, whole: true })}. Before we can order the final approval, please send your bid broken out by ${groupWord}, ` +
      'with labor and material on each line, and your license number.',
    '',
    'Thank you,',
    '',
  ]);
  lines(context, [thread.officer.name], context.bold);
  lines(context, [thread.officerTitle, parties.lender, `NMLS #${thread.nmls}  |  Direct ${thread.officerPhone}`, thread.officer.email], { ...context.body, gray: 0.3 });
  context.sheet.y += 10;
}

function bidTable(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, fonts } = context;
  const { recap } = document;
  const amount = (cents: number) => money(cents, { dollar: style.dollar });
  const [first, second] = style.laborFirst ? (['labor', 'material'] as const) : (['material', 'labor'] as const);
  const names = { labor: 'Labor', material: 'Material' };
  const columns: Column[] = [
    { key: 'number', header: ['#'], x: LEFT, width: 22, align: 'center' },
    { key: 'description', header: ['Description'], x: LEFT + 22, width: 272, align: 'left' },
    { key: first, header: [names[first]], x: LEFT + 294, width: 70, align: 'right' },
    { key: second, header: [names[second]], x: LEFT + 364, width: 70, align: 'right' },
    { key: 'total', header: ['Total'], x: LEFT + 434, width: RIGHT - LEFT - 434, align: 'right' },
  ];
  const totals = new Map(document.sections.map((section) => [section.heading, sectionTotal(section)]));
  const headingStyle: TextStyle = { font: fonts.bold, size: 8.5 };
  const spec: TableSpec = {
    columns,
    wrapKey: 'description',
    body: { font: fonts.regular, size: 8.5 },
    bold: { font: fonts.bold, size: 8.5 },
    header: { font: fonts.bold, size: 8.5 },
    lineHeight: 10.5,
    rowGap: 4,
    padding: 4,
    headerBand: 0.9,
    grid: true,
    mergedHeadings: true,
    heading: {
      height: 15,
      draw: (target, text, top) => {
        target.box(LEFT, top, RIGHT - LEFT, 15, { fill: 0.95 });
        target.text(text, LEFT + 26, top + 10.5, headingStyle);
        const total = totals.get(text);
        if (style.headingTotals && total !== undefined) target.text(amount(total), RIGHT - 4, top + 10.5, headingStyle, 'right');
      },
    },
  };
  let number = 0;
  const rows: TableRow[] = sectionRows(document.sections, (section) =>
    section.items.map((item) => {
      number += 1;
      return { kind: 'item' as const, cells: { number: String(number), description: item.description, labor: amount(item.labor), material: amount(item.material), total: amount(item.total) } };
    }),
  );
  rows.push(
    dollarTotalRow('Subtotal', recap.subtotal),
    ...(recap.overhead ? [dollarTotalRow(`Overhead & profit (${percentText(recap.overhead.rate)})`, recap.overhead.amount)] : []),
    ...recap.before.map((line) => dollarTotalRow(line.label, line.amount)),
    dollarTotalRow(style.grandLabel, recap.grandTotal),
  );
  writeTable(sheet, spec, rows);
  sheet.y += 12;
}

function replyBody(context: TextContext, document: SorDocument, style: Style, thread: Thread): void {
  const { parties, recap } = document;
  const contractor = parties.contractor!;
  lines(context, [
    `${thread.officer.name.split(' ')[0]},`,
    '',
    `Below is our itemized bid for ${parties.borrower} at ${oneLine(parties.property)}. Prices include all labor, material and disposal; ` +
      'anything not listed is excluded. Let me know if the consultant needs anything else.',
    '',
  ]);
  bidTable(context, document, style);
  const deposit = recap.after[0];
  lines(context, [
    `Total for the project is ${money(recap.grandTotal, { dollar: true })}. We ask for a deposit of ${money(deposit.amount, { dollar: true })} at signing, the balance in draws as the lender releases them.`,
    '',
    'Thanks,',
    '',
  ]);
  lines(context, [thread.estimator.name], context.bold);
  lines(context, [contractor.name, `License # ${contractor.license}`, `Office ${contractor.phone}`, thread.estimator.email], { ...context.body, gray: 0.3 });
  context.sheet.y += 10;
}

function thread(context: TextContext, document: SorDocument, style: Style, data: Thread): void {
  const { sheet, fonts } = context;
  const byRoom = document.sections.some((section) => ROOMS.some((room) => room.name.toUpperCase() === section.heading.toUpperCase()));
  const groupWord = byRoom ? 'room' : 'trade';
  if (style.client === 'gmail') {
    sheet.text('Gmail', LEFT, sheet.y + 14, { font: fonts.bold, size: 15, gray: 0.4 });
    sheet.text(`${data.officer.name} <${data.officer.email}>`, RIGHT, sheet.y + 12, { ...context.body, size: 8 }, 'right');
    sheet.y += 24;
    sheet.rule(LEFT, RIGHT, sheet.y, 1.2, 0.6);
    sheet.y += 14;
    sheet.text(data.subject, LEFT, sheet.y + 12, { font: fonts.bold, size: 13 });
    sheet.y += 18;
    sheet.text('2 messages', LEFT, sheet.y + 8, { ...context.body, size: 8, gray: 0.4 });
    sheet.y += 16;
    gmailHeader(context, data.officer, data.estimator, data.request);
    requestBody(context, document, data, groupWord);
    gmailHeader(context, data.estimator, data.officer, data.reply);
    replyBody(context, document, style, data);
    return;
  }
  sheet.text(data.subject, LEFT, sheet.y + 12, { font: fonts.bold, size: 12 });
  sheet.y += 20;
  outlookHeader(context, [['From:', `${data.estimator.name} <${data.estimator.email}>`], ['Sent:', outlookDate(data.reply)], ['To:', `${data.officer.name} <${data.officer.email}>`], ['Subject:', data.subject]], false);
  replyBody(context, document, style, data);
  outlookHeader(
    context,
    [['From:', `${data.officer.name} <${data.officer.email}>`], ['Sent:', outlookDate(data.request)], ['To:', `${data.estimator.name} <${data.estimator.email}>`], ['Subject:', data.subject.replace(/^RE: /, '')]],
    true,
  );
  requestBody(context, document, data, groupWord);
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g26-render');
  const style = chooseStyle(random.child('style'));
  const data = threadOf(document, style, random.child('thread'));
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 44, bottom: 46, left: LEFT, right: 612 - RIGHT }, title: data.subject, producer: 'Skia/PDF m122', date: document.parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const context: TextContext = { sheet, fonts, body: { font: fonts.regular, size: 9 }, bold: { font: fonts.bold, size: 9 }, lineHeight: 11.5 };
  sheet.addPage();
  thread(context, document, style, data);
  const printed = { date: addDays(data.reply.date, random.int(0, 2)), hour: random.int(8, 17), minute: random.int(0, 59) };
  const stamp = `${printed.date.month}/${printed.date.day}/${String(printed.date.year).slice(2)}, ${clock(printed)}`;
  const title = style.client === 'gmail' ? `Gmail - ${data.subject}` : `Mail - ${data.officer.name} - Outlook`;
  const url = style.client === 'gmail'
    ? `https://mail.google.com/mail/u/0/?ik=${random.int(100000, 999999).toString(16)}&view=pt&search=all&permthid=thread-f:17${random.int(10000000, 99999999)}`
    : `https://outlook.office.com/mail/inbox/id/AAQkAD${random.int(100000, 999999).toString(36).toUpperCase()}`;
  sheet.decorate((index, count) => {
    const small: TextStyle = { font: fonts.regular, size: 7 };
    sheet.text(stamp, 24, 22, small);
    sheet.text(title, 306, 22, small, 'center');
    sheet.text(url, 24, 776, small);
    sheet.text(`${index + 1}/${count}`, 588, 776, small, 'right');
  });
  return sheet.save();
}

function deposit(random: Random, grandTotal: number): RecapLine[] {
  const rate = random.pick([10, 15, 20]);
  return [{ label: `Deposit at signing (${rate}%)`, amount: Math.round((grandTotal * rate) / 10000) * 100 }];
}

export const g26: SorFamily = {
  id: 'g26',
  name: 'bid in an e-mail thread printed from a webmail client',
  heldOut: false,
  items: [6, 30],
  dateStyle: 'long',
  printed: printedFields({ quantity: false, unit: false, consultant: false, inspectionDate: false }),
  spec: (random, itemCount) => {
    const byRoom = random.chance(0.5);
    const upper = random.chance(0.5);
    return {
      itemCount,
      grouping: byRoom ? 'room' : 'trade',
      contractorSelected: true,
      heading: ({ trade, room }) => {
        const name = byRoom ? room!.name : trade!.name;
        return upper ? name.toUpperCase() : name;
      },
      verbosity: 0.25,
      wholeDollars: random.chance(0.5),
      recap: {
        generalConditions: null,
        overheadAndProfit: random.chance(0.6) ? [10, 12, 15] : null,
        before: (feeRandom) => permitFee(feeRandom, 0.5, ['Permit', 'Building permit allowance'], 750),
        after: deposit,
      },
    };
  },
  render,
};
