import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type Fonts, type TextStyle } from '../layout.js';
import { sectionTotal, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type Column, type TableRow, type TableSpec } from '../table.js';
import { ROOMS, TRADES } from '../work-items.js';
import { contingencyReserve, dollarTotalRow, oneLine, permitFee, printedFields, withTotalLine } from './parts.js';

/**
 * g32 (held out): a rehab budget kept in an online spreadsheet and printed landscape with gridlines,
 * the frozen header row repeated on every page. A title cell and a grid of label and value cells for the
 * parties, then one flat list: # | Category | Scope of Work | Qty | Unit | Material | Labor | Total |
 * Notes, every amount as currency ("$1,240.00"). There are no heading rows: the trade or room is the
 * Category column ("Room" or "Area" in some), filled on every row or only on the first row of its run,
 * and the rows are sorted by it. Notes ("Owner picks color", "Code item") fill some rows. Under the
 * list a summary by category (a total for each), the subtotal, the contractor's fee, permits and the
 * TOTAL, then the contingency and sometimes the total with it. The browser prints the workbook and
 * sheet name at the top of each page and the page number at the foot.
 */

interface Style {
  workbook: string;
  sheetName: string;
  repeatCategory: boolean;
  feeLabel: string;
  totalLabel: string;
}

function chooseStyle(random: Random, street: string): Style {
  return {
    workbook: random.pick([`Rehab Budget - ${street}`, `${street} renovation estimate`, `Scope & Budget ${street}`]),
    sheetName: random.pick(['Budget', 'Estimate', 'Scope of Work', 'Sheet1']),
    repeatCategory: random.chance(0.5),
    feeLabel: random.pick(['Contractor fee', 'GC overhead & profit', 'Overhead & profit']),
    totalLabel: random.pick(['TOTAL', 'TOTAL PROJECT COST', 'Total rehab budget']),
  };
}

const LEFT = 30;
const RIGHT = 762;
const NOTES = ['Owner picks color', 'Code item', 'Verify in field', 'Per inspection report', 'Sub quote attached', 'Match existing', 'Health & safety', 'Lender required', 'Price good 30 days'];

const currency = (cents: number): string => money(cents, { dollar: true });

function columnsFor(categoryHeader: string): Column[] {
  const layout: Array<[string, string, number, Column['align']]> = [
    ['number', '#', 22, 'center'],
    ['category', categoryHeader, 120, 'left'],
    ['description', 'Scope of Work', 224, 'left'],
    ['quantity', 'Qty', 40, 'right'],
    ['unit', 'Unit', 30, 'center'],
    ['material', 'Material', 68, 'right'],
    ['labor', 'Labor', 68, 'right'],
    ['total', 'Total', 72, 'right'],
    ['notes', 'Notes', 88, 'left'],
  ];
  let x = LEFT;
  return layout.map(([key, header, width, align]) => {
    const column: Column = { key, header: [header], x, width, align };
    x += width;
    return column;
  });
}

function listRows(document: SorDocument, style: Style, random: Random): TableRow[] {
  let number = 0;
  return document.sections.flatMap((section) =>
    section.items.map((item, index): TableRow => {
      number += 1;
      return {
        kind: 'item',
        cells: {
          number: String(number),
          category: style.repeatCategory || index === 0 ? section.heading : '',
          description: item.description,
          quantity: quantityText(item.quantity),
          unit: item.unit,
          material: currency(item.material),
          labor: currency(item.labor),
          total: currency(item.total),
          notes: random.chance(0.3) ? random.pick(NOTES) : '',
        },
      };
    }),
  );
}

/** Label and value cells of the parties, two pairs a row, each cell boxed as the sheet's gridlines print. */
function partiesCells(sheet: Sheet, document: SorDocument, fonts: Fonts): void {
  const { parties } = document;
  const contractor = parties.contractor;
  const rows: Array<[string, string, string, string]> = [
    ['Borrower', parties.borrower, 'Contractor', contractor ? contractor.name : 'TBD'],
    ['Property', oneLine(parties.property), 'License #', contractor ? contractor.license : ''],
    ['Lender', parties.lender, 'Phone', contractor ? contractor.phone : ''],
    ['Loan #', parties.loanNumber, 'Date', formatDate(parties.reportDate, 'us')],
  ];
  const widths = [70, 296, 70, 296];
  const label: TextStyle = { font: fonts.bold, size: 8 };
  const value: TextStyle = { font: fonts.regular, size: 8 };
  for (const row of rows) {
    let x = LEFT;
    row.forEach((text, index) => {
      sheet.box(x, sheet.y, widths[index], 13, { fill: index % 2 === 0 ? 0.9 : undefined, stroke: 0.55, thickness: 0.4 });
      sheet.text(text, x + 3, sheet.y + 9.5, index % 2 === 0 ? label : value);
      x += widths[index];
    });
    sheet.y += 13;
  }
  sheet.y += 12;
}

function summaryRows(document: SorDocument, style: Style): TableRow[] {
  const { recap } = document;
  return [
    { kind: 'space', height: 10 },
    { kind: 'note', text: 'SUMMARY BY CATEGORY' },
    ...document.sections.map((section): TableRow => ({ kind: 'item', cells: { description: section.heading, total: currency(sectionTotal(section)) } })),
    dollarTotalRow('Subtotal', recap.subtotal, true),
    ...(recap.overhead ? [dollarTotalRow(`${style.feeLabel} (${percentText(recap.overhead.rate)})`, recap.overhead.amount)] : []),
    ...recap.before.map((entry) => dollarTotalRow(entry.label, entry.amount)),
    dollarTotalRow(style.totalLabel, recap.grandTotal, true),
    ...recap.after.map((entry) => ({ kind: 'item' as const, cells: { description: entry.label, total: currency(entry.amount) } })),
  ];
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g32-render');
  const { parties } = document;
  const style = chooseStyle(random.child('style'), parties.property.street);
  const sheet = await Sheet.create({ size: [792, 612], margins: { top: 40, bottom: 36, left: LEFT, right: 792 - RIGHT }, title: style.workbook, producer: 'Google Sheets', date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  sheet.addPage();
  sheet.text(style.workbook.toUpperCase(), LEFT, sheet.y + 14, { font: fonts.bold, size: 14 });
  sheet.y += 24;
  partiesCells(sheet, document, fonts);
  const byRoom = document.sections.some((section) => ROOMS.some((room) => room.name === section.heading) && !TRADES.some((trade) => trade.name === section.heading));
  const spec: TableSpec = {
    columns: columnsFor(byRoom ? random.pick(['Room', 'Area']) : 'Category'),
    wrapKey: 'description',
    body: { font: fonts.regular, size: 8 },
    bold: { font: fonts.bold, size: 8 },
    header: { font: fonts.bold, size: 8 },
    lineHeight: 9.6,
    rowGap: 3,
    padding: 3,
    headerBand: 0.82,
    grid: true,
    heading: { height: 0, draw: () => undefined },
  };
  writeTable(sheet, spec, [...listRows(document, style, random.child('notes')), ...summaryRows(document, style)]);
  const small: TextStyle = { font: fonts.regular, size: 7.5, gray: 0.3 };
  sheet.decorate((index) => {
    sheet.text(style.workbook, LEFT, 22, small);
    sheet.text(style.sheetName, RIGHT, 22, small, 'right');
    sheet.text(String(index + 1), 396, 592, small, 'center');
  });
  return sheet.save();
}

export const g32: SorFamily = {
  id: 'g32',
  name: 'spreadsheet budget with the trade or room as a column of every row',
  heldOut: false,
  items: [12, 60],
  dateStyle: 'us',
  printed: printedFields({ consultant: false, inspectionDate: false }),
  spec: (random, itemCount) => {
    const grouping = random.chance(0.55) ? 'trade' : 'room';
    return {
      itemCount,
      grouping,
      heading: ({ trade, room }) => (trade ? trade.name : room!.name),
      verbosity: 0.2,
      wholeDollars: random.chance(0.4),
      recap: {
        generalConditions: null,
        overheadAndProfit: random.chance(0.75) ? [8, 10, 12, 15] : null,
        before: (feeRandom) => permitFee(feeRandom, 0.6, ['Permits & fees', 'Permits'], 1250),
        after: (reserveRandom, grandTotal) => {
          const reserve = contingencyReserve(reserveRandom, grandTotal, [10, 15]);
          return reserveRandom.chance(0.5) ? withTotalLine([reserve], 'Total with contingency', grandTotal) : [reserve];
        },
      },
    };
  },
  render,
};
