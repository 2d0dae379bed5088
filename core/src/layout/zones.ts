import type { BBox, Word } from '../contracts/document.js';
import { horizontalOverlap, median, textOf, wordsBox } from './boxes.js';
import { cellsOf, rowGap, rowHeightsToX, type LayoutRow } from './rows.js';
import { foldWord } from './text.js';

/**
 * Zones of a page: blocks of text lines that belong together (an address, a letterhead, a totals
 * block), found by geometry, so two blocks printed side by side (seller beside buyer, producer
 * beside insurers) read as two blocks, not as rows running across both.
 */

export interface TextBlock {
  page: number;
  /** The block's lines, top to bottom: each the words of one cell of a row. */
  lines: Word[][];
  bbox: BBox;
  /** Median word height of the block, in page fractions (larger type in letterheads). */
  height: number;
}

/** Lines further apart than this (in row heights) are separate blocks. */
const BLOCK_LINE_GAP = 1.2;
/** Rows looked back for the line above a line (other blocks' rows may lie between). */
const LOOK_BACK = 3;

/** Type this much taller than the rest of a cell's words is a line of its own. */
const TYPE_SIZE_RATIO = 1.3;

const wordHeight = (word: Word): number => word.bbox[3] - word.bbox[1];

/**
 * A cell's words as the lines printed: a letterhead's name in large type and the address printed
 * across it in small type share one row, their words interleaved ("Tri-County" over "8142 Belmont
 * Way" beside "Construction Co."). Where a word of a cell lies half or more over the one before it,
 * the cell is cut at the widest step between the heights of its words, the larger type first.
 */
export function linesByTypeSize(words: Word[]): Word[][] {
  if (!words.some((word, index) => index > 0 && horizontalOverlap(word.bbox, words[index - 1].bbox) >= 0.5)) return [words];
  const heights = words.map(wordHeight).sort((a, b) => a - b);
  let step = -1;
  let widest = TYPE_SIZE_RATIO;
  for (let index = 1; index < heights.length; index += 1) {
    const ratio = heights[index] / Math.max(heights[index - 1], Number.EPSILON);
    if (ratio >= widest) [step, widest] = [index, ratio];
  }
  if (step < 0) return [words];
  const large = words.filter((word) => wordHeight(word) >= heights[step]);
  return [large, words.filter((word) => wordHeight(word) < heights[step])];
}

interface Atom {
  row: LayoutRow;
  words: Word[];
  x0: number;
  x1: number;
}

function linked(upper: Atom, lower: Atom): boolean {
  if (upper.row.page !== lower.row.page || rowGap(upper.row, lower.row) > BLOCK_LINE_GAP) return false;
  const tolerance = rowHeightsToX(lower.row, 1.5);
  const aligned = Math.abs(upper.x0 - lower.x0) <= tolerance || Math.abs(upper.x1 - lower.x1) <= tolerance;
  const overlap = Math.min(upper.x1, lower.x1) - Math.max(upper.x0, lower.x0);
  return aligned || overlap >= 0.5 * Math.min(upper.x1 - upper.x0, lower.x1 - lower.x0);
}

/** The blocks of one page's rows: cells of consecutive rows that line up or overlap join one block. */
export function textBlocks(rows: LayoutRow[]): TextBlock[] {
  const atoms: Atom[][] = rows.map((row) =>
    cellsOf(row)
      .flatMap(linesByTypeSize)
      .map((words) => ({ row, words, x0: words[0].bbox[0], x1: words[words.length - 1].bbox[2] })),
  );
  const parent = new Map<Atom, Atom>();
  const find = (atom: Atom): Atom => {
    let root = atom;
    while (parent.get(root) !== root) root = parent.get(root)!;
    parent.set(atom, root);
    return root;
  };
  for (const atom of atoms.flat()) parent.set(atom, atom);
  // Rows of two blocks side by side interleave when their lines are not level: look a few rows up.
  for (let index = 1; index < atoms.length; index += 1) {
    for (const lower of atoms[index]) {
      for (let above = index - 1; above >= Math.max(0, index - LOOK_BACK); above -= 1) {
        const upper = atoms[above].find((candidate) => linked(candidate, lower));
        if (!upper) continue;
        parent.set(find(lower), find(upper));
        break;
      }
    }
  }
  const groups = new Map<Atom, Atom[]>();
  for (const atom of atoms.flat()) groups.set(find(atom), [...(groups.get(find(atom)) ?? []), atom]);
  return [...groups.values()].map((group) => {
    const words = group.flatMap((atom) => atom.words);
    return {
      page: group[0].row.page,
      lines: group.map((atom) => atom.words),
      bbox: wordsBox(words)!,
      height: median(words.map((word) => word.bbox[3] - word.bbox[1])),
    };
  });
}

/** Legal forms of companies in the lexicon's languages ("GmbH", "SARL", "S.A.", "Inc.", "B.V."). */
const LEGAL_FORMS = new Set([
  'inc', 'incorporated', 'llc', 'llp', 'lp', 'ltd', 'limited', 'plc', 'corp', 'corporation', 'co', 'company', 'pllc', 'pc',
  'gmbh', 'ag', 'kg', 'ohg', 'ug', 'ek', 'gbr', 'mbh', 'se', 'kgaa',
  'sarl', 'sas', 'sasu', 'sa', 'eurl', 'sci', 'snc', 'scop',
  'sl', 'slu', 'srl', 'sau', 'sc', 'sad', 'sca', 'ltda', 'spa', 'sapa', 'snc', 'sas',
  'bv', 'nv', 'vof', 'cv', 'bvba', 'sprl',
]);

/** Whether a line names a company by its legal form ("Hetzner Online GmbH", "Au bon moulin SARL", "MERCADONA, S.A."). */
export function hasLegalForm(words: Word[]): boolean {
  return words.some((word, index) => {
    const folded = foldWord(word.text).replace(/\//g, '');
    if (index === 0 && words.length > 1) return false;
    return LEGAL_FORMS.has(folded) || (index > 0 && LEGAL_FORMS.has(folded + foldWord(words[index + 1]?.text ?? '')));
  });
}

/** Separators letterheads print between the name and the address on one line ("Hetzner Online GmbH • Industriestr. 25"). */
const NAME_SEPARATOR = /^[•·|–—-]$/;

/** A letterhead line's name part: the words before the first separator, comma-free address or contact detail. */
export function namePart(words: Word[]): Word[] {
  const cut = words.findIndex((word, index) => index > 0 && (NAME_SEPARATOR.test(word.text) || /\d{3,}/.test(word.text) || /@|www\.|https?:/.test(word.text)));
  const name = cut < 0 ? words : words.slice(0, cut);
  while (name.length > 0 && /^[•·|–—,-]$/.test(name[name.length - 1].text)) name.pop();
  return name;
}

export const blockText = (block: TextBlock): string => block.lines.map(textOf).join('\n');
