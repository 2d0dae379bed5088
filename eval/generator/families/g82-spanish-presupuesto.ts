import { formatDate, type CalendarDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type RecapLine, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import type { TradeId, Unit } from '../work-items.js';
import { cityLine, columnsAcross, pickEach, printedFields, recapRows, streetLine, type RecapRow, type TextContext } from './parts.js';

/**
 * g82: a Spanish-language estimate (PRESUPUESTO) from a US contractor, portrait, Helvetica 8: every label, heading
 * and unit is in Spanish while the work is described in the consultant's English words, with US number format. The
 * contractor's letterhead at the left and a ruled box at the right with the estimate number and its date written
 * out in Spanish ("12 de marzo de 2026"); under them a block of Cliente, Dirección de la obra, Prestamista,
 * Consultor 203(k) and Fecha de inspección. The table is Núm. | Descripción del trabajo | Cant. | Unidad |
 * Materiales | Mano de obra | Importe, with the units in Spanish words ("pie²", "pie lin.", "pza", "global").
 * The trades are headed "Partida 3: Plomería" on a rule, and a "Total partida 3" row ends each. Recap: Suma de
 * partidas, gastos generales sometimes, gastos indirectos y utilidad, permisos sometimes, TOTAL DEL PRESUPUESTO,
 * then the deposit (anticipo) after it; validity and signatures in Spanish.
 */

const TRADE_NAMES: Record<TradeId, string> = {
  general: 'Requisitos generales',
  demolition: 'Demolición',
  concrete: 'Concreto',
  masonry: 'Mampostería',
  carpentry: 'Carpintería',
  roofing: 'Techo, revestimiento y aislamiento',
  openings: 'Puertas y ventanas',
  finishes: 'Acabados interiores',
  cabinets: 'Gabinetes y electrodomésticos',
  plumbing: 'Plomería',
  hvac: 'Calefacción y aire acondicionado',
  electrical: 'Electricidad',
  site: 'Obras exteriores',
};

/** The Spanish unit words a contractor prints; the answer keeps the unit codes. */
export const SPANISH_UNITS: Record<Unit, string> = {
  EA: 'pza', LF: 'pie lin.', SF: 'pie²', SY: 'yd²', SQ: 'cuadro', LS: 'global', HR: 'hora', CY: 'yd³',
};

const MESES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
const spanishDate = (date: CalendarDate): string => `${date.day} de ${MESES[date.month - 1]} de ${date.year}`;

const chooseStyle = (random: Random) =>
  pickEach(random, {
    subtotalLabel: ['Suma de partidas', 'Subtotal de la obra', 'Costo directo'],
    overheadLabel: ['Gastos indirectos y utilidad', 'Administración y utilidad'],
    totalLabel: ['TOTAL DEL PRESUPUESTO', 'TOTAL PRESUPUESTADO', 'GRAN TOTAL'],
  });

type Style = ReturnType<typeof chooseStyle>;

const LEFT = 40;
const RIGHT = 572;

/** "3" of "Partida 3: Plomería". */
const partida = (heading: string): string => heading.replace(/^Partida (\d+):.*$/, '$1');

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
          quantity: quantityText(item.quantity),
          unit: SPANISH_UNITS[item.unit],
          material: money(item.material),
          labor: money(item.labor),
          total: money(item.total),
        },
      };
    }),
    { kind: 'total', label: `Total partida ${partida(section.heading)}`, labelKey: 'description', cells: { total: money(sectionTotal(section), { dollar: true }) }, rule: true },
  ]);
}

function top(context: TextContext, document: SorDocument): void {
  const { sheet, body, bold } = context;
  const { parties } = document;
  const contractor = parties.contractor!;
  sheet.text(contractor.name, LEFT, 58, { ...bold, size: 14 });
  sheet.text(`${streetLine(contractor.address)}, ${cityLine(contractor.address)}`, LEFT, 72, body);
  sheet.text(`Tel. ${contractor.phone}  ·  Licencia ${contractor.license}`, LEFT, 83, body);
  sheet.text(contractor.email, LEFT, 94, body);
  sheet.box(400, 44, RIGHT - 400, 56, { stroke: 0, thickness: 0.8 });
  sheet.box(400, 44, RIGHT - 400, 18, { fill: 0.85 });
  sheet.text('PRESUPUESTO', (400 + RIGHT) / 2, 57, { ...bold, size: 11 }, 'center');
  sheet.text(`No. ${parties.fileNumber}`, 408, 76, bold);
  sheet.text(`Fecha: ${spanishDate(parties.reportDate)}`, 408, 90, body);
  sheet.rule(LEFT, RIGHT, 110, 1.2);
  const pairs: Array<[string, string]> = [
    ['Cliente:', parties.borrower],
    ['Dirección de la obra:', `${streetLine(parties.property)}, ${cityLine(parties.property)}`],
    ['Prestamista:', parties.lender],
    ['Consultor 203(k):', parties.consultant],
    ['Fecha de inspección:', formatDate(parties.inspectionDate, 'us')],
  ];
  pairs.forEach(([label, value], index) => {
    sheet.text(label, LEFT, 126 + index * 11, bold);
    sheet.text(value, LEFT + 100, 126 + index * 11, body);
  });
  sheet.y = 190;
}

function recap(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { recap: totals } = document;
  const lines: RecapRow[] = [{ label: style.subtotalLabel, amount: money(totals.subtotal, { dollar: true }), bold: true }];
  if (totals.generalConditions) lines.push({ label: `Gastos generales (${percentText(totals.generalConditions.rate)})`, amount: money(totals.generalConditions.amount, { dollar: true }) });
  if (totals.overhead) lines.push({ label: `${style.overheadLabel} (${percentText(totals.overhead.rate)})`, amount: money(totals.overhead.amount, { dollar: true }) });
  for (const line of totals.before) lines.push({ label: line.label, amount: money(line.amount, { dollar: true }) });
  lines.push({ label: style.totalLabel, amount: money(totals.grandTotal, { dollar: true }), bold: true, rule: true });
  for (const line of totals.after) lines.push({ label: line.label, amount: money(line.amount, { dollar: true }) });
  sheet.ensure(lines.length * 13 + 110);
  sheet.y += 14;
  recapRows(sheet, lines, { labelX: 330, amountRight: RIGHT - 4, ruleFrom: 326, leading: 13, regular: body, bold });
  sheet.y += 16;
  for (const text of [
    'Este presupuesto tiene una vigencia de 30 días a partir de la fecha indicada.',
    'Los pagos se realizan según el calendario de desembolsos del prestamista. Cualquier trabajo adicional requiere una orden de cambio por escrito.',
  ]) {
    for (const line of sheet.wrap(text, RIGHT - LEFT, body)) {
      sheet.text(line, LEFT, sheet.y, body);
      sheet.y += 10;
    }
  }
  sheet.y += 26;
  sheet.text('_______________________________', LEFT, sheet.y, body);
  sheet.text('_______________________________', 330, sheet.y, body);
  sheet.text('Firma del cliente / Fecha', LEFT, sheet.y + 11, body);
  sheet.text('Firma del contratista / Fecha', 330, sheet.y + 11, body);
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g82-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 44, bottom: 50, left: LEFT, right: 612 - RIGHT }, title: `Presupuesto ${parties.fileNumber}`, producer: 'Microsoft Word', date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const body: TextStyle = { font: fonts.regular, size: 8 };
  const bold: TextStyle = { font: fonts.bold, size: 8 };
  const context: TextContext = { sheet, fonts, body, bold, lineHeight: 10 };
  sheet.addPage();
  top(context, document);
  writeTable(sheet, {
    columns: columnsAcross(LEFT, RIGHT, [
      ['number', 'Núm.', 26, 'left'],
      ['description', 'Descripción del trabajo', RIGHT - LEFT - 26 - 40 - 44 - 3 * 66, 'left'],
      ['quantity', 'Cant.', 40, 'right'],
      ['unit', 'Unidad', 44, 'center'],
      ['material', 'Materiales', 66, 'right'],
      ['labor', 'Mano de obra', 66, 'right'],
      ['total', 'Importe', 'rest', 'right'],
    ]),
    wrapKey: 'description',
    body,
    bold,
    header: bold,
    headerBand: 0.85,
    headerRules: 'above-below',
    lineHeight: 10,
    rowGap: 3,
    padding: 3,
    heading: {
      height: 17,
      draw: (target, text, at) => {
        target.text(text, LEFT + 3, at + 12, { ...bold, size: 8.5 });
        target.rule(LEFT, RIGHT, at + 15, 0.6);
      },
    },
    continued: (text) => `${text} (continúa)`,
  }, rows(document));
  recap(context, document, style);
  sheet.decorate((index, count) => sheet.text(`Página ${index + 1} de ${count}`, (LEFT + RIGHT) / 2, 770, { ...body, size: 7 }, 'center'));
  return sheet.save();
}

function permits(random: Random): RecapLine[] {
  return random.chance(0.5) ? [{ label: 'Permisos municipales', amount: random.int(6, 36) * 2500 }] : [];
}

export const g82: SorFamily = {
  id: 'g82',
  name: 'Spanish-language estimate (PRESUPUESTO) with labels, "Partida 3: Plomería" headings and units in Spanish words ("pie²", "pza", "global"), the work described in English, US number format, a "Total partida" row per trade and the deposit after the total',
  heldOut: false,
  items: [10, 40],
  dateStyle: 'us',
  printed: printedFields(),
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'trade',
    contractorSelected: true,
    heading: ({ ordinal, trade }) => `Partida ${ordinal}: ${TRADE_NAMES[trade!.id]}`,
    verbosity: 0.25,
    credits: 0.15,
    recap: {
      generalConditions: random.chance(0.4) ? [5, 8] : null,
      overheadAndProfit: [10, 15, 20],
      before: (inner) => permits(inner),
      after: (inner, grandTotal) => {
        const rate = inner.pick([30, 40, 50]);
        return [{ label: `Anticipo a la firma (${rate}%)`, amount: Math.round((grandTotal * rate) / 100) }];
      },
    },
  }),
  render,
};
