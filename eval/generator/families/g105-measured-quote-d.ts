import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { percentText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type RecapLine, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import type { Unit } from '../work-items.js';
import { cityLine, columnsAcross, flowLines, labelValues, pickEach, printedFields, recapRows, streetLine, type RecapRow, type TextContext } from './parts.js';

/**
 * g105: a Dutch-language quote in the Flemish manner (OFFERTE / MEETSTAAT), A4 portrait in Helvetica, a full grid.
 * Two blocks side by side above the table: the client and the works' address at the left, the references at the right
 * (Ons kenmerk, Datum, Plaatsbezoek, Deskundige, Kredietgever, Erkenning, Tel.), then "Betreft" and a short letter.
 * The table: Post | Omschrijving | Aard | Eenh. | Hoev. | Materiaal | Arbeid | Totaal, the posts numbered through the
 * whole quote, the kind of quantity in Aard (FH, a fixed quantity, for pieces and lump sums; VH, a presumed one, for
 * measured work), units in Dutch ("st", "lm ft", "post"), amounts with a dot between thousands and a decimal comma.
 * Each room is a merged heading row ("3. BADKAMER") ending with "Totaal ruimte 3". After the table: Totaal der
 * werken, site set-up and coordination sometimes, general costs and profit, a container sometimes, the TOTAAL
 * AANNEMINGSSOM, and the payment in three instalments after it. Footer: the contractor and "Blad 1/3".
 */

const ROOM_NAMES: Record<string, string> = {
  Kitchen: 'Keuken',
  'Master Bath': 'Badkamer',
  'Hall Bath': 'Tweede badkamer',
  'Master Bedroom': 'Slaapkamer 1',
  'Bedroom 2': 'Slaapkamer 2',
  'Living Room': 'Woonkamer',
  'Dining Room': 'Eetkamer',
  Exterior: 'Gevels en buitenschrijnwerk',
  Roof: 'Dak',
  Basement: 'Kelder',
  'Laundry Room': 'Wasplaats',
  Garage: 'Garage',
  'Whole House': 'Algemeen, hele woning',
  'Site Work': 'Omgevingswerken',
};

/** The Dutch unit words printed for the answer's unit codes. */
const UNITS: Record<Unit, string> = { EA: 'st', LF: 'lm ft', SF: 'ft²', SY: 'yd²', SQ: 'sq', LS: 'post', HR: 'uur', CY: 'yd³' };

/** "1.234,56" (or "1.234" without decimals): a dot between thousands and a decimal comma, a minus sign before a credit. */
function grouped(value: number, decimals: number): string {
  const [whole, fraction] = Math.abs(value).toFixed(decimals).split('.');
  const digits = `${value < 0 ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
  return fraction === undefined ? digits : `${digits},${fraction}`;
}

const amount = (cents: number): string => grouped(cents / 100, 2);
const dutchPercent = (rate: number): string => `${percentText(rate).replace('%', '').replace('.', ',')} %`;

const LEFT = 42;
const RIGHT = 553;

const chooseStyle = (random: Random) =>
  pickEach(random, {
    title: ['OFFERTE', 'OFFERTE - MEETSTAAT', 'PRIJSOFFERTE'],
    totalLabel: ['TOTAAL AANNEMINGSSOM', 'TOTAAL OFFERTEPRIJS'],
    band: [0.88, 0.93],
  });

type Style = ReturnType<typeof chooseStyle>;

function rows(document: SorDocument): TableRow[] {
  let post = 0;
  return document.sections.flatMap((section, sectionIndex): TableRow[] => [
    { kind: 'heading', text: section.heading },
    ...section.items.map((item): TableRow => {
      post += 1;
      return {
        kind: 'item',
        cells: {
          number: String(post),
          description: item.description,
          kind: item.unit === 'EA' || item.unit === 'LS' ? 'FH' : 'VH',
          unit: UNITS[item.unit],
          quantity: grouped(item.quantity, Number.isInteger(item.quantity) ? 0 : 1),
          material: amount(item.material),
          labor: amount(item.labor),
          total: amount(item.total),
        },
      };
    }),
    { kind: 'total', label: `Totaal ruimte ${sectionIndex + 1}`, labelKey: 'description', cells: { material: amount(sectionTotal(section, 'material')), labor: amount(sectionTotal(section, 'labor')), total: amount(sectionTotal(section)) } },
  ]);
}

function letter(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { parties } = document;
  const contractor = parties.contractor!;
  sheet.text(contractor.name, LEFT, 52, { ...bold, size: 14 });
  sheet.text(`${streetLine(contractor.address)}  |  ${cityLine(contractor.address)}  |  ${contractor.email}`, LEFT, 64, body);
  sheet.rule(LEFT, RIGHT, 70, 0.6);
  sheet.y = 84;
  labelValues(sheet, [['Opdrachtgever', ''], ['', parties.borrower], ['Adres der werken', ''], ['', streetLine(parties.property)], ['', cityLine(parties.property)]], LEFT, 0, bold, body, 11);
  sheet.y = 84;
  labelValues(
    sheet,
    [
      ['Ons kenmerk:', parties.fileNumber],
      ['Datum:', formatDate(parties.reportDate, 'daySlashed')],
      ['Plaatsbezoek:', formatDate(parties.inspectionDate, 'daySlashed')],
      ['Deskundige:', parties.consultant],
      ['Kredietgever:', parties.lender],
      ['Erkenning:', contractor.license],
      ['Tel.:', contractor.phone],
    ],
    330,
    66,
    bold,
    body,
    11,
  );
  sheet.y += 10;
  sheet.text(`${style.title} ${parties.fileNumber}`, LEFT, sheet.y, { ...bold, size: 11 });
  sheet.y += 8;
  flowLines(
    context,
    [
      `Betreft: renovatie van de woning ${streetLine(parties.property)}, ${cityLine(parties.property)}`,
      'Geachte, ingevolge ons plaatsbezoek hebben wij het genoegen u hierbij onze prijs over te maken. Posten met VH zijn vermoedelijke hoeveelheden en worden verrekend volgens de werkelijk uitgevoerde hoeveelheden; posten met FH zijn forfaitair. Alle bedragen in USD.',
      '',
    ],
    LEFT,
    RIGHT - LEFT,
  );
}

function totals(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { recap } = document;
  const lines: RecapRow[] = [{ label: 'Totaal der werken', amount: amount(recap.subtotal), bold: true }];
  if (recap.generalConditions) lines.push({ label: `Werfinrichting en coördinatie ${dutchPercent(recap.generalConditions.rate)}`, amount: amount(recap.generalConditions.amount) });
  if (recap.overhead) lines.push({ label: `Algemene kosten en winst ${dutchPercent(recap.overhead.rate)}`, amount: amount(recap.overhead.amount) });
  for (const line of recap.before) lines.push({ label: line.label, amount: amount(line.amount) });
  lines.push({ label: `${style.totalLabel} USD`, amount: amount(recap.grandTotal), bold: true, rule: true });
  sheet.ensure((lines.length + recap.after.length) * 13 + 70);
  sheet.y += 12;
  recapRows(sheet, lines, { labelX: 300, amountRight: RIGHT, ruleFrom: 296, leading: 13, regular: body, bold });
  sheet.y += 10;
  sheet.text('Betalingsvoorwaarden', LEFT, sheet.y + bold.size, bold);
  sheet.y += 14;
  recapRows(sheet, recap.after.map((line) => ({ label: line.label, amount: amount(line.amount) })), { labelX: LEFT, amountRight: 260, leading: 12, regular: body, bold });
  sheet.y += 10;
  flowLines(context, ['Geldigheid van de offerte: 3 maanden. Voor akkoord, datum en handtekening van de opdrachtgever:'], LEFT, RIGHT - LEFT);
}

/** The price in three instalments: at signing, at the end of the rough work, and the balance at handover. */
function instalments(grandTotal: number, first: number): RecapLine[] {
  const signing = Math.round((grandTotal * first) / 100);
  const rough = Math.round((grandTotal * 40) / 100);
  return [
    { label: `1e schijf bij ondertekening (${first} %)`, amount: signing },
    { label: '2e schijf na ruwbouw (40 %)', amount: rough },
    { label: `Saldo bij voorlopige oplevering (${60 - first} %)`, amount: grandTotal - signing - rough },
  ];
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const style = chooseStyle(new Random(document.seed).child('g105-render'));
  const { parties } = document;
  const contractor = parties.contractor!;
  const sheet = await Sheet.create({ size: [595.28, 841.89], margins: { top: 48, bottom: 58, left: LEFT, right: 595.28 - RIGHT }, title: `${style.title} ${parties.fileNumber}`, producer: 'Bouwcalc 7', date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const body: TextStyle = { font: fonts.regular, size: 7.6 };
  const bold: TextStyle = { font: fonts.bold, size: 7.6 };
  const context: TextContext = { sheet, fonts, body, bold, lineHeight: 10 };
  sheet.addPage();
  letter(context, document, style);
  writeTable(sheet, {
    columns: columnsAcross(LEFT, RIGHT, [
      ['number', 'Post', 26, 'right'],
      ['description', 'Omschrijving', 209, 'left'],
      ['kind', 'Aard', 26, 'center'],
      ['unit', 'Eenh.', 32, 'left'],
      ['quantity', 'Hoev.', 38, 'right'],
      ['material', 'Materiaal', 58, 'right'],
      ['labor', 'Arbeid', 58, 'right'],
      ['total', 'Totaal', 'rest', 'right'],
    ]),
    wrapKey: 'description',
    body,
    bold,
    header: bold,
    headerBand: style.band,
    grid: true,
    mergedHeadings: true,
    lineHeight: 9.4,
    rowGap: 3,
    padding: 3,
    heading: {
      height: 15,
      draw: (target, text, at) => {
        target.box(LEFT, at, RIGHT - LEFT, 15, { fill: style.band });
        target.text(text, LEFT + 4, at + 10.5, { ...bold, size: 8 });
      },
    },
    continued: (text) => `${text} (vervolg)`,
  }, rows(document));
  totals(context, document, style);
  sheet.decorate((index, count) => {
    sheet.text(`${contractor.name}  -  Tel. ${contractor.phone}`, LEFT, 812, { ...body, size: 6.8 });
    sheet.text(`Blad ${index + 1}/${count}`, RIGHT, 812, { ...body, size: 6.8 }, 'right');
  });
  return sheet.save();
}

export const g105: SorFamily = {
  id: 'g105',
  name: 'Flemish-style Dutch-language OFFERTE / MEETSTAAT on a full grid: Post | Omschrijving | Aard (FH/VH) | Eenh. | Hoev. | Materiaal | Arbeid | Totaal, rooms as merged headings, "Totaal ruimte" rows, AANNEMINGSSOM and three instalments after it',
  heldOut: true,
  items: [10, 40],
  dateStyle: 'daySlashed',
  printed: printedFields(),
  spec: (random, itemCount) => {
    const upper = random.chance(0.5);
    const first = random.pick([20, 30]);
    return {
      itemCount,
      grouping: 'room',
      contractorSelected: true,
      heading: ({ ordinal, room }) => {
        const name = ROOM_NAMES[room!.name];
        return `${ordinal}. ${upper ? name.toUpperCase() : name}`;
      },
      verbosity: 0.25,
      halfFeet: true,
      credits: 0.1,
      recap: {
        generalConditions: random.chance(0.5) ? [3, 4, 5] : null,
        overheadAndProfit: [12, 15, 18],
        before: (inner) => (inner.chance(0.5) ? [{ label: 'Container en stortkosten', amount: inner.int(14, 30) * 2500 }] : []),
        after: (_inner, grandTotal) => instalments(grandTotal, first),
      },
    };
  },
  render,
};
