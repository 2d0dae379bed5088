import { formatDate, type CalendarDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type RecapLine, type Section, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import type { TradeId, Unit } from '../work-items.js';
import { cityLine, columnsAcross, flowLines, labelValues, pickEach, printedFields, recapRows, streetLine, type RecapRow, type TextContext } from './parts.js';

/**
 * g100: a German-language quote in the Swiss manner (OFFERTE), A4, Helvetica throughout: the sender's line and the
 * address window at the RIGHT, the place and date written out ("Columbus, 14. März 2026") over the subject, and a
 * reference block at the left (Offerte Nr., Objekt, Besichtigung, Bauherrenberater, Bank). Each trade is a cost
 * group of the Swiss building cost plan, "BKP 250 Sanitäranlagen", its positions numbered within it ("250.030")
 * and a "Total BKP 250" row. The table is Pos. | Bezeichnung | Menge | Einh. | Material | Arbeit | Betrag USD with
 * the Swiss apostrophe between thousands ("1'234.50") and quantities with two decimals. Recap: Total Arbeiten,
 * construction management sometimes, one contractor's markup (Unternehmerzuschlag), a Zwischentotal, a discount
 * (Rabatt) and permit fees sometimes, Total Offerte, and the cash discount for prompt payment (Skonto) after it.
 */

const BKP: Record<TradeId, [number, string]> = {
  general: [113, 'Baustelleneinrichtung'],
  demolition: [112, 'Abbrüche'],
  concrete: [211, 'Baumeisterarbeiten'],
  masonry: [216, 'Natur- und Kunststeinarbeiten'],
  carpentry: [273, 'Schreinerarbeiten'],
  roofing: [224, 'Bedachungsarbeiten'],
  openings: [221, 'Fenster, Aussentüren'],
  finishes: [285, 'Innere Malerarbeiten'],
  cabinets: [258, 'Kücheneinrichtungen'],
  plumbing: [250, 'Sanitäranlagen'],
  hvac: [240, 'Heizungs- und Lüftungsanlagen'],
  electrical: [230, 'Elektroanlagen'],
  site: [421, 'Gärtnerarbeiten'],
};

const UNITS: Record<Unit, string> = { EA: 'Stk', LF: 'ft', SF: 'ft2', SY: 'yd2', SQ: 'Sq', LS: 'gl', HR: 'h', CY: 'yd3' };
const MONTHS = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];

/** "1'234.50": an apostrophe between thousands, a minus sign before a credit. */
const swiss = (cents: number): string =>
  `${cents < 0 ? '-' : ''}${String(Math.floor(Math.abs(cents) / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, "'")}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
const written = (date: CalendarDate): string => `${date.day}. ${MONTHS[date.month - 1]} ${date.year}`;
const percent = (rate: number): string => `${rate}%`;

const chooseStyle = (random: Random) =>
  pickEach(random, {
    totalLabel: ['Total Offerte', 'Offertsumme'],
    markupLabel: ['Unternehmerzuschlag', 'Zuschlag Gemeinkosten und Gewinn'],
    size: [8, 8.5],
  });

type Style = ReturnType<typeof chooseStyle>;

const WIDTH = 595.28;
const LEFT = 62;
const RIGHT = 550;

const codeOf = (section: Section): string => section.heading.split(' ')[1];

/** The cost groups in the order of their BKP numbers, as the cost plan lists them. */
const byCode = (document: SorDocument): Section[] => [...document.sections].sort((a, b) => Number(codeOf(a)) - Number(codeOf(b)));

function rows(document: SorDocument): TableRow[] {
  return byCode(document).flatMap((section): TableRow[] => {
    const code = codeOf(section);
    return [
      { kind: 'heading', text: section.heading },
      ...section.items.map((item, index): TableRow => ({
        kind: 'item',
        cells: {
          number: `${code}.${String((index + 1) * 10).padStart(3, '0')}`,
          description: item.description,
          quantity: swiss(Math.round(item.quantity * 100)),
          unit: UNITS[item.unit],
          material: swiss(item.material),
          labor: swiss(item.labor),
          total: swiss(item.total),
        },
      })),
      { kind: 'total', label: `Total BKP ${code}`, labelKey: 'description', cells: { total: swiss(sectionTotal(section)) }, rule: true },
      { kind: 'space', height: 7 },
    ];
  });
}

function letter(context: TextContext, document: SorDocument): void {
  const { sheet, body, bold } = context;
  const { parties } = document;
  const contractor = parties.contractor!;
  sheet.text(contractor.name, LEFT, 54, { ...bold, size: 12 });
  sheet.text(`${streetLine(contractor.address)}  |  ${cityLine(contractor.address)}  |  Tel. ${contractor.phone}  |  Bewilligung ${contractor.license}`, LEFT, 66, { ...body, size: body.size - 1 });
  sheet.rule(LEFT, RIGHT, 71, 0.3);
  sheet.text(`${contractor.name}, ${streetLine(contractor.address)}, ${contractor.address.city}`, 330, 120, { ...body, size: 6 });
  sheet.y = 126;
  labelValues(sheet, [['', parties.borrower], ['', streetLine(parties.property)], ['', cityLine(parties.property)]], 330, 0, body, body, 11.5);
  sheet.y = 126;
  labelValues(
    sheet,
    [
      ['Offerte Nr.', parties.fileNumber],
      ['Objekt', streetLine(parties.property)],
      ['Besichtigung', formatDate(parties.inspectionDate, 'dayDotted')],
      ['Bauherrenberater', parties.consultant],
      ['Bank', parties.lender],
    ],
    LEFT,
    74,
    { ...body, gray: 0.35 },
    body,
    11.5,
  );
  sheet.text(`${contractor.address.city}, ${written(parties.reportDate)}`, 330, 214, body);
  sheet.y = 232;
  sheet.text(`Offerte für Renovationsarbeiten – ${streetLine(parties.property)}`, LEFT, sheet.y, { ...bold, size: bold.size + 2 });
  sheet.y += 12;
  flowLines(
    context,
    [
      'Sehr geehrte Bauherrschaft',
      'Wir danken Ihnen für Ihre Anfrage und offerieren Ihnen gestützt auf die Besichtigung und das Ausmass vor Ort die nachstehenden Arbeiten. Alle Beträge in US-Dollar.',
      '',
    ],
    LEFT,
    RIGHT - LEFT,
  );
}

function recap(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { recap: totals } = document;
  const lines: RecapRow[] = [{ label: 'Total Arbeiten', amount: swiss(totals.subtotal), bold: true }];
  if (totals.generalConditions) lines.push({ label: `Bauleitung und Koordination ${percent(totals.generalConditions.rate)}`, amount: swiss(totals.generalConditions.amount) });
  if (totals.overhead) lines.push({ label: `${style.markupLabel} ${percent(totals.overhead.rate)}`, amount: swiss(totals.overhead.amount) });
  lines.push({ label: 'Zwischentotal', amount: swiss(totals.subtotal + (totals.generalConditions?.amount ?? 0) + (totals.overhead?.amount ?? 0)), rule: true });
  for (const line of totals.before) lines.push({ label: line.label, amount: swiss(line.amount) });
  lines.push({ label: `${style.totalLabel} USD`, amount: swiss(totals.grandTotal), bold: true, rule: true });
  sheet.ensure((lines.length + totals.after.length) * 13 + 90);
  sheet.y += 10;
  recapRows(sheet, lines, { labelX: 300, amountRight: RIGHT - 3, ruleFrom: 300, leading: 13, regular: body, bold });
  sheet.rule(300, RIGHT, sheet.y - 0.5, 0.6);
  sheet.rule(300, RIGHT, sheet.y + 1.5, 0.6);
  sheet.y += 8;
  for (const line of totals.after) recapRows(sheet, [{ label: line.label, amount: swiss(line.amount) }], { labelX: 300, amountRight: RIGHT - 3, leading: 13, regular: body, bold });
  sheet.y += 16;
  flowLines(context, ['Gültigkeit der Offerte: 60 Tage. Zahlungskonditionen: 30 Tage netto.', 'Für Rückfragen stehen wir Ihnen gerne zur Verfügung.', '', 'Freundliche Grüsse', '', document.parties.contractor!.name], LEFT, RIGHT - LEFT);
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const style = chooseStyle(new Random(document.seed).child('g100-render'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [WIDTH, 841.89], margins: { top: 52, bottom: 62, left: LEFT, right: WIDTH - RIGHT }, title: `Offerte ${parties.fileNumber}`, producer: 'Messerli BauAD', date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const body: TextStyle = { font: fonts.regular, size: style.size };
  const bold: TextStyle = { font: fonts.bold, size: style.size };
  const context: TextContext = { sheet, fonts, body, bold, lineHeight: style.size + 3 };
  sheet.addPage();
  letter(context, document);
  writeTable(sheet, {
    columns: columnsAcross(LEFT, RIGHT, [
      ['number', 'Pos.', 42, 'left'],
      ['description', 'Bezeichnung', RIGHT - LEFT - 42 - 42 - 30 - 3 * 60, 'left'],
      ['quantity', 'Menge', 42, 'right'],
      ['unit', 'Einh.', 30, 'left'],
      ['material', 'Material', 60, 'right'],
      ['labor', 'Arbeit', 60, 'right'],
      ['total', 'Betrag USD', 'rest', 'right'],
    ]),
    wrapKey: 'description',
    body,
    bold,
    header: bold,
    headerRules: 'below',
    lineHeight: style.size + 2,
    rowGap: 3,
    padding: 2,
    heading: {
      height: style.size + 10,
      draw: (target, text, at) => target.text(text, LEFT + 2, at + style.size + 6, bold),
    },
    continued: (text) => `${text} (Fortsetzung)`,
  }, rows(document));
  recap(context, document, style);
  sheet.decorate((index, count) => {
    if (index > 0) sheet.text(`Offerte Nr. ${parties.fileNumber}`, LEFT, 36, { ...body, size: 7, gray: 0.4 });
    sheet.text(`${index + 1}/${count}`, RIGHT, 812, { ...body, size: 7 }, 'right');
  });
  return sheet.save();
}

export const g100: SorFamily = {
  id: 'g100',
  name: 'German-language Offerte in the Swiss manner: address window at the right, trades as BKP cost groups ("BKP 250 Sanitäranlagen", positions "250.030", "Total BKP 250"), Pos. | Bezeichnung | Menge | Einh. | Material | Arbeit | Betrag USD, amounts as "1\'234.50", Zwischentotal, Rabatt and Skonto',
  heldOut: false,
  items: [10, 44],
  dateStyle: 'dayDotted',
  printed: printedFields(),
  printedSections: byCode,
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'trade',
    contractorSelected: true,
    heading: ({ trade }) => `BKP ${BKP[trade!.id][0]} ${BKP[trade!.id][1]}`,
    verbosity: 0.3,
    credits: 0.1,
    recap: {
      generalConditions: random.chance(0.4) ? [3, 4, 5, 6] : null,
      overheadAndProfit: [8, 10, 12, 14],
      before: (inner, sections) => {
        const lines: RecapLine[] = [];
        if (inner.chance(0.5)) {
          const rate = inner.pick([2, 3, 5]);
          const base = sections.reduce((sum, section) => sum + sectionTotal(section), 0);
          lines.push({ label: `Rabatt ${rate}% auf Total Arbeiten`, amount: -Math.round((base * rate) / 100) });
        }
        if (inner.chance(0.5)) lines.push({ label: 'Bewilligungsgebühren', amount: inner.int(6, 40) * 2500 });
        return lines;
      },
      after: (inner, grandTotal) => {
        const rate = inner.pick([2, 3]);
        return [{ label: `Skonto ${rate}% bei Zahlung innert 10 Tagen`, amount: -Math.round((grandTotal * rate) / 100) }];
      },
    },
  }),
  render,
};
