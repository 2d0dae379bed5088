import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import { cityLine, columnsAcross, contingencyReserve, flowLines, labelValueColumns, permitFee, pickEach, printedFields, streetLine, type Pair, type TextContext } from './parts.js';

/**
 * g96: a rehab specialist's work write-up typed in Times, portrait: the title centred, a job block in two columns and
 * numbered general notes across the page above the table. The column header (Item | Work Description | U/M | Quan. |
 * Labor | Matl. | Extended) is printed once, above the first rows only: the table runs on over the next pages
 * without it. Unit before quantity and labor before material; credits in angle brackets ("<450.00>"). Each trade is
 * an italic heading, its lines numbered through the document, and ends with a "<trade> subtotal" row. The recap is
 * a strip of boxes across the page, each label over its amount: COST OF WORK, GENERAL REQUIREMENTS sometimes,
 * OVERHEAD & PROFIT, PERMITS sometimes and CONTRACT TOTAL; the contingency reserve is a sentence under the strip.
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    title: ['WORK WRITE-UP', 'SPECIFICATION OF REPAIRS', 'REHABILITATION WORK WRITE-UP'],
    totalLabel: ['CONTRACT TOTAL', 'TOTAL REHAB COST'],
    size: [8.5, 9],
  });

type Style = ReturnType<typeof chooseStyle>;

const LEFT = 50;
const RIGHT = 562;

/** "1,234.50", a credit in angle brackets: "<450.00>". */
const bracketed = (cents: number): string => (cents < 0 ? `<${money(-cents)}>` : money(cents));

function rows(document: SorDocument): TableRow[] {
  let number = 0;
  return document.sections.flatMap((section): TableRow[] => [
    { kind: 'heading', text: section.heading },
    ...section.items.map((item): TableRow => {
      number += 1;
      return {
        kind: 'item',
        cells: {
          number: `${number}.`,
          description: item.description,
          unit: item.unit,
          quantity: quantityText(item.quantity),
          labor: bracketed(item.labor),
          material: bracketed(item.material),
          total: bracketed(item.total),
        },
      };
    }),
    { kind: 'total', label: `${section.heading} subtotal`, labelKey: 'description', cells: { total: bracketed(sectionTotal(section)) }, rule: true },
    { kind: 'space', height: 5 },
  ]);
}

function top(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { parties } = document;
  const contractor = parties.contractor!;
  sheet.text(style.title, 306, 58, { ...bold, size: 14 }, 'center');
  sheet.text(`${parties.consultantCompany}  ·  ${parties.consultant}, 203(k) Consultant  ·  ${parties.consultantPhone}`, 306, 72, body, 'center');
  sheet.rule(LEFT, RIGHT, 80, 0.8);
  const job: Pair[] = [
    ['Homeowner:', parties.borrower],
    ['Property:', streetLine(parties.property)],
    ['', cityLine(parties.property)],
    ['Lender:', parties.lender],
    ['FHA case no.:', parties.fhaCaseNumber],
  ];
  const work: Pair[] = [
    ['Contractor:', contractor.name],
    ['License:', contractor.license],
    ['Phone:', contractor.phone],
    ['Inspected:', formatDate(parties.inspectionDate, 'us')],
    ['Write-up date:', formatDate(parties.reportDate, 'us')],
  ];
  labelValueColumns(sheet, [[LEFT, 64, job], [320, 66, work]], 96, 11.5, bold, body);
  sheet.y = 160;
  sheet.text('GENERAL NOTES', LEFT, sheet.y, bold);
  sheet.y += 5;
  flowLines(
    context,
    [
      '1. All work shall be performed in a workmanlike manner and meet local code and HUD Minimum Property Standards.',
      '2. The contractor shall verify all quantities in the field; quantities are for bidding purposes only.',
      '3. Credits are shown in angle brackets and are deducted from the trade subtotal.',
      '',
    ],
    LEFT,
    RIGHT - LEFT,
  );
}

function recapStrip(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { recap: totals } = document;
  const cells: Array<[string, string]> = [['COST OF WORK', money(totals.subtotal)]];
  if (totals.generalConditions) cells.push([`GENERAL REQUIREMENTS ${percentText(totals.generalConditions.rate)}`, money(totals.generalConditions.amount)]);
  if (totals.overhead) cells.push([`OVERHEAD & PROFIT ${percentText(totals.overhead.rate)}`, money(totals.overhead.amount)]);
  for (const line of totals.before) cells.push([line.label.toUpperCase(), money(line.amount)]);
  cells.push([style.totalLabel, money(totals.grandTotal, { dollar: true })]);
  const label: TextStyle = { ...bold, size: bold.size - 1.5 };
  const width = (RIGHT - LEFT) / cells.length;
  sheet.ensure(90);
  sheet.y += 10;
  const at = sheet.y;
  cells.forEach(([text, amount], index) => {
    const x = LEFT + index * width;
    const last = index === cells.length - 1;
    sheet.box(x, at, width, 36, { fill: last ? 0.88 : undefined, stroke: 0, thickness: 0.7 });
    sheet.wrap(text, width - 6, label).forEach((line, row) => sheet.text(line, x + width / 2, at + 9 + row * 8, label, 'center'));
    sheet.text(amount, x + width / 2, at + 31, last ? { ...bold, size: bold.size + 1 } : body, 'center');
  });
  sheet.y = at + 48;
  for (const line of totals.after) sheet.text(`${line.label} to be held by the lender: ${money(line.amount)}`, LEFT, sheet.y, body);
  sheet.y += 30;
  sheet.text('Homeowner ______________________   Contractor ______________________   Consultant ______________________', LEFT, sheet.y, body);
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const style = chooseStyle(new Random(document.seed).child('g96-render'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 48, bottom: 56, left: LEFT, right: 612 - RIGHT }, title: `${style.title} ${parties.fileNumber}`, producer: 'Microsoft Word', date: parties.reportDate });
  const fonts = await sheet.fonts('Times');
  const body: TextStyle = { font: fonts.regular, size: style.size };
  const bold: TextStyle = { font: fonts.bold, size: style.size };
  const context: TextContext = { sheet, fonts, body, bold, lineHeight: style.size + 2.5 };
  sheet.addPage();
  top(context, document, style);
  writeTable(sheet, {
    columns: columnsAcross(LEFT, RIGHT, [
      ['number', 'Item', 28, 'left'],
      ['description', 'Work Description', RIGHT - LEFT - 28 - 30 - 40 - 3 * 64, 'left'],
      ['unit', 'U/M', 30, 'center'],
      ['quantity', 'Quan.', 40, 'right'],
      ['labor', 'Labor', 64, 'right'],
      ['material', 'Matl.', 64, 'right'],
      ['total', 'Extended', 'rest', 'right'],
    ]),
    wrapKey: 'description',
    body,
    bold,
    header: bold,
    headerRules: 'above-below',
    lineHeight: style.size + 2,
    rowGap: 2.5,
    padding: 3,
    headerOnce: true,
    heading: {
      height: style.size + 8,
      draw: (target, text, at) => target.text(text, LEFT + 3, at + style.size + 4, { font: fonts.italic, size: style.size + 1 }),
    },
  }, rows(document));
  recapStrip(context, document, style);
  sheet.decorate((index, count) => {
    sheet.text(`Page ${index + 1} of ${count}`, 306, 770, { ...body, size: 7.5 }, 'center');
    sheet.text('Initials: ______', RIGHT, 770, { ...body, size: 7.5 }, 'right');
  });
  return sheet.save();
}

export const g96: SorFamily = {
  id: 'g96',
  name: 'work write-up in Times whose column header is printed on the first page only (Item | Work Description | U/M | Quan. | Labor | Matl. | Extended), credits in angle brackets, italic trade headings and the recap as a strip of boxes across the page',
  heldOut: false,
  items: [14, 48],
  dateStyle: 'us',
  printed: printedFields(),
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'trade',
    contractorSelected: true,
    heading: ({ trade }) => trade!.name,
    verbosity: 0.35,
    credits: 0.2,
    recap: {
      generalConditions: random.chance(0.6) ? [5, 6, 8] : null,
      overheadAndProfit: [10, 12, 15],
      before: (inner) => permitFee(inner, 0.6, ['Permits', 'Permit fees'], 800),
      after: (inner, grandTotal) => [contingencyReserve(inner, grandTotal, [10, 15])],
    },
  }),
  render,
};
