import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type Section, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import { columnsAcross, descriptionTable, itemCells, oneLine, pickEach, printedFields, recapLineRows, recapRows, type RecapRow } from './parts.js';

/**
 * g57: a lender's 203(k) rehabilitation budget form: the job facts in ruled boxes, each with its label in small
 * type above the value, then the table in Times under a shaded two-line header: No. | Description of Work |
 * Qty | Unit | Material Cost | Labor Cost | Line Total | % of Budget, alternate rows shaded. Sections carry
 * Roman numerals ("III. Electrical"), items "III-1", "III-2" …, each section closed by a subtotal row with
 * its share of the budget. After the table a BUDGET SUMMARY lists the sections' totals again, then the total
 * of construction, general conditions sometimes, overhead and profit on two lines, a contingency reserve
 * above the TOTAL REHABILITATION BUDGET, and the borrower's and the consultant's signature lines.
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    form: ['Form RB-2 (rev. 03/24)', 'Form 203K-B (06/2025)', 'Rehab Budget Worksheet v4'],
    zebra: [0.91, 0.94],
    band: [0.72, 0.8],
  });

type Style = ReturnType<typeof chooseStyle>;

const LEFT = 40;
const RIGHT = 572;

const COLUMNS = columnsAcross(LEFT, RIGHT, [
  ['number', 'No.', 34, 'left'],
  ['description', 'Description of Work', 214, 'left'],
  ['quantity', 'Qty', 40, 'right'],
  ['unit', 'Unit', 28, 'center'],
  ['material', ['Material', 'Cost'], 58, 'right'],
  ['labor', ['Labor', 'Cost'], 58, 'right'],
  ['total', ['Line', 'Total'], 62, 'right'],
  ['share', ['% of', 'Budget'], 'rest', 'right'],
]);

const ROMAN: Array<[number, string]> = [[10, 'X'], [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I']];

/** 1 → "I", 14 → "XIV". */
function romanNumeral(value: number): string {
  let rest = value;
  let text = '';
  for (const [amount, letters] of ROMAN) {
    while (rest >= amount) {
      text += letters;
      rest -= amount;
    }
  }
  return text;
}

/** "III" of "III. Electrical". */
const numeralOf = (heading: string): string => heading.split('.')[0];

/** One decimal, as the form's formula cells print it: "4.7%". */
const shareOf = (cents: number, whole: number): string => `${((100 * cents) / whole).toFixed(1)}%`;

function formBoxes(sheet: Sheet, document: SorDocument, style: Style, regular: TextStyle, bold: TextStyle): void {
  const { parties } = document;
  const contractor = parties.contractor;
  sheet.text(parties.lender, LEFT, 50, { ...bold, size: 12 });
  sheet.text('203(k) REHABILITATION BUDGET', LEFT, 66, { ...bold, size: 10 });
  sheet.text(style.form, RIGHT, 50, { ...regular, size: 7, gray: 0.35 }, 'right');
  sheet.text(`Loan no. ${parties.loanNumber}`, RIGHT, 66, regular, 'right');
  const width = (RIGHT - LEFT) / 3;
  const rows: Array<Array<[string, string, number]>> = [
    [['Borrower(s)', parties.borrower, 1], ['Property address', oneLine(parties.property), 2]],
    [['FHA case number', parties.fhaCaseNumber, 1], ['Date of inspection', formatDate(parties.inspectionDate, 'abbrev'), 1], ['Consultant', `${parties.consultant}, ${parties.consultantId}`, 1]],
    [['Contractor', contractor ? contractor.name : 'Borrower to select', 1], ['Contractor license', contractor ? contractor.license : '', 1], ['Contractor telephone', contractor ? contractor.phone : '', 1]],
  ];
  rows.forEach((cells, row) => {
    let x = LEFT;
    for (const [label, value, span] of cells) {
      const top = 76 + row * 26;
      sheet.box(x, top, width * span, 26, { stroke: 0, thickness: 0.6 });
      sheet.text(label, x + 3, top + 8, { ...regular, size: 7, gray: 0.15 });
      sheet.text(value, x + 4, top + 20, { ...regular, size: 9 });
      x += width * span;
    }
  });
  sheet.y = 76 + rows.length * 26 + 10;
}

function itemRows(document: SorDocument): TableRow[] {
  const budget = document.recap.subtotal;
  return document.sections.flatMap((section): TableRow[] => {
    const numeral = numeralOf(section.heading);
    return [
      { kind: 'heading', text: section.heading },
      ...section.items.map((item, index): TableRow => ({
        kind: 'item',
        cells: { number: `${numeral}-${index + 1}`, ...itemCells(item), share: shareOf(item.total, budget) },
      })),
      {
        kind: 'total',
        label: `Subtotal ${numeral}`,
        labelKey: 'description',
        rule: true,
        cells: { material: money(sectionTotal(section, 'material')), labor: money(sectionTotal(section, 'labor')), total: money(sectionTotal(section)), share: shareOf(sectionTotal(section), budget) },
      },
      { kind: 'space', height: 4 },
    ];
  });
}

function summary(sheet: Sheet, document: SorDocument, regular: TextStyle, bold: TextStyle): void {
  const { recap, sections } = document;
  const dollars = (cents: number) => money(cents, { dollar: true });
  const bySection: RecapRow[] = sections.map((section) => ({ label: section.heading, amount: dollars(sectionTotal(section)), rate: shareOf(sectionTotal(section), recap.subtotal) }));
  const rows: RecapRow[] = [{ label: 'Total construction (all sections)', amount: dollars(recap.subtotal), bold: true, rule: true }];
  if (recap.generalConditions) rows.push({ label: `General conditions ${percentText(recap.generalConditions.rate)}`, amount: dollars(recap.generalConditions.amount) });
  if (recap.overhead) rows.push({ label: `Overhead ${percentText(recap.overhead.rate)}`, amount: dollars(recap.overhead.amount) });
  if (recap.profit) rows.push({ label: `Profit ${percentText(recap.profit.rate)}`, amount: dollars(recap.profit.amount) });
  rows.push(...recapLineRows(recap.before, dollars), { label: 'TOTAL REHABILITATION BUDGET', amount: dollars(recap.grandTotal), bold: true, rule: true });
  sheet.ensure((bySection.length + rows.length) * 12 + 110);
  sheet.y += 10;
  sheet.text('BUDGET SUMMARY', 300, sheet.y + 8, bold);
  sheet.y += 14;
  const layout = { labelX: 300, amountRight: RIGHT - 3, rateX: 480, leading: 12, regular, bold };
  recapRows(sheet, bySection, layout);
  recapRows(sheet, rows, layout);
  sheet.y += 30;
  for (const [x, label] of [[LEFT, 'Borrower'], [220, 'Co-borrower'], [400, '203(k) Consultant']] as const) {
    sheet.rule(x, x + 160, sheet.y, 0.5);
    sheet.text(`${label} / date`, x, sheet.y + 9, { ...regular, size: 7 });
  }
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g57-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 40, bottom: 48, left: LEFT, right: 612 - RIGHT }, title: `Rehabilitation budget ${parties.fhaCaseNumber}`, producer: 'LoanForms Renovation 11', date: parties.reportDate });
  const helvetica = await sheet.fonts('Helvetica');
  const times = await sheet.fonts('Times');
  const regular: TextStyle = { font: helvetica.regular, size: 8 };
  const bold: TextStyle = { font: helvetica.bold, size: 8 };
  const body: TextStyle = { font: times.regular, size: 9 };
  sheet.addPage();
  formBoxes(sheet, document, style, regular, bold);
  const spec = descriptionTable(COLUMNS, body, { ...body, font: times.bold }, {
    header: { ...bold, size: 7.5 },
    headerBand: style.band,
    headerRules: 'none',
    lineHeight: 10.5,
    rowGap: 2.5,
    padding: 3,
    zebra: style.zebra,
    heading: {
      height: 16,
      draw: (target, text, top) => target.text(text, LEFT + 3, top + 12, { ...bold, size: 9 }),
    },
    continued: (heading) => `${heading} (continued)`,
  });
  writeTable(sheet, spec, itemRows(document));
  summary(sheet, document, regular, bold);
  sheet.decorate((index, count) => {
    sheet.text(`${style.form}  -  ${parties.borrower}`, LEFT, 770, { ...regular, size: 7, gray: 0.4 });
    sheet.text(`Page ${index + 1} of ${count}`, RIGHT, 770, { ...regular, size: 7, gray: 0.4 }, 'right');
  });
  return sheet.save();
}

/** A contingency reserve on the construction total, above the grand total. */
function contingency(random: Random, sections: Section[]): Array<{ label: string; amount: number }> {
  const rate = random.pick([10, 15]);
  const construction = sections.reduce((sum, section) => sum + sectionTotal(section), 0);
  return [{ label: `Contingency reserve ${rate}% of construction`, amount: Math.round((construction * rate) / 100) }];
}

export const g57: SorFamily = {
  id: 'g57',
  name: "lender's rehabilitation budget form with Roman-numeral sections, a percent-of-budget column, a budget summary and the contingency above the total",
  heldOut: false,
  items: [12, 50],
  dateStyle: 'abbrev',
  printed: printedFields(),
  spec: (random, itemCount) => {
    const upper = random.chance(0.4);
    return {
      itemCount,
      grouping: random.chance(0.5) ? 'room' : 'trade',
      heading: ({ ordinal, trade, room }) => {
        const name = room ? room.name : trade!.name;
        return `${romanNumeral(ordinal)}. ${upper ? name.toUpperCase() : name}`;
      },
      verbosity: 0.25,
      recap: {
        generalConditions: random.chance(0.4) ? [5, 6, 8] : null,
        overheadAndProfit: [8, 10],
        split: true,
        before: contingency,
      },
    };
  },
  render,
};
