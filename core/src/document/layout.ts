import type { Line, Word } from '../contracts/document.js';
import { boxHeight, roundBox, unionBoxes } from './geometry.js';

/** Two words share a row when their vertical overlap is at least this fraction of the shorter one. */
const ROW_OVERLAP_RATIO = 0.5;
/**
 * A horizontal gap wider than this many row heights splits a row into separate lines: form cells
 * (label | value | next label) side by side stay separate; word spacing (about 0.3) and the wide
 * gaps of justified text (up to about 2) do not split.
 */
const SEGMENT_GAP_RATIO = 2.5;

interface Row {
  top: number;
  bottom: number;
  words: Word[];
}

const centerY = (word: Word): number => (word.bbox[1] + word.bbox[3]) / 2;

function verticalOverlap(row: Row, word: Word): number {
  const overlap = Math.min(row.bottom, word.bbox[3]) - Math.max(row.top, word.bbox[1]);
  const shorter = Math.min(row.bottom - row.top, boxHeight(word.bbox));
  return shorter > 0 ? overlap / shorter : 0;
}

function groupIntoRows(words: Word[]): Row[] {
  const sorted = [...words].sort((a, b) => centerY(a) - centerY(b) || a.bbox[0] - b.bbox[0]);
  const rows: Row[] = [];
  for (const word of sorted) {
    let best: Row | undefined;
    let bestOverlap = ROW_OVERLAP_RATIO;
    // Only the last few rows can still overlap a word that comes later in top-to-bottom order.
    for (let index = rows.length - 1; index >= Math.max(0, rows.length - 4); index -= 1) {
      const overlap = verticalOverlap(rows[index], word);
      if (overlap >= bestOverlap) {
        best = rows[index];
        bestOverlap = overlap;
      }
    }
    if (best) {
      best.words.push(word);
      best.top = Math.min(best.top, word.bbox[1]);
      best.bottom = Math.max(best.bottom, word.bbox[3]);
    } else {
      rows.push({ top: word.bbox[1], bottom: word.bbox[3], words: [word] });
    }
  }
  return rows;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function splitRow(row: Row): Word[][] {
  const words = [...row.words].sort((a, b) => a.bbox[0] - b.bbox[0]);
  const maxGap = median(words.map((word) => boxHeight(word.bbox))) * SEGMENT_GAP_RATIO;
  const segments: Word[][] = [[words[0]]];
  for (let index = 1; index < words.length; index += 1) {
    const gap = words[index].bbox[0] - words[index - 1].bbox[2];
    if (gap > maxGap) segments.push([words[index]]);
    else segments[segments.length - 1].push(words[index]);
  }
  return segments;
}

function toLine(words: Word[]): Line {
  return { text: words.map((word) => word.text).join(' '), bbox: roundBox(unionBoxes(words.map((word) => word.bbox))), words };
}

/**
 * Groups words into lines in reading order: rows by vertical overlap, top to bottom; inside a row,
 * words left to right, split into separate lines at wide horizontal gaps (form cells, columns).
 */
export function groupWordsIntoLines(words: Word[]): Line[] {
  if (words.length === 0) return [];
  return groupIntoRows(words).flatMap((row) => splitRow(row).map(toLine));
}

/** The words of the lines, in the lines' reading order. */
export function wordsInReadingOrder(lines: Line[]): Word[] {
  return lines.flatMap((line) => line.words);
}
