import { formatDate, type CalendarDate, type DateStyle } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type FontFamily, type Fonts, type TextStyle } from '../layout.js';
import { sectionTotal, type RecapLine, type Section, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type Column, type TableRow, type TableSpec } from '../table.js';
import type { Trade } from '../work-items.js';
import { subsectionOf } from './g15-cost-plan.subsections.js';
import { labelValueRows, oneLine, printedFields, titleCase, type Pair } from './parts.js';

/**
 * g15: an estimator's cost plan (opinion of probable construction cost) organised by CSI
 * MasterFormat. A project block with the gross floor area and estimate class, then
 * Code | Description | Qty | Unit | Unit Cost | Amount | $/SF on two heading levels: divisions
 * ("07 – Thermal & Moisture Protection", the sections) and MasterFormat subsections
 * ("07 31 13  Asphalt Shingles", bold rows without amounts). Division totals with cost per square
 * foot, "(cont.)" headings after a page break, then a markups table (general conditions, fee,
 * design contingency, escalation) with a running total, the total estimated construction cost,
 * and the accuracy range after it. No contractor is named: the plan comes before bidding.
 */

/** Division number and title; cabinets and appliances print as equipment and furnishings. */
function division(trade: Trade): [string, string] {
  if (trade.id === 'cabinets') return ['11', 'EQUIPMENT & FURNISHINGS'];
  return [trade.csiNumber, trade.csiTitle];
}

const HEADINGS = [
  (number: string, title: string) => `${number} – ${titleCase(title)}`,
  (number: string, title: string) => `DIV. ${number} – ${title}`,
  (number: string, title: string) => `Division ${number}: ${titleCase(title)}`,
];

/** Items in print order: by subsection code within a division, as listed otherwise. */
function printedSections(document: SorDocument): Section[] {
  return document.sections.map((section) => ({
    heading: section.heading,
    items: section.items
      .map((item, index) => ({ item, index, code: subsectionOf(item)[0] }))
      .sort((a, b) => a.code.localeCompare(b.code) || a.index - b.index)
      .map(({ item }) => item),
  }));
}

interface Style {
  font: FontFamily;
  size: number;
  joinedQuantity: boolean;
  perSquareFoot: boolean;
  dollarTotals: boolean;
  dateStyle: DateStyle;
  title: string;
  phase: string;
  totalLabel: (number: string) => string;
}

function chooseStyle(random: Random): Style {
  return {
    font: random.pick<FontFamily>(['Helvetica', 'Times', 'Helvetica']),
    size: random.pick([7.5, 8, 8.5]),
    joinedQuantity: random.chance(0.35),
    perSquareFoot: random.chance(0.7),
    dollarTotals: random.chance(0.5),
    dateStyle: random.pick<DateStyle>(['long', 'us', 'abbrev']),
    title: random.pick(['OPINION OF PROBABLE CONSTRUCTION COST', 'CONSTRUCTION COST PLAN', 'COST ESTIMATE – SCHEMATIC DESIGN']),
    phase: random.pick(['Class 3 (budget authorization)', 'Class 4 (study / feasibility)', 'Class 3 – design development']),
    totalLabel: random.pick([(number: string) => `Total Division ${number}`, (number: string) => `DIVISION ${number} TOTAL`, (number: string) => `Subtotal ${number}`]),
  };
}

const LEFT = 36;
const RIGHT = 576;

function columns(style: Style): Column[] {
  const amountRight = style.perSquareFoot ? RIGHT - 40 : RIGHT;
  const amount: Column = { key: 'amount', header: ['Amount'], x: amountRight - 66, width: 66, align: 'right' };
  const rate: Column = { key: 'rate', header: ['Unit', 'Cost'], x: amount.x - 54, width: 54, align: 'right' };
  const quantity: Column[] = style.joinedQuantity
    ? [{ key: 'quantity', header: ['Quantity'], x: rate.x - 64, width: 64, align: 'right' }]
    : [
        { key: 'quantity', header: ['Qty'], x: rate.x - 70, width: 44, align: 'right' },
        { key: 'unit', header: ['Unit'], x: rate.x - 26, width: 26, align: 'center' },
      ];
  const first = quantity[0].x;
  return [
    { key: 'code', header: ['Code'], x: LEFT, width: 48, align: 'left' },
    { key: 'description', header: ['Description'], x: LEFT + 48, width: first - LEFT - 48, align: 'left' },
    ...quantity,
    rate,
    amount,
    ...(style.perSquareFoot ? [{ key: 'perSf', header: ['$/SF'], x: amountRight, width: RIGHT - amountRight, align: 'right' as const }] : []),
  ];
}

function projectBlock(sheet: Sheet, document: SorDocument, style: Style, fonts: Fonts, random: Random): void {
  const { parties } = document;
  const body: TextStyle = { font: fonts.regular, size: 8.5 };
  const label: TextStyle = { font: fonts.bold, size: 8.5 };
  sheet.text(parties.consultantCompany, LEFT, 46, { font: fonts.bold, size: 11 });
  sheet.text(`${oneLine(parties.consultantAddress)}   ${parties.consultantPhone}`, LEFT, 57, { ...body, size: 7.5, gray: 0.3 });
  sheet.text(style.title, RIGHT, 46, { font: fonts.bold, size: 11 }, 'right');
  sheet.text(`Estimate date ${formatDate(parties.reportDate, style.dateStyle)}`, RIGHT, 57, { ...body, size: 7.5 }, 'right');
  sheet.rule(LEFT, RIGHT, 64, 1.2);
  const midpoint: CalendarDate = { ...parties.reportDate, month: ((parties.reportDate.month + 3) % 12) + 1, day: 1 };
  const rows: Pair[][] = [
    [['Project:', `Renovation – ${parties.property.street}`], ['Gross floor area:', `${parties.buildingSize.toLocaleString('en-US')} SF (${parties.units > 1 ? `${parties.units} units` : 'single family'}, built ${parties.yearBuilt})`]],
    [['Location:', oneLine(parties.property)], ['Estimate class:', style.phase]],
    [['Owner / client:', parties.borrower], ['Site visit:', formatDate(parties.inspectionDate, 'dotted')]],
    [['Lender:', `${parties.lender}, FHA 203(k)`], ['Cost base:', `${['Q1', 'Q2', 'Q3', 'Q4'][Math.floor((parties.reportDate.month - 1) / 3)]} ${parties.reportDate.year}, midpoint ${String(midpoint.month).padStart(2, '0')}/${parties.reportDate.year + (parties.reportDate.month + 3 > 12 ? 1 : 0)}`]],
    [['Prepared by:', `${parties.consultant}, 203(k) Consultant`], ['Reference:', `${random.pick(['CP', 'OPC', 'EST'])}-${parties.fileNumber}`]],
  ];
  labelValueRows(sheet, rows, [[LEFT, 68], [336, 78]], 80, 11.5, label, body);
  sheet.y = 80 + rows.length * 11.5 + 4;
}

function tableSpec(style: Style, fonts: Fonts): TableSpec {
  const body: TextStyle = { font: fonts.regular, size: style.size };
  return {
    columns: columns(style),
    wrapKey: 'description',
    body,
    bold: { font: fonts.bold, size: style.size },
    header: { font: fonts.bold, size: style.size },
    lineHeight: style.size + 2,
    rowGap: 2.2,
    padding: 2.5,
    headerBand: 0.85,
    headerRules: 'above-below',
    heading: {
      height: style.size + 9,
      draw: (sheet, text, top) => {
        sheet.box(LEFT, top + 1.5, RIGHT - LEFT, style.size + 6, { fill: 0.93 });
        sheet.text(text, LEFT + 2.5, top + style.size + 4.5, { font: fonts.bold, size: style.size + 1 });
      },
    },
    continued: (heading) => `${heading} (cont.)`,
  };
}

function tableRows(document: SorDocument, style: Style, sections: Section[]): TableRow[] {
  const gsf = document.parties.buildingSize;
  const dollars = (cents: number) => money(cents, { dollar: style.dollarTotals });
  return sections.flatMap((section) => {
    const number = /\d\d/.exec(section.heading)![0];
    const rows: TableRow[] = [{ kind: 'heading', text: section.heading }];
    let current = '';
    for (const item of section.items) {
      const [code, title] = subsectionOf(item);
      if (code !== current) {
        rows.push({ kind: 'total', label: title, labelKey: 'description', cells: { code }, keepWithNext: true });
        current = code;
      }
      const quantity = quantityText(item.quantity);
      rows.push({
        kind: 'item',
        cells: {
          description: item.description,
          ...(style.joinedQuantity ? { quantity: `${quantity} ${item.unit}` } : { quantity, unit: item.unit }),
          rate: money(item.materialRate + item.laborRate),
          amount: money(item.total),
        },
      });
    }
    const total = sectionTotal(section);
    rows.push(
      { kind: 'total', label: style.totalLabel(number), labelKey: 'description', rule: true, cells: { amount: dollars(total), perSf: (total / 100 / gsf).toFixed(2) } },
      { kind: 'space', height: 5 },
    );
    return rows;
  });
}

function markups(sheet: Sheet, document: SorDocument, style: Style, fonts: Fonts): void {
  const { recap, parties } = document;
  const [contingency, escalation] = recap.before;
  const body: TextStyle = { font: fonts.regular, size: style.size + 0.5 };
  const bold: TextStyle = { font: fonts.bold, size: style.size + 0.5 };
  const running = { value: recap.subtotal };
  const rateOf = (label: string) => /\(([\d.]+%)\)/.exec(label)?.[1] ?? '';
  const rows: Array<{ label: string; rate?: string; amount?: number; total: number; bold?: boolean; rule?: boolean }> = [];
  const add = (label: string, amount: number, rate: string) => {
    running.value += amount;
    rows.push({ label, rate, amount, total: running.value });
  };
  rows.push({ label: 'Total Direct Construction Cost', total: recap.subtotal, bold: true });
  add('General Conditions / Requirements', recap.generalConditions!.amount, percentText(recap.generalConditions!.rate));
  add("Contractor's Fee (Overhead & Profit)", recap.overhead!.amount, percentText(recap.overhead!.rate));
  rows.push({ label: 'Subtotal – Construction Cost before Contingencies', total: running.value, bold: true, rule: true });
  add(contingency.label.replace(/ \([\d.]+%\)/, ''), contingency.amount, rateOf(contingency.label));
  add(escalation.label.replace(/ \([\d.]+%\)/, ''), escalation.amount, rateOf(escalation.label));
  const height = 24 + (rows.length + 3) * (style.size + 5);
  sheet.ensure(height);
  sheet.y += 8;
  sheet.text('MARKUPS AND TOTAL', LEFT, sheet.y + 9, { font: fonts.bold, size: style.size + 1.5 });
  const [rateX, amountX, totalX] = [370, 460, RIGHT - 4];
  sheet.text('Rate', rateX, sheet.y + 9, bold, 'right');
  sheet.text('Amount', amountX, sheet.y + 9, bold, 'right');
  sheet.text('Running Total', totalX, sheet.y + 9, bold, 'right');
  sheet.rule(LEFT, RIGHT, sheet.y + 12, 0.6);
  sheet.y += 14;
  for (const row of rows) {
    const style2 = row.bold ? bold : body;
    if (row.rule) sheet.rule(LEFT + 200, RIGHT, sheet.y, 0.4);
    const baseline = sheet.y + style.size + 2;
    sheet.text(row.label, LEFT + 4, baseline, style2);
    if (row.rate) sheet.text(row.rate, rateX, baseline, style2, 'right');
    if (row.amount !== undefined) sheet.text(money(row.amount), amountX, baseline, style2, 'right');
    sheet.text(money(row.total), totalX, baseline, style2, 'right');
    sheet.y += style.size + 5;
  }
  sheet.rule(LEFT, RIGHT, sheet.y + 1, 0.8);
  sheet.y += 3;
  const grand: TextStyle = { font: fonts.bold, size: style.size + 2 };
  sheet.text('TOTAL ESTIMATED CONSTRUCTION COST', LEFT + 4, sheet.y + style.size + 4, grand);
  sheet.text(money(recap.grandTotal, { dollar: true }), totalX, sheet.y + style.size + 4, grand, 'right');
  sheet.y += style.size + 7;
  sheet.rule(LEFT, RIGHT, sheet.y, 0.5);
  sheet.rule(LEFT, RIGHT, sheet.y + 2, 0.5);
  sheet.y += 6;
  sheet.text(`Cost per SF of gross floor area (${parties.buildingSize.toLocaleString('en-US')} SF)`, LEFT + 4, sheet.y + style.size + 2, body);
  sheet.text(`$${(recap.grandTotal / 100 / parties.buildingSize).toFixed(2)} / SF`, totalX, sheet.y + style.size + 2, body, 'right');
  sheet.y += style.size + 5;
  for (const line of document.recap.after) {
    sheet.text(line.label, LEFT + 4, sheet.y + style.size + 2, { font: fonts.italic, size: style.size + 0.5 });
    sheet.text(money(line.amount, { dollar: true }), totalX, sheet.y + style.size + 2, { font: fonts.italic, size: style.size + 0.5 }, 'right');
    sheet.y += style.size + 5;
  }
}

function notes(sheet: Sheet, style: Style, fonts: Fonts, random: Random): void {
  const small: TextStyle = { font: fonts.regular, size: style.size - 0.5 };
  const all = [
    'Based on the site visit and the 203(k) work write-up; quantities are measured from field notes, not from drawings.',
    'Unit costs include material, labor and equipment at local prevailing rates; sales tax is included in material costs.',
    'Excludes permits paid by owner, design fees, financing costs, furniture and owner-supplied items.',
    'Hazardous materials abatement beyond lead-safe work practices is excluded.',
    'Escalation is carried to the midpoint of construction; design contingency covers scope not yet defined.',
  ];
  const chosen = random.sample(all, 3);
  sheet.ensure(16 + chosen.length * (small.size + 3));
  sheet.y += 8;
  sheet.text('Basis of estimate', LEFT, sheet.y + small.size, { font: fonts.bold, size: style.size });
  sheet.y += small.size + 4;
  chosen.forEach((note, index) => {
    sheet.text(`${index + 1}.`, LEFT, sheet.y + small.size, small);
    sheet.paragraph(note, LEFT + 12, RIGHT - LEFT - 12, small, small.size + 2.5);
  });
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 50, bottom: 50, left: LEFT, right: 612 - RIGHT }, title: style.title, producer: random.pick(['Microsoft Excel', 'ProjectMates Estimator', 'Sage Estimating']), date: parties.reportDate });
  const fonts = await sheet.fonts(style.font);
  const small: TextStyle = { font: fonts.regular, size: 7, gray: 0.3 };
  sheet.onPageStart = (current) => {
    if (current.pages.length === 1) return;
    current.text(`${style.title}  –  Renovation – ${parties.property.street}`, LEFT, 38, small);
    current.rule(LEFT, RIGHT, 42, 0.4, 0.4);
  };
  sheet.addPage();
  projectBlock(sheet, document, style, fonts, random);
  const sections = printedSections(document);
  writeTable(sheet, tableSpec(style, fonts), tableRows(document, style, sections));
  markups(sheet, document, style, fonts);
  notes(sheet, style, fonts, random);
  sheet.decorate((index, count) => {
    sheet.text(`${parties.consultantCompany}  |  ${formatDate(parties.reportDate, style.dateStyle)}`, LEFT, 762, small);
    sheet.text(`Page ${index + 1} of ${count}`, RIGHT, 762, small, 'right');
  });
  return sheet.save();
}

const percentOf = (cents: number, rate: number): number => Math.round((cents * rate) / 100);

export const g15: SorFamily = {
  id: 'g15',
  name: 'CSI cost plan with markups',
  heldOut: false,
  items: [12, 50],
  dateStyle: 'dotted',
  printed: printedFields({ materialLabor: 'none', contractor: { name: false, license: false, phone: false } }),
  spec: (random, itemCount) => {
    const wording = random.pick(HEADINGS);
    const gcRate = random.pick([6, 8, 10, 12]);
    const feeRate = random.pick([8, 10, 12, 15]);
    const contingencyRate = random.pick([5, 7.5, 10, 15]);
    const escalationRate = random.pick([2, 3, 3.5, 4.5, 5]);
    return {
      itemCount,
      grouping: 'trade',
      heading: ({ trade }) => wording(...division(trade!)),
      verbosity: 0.25,
      recap: {
        generalConditions: [gcRate],
        overheadAndProfit: [feeRate],
        overheadOnGeneralConditions: true,
        // Contingency and escalation compound on the cost with general conditions and fee, as the model computes those.
        before: (_random: Random, sections: Section[]): RecapLine[] => {
          const direct = sections.reduce((sum, section) => sum + sectionTotal(section), 0);
          const generalConditions = percentOf(direct, gcRate);
          const base = direct + generalConditions + percentOf(direct + generalConditions, feeRate);
          const contingency = percentOf(base, contingencyRate);
          return [
            { label: `Design Contingency (${percentText(contingencyRate)})`, amount: contingency },
            { label: `Escalation to Midpoint of Construction (${percentText(escalationRate)})`, amount: percentOf(base + contingency, escalationRate) },
          ];
        },
        after: (_random, grandTotal) => [
          { label: 'Accuracy range, low (-10%)', amount: Math.round(grandTotal * 0.9) },
          { label: 'Accuracy range, high (+15%)', amount: Math.round(grandTotal * 1.15) },
        ],
      },
    };
  },
  render,
  printedSections,
};
