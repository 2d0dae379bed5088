import { grayscale } from 'pdf-lib';
import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, quantityText, Sheet, type Fonts, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type RecapLine, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type Column, type TableRow, type TableSpec } from '../table.js';
import { cityLine, contingencyReserve, labelValueRows, oneLine, permitFee, printedFields, recapRows, sectionRows, streetLine, withTotalLine, workItemOf, type Pair } from './parts.js';

/**
 * g37: a city's owner-occupied housing rehabilitation program work write-up (CDBG or HOME funded),
 * landscape, written by the program's rehab specialist and handed to the owner, the participating
 * lender and the bidding contractors. The city's seal and department, the title and case number, a
 * grid of label/value pairs (owner, property, year built; specialist, inspection; lender, contractor
 * or "open for bid"), a legend and general notes; then one ruled grid: Item | H&S | Code | LBP | Work
 * Specification | Qty | Unit | Unit Cost | Estimated Cost | Owner Initials, where the three narrow
 * columns mark each item as a health-and-safety item, a code violation or work that disturbs lead-based
 * paint, and the owner initials each approved item. Locations (rooms) as shaded rows, sometimes a total
 * row per location. Under the grid, the cost summary (total of all locations, lead clearance testing
 * and permits sometimes, TOTAL ESTIMATED COST, then the contingency and the total with it) beside the
 * signatures of the owner and the specialist.
 */

interface Style {
  funding: string;
  specHeader: string;
  estimateHeader: string[];
  numberedBySection: boolean;
  locationTotals: boolean;
  caseNumber: string;
}

function chooseStyle(random: Random): Style {
  return {
    funding: random.pick(['CDBG', 'HOME', 'CDBG / HOME', 'Lead Hazard Control / CDBG']),
    specHeader: random.pick(['Work Specification', 'Specification of Work', 'Description / Specification']),
    estimateHeader: random.pick([['Estimated', 'Cost'], ['Staff', 'Estimate'], ['Total', 'Cost']]),
    numberedBySection: random.chance(0.4),
    locationTotals: random.chance(0.6),
    caseNumber: `HR-${random.int(24, 26)}-${String(random.int(12, 980)).padStart(4, '0')}`,
  };
}

const LEFT = 36;
const RIGHT = 756;
const LBP_TRADES = new Set(['openings', 'carpentry', 'demolition']);
/** Other work that disturbs painted surfaces. */
const LBP_WORK = /paint|plaster|drywall|trim|casing|baseboard|siding|fascia|soffit/i;
const SAFETY = /smoke|GFCI|handrail|railing|stair|carbon monoxide|egress|furnace|water heater/i;

function columns(style: Style): Column[] {
  return [
    { key: 'number', header: ['Item'], x: 36, width: 30, align: 'center' },
    { key: 'safety', header: ['H&S'], x: 66, width: 24, align: 'center' },
    { key: 'code', header: ['Code'], x: 90, width: 24, align: 'center' },
    { key: 'lead', header: ['LBP'], x: 114, width: 22, align: 'center' },
    { key: 'description', header: [style.specHeader], x: 136, width: 344, align: 'left' },
    { key: 'quantity', header: ['Qty'], x: 480, width: 40, align: 'right' },
    { key: 'unit', header: ['Unit'], x: 520, width: 28, align: 'center' },
    { key: 'rate', header: ['Unit', 'Cost'], x: 548, width: 62, align: 'right' },
    { key: 'total', header: style.estimateHeader, x: 610, width: 70, align: 'right' },
    { key: 'initials', header: ['Owner', 'Initials'], x: 680, width: 76, align: 'center' },
  ];
}

/** The marks the specialist gives an item: health and safety, code, and lead-based paint in a house built before 1978. */
function marks(item: LineItem, yearBuilt: number, random: Random): Record<'safety' | 'code' | 'lead', string> {
  const trade = workItemOf(item).trade;
  const code = ['electrical', 'plumbing', 'hvac', 'roofing', 'masonry'].includes(trade) && random.chance(0.6);
  return {
    safety: SAFETY.test(item.description) || trade === 'electrical' ? 'X' : '',
    code: code ? 'X' : '',
    lead: yearBuilt < 1978 && (LBP_TRADES.has(trade) || LBP_WORK.test(item.description)) ? 'X' : '',
  };
}

function tableSpec(fonts: Fonts, style: Style): TableSpec {
  const body: TextStyle = { font: fonts.regular, size: 7.5 };
  const bold: TextStyle = { font: fonts.bold, size: 7.5 };
  return {
    columns: columns(style),
    wrapKey: 'description',
    body,
    bold,
    header: { font: fonts.bold, size: 7 },
    lineHeight: 9,
    rowGap: 3,
    padding: 3,
    headerBand: 0.82,
    grid: true,
    mergedHeadings: true,
    heading: {
      height: 13,
      draw: (sheet, text, top) => {
        sheet.box(LEFT, top, RIGHT - LEFT, 13, { fill: 0.9 });
        sheet.text(text, LEFT + 4, top + 9.3, { font: fonts.bold, size: 8 });
      },
    },
    continued: (heading) => `${heading} (continued)`,
  };
}

function header(sheet: Sheet, document: SorDocument, style: Style, fonts: Fonts): void {
  const { parties } = document;
  const city = parties.property.city;
  sheet.page.drawCircle({ x: LEFT + 24, y: sheet.height - 62, size: 24, borderWidth: 1.2, borderColor: grayscale(0) });
  sheet.text('CITY', LEFT + 24, 58, { font: fonts.bold, size: 6 }, 'center');
  sheet.text('SEAL', LEFT + 24, 70, { font: fonts.bold, size: 6 }, 'center');
  sheet.text(`CITY OF ${city.toUpperCase()}`, LEFT + 58, 52, { font: fonts.bold, size: 12 });
  sheet.text('Department of Planning & Community Development', LEFT + 58, 64, { font: fonts.regular, size: 8.5 });
  sheet.text(`Owner-Occupied Housing Rehabilitation Program  ·  ${style.funding}`, LEFT + 58, 75, { font: fonts.italic, size: 8 });
  sheet.text('WORK WRITE-UP AND COST ESTIMATE', RIGHT, 54, { font: fonts.bold, size: 13 }, 'right');
  sheet.text(`Case No. ${style.caseNumber}`, RIGHT, 67, { font: fonts.regular, size: 8.5 }, 'right');
  sheet.rule(LEFT, RIGHT, 90, 1);
  const contractor = parties.contractor;
  const rows: Pair[][] = [
    [['Owner(s):', parties.borrower], ['Rehab specialist:', parties.consultant], ['Participating lender:', parties.lender]],
    [['Property:', streetLine(parties.property)], ['Telephone:', parties.consultantPhone], ['Loan no.:', parties.loanNumber]],
    [['', cityLine(parties.property)], ['Inspection date:', formatDate(parties.inspectionDate, 'us')], ['Contractor:', contractor ? contractor.name : 'Open for bid']],
    [['Year built:', `${parties.yearBuilt}   Units: ${parties.units}`], ['Write-up date:', formatDate(parties.reportDate, 'us')], ['License / phone:', contractor ? `${contractor.license}  /  ${contractor.phone}` : '']],
  ];
  labelValueRows(sheet, rows, [[LEFT, 56], [300, 72], [528, 84]], 104, 11, { font: fonts.bold, size: 7.5 }, { font: fonts.regular, size: 8 });
  sheet.y = 146;
  const legend =
    'H&S = health and safety item   Code = corrects a code violation   LBP = disturbs paint in a pre-1978 house: lead-safe work practices required (24 CFR Part 35).   ' +
    'The owner initials each item to approve it; items not initialed are not part of the work.';
  sheet.paragraph(legend, LEFT, RIGHT - LEFT, { font: fonts.italic, size: 7.5 }, 9.5);
  sheet.paragraph(
    'General: all work to meet the local residential code and the program standards; contractor to obtain permits, protect the occupants and their belongings, and remove debris daily. Quantities are for bidding; bidders verify them in the field.',
    LEFT,
    RIGHT - LEFT,
    { font: fonts.regular, size: 7.5 },
    9.5,
  );
  sheet.y += 6;
}

function rows(document: SorDocument, style: Style): TableRow[] {
  let running = 0;
  const random = new Random(document.seed).child('g37-marks');
  return sectionRows(
    document.sections,
    (section, sectionIndex) =>
      section.items.map((item, index) => {
        running += 1;
        return {
          kind: 'item' as const,
          cells: {
            number: style.numberedBySection ? `${sectionIndex + 1}.${index + 1}` : String(running),
            ...marks(item, document.parties.yearBuilt, random),
            description: item.description,
            quantity: quantityText(item.quantity),
            unit: item.unit,
            rate: money(item.materialRate + item.laborRate),
            total: money(item.total),
          },
        };
      }),
    (section) => (style.locationTotals ? [{ kind: 'total', label: `Total – ${section.heading.replace(/^(\d+\. |Location \d+: )/, '')}`, labelKey: 'description', cells: { total: money(sectionTotal(section)) } }] : []),
  );
}

function summary(sheet: Sheet, document: SorDocument, fonts: Fonts): void {
  const { recap } = document;
  const dollars = (cents: number) => money(cents, { dollar: true });
  const before = [{ label: 'Total of all locations', amount: dollars(recap.subtotal) }, ...recap.before.map((line) => ({ label: line.label, amount: dollars(line.amount) }))];
  const after = recap.after.map((line) => ({ label: line.label, amount: dollars(line.amount) }));
  sheet.ensure((before.length + after.length + 2) * 13 + 30);
  sheet.y += 10;
  const top = sheet.y;
  const layout = { labelX: 480, amountRight: RIGHT - 4, ruleFrom: 476, leading: 13, regular: { font: fonts.regular, size: 8.5 }, bold: { font: fonts.bold, size: 9 } };
  recapRows(sheet, [...before, { label: 'TOTAL ESTIMATED COST', amount: dollars(recap.grandTotal), bold: true, rule: true }], layout);
  sheet.y += 3;
  recapRows(sheet, after, layout);
  sheet.box(476, top - 4, RIGHT - 476, sheet.y - top + 6, { stroke: 0, thickness: 0.8 });
  const small: TextStyle = { font: fonts.regular, size: 7.5 };
  for (const [index, who] of ['Owner', 'Co-owner', 'Rehab specialist'].entries()) {
    const y = top + 14 + index * 22;
    sheet.rule(LEFT, 250, y, 0.5);
    sheet.text(`${who} signature`, LEFT, y + 9, small);
    sheet.rule(270, 360, y, 0.5);
    sheet.text('Date', 270, y + 9, small);
  }
  sheet.y = Math.max(sheet.y, top + 80);
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g37-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [792, 612], margins: { top: 40, bottom: 46, left: LEFT, right: 792 - RIGHT }, title: `Work Write-Up ${style.caseNumber}`, producer: 'Microsoft Word for Microsoft 365', date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const small: TextStyle = { font: fonts.regular, size: 7, gray: 0.25 };
  sheet.onPageStart = (current) => {
    if (current.pages.length === 1) return;
    current.text(`Work Write-Up  ·  Case No. ${style.caseNumber}  ·  ${oneLine(parties.property)}`, LEFT, 30, small);
  };
  sheet.addPage();
  header(sheet, document, style, fonts);
  writeTable(sheet, tableSpec(fonts, style), rows(document, style));
  summary(sheet, document, fonts);
  sheet.decorate((index, count) => {
    sheet.text('Owner initials ________', LEFT, 584, { font: fonts.regular, size: 7.5 });
    sheet.text(`Form HR-12 (rev. 03/2024)  ·  Page ${index + 1} of ${count}`, RIGHT, 584, small, 'right');
  });
  return sheet.save();
}

function beforeTotal(random: Random): RecapLine[] {
  const clearance = random.chance(0.6) ? [{ label: 'Lead clearance testing', amount: random.int(14, 26) * 2500 }] : [];
  return [...clearance, ...permitFee(random, 0.6, ['Building permits', 'Permits (building, electrical, plumbing)'], 900)];
}

function afterTotal(random: Random, grandTotal: number): RecapLine[] {
  return withTotalLine([contingencyReserve(random, grandTotal, [10, 15])], 'Total with contingency', grandTotal);
}

export const g37: SorFamily = {
  id: 'g37',
  name: "city housing-rehabilitation program's work write-up with priority marks",
  heldOut: false,
  items: [10, 44],
  dateStyle: 'us',
  printed: printedFields({ materialLabor: 'none' }),
  spec: (random, itemCount) => {
    const form = random.int(0, 2);
    return {
      itemCount,
      grouping: 'room',
      heading: ({ ordinal, room }) => [room!.name.toUpperCase(), `${ordinal}. ${room!.name}`, `Location ${ordinal}: ${room!.name}`][form],
      verbosity: 0.55,
      recap: { generalConditions: null, overheadAndProfit: null, before: beforeTotal, after: afterTotal },
    };
  },
  render,
};
