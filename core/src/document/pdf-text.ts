import type { BBox, Word } from '../contracts/document.js';
import { boxHeight, roundBox, transformRect, unionBoxes, type Transform } from './geometry.js';
import { allocate, heap, type Pdfium } from './pdfium.js';

/** Device size used to derive the page transform; large so integer device coordinates lose nothing. */
const DEVICE_SCALE = 1_000_000;
/** A gap between advance boxes wider than this fraction of the word's glyph height starts a new word. */
const WORD_GAP_RATIO = 0.2;

interface CharBox {
  text: string;
  /** Tight glyph box, for the word's bbox and line grouping. */
  box: BBox;
  /** Left and right of the loose box (advance width), so gaps do not depend on glyph side bearings. */
  left: number;
  right: number;
}

/** Page user space → fractions, including /Rotate and crop box offsets, from three probe points. */
export function pageTransform(pdfium: Pdfium, page: number): Transform {
  const out = allocate(pdfium, 8);
  try {
    const probe = (x: number, y: number): [number, number] => {
      pdfium.FPDF_PageToDevice(page, 0, 0, DEVICE_SCALE, DEVICE_SCALE, 0, x, y, out.pointer, out.pointer + 4);
      const ints = new Int32Array(heap(pdfium), out.pointer, 2);
      return [ints[0] / DEVICE_SCALE, ints[1] / DEVICE_SCALE];
    };
    const [e, f] = probe(0, 0);
    const [ax, bx] = probe(1000, 0);
    const [cx, dy] = probe(0, 1000);
    return { a: (ax - e) / 1000, b: (bx - f) / 1000, c: (cx - e) / 1000, d: (dy - f) / 1000, e, f };
  } finally {
    out.free();
  }
}

type CharExport = (textPage: number, index: number, ...pointers: number[]) => number;

interface CharExports {
  unicode: CharExport;
  tight: CharExport;
  loose: CharExport;
}

/**
 * The hot per-character calls go straight to the WASM exports, skipping cwrap's argument conversion.
 * Characters come one by one rather than from FPDFText_GetText: that string stops at a NUL and
 * shifts by one at every character outside the BMP.
 */
function charExports(pdfium: Pdfium): CharExports {
  const exports = pdfium.pdfium.wasmExports as unknown as Record<string, CharExport>;
  return { unicode: exports.FPDFText_GetUnicode, tight: exports.FPDFText_GetCharBox, loose: exports.FPDFText_GetLooseCharBox };
}

function charAt(unicode: CharExport, textPage: number, index: number): string {
  const codePoint = unicode(textPage, index) >>> 0;
  return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : '';
}

/** Views of the two output rectangles: tight (left, right, bottom, top as doubles), loose (FS_RECTF floats). */
function rectViews(pdfium: Pdfium, tightRect: number, looseRect: number): [Float64Array, Float32Array] {
  return [new Float64Array(heap(pdfium), tightRect, 4), new Float32Array(heap(pdfium), looseRect, 4)];
}

/** Views into the heap go empty (detached) when WASM memory grows; they are then taken afresh. */
function readCharBoxes(pdfium: Pdfium, textPage: number, transform: Transform): Array<CharBox | null> {
  const count = pdfium.FPDFText_CountChars(textPage);
  if (count <= 0) return [];
  const { unicode, tight, loose } = charExports(pdfium);
  const out = allocate(pdfium, 48);
  const [tightRect, looseRect] = [out.pointer, out.pointer + 32];
  const chars: Array<CharBox | null> = [];
  let [tightBox, looseBox] = rectViews(pdfium, tightRect, looseRect);
  try {
    for (let index = 0; index < count; index += 1) {
      const char = charAt(unicode, textPage, index);
      const readable = char.trim() !== '' && char !== '\ufffe' && char !== '\u0002';
      if (!readable || !tight(textPage, index, tightRect, tightRect + 8, tightRect + 16, tightRect + 24) || !loose(textPage, index, looseRect)) {
        chars.push(null);
        continue;
      }
      if (tightBox.length === 0) [tightBox, looseBox] = rectViews(pdfium, tightRect, looseRect);
      const [looseLeft, , looseRight] = transformRect(transform, looseBox[0], looseBox[3], looseBox[2], looseBox[1]);
      chars.push({ text: char, box: transformRect(transform, tightBox[0], tightBox[2], tightBox[1], tightBox[3]), left: looseLeft, right: looseRight });
    }
  } finally {
    out.free();
  }
  return chars;
}

function startsNewWord(word: CharBox[], lineHeight: number, next: CharBox): boolean {
  const last = word[word.length - 1];
  const gap = next.left - last.right;
  if (gap > lineHeight * WORD_GAP_RATIO || next.left < last.left - lineHeight * 0.5) return true;
  // An underscore, period or comma is a sliver at the baseline: it belongs to the word whose line it sits on ("GRAYSON_CURTIS").
  if (boxHeight(next.box) < lineHeight * SLIVER_RATIO || boxHeight(last.box) < lineHeight * SLIVER_RATIO) {
    const top = Math.min(...word.map((char) => char.box[1]));
    const bottom = Math.max(...word.map((char) => char.box[3]));
    return next.box[1] < top - lineHeight * 0.3 || next.box[3] > bottom + lineHeight * 0.5;
  }
  const overlap = Math.min(last.box[3], next.box[3]) - Math.max(last.box[1], next.box[1]);
  return overlap < Math.min(boxHeight(last.box), boxHeight(next.box)) * 0.3 - 1e-6;
}

/** A glyph lower than this share of the line's height is a sliver (underscore, period, comma, hyphen). */
const SLIVER_RATIO = 0.3;

function toWord(chars: CharBox[]): Word {
  return { text: chars.map((c) => c.text).join(''), bbox: roundBox(unionBoxes(chars.map((char) => char.box))), source: 'text', confidence: 1 };
}

/** Words of a page's text layer in content order: split at spaces, line breaks and wide gaps. */
export function extractPageWords(pdfium: Pdfium, page: number): Word[] {
  const textPage = pdfium.FPDFText_LoadPage(page);
  if (!textPage) return [];
  try {
    const chars = readCharBoxes(pdfium, textPage, pageTransform(pdfium, page));
    const words: Word[] = [];
    let current: CharBox[] = [];
    let lineHeight = 0;
    for (const char of chars) {
      if (char && current.length > 0 && !startsNewWord(current, Math.max(lineHeight, boxHeight(char.box)), char)) {
        current.push(char);
        lineHeight = Math.max(lineHeight, boxHeight(char.box));
        continue;
      }
      if (current.length > 0) words.push(toWord(current));
      current = char ? [char] : [];
      lineHeight = char ? boxHeight(char.box) : 0;
    }
    if (current.length > 0) words.push(toWord(current));
    return words;
  } finally {
    pdfium.FPDFText_ClosePage(textPage);
  }
}
