import type { DocumentModel, FormField, Line, Page, Word } from '@docsift/core';

/** Monospace layout: each character is this fraction of the page wide, each row this fraction tall. */
const CHAR_WIDTH = 0.012;
const ROW_HEIGHT = 0.025;
const WORD_HEIGHT = 0.015;
const MARGIN = 0.02;

export interface PageSpec {
  /** One string per printed row; runs of three or more spaces separate cells (separate lines). */
  rows: string[];
  source?: 'text' | 'ocr';
  /** Confidence of every word (1 for the text layer). */
  confidence?: number;
}

function wordsOfRow(text: string, rowIndex: number, spec: PageSpec): Word[] {
  const words: Word[] = [];
  const source = spec.source ?? 'text';
  for (const match of text.matchAll(/\S+/g)) {
    const x0 = MARGIN + match.index * CHAR_WIDTH;
    const y0 = MARGIN + rowIndex * ROW_HEIGHT;
    words.push({
      text: match[0],
      bbox: [x0, y0, x0 + match[0].length * CHAR_WIDTH, y0 + WORD_HEIGHT],
      source,
      confidence: spec.confidence ?? (source === 'text' ? 1 : 0.9),
    });
  }
  return words;
}

function linesOfRow(text: string, words: Word[]): Line[] {
  const lines: Line[] = [];
  let previousEnd = -Infinity;
  for (const word of words) {
    const start = Math.round((word.bbox[0] - MARGIN) / CHAR_WIDTH);
    if (start - previousEnd >= 3 || !lines.length) lines.push({ text: '', bbox: [...word.bbox], words: [] });
    const line = lines[lines.length - 1];
    line.words.push(word);
    line.text = line.words.map((entry) => entry.text).join(' ');
    line.bbox = [line.bbox[0], line.bbox[1], word.bbox[2], line.bbox[3]];
    previousEnd = start + word.text.length;
  }
  return text ? lines : [];
}

function makePage(spec: PageSpec | string[], number: number): Page {
  const pageSpec = Array.isArray(spec) ? { rows: spec } : spec;
  const lines = pageSpec.rows.flatMap((text, rowIndex) => linesOfRow(text, wordsOfRow(text, rowIndex, pageSpec)));
  return {
    number,
    width: 612,
    height: 792,
    rotation: 0,
    deskewAngle: 0,
    source: pageSpec.source ?? 'text',
    words: lines.flatMap((line) => line.words),
    lines,
  };
}

/** Builds a document model from printed rows, one array (or spec) per page. */
export function makeDocument(pages: Array<PageSpec | string[]>, formFields: FormField[] = []): DocumentModel {
  return {
    format: 'pdf',
    pageCount: pages.length,
    pages: pages.map((page, index) => makePage(page, index + 1)),
    formFields,
    encrypted: false,
  };
}
