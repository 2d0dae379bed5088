import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, Sheet, type Fonts, type TextStyle } from '../layout.js';
import { sectionTotal, type RecapLine, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { labelValueRows, oneLine, printedFields, type Pair } from './parts.js';

/**
 * g21 (held out): a consultant's scope of repairs set in two newspaper columns of running text on a
 * portrait page, with no ruled table. A centred title and a full-width block of parties, then the
 * work flows down the left column and on down the right one, page after page: trade or room headings
 * in bold capitals, and each item a short paragraph with its price in the text ("Replace … — $1,240.00")
 * or at the column's right edge on its last line, numbered, bulleted or bare; sometimes a total line
 * after each heading's items. The cost summary (subtotal, overhead and profit, permits, TOTAL COST OF
 * REPAIRS, the contingency reserve after it) and the signature end the flow in the last column.
 */

type Price = 'inline' | 'edge';
type Marker = 'number' | 'bullet' | 'none';

interface Style {
  title: string;
  font: 'Times' | 'Helvetica';
  size: number;
  price: Price;
  dash: string;
  marker: Marker;
  dollar: boolean;
  sectionTotals: boolean;
  divider: boolean;
  headingRule: boolean;
}

function chooseStyle(random: Random): Style {
  const font = random.pick<Style['font']>(['Times', 'Helvetica']);
  return {
    title: random.pick(['STATEMENT OF REPAIRS', 'SCOPE OF REPAIRS AND COST ESTIMATE', 'REPAIR SPECIFICATION']),
    font,
    size: font === 'Times' ? random.pick([9.5, 10]) : random.pick([8.5, 9]),
    price: random.pick<Price>(['inline', 'inline', 'edge']),
    dash: random.pick([' — ', ' – ', ' .... ']),
    marker: random.pick<Marker>(['number', 'bullet', 'none']),
    dollar: random.chance(0.7),
    sectionTotals: random.chance(0.5),
    divider: random.chance(0.5),
    headingRule: random.chance(0.5),
  };
}

const LEFT = 54;
const RIGHT = 558;
const GUTTER = 24;
const COLUMN_WIDTH = (RIGHT - LEFT - GUTTER) / 2;
const INDENT = 12;

/** A piece of the flow that is never split over columns: a heading, an item, a total line, the summary. */
interface Block {
  height: number;
  /** Space above it, dropped at the top of a column. */
  space: number;
  /** Placed only where the next block fits under it (a heading with its first item). */
  keepWithNext?: boolean;
  draw: (sheet: Sheet, x: number, top: number) => void;
}

const stackHeight = (blocks: Block[]): number => blocks.reduce((sum, block, index) => sum + block.height + (index > 0 ? block.space : 0), 0);

/** How many blocks fill a column of `available` points from `from`, keeping headings with their first item. */
function fill(blocks: Block[], from: number, available: number): number {
  let count = 0;
  let used = 0;
  while (from + count < blocks.length) {
    const block = blocks[from + count];
    const next = blocks[from + count + 1];
    const needed = (count > 0 ? block.space : 0) + block.height + (block.keepWithNext && next ? next.space + next.height : 0);
    if (count > 0 && used + needed > available) break;
    used += (count > 0 ? block.space : 0) + block.height;
    count += 1;
  }
  return count;
}

/** The left column's share when the rest fits on this page in two columns of about equal height (the left one the taller on a tie). */
function balancedSplit(blocks: Block[], available: number): number | null {
  let best: { split: number; height: number } | null = null;
  for (let split = 1; split <= blocks.length; split += 1) {
    if (split < blocks.length && blocks[split - 1].keepWithNext) continue;
    const left = stackHeight(blocks.slice(0, split));
    const right = stackHeight(blocks.slice(split));
    if (left > available || right > available) continue;
    const height = Math.max(left, right);
    if (!best || height <= best.height) best = { split, height };
  }
  return best?.split ?? null;
}

/**
 * Lays the blocks down the left column and then the right one, page after page, the last page's
 * columns ending level as a word processor's continuous section break leaves them; returns where
 * each page's columns start and end.
 */
function layOut(sheet: Sheet, blocks: Block[], firstTop: number, nextTop: number): Array<[number, number]> {
  const extents: Array<[number, number]> = [];
  let index = 0;
  let top = firstTop;
  while (index < blocks.length) {
    const available = sheet.bottom - top;
    const split = balancedSplit(blocks.slice(index), available);
    let end = top;
    for (const column of [0, 1]) {
      const count = split === null ? fill(blocks, index, available) : column === 0 ? split : blocks.length - index;
      let y = top;
      blocks.slice(index, index + count).forEach((block, position) => {
        if (position > 0) y += block.space;
        block.draw(sheet, LEFT + column * (COLUMN_WIDTH + GUTTER), y);
        y += block.height;
      });
      index += count;
      end = Math.max(end, y);
    }
    extents.push([top, split === null && index < blocks.length ? sheet.bottom : end]);
    if (index < blocks.length) {
      sheet.addPage();
      top = nextTop;
    }
  }
  return extents;
}

interface TextStyles {
  regular: TextStyle;
  bold: TextStyle;
  italic: TextStyle;
  leading: number;
}

function textStyles(fonts: Fonts, style: Style): TextStyles {
  return {
    regular: { font: fonts.regular, size: style.size },
    bold: { font: fonts.bold, size: style.size },
    italic: { font: fonts.italic, size: style.size },
    leading: style.size * 1.22,
  };
}

function headingBlock(text: string, style: Style, styles: TextStyles): Block {
  return {
    height: styles.leading + 3,
    space: 6,
    keepWithNext: true,
    draw: (sheet, x, top) => {
      sheet.text(text, x, top + style.size, { ...styles.bold, size: style.size + 0.5 });
      if (style.headingRule) sheet.rule(x, x + COLUMN_WIDTH, top + style.size + 2.5, 0.5, 0.3);
    },
  };
}

function itemBlock(sheet: Sheet, style: Style, styles: TextStyles, marker: string, description: string, price: string): Block {
  const width = COLUMN_WIDTH - (style.marker === 'none' ? 0 : INDENT);
  const words = description.split(' ');
  const inline = style.price === 'inline';
  // An inline price is one word with the description's last, so it stays whole on the last line.
  const lines = inline
    ? sheet.wrapWords([...words.slice(0, -1), `${words.at(-1)!}${style.dash}${price}`], width, styles.regular)
    : sheet.wrapWords(words, width - sheet.textWidth(price, styles.regular) - 10, styles.regular);
  return {
    height: lines.length * styles.leading,
    space: 2.5,
    draw: (target, x, top) => {
      const textX = style.marker === 'none' ? x : x + INDENT;
      if (marker) target.text(marker, style.marker === 'number' ? textX - 3 : x + 2, top + style.size, styles.regular, style.marker === 'number' ? 'right' : 'left');
      lines.forEach((line, index) => target.text(line, textX, top + style.size + index * styles.leading, styles.regular));
      if (!inline) target.text(price, x + COLUMN_WIDTH, top + style.size + (lines.length - 1) * styles.leading, styles.regular, 'right');
    },
  };
}

interface AmountRow {
  label: string;
  amount: string;
  text: TextStyle;
  rule?: boolean;
  /** Space above the row. */
  gap?: number;
}

function drawAmountRows(sheet: Sheet, rows: AmountRow[], x: number, top: number, leading: number): number {
  let y = top;
  for (const row of rows) {
    y += row.gap ?? 0;
    if (row.rule) sheet.rule(x, x + COLUMN_WIDTH, y, 0.6);
    sheet.text(row.label, x, y + row.text.size + 1, row.text);
    sheet.text(row.amount, x + COLUMN_WIDTH, y + row.text.size + 1, row.text, 'right');
    y += leading;
  }
  return y;
}

function totalBlock(label: string, amount: string, styles: TextStyles): Block {
  const leading = styles.leading + 2;
  return { height: leading, space: 2, draw: (sheet, x, top) => drawAmountRows(sheet, [{ label, amount, text: styles.bold }], x, top, leading) };
}

/** The cost summary, two notes and the consultant's signature line, kept together. */
function summaryBlock(document: SorDocument, style: Style, styles: TextStyles): Block {
  const { recap, parties } = document;
  const dollars = (cents: number) => money(cents, { dollar: true });
  const rows: AmountRow[] = [
    { label: 'Subtotal, all work', amount: dollars(recap.subtotal), text: styles.regular },
    ...(recap.overhead ? [{ label: `Overhead and profit (${percentText(recap.overhead.rate)})`, amount: dollars(recap.overhead.amount), text: styles.regular }] : []),
    ...recap.before.map((line) => ({ label: line.label, amount: dollars(line.amount), text: styles.regular })),
    { label: 'TOTAL COST OF REPAIRS', amount: dollars(recap.grandTotal), text: styles.bold, rule: true },
    ...recap.after.map((line, index) => ({ label: line.label, amount: dollars(line.amount), text: styles.italic, gap: index === 0 ? 6 : 0 })),
  ];
  const leading = styles.leading + 2;
  const notes = ['Prices include labor, material, equipment and disposal.', 'Quantities to be verified by the contractor.'];
  const title = styles.leading + 3;
  const table = rows.length * leading + 6;
  return {
    height: title + table + 10 + notes.length * styles.leading + 20 + styles.leading,
    space: 14,
    draw: (sheet, x, top) => {
      sheet.text('COST SUMMARY', x, top + style.size, { ...styles.bold, size: style.size + 0.5 });
      let y = drawAmountRows(sheet, rows, x, top + title, leading) + 10;
      for (const note of notes) {
        sheet.text(note, x, y + style.size - 0.5, { ...styles.italic, size: style.size - 1 });
        y += styles.leading;
      }
      y += 20;
      sheet.rule(x, x + COLUMN_WIDTH * 0.75, y, 0.5);
      sheet.text(`${parties.consultant}, 203(k) Consultant`, x, y + style.size + 1, { ...styles.regular, size: style.size - 1 });
    },
  };
}

const titleCaseHeading = (heading: string): string => heading.toLowerCase().replace(/(^|[\s&,/-])([a-z])/g, (_match, gap: string, letter: string) => gap + letter.toUpperCase());

function blocksOf(sheet: Sheet, document: SorDocument, style: Style, styles: TextStyles): Block[] {
  // Bids priced in whole dollars print their items without cents.
  const whole = document.sections.every((section) => section.items.every((entry) => entry.total % 100 === 0));
  const price = (cents: number) => money(cents, { dollar: style.dollar, whole });
  const blocks: Block[] = [];
  let number = 0;
  for (const section of document.sections) {
    blocks.push(headingBlock(section.heading, style, styles));
    for (const entry of section.items) {
      number += 1;
      const marker = style.marker === 'number' ? `${number}.` : style.marker === 'bullet' ? '•' : '';
      blocks.push(itemBlock(sheet, style, styles, marker, entry.description, price(entry.total)));
    }
    if (style.sectionTotals) blocks.push(totalBlock(`Total ${titleCaseHeading(section.heading)}`, money(sectionTotal(section), { dollar: true }), styles));
  }
  blocks.push(summaryBlock(document, style, styles));
  return blocks;
}

function preamble(sheet: Sheet, document: SorDocument, style: Style, fonts: Fonts): number {
  const { parties } = document;
  const contractor = parties.contractor;
  const size = style.size;
  sheet.text(parties.consultantCompany, 306, 50, { font: fonts.regular, size: size + 0.5, gray: 0.3 }, 'center');
  sheet.text(style.title, 306, 68, { font: fonts.bold, size: 14 }, 'center');
  const label: TextStyle = { font: fonts.bold, size };
  const value: TextStyle = { font: fonts.regular, size };
  const pairs: Pair[][] = [
    [['Borrower:', parties.borrower], ['Inspected:', formatDate(parties.inspectionDate, 'short')]],
    [['Property:', oneLine(parties.property)], ['File No.:', parties.fileNumber]],
    [['Lender:', parties.lender], ['FHA Case:', parties.fhaCaseNumber]],
    [['Contractor:', contractor ? `${contractor.name}, ${contractor.phone}` : 'To be selected by the borrower'], ['Consultant:', parties.consultant]],
  ];
  const leading = size * 1.35;
  labelValueRows(sheet, pairs, [[LEFT, 58], [398, 52]], 90, leading, label, value);
  let y = 90 + pairs.length * leading;
  sheet.rule(LEFT, RIGHT, y, 0.8);
  y += 6;
  sheet.y = y;
  sheet.paragraph(
    'The following repairs are required. Each price is the total for labor and material. Work is listed by ' +
      'heading; all work shall meet local code and be completed in a workmanlike manner.',
    LEFT,
    RIGHT - LEFT,
    { font: fonts.italic, size: size - 0.5 },
    size * 1.2,
  );
  return sheet.y + 8;
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const { parties } = document;
  const style = chooseStyle(new Random(document.seed).child('render'));
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 54, bottom: 58, left: LEFT, right: 612 - RIGHT }, title: style.title, producer: 'Microsoft® Word for Microsoft 365', date: parties.reportDate });
  const fonts = await sheet.fonts(style.font);
  const styles = textStyles(fonts, style);
  sheet.addPage();
  const top = preamble(sheet, document, style, fonts);
  const extents = layOut(sheet, blocksOf(sheet, document, style, styles), top, 54);

  sheet.decorate((index, count) => {
    const small: TextStyle = { font: fonts.regular, size: 7.5, gray: 0.3 };
    if (style.divider) sheet.vrule(LEFT + COLUMN_WIDTH + GUTTER / 2, extents[index][0], extents[index][1], 0.4, 0.5);
    sheet.text(`${parties.consultantCompany}  ·  ${parties.consultantPhone}`, LEFT, 752, small);
    sheet.text(`Page ${index + 1} of ${count}`, RIGHT, 752, small, 'right');
  });
  return sheet.save();
}

function afterTotal(random: Random, grandTotal: number): RecapLine[] {
  const rate = random.pick([10, 15, 20]);
  const reserve = Math.round((grandTotal * rate) / 100);
  const lines = [{ label: `Contingency reserve (${rate}%)`, amount: reserve }];
  return random.chance(0.5) ? [...lines, { label: 'Total with contingency', amount: grandTotal + reserve }] : lines;
}

export const g21: SorFamily = {
  id: 'g21',
  name: 'scope of repairs in two columns of running text',
  heldOut: false,
  items: [10, 40],
  dateStyle: 'short',
  printed: printedFields({ quantity: false, unit: false, materialLabor: 'none', contractor: { name: true, license: false, phone: true } }),
  spec: (random, itemCount) => {
    const byRoom = random.chance(0.5);
    return {
      itemCount,
      grouping: byRoom ? 'room' : 'trade',
      heading: ({ trade, room: place }) => (byRoom ? place!.name : trade!.name).toUpperCase(),
      verbosity: 0.3,
      wholeDollars: random.chance(0.4),
      recap: {
        generalConditions: null,
        overheadAndProfit: random.chance(0.5) ? [10, 12, 15] : null,
        before: (feeRandom) => (feeRandom.chance(0.5) ? [{ label: 'Permits and fees', amount: feeRandom.int(4, 30) * 2500 }] : []),
        after: afterTotal,
      },
    };
  },
  render,
};
