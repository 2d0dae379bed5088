import { formatDate, type CalendarDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { Sheet, spacedComma, type FontFamily, type TextStyle } from '../layout.js';
import { sectionTotal, type RecapLine, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import type { TradeId, Unit } from '../work-items.js';
import { addressPairs, cityLine, columnsAcross, labelValueColumns, labelValues, pickEach, printedFields, recapRows, streetLine, type Pair, type RecapRow, type TextContext } from './parts.js';

/**
 * g90: a Québec contractor's renovation quote (SOUMISSION or DEVIS DE RÉNOVATION), portrait, Helvetica or Times:
 * every label, heading and unit in French, the work described in the consultant's English words, and amounts in
 * the French-Canadian format: a space between thousands, a decimal comma and the dollar sign after the amount
 * ("1 234,56 $"), quantities with a comma too ("12,5"). The RBQ licence under the letterhead, the quote number and
 * its date at the right, then the client block in one or two columns. The table is Art. | Description des travaux
 * | Qté | Unité | Matériaux | Main-d'œuvre | Montant with French units ("pi²", "pi lin.", "unité", "forfait"); the
 * trades are headed "Section 3 – Plomberie" or "3. PLOMBERIE" and each ends with a "Total section 3" row. Recap:
 * Sous-total, then the two sales taxes, TPS (5 %) and TVQ (9,975 %), on it, TOTAL, and the deposit after it; the
 * tax registration numbers and the acceptance block in French.
 */

const TRADE_NAMES: Record<TradeId, string> = {
  general: 'Conditions générales',
  demolition: 'Démolition',
  concrete: 'Béton',
  masonry: 'Maçonnerie',
  carpentry: 'Charpenterie et menuiserie',
  roofing: 'Toiture, revêtement et isolation',
  openings: 'Portes et fenêtres',
  finishes: 'Finition intérieure',
  cabinets: 'Armoires et électroménagers',
  plumbing: 'Plomberie',
  hvac: 'Chauffage et climatisation',
  electrical: 'Électricité',
  site: 'Aménagement extérieur',
};

/** The French unit words a Québec contractor prints; the answer keeps the unit codes. */
export const FRENCH_UNITS: Record<Unit, string> = {
  EA: 'unité', LF: 'pi lin.', SF: 'pi²', SY: 'vg²', SQ: 'carré', LS: 'forfait', HR: 'h', CY: 'vg³',
};

const MOIS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];
const frenchDate = (date: CalendarDate): string => `${date.day === 1 ? '1er' : date.day} ${MOIS[date.month - 1]} ${date.year}`;

/** "1 234,56 $". */
const dollarsAfter = (cents: number): string => `${spacedComma(cents)} $`;
const quantityComma = (value: number): string => (Number.isInteger(value) ? String(value) : String(value).replace('.', ','));

const chooseStyle = (random: Random) =>
  pickEach(random, {
    font: ['Helvetica', 'Times'] as FontFamily[],
    title: ['SOUMISSION', 'DEVIS DE RÉNOVATION'],
    twoColumnClient: [true, false],
    subtotalLabel: ['Sous-total', 'Sous-total des travaux'],
    totalLabel: ['TOTAL', 'TOTAL DE LA SOUMISSION', 'GRAND TOTAL'],
  });

type Style = ReturnType<typeof chooseStyle>;

const LEFT = 42;
const RIGHT = 570;

/** "3" of "Section 3 – Plomberie" or "3. PLOMBERIE". */
const sectionNumber = (heading: string): string => /(\d+)/.exec(heading)![1];

function rows(document: SorDocument): TableRow[] {
  let number = 0;
  return document.sections.flatMap((section): TableRow[] => [
    { kind: 'heading', text: section.heading },
    ...section.items.map((item): TableRow => {
      number += 1;
      return {
        kind: 'item',
        cells: {
          number: String(number),
          description: item.description,
          quantity: quantityComma(item.quantity),
          unit: FRENCH_UNITS[item.unit],
          material: spacedComma(item.material),
          labor: spacedComma(item.labor),
          total: spacedComma(item.total),
        },
      };
    }),
    { kind: 'total', label: `Total section ${sectionNumber(section.heading)}`, labelKey: 'description', cells: { total: dollarsAfter(sectionTotal(section)) }, rule: true },
  ]);
}

function top(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { parties } = document;
  const contractor = parties.contractor!;
  sheet.text(contractor.name, LEFT, 58, { ...bold, size: 14 });
  sheet.text(`${streetLine(contractor.address)}, ${cityLine(contractor.address)}`, LEFT, 72, body);
  sheet.text(`Tél. : ${contractor.phone}  ·  Courriel : ${contractor.email}`, LEFT, 83, body);
  sheet.text(`Licence RBQ : ${contractor.license}`, LEFT, 94, body);
  sheet.box(404, 42, RIGHT - 404, 60, { stroke: 0, thickness: 0.8 });
  sheet.text(style.title, (404 + RIGHT) / 2, 58, { ...bold, size: 11 }, 'center');
  sheet.text(`No : ${parties.fileNumber}`, 412, 72, bold);
  sheet.text(`Date : ${frenchDate(parties.reportDate)}`, 412, 83, body);
  sheet.rule(LEFT, RIGHT, 110, 1);
  const address: Pair[] = style.twoColumnClient ? addressPairs('Adresse des travaux :', parties.property) : [['Adresse des travaux :', `${streetLine(parties.property)}, ${cityLine(parties.property)}`]];
  const client: Pair[] = [['Client :', parties.borrower], ...address, ['Prêteur :', parties.lender]];
  const file: Pair[] = [
    ['Consultant :', parties.consultant],
    ["Date d'inspection :", formatDate(parties.inspectionDate, 'iso')],
  ];
  if (style.twoColumnClient) {
    labelValueColumns(sheet, [[LEFT, 92, client], [372, 80, file]], 126, 12, bold, body);
    sheet.y = 184;
  } else {
    sheet.y = 118;
    labelValues(sheet, [...client, ...file], LEFT, 100, bold, body, 12);
    sheet.y += 14;
  }
}

function recap(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { recap: totals } = document;
  const lines: RecapRow[] = [{ label: style.subtotalLabel, amount: dollarsAfter(totals.subtotal), bold: true }];
  for (const line of totals.before) lines.push({ label: line.label, amount: dollarsAfter(line.amount) });
  lines.push({ label: style.totalLabel, amount: dollarsAfter(totals.grandTotal), bold: true, rule: true });
  for (const line of totals.after) lines.push({ label: line.label, amount: dollarsAfter(line.amount) });
  sheet.ensure(lines.length * 13 + 130);
  sheet.y += 14;
  recapRows(sheet, lines, { labelX: 340, amountRight: RIGHT - 4, ruleFrom: 336, leading: 13, regular: body, bold });
  sheet.y += 14;
  const registration = new Random(document.seed).child('g90-taxes');
  sheet.text(`No TPS : ${registration.int(100000000, 999999999)} RT0001    No TVQ : ${registration.int(1000000000, 1999999999)} TQ0001`, LEFT, sheet.y, { ...body, size: body.size - 0.5 });
  sheet.y += 16;
  for (const text of [
    'Cette soumission est valide pour une période de 30 jours. Les taxes sont calculées sur le sous-total des travaux.',
    'Tout travail supplémentaire fera l\'objet d\'un avenant écrit signé par les deux parties.',
  ]) {
    for (const line of sheet.wrap(text, RIGHT - LEFT, body)) {
      sheet.text(line, LEFT, sheet.y, body);
      sheet.y += 10;
    }
  }
  sheet.y += 26;
  sheet.text('_______________________________', LEFT, sheet.y, body);
  sheet.text('_______________________________', 330, sheet.y, body);
  sheet.text('Acceptation du client / Date', LEFT, sheet.y + 11, body);
  sheet.text("Signature de l'entrepreneur / Date", 330, sheet.y + 11, body);
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g90-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 44, bottom: 50, left: LEFT, right: 612 - RIGHT }, title: `${style.title} ${parties.fileNumber}`, producer: 'Microsoft Excel', date: parties.reportDate });
  const fonts = await sheet.fonts(style.font);
  const size = style.font === 'Times' ? 8.5 : 8;
  const body: TextStyle = { font: fonts.regular, size };
  const bold: TextStyle = { font: fonts.bold, size };
  const context: TextContext = { sheet, fonts, body, bold, lineHeight: 10 };
  sheet.addPage();
  top(context, document, style);
  writeTable(sheet, {
    columns: columnsAcross(LEFT, RIGHT, [
      ['number', 'Art.', 26, 'left'],
      ['description', 'Description des travaux', RIGHT - LEFT - 26 - 36 - 44 - 3 * 66, 'left'],
      ['quantity', 'Qté', 36, 'right'],
      ['unit', 'Unité', 44, 'center'],
      ['material', 'Matériaux', 66, 'right'],
      ['labor', "Main-d'œuvre", 66, 'right'],
      ['total', 'Montant', 'rest', 'right'],
    ]),
    wrapKey: 'description',
    body,
    bold,
    header: bold,
    headerBand: 0.88,
    headerRules: 'above-below',
    lineHeight: 10,
    rowGap: 3,
    padding: 3,
    heading: {
      height: 17,
      draw: (target, text, at) => {
        target.box(LEFT, at + 2, RIGHT - LEFT, 13, { fill: 0.94 });
        target.text(text, LEFT + 3, at + 12, { ...bold, size: size + 0.5 });
      },
    },
    continued: (text) => `${text} (suite)`,
  }, rows(document));
  recap(context, document, style);
  sheet.decorate((index, count) => sheet.text(`Page ${index + 1} de ${count}`, (LEFT + RIGHT) / 2, 770, { ...body, size: 7 }, 'center'));
  return sheet.save();
}

/** TPS (federal, 5 %) and TVQ (Québec, 9.975 %) on the sum of the sections. */
function salesTaxes(sections: SorDocument['sections']): RecapLine[] {
  const subtotal = sections.reduce((sum, section) => sum + sectionTotal(section), 0);
  return [
    { label: 'TPS (5 %)', amount: Math.round(subtotal * 0.05) },
    { label: 'TVQ (9,975 %)', amount: Math.round(subtotal * 0.09975) },
  ];
}

export const g90: SorFamily = {
  id: 'g90',
  name: 'Québec French-language quote (SOUMISSION) with French labels, headings and units ("pi²", "forfait"), amounts as "1 234,56 $", "Total section 3" rows and a Sous-total / TPS / TVQ / TOTAL recap',
  heldOut: false,
  items: [10, 40],
  dateStyle: 'iso',
  printed: printedFields(),
  spec: (random, itemCount) => {
    const numbered = random.chance(0.5);
    return {
      itemCount,
      grouping: 'trade',
      contractorSelected: true,
      heading: ({ ordinal, trade }) => (numbered ? `${ordinal}. ${TRADE_NAMES[trade!.id].toUpperCase()}` : `Section ${ordinal} – ${TRADE_NAMES[trade!.id]}`),
      verbosity: 0.25,
      credits: 0.15,
      recap: {
        generalConditions: null,
        overheadAndProfit: null,
        before: (_inner, sections) => salesTaxes(sections),
        after: (inner, grandTotal) => {
          const rate = inner.pick([20, 25, 30]);
          return [{ label: `Dépôt à la signature (${rate} %)`, amount: Math.round((grandTotal * rate) / 100) }];
        },
      },
    };
  },
  render,
};
