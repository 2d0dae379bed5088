import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import { columnsAcross, contingencyReserve, descriptionTable, labelValueRows, oneLine, permitFee, pickEach, printedFields, recapRows, type Pair, type RecapRow } from './parts.js';
import type { Unit } from '../work-items.js';

/**
 * g52: a consultant's measured work write-up, its title block in Helvetica and its table rows in Courier. A title
 * block with the consultant's firm, then the job facts in two columns. The table is Ref. | Work Item |
 * Measure | Mat'l / Unit | Labor / Unit | Extension: the quantity and its unit written out in words in one
 * cell ("12.5 squares", "140 lin. ft.", "1 lump sum"), the material and labor as unit rates only, and the
 * extension, quantity × (material + labor) to the cent. Sections lettered ("B. KITCHEN"), their items
 * "B1", "B2" …, each section closed by a section total. The foot: sum of sections, permits sometimes,
 * TOTAL REPAIR COST, then the contingency reserve after it.
 */

const UNIT_WORDS: Record<Unit, [string, string]> = {
  EA: ['each', 'each'],
  LF: ['lin. ft.', 'lin. ft.'],
  SF: ['sq. ft.', 'sq. ft.'],
  SY: ['sq. yd.', 'sq. yd.'],
  SQ: ['square', 'squares'],
  LS: ['lump sum', 'lump sum'],
  HR: ['hour', 'hours'],
  CY: ['cu. yd.', 'cu. yd.'],
};

/** "12.5 squares", "1 lump sum". */
const measureText = (quantity: number, unit: Unit): string => `${quantityText(quantity)} ${UNIT_WORDS[unit][quantity === 1 ? 0 : 1]}`;

const chooseStyle = (random: Random) => pickEach(random, { title: ['WORK WRITE-UP AND COST ESTIMATE', 'MEASURED WORK WRITE-UP', 'SPECIFICATION OF REPAIRS - MEASURED'] });

type Style = ReturnType<typeof chooseStyle>;

const LEFT = 40;
const RIGHT = 572;

const COLUMNS = columnsAcross(LEFT, RIGHT, [
  ['number', 'Ref.', 30, 'left'],
  ['description', 'Work Item', 228, 'left'],
  ['measure', 'Measure', 78, 'left'],
  ['material', ["Mat'l /", 'Unit'], 58, 'right'],
  ['labor', ['Labor /', 'Unit'], 58, 'right'],
  ['total', 'Extension', 'rest', 'right'],
]);

/** "B" of "B. Kitchen". */
const letterOf = (heading: string): string => heading.split('.')[0];

function titleBlock(sheet: Sheet, document: SorDocument, style: Style, regular: TextStyle, bold: TextStyle): void {
  const { parties } = document;
  sheet.text(parties.consultantCompany, LEFT, 50, { ...bold, size: 13 });
  sheet.text(`${oneLine(parties.consultantAddress)}  -  ${parties.consultantPhone}`, LEFT, 63, { ...regular, size: 8 });
  sheet.box(LEFT, 72, RIGHT - LEFT, 18, { fill: 0.15 });
  sheet.text(style.title, (LEFT + RIGHT) / 2, 85, { ...bold, size: 11, gray: 1 }, 'center');
  const contractor = parties.contractor;
  const rows: Pair[][] = [
    [['Borrower:', parties.borrower], ['Inspected:', formatDate(parties.inspectionDate, 'dotted')]],
    [['Property:', oneLine(parties.property)], ['Written:', formatDate(parties.reportDate, 'dotted')]],
    [['Lender:', parties.lender], ['Inspector:', `${parties.consultant} (${parties.consultantId})`]],
    [['Contractor:', contractor ? contractor.name : 'To be selected by borrower'], ['Case no.:', parties.fhaCaseNumber]],
    [['Lic. / Phone:', contractor ? `${contractor.license} / ${contractor.phone}` : ''], ['File:', parties.fileNumber]],
  ];
  labelValueRows(sheet, rows, [[LEFT, 62], [382, 56]], 106, 12, bold, regular);
  sheet.y = 106 + rows.length * 12 + 2;
}

function itemRows(document: SorDocument): TableRow[] {
  return document.sections.flatMap((section): TableRow[] => {
    const letter = letterOf(section.heading);
    return [
      { kind: 'heading', text: section.heading },
      ...section.items.map((item, index): TableRow => ({
        kind: 'item',
        cells: {
          number: `${letter}${index + 1}`,
          description: item.description,
          measure: measureText(item.quantity, item.unit),
          material: money(item.materialRate),
          labor: money(item.laborRate),
          total: money(item.total),
        },
      })),
      { kind: 'total', label: `Section ${letter} total`, labelKey: 'description', cells: { total: money(sectionTotal(section)) }, rule: true },
      { kind: 'space', height: 5 },
    ];
  });
}

function foot(sheet: Sheet, document: SorDocument, regular: TextStyle, bold: TextStyle, figures: TextStyle): void {
  const { recap } = document;
  const rows: RecapRow[] = [{ label: 'Sum of sections', amount: money(recap.subtotal, { dollar: true }) }];
  rows.push(...recap.before.map((line) => ({ label: line.label, amount: money(line.amount, { dollar: true }) })));
  rows.push({ label: 'TOTAL REPAIR COST', amount: money(recap.grandTotal, { dollar: true }), bold: true, rule: true });
  rows.push(...recap.after.map((line) => ({ label: line.label, amount: money(line.amount, { dollar: true }) })));
  sheet.ensure(rows.length * 14 + 40);
  sheet.y += 8;
  recapRows(sheet, rows, { labelX: 298, amountRight: RIGHT - 3, leading: 14, regular, bold: { ...figures, font: bold.font } });
  sheet.y += 10;
  sheet.text('Measurements taken on site; quantities are net of openings. Unit prices include material, labor and disposal.', LEFT, sheet.y + 8, { ...regular, size: 7.5, gray: 0.3 });
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g52-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 44, bottom: 52, left: LEFT, right: 612 - RIGHT }, title: `${style.title} ${parties.fileNumber}`, producer: 'WriteUp Desk 3.1', date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const courier = await sheet.fonts('Courier');
  const regular: TextStyle = { font: fonts.regular, size: 8.5 };
  const bold: TextStyle = { font: fonts.bold, size: 8.5 };
  const figures: TextStyle = { font: courier.regular, size: 8 };
  sheet.addPage();
  titleBlock(sheet, document, style, regular, bold);
  const spec = descriptionTable(COLUMNS, figures, { ...figures, font: courier.bold }, {
    header: bold,
    lineHeight: 10.5,
    rowGap: 3,
    padding: 3,
    headerRules: 'above-below',
    grid: true,
    mergedHeadings: true,
    heading: {
      height: 15,
      draw: (target, text, top) => target.text(text, LEFT + 3, top + 11, { ...bold, size: 9 }),
    },
    continued: (heading) => `${heading} - continued`,
  });
  writeTable(sheet, spec, itemRows(document));
  foot(sheet, document, regular, bold, figures);
  sheet.decorate((index, count) => sheet.text(`${parties.fileNumber}   Sheet ${index + 1}/${count}`, RIGHT, 770, { ...figures, size: 7 }, 'right'));
  return sheet.save();
}

const LETTERS = 'ABCDEFGHJKLMNP';

export const g52: SorFamily = {
  id: 'g52',
  name: 'measured consultant write-up with quantities and units written out in words ("12.5 squares") and unit rates only',
  heldOut: false,
  items: [10, 48],
  dateStyle: 'dotted',
  printed: printedFields({ materialLabor: 'rates' }),
  spec: (random, itemCount) => {
    const upper = random.chance(0.5);
    return {
      itemCount,
      grouping: random.chance(0.6) ? 'room' : 'trade',
      heading: ({ ordinal, trade, room }) => {
        const name = room ? room.name : trade!.name;
        return `${LETTERS[ordinal - 1]}. ${upper ? name.toUpperCase() : name}`;
      },
      verbosity: 0.35,
      recap: {
        generalConditions: null,
        overheadAndProfit: null,
        before: (inner) => permitFee(inner, 0.5, ['Permits', 'Permit and plan review fees'], 1000),
        after: (inner, grandTotal) => [contingencyReserve(inner, grandTotal, [10, 15, 20])],
      },
    };
  },
  render,
};
