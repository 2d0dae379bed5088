/**
 * Fixes for systematic OCR misreadings of tesseract's fast English model, applied word by word.
 * Only unambiguous shapes are touched: a word changes when its shape says it is a number, an
 * amount or a date, and most of its characters are already digits.
 */

/** tesseract.js reads every `PO-123` as `P0O-123`. */
const PO_PREFIX = /^P0O-/;
/** Letters tesseract puts in place of digits inside numbers. */
const DIGIT_LOOKALIKES: Record<string, string> = { O: '0', o: '0', D: '0', Q: '0', l: '1', I: '1', '|': '1', S: '5', B: '8', Z: '2' };
const L = '0-9OoDQlI|SBZ';
const NUMERIC_SHAPES = [
  // Amounts and grouped numbers: 1,000,000  $2,500.00  (1,200)
  new RegExp(`^[$(]?-?[${L}]{1,3}([,.][${L}]{2,3})+\\)?$`),
  // Dates: 08/14/2024  8-14-24
  new RegExp(`^[${L}]{1,2}[/-][${L}]{1,2}[/-][${L}]{2,4}$`),
  // Plain numbers of three or more characters: 2O25  1O0
  new RegExp(`^[${L}]{3,}$`),
];
const LOOKALIKES = new RegExp(`[OoDQlI|SBZ]`, 'g');
const MIN_DIGIT_SHARE = 0.6;

function fixNumber(word: string): string {
  if (!NUMERIC_SHAPES.some((shape) => shape.test(word))) return word;
  const digits = word.replace(/[^0-9]/g, '').length;
  const lookalikes = (word.match(LOOKALIKES) ?? []).length;
  if (lookalikes === 0 || digits / (digits + lookalikes) < MIN_DIGIT_SHARE) return word;
  return word.replace(LOOKALIKES, (char) => DIGIT_LOOKALIKES[char] ?? char);
}

/** The pound unit read with a capital I ("6 Ib pad"). */
const POUND_UNIT = /^Ib(s?\.?)$/;

export function normaliseOcrWord(word: string): string {
  return fixNumber(word.replace(PO_PREFIX, 'PO-').replace(POUND_UNIT, 'lb$1'));
}

/** A dollar sign set apart from its amount is read as s, S or §. */
const DOLLAR_LOOKALIKES = new Set(['s', 'S', '§']);
const AMOUNT = /^[0-9][0-9,]*(\.[0-9]{2})?$/;

/**
 * Whether a word is a misread dollar sign: a lone s, S or § immediately followed on its line by
 * an amount. Takes the next word's text and the gap between them in word heights.
 */
export function isMisreadDollarSign(word: string, nextWord: string | undefined, gapInHeights: number): boolean {
  return DOLLAR_LOOKALIKES.has(word) && nextWord !== undefined && AMOUNT.test(nextWord) && gapInHeights >= 0 && gapInHeights < 2;
}
