/** A word as the OCR engine saw it: box in pixels of the recognised image, confidence 0..1. */
export interface OcrWord {
  text: string;
  bbox: [x0: number, y0: number, x1: number, y1: number];
  confidence: number;
}

/** TSV columns: level page block par line word left top width height conf text. Level 5 is a word. */
const WORD_LEVEL = '5';

export function parseTsvWords(tsv: string): OcrWord[] {
  const words: OcrWord[] = [];
  for (const row of tsv.split('\n')) {
    const columns = row.split('\t');
    if (columns[0] !== WORD_LEVEL || columns.length < 12) continue;
    const text = columns.slice(11).join('\t').trim();
    if (text === '') continue;
    const [left, top, width, height, confidence] = columns.slice(6, 11).map(Number);
    words.push({ text, bbox: [left, top, left + width, top + height], confidence: Math.max(0, Math.min(1, confidence / 100)) });
  }
  return words;
}
