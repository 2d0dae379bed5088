import type { BBox, DocumentModel, Word } from '../contracts/document.js';

export type Leaf = string | number | boolean;

export interface Location {
  page: number;
  bbox: BBox;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const fold = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** Every non-null scalar of a value with its path (`coverages[0].policyNumber`). */
export function leaves(value: unknown, path = ''): Array<[string, Leaf]> {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, `${path}[${index}]`));
  if (typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => leaves(item, path ? `${path}.${key}` : key));
  }
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? [[path, value]] : [];
}

function dateSpellings(iso: string): string[] {
  const [year, month, day] = iso.split('-').map(Number);
  const mm = String(month).padStart(2, '0');
  const dd = String(day).padStart(2, '0');
  const name = MONTHS[month - 1];
  return [`${mm}/${dd}/${year}`, `${month}/${day}/${year}`, `${dd}/${mm}/${year}`, `${dd}.${mm}.${year}`, `${name} ${day} ${year}`, `${day} ${name} ${year}`, `${name.slice(0, 3)} ${day} ${year}`, `${day} ${name.slice(0, 3)} ${year}`];
}

/** How the value may be printed, folded; numbers and dates have several spellings. */
function spellings(value: Leaf): string[] {
  if (typeof value === 'boolean') return [];
  if (typeof value === 'number') return [value.toFixed(2), String(value)].map(fold).filter((text) => text.length >= 2);
  const texts = [value];
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) texts.push(...dateSpellings(value));
  const firstPart = value.split(', ')[0];
  if (firstPart !== value && firstPart.length >= 4) texts.push(firstPart);
  return texts.map(fold).filter((text) => text.length >= 2);
}

function unionBox(words: Word[]): BBox {
  return [
    Math.min(...words.map((word) => word.bbox[0])),
    Math.min(...words.map((word) => word.bbox[1])),
    Math.max(...words.map((word) => word.bbox[2])),
    Math.max(...words.map((word) => word.bbox[3])),
  ];
}

/** The shortest run of consecutive words in a line whose folded text contains the target. */
function findInWords(words: Word[], target: string): Word[] | null {
  for (let start = 0; start < words.length; start += 1) {
    let text = '';
    for (let end = start; end < words.length; end += 1) {
      text += fold(words[end].text);
      if (text.includes(target)) {
        // A later start may hold the target too: take the tightest run.
        if (text.slice(fold(words[start].text).length).includes(target)) break;
        return words.slice(start, end + 1);
      }
      if (text.length >= target.length + fold(words[start].text).length) break;
    }
  }
  return null;
}

/** Where a value the model gave is printed: the first line holding any of its spellings. */
export function locate(document: DocumentModel, value: Leaf): Location | null {
  for (const target of spellings(value)) {
    for (const page of document.pages) {
      for (const line of page.lines) {
        if (!fold(line.text).includes(target)) continue;
        const words = findInWords(line.words, target);
        if (words) return { page: page.number, bbox: unionBox(words) };
      }
    }
  }
  return null;
}
