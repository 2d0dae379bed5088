import type { Word } from '@docsift/core';
import { cellsOf, foldText, rowHeightsToX, textOf, type LayoutRow as Row } from '@docsift/core/layout';
import { STATE_AND_ZIP } from './labels.js';

/** The property's address as printed: its lines, the page, and how sure the reading is. */
export interface PrintedAddress {
  lines: Word[][];
  page: number;
  quality: number;
}

/** An address is read over at most this many lines (its first and those under it). */
export const ADDRESS_LINES = 3;
/** A street address inside a job's description ("Renovation of 1764 Magnolia Street"): a house number, then a word. */
const HOUSE_NUMBER = /^\d{1,6}[A-Za-z]?$/;

/** Whether a street address starts at a line's word: a house number, then a street's name ("6856 Cedar Glen Way"). */
const streetAt = (line: Word[], index: number): boolean => HOUSE_NUMBER.test(line[index]?.text ?? '') && /\p{L}{2}/u.test(line[index + 1]?.text ?? '');

/** Whether a value opens with a street address. */
export const opensWithStreet = (words: Word[]): boolean => streetAt(words, 0);

/** For each of the `count` rows under a word on its page, the cell starting at the word's left edge (null where none does). */
export function cellsUnder(rows: Row[], first: Word, count: number): Array<{ words: Word[]; page: number } | null> {
  const at = rows.findIndex((row) => row.words.includes(first));
  const below = rows.slice(at + 1, at + 1 + count);
  const pageEnd = below.findIndex((row) => row.page !== rows[at].page);
  const onPage = pageEnd < 0 ? below : below.slice(0, pageEnd);
  return onPage.map((row) => {
    const words = cellsOf(row).find((cell) => Math.abs(cell[0].bbox[0] - first.bbox[0]) <= rowHeightsToX(row, 1.5));
    return words ? { words, page: row.page } : null;
  });
}

/**
 * A bid's customer block prints the customer's address under the name (`name`: the name's words):
 * with no property label, it is the job's. A boxed form captions each line ("STREET", "CITY, STATE
 * AND ZIP CODE"): the caption cells (`captions`: their words) are skipped.
 */
export function addressUnderName(rows: Row[], name: { words: Word[]; page: number }, captions: ReadonlySet<Word>): PrintedAddress | null {
  const lines: Word[][] = [];
  for (const cell of cellsUnder(rows, name.words[0], 2 * ADDRESS_LINES)) {
    if (!cell) break;
    if (cell.words.every((word) => captions.has(word))) continue;
    lines.push(cell.words);
    if (STATE_AND_ZIP.test(textOf(cell.words)) || lines.length === ADDRESS_LINES) break;
  }
  if (lines.length < 2 || !HOUSE_NUMBER.test(lines[0][0].text) || !STATE_AND_ZIP.test(textOf(lines[lines.length - 1]))) return null;
  return { lines, page: name.page, quality: 0.8 };
}

/**
 * An address block may name the addressee or the building over the street ("Eriksen residence" over
 * "7379 Lincoln Blvd"): the address starts at the house number, where no line above it holds a number.
 */
export function fromStreetLine(lines: Word[][]): Word[][] {
  const street = lines.findIndex((line) => HOUSE_NUMBER.test(line[0]?.text ?? ''));
  return street > 0 && lines.slice(0, street).every((line) => !/\d/.test(textOf(line))) ? lines.slice(street) : lines;
}

/** A contractor's bid names the job by its address ("Project: Renovation of 1764 Magnolia Street"): the lines from the house number on. */
export function addressInProject(values: Array<{ lines: Word[][]; page: number }>): PrintedAddress | null {
  const street = (line: Word[]): number => line.findIndex((_, index) => streetAt(line, index));
  for (const value of values) {
    // The job's name may stand on a line of its own above its address ("Tear-Off and Re-Roof").
    const at = value.lines.findIndex((line) => street(line) >= 0);
    if (at < 0) continue;
    const [first, ...rest] = value.lines.slice(at);
    return { lines: [first.slice(street(first)), ...rest], page: value.page, quality: 0.8 };
  }
  return null;
}

/**
 * An address read as its street alone ("Job: Renovation – 2537 Sycamore Avenue") takes the town line
 * printed under the same street elsewhere on its page (the customer's block): up to two lines, the
 * last one a state and ZIP code.
 */
export function withTownLine(rows: Row[], address: PrintedAddress): PrintedAddress {
  const last = address.lines[address.lines.length - 1];
  if (STATE_AND_ZIP.test(textOf(last))) return address;
  // The town line right under its label's cell ("Job site: 818 Willow Bend Drive" over "Tulsa, OK 74145").
  const own = rows.find((row) => row.words.includes(last[0]));
  const labelled = own ? cellsOf(own).find((cell) => cell.includes(last[0])) : undefined;
  const [under] = labelled && labelled[0] !== last[0] ? cellsUnder(rows, labelled[0], 1) : [];
  // A line of its own label ("Mailing: PO Box 412, Tulsa, OK 74101") is another address.
  if (under && STATE_AND_ZIP.test(textOf(under.words)) && !under.words.some((word) => word.text.endsWith(':'))) return { ...address, lines: [...address.lines, under.words] };
  const street = foldText(textOf(last));
  for (const row of rows.filter((candidate) => candidate.page === address.page)) {
    const cell = cellsOf(row).find((words) => words[0] !== last[0] && foldText(textOf(words)) === street);
    if (!cell) continue;
    const under: Word[][] = [];
    for (const line of cellsUnder(rows, cell[0], 2)) {
      if (!line) break;
      under.push(line.words);
      if (STATE_AND_ZIP.test(textOf(line.words))) return { ...address, lines: [...address.lines, ...under] };
    }
  }
  return address;
}

/** A captioned line of an address stands at most this many rows under the street's line. */
const CAPTIONED_LINE_ROWS = 2;

/**
 * A form that captions each line of an address ("JOB ADDRESS" over "CITY / STATE / ZIP") prints the
 * town on a captioned line of its own under the street: where that value holds the state and the ZIP
 * code, it ends the address (`towns`: the captioned values, with the rows they stand on).
 */
export function withCaptionedTown(rows: Row[], address: PrintedAddress, towns: Array<{ row: Row; words: Word[] }>): PrintedAddress {
  const last = address.lines[address.lines.length - 1];
  if (STATE_AND_ZIP.test(textOf(last))) return address;
  const at = rows.findIndex((row) => row.words.includes(last[0]));
  const town = towns.find(({ row, words }) => {
    const below = rows.indexOf(row) - at;
    return row.page === address.page && below > 0 && below <= CAPTIONED_LINE_ROWS && STATE_AND_ZIP.test(textOf(words));
  });
  return town ? { ...address, lines: [...address.lines, town.words] } : address;
}
