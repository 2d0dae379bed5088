import { formatDate, type DateStyle } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, quantityText, Sheet, type FontFamily, type Fonts, type TextStyle } from '../layout.js';
import type { RecapLine, Section, SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type Column, type TableRow, type TableSpec } from '../table.js';
import { SCOPES, scopeById, type Scope, type ScopeId } from './g13-specialty-proposal.scopes.js';
import { cityLine, printedFields, recapLineRows, recapRows, sectionRows, streetLine } from './parts.js';

/**
 * g13: a specialty contractor's proposal for one trade (roofing, heating and cooling, or windows
 * and doors). Letterhead with the trade's tagline, "Submitted To" and "Job Location" boxes, then the
 * base bid: No. | Description | Qty | Unit | Amount (or "24 SQ" in one Quantity column), with one
 * to three scope headings, a Subtotal, sometimes a permit or disposal fee, and TOTAL BASE BID.
 * Priced alternates (add or deduct) follow the base bid and are no part of it, then exclusions,
 * unit prices for extra work, terms and an acceptance block. Whole-dollar prices, printed with or
 * without "$", cents and thousands separators.
 */

/** The scope a document was written for, from its headings. */
function scopeOf(document: SorDocument): Scope {
  const heading = document.sections[0].heading;
  return SCOPES.find((scope) => Object.values(scope.headings).some((options) => options.includes(heading)))!;
}

/** The sections in print order, the scope's headings in its order. */
function printedSections(document: SorDocument): Section[] {
  const scope = scopeOf(document);
  const rank = (section: Section) => scope.order.findIndex((trade) => scope.headings[trade]!.includes(section.heading));
  return [...document.sections].sort((a, b) => rank(a) - rank(b));
}

interface Style {
  font: FontFamily;
  size: number;
  amount: (cents: number) => string;
  recapAmount: (cents: number) => string;
  joinedQuantity: boolean;
  numbering: (index: number) => string;
  amountHeader: string;
  descriptionHeader: string;
  dateStyle: DateStyle;
  title: string;
  totalLabel: string;
  classicWording: boolean;
}

function chooseStyle(random: Random): Style {
  const dollar = random.chance(0.6);
  const cents = random.chance(0.5);
  const separators = random.chance(0.8);
  const format = (value: number, withDollar: boolean) => money(value, { dollar: withDollar, whole: !cents, separators });
  return {
    font: random.pick<FontFamily>(['Helvetica', 'Times', 'Helvetica']),
    size: random.pick([8.5, 9, 9.5]),
    amount: (value) => format(value, dollar),
    recapAmount: (value) => format(value, true),
    joinedQuantity: random.chance(0.4),
    numbering: random.pick([(index: number) => `${index}.`, (index: number) => String(index), (index: number) => `${index})`]),
    amountHeader: random.pick(['Amount', 'Price', 'Total']),
    descriptionHeader: random.pick(['Description', 'Scope of Work', 'Description of Work']),
    dateStyle: random.pick<DateStyle>(['long', 'us', 'short']),
    title: random.pick(['PROPOSAL', 'BID PROPOSAL', 'PROPOSAL & CONTRACT']),
    totalLabel: random.pick(['TOTAL BASE BID', 'BASE BID TOTAL', 'Total Base Proposal']),
    classicWording: random.chance(0.5),
  };
}

const LEFT = 54;
const RIGHT = 558;

function columns(style: Style): Column[] {
  if (style.joinedQuantity) {
    return [
      { key: 'number', header: ['No.'], x: LEFT, width: 26, align: 'left' },
      { key: 'description', header: [style.descriptionHeader], x: LEFT + 26, width: 316, align: 'left' },
      { key: 'quantity', header: ['Quantity'], x: LEFT + 342, width: 64, align: 'right' },
      { key: 'amount', header: [style.amountHeader], x: LEFT + 406, width: RIGHT - LEFT - 406, align: 'right' },
    ];
  }
  return [
    { key: 'number', header: ['No.'], x: LEFT, width: 26, align: 'left' },
    { key: 'description', header: [style.descriptionHeader], x: LEFT + 26, width: 296, align: 'left' },
    { key: 'quantity', header: ['Qty'], x: LEFT + 322, width: 44, align: 'right' },
    { key: 'unit', header: ['Unit'], x: LEFT + 366, width: 38, align: 'center' },
    { key: 'amount', header: [style.amountHeader], x: LEFT + 404, width: RIGHT - LEFT - 404, align: 'right' },
  ];
}

function letterhead(sheet: Sheet, document: SorDocument, scope: Scope, style: Style, fonts: Fonts, random: Random, proposalNo: string): void {
  const { parties } = document;
  const contractor = parties.contractor!;
  const body: TextStyle = { font: fonts.regular, size: 9 };
  sheet.text(contractor.name, LEFT, 62, { font: fonts.bold, size: 17 });
  sheet.text(random.pick(scope.taglines), LEFT, 76, { font: fonts.italic, size: 9.5, gray: 0.25 });
  sheet.text(`${streetLine(contractor.address)}, ${cityLine(contractor.address)}`, LEFT, 89, body);
  sheet.text(`Office ${contractor.phone}   ·   ${contractor.email}`, LEFT, 100, body);
  sheet.text(`License # ${contractor.license}   ·   Fully insured`, LEFT, 111, body);
  sheet.text(style.title, RIGHT, 66, { font: fonts.bold, size: 18 }, 'right');
  sheet.text(`Proposal No. ${proposalNo}`, RIGHT, 82, body, 'right');
  sheet.text(`Date: ${formatDate(parties.reportDate, style.dateStyle)}`, RIGHT, 93, body, 'right');
  sheet.text(`Valid for ${random.pick([30, 45, 60])} days`, RIGHT, 104, { ...body, gray: 0.3 }, 'right');
  sheet.rule(LEFT, RIGHT, 119, 1.4);

  const caption: TextStyle = { font: fonts.bold, size: 7.5, gray: 0.2 };
  const value: TextStyle = { font: fonts.regular, size: 9.5 };
  const boxes: Array<[string, number, number, string[]]> = [
    ['SUBMITTED TO', LEFT, 300, [parties.borrower, streetLine(parties.property), cityLine(parties.property)]],
    ['JOB NAME / LOCATION', 306, RIGHT, [random.pick(scope.jobNames), `${streetLine(parties.property)}, ${cityLine(parties.property)}`, `Lender: ${parties.lender} (FHA 203(k))`]],
  ];
  for (const [title, from, to, lines] of boxes) {
    sheet.box(from, 128, to - from, 58, { stroke: 0, thickness: 0.7 });
    sheet.box(from, 128, to - from, 11, { fill: 0.88 });
    sheet.text(title, from + 4, 136, caption);
    lines.forEach((line, index) => sheet.text(line, from + 5, 152 + index * 11.5, value));
  }
  sheet.y = 198;
  const intro = style.classicWording
    ? 'We hereby submit specifications and estimates for the following work:'
    : `${contractor.name} proposes to furnish all labor, materials, equipment and supervision for the work below (base bid).`;
  sheet.paragraph(intro, LEFT, RIGHT - LEFT, { font: fonts.regular, size: 9.5 }, 12);
  sheet.y += 4;
}

function tableSpec(style: Style, fonts: Fonts): TableSpec {
  const body: TextStyle = { font: fonts.regular, size: style.size };
  const bold: TextStyle = { font: fonts.bold, size: style.size };
  return {
    columns: columns(style),
    wrapKey: 'description',
    body,
    bold,
    header: { font: fonts.bold, size: style.size },
    lineHeight: style.size + 2.5,
    rowGap: 3,
    padding: 3,
    headerBand: 0.9,
    headerRules: 'above-below',
    rowRules: 0.8,
    heading: {
      height: 17,
      draw: (target, text, top) => {
        const headingStyle: TextStyle = { font: fonts.bold, size: style.size + 1 };
        target.text(text, LEFT + 3, top + 12.5, headingStyle);
        target.rule(LEFT + 3, LEFT + 3 + target.textWidth(text, headingStyle), top + 14.5, 0.5);
      },
    },
    continued: (heading) => `${heading} (continued)`,
  };
}

function baseBidRows(sections: Section[], style: Style): TableRow[] {
  let number = 0;
  return sectionRows(sections, (section) =>
    section.items.map((item) => {
      const quantity = quantityText(item.quantity);
      const cells: Record<string, string> = { number: style.numbering(++number), description: item.description, amount: style.amount(item.total) };
      if (style.joinedQuantity) cells.quantity = `${quantity} ${item.unit}`;
      else Object.assign(cells, { quantity, unit: item.unit });
      return { kind: 'item' as const, cells };
    }),
  );
}

function baseBidTotals(sheet: Sheet, document: SorDocument, style: Style, fonts: Fonts): void {
  const { recap } = document;
  const regular: TextStyle = { font: fonts.regular, size: style.size + 0.5 };
  const bold: TextStyle = { font: fonts.bold, size: style.size + 1.5 };
  sheet.ensure(40 + 14 * recap.before.length);
  sheet.y += 8;
  const rows = [
    { label: 'Subtotal', amount: style.amount(recap.subtotal) },
    ...recapLineRows(recap.before, style.amount),
    { label: style.totalLabel, amount: style.recapAmount(recap.grandTotal), bold: true, rule: true },
  ];
  const widest = Math.max(...rows.map((row) => sheet.textWidth(row.label, row.bold ? bold : regular)));
  const labelX = Math.min(330, RIGHT - 3 - 80 - widest);
  recapRows(sheet, rows, { labelX, amountRight: RIGHT - 3, ruleFrom: labelX, leading: 14, regular, bold });
  sheet.rule(labelX, RIGHT - 3, sheet.y - 1, 0.5);
  sheet.rule(labelX, RIGHT - 3, sheet.y + 1, 0.5);
  sheet.y += 6;
}

function alternates(sheet: Sheet, document: SorDocument, style: Style, fonts: Fonts): void {
  const lines = document.recap.after;
  const regular: TextStyle = { font: fonts.regular, size: style.size };
  sheet.ensure(30 + 13 * lines.length);
  sheet.y += 8;
  sheet.text('ALTERNATES (not included in the base bid; initial to accept)', LEFT, sheet.y + 10, { font: fonts.bold, size: style.size + 0.5 });
  sheet.y += 16;
  for (const line of lines) {
    const baseline = sheet.y + style.size;
    const alternate = line.label.startsWith('Alternate');
    const words = sheet.wrap(line.label, 290, regular);
    words.forEach((text, index) => sheet.text(text, LEFT + 8, baseline + index * (style.size + 2), alternate ? regular : { ...regular, font: fonts.italic }));
    if (alternate) {
      sheet.text('Initials ______', LEFT + 316, baseline, { ...regular, size: style.size - 1.5, gray: 0.35 });
      sheet.text(line.amount < 0 ? 'DEDUCT' : 'ADD', 440, baseline, { font: fonts.bold, size: style.size });
    }
    const amount = line.amount < 0 ? `(${style.recapAmount(-line.amount)})` : style.recapAmount(line.amount);
    sheet.text(amount, RIGHT - 3, baseline, regular, 'right');
    sheet.y += words.length * (style.size + 2) + 4;
  }
}

function bullets(sheet: Sheet, title: string, lines: string[], x: number, width: number, style: Style, fonts: Fonts): void {
  const small: TextStyle = { font: fonts.regular, size: style.size - 0.5 };
  sheet.text(title, x, sheet.y + 9, { font: fonts.bold, size: style.size + 0.5 });
  sheet.y += 13;
  for (const line of lines) {
    sheet.text('•', x + 4, sheet.y + small.size, small);
    sheet.paragraph(line, x + 13, width - 13, small, small.size + 2);
  }
}

function conditions(sheet: Sheet, document: SorDocument, scope: Scope, style: Style, fonts: Fonts, random: Random): void {
  const small: TextStyle = { font: fonts.regular, size: style.size - 0.5 };
  const exclusions = random.sample(scope.exclusions, random.int(3, 5));
  const prices = random.sample(scope.unitPrices, 2);
  sheet.ensure(30 + exclusions.length * 2 * (small.size + 2));
  sheet.y += 8;
  const top = sheet.y;
  bullets(sheet, 'EXCLUSIONS', exclusions, LEFT, 262, style, fonts);
  const left = sheet.y;
  sheet.y = top;
  bullets(sheet, 'UNIT PRICES FOR ADDITIONAL WORK', prices, 332, RIGHT - 332, style, fonts);
  sheet.y = Math.max(sheet.y, left) + 6;
  const payment = random.pick([
    'Payment through the lender’s 203(k) draw process: 50% at material delivery, balance on completion and final inspection.',
    'No deposit required. Payment in full upon completion from the renovation escrow account.',
    'One-third due at material delivery, balance due upon completion. Draws per lender schedule.',
  ]);
  sheet.ensure(30);
  sheet.paragraph(`Warranty: ${scope.warranty}  Payment: ${payment}`, LEFT, RIGHT - LEFT, small, small.size + 2.5);

  sheet.ensure(58);
  sheet.y += 6;
  const acceptance = style.classicWording
    ? 'ACCEPTANCE OF PROPOSAL – The above prices, specifications and conditions are satisfactory and are hereby accepted. You are authorized to do the work as specified. Payment will be made as outlined above.'
    : 'ACCEPTANCE – Owner accepts the base bid and any alternates initialed above. Work not described above is excluded.';
  sheet.paragraph(acceptance, LEFT, RIGHT - LEFT, { font: fonts.italic, size: style.size - 0.5 }, style.size + 2.5);
  sheet.y += 20;
  const line: TextStyle = { font: fonts.regular, size: style.size - 0.5 };
  sheet.rule(LEFT, LEFT + 200, sheet.y, 0.5);
  sheet.rule(LEFT + 220, LEFT + 300, sheet.y, 0.5);
  sheet.rule(332, RIGHT, sheet.y, 0.5);
  sheet.text('Owner signature', LEFT, sheet.y + 9, line);
  sheet.text('Date', LEFT + 220, sheet.y + 9, line);
  sheet.text(`For ${document.parties.contractor!.name}`, 332, sheet.y + 9, line);
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('render');
  const { parties } = document;
  const scope = scopeOf(document);
  const style = chooseStyle(random.child('style'));
  const proposalNo = `${scope.id === 'roofing' ? 'R' : scope.id === 'hvac' ? 'M' : 'W'}${random.int(2400, 9899)}`;
  const sheet = await Sheet.create({
    size: [612, 792],
    margins: { top: 54, bottom: 56, left: LEFT, right: 612 - RIGHT },
    title: `Proposal ${proposalNo}`,
    producer: random.pick(['Microsoft Word', 'JobNimbus', 'Google Docs']),
    date: parties.reportDate,
  });
  const fonts = await sheet.fonts(style.font);
  sheet.addPage();
  letterhead(sheet, document, scope, style, fonts, random, proposalNo);
  writeTable(sheet, tableSpec(style, fonts), baseBidRows(printedSections(document), style));
  baseBidTotals(sheet, document, style, fonts);
  alternates(sheet, document, style, fonts);
  conditions(sheet, document, scope, style, fonts, random);
  const small: TextStyle = { font: fonts.regular, size: 7.5, gray: 0.3 };
  sheet.decorate((index, count) => {
    if (count === 1) return;
    sheet.text(`Proposal ${proposalNo}  –  ${parties.borrower}`, LEFT, 764, small);
    sheet.text(`Page ${index + 1} of ${count}`, RIGHT, 764, small, 'right');
  });
  return sheet.save();
}

/** Alternates priced from the base bid, in whole $5; a deduct alternate is negative. Sometimes the total with the first one. */
function alternateLines(random: Random, scope: Scope, grandTotal: number): RecapLine[] {
  const chosen = random.sample(scope.alternates, random.int(2, 3));
  const lines = chosen.map((alternate, index) => {
    const amount = Math.max(500, Math.round((grandTotal * random.float(...alternate.share)) / 500) * 500);
    return { label: `Alternate No. ${index + 1}: ${alternate.text}`, amount: alternate.deduct ? -amount : amount };
  });
  if (random.chance(0.4)) lines.push({ label: 'Base bid with Alternate No. 1', amount: grandTotal + lines[0].amount });
  return lines;
}

export const g13: SorFamily = {
  id: 'g13',
  name: 'specialty contractor proposal with alternates',
  heldOut: false,
  items: [5, 10],
  dateStyle: 'long',
  printed: printedFields({ materialLabor: 'none', consultant: false, inspectionDate: false }),
  spec: (random, itemCount) => {
    const scope = scopeById(random.pick<ScopeId>(['roofing', 'hvac', 'windows']));
    const wording = random.int(0, 2);
    const fee = random.chance(0.6) ? random.pick(scope.fees) : null;
    // The second heading (chimney, water heater, trim capping) is in some proposals only.
    const second = random.chance(0.6);
    return {
      itemCount,
      grouping: 'trade',
      contractorSelected: true,
      wholeDollars: true,
      works: (work) => scope.works(work) && (second || work.trade === scope.order[0]),
      heading: ({ trade }) => scope.headings[trade!.id]![wording],
      verbosity: 0.45,
      recap: {
        generalConditions: null,
        overheadAndProfit: null,
        before: (feeRandom) => (fee ? [{ label: fee, amount: feeRandom.int(3, 18) * 2500 }] : []),
        after: (afterRandom, grandTotal) => alternateLines(afterRandom, scope, grandTotal),
      },
    };
  },
  render,
  printedSections,
};
