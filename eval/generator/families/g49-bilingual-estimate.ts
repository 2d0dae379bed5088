import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type Column, type TableRow, type TableSpec } from '../table.js';
import { cityLine, flowLines, labelValueColumns, numberedItemRows, permitFee, printedFields, recapRows, streetLine, type Pair, type RecapRow } from './parts.js';

/**
 * g49: a contractor's estimate on a bilingual (Spanish and English) template, as contractors serving
 * Spanish-speaking owners print them, portrait, in Helvetica. Every label is in both languages: the title
 * (ESTIMADO / ESTIMATE), the customer block (Cliente / Customer, Dirección de la obra / Job address,
 * Prestamista / Lender), the column headers in two lines, Spanish over English (# | Descripción /
 * Description | Cant. / Qty | Unidad / Unit | Mano de obra / Labor | Materiales / Materials | Total, labor
 * before materials), the room headings ("Cocina / Kitchen", shaded rows) and the recap, while the work is
 * described in English. A room total row under each room sometimes. The recap: subtotal, overhead and
 * profit sometimes, permits sometimes, GRAN TOTAL / GRAND TOTAL, then the deposit after it; terms in both
 * languages and the signature lines close the estimate.
 */

const SPANISH_ROOMS: Record<string, string> = {
  Kitchen: 'Cocina',
  'Master Bath': 'Baño principal',
  'Hall Bath': 'Baño del pasillo',
  'Master Bedroom': 'Recámara principal',
  'Bedroom 2': 'Recámara 2',
  'Living Room': 'Sala',
  'Dining Room': 'Comedor',
  Exterior: 'Exterior',
  Roof: 'Techo',
  Basement: 'Sótano',
  'Laundry Room': 'Lavandería',
  Garage: 'Cochera',
  'Whole House': 'Toda la casa',
  'Site Work': 'Terreno / Site Work',
};

interface Style {
  roomTotals: boolean;
  band: number;
  grandLabel: string;
}

function chooseStyle(random: Random): Style {
  return {
    roomTotals: random.chance(0.5),
    band: random.pick([0.86, 0.92]),
    grandLabel: random.pick(['GRAN TOTAL / GRAND TOTAL', 'TOTAL DEL PROYECTO / PROJECT TOTAL']),
  };
}

const LEFT = 40;
const RIGHT = 572;

const COLUMNS: Column[] = [
  { key: 'number', header: ['#', ''], x: LEFT, width: 22, align: 'left' },
  { key: 'description', header: ['Descripción', 'Description'], x: 62, width: 236, align: 'left' },
  { key: 'quantity', header: ['Cant.', 'Qty'], x: 298, width: 38, align: 'right' },
  { key: 'unit', header: ['Unidad', 'Unit'], x: 336, width: 36, align: 'center' },
  { key: 'labor', header: ['Mano de obra', 'Labor'], x: 372, width: 68, align: 'right' },
  { key: 'material', header: ['Materiales', 'Materials'], x: 440, width: 66, align: 'right' },
  { key: 'total', header: ['Importe', 'Total'], x: 506, width: RIGHT - 506, align: 'right' },
];

function heading(sheet: Sheet, document: SorDocument, regular: TextStyle, bold: TextStyle): void {
  const { parties } = document;
  const contractor = parties.contractor!;
  sheet.text(contractor.name, LEFT, 48, { ...bold, size: 15 });
  sheet.text(`${streetLine(contractor.address)}, ${cityLine(contractor.address)}`, LEFT, 61, regular);
  sheet.text(`Tel. ${contractor.phone}  ·  Licencia / License ${contractor.license}`, LEFT, 72, regular);
  sheet.text('ESTIMADO / ESTIMATE', RIGHT, 48, { ...bold, size: 14 }, 'right');
  sheet.text(`No. ${parties.fileNumber}`, RIGHT, 61, regular, 'right');
  sheet.text(`Fecha / Date: ${formatDate(parties.reportDate, 'us')}`, RIGHT, 72, regular, 'right');
  sheet.rule(LEFT, RIGHT, 80, 1);
  const columns: Array<[number, number, Pair[]]> = [
    [LEFT, 112, [['Cliente / Customer:', parties.borrower], ['Dirección de la obra /', streetLine(parties.property)], ['Job address:', cityLine(parties.property)]]],
    [330, 92, [['Prestamista / Lender:', parties.lender], ['Préstamo / Loan no.:', parties.loanNumber]]],
  ];
  labelValueColumns(sheet, columns, 94, 11, bold, regular);
  sheet.y = 134;
}

function rows(document: SorDocument, style: Style): TableRow[] {
  return numberedItemRows(document.sections, (section) =>
    style.roomTotals
      ? [{ kind: 'total', label: `Total ${section.heading}`, labelKey: 'description', cells: { labor: money(sectionTotal(section, 'labor')), material: money(sectionTotal(section, 'material')), total: money(sectionTotal(section)) }, rule: true }]
      : [],
  );
}

function recap(sheet: Sheet, document: SorDocument, style: Style, regular: TextStyle, bold: TextStyle): void {
  const { recap: lines } = document;
  const dollars = (cents: number) => money(cents, { dollar: true });
  const table: RecapRow[] = [{ label: 'Subtotal', amount: dollars(lines.subtotal), rule: true }];
  if (lines.overhead) table.push({ label: `Gastos generales y ganancia / Overhead & profit (${percentText(lines.overhead.rate)})`, amount: dollars(lines.overhead.amount) });
  table.push(...lines.before.map((line) => ({ label: line.label, amount: dollars(line.amount) })));
  table.push({ label: style.grandLabel, amount: dollars(lines.grandTotal), bold: true, rule: true });
  table.push(...lines.after.map((line) => ({ label: line.label, amount: dollars(line.amount) })));
  sheet.ensure(table.length * 13 + 12);
  sheet.y += 8;
  recapRows(sheet, table, { labelX: 500, labelAlign: 'right', amountRight: RIGHT - 3, ruleFrom: 300, leading: 13, regular, bold });
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g49-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 44, bottom: 50, left: LEFT, right: 612 - RIGHT }, title: `Estimado ${parties.fileNumber}`, producer: 'Microsoft Excel', date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const regular: TextStyle = { font: fonts.regular, size: 8 };
  const bold: TextStyle = { font: fonts.bold, size: 8 };
  sheet.addPage();
  heading(sheet, document, regular, bold);
  const spec: TableSpec = {
    columns: COLUMNS,
    wrapKey: 'description',
    body: regular,
    bold,
    header: bold,
    lineHeight: 10,
    rowGap: 4,
    padding: 3,
    headerBand: 0.8,
    headerRules: 'below',
    rowRules: 0.7,
    heading: {
      height: 14,
      draw: (target, text, top) => {
        target.box(LEFT, top + 1, RIGHT - LEFT, 12, { fill: style.band });
        target.text(text, 62 + 3, top + 10, { ...bold, size: 8.5 });
      },
    },
    continued: (text) => `${text} (continúa / cont.)`,
  };
  writeTable(sheet, spec, rows(document, style));
  recap(sheet, document, style, regular, bold);
  sheet.y += 14;
  const terms = [
    'Este estimado es válido por 30 días. El anticipo se paga al firmar; el saldo se paga según las inspecciones del prestamista.',
    'This estimate is good for 30 days. The deposit is due at signing; the balance is paid as the lender inspects the work.',
    '',
    'Firma del cliente / Customer signature: ____________________________     Fecha / Date: ______________',
  ];
  flowLines({ sheet, fonts, body: regular, bold, lineHeight: 12 }, terms, LEFT, RIGHT - LEFT);
  sheet.decorate((index, count) => sheet.text(`Página ${index + 1} de ${count} / Page ${index + 1} of ${count}`, RIGHT, 764, { ...regular, size: 7, gray: 0.3 }, 'right'));
  return sheet.save();
}

export const g49: SorFamily = {
  id: 'g49',
  name: 'contractor estimate on a bilingual Spanish and English template',
  heldOut: false,
  items: [10, 45],
  dateStyle: 'us',
  printed: printedFields({ consultant: false, inspectionDate: false }),
  spec: (random, itemCount) => {
    const depositRate = random.pick([20, 30, 40]);
    return {
      itemCount,
      grouping: 'room',
      contractorSelected: true,
      heading: ({ room }) => {
        const spanish = SPANISH_ROOMS[room!.name];
        return spanish.includes('/') || spanish === room!.name ? spanish : `${spanish} / ${room!.name}`;
      },
      verbosity: 0.3,
      recap: {
        generalConditions: null,
        overheadAndProfit: random.chance(0.5) ? [10, 15, 20] : null,
        before: (inner) => permitFee(inner, 0.5, ['Permisos / Permits', 'Permiso de construcción / Building permit'], 900),
        after: (_inner, grandTotal) => [{ label: `Anticipo / Deposit (${depositRate}%)`, amount: Math.round((grandTotal * depositRate) / 100) }],
      },
    };
  },
  render,
};
