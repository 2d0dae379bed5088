import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type Fonts, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type Section, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type Column, type TableRow, type TableSpec } from '../table.js';
import { cityLine, labelValueColumns, oneLine, permitFee, printedFields, sectionRows, streetLine, type Pair } from './parts.js';

/**
 * g38: a 203(k) consultant's review of the contractor's bid (bid reconciliation), portrait, in Times
 * with Helvetica captions. The consultant's letterhead, BID REVIEW title, two columns of parties (the
 * borrower, property and lender; the contractor whose bid is reviewed, the bid date and the inspection),
 * a paragraph of findings; then one table with two amounts per line: No. | Work Item | Qty | Unit |
 * the consultant's independent estimate | the contractor's bid | the variance (bid less estimate,
 * signed or in parentheses), sometimes a variance percent. The two amount columns come in either order
 * under varying header words. Trades as headings, a total row per trade with both amounts. The recap is
 * a small table with the same two columns (subtotal, overhead and profit, permits, total), then the
 * consultant's determination. The statement of repair is the contractor's bid column.
 */

interface Style {
  bidFirst: boolean;
  estimateHeader: string[];
  bidHeader: string[];
  varianceHeader: string[];
  percent: boolean;
  parentheses: boolean;
  numbering: 'running' | 'section';
  totalsLabel: string;
  grandLabel: string;
  reference: string;
}

function chooseStyle(random: Random): Style {
  return {
    bidFirst: random.chance(0.4),
    estimateHeader: random.pick([['Consultant', 'Estimate'], ['Independent', 'Estimate'], ['Feasibility', 'Estimate'], ['Cost', 'Review']]),
    bidHeader: random.pick([['Contractor', 'Bid'], ['Bid', 'Amount'], ["Contractor's", 'Price'], ['Bid as', 'Submitted']]),
    varianceHeader: random.pick([['Variance'], ['Difference'], ['Over /', '(Under)']]),
    percent: random.chance(0.45),
    parentheses: random.chance(0.5),
    numbering: random.chance(0.5) ? 'running' : 'section',
    totalsLabel: random.pick(['Total', 'Trade total', 'Subtotal']),
    grandLabel: random.pick(['TOTAL REPAIR COST', 'TOTAL', 'TOTAL BID / ESTIMATE']),
    reference: `BR-${random.int(1000, 9899)}`,
  };
}

const LEFT = 40;
const RIGHT = 572;
const X = { number: 40, description: 68, quantity: 304, unit: 342, first: 368, second: 434, variance: 500, percent: 540 };

/** The consultant's figure for a line: the bid within ±18 %, in whole dollars, a pure function of the line so the tables agree. */
function estimateOf(item: LineItem): number {
  const factor = new Random(`g38-estimate/${item.description}`).float(0.82, 1.18);
  return Math.max(100, Math.round((item.total * factor) / 100) * 100);
}

const sectionEstimate = (section: Section): number => section.items.reduce((sum, item) => sum + estimateOf(item), 0);

function varianceText(bid: number, estimate: number, style: Style): string {
  const difference = bid - estimate;
  if (difference === 0) return '0.00';
  if (style.parentheses) return money(difference, { parentheses: true });
  return `${difference > 0 ? '+' : ''}${money(difference)}`;
}

function percentOf(bid: number, estimate: number): string {
  const value = ((bid - estimate) / estimate) * 100;
  return `${value > 0 ? '+' : ''}${value.toFixed(1)}%`;
}

function columns(style: Style): Column[] {
  const amountsEnd = style.percent ? X.percent : RIGHT;
  const varianceWidth = amountsEnd - X.variance;
  const [first, second] = style.bidFirst ? [['bid', style.bidHeader], ['estimate', style.estimateHeader]] as const : [['estimate', style.estimateHeader], ['bid', style.bidHeader]] as const;
  return [
    { key: 'number', header: ['No.'], x: X.number, width: X.description - X.number, align: 'left' },
    { key: 'description', header: ['Work Item'], x: X.description, width: X.quantity - X.description, align: 'left' },
    { key: 'quantity', header: ['Qty'], x: X.quantity, width: X.unit - X.quantity, align: 'right' },
    { key: 'unit', header: ['Unit'], x: X.unit, width: X.first - X.unit, align: 'center' },
    { key: first[0], header: [...first[1]], x: X.first, width: X.second - X.first, align: 'right' },
    { key: second[0], header: [...second[1]], x: X.second, width: X.variance - X.second, align: 'right' },
    { key: 'variance', header: style.varianceHeader, x: X.variance, width: varianceWidth, align: 'right' },
    ...(style.percent ? [{ key: 'percent', header: ['Var.', '%'], x: X.percent, width: RIGHT - X.percent, align: 'right' as const }] : []),
  ];
}

function tableSpec(fonts: Fonts, sans: Fonts, style: Style): TableSpec {
  return {
    columns: columns(style),
    wrapKey: 'description',
    body: { font: fonts.regular, size: 8.5 },
    bold: { font: fonts.bold, size: 8.5 },
    header: { font: sans.bold, size: 7 },
    lineHeight: 10,
    rowGap: 2.5,
    padding: 3,
    headerRules: 'above-below',
    rowRules: 0.75,
    heading: {
      height: 16,
      draw: (sheet, text, top) => sheet.text(text, LEFT + 2, top + 12, { font: sans.bold, size: 8.5 }),
    },
    continued: (heading) => `${heading} – continued`,
  };
}

function rows(document: SorDocument, style: Style): TableRow[] {
  let running = 0;
  return sectionRows(
    document.sections,
    (section, sectionIndex) =>
      section.items.map((item, index) => {
        running += 1;
        const estimate = estimateOf(item);
        return {
          kind: 'item' as const,
          cells: {
            number: style.numbering === 'running' ? `${running}.` : `${sectionIndex + 1}.${String(index + 1).padStart(2, '0')}`,
            description: item.description,
            quantity: quantityText(item.quantity),
            unit: item.unit,
            estimate: money(estimate),
            bid: money(item.total),
            variance: varianceText(item.total, estimate, style),
            percent: percentOf(item.total, estimate),
          },
        };
      }),
    (section) => {
      const bid = sectionTotal(section);
      const estimate = sectionEstimate(section);
      return [{ kind: 'total', label: style.totalsLabel, labelKey: 'description', rule: true, cells: { estimate: money(estimate), bid: money(bid), variance: varianceText(bid, estimate, style) } }];
    },
  );
}

function header(sheet: Sheet, document: SorDocument, style: Style, fonts: Fonts, sans: Fonts): void {
  const { parties } = document;
  const contractor = parties.contractor!;
  sheet.text(parties.consultantCompany, LEFT, 50, { font: fonts.bold, size: 14 });
  sheet.text(`${oneLine(parties.consultantAddress)}  ·  ${parties.consultantPhone}  ·  ${parties.consultantEmail}`, LEFT, 62, { font: fonts.regular, size: 8.5 });
  sheet.text('BID REVIEW', RIGHT, 50, { font: sans.bold, size: 13 }, 'right');
  sheet.text(`Reference ${style.reference}`, RIGHT, 62, { font: sans.regular, size: 8 }, 'right');
  sheet.rule(LEFT, RIGHT, 70, 1);
  const caption: TextStyle = { font: sans.bold, size: 7.5 };
  const value: TextStyle = { font: fonts.regular, size: 9 };
  const left: Pair[] = [
    ['Borrower', parties.borrower],
    ['Property', streetLine(parties.property)],
    ['', cityLine(parties.property)],
    ['Lender', parties.lender],
    ['FHA case no.', parties.fhaCaseNumber],
  ];
  const right: Pair[] = [
    ['Bid reviewed', contractor.name],
    ['License', contractor.license],
    ['Telephone', contractor.phone],
    ['Inspected', formatDate(parties.inspectionDate, 'long')],
    ['Consultant', `${parties.consultant} (${parties.consultantId})`],
  ];
  labelValueColumns(sheet, [[LEFT, 62, left], [318, 62, right]], 86, 11.5, caption, value);
  sheet.y = 86 + 5 * 11.5;
  const findings =
    `The contractor's bid dated ${formatDate(parties.reportDate, 'long')} was compared item by item with the consultant's independent estimate of the same work. ` +
    'Quantities are the consultant\'s; a variance is the bid less the estimate. The bid amounts, as accepted, are the repair costs carried to the rehabilitation budget.';
  sheet.paragraph(findings, LEFT, RIGHT - LEFT, { font: fonts.italic, size: 8.5 }, 10.5);
  sheet.y += 6;
}

function recapTable(sheet: Sheet, document: SorDocument, style: Style, fonts: Fonts, sans: Fonts): void {
  const { recap, sections } = document;
  const estimated = sections.reduce((sum, section) => sum + sectionEstimate(section), 0);
  const markup = recap.overhead ? Math.round((estimated * recap.overhead.rate) / 100) : 0;
  const lines: Array<[string, number, number]> = [['Subtotal, all trades', estimated, recap.subtotal]];
  if (recap.overhead) lines.push([`Overhead and profit (${percentText(recap.overhead.rate)})`, markup, recap.overhead.amount]);
  for (const line of recap.before) lines.push([line.label, line.amount, line.amount]);
  const totalEstimate = lines.reduce((sum, line) => sum + line[1], 0);
  lines.push([style.grandLabel, totalEstimate, recap.grandTotal]);
  sheet.ensure(lines.length * 13 + 90);
  sheet.y += 12;
  const [first, second] = style.bidFirst ? [style.bidHeader, style.estimateHeader] : [style.estimateHeader, style.bidHeader];
  const head: TextStyle = { font: sans.bold, size: 7 };
  sheet.text('SUMMARY', 250, sheet.y + 8, { font: sans.bold, size: 8.5 });
  sheet.text(first.join(' '), X.second - 3, sheet.y + 8, head, 'right');
  sheet.text(second.join(' '), X.variance - 3, sheet.y + 8, head, 'right');
  sheet.text(style.varianceHeader.join(' '), RIGHT - 3, sheet.y + 8, head, 'right');
  sheet.y += 12;
  lines.forEach(([label, estimate, bid], index) => {
    const last = index === lines.length - 1;
    const text: TextStyle = { font: last ? fonts.bold : fonts.regular, size: 9 };
    if (last) sheet.rule(250, RIGHT, sheet.y, 0.8);
    const baseline = sheet.y + 10;
    sheet.text(label, 250, baseline, text);
    sheet.text(money(style.bidFirst ? bid : estimate, { dollar: true }), X.second - 3, baseline, text, 'right');
    sheet.text(money(style.bidFirst ? estimate : bid, { dollar: true }), X.variance - 3, baseline, text, 'right');
    sheet.text(varianceText(bid, estimate, style), RIGHT - 3, baseline, text, 'right');
    sheet.y += 13;
  });
  const over = ((recap.grandTotal - totalEstimate) / totalEstimate) * 100;
  const determination = Math.abs(over) <= 10
    ? `Determination: the bid is within 10% of the independent estimate (${percentOf(recap.grandTotal, totalEstimate)}) and is acceptable as submitted.`
    : `Determination: the bid differs from the independent estimate by ${percentOf(recap.grandTotal, totalEstimate)}; the contractor has confirmed the bid prices, which are accepted for the budget.`;
  sheet.y += 8;
  sheet.paragraph(determination, LEFT, RIGHT - LEFT, { font: fonts.regular, size: 9 }, 11);
  sheet.y += 24;
  sheet.rule(LEFT, 250, sheet.y, 0.5);
  sheet.text(`${document.parties.consultant}, 203(k) Consultant`, LEFT, sheet.y + 10, { font: sans.regular, size: 7.5 });
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g38-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 44, bottom: 50, left: LEFT, right: 612 - RIGHT }, title: `Bid Review ${style.reference}`, producer: 'Microsoft Word for Microsoft 365', date: parties.reportDate });
  const fonts = await sheet.fonts('Times');
  const sans = await sheet.fonts('Helvetica');
  const small: TextStyle = { font: sans.regular, size: 7, gray: 0.3 };
  sheet.onPageStart = (current) => {
    if (current.pages.length > 1) current.text(`Bid review ${style.reference}  ·  ${oneLine(parties.property)}`, LEFT, 32, small);
  };
  sheet.addPage();
  header(sheet, document, style, fonts, sans);
  writeTable(sheet, tableSpec(fonts, sans, style), rows(document, style));
  recapTable(sheet, document, style, fonts, sans);
  sheet.decorate((index, count) => sheet.text(`Page ${index + 1} of ${count}`, RIGHT, 768, small, 'right'));
  return sheet.save();
}

export const g38: SorFamily = {
  id: 'g38',
  name: "consultant's review of the contractor's bid, estimate and bid side by side",
  heldOut: false,
  items: [9, 40],
  dateStyle: 'long',
  printed: printedFields({ materialLabor: 'none' }),
  spec: (random, itemCount) => {
    const form = random.int(0, 2);
    return {
      itemCount,
      grouping: 'trade',
      contractorSelected: true,
      heading: ({ ordinal, trade }) => [`${ordinal}. ${trade!.name.toUpperCase()}`, trade!.name, `Trade ${ordinal} – ${trade!.name}`][form],
      verbosity: 0.35,
      recap: {
        generalConditions: null,
        overheadAndProfit: random.chance(0.7) ? [10, 12, 15] : null,
        before: (inner) => permitFee(inner, 0.5, ['Permits', 'Building permit fees'], 1200),
      },
    };
  },
  render,
};
