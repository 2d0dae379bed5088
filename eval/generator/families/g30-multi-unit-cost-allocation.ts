import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type Fonts, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type Section, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type Column, type TableRow, type TableSpec } from '../table.js';
import type { Area, Trade } from '../work-items.js';
import { cityLine, contingencyReserve, labelValueColumns, permitFee, printedFields, recapLineRows, recapRows, streetLine, workItemOf, type Pair, type RecapRow } from './parts.js';

/**
 * g30 (held out): a 203(k) consultant's write-up for a two- to four-unit property, landscape, that
 * allocates every line to the dwelling units. No. | Description of Work | Qty | UOM, then one column per
 * dwelling unit and one for the common areas under a merged "Allocation by dwelling unit" heading, and
 * the line Total last. Work inside an apartment goes to that unit or is split evenly over all of them;
 * roof, exterior, site, basement and general items go to the common column. Trades as underlined
 * headings ("4. Plumbing", "PLUMBING", "04 – Plumbing") with a subtotal row per trade across every
 * column and a totals row for all units at the foot of the table. Label/value columns of parties and a
 * line that says which unit is which above; under the table the repair cost summary (total of repair
 * items, overhead and profit sometimes, permits, TOTAL COST OF REPAIRS, the contingency reserve after
 * it) beside the consultant's certification. A running header and a footer for initials on every page.
 */

interface Style {
  title: string;
  unitNames: string[];
  common: string;
  allocationHeading: string;
  totalHeader: string;
}

const ORDINALS = ['1st', '2nd', '3rd', '4th'];

function chooseStyle(random: Random, units: number): Style {
  const naming = random.pick<(index: number) => string>([(index) => `Unit ${index + 1}`, (index) => `Apt. ${String.fromCharCode(65 + index)}`, (index) => `${ORDINALS[index]} Floor`]);
  return {
    title: random.pick(['SPECIFICATION OF REPAIRS BY UNIT', 'WORK WRITE-UP – COST ALLOCATION BY DWELLING UNIT', 'MULTI-UNIT REPAIR COST ESTIMATE']),
    unitNames: Array.from({ length: units }, (_, index) => naming(index)),
    common: random.pick(['Common', 'Common Areas', 'Bldg./Common']),
    allocationHeading: random.pick(['Allocation by dwelling unit', 'Cost by unit']),
    totalHeader: random.pick(['Total', 'Line Total']),
  };
}

const LEFT = 30;
const RIGHT = 762;
const AMOUNT_WIDTH = 62;

const unitKey = (index: number): string => `unit${index}`;

function columnsFor(style: Style): Column[] {
  const units = style.unitNames.length;
  const totalWidth = 70;
  const descriptionWidth = RIGHT - LEFT - (30 + 40 + 32 + AMOUNT_WIDTH * (units + 1) + totalWidth);
  const first: Column[] = [
    { key: 'number', header: ['No.'], x: LEFT, width: 30, align: 'left' },
    { key: 'description', header: ['Description of Work'], x: LEFT + 30, width: descriptionWidth, align: 'left' },
    { key: 'quantity', header: ['Qty'], x: LEFT + 30 + descriptionWidth, width: 40, align: 'right' },
    { key: 'uom', header: ['UOM'], x: LEFT + 70 + descriptionWidth, width: 32, align: 'center' },
  ];
  const start = LEFT + 102 + descriptionWidth;
  const shares: Column[] = [...style.unitNames, style.common].map((name, index) => ({
    key: index < units ? unitKey(index) : 'common',
    header: [name],
    x: start + index * AMOUNT_WIDTH,
    width: AMOUNT_WIDTH,
    align: 'right',
  }));
  return [...first, ...shares, { key: 'total', header: [style.totalHeader], x: RIGHT - totalWidth, width: totalWidth, align: 'right' }];
}

const INSIDE: Area[] = ['kitchen', 'bath', 'bedroom', 'living', 'laundry'];

/** Where a line's cost goes, in cents by column key: one unit, all units evenly (the first takes the odd cents), or the common areas. */
function allocate(item: LineItem, units: number, random: Random): Record<string, number> {
  const work = workItemOf(item);
  const inside = work.trade !== 'general' && work.areas.some((area) => INSIDE.includes(area));
  const everywhere = work.trade !== 'general' && work.areas.includes('whole');
  if (!inside && !everywhere) return { common: item.total };
  if (inside && !everywhere && random.chance(0.5)) return { [unitKey(random.int(0, units - 1))]: item.total };
  const share = Math.floor(item.total / units);
  return Object.fromEntries(Array.from({ length: units }, (_, index) => [unitKey(index), index === 0 ? item.total - share * (units - 1) : share]));
}

function sumShares(shares: Array<Record<string, number>>, keys: string[]): Record<string, string> {
  return Object.fromEntries(keys.map((key) => [key, money(shares.reduce((sum, share) => sum + (share[key] ?? 0), 0))]));
}

/** The trade's name as the subtotal rows print it, whatever the heading's form. */
const tradeName = (section: Section): string => section.heading.replace(/^\d+(\.| –)\s*/, '');

function tableRows(document: SorDocument, style: Style, random: Random): TableRow[] {
  const units = style.unitNames.length;
  const keys = [...style.unitNames.map((_, index) => unitKey(index)), 'common'];
  const numbered = /^\d/.test(document.sections[0].heading);
  const all: Array<Record<string, number>> = [];
  let running = 0;
  const rows = document.sections.flatMap((section, sectionIndex): TableRow[] => {
    const shares = section.items.map((item) => allocate(item, units, random));
    all.push(...shares);
    const items = section.items.map((item, index): TableRow => {
      running += 1;
      const cells: Record<string, string> = {
        number: numbered ? `${sectionIndex + 1}.${index + 1}` : String(running),
        description: item.description,
        quantity: quantityText(item.quantity),
        uom: item.unit,
        total: money(item.total),
      };
      for (const [key, cents] of Object.entries(shares[index])) cells[key] = money(cents);
      return { kind: 'item', cells };
    });
    const subtotal: TableRow = { kind: 'total', label: `Subtotal – ${tradeName(section)}`, labelKey: 'description', rule: true, cells: { ...sumShares(shares, keys), total: money(sectionTotal(section)) } };
    return [{ kind: 'heading', text: section.heading }, ...items, subtotal, { kind: 'space', height: 4 }];
  });
  const subtotal = document.recap.subtotal;
  rows.push({ kind: 'total', label: 'TOTAL, ALL UNITS AND COMMON AREAS', labelKey: 'description', rule: true, cells: { ...sumShares(all, keys), total: money(subtotal, { dollar: true }) } });
  return rows;
}

function partiesBlock(sheet: Sheet, document: SorDocument, style: Style, fonts: Fonts): void {
  const { parties } = document;
  const contractor = parties.contractor;
  const label: TextStyle = { font: fonts.bold, size: 7.5 };
  const value: TextStyle = { font: fonts.regular, size: 7.5 };
  const columns: Array<[number, number, Pair[]]> = [
    [LEFT, 64, [['Borrower(s)', parties.borrower], ['Property', streetLine(parties.property)], ['', cityLine(parties.property)], ['Lender', parties.lender], ['FHA Case No.', parties.fhaCaseNumber]]],
    [300, 72, [['Consultant', `${parties.consultant} (${parties.consultantId})`], ['', parties.consultantCompany], ['Inspected', formatDate(parties.inspectionDate, 'short')], ['Report date', formatDate(parties.reportDate, 'short')]]],
    [540, 58, contractor ? [['Contractor', contractor.name], ['License No.', contractor.license], ['Telephone', contractor.phone]] : [['Contractor', 'To be selected by borrower']]],
  ];
  labelValueColumns(sheet, columns, sheet.y + 8, 10, label, value);
  sheet.y += 5 * 10 + 6;
  const byFloor = style.unitNames[0].endsWith('Floor');
  const floors = byFloor ? '' : `:   ${style.unitNames.map((name, index) => `${name} – ${ORDINALS[index]} floor`).join('   ·   ')}`;
  sheet.text(`${style.unitNames.length} dwelling units, built ${parties.yearBuilt}${floors}`, LEFT, sheet.y + 7, { font: fonts.italic, size: 7.5 });
  sheet.y += 16;
}

function summary(sheet: Sheet, document: SorDocument, fonts: Fonts): void {
  const { recap, parties } = document;
  const regular: TextStyle = { font: fonts.regular, size: 8 };
  const bold: TextStyle = { font: fonts.bold, size: 8.5 };
  const dollars = (cents: number) => money(cents, { dollar: true });
  const rows: RecapRow[] = [
    { label: 'Total of repair items', amount: dollars(recap.subtotal) },
    ...(recap.overhead ? [{ label: 'Contractor overhead & profit', rate: percentText(recap.overhead.rate), amount: dollars(recap.overhead.amount) }] : []),
    ...recapLineRows(recap.before, dollars),
    { label: 'TOTAL COST OF REPAIRS', amount: dollars(recap.grandTotal), bold: true, rule: true },
  ];
  const after = recapLineRows(recap.after, dollars);
  sheet.ensure((rows.length + after.length) * 11 + 44);
  sheet.y += 12;
  const top = sheet.y;
  const x = 520;
  sheet.text('REPAIR COST SUMMARY', x, top + 8, bold);
  sheet.y += 14;
  const layout = { labelX: x, rateX: 680, amountRight: RIGHT, ruleFrom: x, leading: 11, regular, bold };
  recapRows(sheet, rows, layout);
  sheet.y += 4;
  recapRows(sheet, after, { ...layout, regular: { font: fonts.italic, size: 8 } });
  const bottom = sheet.y;
  sheet.y = top;
  const note: TextStyle = { font: fonts.regular, size: 7.5 };
  sheet.paragraph(
    'I certify that I inspected each dwelling unit and the common areas on the date above. Costs are allocated to the unit where the work is done; ' +
      'work serving the whole building is carried as common. Allocation does not change the total cost of repairs.',
    LEFT,
    400,
    note,
    9.5,
  );
  const line = sheet.y + 20;
  sheet.rule(LEFT, LEFT + 220, line, 0.5);
  sheet.text(`${parties.consultant}, HUD 203(k) Consultant ${parties.consultantId}`, LEFT, line + 9, note);
  sheet.y = Math.max(bottom, line + 14);
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g30-render');
  const { parties } = document;
  const style = chooseStyle(random.child('style'), Math.max(parties.units, random.int(2, 4)));
  const sheet = await Sheet.create({ size: [792, 612], margins: { top: 56, bottom: 40, left: LEFT, right: 792 - RIGHT }, title: style.title, producer: 'WriteUp Pro 11', date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const small: TextStyle = { font: fonts.regular, size: 7, gray: 0.25 };
  sheet.onPageStart = (current) => {
    current.text(parties.consultantCompany, LEFT, 28, { font: fonts.bold, size: 10 });
    current.text(`${parties.consultantPhone}  ·  ${parties.consultantEmail}`, LEFT, 38, small);
    current.text(style.title, RIGHT, 28, { font: fonts.bold, size: 10 }, 'right');
    current.text(`${streetLine(parties.property)}, ${parties.property.city}  ·  File ${parties.fileNumber}`, RIGHT, 38, small, 'right');
    current.rule(LEFT, RIGHT, 44, 0.8);
  };
  sheet.addPage();
  partiesBlock(sheet, document, style, fonts);
  const spec: TableSpec = {
    columns: columnsFor(style),
    wrapKey: 'description',
    body: { font: fonts.regular, size: 7.5 },
    bold: { font: fonts.bold, size: 7.5 },
    header: { font: fonts.bold, size: 7.5 },
    lineHeight: 9,
    rowGap: 2.5,
    padding: 3,
    headerBand: 0.88,
    headerRules: 'above-below',
    groups: [{ text: style.allocationHeading, from: unitKey(0), to: 'common' }],
    heading: {
      height: 15,
      draw: (target, text, top) => {
        const headingStyle: TextStyle = { font: fonts.bold, size: 8.5 };
        target.text(text, LEFT + 3, top + 11, headingStyle);
        target.rule(LEFT + 3, LEFT + 3 + target.textWidth(text, headingStyle), top + 12.5, 0.5);
      },
    },
    continued: (heading) => `${heading} (cont.)`,
  };
  writeTable(sheet, spec, tableRows(document, style, random.child('allocation')));
  summary(sheet, document, fonts);
  sheet.decorate((index, count) => {
    sheet.text(`Page ${index + 1} of ${count}`, RIGHT, 590, small, 'right');
    sheet.text('Borrower initials ________    Consultant initials ________', LEFT, 590, small);
  });
  return sheet.save();
}

const HEADINGS: Array<(ordinal: number, trade: Trade) => string> = [
  (ordinal, trade) => `${ordinal}. ${trade.name}`,
  (_ordinal, trade) => trade.name.toUpperCase(),
  (ordinal, trade) => `${String(ordinal).padStart(2, '0')} – ${trade.name}`,
];

export const g30: SorFamily = {
  id: 'g30',
  name: 'multi-unit write-up with costs allocated to each dwelling unit',
  heldOut: false,
  items: [10, 44],
  dateStyle: 'short',
  printed: printedFields({ materialLabor: 'none' }),
  spec: (random, itemCount) => {
    const heading = random.pick(HEADINGS);
    return {
      itemCount,
      grouping: 'trade',
      heading: ({ ordinal, trade }) => heading(ordinal, trade!),
      verbosity: 0.3,
      recap: {
        generalConditions: null,
        overheadAndProfit: random.chance(0.4) ? [10, 12, 15] : null,
        before: (feeRandom) => permitFee(feeRandom, 0.7, ['Permits', 'Building permits and inspections'], 1500),
        after: (reserveRandom, grandTotal) => [contingencyReserve(reserveRandom, grandTotal, [10, 15])],
      },
    };
  },
  render,
};
