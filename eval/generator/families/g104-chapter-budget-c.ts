import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import type { TradeId, Unit } from '../work-items.js';
import { cityLine, columnsAcross, labelValues, pickEach, printedFields, recapRows, streetLine, type RecapRow, type TextContext } from './parts.js';

/**
 * g104: a Spanish-language budget in the manner of Spain's measurement-and-budget programs (PRESUPUESTO), A4
 * portrait in Helvetica. Every page opens with the company at the left, PRESUPUESTO and the page number at the
 * right and the works' address under a rule. The first page adds a data block (Cliente, Obra, Situación, Entidad
 * financiera, Técnico, Fecha de visita, Licencia, Teléfono). The table prints unit prices, not material and labor:
 * Código | Ud | Descripción | Cantidad | Precio | Importe, quantities and amounts with a dot between thousands and a
 * decimal comma ("1.234,56"), units in Spanish ("ud", "pie", "pie²", "PA" for a lump sum). Each trade is a chapter
 * ("CAPÍTULO 03 FONTANERÍA Y SANEAMIENTO"), its items coded "03.02", ending with "TOTAL CAPÍTULO 03 …". After the
 * table comes the RESUMEN DE PRESUPUESTO: every chapter again with its total and share, then PRESUPUESTO DE
 * EJECUCIÓN MATERIAL, 13,00 % Gastos generales, 6,00 % Beneficio industrial, SUMA DE G.G. y B.I., PRESUPUESTO DE
 * EJECUCIÓN POR CONTRATA, a sales tax on it and the TOTAL PRESUPUESTO, and a sentence with the amount.
 */

const CHAPTERS: Record<TradeId, string> = {
  general: 'MEDIOS AUXILIARES Y GENERALES',
  demolition: 'DEMOLICIONES',
  concrete: 'HORMIGONES',
  masonry: 'ALBAÑILERÍA',
  carpentry: 'CARPINTERÍA DE MADERA',
  roofing: 'CUBIERTAS, FACHADAS Y AISLAMIENTOS',
  openings: 'CARPINTERÍA EXTERIOR Y PUERTAS',
  finishes: 'REVESTIMIENTOS Y PINTURA',
  cabinets: 'COCINA Y EQUIPAMIENTO',
  plumbing: 'FONTANERÍA Y SANEAMIENTO',
  hvac: 'CLIMATIZACIÓN',
  electrical: 'ELECTRICIDAD',
  site: 'URBANIZACIÓN EXTERIOR',
};

/** The Spanish unit words printed for the answer's unit codes. */
const UNITS: Record<Unit, string> = { EA: 'ud', LF: 'pie', SF: 'pie²', SY: 'yd²', SQ: 'sq', LS: 'PA', HR: 'h', CY: 'yd³' };

const GENERAL_EXPENSES = 13;
const INDUSTRIAL_PROFIT = 6;

/** "1.234,56": a dot between thousands and a decimal comma, a minus sign before a credit. */
function grouped(value: number, decimals: number): string {
  const [whole, fraction] = Math.abs(value).toFixed(decimals).split('.');
  return `${value < 0 ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${fraction}`;
}
const amount = (cents: number): string => grouped(cents / 100, 2);
const percent = (rate: number): string => `${grouped(rate, 2)} %`;
const pad = (value: number): string => String(value).padStart(2, '0');
const percentOf = (cents: number, rate: number): number => Math.round((cents * rate) / 100);

/** The budget for the contract: material execution plus general expenses and industrial profit. */
const contractBudget = (material: number): number => material + percentOf(material, GENERAL_EXPENSES) + percentOf(material, INDUSTRIAL_PROFIT);

const chooseStyle = (random: Random) =>
  pickEach(random, {
    totalLabel: ['TOTAL PRESUPUESTO', 'PRESUPUESTO TOTAL'],
  });

type Style = ReturnType<typeof chooseStyle>;

function rows(document: SorDocument): TableRow[] {
  return document.sections.flatMap((section, sectionIndex): TableRow[] => [
    { kind: 'heading', text: section.heading },
    ...section.items.map((item, index): TableRow => ({
      kind: 'item',
      cells: {
        code: `${pad(sectionIndex + 1)}.${pad(index + 1)}`,
        unit: UNITS[item.unit],
        description: item.description,
        quantity: grouped(item.quantity, 2),
        price: amount(item.materialRate + item.laborRate),
        total: amount(item.total),
      },
    })),
    { kind: 'total', label: `TOTAL ${section.heading}`, labelKey: 'description', cells: { total: amount(sectionTotal(section)) }, rule: true },
    { kind: 'space', height: 8 },
  ]);
}

function dataBlock(context: TextContext, document: SorDocument): void {
  const { sheet, body, bold } = context;
  const { parties } = document;
  const contractor = parties.contractor!;
  const top = sheet.y;
  labelValues(sheet, [['Cliente:', parties.borrower], ['Obra:', 'Reforma de vivienda'], ['Situación:', `${streetLine(parties.property)}, ${cityLine(parties.property)}`], ['Entidad financiera:', parties.lender]], 50, 82, bold, body, 11);
  sheet.y = top;
  labelValues(sheet, [['Técnico:', parties.consultant], ['Fecha de visita:', formatDate(parties.inspectionDate, 'daySlashed')], ['Licencia:', contractor.license], ['Teléfono:', contractor.phone]], 360, 70, bold, body, 11);
  sheet.y = top + 4 * 11 + 10;
}

function resumen(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { recap: totals } = document;
  const chapters: RecapRow[] = document.sections.map((section) => ({ label: section.heading, rate: percent((sectionTotal(section) * 100) / totals.subtotal), amount: amount(sectionTotal(section)) }));
  const markups = (totals.generalConditions?.amount ?? 0) + (totals.overhead?.amount ?? 0);
  const lines: RecapRow[] = [{ label: 'PRESUPUESTO DE EJECUCIÓN MATERIAL', amount: amount(totals.subtotal), bold: true, rule: true }];
  if (totals.generalConditions) lines.push({ label: `${percent(totals.generalConditions.rate)} Gastos generales`, amount: amount(totals.generalConditions.amount) });
  if (totals.overhead) lines.push({ label: `${percent(totals.overhead.rate)} Beneficio industrial`, amount: amount(totals.overhead.amount) });
  lines.push({ label: 'SUMA DE G.G. y B.I.', amount: amount(markups) });
  lines.push({ label: 'PRESUPUESTO DE EJECUCIÓN POR CONTRATA', amount: amount(totals.subtotal + markups), bold: true, rule: true });
  for (const line of totals.before) lines.push({ label: line.label, amount: amount(line.amount) });
  lines.push({ label: style.totalLabel, amount: amount(totals.grandTotal), bold: true, rule: true });
  sheet.ensure((chapters.length + lines.length) * 14 + 120);
  sheet.y += 16;
  sheet.text('RESUMEN DE PRESUPUESTO', 50, sheet.y + 10, { ...bold, size: 10 });
  sheet.y += 22;
  recapRows(sheet, chapters, { labelX: 50, amountRight: 545, rateX: 470, leading: 12, regular: body, bold });
  sheet.y += 12;
  recapRows(sheet, lines, { labelX: 200, amountRight: 545, ruleFrom: 196, leading: 14, regular: body, bold });
  sheet.y += 18;
  sheet.paragraph(`Asciende el presupuesto a la expresada cantidad de ${amount(totals.grandTotal)} dólares estadounidenses (USD).`, 50, 495, body, 11);
  sheet.y += 30;
  sheet.text(`En ${document.parties.property.city}, a ${formatDate(document.parties.reportDate, 'daySlashed')}`, 360, sheet.y, body);
  sheet.text('EL CONTRATISTA', 360, sheet.y + 40, bold);
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const style = chooseStyle(new Random(document.seed).child('g104-render'));
  const { parties } = document;
  const contractor = parties.contractor!;
  const sheet = await Sheet.create({ size: [595.28, 841.89], margins: { top: 78, bottom: 56, left: 50, right: 50 }, title: `Presupuesto ${parties.fileNumber}`, producer: 'Presupuestos y Mediciones 24', date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const body: TextStyle = { font: fonts.regular, size: 7.8 };
  const bold: TextStyle = { font: fonts.bold, size: 7.8 };
  const context: TextContext = { sheet, fonts, body, bold, lineHeight: 10 };
  sheet.onPageStart = (current) => {
    current.text(contractor.name, 50, 44, { ...bold, size: 10 });
    current.text(`${streetLine(contractor.address)}, ${cityLine(contractor.address)}`, 50, 54, body);
    current.text('PRESUPUESTO', 545, 44, { ...bold, size: 10 }, 'right');
    current.text(`Nº ${parties.fileNumber}  ·  Pág. ${current.pages.length}`, 545, 54, body, 'right');
    current.rule(50, 545, 60, 0.8);
    current.text(`Obra: ${streetLine(parties.property)}, ${cityLine(parties.property)}`, 50, 70, body);
  };
  sheet.addPage();
  sheet.y = 84;
  dataBlock(context, document);
  writeTable(sheet, {
    columns: columnsAcross(50, 545, [
      ['code', 'Código', 38, 'left'],
      ['unit', 'Ud', 28, 'left'],
      ['description', 'Descripción', 254, 'left'],
      ['quantity', 'Cantidad', 50, 'right'],
      ['price', 'Precio', 58, 'right'],
      ['total', 'Importe', 'rest', 'right'],
    ]),
    wrapKey: 'description',
    body,
    bold,
    header: bold,
    headerRules: 'above-below',
    lineHeight: 9.6,
    rowGap: 3,
    padding: 2.5,
    heading: { height: 16, draw: (target, text, at) => target.text(text, 52.5, at + 12, { ...bold, size: 8.4 }) },
    continued: (text) => `${text} (continuación)`,
  }, rows(document));
  resumen(context, document, style);
  return sheet.save();
}

export const g104: SorFamily = {
  id: 'g104',
  name: 'Spanish-language PRESUPUESTO in chapters: Código | Ud | Descripción | Cantidad | Precio | Importe as "1.234,56", "TOTAL CAPÍTULO" rows, a RESUMEN with PEM, Gastos generales, Beneficio industrial, PEC, a sales tax and the TOTAL PRESUPUESTO',
  heldOut: true,
  items: [10, 44],
  dateStyle: 'daySlashed',
  printed: printedFields({ materialLabor: 'none' }),
  spec: (random, itemCount) => {
    const taxRate = random.pick([6, 7, 8]);
    return {
      itemCount,
      grouping: 'trade',
      contractorSelected: true,
      heading: ({ ordinal, trade }) => `CAPÍTULO ${pad(ordinal)} ${CHAPTERS[trade!.id]}`,
      verbosity: 0.35,
      halfFeet: true,
      credits: 0.08,
      recap: {
        generalConditions: [GENERAL_EXPENSES],
        overheadAndProfit: [INDUSTRIAL_PROFIT],
        before: (_inner, sections) => {
          const material = sections.reduce((sum, section) => sum + sectionTotal(section), 0);
          return [{ label: `Impuesto sobre ventas ${taxRate} % s/ P.E.C.`, amount: percentOf(contractBudget(material), taxRate) }];
        },
      },
    };
  },
  render,
};
