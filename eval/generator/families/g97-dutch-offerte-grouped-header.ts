import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { percentText, Sheet, type FontFamily, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import type { TradeId, Unit } from '../work-items.js';
import { germanAmount } from './g94-german-kostenvoranschlag.js';
import { cityLine, columnsAcross, contingencyReserve, labelValueColumns, permitFee, pickEach, printedFields, recapRows, streetLine, type Pair, type RecapRow, type TextContext } from './parts.js';

/**
 * g97: a Dutch-language renovation quote (OFFERTE or BEGROTING), landscape, with a two-line column header: the group
 * headings ARBEID over Uren | Tarief | Bedrag and MATERIAAL over Prijs/eenh. | Bedrag, after Nr. | Omschrijving |
 * Aantal | Eenh. and before Totaal. Labor is the hours times the hourly rate, material the quantity times its unit
 * price; amounts in the Dutch format ("1.234,56"), units in Dutch ("st.", "post", "uur"). Each trade is a chapter
 * ("Hoofdstuk 3 – Loodgieterswerk" or "H3 LOODGIETERSWERK") with its lines numbered "3.02" and a "Totaal hoofdstuk
 * 3" row. The client and the project stand in two columns above the table. Recap: the total of the chapters, site
 * costs sometimes, one combined markup for overhead, profit and risk (AK/W&R), permit fees sometimes, TOTAAL and an
 * allowance for the unforeseen after it.
 */

const CHAPTERS: Record<TradeId, string> = {
  general: 'Algemeen',
  demolition: 'Sloopwerk',
  concrete: 'Betonwerk',
  masonry: 'Metselwerk',
  carpentry: 'Timmerwerk',
  roofing: 'Dak, gevel en isolatie',
  openings: 'Kozijnen, ramen en deuren',
  finishes: 'Afbouw en schilderwerk',
  cabinets: 'Keuken en apparatuur',
  plumbing: 'Loodgieterswerk',
  hvac: 'Verwarming en ventilatie',
  electrical: 'Elektra',
  site: 'Terreinwerk',
};

/** The Dutch unit words printed for the answer's unit codes. */
export const DUTCH_UNITS: Record<Unit, string> = {
  EA: 'st.', LF: 'str. ft', SF: 'ft²', SY: 'yd²', SQ: 'square', LS: 'post', HR: 'uur', CY: 'yd³',
};

/** Hourly rates in dollars per trade. */
const RATES: Record<TradeId, number> = {
  general: 52, demolition: 46, concrete: 60, masonry: 66, carpentry: 62, roofing: 58, openings: 60,
  finishes: 50, cabinets: 58, plumbing: 92, hvac: 94, electrical: 88, site: 56,
};

const dutchDecimal = (value: number, digits: number): string => value.toLocaleString('nl-NL', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const dutchPercent = (rate: number): string => `${percentText(rate).replace('%', '').replace('.', ',')}%`;

const chooseStyle = (random: Random) =>
  pickEach(random, {
    font: ['Helvetica', 'Times'] as FontFamily[],
    title: ['OFFERTE', 'BEGROTING RENOVATIE'],
    totalLabel: ['TOTAAL', 'TOTAAL OFFERTE', 'AANNEEMSOM'],
  });

type Style = ReturnType<typeof chooseStyle>;

const LEFT = 36;
const RIGHT = 756;

/** Hours and rate are printed for work priced by the hour, but not where the quantity is itself in hours. */
const shownHours = (item: LineItem): boolean => Boolean(item.hours) && item.unit !== 'HR';

function rows(document: SorDocument): TableRow[] {
  return document.sections.flatMap((section, sectionIndex): TableRow[] => [
    { kind: 'heading', text: section.heading },
    ...section.items.map((item, index): TableRow => ({
      kind: 'item',
      cells: {
        number: `${sectionIndex + 1}.${String(index + 1).padStart(2, '0')}`,
        description: item.description,
        quantity: dutchDecimal(item.quantity, Number.isInteger(item.quantity) ? 0 : 1),
        unit: DUTCH_UNITS[item.unit],
        hours: shownHours(item) ? dutchDecimal(item.hours!, 1) : '',
        rate: shownHours(item) ? germanAmount(item.laborRate) : '',
        labor: germanAmount(item.labor),
        materialRate: item.material === 0 ? '' : germanAmount(item.materialRate),
        material: germanAmount(item.material),
        total: germanAmount(item.total),
      },
    })),
    {
      kind: 'total',
      label: `Totaal hoofdstuk ${sectionIndex + 1}`,
      labelKey: 'description',
      cells: { labor: germanAmount(sectionTotal(section, 'labor')), material: germanAmount(sectionTotal(section, 'material')), total: germanAmount(sectionTotal(section)) },
      rule: true,
    },
  ]);
}

function top(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { parties } = document;
  const contractor = parties.contractor!;
  sheet.text(contractor.name, LEFT, 50, { ...bold, size: 14 });
  sheet.text(`${streetLine(contractor.address)}, ${cityLine(contractor.address)}  ·  Tel. ${contractor.phone}  ·  Vergunning ${contractor.license}`, LEFT, 63, body);
  sheet.text(style.title, RIGHT, 50, { ...bold, size: 14 }, 'right');
  sheet.text(`Nummer ${parties.fileNumber}  ·  Datum ${formatDate(parties.reportDate, 'dayDotted')}`, RIGHT, 63, body, 'right');
  sheet.rule(LEFT, RIGHT, 70, 1);
  const client: Pair[] = [
    ['Opdrachtgever:', parties.borrower],
    ['Financiering:', parties.lender],
    ['Adviseur:', parties.consultant],
  ];
  const project: Pair[] = [
    ['Werkadres:', streetLine(parties.property)],
    ['', cityLine(parties.property)],
    ['Opname:', formatDate(parties.inspectionDate, 'dayDotted')],
  ];
  labelValueColumns(sheet, [[LEFT, 76, client], [400, 60, project]], 84, 11, bold, body);
  sheet.y = 118;
  sheet.text('Hierbij bieden wij u, op basis van de opname ter plaatse, de volgende werkzaamheden aan. Bedragen in US-dollars.', LEFT, sheet.y, body);
  sheet.y += 8;
}

function recap(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { recap: totals } = document;
  const lines: RecapRow[] = [{ label: 'Totaal hoofdstukken', amount: germanAmount(totals.subtotal), bold: true }];
  if (totals.generalConditions) lines.push({ label: `Bouwplaatskosten ${dutchPercent(totals.generalConditions.rate)}`, amount: germanAmount(totals.generalConditions.amount) });
  if (totals.overhead) lines.push({ label: `AK/W&R (algemene kosten, winst en risico) ${dutchPercent(totals.overhead.rate)}`, amount: germanAmount(totals.overhead.amount) });
  for (const line of totals.before) lines.push({ label: line.label, amount: germanAmount(line.amount) });
  lines.push({ label: style.totalLabel, amount: `$ ${germanAmount(totals.grandTotal)}`, bold: true, rule: true });
  for (const line of totals.after) lines.push({ label: line.label, amount: germanAmount(line.amount) });
  sheet.ensure(lines.length * 12 + 50);
  sheet.y += 10;
  recapRows(sheet, lines, { labelX: 470, amountRight: RIGHT - 3, ruleFrom: 466, leading: 12, regular: body, bold });
  sheet.y += 14;
  sheet.text('Deze offerte is 30 dagen geldig. Voor akkoord: ____________________________   Datum: ____________', LEFT, sheet.y, body);
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const style = chooseStyle(new Random(document.seed).child('g97-render'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [792, 612], margins: { top: 36, bottom: 40, left: LEFT, right: 792 - RIGHT }, title: `${style.title} ${parties.fileNumber}`, producer: 'Bouwcalc 7', date: parties.reportDate });
  const fonts = await sheet.fonts(style.font);
  const size = style.font === 'Times' ? 8.2 : 7.6;
  const body: TextStyle = { font: fonts.regular, size };
  const bold: TextStyle = { font: fonts.bold, size };
  const context: TextContext = { sheet, fonts, body, bold, lineHeight: 10 };
  sheet.addPage();
  top(context, document, style);
  writeTable(sheet, {
    columns: columnsAcross(LEFT, RIGHT, [
      ['number', 'Nr.', 30, 'left'],
      ['description', 'Omschrijving', RIGHT - LEFT - 30 - 44 - 36 - 36 - 46 - 4 * 60, 'left'],
      ['quantity', 'Aantal', 44, 'right'],
      ['unit', 'Eenh.', 36, 'center'],
      ['hours', 'Uren', 36, 'right'],
      ['rate', 'Tarief', 46, 'right'],
      ['labor', 'Bedrag', 60, 'right'],
      ['materialRate', 'Prijs/eenh.', 60, 'right'],
      ['material', 'Bedrag', 60, 'right'],
      ['total', 'Totaal', 'rest', 'right'],
    ]),
    groups: [
      { text: 'ARBEID', from: 'hours', to: 'labor' },
      { text: 'MATERIAAL', from: 'materialRate', to: 'material' },
    ],
    wrapKey: 'description',
    body,
    bold,
    header: bold,
    headerBand: 0.9,
    headerRules: 'above-below',
    grid: true,
    mergedHeadings: true,
    lineHeight: 9.5,
    rowGap: 2.5,
    padding: 3,
    heading: {
      height: 15,
      draw: (target, text, at) => target.text(text, LEFT + 3, at + 11, { ...bold, size: size + 0.8 }),
    },
    continued: (text) => `${text} (vervolg)`,
  }, rows(document));
  recap(context, document, style);
  sheet.decorate((index, count) => sheet.text(`Blad ${index + 1} van ${count}`, RIGHT, 594, { ...body, size: 7 }, 'right'));
  return sheet.save();
}

export const g97: SorFamily = {
  id: 'g97',
  name: 'Dutch-language landscape OFFERTE with a two-line header, ARBEID (Uren | Tarief | Bedrag) and MATERIAAL (Prijs/eenh. | Bedrag) grouped, labor before material, chapters "Hoofdstuk 3 – Loodgieterswerk" and a combined AK/W&R markup',
  heldOut: false,
  items: [10, 40],
  dateStyle: 'dayDotted',
  printed: printedFields(),
  spec: (random, itemCount) => {
    const lettered = random.chance(0.5);
    const adjustment = random.pick([-4, 0, 0, 6]);
    return {
      itemCount,
      grouping: 'trade',
      contractorSelected: true,
      heading: ({ ordinal, trade }) => (lettered ? `H${ordinal} ${CHAPTERS[trade!.id].toUpperCase()}` : `Hoofdstuk ${ordinal} – ${CHAPTERS[trade!.id]}`),
      verbosity: 0.25,
      credits: 0.1,
      hourlyRate: (work) => (RATES[work.trade] + adjustment) * 100,
      recap: {
        generalConditions: random.chance(0.4) ? [4, 5, 6] : null,
        overheadAndProfit: [8, 10, 12, 15],
        before: (inner) => permitFee(inner, 0.5, ['Leges omgevingsvergunning', 'Bouwleges'], 900),
        after: (inner, grandTotal) => {
          const reserve = contingencyReserve(inner, grandTotal, [5, 10]);
          return [{ label: reserve.label.replace('Contingency reserve', 'Stelpost onvoorzien'), amount: reserve.amount }];
        },
      },
    };
  },
  render,
};
