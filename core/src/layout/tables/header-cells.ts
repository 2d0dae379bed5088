import type { Word } from '../../contracts/document.js';
import { wordPieces } from '../boxes.js';
import { columnTerms, type ColumnRole } from '../lexicon/index.js';
import { PhraseMatcher } from '../phrases.js';
import { cellsOf, inRowHeights, type LayoutRow } from '../rows.js';
import { isKnownUnit } from '../units.js';

/** The cells of a header row, each a column's label or part of one. */

let matcher: PhraseMatcher<ColumnRole> | undefined;

/** Column-header words of every language of the lexicon. */
export function columnLabels(): PhraseMatcher<ColumnRole> {
  matcher ??= new PhraseMatcher(columnTerms().map((term) => ({ value: term.id, phrase: term.phrase })));
  return matcher;
}

export interface HeaderCell {
  words: Word[];
  /** Words of a group label printed over this cell and its neighbours ("Material" over "Unit Cost" and "Extended"). */
  group: Word[];
}

/** Words of one label may stand this far apart (in row heights) when the first is no label alone ("P.   Unit"). */
const LABEL_WORD_GAP = 2.5;

/** Whether a cell's words alone are a label, and whether a label phrase runs from its end into the next cell. */
const isLabel = (words: Word[]): boolean => columnLabels().findAllInSequence(words).some((phrase) => phrase.start === 0 && phrase.end === words.length);
const spellsAcross = (left: Word[], right: Word[]): boolean =>
  columnLabels()
    .findAllInSequence([...left, ...right])
    .some((phrase) => phrase.start < left.length && phrase.end > left.length);

/** An abbreviation and a capitalised word read as one word ("Cat.Description"). */
const STOP_GLUED = /^(.*\p{L}\.)(\p{Lu}.*)$/u;

/**
 * A cell's words, cut where a label starts glued to the text before it ("HUD Cat.Description of
 * Work"): two labels set edge to edge, no space between them, head two columns.
 */
function ungluedCells(words: Word[]): Word[][] {
  const cells: Word[][] = [[]];
  words.forEach((word, index) => {
    const match = STOP_GLUED.exec(word.text);
    const [head, tail] = match ? wordPieces(word, [match[1], match[2]]) : [word];
    const after = [tail, ...words.slice(index + 1)];
    const startsLabel = tail !== undefined && columnLabels().findAllInSequence(after).some((phrase) => phrase.start === 0);
    if (!startsLabel || spellsAcross([...cells[cells.length - 1], head], after)) {
      cells[cells.length - 1].push(word);
      return;
    }
    cells[cells.length - 1].push(head);
    cells.push([tail]);
  });
  return cells;
}

/**
 * A row of the header cut into cells at gaps wider than the page's word spacing allows inside a
 * label, except where a word that is no label alone spells one with the next ("P." + "Unit").
 */
export function cellsOfRow(row: LayoutRow): HeaderCell[] {
  const cells: HeaderCell[] = [];
  for (const words of cellsOf(row, 0.95).flatMap(ungluedCells)) {
    const last = cells[cells.length - 1];
    const gap = last ? inRowHeights(row, words[0].bbox[0] - last.words[last.words.length - 1].bbox[2]) : Infinity;
    if (last && gap <= LABEL_WORD_GAP && !isLabel(last.words) && spellsAcross(last.words, words)) last.words.push(...words);
    else cells.push({ words: [...words], group: [] });
  }
  return cells;
}

/** A unit of measure in parentheses after a header's words ("Area (SF)", "Length (LF)", "Count (EA)"). */
const UNIT_IN_PARENTHESES = /^\((\p{L}{1,4})\)$/u;

/**
 * The unit a header names for its column's quantities ("Area (SF)": the cells are square feet), where
 * no header word says the column holds money or text other than a scope's name; null otherwise.
 */
export function headerUnit(words: Word[], roles: ColumnRole[]): string | null {
  const named = words.map((word) => UNIT_IN_PARENTHESES.exec(word.text)?.[1]).find((unit) => unit !== undefined);
  if (!named || words.length < 2 || !isKnownUnit(named) || roles.some((role) => role !== 'quantity' && role !== 'scope')) return null;
  return named.toUpperCase();
}

/** The left and right edges of words, page fractions. */
export const extent = (words: Word[]): [number, number] => [Math.min(...words.map((word) => word.bbox[0])), Math.max(...words.map((word) => word.bbox[2]))];

/** A cell's words top to bottom and left to right: a stacked label reads as one phrase ("Unit" + "Price"). */
export function readingOrder(words: Word[]): Word[] {
  const sameLine = (a: Word, b: Word): boolean => Math.abs(a.bbox[1] + a.bbox[3] - b.bbox[1] - b.bbox[3]) / 2 < 0.5 * Math.min(a.bbox[3] - a.bbox[1], b.bbox[3] - b.bbox[1]);
  return [...words].sort((a, b) => (sameLine(a, b) ? a.bbox[0] - b.bbox[0] : a.bbox[1] - b.bbox[1]));
}
