import { StandardFonts } from 'pdf-lib';
import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type RecapLine, type Section, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { cityLine, pickEach, printedFields, roomHeading, streetLine } from './parts.js';

/**
 * g76: a contractor's field estimate written by hand on a pre-printed pad, portrait: the pad's printing (company,
 * field captions, column heads, ruled rows, the totals box) in a gray Helvetica, and everything written on it in
 * Times Italic of slightly varying size, each entry a little off its rule and its column. The columns are
 * QTY | UNIT | DESCRIPTION OF WORK | MATERIAL | LABOR | AMOUNT with 24 ruled rows a sheet; the unit is written
 * in lower case ("lf"), the amounts without "$" and, by some hands, without thousands commas; a zero material or
 * labor is left blank and a credit is written in parentheses. Rooms are written on a row of their own, underlined;
 * some writers add a "<room> total" row after each. Long descriptions go on to the next ruled row. Rows after the
 * last item stay empty. The last sheet's totals box holds the material and labor totals, the subtotal, O & P with
 * its percent written in, permit and tax where used, and the TOTAL; on earlier sheets the box is empty and
 * "cont. on page 2" is written under the rows. Page "1 of 2" is written into the pad's printed "Page __ of __".
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    padTitle: ['FIELD ESTIMATE', 'ESTIMATE', 'WORK ESTIMATE'],
    separators: [true, false],
    roomTotals: [true, false],
    handSize: [9.6, 10, 10.4],
  });

type Style = ReturnType<typeof chooseStyle>;

const LEFT = 36;
const RIGHT = 576;
const ROWS = 24;
const ROW_HEIGHT = 17;
const TABLE_TOP = 206;
const COLUMNS = { quantity: [LEFT, 44], unit: [LEFT + 44, 34], description: [LEFT + 78, 262], material: [LEFT + 340, 64], labor: [LEFT + 404, 64], total: [LEFT + 468, 72] } as const;
type ColumnKey = keyof typeof COLUMNS;

/** One ruled row as written: the cells that carry text, the description's style. */
interface WrittenRow {
  cells: Partial<Record<ColumnKey, string>>;
  heading?: boolean;
}

interface Hand {
  random: Random;
  style: TextStyle;
  headingStyle: TextStyle;
}

const handMoney = (style: Style, cents: number): string => {
  const text = money(Math.abs(cents), { separators: style.separators });
  return cents < 0 ? `(${text})` : text;
};

/** The rows of the pad: room rows, items (their descriptions wrapped over rows), room totals. */
function writtenRows(sheet: Sheet, document: SorDocument, style: Style, hand: Hand): WrittenRow[][] {
  const blocks: WrittenRow[][] = [];
  for (const section of document.sections) {
    blocks.push([{ cells: { description: section.heading }, heading: true }]);
    for (const item of section.items) {
      const lines = sheet.wrap(item.description, COLUMNS.description[1] - 8, hand.style);
      blocks.push(lines.map((line, index) => ({
        cells: index > 0 ? { description: line } : {
          quantity: style.separators ? quantityText(item.quantity) : String(item.quantity),
          unit: item.unit.toLowerCase(),
          description: line,
          material: item.material ? handMoney(style, item.material) : '',
          labor: item.labor ? handMoney(style, item.labor) : '',
          total: handMoney(style, item.total),
        },
      })));
    }
    if (style.roomTotals) blocks.push([{ cells: { description: `${section.heading} total`, total: handMoney(style, sectionTotal(section)) } }]);
  }
  return blocks;
}

/** Blocks onto sheets of `ROWS` rows; a room row is never the last row of a sheet. */
function paginate(blocks: WrittenRow[][]): WrittenRow[][] {
  const pages: WrittenRow[][] = [[]];
  blocks.forEach((block, index) => {
    const page = pages.at(-1)!;
    const following = block[0].heading ? (blocks[index + 1]?.length ?? 0) : 0;
    if (page.length + block.length + following > ROWS) pages.push([]);
    pages.at(-1)!.push(...block);
  });
  return pages;
}

/** Writes `text` by hand: a little off the given point, in a size of its own. */
function write(sheet: Sheet, hand: Hand, text: string, x: number, y: number, align: 'left' | 'right' = 'left', style = hand.style): void {
  const { random } = hand;
  sheet.text(text, x + random.float(-1.6, 1.6), y + random.float(-1.4, 1.2), { ...style, size: style.size + random.float(-0.4, 0.4) }, align);
}

function padPrint(sheet: Sheet, document: SorDocument, style: Style, print: { regular: TextStyle; bold: TextStyle }, number: string): void {
  const contractor = document.parties.contractor!;
  const { regular, bold } = print;
  sheet.text(contractor.name.toUpperCase(), LEFT, 50, { ...bold, size: 14 });
  sheet.text(`${streetLine(contractor.address)}  |  ${cityLine(contractor.address)}  |  ${contractor.phone}`, LEFT, 62, regular);
  sheet.text(`Licensed & Insured  -  Lic. # ${contractor.license}`, LEFT, 72, regular);
  sheet.box(420, 36, RIGHT - 420, 40, { stroke: 0.3, thickness: 1 });
  sheet.text(style.padTitle, (420 + RIGHT) / 2, 54, { ...bold, size: 12 }, 'center');
  sheet.text(`No. ${number}`, (420 + RIGHT) / 2, 69, { ...bold, size: 9, gray: 0.15 }, 'center');
  const field = (label: string, x: number, y: number, to: number) => {
    sheet.text(label, x, y, { ...bold, size: 6.5 });
    sheet.rule(x + bold.font.widthOfTextAtSize(label, 6.5) + 4, to, y + 1, 0.5, 0.3);
  };
  field('CUSTOMER', LEFT, 104, 400);
  field('DATE', 410, 104, RIGHT);
  field('JOB ADDRESS', LEFT, 126, 400);
  field('PHONE', 410, 126, RIGHT);
  field('CITY / STATE / ZIP', LEFT, 148, 400);
  field('INSP. DATE', 410, 148, RIGHT);
  field('LENDER / BANK', LEFT, 170, 300);
  field('INSPECTED BY', 310, 170, RIGHT);
  const headerTop = TABLE_TOP - 14;
  sheet.box(LEFT, headerTop, RIGHT - LEFT, 14, { fill: 0.85 });
  const heads: Record<ColumnKey, string> = { quantity: 'QTY', unit: 'UNIT', description: 'DESCRIPTION OF WORK', material: 'MATERIAL', labor: 'LABOR', total: 'AMOUNT' };
  for (const [key, [x, width]] of Object.entries(COLUMNS) as Array<[ColumnKey, readonly [number, number]]>) {
    sheet.text(heads[key], x + width / 2, headerTop + 10, { ...bold, size: 6.5 }, 'center');
    sheet.vrule(x, headerTop, TABLE_TOP + ROWS * ROW_HEIGHT, 0.6, 0.3);
  }
  sheet.vrule(RIGHT, headerTop, TABLE_TOP + ROWS * ROW_HEIGHT, 0.6, 0.3);
  for (let row = 0; row <= ROWS; row += 1) sheet.rule(LEFT, RIGHT, TABLE_TOP + row * ROW_HEIGHT, row === 0 || row === ROWS ? 0.8 : 0.4, 0.3);
  const boxTop = TABLE_TOP + ROWS * ROW_HEIGHT;
  const labels = ['TOTAL MATERIAL', 'TOTAL LABOR', 'SUBTOTAL', 'O & P            %', 'PERMIT', 'TAX', 'TOTAL'];
  labels.forEach((label, index) => {
    const top = boxTop + index * 15;
    sheet.box(COLUMNS.labor[0], top, RIGHT - COLUMNS.labor[0], 15, { stroke: 0.3, thickness: 0.6 });
    sheet.text(label, COLUMNS.labor[0] + 4, top + 10.5, { ...bold, size: label === 'TOTAL' ? 8 : 6.5 });
  });
  sheet.text('ESTIMATED BY ______________________________', LEFT, boxTop + 24, { ...regular, size: 7 });
  sheet.text('Page ____ of ____', LEFT, boxTop + 44, { ...regular, size: 7 });
  sheet.text('This estimate is good for 30 days. Acceptance: _______________________  Date: _________', LEFT, boxTop + 118, { ...regular, size: 7 });
}

function fillHeader(sheet: Sheet, document: SorDocument, hand: Hand, first: boolean): void {
  const { parties } = document;
  write(sheet, hand, parties.borrower, LEFT + 46, 103);
  if (!first) return;
  write(sheet, hand, formatDate(parties.reportDate, 'short'), 440, 103);
  write(sheet, hand, streetLine(parties.property), LEFT + 56, 125);
  write(sheet, hand, cityLine(parties.property), LEFT + 78, 147);
  write(sheet, hand, formatDate(parties.inspectionDate, 'short'), 456, 147);
  write(sheet, hand, parties.lender, LEFT + 66, 169);
  write(sheet, hand, parties.consultant, 370, 169);
}

function fillRows(sheet: Sheet, hand: Hand, rows: WrittenRow[]): void {
  rows.forEach((row, index) => {
    const baseline = TABLE_TOP + (index + 1) * ROW_HEIGHT - 4;
    for (const [key, text] of Object.entries(row.cells) as Array<[ColumnKey, string]>) {
      if (!text) continue;
      const [x, width] = COLUMNS[key];
      if (row.heading) {
        write(sheet, hand, text, x + 4, baseline, 'left', hand.headingStyle);
        sheet.rule(x + 4, x + 6 + hand.headingStyle.font.widthOfTextAtSize(text, hand.headingStyle.size), baseline + 2, 0.7, 0.1);
      } else if (key === 'description' || key === 'unit') write(sheet, hand, text, x + 4, baseline);
      else write(sheet, hand, text, x + width - 5, baseline, 'right');
    }
  });
}

function fillTotals(sheet: Sheet, document: SorDocument, style: Style, hand: Hand): void {
  const { recap, sections } = document;
  const boxTop = TABLE_TOP + ROWS * ROW_HEIGHT;
  const amountAt = (index: number, text: string) => write(sheet, hand, text, RIGHT - 5, boxTop + index * 15 + 11, 'right');
  const sum = (field: 'material' | 'labor') => sections.reduce((total, section: Section) => total + sectionTotal(section, field), 0);
  amountAt(0, handMoney(style, sum('material')));
  amountAt(1, handMoney(style, sum('labor')));
  amountAt(2, handMoney(style, recap.subtotal));
  if (recap.overhead) {
    write(sheet, hand, String(recap.overhead.rate), COLUMNS.labor[0] + 44, boxTop + 3 * 15 + 11, 'right');
    amountAt(3, handMoney(style, recap.overhead.amount));
  }
  const line = (label: string): RecapLine | undefined => recap.before.find((entry) => entry.label === label);
  const permit = line('Permit');
  const tax = line('Tax');
  if (permit) amountAt(4, handMoney(style, permit.amount));
  if (tax) amountAt(5, handMoney(style, tax.amount));
  write(sheet, hand, `$ ${money(recap.grandTotal, { separators: style.separators })}`, RIGHT - 5, boxTop + 6 * 15 + 11, 'right', { ...hand.headingStyle, size: hand.style.size + 0.6 });
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g76-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 36, bottom: 36, left: LEFT, right: 612 - RIGHT }, title: 'Scan', producer: 'Canon iR-ADV C5535 PDF', date: parties.reportDate });
  const helvetica = await sheet.fonts('Helvetica');
  const italic = await sheet.pdf.embedFont(StandardFonts.TimesRomanItalic);
  const boldItalic = await sheet.pdf.embedFont(StandardFonts.TimesRomanBoldItalic);
  const print = { regular: { font: helvetica.regular, size: 7.5, gray: 0.3 }, bold: { font: helvetica.bold, size: 7.5, gray: 0.3 } };
  const hand: Hand = { random: random.child('hand'), style: { font: italic, size: style.handSize, gray: 0.12 }, headingStyle: { font: boldItalic, size: style.handSize, gray: 0.12 } };
  const pages = paginate(writtenRows(sheet, document, style, hand));
  const number = String(new Random(document.seed).child('pad number').int(1200, 9800));
  pages.forEach((rows, index) => {
    sheet.addPage();
    padPrint(sheet, document, style, print, number);
    fillHeader(sheet, document, hand, index === 0);
    fillRows(sheet, hand, rows);
    const boxTop = TABLE_TOP + ROWS * ROW_HEIGHT;
    write(sheet, hand, parties.contractor!.name.split(' ')[0], LEFT + 60, boxTop + 22);
    write(sheet, hand, String(index + 1), LEFT + 26, boxTop + 42);
    write(sheet, hand, String(pages.length), LEFT + 60, boxTop + 42);
    if (index === pages.length - 1) fillTotals(sheet, document, style, hand);
    else write(sheet, hand, `cont. on page ${index + 2}`, LEFT + 4, boxTop + 62);
  });
  return sheet.save();
}

export const g76: SorFamily = {
  id: 'g76',
  name: 'field estimate written by hand (Times Italic, each entry off its rule) on a pre-printed pad of 24 ruled rows: QTY | UNIT | DESCRIPTION OF WORK | MATERIAL | LABOR | AMOUNT, lower-case units, rooms as underlined rows, empty rows after the last item, the totals box filled on the last sheet',
  heldOut: false,
  items: [8, 30],
  dateStyle: 'short',
  printed: printedFields(),
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'room',
    contractorSelected: true,
    heading: roomHeading(false),
    verbosity: 0.12,
    credits: 0.15,
    recap: {
      generalConditions: null,
      overheadAndProfit: random.chance(0.7) ? [10, 15, 20] : null,
      before: (inner, sections) => {
        const lines: RecapLine[] = [];
        if (inner.chance(0.5)) lines.push({ label: 'Permit', amount: inner.int(3, 24) * 2500 });
        if (inner.chance(0.35)) {
          const material = sections.reduce((sum, section) => sum + sectionTotal(section, 'material'), 0);
          lines.push({ label: 'Tax', amount: Math.round((material * inner.pick([6, 6.5, 7, 8.25])) / 100) });
        }
        return lines;
      },
    },
  }),
  render,
};
