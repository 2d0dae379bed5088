import type { BBox, DocumentModel, Word } from '../contracts/document.js';
import { wordsBox } from '../layout/boxes.js';

export type Leaf = string | number | boolean;

export interface Location {
  page: number;
  bbox: BBox;
  /** The printed words the value was found in. */
  words: Word[];
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Lower case, letters and digits only: how values and printed words are compared. */
export const fold = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

const endsWithDigit = (text: string): boolean => /\p{N}$/u.test(text);
const startsWithDigit = (text: string): boolean => /^\p{N}/u.test(text);

/** Every non-null scalar of a value with its path (`coverages[0].policyNumber`). */
export function leaves(value: unknown, path = ''): Array<[string, Leaf]> {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, `${path}[${index}]`));
  if (typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => leaves(item, path ? `${path}.${key}` : key));
  }
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? [[path, value]] : [];
}

function dateSpellings(iso: string): string[] {
  const [year, month, day] = iso.split('-').map(Number);
  const mm = String(month).padStart(2, '0');
  const dd = String(day).padStart(2, '0');
  const name = MONTHS[month - 1];
  return [`${mm}/${dd}/${year}`, `${month}/${day}/${year}`, `${dd}/${mm}/${year}`, `${dd}.${mm}.${year}`, `${name} ${day} ${year}`, `${day} ${name} ${year}`, `${name.slice(0, 3)} ${day} ${year}`, `${day} ${name.slice(0, 3)} ${year}`];
}

/** How the value may be printed, folded; numbers and dates have several spellings. */
function spellings(value: Leaf): string[] {
  if (typeof value === 'boolean') return [];
  if (typeof value === 'number') return [value.toFixed(2), String(value)].map(fold).filter((text) => text.length >= 2);
  const texts = [value];
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) texts.push(...dateSpellings(value));
  const firstPart = value.split(', ')[0];
  if (firstPart !== value && firstPart.length >= 4) texts.push(firstPart);
  return texts.map(fold).filter((text) => text.length >= 2);
}

/** A line's words folded into one string, with where each word starts and where a value may start or end. */
interface FoldedLine {
  text: string;
  starts: number[];
  boundaries: Set<number>;
}

/**
 * Values start and end at word edges, or at punctuation inside a word ("No:INV-42" holds "INV-42"
 * and "42"), but never inside a number ("12,500" does not hold 1250, "03/15/2024" does not hold 15).
 */
function foldLine(words: Word[]): FoldedLine {
  let text = '';
  const starts: number[] = [];
  const boundaries = new Set<number>();
  for (const word of words) {
    starts.push(text.length);
    boundaries.add(text.length);
    let previous = '';
    for (const [run] of word.text.matchAll(/[\p{L}\p{N}]+/gu)) {
      if (previous && !(endsWithDigit(previous) && startsWithDigit(run))) boundaries.add(text.length);
      text += fold(run);
      previous = run;
    }
    boundaries.add(text.length);
  }
  return { text, starts, boundaries };
}

/** Every run of consecutive words in the line that prints the target from boundary to boundary. */
function* runsInLine(words: Word[], line: FoldedLine, target: string): Generator<Word[]> {
  for (let at = line.text.indexOf(target); at >= 0; at = line.text.indexOf(target, at + 1)) {
    const end = at + target.length;
    if (!line.boundaries.has(at) || !line.boundaries.has(end)) continue;
    const first = line.starts.findLastIndex((start) => start <= at);
    const last = line.starts.findLastIndex((start) => start < end);
    yield words.slice(first, last + 1);
  }
}

/**
 * Where a value is printed: the first run of words on one line that spells it (the spellings in
 * order, then pages and lines in reading order) and that `accept` allows. Null when there is none.
 */
export function locate(document: DocumentModel, value: Leaf, accept: (location: Location) => boolean = () => true): Location | null {
  const targets = spellings(value);
  if (targets.length === 0) return null;
  const folded = document.pages.map((page) => page.lines.map((line) => foldLine(line.words)));
  for (const target of targets) {
    for (const [pageIndex, page] of document.pages.entries()) {
      for (const [lineIndex, line] of page.lines.entries()) {
        for (const words of runsInLine(line.words, folded[pageIndex][lineIndex], target)) {
          const location = { page: page.number, bbox: wordsBox(words)!, words };
          if (accept(location)) return location;
        }
      }
    }
  }
  return null;
}
