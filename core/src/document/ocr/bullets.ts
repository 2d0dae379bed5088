/**
 * Bullets opening the lines of a list under an item ("• Recover refrigerant per EPA rules") are
 * read by tesseract as `*`, `¢`, `©` or `«`, on photos often doubtfully (0.13 to 0.43 on g78's),
 * and the confidence floor dropped them with the noise: without its bullet a line reads as more of
 * the description above it. A lone mark of that kind smaller than the letters of the sure word
 * right after it on its line, a word space or so from it, with no word just before it, is a bullet:
 * it is kept and written `•`, as the text layer prints it.
 */

interface BoxedWord {
  text: string;
  bbox: readonly [number, number, number, number];
  confidence: number;
}

const BULLET_LOOKALIKES = /^[•●*¢©«]$/u;
/** The mark is at most this share of the following word's height (a bullet sits in the x-height). */
const MAX_HEIGHT_SHARE = 0.7;
/** The following word starts within this many of its heights of the mark... */
const MAX_GAP_AFTER = 1.5;
/** ...and no word ends within this many of them before the mark: it opens its line or cell. */
const MIN_GAP_BEFORE = 1.5;

const height = (word: BoxedWord): number => word.bbox[3] - word.bbox[1];
const middle = (word: BoxedWord): number => (word.bbox[1] + word.bbox[3]) / 2;
const holdsMiddleOf = (word: BoxedWord, mark: BoxedWord): boolean => word.bbox[1] <= middle(mark) && middle(mark) <= word.bbox[3];

function opensLine(words: readonly BoxedWord[], mark: BoxedWord, floor: number): boolean {
  const onLine = words.filter((other) => other !== mark && holdsMiddleOf(other, mark));
  const after = onLine.filter((other) => other.bbox[0] >= mark.bbox[2]).sort((a, b) => a.bbox[0] - b.bbox[0])[0];
  if (!after || after.confidence < floor || !/\p{L}/u.test(after.text)) return false;
  const size = height(after);
  if (height(mark) > MAX_HEIGHT_SHARE * size || after.bbox[0] - mark.bbox[2] > MAX_GAP_AFTER * size) return false;
  return onLine.every((other) => other.bbox[0] >= mark.bbox[2] || mark.bbox[0] - other.bbox[2] >= MIN_GAP_BEFORE * size);
}

/** The words of an OCR page that are bullets opening a line (see above), whatever their confidence. */
export function bulletMarks<T extends BoxedWord>(words: readonly T[], floor: number): Set<T> {
  return new Set(words.filter((word) => BULLET_LOOKALIKES.test(word.text) && opensLine(words, word, floor)));
}

export const BULLET = '•';
