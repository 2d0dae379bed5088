import type { TextPageResult } from './pdf-pages.js';

/** A page mostly covered by images is a scan, unless its text layer is substantial (a searchable scan). */
const SCAN_IMAGE_COVERAGE = 0.5;
const SEARCHABLE_SCAN_MIN_CHARS = 200;
/** Share of characters that must look like ordinary text: broken font encodings give private-use or control codes... */
const MIN_PLAUSIBLE_SHARE = 0.7;
/** ...or shifted codes that come out as runs of punctuation and symbols ("3!5(.%"); text is mostly letters and digits. */
const MIN_ALPHANUMERIC_SHARE = 0.5;

const ALPHANUMERIC = /[\p{L}\p{N}]/u;
const IMPLAUSIBLE = /[\p{Co}\p{Cc}\p{Cs}\uFFFD]/u;
/** Dot leaders and rules typed as characters ("…………", "_____", or spaced ". . . ." one mark a word): one mark repeated, no encoding fault. */
const LEADER = /^([.·…_\-–—=*])\1*$/u;

/**
 * Whether a page's text layer carries its content, or the page must be read by OCR: no text at all
 * (a scan, or text drawn as outlines), text that is mostly undecodable or mostly symbols, or a
 * page-sized image with only a few characters of text on it (a fax header or stamp over a scan).
 * Dot leaders do not count: a page of priced lines ("Radon test ........ $175.00") is mostly dots.
 */
export function hasUsableText({ page, imageCoverage }: Pick<TextPageResult, 'page' | 'imageCoverage'>): boolean {
  let alphanumeric = 0;
  let implausible = 0;
  let total = 0;
  for (const word of page.words) {
    if (LEADER.test(word.text)) continue;
    for (const char of word.text) {
      total += 1;
      if (ALPHANUMERIC.test(char)) alphanumeric += 1;
      else if (IMPLAUSIBLE.test(char)) implausible += 1;
    }
  }
  if (alphanumeric === 0 || (total - implausible) / total < MIN_PLAUSIBLE_SHARE) return false;
  if (alphanumeric / total < MIN_ALPHANUMERIC_SHARE) return false;
  return imageCoverage < SCAN_IMAGE_COVERAGE || alphanumeric >= SEARCHABLE_SCAN_MIN_CHARS;
}
