import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, quantityText, Sheet, type FontFamily, type TextStyle } from '../layout.js';
import { sectionTotal, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import type { Unit } from '../work-items.js';
import { cityLine, columnsAcross, labelValueColumns, pickEach, printedFields, recapRows, streetLine, type Pair, type RecapRow, type TextContext } from './parts.js';

/**
 * g101: a Spanish-language quotation (COTIZACIÓN) from a contractor who prices by room, US letter landscape: the
 * company name centred over a rule, then two columns of job data (Cliente, Obra, Ciudad, Banco | Cotización No.,
 * Fecha, Visita de obra, Asesor, Licencia, Tel.). The table gives both unit prices and extended amounts, grouped
 * under two-line headers: Clave | Concepto | Unidad | Cant. | PRECIO UNITARIO over Material and Mano de obra |
 * IMPORTE over Material, Mano de obra and Total; amounts in US format with no dollar sign, units in Spanish
 * abbreviations ("pza", "ml pie", "lote"). Each room is a heading "ÁREA 2 — BAÑO PRINCIPAL" with its lines keyed
 * "2-01" and a "Subtotal baño principal" row. Recap under the table, right: Subtotal, site supervision sometimes,
 * Indirectos and Utilidad as two percentages, sales tax on materials, GRAN TOTAL, then a payment schedule after it.
 */

const ROOM_NAMES: Record<string, string> = {
  Kitchen: 'Cocina',
  'Master Bath': 'Baño principal',
  'Hall Bath': 'Baño de pasillo',
  'Master Bedroom': 'Recámara principal',
  'Bedroom 2': 'Recámara 2',
  'Living Room': 'Sala',
  'Dining Room': 'Comedor',
  Exterior: 'Exterior',
  Roof: 'Techo',
  Basement: 'Sótano',
  'Laundry Room': 'Cuarto de lavado',
  Garage: 'Cochera',
  'Whole House': 'Toda la casa',
  'Site Work': 'Obra exterior',
};

const UNITS: Record<Unit, string> = { EA: 'pza', LF: 'ml pie', SF: 'pie2', SY: 'yd2', SQ: 'cuadro', LS: 'lote', HR: 'hr', CY: 'yd3' };

const amount = (cents: number): string => money(cents);
const percent = (rate: number): string => `${rate}%`;

const chooseStyle = (random: Random) =>
  pickEach(random, {
    font: ['Helvetica', 'Courier'] as FontFamily[],
    title: ['COTIZACIÓN', 'COTIZACIÓN DE OBRA'],
    totalLabel: ['GRAN TOTAL', 'TOTAL COTIZADO'],
  });

type Style = ReturnType<typeof chooseStyle>;

const WIDTH = 792;
const HEIGHT = 612;
const LEFT = 36;
const RIGHT = 756;

/** "Baño principal" from "ÁREA 2 — BAÑO PRINCIPAL". */
const roomOf = (heading: string): string => {
  const name = heading.split(' — ')[1];
  return Object.values(ROOM_NAMES).find((spanish) => spanish.toUpperCase() === name) ?? name;
};

function rows(document: SorDocument): TableRow[] {
  return document.sections.flatMap((section, index): TableRow[] => [
    { kind: 'heading', text: section.heading },
    ...section.items.map((item, line): TableRow => ({
      kind: 'item',
      cells: {
        number: `${index + 1}-${String(line + 1).padStart(2, '0')}`,
        description: item.description,
        unit: UNITS[item.unit],
        quantity: quantityText(item.quantity),
        materialRate: amount(item.materialRate),
        laborRate: amount(item.laborRate),
        material: amount(item.material),
        labor: amount(item.labor),
        total: amount(item.total),
      },
    })),
    {
      kind: 'total',
      label: `Subtotal ${roomOf(section.heading).toLowerCase()}`,
      labelKey: 'description',
      cells: { material: amount(sectionTotal(section, 'material')), labor: amount(sectionTotal(section, 'labor')), total: amount(sectionTotal(section)) },
      rule: true,
    },
    { kind: 'space', height: 6 },
  ]);
}

function top(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { parties } = document;
  const contractor = parties.contractor!;
  sheet.text(contractor.name.toUpperCase(), WIDTH / 2, 44, { ...bold, size: 14 }, 'center');
  sheet.text(`${streetLine(contractor.address)}, ${cityLine(contractor.address)}  ·  ${contractor.email}`, WIDTH / 2, 56, body, 'center');
  sheet.rule(LEFT, RIGHT, 62, 1.2);
  sheet.text(style.title, LEFT, 80, { ...bold, size: 12 });
  const job: Pair[] = [
    ['Cliente:', parties.borrower],
    ['Obra:', streetLine(parties.property)],
    ['Ciudad:', cityLine(parties.property)],
    ['Banco:', parties.lender],
  ];
  const quote: Pair[] = [
    ['Cotización No.:', parties.fileNumber],
    ['Fecha:', formatDate(parties.reportDate, 'daySlashed')],
    ['Visita de obra:', formatDate(parties.inspectionDate, 'daySlashed')],
    ['Asesor 203(k):', parties.consultant],
  ];
  const shop: Pair[] = [
    ['Licencia:', contractor.license],
    ['Tel.:', contractor.phone],
  ];
  labelValueColumns(sheet, [[LEFT, 50, job], [330, 72, quote], [580, 44, shop]], 96, 11, bold, body);
  sheet.y = 150;
}

function recap(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { recap: totals } = document;
  const lines: RecapRow[] = [{ label: 'Subtotal', amount: amount(totals.subtotal), bold: true }];
  if (totals.generalConditions) lines.push({ label: `Supervisión de obra ${percent(totals.generalConditions.rate)}`, amount: amount(totals.generalConditions.amount) });
  if (totals.overhead) lines.push({ label: `Indirectos ${percent(totals.overhead.rate)}`, amount: amount(totals.overhead.amount) });
  if (totals.profit) lines.push({ label: `Utilidad ${percent(totals.profit.rate)}`, amount: amount(totals.profit.amount) });
  for (const line of totals.before) lines.push({ label: line.label, amount: amount(line.amount) });
  lines.push({ label: style.totalLabel, amount: `$ ${amount(totals.grandTotal)}`, bold: true, rule: true });
  const schedule: RecapRow[] = totals.after.map((line) => ({ label: line.label, amount: amount(line.amount) }));
  sheet.ensure((lines.length + schedule.length) * 12 + 40);
  sheet.y += 8;
  const at = sheet.y;
  recapRows(sheet, lines, { labelX: 520, amountRight: RIGHT - 3, leading: 12, regular: body, bold });
  const end = sheet.y;
  sheet.y = at;
  sheet.text('Forma de pago:', LEFT, sheet.y + bold.size, bold);
  sheet.y += 12;
  recapRows(sheet, schedule, { labelX: LEFT, amountRight: LEFT + 250, leading: 12, regular: body, bold });
  sheet.y += 6;
  for (const text of ['Precios en dólares estadounidenses. Vigencia de la cotización: 30 días.', 'Acepto: ______________________________']) {
    sheet.text(text, LEFT, sheet.y + body.size, body);
    sheet.y += 12;
  }
  sheet.y = Math.max(sheet.y, end);
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const style = chooseStyle(new Random(document.seed).child('g101-render'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [WIDTH, HEIGHT], margins: { top: 40, bottom: 44, left: LEFT, right: WIDTH - RIGHT }, title: `${style.title} ${parties.fileNumber}`, producer: 'Microsoft Excel', date: parties.reportDate });
  const fonts = await sheet.fonts(style.font);
  const size = style.font === 'Courier' ? 7.4 : 7.8;
  const body: TextStyle = { font: fonts.regular, size };
  const bold: TextStyle = { font: fonts.bold, size };
  const context: TextContext = { sheet, fonts, body, bold, lineHeight: size + 2.5 };
  sheet.addPage();
  top(context, document, style);
  writeTable(sheet, {
    columns: columnsAcross(LEFT, RIGHT, [
      ['number', 'Clave', 36, 'left'],
      ['description', 'Concepto', RIGHT - LEFT - 36 - 44 - 40 - 2 * 58 - 3 * 64, 'left'],
      ['unit', 'Unidad', 44, 'center'],
      ['quantity', 'Cant.', 40, 'right'],
      ['materialRate', 'Material', 58, 'right'],
      ['laborRate', ['Mano de', 'obra'], 58, 'right'],
      ['material', 'Material', 64, 'right'],
      ['labor', ['Mano de', 'obra'], 64, 'right'],
      ['total', 'Total', 'rest', 'right'],
    ]),
    groups: [
      { text: 'PRECIO UNITARIO', from: 'materialRate', to: 'laborRate' },
      { text: 'IMPORTE', from: 'material', to: 'total' },
    ],
    wrapKey: 'description',
    body,
    bold,
    header: bold,
    headerBand: 0.85,
    grid: true,
    mergedHeadings: true,
    lineHeight: size + 1.8,
    rowGap: 2.5,
    padding: 3,
    heading: {
      height: size + 8,
      draw: (target, text, at) => {
        target.box(LEFT, at, RIGHT - LEFT, size + 8, { fill: 0.93 });
        target.text(text, LEFT + 4, at + size + 4, bold);
      },
    },
    continued: (text) => `${text} (continúa)`,
  }, rows(document));
  recap(context, document, style);
  sheet.decorate((index, count) => sheet.text(`Hoja ${index + 1} de ${count}`, RIGHT, HEIGHT - 22, { ...body, size: 7 }, 'right'));
  return sheet.save();
}

export const g101: SorFamily = {
  id: 'g101',
  name: 'Spanish-language cotización by room, landscape, grid with unit prices and extended amounts under grouped headers (PRECIO UNITARIO: Material | Mano de obra; IMPORTE: Material | Mano de obra | Total), rooms as "ÁREA 2 — BAÑO PRINCIPAL", Indirectos and Utilidad, a payment schedule after the GRAN TOTAL',
  heldOut: false,
  items: [8, 40],
  dateStyle: 'daySlashed',
  printed: printedFields(),
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'room',
    contractorSelected: true,
    heading: ({ ordinal, room }) => `ÁREA ${ordinal} — ${ROOM_NAMES[room!.name].toUpperCase()}`,
    verbosity: 0.2,
    credits: 0.1,
    recap: {
      generalConditions: random.chance(0.35) ? [3, 5] : null,
      overheadAndProfit: [8, 10, 12],
      split: true,
      before: (inner, sections) => {
        const rate = inner.pick([6, 7, 8.25]);
        const materials = sections.reduce((sum, section) => sum + sectionTotal(section, 'material'), 0);
        return [{ label: `Impuesto sobre materiales ${percent(rate)}`, amount: Math.round((materials * rate) / 100) }];
      },
      after: (inner, grandTotal) => {
        const first = inner.pick([30, 40, 50]);
        const second = inner.pick([30, 40]);
        const share = (rate: number) => Math.round((grandTotal * rate) / 100);
        return [
          { label: `Anticipo ${first}%`, amount: share(first) },
          { label: `Avance de obra ${second}%`, amount: share(second) },
          { label: `Finiquito ${100 - first - second}%`, amount: grandTotal - share(first) - share(second) },
        ];
      },
    },
  }),
  render,
};
