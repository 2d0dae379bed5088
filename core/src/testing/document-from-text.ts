import type { BBox, DocumentModel, Line, Page, Word } from '../contracts/document.js';

export interface TextPageOptions {
  /** Characters per page width (monospace layout); default 100. */
  columns?: number;
  /** Lines per page height; default 66. */
  rows?: number;
  source?: 'text' | 'ocr';
}

/**
 * Builds a DocumentModel from plain text, one string per page, laid out as a monospace grid:
 * each character is one cell, so spacing in the text becomes horizontal distance on the page.
 * Lets plugin authors test extractors without a PDF.
 */
export function documentFromText(pages: string | string[], options: TextPageOptions = {}): DocumentModel {
  const texts = Array.isArray(pages) ? pages : [pages];
  return {
    format: 'pdf',
    pageCount: texts.length,
    pages: texts.map((text, index) => pageFromText(text, index + 1, options)),
    formFields: [],
    encrypted: false,
  };
}

function pageFromText(text: string, number: number, options: TextPageOptions): Page {
  const columns = options.columns ?? 100;
  const rows = options.rows ?? 66;
  const source = options.source ?? 'text';
  const lines: Line[] = [];
  text.split('\n').forEach((rawLine, row) => {
    const words: Word[] = [];
    for (const match of rawLine.matchAll(/\S+/g)) {
      const start = match.index ?? 0;
      const bbox: BBox = [start / columns, row / rows, (start + match[0].length) / columns, (row + 0.8) / rows];
      words.push({ text: match[0], bbox, source, confidence: source === 'ocr' ? 0.9 : 1 });
    }
    if (words.length === 0) return;
    for (const segment of splitAtGaps(words, 3 / columns)) {
      lines.push({ text: segment.map((word) => word.text).join(' '), bbox: unionBox(segment.map((word) => word.bbox)), words: segment });
    }
  });
  return {
    number,
    width: 612,
    height: 792,
    rotation: 0,
    deskewAngle: 0,
    source,
    words: lines.flatMap((line) => line.words),
    lines,
  };
}

/** Separates a row into line segments where the horizontal gap is wide (side-by-side cells). */
function splitAtGaps(words: Word[], gap: number): Word[][] {
  const segments: Word[][] = [[words[0]]];
  for (let index = 1; index < words.length; index++) {
    const previous = words[index - 1];
    if (words[index].bbox[0] - previous.bbox[2] >= gap) segments.push([]);
    segments[segments.length - 1].push(words[index]);
  }
  return segments;
}

export function unionBox(boxes: BBox[]): BBox {
  return [
    Math.min(...boxes.map((box) => box[0])),
    Math.min(...boxes.map((box) => box[1])),
    Math.max(...boxes.map((box) => box[2])),
    Math.max(...boxes.map((box) => box[3])),
  ];
}
