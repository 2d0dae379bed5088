import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { type LineItem, type Section, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type Column, type TableSpec } from '../table.js';
import { contingencyReserve, labelValueColumns, oneLine, permitFee, printedFields, recapRows, sectionRows, workItemOf, type Pair, type RecapRow } from './parts.js';

/**
 * g44: a 203(k) consultant's write-up that sorts each item into required repairs (health, safety and
 * HUD Minimum Property Requirements) or improvements the borrower elects, landscape, in a full grid.
 * Item | Description of Work | Qty | Unit | Material | Labor, then two amount columns, "Required
 * Repairs" and "Borrower Improvements" (header words vary): each line's total, material + labor,
 * stands in one of the two and the other is blank. Trades as shaded merged rows, a total row per trade
 * with both columns. The recap: the required and the elective totals (totals of groups of items,
 * neither line items nor recap values), the total of all items (the subtotal), overhead and profit
 * sometimes, permits, the grand total, then the contingency reserve after it. totalCost is the line's
 * amount in whichever of the two columns it stands.
 */

interface Style {
  headers: [string[], string[]];
  totalLabel: string;
  band: number;
}

function chooseStyle(random: Random): Style {
  return {
    headers: random.pick<[string[], string[]]>([[['Required', 'Repairs'], ['Borrower', 'Improvements']], [['Mandatory', '(MPR)'], ['Elective', '(Optional)']], [['Health/Safety', '& Code'], ['Borrower', 'Elected']]]),
    totalLabel: random.pick(['TOTAL COST OF REPAIRS AND IMPROVEMENTS', 'TOTAL REHABILITATION COST', 'GRAND TOTAL']),
    band: random.pick([0.82, 0.9]),
  };
}

const LEFT = 30;
const RIGHT = 762;

const COLUMNS: Column[] = [
  { key: 'number', header: ['Item'], x: LEFT, width: 34, align: 'left' },
  { key: 'description', header: ['Description of Work'], x: 64, width: 330, align: 'left' },
  { key: 'quantity', header: ['Qty'], x: 394, width: 44, align: 'right' },
  { key: 'unit', header: ['Unit'], x: 438, width: 32, align: 'center' },
  { key: 'material', header: ['Material'], x: 470, width: 70, align: 'right' },
  { key: 'labor', header: ['Labor'], x: 540, width: 70, align: 'right' },
  { key: 'required', header: ['Required'], x: 610, width: 76, align: 'right' },
  { key: 'elective', header: ['Elective'], x: 686, width: RIGHT - 686, align: 'right' },
];

/** Work the systems and the structure need is required; finishes, cabinets and site work are often the borrower's choice. */
const ELECTIVE_CHANCE: Record<string, number> = { finishes: 0.6, cabinets: 0.7, site: 0.6, carpentry: 0.35, openings: 0.3, concrete: 0.3, general: 0, demolition: 0.2 };

function electiveItems(document: SorDocument): Set<LineItem> {
  const random = new Random(document.seed).child('g44-elective');
  return new Set(document.sections.flatMap((section) => section.items).filter((item) => random.chance(ELECTIVE_CHANCE[workItemOf(item).trade] ?? 0.1)));
}

function parties(sheet: Sheet, document: SorDocument, regular: TextStyle, bold: TextStyle): void {
  const { parties: who } = document;
  const contractor = who.contractor;
  sheet.text(who.consultantCompany.toUpperCase(), LEFT, 42, { ...bold, size: 12 });
  sheet.text(`${who.consultant}  ·  Consultant ID ${who.consultantId}  ·  ${who.consultantEmail}`, LEFT, 54, regular);
  sheet.text('SPECIFICATION OF REPAIRS AND IMPROVEMENTS', RIGHT, 42, { ...bold, size: 11 }, 'right');
  sheet.text(`File ${who.fileNumber}  ·  ${formatDate(who.reportDate, 'long')}`, RIGHT, 54, regular, 'right');
  sheet.rule(LEFT, RIGHT, 61, 1);
  const columns: Array<[number, number, Pair[]]> = [
    [LEFT, 56, [['Borrower', who.borrower], ['Property', oneLine(who.property)], ['Lender', who.lender]]],
    [400, 64, [['Inspected', formatDate(who.inspectionDate, 'long')], ['Contractor', contractor ? contractor.name : 'Not selected'], ['License / tel.', contractor ? `${contractor.license}  ·  ${contractor.phone}` : '']]],
  ];
  labelValueColumns(sheet, columns, 74, 11, bold, regular);
  sheet.y = 110;
}

function recap(sheet: Sheet, document: SorDocument, elective: Set<LineItem>, style: Style, regular: TextStyle, bold: TextStyle): void {
  const { recap: lines } = document;
  const dollars = (cents: number) => money(cents, { dollar: true });
  const items = document.sections.flatMap((section) => section.items);
  const electiveTotal = items.filter((item) => elective.has(item)).reduce((sum, item) => sum + item.total, 0);
  const rows: RecapRow[] = [
    { label: `Total ${style.headers[0].join(' ')}`, amount: dollars(lines.subtotal - electiveTotal) },
    { label: `Total ${style.headers[1].join(' ')}`, amount: dollars(electiveTotal) },
    { label: 'Total of all items', amount: dollars(lines.subtotal), rule: true },
  ];
  if (lines.overhead) rows.push({ label: `Overhead & profit (${percentText(lines.overhead.rate)})`, amount: dollars(lines.overhead.amount) });
  rows.push(...lines.before.map((line) => ({ label: line.label, amount: dollars(line.amount) })));
  rows.push({ label: style.totalLabel, amount: dollars(lines.grandTotal), bold: true, rule: true });
  rows.push(...lines.after.map((line) => ({ label: line.label, amount: dollars(line.amount) })));
  sheet.ensure(rows.length * 12 + 14);
  sheet.y += 10;
  recapRows(sheet, rows, { labelX: 470, amountRight: RIGHT, leading: 12, regular, bold });
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g44-render');
  const style = chooseStyle(random.child('style'));
  const elective = electiveItems(document);
  const sheet = await Sheet.create({ size: [792, 612], margins: { top: 40, bottom: 36, left: LEFT, right: 792 - RIGHT }, title: 'Specification of Repairs', producer: 'Microsoft Excel', date: document.parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const regular: TextStyle = { font: fonts.regular, size: 7.5 };
  const bold: TextStyle = { font: fonts.bold, size: 7.5 };
  sheet.addPage();
  parties(sheet, document, regular, bold);
  const columns = COLUMNS.map((column) => (column.key === 'required' ? { ...column, header: style.headers[0] } : column.key === 'elective' ? { ...column, header: style.headers[1] } : column));
  const spec: TableSpec = {
    columns,
    wrapKey: 'description',
    body: regular,
    bold,
    header: bold,
    lineHeight: 9.5,
    rowGap: 3,
    padding: 3,
    grid: true,
    mergedHeadings: true,
    heading: {
      height: 13,
      draw: (target, text, top) => {
        target.box(LEFT, top, RIGHT - LEFT, 13, { fill: style.band });
        target.text(text, LEFT + 4, top + 9.5, { ...bold, size: 8 });
      },
    },
    continued: (text) => `${text} (cont.)`,
  };
  const column = (item: LineItem) => (elective.has(item) ? 'elective' : 'required');
  const partTotal = (section: Section, key: string) => section.items.filter((item) => column(item) === key).reduce((sum, item) => sum + item.total, 0);
  const rows = sectionRows(
    document.sections,
    (section, sectionIndex) => section.items.map((item, index) => ({
      kind: 'item' as const,
      cells: { number: `${sectionIndex + 1}.${index + 1}`, description: item.description, quantity: quantityText(item.quantity), unit: item.unit, material: money(item.material), labor: money(item.labor), [column(item)]: money(item.total) },
    })),
    (section) => [{
      kind: 'total' as const,
      label: `Total ${section.heading.replace(/^\d+\s*[-–]\s*/, '')}`,
      labelKey: 'description',
      cells: { required: money(partTotal(section, 'required')), elective: money(partTotal(section, 'elective')) },
    }],
  );
  writeTable(sheet, spec, rows);
  recap(sheet, document, elective, style, regular, bold);
  sheet.decorate((index, count) => sheet.text(`${index + 1} / ${count}`, RIGHT, 596, regular, 'right'));
  return sheet.save();
}

export const g44: SorFamily = {
  id: 'g44',
  name: 'write-up with required repairs and borrower improvements in two amount columns',
  heldOut: false,
  items: [10, 48],
  dateStyle: 'long',
  printed: printedFields(),
  spec: (random, itemCount) => {
    const form = random.int(0, 1);
    return {
      itemCount,
      grouping: 'trade',
      heading: ({ ordinal, trade }) => [`${ordinal} - ${trade!.name.toUpperCase()}`, trade!.name.toUpperCase()][form],
      verbosity: 0.5,
      recap: {
        generalConditions: null,
        overheadAndProfit: random.chance(0.5) ? [10, 12, 15] : null,
        before: (inner) => permitFee(inner, 0.6, ['Permits', 'Permit & plan review'], 1100),
        after: (inner, grandTotal) => [contingencyReserve(inner, grandTotal, [10, 15])],
      },
    };
  },
  render,
};
