import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type Column, type TableSpec } from '../table.js';
import { addressPairs, cityLine, labelValues, printedFields, recapRows, sectionRows, streetLine, titleCase } from './parts.js';

/**
 * g1: an estimating-software export. Contractor letterhead and a boxed job block, then
 * Item Code | Description | Qty | UOM | Material | Labor | Equipment | Tax | Total in 7 pt,
 * CSI MasterFormat headings ("06 00 00 Wood, Plastics & Composites") with subtotal rows,
 * the header repeated on every page, a markup table at the end, "Page n of N" footers.
 */

const COLUMNS: Column[] = [
  { key: 'code', header: ['Item Code'], x: 30, width: 50, align: 'left' },
  { key: 'description', header: ['Description'], x: 80, width: 196, align: 'left' },
  { key: 'quantity', header: ['Qty'], x: 276, width: 36, align: 'right' },
  { key: 'unit', header: ['UOM'], x: 312, width: 24, align: 'center' },
  { key: 'material', header: ['Material'], x: 336, width: 50, align: 'right' },
  { key: 'labor', header: ['Labor'], x: 386, width: 50, align: 'right' },
  { key: 'equipment', header: ['Equipment'], x: 436, width: 44, align: 'right' },
  { key: 'tax', header: ['Tax'], x: 480, width: 34, align: 'right' },
  { key: 'total', header: ['Total'], x: 514, width: 68, align: 'right' },
];

const SOFTWARE = 'ProEst Builder 11.4';

function letterhead(sheet: Sheet, document: SorDocument, styles: Record<'title' | 'body' | 'bold' | 'big', TextStyle>, estimateNo: string): void {
  const { parties } = document;
  const contractor = parties.contractor!;
  sheet.text(contractor.name, 30, 48, styles.big);
  sheet.text(streetLine(contractor.address), 30, 60, styles.body);
  sheet.text(cityLine(contractor.address), 30, 69, styles.body);
  sheet.text(`Phone ${contractor.phone}   ${contractor.email}`, 30, 78, styles.body);
  sheet.text(`License No. ${contractor.license}`, 30, 87, styles.body);
  sheet.text('DETAILED ESTIMATE', 582, 50, styles.title, 'right');
  sheet.text(`Estimate No. ${estimateNo}`, 582, 62, styles.body, 'right');
  sheet.text(`Bid Date ${formatDate(parties.reportDate, 'us')}`, 582, 71, styles.body, 'right');
  sheet.text('Estimate type: Renovation / FHA 203(k)', 582, 80, styles.body, 'right');
  sheet.box(30, 98, 552, 50, { stroke: 0, thickness: 0.6 });
  sheet.y = 104;
  const label = styles.bold;
  const value = styles.body;
  const top = sheet.y;
  labelValues(sheet, [['Customer', parties.borrower], ...addressPairs('Job Site', parties.property), ['Lender', parties.lender]], 36, 52, label, value, 9.5);
  sheet.y = top;
  labelValues(sheet, [['203(k) Consultant', parties.consultant], ['Loan No.', parties.loanNumber], ['Building Size', `${parties.buildingSize.toLocaleString('en-US')} SF`], ['Estimator', 'J. Whitfield']], 320, 76, label, value, 9.5);
  sheet.y = 158;
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('render');
  const { parties, recap } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 50, bottom: 46, left: 30, right: 30 }, title: 'Detailed Estimate', producer: SOFTWARE, date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const body: TextStyle = { font: fonts.regular, size: 7 };
  const bold: TextStyle = { font: fonts.bold, size: 7 };
  const estimateNo = `E${random.int(24000, 26999)}-${random.int(1, 9)}`;
  const small: TextStyle = { font: fonts.regular, size: 6.5, gray: 0.25 };
  sheet.onPageStart = (current) => {
    if (current.pages.length === 1) return;
    current.text(`${parties.contractor!.name}  -  Estimate ${estimateNo}  -  ${parties.borrower}`, 30, 34, small);
    current.rule(30, 582, 38, 0.4, 0.4);
  };
  sheet.addPage();
  letterhead(sheet, document, { title: { font: fonts.bold, size: 13 }, body: { font: fonts.regular, size: 7.5 }, bold: { font: fonts.bold, size: 7.5 }, big: { font: fonts.bold, size: 14 } }, estimateNo);

  const spec: TableSpec = {
    columns: COLUMNS,
    wrapKey: 'description',
    body,
    bold,
    header: { font: fonts.bold, size: 7 },
    lineHeight: 9,
    rowGap: 2.6,
    padding: 2,
    headerBand: 0.82,
    headerRules: 'above-below',
    rowRules: 0.75,
    heading: {
      height: 14,
      draw: (target, text, top) => target.text(text, 32, top + 10, { font: fonts.bold, size: 7.5 }),
    },
    continued: (heading) => `${heading} (cont.)`,
  };
  const amount = (cents: number) => money(cents);
  const rows = sectionRows(
    document.sections,
    (section) =>
      section.items.map((item, index) => ({
        kind: 'item' as const,
        cells: {
          code: `${section.heading.slice(0, 2)}${String(random.int(1, 9) * 10).padStart(2, '0')}00-${String((index + 1) * 10).padStart(4, '0')}`,
          description: item.description,
          quantity: quantityText(item.quantity, 2),
          unit: item.unit,
          material: amount(item.material),
          labor: amount(item.labor),
          equipment: amount(item.equipment),
          tax: amount(item.tax),
          total: amount(item.total),
        },
      })),
    (section) => [
      {
        kind: 'total' as const,
        label: `Subtotal ${section.heading.slice(0, 8)}`,
        labelKey: 'description',
        rule: true,
        cells: {
          material: amount(sectionTotal(section, 'material')),
          labor: amount(sectionTotal(section, 'labor')),
          equipment: amount(sectionTotal(section, 'equipment')),
          tax: amount(sectionTotal(section, 'tax')),
          total: amount(sectionTotal(section)),
        },
      },
      { kind: 'space' as const, height: 4 },
    ],
  );
  writeTable(sheet, spec, rows);

  sheet.ensure(80);
  sheet.y += 8;
  sheet.text('ESTIMATE SUMMARY', 356, sheet.y + 8, { font: fonts.bold, size: 8 });
  sheet.y += 13;
  const markups = [
    { label: 'Direct Cost Subtotal', amount: money(recap.subtotal) },
    { label: 'General Conditions', rate: percentText(recap.generalConditions!.rate), amount: money(recap.generalConditions!.amount) },
    { label: 'Overhead & Profit', rate: percentText(recap.overhead!.rate), amount: money(recap.overhead!.amount) },
    { label: 'GRAND TOTAL', amount: money(recap.grandTotal, { dollar: true }), bold: true, rule: true },
  ];
  recapRows(sheet, markups, { labelX: 356, rateX: 500, amountRight: 580, leading: 11, regular: { font: fonts.regular, size: 7.5 }, bold: { font: fonts.bold, size: 8 } });
  sheet.y += 8;
  sheet.paragraph('Tax is calculated on materials only. Equipment includes rental, fuel and delivery. Prices valid for 30 days from the bid date.', 30, 320, small, 8);

  sheet.decorate((index, count) => {
    sheet.rule(30, 582, 758, 0.4, 0.4);
    sheet.text(`${SOFTWARE}  |  Printed ${formatDate(parties.reportDate, 'us')} 3:04 PM`, 30, 768, small);
    sheet.text(`Page ${index + 1} of ${count}`, 582, 768, small, 'right');
  });
  return sheet.save();
}

export const g1: SorFamily = {
  id: 'g1',
  name: 'estimating-software export',
  heldOut: false,
  items: [40, 80],
  dateStyle: 'us',
  printed: printedFields({ inspectionDate: false }),
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'trade',
    contractorSelected: true,
    heading: ({ trade }) => `${trade!.csiNumber} 00 00 ${titleCase(trade!.csiTitle)}`,
    verbosity: 0.4,
    equipmentAndTax: { taxRate: random.pick([6, 6.25, 7, 7.25, 8.25]) },
    recap: { generalConditions: [5, 6, 8, 10], overheadAndProfit: [10, 12, 15], overheadOnGeneralConditions: random.chance(0.5) },
  }),
  render,
};
