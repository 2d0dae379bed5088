import { readFileSync } from 'node:fs';
import wordListPath from 'word-list';
import type { Word } from '../contracts/document.js';

/**
 * Spelling repair of OCR words against an English word list, for running text such as a line
 * item's description (not for names: "Rafael" is one letter from "rafale"). A fax or a blurred photo
 * makes tesseract swap single letters ("containmont", "Ganeral", "Iraming"); a word that is no
 * English word, and that one edit turns into exactly one English word, takes that word. Letters
 * OCR confuses (e/o/a/c, l/i/I/t/f, n/u/h/b) break a tie between several candidates. Words with
 * digits, short words, and words the dictionary already holds are left as read. A word read with
 * an i or j for the semicolon after it ("areasi") gets its semicolon back.
 */

/** Only words tesseract was less sure of than this are repaired. */
export const SPELLING_CONFIDENCE = 0.9;
/** Shorter words have too many neighbours one edit away to pick one. */
const MIN_LETTERS = 5;

/** Pairs of letters OCR reads one for the other (lower case; I for l is l for l once lowered), in both orders. */
const CONFUSABLE = new Set(
  ['eo', 'ea', 'ao', 'ce', 'co', 'cs', 'li', 'lt', 'it', 'if', 'tf', 'ij', 'ri', 'rt', 'nu', 'nh', 'hb', 'rn', 'mn', 'vy', 'gq'].flatMap((pair) => [pair, pair[1] + pair[0]]),
);
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz';
const STROKE_LETTERS = /[iljtf]/;
/** Runs of letters OCR reads for one letter and the other way round ("containrnent", "tum" for turn); one edit each. */
const LOOKALIKE_RUNS: Array<[string, string]> = [['rn', 'm'], ['m', 'rn'], ['cl', 'd'], ['vv', 'w'], ['ii', 'u']];

let dictionary: Set<string> | undefined;

/** The word list, read on first use (about 275,000 words). */
function words(): Set<string> {
  dictionary ??= new Set(readFileSync(wordListPath, 'utf8').split('\n'));
  return dictionary;
}

interface Candidate {
  word: string;
  /** The edit swaps two letters OCR confuses. */
  confusable: boolean;
}

/** Dictionary words one edit (substitution, deletion, insertion, transposition) from `word`, lower case. */
function neighbours(word: string, known: Set<string>): Candidate[] {
  const found = new Map<string, boolean>();
  const add = (candidate: string, confusable: boolean) => {
    if (known.has(candidate)) found.set(candidate, (found.get(candidate) ?? false) || confusable);
  };
  for (let at = 0; at < word.length; at += 1) {
    const [before, after] = [word.slice(0, at), word.slice(at + 1)];
    // A letter OCR adds before a word is a stroke (a rule, a bar, a speck): "prehung" is no "rehung".
    if (at > 0 || STROKE_LETTERS.test(word[0])) add(before + after, false);
    for (const letter of ALPHABET) if (letter !== word[at]) add(before + letter + after, CONFUSABLE.has(word[at] + letter));
    if (at + 1 < word.length) add(before + word[at + 1] + word[at] + word.slice(at + 2), false);
  }
  for (let at = 0; at <= word.length; at += 1) for (const letter of ALPHABET) add(word.slice(0, at) + letter + word.slice(at), false);
  for (const [read, meant] of LOOKALIKE_RUNS) {
    for (let at = word.indexOf(read); at >= 0; at = word.indexOf(read, at + 1)) add(word.slice(0, at) + meant + word.slice(at + read.length), true);
  }
  return [...found].map(([candidate, confusable]) => ({ word: candidate, confusable }));
}

/** A semicolon after a word, read as a letter stuck to it ("bibbi protect" for "bibb; protect"). */
const SEMICOLON_LOOKALIKES = /[ij]$/;

/** The one repair of a lower-case run of letters, or null. */
function repairLetters(letters: string, known: Set<string>): string | null {
  if (letters.length < MIN_LETTERS || known.has(letters)) return null;
  if (SEMICOLON_LOOKALIKES.test(letters) && known.has(letters.slice(0, -1))) return `${letters.slice(0, -1)};`;
  const candidates = neighbours(letters, known);
  if (candidates.length === 1) return candidates[0].word;
  const likely = candidates.filter((candidate) => candidate.confusable);
  return likely.length === 1 ? likely[0].word : null;
}

/** `repaired` in the letter case of `printed` (lower, Capitalised or UPPER). */
function inCaseOf(printed: string, repaired: string): string {
  if (printed === printed.toUpperCase()) return repaired.toUpperCase();
  if (printed[0] === printed[0].toUpperCase()) return repaired[0].toUpperCase() + repaired.slice(1);
  return repaired;
}

const PART = /^([^A-Za-z]*)([A-Za-z]+)([^A-Za-z]*)$/;

/**
 * The word with its misspelt letter runs repaired ("containmont," → "containment,",
 * "tonque-and-groave" → "tongue-and-groove"); the word itself when nothing is repaired.
 * Runs joined by hyphens or slashes are taken one by one; punctuation around them is kept.
 */
export function repairSpelling(text: string): string {
  if (/\d/.test(text)) return text;
  const known = words();
  return text
    .split(/([-/])/)
    .map((part) => {
      const match = PART.exec(part);
      if (!match) return part;
      const [, lead, letters, trail] = match;
      const mixedCase = letters.slice(1) !== letters.slice(1).toLowerCase() && letters !== letters.toUpperCase();
      if (mixedCase) return part;
      const repaired = repairLetters(letters.toLowerCase(), known);
      return repaired ? `${lead}${inCaseOf(letters, repaired)}${trail}` : part;
    })
    .join('');
}

/** The words with the OCR words tesseract doubted (see SPELLING_CONFIDENCE) repaired; text-layer words as they are. */
export function repairOcrSpelling(words: Word[]): Word[] {
  return words.map((word) => {
    if (word.source !== 'ocr' || word.confidence >= SPELLING_CONFIDENCE) return word;
    const text = repairSpelling(word.text);
    return text === word.text ? word : { ...word, text };
  });
}
