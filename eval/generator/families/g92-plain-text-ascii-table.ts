import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type Section, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { contingencyReserve, oneLine, permitFee, pickEach, printedFields, roomHeading } from './parts.js';

/**
 * g92: an estimate sent as a plain-text e-mail and printed from the mail client, portrait, every line in Courier:
 * the From / To / Date / Subject lines, a sentence, the job as "Label .....: value" lines in one or two columns,
 * then a table drawn with keyboard characters, either boxed ("+----+", "|" between the cells, "=" under the
 * header) or as a Markdown pipe table ("|----|"): # | DESCRIPTION | QTY | UNIT | MATERIAL | LABOR | TOTAL, the
 * description wrapped on continuation rows with the amounts on the first. Rooms are rows of their own (merged
 * across the box, or in the description cell of a pipe table), each closed by a "Subtotal <room>" row with its
 * three amounts; credits with a minus sign. The recap is a small box of its own at the right (subtotal, general
 * conditions sometimes, overhead and profit, permit sometimes, the total) with the contingency reserve under it
 * sometimes, then the sender's signature block.
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    boxed: [true, false],
    twoColumnJob: [true, false],
    totalLabel: ['TOTAL ESTIMATE', 'ESTIMATED TOTAL', 'TOTAL COST OF REPAIRS'],
    subject: ['Repair estimate', 'Estimate for repairs', 'Rehab bid'],
  });

type Style = ReturnType<typeof chooseStyle>;

const LEFT = 34;
const SIZE = 7.4;
const LEADING = 9;
const TOP = 40;
const BOTTOM = 752;

/** The cells of the table in characters: [header, width, right-aligned]. */
const CELLS: Array<[string, number, boolean]> = [
  ['#', 3, true],
  ['DESCRIPTION', 46, false],
  ['QTY', 7, true],
  ['UNIT', 4, false],
  ['MATERIAL', 11, true],
  ['LABOR', 11, true],
  ['TOTAL', 12, true],
];

const fit = (text: string, width: number, right: boolean): string => (right ? text.padStart(width) : text.padEnd(width));
const row = (cells: string[]): string => `| ${cells.map((text, index) => fit(text, CELLS[index][1], CELLS[index][2])).join(' | ')} |`;
const border = (fill: string, corner: string): string => `${corner}${CELLS.map(([, width]) => fill.repeat(width + 2)).join(corner)}${corner}`;
const WIDTH = row(CELLS.map(() => '')).length;

/** Word wrap to `width` characters. */
function wrapChars(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  return [...lines, line];
}

function headerLines(style: Style): string[] {
  const header = row(CELLS.map(([text]) => text));
  return style.boxed ? [border('-', '+'), header, border('=', '+')] : [header, border('-', '|')];
}

function itemBlock(item: LineItem, number: number): string[] {
  const [first, ...rest] = wrapChars(item.description, CELLS[1][1]);
  return [
    row([String(number), first, quantityText(item.quantity), item.unit, money(item.material), money(item.labor), money(item.total)]),
    ...rest.map((text) => row(['', text, '', '', '', '', ''])),
  ];
}

function sectionBlocks(section: Section, style: Style, first: number): string[][] {
  const heading = style.boxed ? `| ${section.heading.padEnd(WIDTH - 4)} |` : row(['', section.heading, '', '', '', '', '']);
  const total = row(['', `Subtotal ${section.heading}`, '', '', money(sectionTotal(section, 'material')), money(sectionTotal(section, 'labor')), money(sectionTotal(section))]);
  const closing = style.boxed ? [border('-', '+')] : [];
  return [
    [heading, ...(style.boxed ? [border('-', '+')] : []), ...itemBlock(section.items[0], first)],
    ...section.items.slice(1).map((item, index) => itemBlock(item, first + index + 1)),
    [...(style.boxed ? [border('-', '+')] : []), total, ...closing],
  ];
}

function recapLines(document: SorDocument, style: Style): string[] {
  const { recap } = document;
  const rows: Array<[string, string]> = [['SUBTOTAL', money(recap.subtotal)]];
  if (recap.generalConditions) rows.push([`GENERAL CONDITIONS ${percentText(recap.generalConditions.rate)}`, money(recap.generalConditions.amount)]);
  if (recap.overhead) rows.push([`OVERHEAD & PROFIT ${percentText(recap.overhead.rate)}`, money(recap.overhead.amount)]);
  for (const line of recap.before) rows.push([line.label.toUpperCase(), money(line.amount)]);
  const line = ([label, amount]: [string, string]) => `| ${label.padEnd(34)} | ${amount.padStart(12)} |`;
  const rule = (fill: string) => `+${fill.repeat(36)}+${fill.repeat(14)}+`;
  const indent = ' '.repeat(WIDTH - rule('-').length);
  const box = [rule('-'), ...rows.map(line), rule('='), line([style.totalLabel, `$${money(recap.grandTotal)}`]), rule('-')];
  const after = recap.after.map((entry) => `  ${entry.label.padEnd(34)}   ${money(entry.amount).padStart(12)}`);
  return [...box, ...after].map((text) => `${indent}${text}`);
}

function jobLines(document: SorDocument, style: Style): string[] {
  const { parties } = document;
  const contractor = parties.contractor!;
  const pair = (label: string, value: string) => `${label.padEnd(14, '.')}: ${value}`;
  const pairs = [
    pair('Borrower', parties.borrower),
    pair('Property', oneLine(parties.property)),
    pair('Lender', parties.lender),
    pair('Consultant', parties.consultant),
    pair('Inspected', formatDate(parties.inspectionDate, 'us')),
    pair('Contractor', contractor.name),
    pair('License', contractor.license),
    pair('Phone', contractor.phone),
  ];
  if (!style.twoColumnJob) return pairs;
  // The property's line is the longest: it stands alone under the pairs.
  const others = pairs.filter((_, index) => index !== 1);
  const lines: string[] = [];
  for (let index = 0; index < others.length; index += 2) lines.push(`${others[index].padEnd(58)}${others[index + 1] ?? ''}`.trimEnd());
  return [...lines, pairs[1]];
}

function openingLines(document: SorDocument, style: Style): string[] {
  const { parties } = document;
  const contractor = parties.contractor!;
  return [
    `From: ${contractor.name} <${contractor.email}>`,
    `To: ${parties.consultant} <${parties.consultantEmail}>`,
    `Date: ${formatDate(parties.reportDate, 'long')}`,
    `Subject: ${style.subject} - ${parties.property.street}`,
    '',
    ...wrapChars(`Below is our estimate for the work on your write-up, file ${parties.fileNumber}. Prices are good for 30 days. Call with any questions.`, WIDTH),
    '',
    ...jobLines(document, style),
    '',
  ];
}

function closingLines(document: SorDocument): string[] {
  const contractor = document.parties.contractor!;
  return ['', 'Thanks,', '', contractor.name, contractor.phone, contractor.email];
}

/** Lays the blocks down the pages: a block never splits, and the table's header is repeated on a new page. */
function paginate(sheet: Sheet, text: TextStyle, style: Style, opening: string[], blocks: string[][], closing: string[][]): void {
  let y = TOP;
  let last = '';
  const put = (line: string) => {
    sheet.text(line, LEFT, y + SIZE, text);
    y += LEADING;
    last = line;
  };
  const newPage = (table: boolean) => {
    if (table && style.boxed && last !== border('-', '+')) put(border('-', '+'));
    sheet.addPage();
    y = TOP;
    if (table) headerLines(style).forEach(put);
  };
  sheet.addPage();
  opening.forEach(put);
  headerLines(style).forEach(put);
  for (const block of blocks) {
    if (y + (block.length + 1) * LEADING > BOTTOM) newPage(true);
    block.forEach(put);
  }
  for (const block of closing) {
    if (y + block.length * LEADING > BOTTOM) newPage(false);
    block.forEach(put);
  }
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const style = chooseStyle(new Random(document.seed).child('g92-render'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: TOP, bottom: 792 - BOTTOM, left: LEFT, right: 40 }, title: `${style.subject} - ${parties.property.street}`, producer: 'Mozilla Thunderbird', date: parties.reportDate });
  const fonts = await sheet.fonts('Courier');
  const text: TextStyle = { font: fonts.regular, size: SIZE };
  let number = 0;
  const blocks = document.sections.flatMap((section) => {
    const made = sectionBlocks(section, style, number + 1);
    number += section.items.length;
    return made;
  });
  paginate(sheet, text, style, openingLines(document, style), blocks, [['', ...recapLines(document, style)], closingLines(document)]);
  sheet.decorate((index, count) => sheet.text(`${index + 1}/${count}`, 572, 776, text, 'right'));
  return sheet.save();
}

export const g92: SorFamily = {
  id: 'g92',
  name: 'estimate in a plain-text e-mail printed in Courier, the table drawn with keyboard characters ("+----+", "|") as a box or a Markdown pipe table, room rows and "Subtotal <room>" rows, the recap in a small box of its own',
  heldOut: false,
  items: [8, 34],
  dateStyle: 'us',
  printed: printedFields(),
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'room',
    contractorSelected: true,
    heading: roomHeading(random.chance(0.5)),
    verbosity: 0.3,
    credits: 0.15,
    recap: {
      generalConditions: random.chance(0.4) ? [5, 6, 8] : null,
      overheadAndProfit: [10, 12, 15],
      before: (inner) => permitFee(inner, 0.5, ['Permit', 'Building permit'], 500),
      after: (inner, grandTotal) => (inner.chance(0.5) ? [contingencyReserve(inner, grandTotal, [10, 15])] : []),
    },
  }),
  render,
};
