import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type SorDocument } from '../model.js';
import { writeTable, type Column, type TableSpec } from '../table.js';
import { cityLine, labelValues, oneLine, printedFields, recapLineRows, recapRows, sectionRows, streetLine } from './parts.js';

/**
 * g3: a contractor's bid by CSI division, in Times-Roman. Centred letterhead, "Submitted to" block
 * and a paragraph of terms, then Description | Labor | Material | Amount (labor before material,
 * no quantities or units) under "DIVISION 09 – FINISHES" headings with a division total each;
 * the recap ends with TOTAL BID, and a contingency reserve is printed after it.
 */

const COLUMNS: Column[] = [
  { key: 'description', header: ['Description'], x: 54, width: 300, align: 'left' },
  { key: 'labor', header: ['Labor'], x: 354, width: 66, align: 'right' },
  { key: 'material', header: ['Material'], x: 420, width: 66, align: 'right' },
  { key: 'total', header: ['Amount'], x: 486, width: 72, align: 'right' },
];

const TERMS =
  'We propose to furnish all labor, materials, equipment and supervision necessary to complete the work described below, in accordance with the FHA 203(k) specification of repairs and all applicable codes, for the sums stated. Work not listed is excluded. This proposal may be withdrawn if not accepted within 30 days.';

function letterhead(sheet: Sheet, document: SorDocument, styles: { big: TextStyle; regular: TextStyle; bold: TextStyle; italic: TextStyle }): void {
  const { parties } = document;
  const contractor = parties.contractor!;
  sheet.text(contractor.name.toUpperCase(), 306, 50, styles.big, 'center');
  sheet.text(oneLine(contractor.address), 306, 64, styles.regular, 'center');
  sheet.text(`Tel. ${contractor.phone}   •   License No. ${contractor.license}`, 306, 76, styles.regular, 'center');
  sheet.rule(54, 558, 84, 0.8);
  sheet.rule(54, 558, 86.5, 0.4);
  sheet.text('PROPOSAL AND BID', 306, 108, { ...styles.bold, size: 13 }, 'center');
  sheet.y = 122;
  labelValues(
    sheet,
    [
      ['Submitted to:', parties.borrower],
      ['Project:', `Renovation of ${streetLine(parties.property)}`],
      ['', cityLine(parties.property)],
      ['Lender:', `${parties.lender} (FHA 203(k))`],
      ['Bid date:', formatDate(parties.reportDate, 'long')],
    ],
    54,
    72,
    styles.bold,
    styles.regular,
    13,
  );
  sheet.y += 6;
  sheet.paragraph(TERMS, 54, 504, styles.italic, 12);
  sheet.y += 10;
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const { parties, recap } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 56, bottom: 60, left: 54, right: 54 }, title: 'Proposal', producer: 'Microsoft Word', date: parties.reportDate });
  const fonts = await sheet.fonts('Times');
  const regular: TextStyle = { font: fonts.regular, size: 10.5 };
  const bold: TextStyle = { font: fonts.bold, size: 10.5 };
  sheet.addPage();
  letterhead(sheet, document, { big: { font: fonts.bold, size: 16 }, regular, bold, italic: { font: fonts.italic, size: 10 } });

  const spec: TableSpec = {
    columns: COLUMNS,
    wrapKey: 'description',
    body: regular,
    bold: { font: fonts.italic, size: 10.5 },
    header: { font: fonts.bold, size: 10.5 },
    lineHeight: 12.5,
    rowGap: 3,
    padding: 4,
    headerRules: 'below',
    heading: {
      height: 22,
      draw: (target, text, top) => target.text(text, 54, top + 16, { font: fonts.bold, size: 11 }),
    },
    continued: (text) => `${text} (continued)`,
  };
  const amount = (cents: number) => money(cents, { dollar: true });
  const rows = sectionRows(
    document.sections,
    (section) =>
      section.items.map((item) => ({
        kind: 'item' as const,
        cells: { description: item.description, labor: amount(item.labor), material: amount(item.material), total: amount(item.total) },
      })),
    (section) => [{ kind: 'total' as const, label: `Total ${section.heading.split(' –')[0]}`, labelKey: 'material', cells: { total: amount(sectionTotal(section)) } }],
  );
  writeTable(sheet, spec, rows);

  sheet.ensure(150);
  sheet.y += 14;
  const layout = { labelX: 300, amountRight: 554, leading: 15, regular, bold: { font: fonts.bold, size: 11.5 }, ruleFrom: 470 };
  recapRows(
    sheet,
    [
      { label: 'Subtotal, all divisions', amount: amount(recap.subtotal) },
      { label: 'General Conditions & Supervision', amount: amount(recap.generalConditions!.amount) },
      { label: `Contractor's Overhead & Profit (${percentText(recap.overhead!.rate)})`, amount: amount(recap.overhead!.amount) },
      { label: 'TOTAL BID', amount: amount(recap.grandTotal), bold: true, rule: true },
    ],
    layout,
  );
  sheet.rule(470, 554, sheet.y - 2, 0.5);
  sheet.rule(470, 554, sheet.y, 0.5);
  sheet.y += 10;
  recapRows(sheet, recapLineRows(recap.after, amount), { ...layout, regular: { font: fonts.italic, size: 10 } });
  sheet.y += 26;
  sheet.text('Accepted by Owner: ______________________________     Date: ______________', 54, sheet.y, regular);

  sheet.decorate((index, count) => {
    sheet.text(`Page ${index + 1} of ${count}`, 306, 752, { font: fonts.regular, size: 9 }, 'center');
    sheet.text('Owner initials ______', 558, 752, { font: fonts.regular, size: 9 }, 'right');
  });
  return sheet.save();
}

export const g3: SorFamily = {
  id: 'g3',
  name: 'CSI division contractor bid',
  heldOut: false,
  items: [8, 35],
  dateStyle: 'long',
  printed: printedFields({ quantity: false, unit: false, consultant: false, inspectionDate: false }),
  spec: (random, itemCount) => {
    const contingency = random.pick([10, 15, 20]);
    return {
      itemCount,
      grouping: 'trade',
      contractorSelected: true,
      wholeDollars: true,
      heading: ({ trade }) => `DIVISION ${trade!.csiNumber} – ${trade!.csiTitle}`,
      verbosity: 0.45,
      recap: {
        generalConditions: [4, 5, 6, 8],
        overheadAndProfit: [10, 12, 15],
        after: (_random, grandTotal) => {
          const reserve = Math.round((grandTotal * contingency) / 100);
          return [
            { label: `Contingency Reserve (${contingency}%), held by lender`, amount: reserve },
            { label: 'Total with Contingency', amount: grandTotal + reserve },
          ];
        },
      },
    };
  },
  render,
};
