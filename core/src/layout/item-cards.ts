import type { Word } from '../contracts/document.js';
import { parseAmount, type NumberFormat } from './numbers.js';
import { cellsOf, rowGap, rowHeightsToX, startsCell, type LayoutRow } from './rows.js';
import { readCostLine, type RunningItem, type RunningSection } from './running-items.js';
import { readAmountCell } from './tables/cells.js';
import { columnLabels } from './tables/header.js';
import { totalLabelOf } from './tables/rows.js';

/**
 * Line items printed as cards, as an app exports an estimate: each item a block of its own, opened
 * by its number ("#7") and its title, then one labelled value a line ("Quantity: 12 LF", "Material:
 * $508.26", "Labor: $1,122.30", "Line total: $1,630.56"); the cards tiled two or three across the
 * page. Cards read across each row of cards, then down. A line across the grid with a name at the
 * left and an amount at the right ("Basement   7 items · $15,504.57") heads the cards under it as
 * their section, with that amount as its total.
 */

/** A card's number, opening its title. */
const CARD_NUMBER = /^#\d{1,4}$/;
/** Cards a document needs for its items to be read as cards. */
const MIN_CARDS = 2;
/** Gap between two lines of one card at most, in row heights: the cards of a column stand farther apart. */
const CARD_LINE_GAP = 1.5;
/** How far left of a card's number (in row heights) its lines may start, and how close its tops are to be one row of cards. */
const LANE_SLACK = 1;

interface CardStart {
  row: LayoutRow;
  word: Word;
}

interface Card {
  page: number;
  top: number;
  left: number;
  item: RunningItem;
  words: Set<Word>;
}

/** The line's words from a label of the lexicon's column roles followed by a colon ("Line total:", "Quantity:"). */
function isLabelledLine(words: Word[]): boolean {
  const match = columnLabels().findAllInSequence(words.slice(0, 4))[0];
  return match !== undefined && match.start === 0 && /:$/.test(words[match.end - 1].text);
}

/** A minus sign set before an amount as a word of its own ("- $210.00") joined to it: the amount is negative. */
function withSignsJoined(words: Word[], format: NumberFormat): Word[] {
  const joined: Word[] = [];
  for (let index = 0; index < words.length; index += 1) {
    const [word, next] = [words[index], words[index + 1]];
    if (/^[-–]$/.test(word.text) && next && next.bbox[0] - word.bbox[2] < next.bbox[3] - next.bbox[1] && parseAmount(next.text, format)?.moneyLike) {
      joined.push({ ...next, text: `-${next.text}`, bbox: [word.bbox[0], next.bbox[1], next.bbox[2], next.bbox[3]] });
      index += 1;
    } else {
      joined.push(word);
    }
  }
  return joined;
}

/** The card opened at `start`: its lines down its lane until a wide gap or the next card, read as an item; null when it prints no costs. */
function readCard(start: CardStart, starts: CardStart[], rows: LayoutRow[], format: NumberFormat): Card | null {
  const { row, word } = start;
  const left = word.bbox[0] - rowHeightsToX(row, LANE_SLACK);
  const lanes = starts.filter((other) => other.row.page === row.page && other.word.bbox[0] > word.bbox[2]).map((other) => other.word.bbox[0]);
  const right = Math.min(1, ...lanes) - rowHeightsToX(row, LANE_SLACK);
  const lines: Word[][] = [];
  let previous: LayoutRow | null = null;
  for (const candidate of rows) {
    if (candidate.page !== row.page || candidate.top < row.top) continue;
    const inLane = candidate.words.filter((other) => other.bbox[0] >= left && other.bbox[2] <= right);
    if (inLane.length === 0) continue;
    if (previous && (rowGap(previous, candidate) > CARD_LINE_GAP || inLane.some((other) => other !== word && CARD_NUMBER.test(other.text)))) break;
    lines.push(inLane);
    previous = candidate;
  }
  const firstLabelled = lines.findIndex(isLabelledLine);
  if (firstLabelled <= 0) return null;
  const title = lines.slice(0, firstLabelled).flat().filter((other) => other !== word);
  const costs = readCostLine(withSignsJoined(lines.slice(firstLabelled).flat(), format), format);
  if (!costs || title.length === 0) return null;
  const item: RunningItem = { page: row.page, description: title, amount: costs.total, costs, lines: [] };
  return { page: row.page, top: row.top, left: word.bbox[0], item, words: new Set(lines.flat()) };
}

/** A line across the grid, at its left edge, with a name and an amount at its right end: the section of the cards under it. */
function readBanner(row: LayoutRow, left: number, format: NumberFormat): { heading: Word[]; total: RunningSection['total'] } | null {
  const cells = cellsOf(row);
  const [name, last] = [cells[0], cells.at(-1)!];
  if (cells.length < 2 || name[0].bbox[0] > left || !/\p{L}/u.test(name[0].text) || totalLabelOf(name, row) !== null) return null;
  const amount = readAmountCell(last.slice(-1), format);
  if (!amount || !parseAmount(last.at(-1)!.text, format)?.moneyLike) return null;
  return { heading: name, total: { page: row.page, amount } };
}

/** Reads line items printed as cards (see above) into sections; empty where fewer than two cards are printed. */
export function readItemCards(rows: LayoutRow[], options: { format: NumberFormat }): { sections: RunningSection[]; end: number } {
  const { format } = options;
  const starts = rows.flatMap((row) => row.words.flatMap((word, index) => (CARD_NUMBER.test(word.text) && startsCell(row, index) ? [{ row, word }] : [])));
  const cards = starts.map((start) => readCard(start, starts, rows, format)).filter((card): card is Card => card !== null);
  if (cards.length < MIN_CARDS) return { sections: [], end: 0 };
  const cardWords = new Set(cards.flatMap((card) => [...card.words]));
  const left = Math.min(...cards.map((card) => card.left));
  const holdsCard = (row: LayoutRow | undefined): boolean => row !== undefined && row.words.some((word) => cardWords.has(word));
  const last = rows.findLastIndex(holdsCard);
  // Cards and banners in reading order: a row of cards (tops within a line's slack) left to right, then down.
  const entries: Array<{ page: number; top: number; left: number; card?: Card; banner?: NonNullable<ReturnType<typeof readBanner>> }> = cards.map((card) => ({ page: card.page, top: card.top, left: card.left, card }));
  // A banner stands right over a row of cards.
  rows.slice(0, last + 1).forEach((row, index) => {
    const next = rows[index + 1];
    const banner = holdsCard(row) || !holdsCard(next) || next.page !== row.page ? null : readBanner(row, left + rowHeightsToX(row, LANE_SLACK), format);
    if (banner) entries.push({ page: row.page, top: row.top, left: 0, banner });
  });
  const slack = Math.min(...cards.map((card) => card.item.description[0].bbox[3] - card.item.description[0].bbox[1]));
  entries.sort((a, b) => a.page - b.page || (Math.abs(a.top - b.top) <= slack ? a.left - b.left : a.top - b.top));
  const sections: RunningSection[] = [];
  for (const entry of entries) {
    if (entry.banner) sections.push({ heading: entry.banner.heading, page: entry.page, items: [], total: entry.banner.total });
    else {
      if (sections.length === 0) sections.push({ heading: [], page: entry.page, items: [], total: null });
      sections[sections.length - 1].items.push(entry.card!.item);
    }
  }
  return { sections: sections.filter((section) => section.items.length > 0), end: last + 1 };
}
