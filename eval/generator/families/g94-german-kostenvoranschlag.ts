import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { percentText, Sheet, type FontFamily, type TextStyle } from '../layout.js';
import { sectionTotal, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import type { TradeId, Unit } from '../work-items.js';
import { cityLine, columnsAcross, flowLines, labelValues, pickEach, printedFields, recapRows, streetLine, type RecapRow, type TextContext } from './parts.js';

/**
 * g94: a German-language cost estimate (KOSTENVORANSCHLAG or ANGEBOT) on A4 in the form of a business letter: the
 * sender line over the address window (the client and the property), an information block at the right (Angebot-Nr.,
 * Datum, Besichtigung, Sachverständiger, Finanzierung, Lizenz-Nr., Telefon), a subject line and a greeting paragraph.
 * The table puts quantity and unit before the work: Pos. | Menge | Einh. | Leistungsbeschreibung | Material | Lohn |
 * Gesamtpreis, units in German ("Stk.", "lfd. ft", "psch.", "Std."), amounts in the German format with a dot
 * between thousands and a decimal comma ("1.234,56"), positions numbered within their title ("03.020"). Each trade is
 * a title ("Titel 03 Sanitärinstallation" or "03 SANITÄRINSTALLATION") ending with a "Summe Titel 03" row. After
 * the table a Titelzusammenstellung lists every title again, then Nettosumme, Baustellengemeinkosten sometimes,
 * Allgemeine Geschäftskosten and Wagnis und Gewinn as two percentages, permit fees sometimes, the Angebotssumme and
 * the down payment after it.
 */

const TITLES: Record<TradeId, string> = {
  general: 'Baustelleneinrichtung',
  demolition: 'Abbrucharbeiten',
  concrete: 'Betonarbeiten',
  masonry: 'Maurerarbeiten',
  carpentry: 'Zimmerer- und Tischlerarbeiten',
  roofing: 'Dach, Fassade und Dämmung',
  openings: 'Fenster und Türen',
  finishes: 'Innenausbau und Malerarbeiten',
  cabinets: 'Küche und Einbaugeräte',
  plumbing: 'Sanitärinstallation',
  hvac: 'Heizung und Klima',
  electrical: 'Elektroinstallation',
  site: 'Außenanlagen',
};

/** The German unit words printed for the answer's unit codes. */
export const GERMAN_UNITS: Record<Unit, string> = {
  EA: 'Stk.', LF: 'lfd. ft', SF: 'ft²', SY: 'yd²', SQ: 'Square', LS: 'psch.', HR: 'Std.', CY: 'yd³',
};

/** "1.234,56": a dot between thousands and a decimal comma, a minus sign before a credit. */
export function germanAmount(cents: number): string {
  const absolute = Math.abs(cents);
  const whole = String(Math.floor(absolute / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${cents < 0 ? '-' : ''}${whole},${String(absolute % 100).padStart(2, '0')}`;
}

const germanQuantity = (value: number): string => value.toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const germanPercent = (rate: number): string => `${percentText(rate).replace('%', '').replace('.', ',')} %`;

const chooseStyle = (random: Random) =>
  pickEach(random, {
    font: ['Helvetica', 'Times'] as FontFamily[],
    title: ['KOSTENVORANSCHLAG', 'ANGEBOT'],
    totalLabel: ['Angebotssumme', 'Gesamtbetrag', 'Endbetrag'],
    netLabel: ['Nettosumme', 'Summe der Titel'],
  });

type Style = ReturnType<typeof chooseStyle>;

const WIDTH = 595.28;
const LEFT = 56;
const RIGHT = 552;

const pad = (value: number): string => String(value).padStart(2, '0');

function rows(document: SorDocument): TableRow[] {
  return document.sections.flatMap((section, sectionIndex): TableRow[] => [
    { kind: 'heading', text: section.heading },
    ...section.items.map((item, index): TableRow => ({
      kind: 'item',
      cells: {
        number: `${pad(sectionIndex + 1)}.${String((index + 1) * 10).padStart(3, '0')}`,
        quantity: germanQuantity(item.quantity),
        unit: GERMAN_UNITS[item.unit],
        description: item.description,
        material: germanAmount(item.material),
        labor: germanAmount(item.labor),
        total: germanAmount(item.total),
      },
    })),
    {
      kind: 'total',
      label: `Summe Titel ${pad(sectionIndex + 1)}`,
      labelKey: 'description',
      cells: { material: germanAmount(sectionTotal(section, 'material')), labor: germanAmount(sectionTotal(section, 'labor')), total: germanAmount(sectionTotal(section)) },
      rule: true,
    },
    { kind: 'space', height: 6 },
  ]);
}

function letterhead(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { parties } = document;
  const contractor = parties.contractor!;
  sheet.text(contractor.name, RIGHT, 52, { ...bold, size: 13 }, 'right');
  sheet.text(`${streetLine(contractor.address)} · ${cityLine(contractor.address)}`, RIGHT, 64, body, 'right');
  sheet.text(`${contractor.name} · ${streetLine(contractor.address)} · ${cityLine(contractor.address)}`, LEFT, 118, { ...body, size: 6.5 });
  sheet.rule(LEFT, LEFT + 240, 121, 0.4);
  sheet.y = 128;
  labelValues(sheet, [['', parties.borrower], ['', streetLine(parties.property)], ['', cityLine(parties.property)]], LEFT, 0, body, body, 11);
  sheet.y = 112;
  labelValues(
    sheet,
    [
      ['Angebot-Nr.:', parties.fileNumber],
      ['Datum:', formatDate(parties.reportDate, 'dayDotted')],
      ['Besichtigung:', formatDate(parties.inspectionDate, 'dayDotted')],
      ['Sachverständiger:', parties.consultant],
      ['Finanzierung:', parties.lender],
      ['Lizenz-Nr.:', contractor.license],
      ['Telefon:', contractor.phone],
    ],
    360,
    74,
    body,
    body,
    11,
  );
  sheet.y = 214;
  sheet.text(`${style.title} Nr. ${parties.fileNumber}`, LEFT, sheet.y, { ...bold, size: 11 });
  sheet.y += 8;
  flowLines(context, [`Bauvorhaben: ${streetLine(parties.property)}, ${cityLine(parties.property)}`, ''], LEFT, RIGHT - LEFT, bold);
  flowLines(
    context,
    [
      'Sehr geehrte Damen und Herren,',
      `vielen Dank für Ihre Anfrage. Auf Grundlage unserer Besichtigung vom ${formatDate(parties.inspectionDate, 'dayDotted')} bieten wir Ihnen die folgenden Leistungen an. Alle Preise verstehen sich in US-Dollar; die Mengen wurden vor Ort aufgenommen.`,
      '',
    ],
    LEFT,
    RIGHT - LEFT,
  );
}

function summary(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { recap: totals } = document;
  const titleRows: RecapRow[] = document.sections.map((section) => ({ label: section.heading, amount: germanAmount(sectionTotal(section)) }));
  const lines: RecapRow[] = [{ label: style.netLabel, amount: germanAmount(totals.subtotal), bold: true, rule: true }];
  if (totals.generalConditions) lines.push({ label: `Baustellengemeinkosten ${germanPercent(totals.generalConditions.rate)}`, amount: germanAmount(totals.generalConditions.amount) });
  if (totals.overhead) lines.push({ label: `Allgemeine Geschäftskosten ${germanPercent(totals.overhead.rate)}`, amount: germanAmount(totals.overhead.amount) });
  if (totals.profit) lines.push({ label: `Wagnis und Gewinn ${germanPercent(totals.profit.rate)}`, amount: germanAmount(totals.profit.amount) });
  for (const line of totals.before) lines.push({ label: line.label, amount: germanAmount(line.amount) });
  lines.push({ label: `${style.totalLabel} USD`, amount: germanAmount(totals.grandTotal), bold: true, rule: true });
  for (const line of totals.after) lines.push({ label: line.label, amount: germanAmount(line.amount) });
  sheet.ensure((titleRows.length + 2) * 12 + 20);
  sheet.y += 8;
  sheet.text('Titelzusammenstellung', LEFT, sheet.y + bold.size, { ...bold, size: bold.size + 1 });
  sheet.y += 16;
  recapRows(sheet, titleRows, { labelX: LEFT, amountRight: RIGHT, leading: 12, regular: body, bold });
  sheet.ensure(lines.length * 13 + 60);
  sheet.y += 4;
  recapRows(sheet, lines, { labelX: 300, amountRight: RIGHT, ruleFrom: 296, leading: 13, regular: body, bold });
  sheet.y += 14;
  flowLines(context, ['Das Angebot ist 6 Wochen gültig. Zahlung nach Baufortschritt; Schlussrechnung nach Abnahme.', '', 'Mit freundlichen Grüßen', '', document.parties.contractor!.name], LEFT, RIGHT - LEFT);
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const style = chooseStyle(new Random(document.seed).child('g94-render'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [WIDTH, 841.89], margins: { top: 50, bottom: 60, left: LEFT, right: WIDTH - RIGHT }, title: `${style.title} ${parties.fileNumber}`, producer: 'Handwerk-Faktura 9', date: parties.reportDate });
  const fonts = await sheet.fonts(style.font);
  const size = style.font === 'Times' ? 8.6 : 8;
  const body: TextStyle = { font: fonts.regular, size };
  const bold: TextStyle = { font: fonts.bold, size };
  const context: TextContext = { sheet, fonts, body, bold, lineHeight: 10.5 };
  sheet.addPage();
  letterhead(context, document, style);
  writeTable(sheet, {
    columns: columnsAcross(LEFT, RIGHT, [
      ['number', 'Pos.', 38, 'left'],
      ['quantity', 'Menge', 44, 'right'],
      ['unit', 'Einh.', 40, 'left'],
      ['description', 'Leistungsbeschreibung', RIGHT - LEFT - 38 - 44 - 40 - 2 * 58 - 64, 'left'],
      ['material', 'Material', 58, 'right'],
      ['labor', 'Lohn', 58, 'right'],
      ['total', 'Gesamtpreis', 'rest', 'right'],
    ]),
    wrapKey: 'description',
    body,
    bold,
    header: bold,
    headerRules: 'above-below',
    lineHeight: 10,
    rowGap: 3,
    padding: 3,
    heading: {
      height: 18,
      draw: (target, text, at) => {
        target.text(text, LEFT + 3, at + 13, { ...bold, size: size + 1 });
        target.rule(LEFT, RIGHT, at + 16, 0.3, 0.5);
      },
    },
    continued: (text) => `${text} (Fortsetzung)`,
  }, rows(document));
  summary(context, document, style);
  sheet.decorate((index, count) => sheet.text(`Seite ${index + 1} von ${count}`, RIGHT, 812, { ...body, size: 7 }, 'right'));
  return sheet.save();
}

export const g94: SorFamily = {
  id: 'g94',
  name: 'German-language Kostenvoranschlag as a business letter: Pos. | Menge | Einh. | Leistungsbeschreibung | Material | Lohn | Gesamtpreis, amounts as "1.234,56", titled trades with "Summe Titel" rows, a Titelzusammenstellung and AGK / Wagnis und Gewinn markups',
  heldOut: false,
  items: [10, 42],
  dateStyle: 'dayDotted',
  printed: printedFields(),
  spec: (random, itemCount) => {
    const numbered = random.chance(0.5);
    return {
      itemCount,
      grouping: 'trade',
      contractorSelected: true,
      heading: ({ ordinal, trade }) => (numbered ? `${pad(ordinal)} ${TITLES[trade!.id].toUpperCase()}` : `Titel ${pad(ordinal)} ${TITLES[trade!.id]}`),
      verbosity: 0.25,
      halfFeet: true,
      credits: 0.12,
      recap: {
        generalConditions: random.chance(0.5) ? [4, 5, 6, 8] : null,
        overheadAndProfit: [6, 8, 10],
        split: true,
        before: (inner) => (inner.chance(0.5) ? [{ label: 'Genehmigungsgebühren', amount: inner.int(6, 36) * 2500 }] : []),
        after: (inner, grandTotal) => {
          const rate = inner.pick([20, 30, 40]);
          return [{ label: `Anzahlung bei Auftragserteilung ${rate} %`, amount: Math.round((grandTotal * rate) / 100) }];
        },
      },
    };
  },
  render,
};
