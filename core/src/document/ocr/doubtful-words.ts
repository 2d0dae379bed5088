/**
 * On a photo tesseract doubts real words of a line it reads well: `receptacles` at 0.38, `double-bowl`
 * at 0.19, `Insulated` at 0.01 between words it is sure of, the first word of a table cell most of
 * all. The confidence floor that drops the noise of specks, shading and rules dropped them too, and
 * each cost an item its description (the tuning photos: line items 654 -> 671 of 806). A doubtful
 * word is kept when it is spelled as a word (three letters or more, in lower case or capitalised,
 * hyphens and apostrophes between them, one stop after them, in any alphabet of the lexicon's
 * languages) and stands on a line of sure words: a sure word of its height, holding a letter or a
 * digit, is its nearest neighbour on that line, a word space away. Noise is rarely
 * spelled so, and where it is (`domme`, `Sennen` in a photo's desk), its neighbours are noise too;
 * noise read in capitals (`LTO`, `STAN` from a blurred dot leader) is left out, which costs only
 * doubtful words printed in capitals.
 */

interface BoxedWord {
  text: string;
  bbox: readonly [number, number, number, number];
  confidence: number;
}

const WORD_SHAPE = /^\p{L}\p{Ll}+(?:['’-]\p{L}\p{Ll}*)*[.,;:]?$/u;
const MIN_LETTERS = 3;
/** The nearest sure word is at most this many of its heights away (word spacing is 0.25-0.6)... */
const MAX_GAP_IN_HEIGHTS = 1;
/** ...and the doubtful word is as tall as it, within these ratios (a speck or a blot is not). */
const MIN_HEIGHT_RATIO = 0.6;
const MAX_HEIGHT_RATIO = 1.6;

const height = (word: BoxedWord): number => word.bbox[3] - word.bbox[1];
const middle = (word: BoxedWord): number => (word.bbox[1] + word.bbox[3]) / 2;
/** Each word's middle lies within the other's height. */
const onOneLine = (a: BoxedWord, b: BoxedWord): boolean =>
  a.bbox[1] <= middle(b) && middle(b) <= a.bbox[3] && b.bbox[1] <= middle(a) && middle(a) <= b.bbox[3];

const spelledAsWord = (text: string): boolean => WORD_SHAPE.test(text) && (text.match(/\p{L}/gu)?.length ?? 0) >= MIN_LETTERS;
/** A sure word holds a letter or a digit: a bar read from a table's rule is no word to stand beside. */
const isSureWord = (word: BoxedWord, floor: number): boolean => word.confidence >= floor && /[\p{L}\p{N}]/u.test(word.text);

/** The nearest word on `word`'s line to its left (side -1) or right (side 1), with the gap to it. */
function nearest(words: readonly BoxedWord[], word: BoxedWord, side: -1 | 1): { neighbour: BoxedWord; gap: number } | null {
  let best: { neighbour: BoxedWord; gap: number } | null = null;
  for (const other of words) {
    if (other === word || !onOneLine(word, other)) continue;
    const gap = side === 1 ? other.bbox[0] - word.bbox[2] : word.bbox[0] - other.bbox[2];
    const beyond = side === 1 ? other.bbox[0] >= word.bbox[0] : other.bbox[2] <= word.bbox[2];
    if (!beyond || (best && best.gap <= gap)) continue;
    best = { neighbour: other, gap };
  }
  return best;
}

function besideSureWord(words: readonly BoxedWord[], word: BoxedWord, floor: number): boolean {
  return ([-1, 1] as const).some((side) => {
    const found = nearest(words, word, side);
    if (!found || !isSureWord(found.neighbour, floor)) return false;
    const ratio = height(word) / Math.max(1e-9, height(found.neighbour));
    return found.gap <= MAX_GAP_IN_HEIGHTS * height(found.neighbour) && ratio >= MIN_HEIGHT_RATIO && ratio <= MAX_HEIGHT_RATIO;
  });
}

/**
 * A table's header row sets its words a column apart, and on photos tesseract doubts some of them
 * (`item` at 0.36, `Main-d'ceuvre` at 0.35 over their columns): no sure word stands a word space
 * away, and the column lost its heading and its role. A doubtful word spelled as a word is kept too
 * on a line holding this many sure words spelled as words, of its height, and no sure word with a
 * digit (noise at the edge of an item's line, `Sty` beside `Temporary electric service … 433.00`,
 * would join its description), when it lies within the span of the page's sure words (a desk
 * around the page is outside it).
 */
const MIN_SURE_WORDS_ON_LINE = 2;

function sureSpan(words: readonly BoxedWord[], floor: number): [number, number] {
  const sure = words.filter((word) => isSureWord(word, floor));
  return [Math.min(...sure.map((word) => word.bbox[0])), Math.max(...sure.map((word) => word.bbox[2]))];
}

function onLineOfSureWords(words: readonly BoxedWord[], word: BoxedWord, floor: number, span: [number, number]): boolean {
  if (word.bbox[0] < span[0] || word.bbox[2] > span[1]) return false;
  // An item's line carries numbers; a header row names its columns in words.
  if (words.some((other) => isSureWord(other, floor) && onOneLine(word, other) && /\p{N}/u.test(other.text))) return false;
  const sure = words.filter((other) => {
    const ratio = height(word) / Math.max(1e-9, height(other));
    return other !== word && isSureWord(other, floor) && spelledAsWord(other.text) && onOneLine(word, other) && ratio >= MIN_HEIGHT_RATIO && ratio <= MAX_HEIGHT_RATIO;
  });
  return sure.length >= MIN_SURE_WORDS_ON_LINE;
}

/**
 * An amount with cents tesseract doubts (`47.00` at 0.46, `029,84` at 0.34 on photos) is kept when
 * a sure amount of another line ends where it ends: amounts stand right-aligned in their column, and
 * noise does not line up with them. The group of digits set a word space before a kept amount
 * (`4` of `4 029,84`) is kept with it.
 */
const AMOUNT_SHAPE = /^[$(]?\d{1,3}(?:[,.]\d{3})*[.,]\d{2}\)?$/;
const THOUSANDS_WITH_CENTS = /^\d{3}[.,]\d{2}\)?$/;
const LEAD_DIGITS = /^[$(]?\d{1,3}$/;
/** Right edges within this share of the word's height are aligned. */
const ALIGNMENT_IN_HEIGHTS = 0.5;

function inColumnOfAmounts(words: readonly BoxedWord[], word: BoxedWord, floor: number): boolean {
  return words.some(
    (other) =>
      other !== word &&
      isSureWord(other, floor) &&
      AMOUNT_SHAPE.test(other.text) &&
      !onOneLine(word, other) &&
      Math.abs(other.bbox[2] - word.bbox[2]) <= ALIGNMENT_IN_HEIGHTS * height(word),
  );
}

function leadsKeptAmount(words: readonly BoxedWord[], word: BoxedWord, kept: ReadonlySet<BoxedWord>): boolean {
  const found = nearest(words, word, 1);
  return found !== null && kept.has(found.neighbour) && THOUSANDS_WITH_CENTS.test(found.neighbour.text) && found.gap <= height(found.neighbour);
}

/**
 * The words to keep of a page read by OCR: those read with `floor` confidence or more, doubtful
 * words spelled as words beside a sure word of their line or on a line of sure words, and doubtful
 * amounts in a column of sure ones (see above). Boxes in pixels, or in any units with the same scale
 * across and down.
 */
export function keepReadWords<T extends BoxedWord>(words: readonly T[], floor: number): T[] {
  const span = sureSpan(words, floor);
  const kept = new Set(
    words.filter(
      (word) =>
        word.confidence >= floor ||
        (spelledAsWord(word.text) && (besideSureWord(words, word, floor) || onLineOfSureWords(words, word, floor, span))) ||
        (AMOUNT_SHAPE.test(word.text) && inColumnOfAmounts(words, word, floor)),
    ),
  );
  return words.filter((word) => kept.has(word) || (LEAD_DIGITS.test(word.text) && leadsKeptAmount(words, word, kept)));
}
