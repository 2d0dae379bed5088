import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type RecapLine, type Section, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import { acceptedAlternatesLine, alternatesOf, type Alternate } from './g77-bid-with-add-alternates.alternates.js';
import { cityLine, columnsAcross, flowLines, permitFee, pickEach, printedFields, recapRows, streetLine, type RecapRow, type TextContext } from './parts.js';

/**
 * g77: a renovation contractor's bid with add alternates, portrait, in Times 8.5. The letterhead centred, then
 * two columns of text: at the left the owner, the property and the lender ("Submitted to"), at the right the
 * bid's number and date, the consultant and the inspection date; a paragraph of the bid's terms across the page
 * under them. The table: No. | Description of Work | Qty | Unit | Material | Labor | Base Bid | Alt. | Add
 * Alternate: the line's base price, material plus labor, and on some lines the number and price of an upgrade
 * the owner may add. Trades are italic headings, each closed by "<trade> subtotal" in the Base Bid column.
 * Under the table, a schedule of the alternates (number, line, upgrade, amount, Accepted or Declined with an X in
 * the box), then at the right the recap: base bid, overhead and profit sometimes, the accepted alternates' sum,
 * a contingency on the base bid sometimes, a permit fee sometimes and the CONTRACT SUM.
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    title: ['PROPOSAL - BASE BID AND ALTERNATES', 'BID PROPOSAL WITH ADD ALTERNATES', 'CONTRACTOR BID FORM'],
    totalLabel: ['CONTRACT SUM', 'TOTAL CONTRACT AMOUNT', 'ACCEPTED BID TOTAL'],
    baseLabel: ['Base bid', 'Total base bid', 'Base bid (lines 1 through {n})'],
  });

type Style = ReturnType<typeof chooseStyle>;

const LEFT = 36;
const RIGHT = 576;

const columns = () =>
  columnsAcross(LEFT, RIGHT, [
    ['number', 'No.', 22, 'left'],
    ['description', 'Description of Work', RIGHT - LEFT - 22 - 34 - 26 - 54 - 54 - 60 - 24 - 56, 'left'],
    ['quantity', 'Qty', 34, 'right'],
    ['unit', 'Unit', 26, 'center'],
    ['material', 'Material', 54, 'right'],
    ['labor', 'Labor', 54, 'right'],
    ['total', 'Base Bid', 60, 'right'],
    ['alternate', 'Alt.', 24, 'center'],
    ['add', ['Add', 'Alternate'], 'rest', 'right'],
  ]);

function itemRows(document: SorDocument, alternates: Alternate[]): TableRow[] {
  let line = 0;
  return document.sections.flatMap((section): TableRow[] => [
    { kind: 'heading', text: section.heading },
    ...section.items.map((item): TableRow => {
      line += 1;
      const alternate = alternates.find((candidate) => candidate.line === line);
      return {
        kind: 'item',
        cells: {
          number: String(line),
          description: item.description,
          quantity: quantityText(item.quantity),
          unit: item.unit,
          material: money(item.material),
          labor: money(item.labor),
          total: money(item.total),
          alternate: alternate ? String(alternate.number) : '',
          add: alternate ? money(alternate.amount) : '',
        },
      };
    }),
    { kind: 'total', label: `${section.heading} subtotal`, labelKey: 'description', cells: { total: money(sectionTotal(section)) } },
    { kind: 'space', height: 5 },
  ]);
}

function letterhead(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { parties } = document;
  const contractor = parties.contractor!;
  const centre = (LEFT + RIGHT) / 2;
  sheet.text(contractor.name, centre, 48, { ...bold, size: 15 }, 'center');
  sheet.text(`${streetLine(contractor.address)}, ${cityLine(contractor.address)}`, centre, 61, body, 'center');
  sheet.text(`Telephone ${contractor.phone}  -  License ${contractor.license}  -  ${contractor.email}`, centre, 72, body, 'center');
  sheet.rule(LEFT, RIGHT, 80, 1.2);
  sheet.rule(LEFT, RIGHT, 82.5, 0.4);
  sheet.text(style.title, centre, 100, { ...bold, size: 11 }, 'center');
  const top = 112;
  const rows = (x: number, entries: Array<[string, string]>) =>
    entries.forEach(([label, value], index) => {
      sheet.text(label, x, top + 10 + index * 11, { ...bold, size: 8 });
      sheet.text(value, x + 72, top + 10 + index * 11, body);
    });
  rows(LEFT, [
    ['Submitted to:', parties.borrower],
    ['Property:', streetLine(parties.property)],
    ['', cityLine(parties.property)],
    ['Lender:', parties.lender],
  ]);
  rows(330, [
    ['Bid no.:', parties.fileNumber],
    ['Bid date:', formatDate(parties.reportDate, 'long')],
    ['Consultant:', parties.consultant],
    ['Inspected:', formatDate(parties.inspectionDate, 'long')],
  ]);
  sheet.y = top + 56;
  flowLines(context, [
    'We propose to furnish all labor, materials, equipment and supervision for the work below, per the consultant\'s specification of repairs. The base bid is the price of the specified work. Add alternates are upgrades the owner may accept on the lines shown; accepted alternates are added to the contract sum.',
  ], LEFT, RIGHT - LEFT);
  sheet.y += 6;
}

function alternateSchedule(context: TextContext, alternates: Alternate[]): void {
  const { sheet, body, bold } = context;
  if (alternates.length === 0) return;
  sheet.ensure(alternates.length * 12 + 30);
  sheet.y += 8;
  sheet.text('SCHEDULE OF ADD ALTERNATES', LEFT, sheet.y + 9, { ...bold, size: 9 });
  sheet.y += 14;
  for (const alternate of alternates) {
    const baseline = sheet.y + 8;
    sheet.text(`Alt. ${alternate.number}`, LEFT, baseline, bold);
    sheet.text(`Line ${alternate.line}: ${alternate.text}`, LEFT + 34, baseline, body);
    sheet.text(`add ${money(alternate.amount, { dollar: true })}`, 420, baseline, body, 'right');
    const box = (x: number, label: string, marked: boolean) => {
      sheet.box(x, baseline - 7, 7, 7, { stroke: 0, thickness: 0.5 });
      if (marked) sheet.text('X', x + 1.2, baseline - 0.8, { ...bold, size: 7 });
      sheet.text(label, x + 10, baseline, body);
    };
    box(440, 'Accepted', alternate.accepted);
    box(505, 'Declined', !alternate.accepted);
    sheet.y += 12;
  }
}

function recap(context: TextContext, document: SorDocument, style: Style, alternates: Alternate[]): void {
  const { sheet, body, bold } = context;
  const { recap: totals } = document;
  const lines = document.sections.reduce((sum, section) => sum + section.items.length, 0);
  const rows: RecapRow[] = [{ label: style.baseLabel.replace('{n}', String(lines)), amount: money(totals.subtotal) }];
  if (totals.overhead) rows.push({ label: `Overhead and profit (${percentText(totals.overhead.rate)})`, amount: money(totals.overhead.amount) });
  if (alternates.length > 0 && !alternates.some((alternate) => alternate.accepted)) rows.push({ label: 'Alternates accepted: none', amount: '-' });
  for (const line of totals.before) rows.push({ label: line.label, amount: money(line.amount) });
  rows.push({ label: style.totalLabel, amount: money(totals.grandTotal, { dollar: true }), bold: true, rule: true });
  sheet.ensure(rows.length * 12 + 50);
  sheet.y += 12;
  recapRows(sheet, rows, { labelX: 300, amountRight: RIGHT - 3, ruleFrom: 300, leading: 12, regular: body, bold });
  sheet.y += 24;
  sheet.ensure(24);
  sheet.text('Accepted by owner: ______________________________   Date: ____________   Contractor: ______________________________', LEFT, sheet.y + 8, body);
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g77-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 40, bottom: 48, left: LEFT, right: 612 - RIGHT }, title: style.title, producer: 'Microsoft Word', date: parties.reportDate });
  const fonts = await sheet.fonts('Times');
  const body: TextStyle = { font: fonts.regular, size: 8.5 };
  const bold: TextStyle = { font: fonts.bold, size: 8.5 };
  const context: TextContext = { sheet, fonts, body, bold, lineHeight: 10.5 };
  const alternates = alternatesOf(document.sections);
  sheet.addPage();
  letterhead(context, document, style);
  writeTable(sheet, {
    columns: columns(),
    wrapKey: 'description',
    body,
    bold,
    header: { ...bold, size: 8 },
    headerRules: 'above-below',
    lineHeight: 10.5,
    rowGap: 2,
    padding: 3,
    rowRules: 0.75,
    heading: { height: 15, draw: (target, text, top) => target.text(text, LEFT + 3, top + 11, { font: fonts.italic, size: 9.5 }) },
    continued: (text) => `${text} (continued)`,
  }, itemRows(document, alternates));
  alternateSchedule(context, alternates);
  recap(context, document, style, alternates);
  sheet.decorate((index, count) => sheet.text(`Page ${index + 1} of ${count}`, (LEFT + RIGHT) / 2, 770, { ...body, size: 7.5 }, 'center'));
  return sheet.save();
}

/** The contingency on the base bid, above the contract sum. */
function contingency(random: Random, sections: Section[]): RecapLine[] {
  if (!random.chance(0.5)) return [];
  const rate = random.pick([5, 10]);
  const base = sections.reduce((sum, section) => sum + sectionTotal(section), 0);
  return [{ label: `Contingency (${rate}% of base bid)`, amount: Math.round((base * rate) / 100) }];
}

export const g77: SorFamily = {
  id: 'g77',
  name: 'bid with an add-alternate column beside the base bid of each line (Base Bid | Alt. | Add Alternate), a schedule of the alternates marked accepted or declined, and the accepted alternates added in the recap with a contingency and a permit fee',
  heldOut: false,
  items: [10, 40],
  dateStyle: 'long',
  printed: printedFields(),
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'trade',
    contractorSelected: true,
    heading: ({ trade }) => trade!.name,
    verbosity: 0.3,
    recap: {
      generalConditions: null,
      overheadAndProfit: random.chance(0.45) ? [10, 12] : null,
      before: (inner, sections) => [...acceptedAlternatesLine(sections), ...contingency(inner, sections), ...permitFee(inner, 0.5, ['Permit fee', 'Building permit fee'], 800)],
    },
  }),
  render,
};
