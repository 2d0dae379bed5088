import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { Sheet, type FontFamily, type TextStyle } from '../layout.js';
import { sectionTotal, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import type { TradeId, Unit } from '../work-items.js';
import { cityLine, columnsAcross, flowLines, labelValues, pickEach, printedFields, recapRows, streetLine, type RecapRow, type TextContext } from './parts.js';

/**
 * g98: a French-language quote in the style of France (DEVIS or DEVIS DESCRIPTIF ET ESTIMATIF), A4, the trade
 * "lots" of a French contractor: the company's block at the top left with its licence, the client's block in a
 * ruled frame at the right (Client, Adresse du chantier), then one line of reference fields (Devis n°, Date, Visite
 * du, Maître d'œuvre, Financement). The table is Réf. | Désignation des ouvrages | U | Qté | Fourniture HT | Pose HT
 * | Total HT: supply and installation in two columns, units in French abbreviations ("u", "ft lin.", "ens."),
 * amounts with a decimal comma and no thousands separator ("1234,56"), quantities with a comma ("12,5"). Each
 * trade is a lot in capitals ("LOT 03 - PLOMBERIE SANITAIRE") with its lines numbered "3.1", "3.2" and a
 * "Sous-total lot 03" row. Recap in a framed box at the right: Total travaux HT, site set-up sometimes, overhead
 * and profit as one percentage, an intermediate Total HT, the sales tax on supplies, Total TTC, and the deposit
 * after it; a "Bon pour accord" signature block and a footer with the company's details on every page.
 */

const LOTS: Record<TradeId, string> = {
  general: 'Installation de chantier',
  demolition: 'Démolition - dépose',
  concrete: 'Gros œuvre - béton',
  masonry: 'Maçonnerie',
  carpentry: 'Menuiserie - charpente',
  roofing: 'Couverture - bardage - isolation',
  openings: 'Menuiseries extérieures et intérieures',
  finishes: 'Plâtrerie - peinture - revêtements',
  cabinets: 'Cuisine - équipements',
  plumbing: 'Plomberie sanitaire',
  hvac: 'Chauffage - climatisation',
  electrical: 'Électricité',
  site: 'Aménagements extérieurs',
};

/** The French abbreviations printed for the answer's unit codes. */
const UNITS: Record<Unit, string> = { EA: 'u', LF: 'ft lin.', SF: 'ft²', SY: 'yd²', SQ: 'sq', LS: 'ens.', HR: 'h', CY: 'yd³' };

/** "1234,56": a decimal comma, no thousands separator, a minus sign before a credit. */
const amount = (cents: number): string => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;
const quantity = (value: number): string => String(value).replace('.', ',');
const rate = (value: number): string => `${String(value).replace('.', ',')} %`;
const pad = (value: number): string => String(value).padStart(2, '0');

const chooseStyle = (random: Random) =>
  pickEach(random, {
    font: ['Times', 'Helvetica'] as FontFamily[],
    title: ['DEVIS', 'DEVIS DESCRIPTIF ET ESTIMATIF'],
  });

type Style = ReturnType<typeof chooseStyle>;

const WIDTH = 595.28;
const HEIGHT = 841.89;
const LEFT = 42;
const RIGHT = 553;

function rows(document: SorDocument): TableRow[] {
  return document.sections.flatMap((section, index): TableRow[] => [
    { kind: 'heading', text: section.heading },
    ...section.items.map((item, line): TableRow => ({
      kind: 'item',
      cells: {
        number: `${index + 1}.${line + 1}`,
        description: item.description,
        unit: UNITS[item.unit],
        quantity: quantity(item.quantity),
        material: amount(item.material),
        labor: amount(item.labor),
        total: amount(item.total),
      },
    })),
    { kind: 'total', label: `Sous-total lot ${pad(index + 1)}`, labelKey: 'description', cells: { total: amount(sectionTotal(section)) }, rule: true },
    { kind: 'space', height: 4 },
  ]);
}

function top(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { parties } = document;
  const contractor = parties.contractor!;
  sheet.text(contractor.name.toUpperCase(), LEFT, 56, { ...bold, size: 12 });
  sheet.y = 62;
  labelValues(sheet, [['', streetLine(contractor.address)], ['', cityLine(contractor.address)], ['Tél. :', contractor.phone], ['Licence n° :', contractor.license], ['Courriel :', contractor.email]], LEFT, 52, body, body, 10.5);
  sheet.box(330, 52, RIGHT - 330, 78, { stroke: 0, thickness: 0.6 });
  sheet.y = 56;
  labelValues(sheet, [['Client :', ''], ['', parties.borrower], ['Adresse du chantier :', ''], ['', streetLine(parties.property)], ['', cityLine(parties.property)]], 338, 0, bold, body, 11);
  sheet.text(style.title, (LEFT + RIGHT) / 2, 160, { ...bold, size: 15 }, 'center');
  sheet.rule(LEFT, RIGHT, 170, 0.6);
  const fields: Array<[string, string]> = [
    ['Devis n°', parties.fileNumber],
    ['Date', formatDate(parties.reportDate, 'daySlashed')],
    ['Visite du', formatDate(parties.inspectionDate, 'daySlashed')],
    ["Maître d'œuvre", parties.consultant],
    ['Financement', parties.lender],
  ];
  const width = (RIGHT - LEFT) / fields.length;
  fields.forEach(([label, value], index) => {
    sheet.text(label, LEFT + index * width + 2, 182, { ...body, size: body.size - 1, gray: 0.35 });
    sheet.text(value, LEFT + index * width + 2, 193, bold);
  });
  sheet.rule(LEFT, RIGHT, 199, 0.6);
  sheet.y = 208;
  flowLines(context, [`Objet : travaux de rénovation, ${streetLine(parties.property)}, ${parties.property.city}. Montants exprimés en dollars US.`, ''], LEFT, RIGHT - LEFT);
}

function recap(context: TextContext, document: SorDocument): void {
  const { sheet, body, bold } = context;
  const { recap: totals } = document;
  const lines: RecapRow[] = [{ label: 'Total travaux HT', amount: amount(totals.subtotal), bold: true }];
  if (totals.generalConditions) lines.push({ label: `Installation de chantier ${rate(totals.generalConditions.rate)}`, amount: amount(totals.generalConditions.amount) });
  if (totals.overhead) lines.push({ label: `Frais généraux et bénéfice ${rate(totals.overhead.rate)}`, amount: amount(totals.overhead.amount) });
  const beforeTax = totals.subtotal + (totals.generalConditions?.amount ?? 0) + (totals.overhead?.amount ?? 0);
  lines.push({ label: 'Total HT', amount: amount(beforeTax), bold: true, rule: true });
  for (const line of totals.before) lines.push({ label: line.label, amount: amount(line.amount) });
  lines.push({ label: 'Total TTC', amount: amount(totals.grandTotal), bold: true, rule: true });
  const height = (lines.length + totals.after.length) * 13 + 14;
  sheet.ensure(height + 110);
  sheet.y += 10;
  const at = sheet.y;
  sheet.box(310, at, RIGHT - 310, height, { stroke: 0, thickness: 0.6 });
  sheet.y = at + 6;
  recapRows(sheet, lines, { labelX: 318, amountRight: RIGHT - 8, ruleFrom: 314, ruleTo: RIGHT - 4, leading: 13, regular: body, bold });
  for (const line of totals.after) recapRows(sheet, [{ label: line.label, amount: amount(line.amount) }], { labelX: 318, amountRight: RIGHT - 8, leading: 13, regular: { ...body, font: context.fonts.italic }, bold });
  sheet.y = at + 4;
  flowLines(context, ['Conditions :', 'Devis valable 3 mois.', 'Acompte à la commande,', 'solde à la réception des travaux.'], LEFT, 250);
  sheet.y = at + height + 16;
  sheet.text('Date, signature et mention manuscrite', LEFT, sheet.y, bold);
  sheet.text('« Bon pour accord » :', LEFT, sheet.y + 11, bold);
  sheet.box(LEFT, sheet.y + 18, 240, 56, { stroke: 0.4, thickness: 0.5 });
  sheet.y += 80;
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const style = chooseStyle(new Random(document.seed).child('g98-render'));
  const { parties } = document;
  const contractor = parties.contractor!;
  const sheet = await Sheet.create({ size: [WIDTH, HEIGHT], margins: { top: 44, bottom: 64, left: LEFT, right: WIDTH - RIGHT }, title: `Devis ${parties.fileNumber}`, producer: 'Batigest', date: parties.reportDate });
  const fonts = await sheet.fonts(style.font);
  const size = style.font === 'Times' ? 8.8 : 8;
  const body: TextStyle = { font: fonts.regular, size };
  const bold: TextStyle = { font: fonts.bold, size };
  const context: TextContext = { sheet, fonts, body, bold, lineHeight: size + 2.6 };
  sheet.addPage();
  top(context, document, style);
  writeTable(sheet, {
    columns: columnsAcross(LEFT, RIGHT, [
      ['number', 'Réf.', 30, 'left'],
      ['description', 'Désignation des ouvrages', RIGHT - LEFT - 30 - 36 - 36 - 3 * 62, 'left'],
      ['unit', 'U', 36, 'center'],
      ['quantity', 'Qté', 36, 'right'],
      ['material', ['Fourniture', 'HT'], 62, 'right'],
      ['labor', ['Pose', 'HT'], 62, 'right'],
      ['total', ['Total', 'HT'], 'rest', 'right'],
    ]),
    wrapKey: 'description',
    body,
    bold,
    header: bold,
    headerBand: 0.86,
    grid: true,
    mergedHeadings: true,
    lineHeight: size + 1.8,
    rowGap: 3,
    padding: 3,
    heading: {
      height: size + 9,
      draw: (target, text, at) => target.text(text, LEFT + 4, at + size + 5, { ...bold, size: size + 0.5 }),
    },
    continued: (text) => `${text} (suite)`,
  }, rows(document));
  recap(context, document);
  sheet.decorate((index, count) => {
    sheet.rule(LEFT, RIGHT, HEIGHT - 46, 0.4);
    sheet.text(`${contractor.name} - ${streetLine(contractor.address)}, ${cityLine(contractor.address)} - Tél. ${contractor.phone} - Licence ${contractor.license}`, (LEFT + RIGHT) / 2, HEIGHT - 36, { ...body, size: 6.5 }, 'center');
    sheet.text(`Page ${index + 1}/${count}`, RIGHT, HEIGHT - 26, { ...body, size: 6.5 }, 'right');
  });
  return sheet.save();
}

export const g98: SorFamily = {
  id: 'g98',
  name: 'French-language devis in the style of France: Réf. | Désignation des ouvrages | U | Qté | Fourniture HT | Pose HT | Total HT in a grid, amounts as "1234,56", trade lots with "Sous-total lot" rows, Total HT, sales tax on supplies and Total TTC in a framed box',
  heldOut: false,
  items: [10, 40],
  dateStyle: 'daySlashed',
  printed: printedFields(),
  spec: (random, itemCount) => {
    const upper = random.chance(0.6);
    return {
      itemCount,
      grouping: 'trade',
      contractorSelected: true,
      heading: ({ ordinal, trade }) => `LOT ${pad(ordinal)} - ${upper ? LOTS[trade!.id].toUpperCase() : LOTS[trade!.id]}`,
      verbosity: 0.3,
      halfFeet: true,
      credits: 0.1,
      recap: {
        generalConditions: random.chance(0.4) ? [3, 4, 5] : null,
        overheadAndProfit: [8, 10, 12, 15],
        before: (inner, sections) => {
          const taxRate = inner.pick([6, 6.5, 7, 7.25, 8.25]);
          const supplies = sections.flatMap((section) => section.items).reduce((sum, item) => sum + item.material, 0);
          return [{ label: `Taxe de vente ${rate(taxRate)} sur fournitures`, amount: Math.round((supplies * taxRate) / 100) }];
        },
        after: (inner, grandTotal) => {
          const share = inner.pick([30, 40]);
          return [{ label: `Acompte à la commande ${share} %`, amount: Math.round((grandTotal * share) / 100) }];
        },
      },
    };
  },
  render,
};
