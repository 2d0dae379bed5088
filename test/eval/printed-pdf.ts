import { loadPdfium, openDocument, withPage } from '../../core/src/document/pdfium.js';
import { extractPageWords } from '../../core/src/document/pdf-text.js';
import type { Word } from '../../core/src/contracts/document.js';
import type { SorAnswer } from '../../eval/generator/answers.js';
import { foldText } from '../../eval/score.js';

/** Reading generated statements of repair back: their text layer as words and lines, and what an answer claims is printed. */

export const cents = (value: number | null): number => Math.round((value ?? 0) * 100);
export const sum = (values: Array<number | null>): number => values.reduce<number>((total, value) => total + cents(value), 0);

export interface Printed {
  /** Every word of the text layer, folded as the scorer folds strings (case, space, punctuation). */
  words: Set<string>;
  /** All of them run together: PDFium splits "manufacturer's" at the apostrophe. */
  text: string;
  /** Each word run together with the next: an amount written in a dollars cell and a cents cell (g36). */
  pairs: Set<string>;
}

export async function printedText(bytes: Uint8Array): Promise<Printed> {
  const document = openDocument(await loadPdfium(), bytes);
  try {
    const pages = Array.from({ length: document.pageCount }, (_, index) => withPage(document, index, (page) => extractPageWords(document.pdfium, page)));
    const words = pages.flat().map((word) => foldText(word.text));
    return { words: new Set(words), text: words.join(''), pairs: new Set(words.slice(1).map((word, index) => `${words[index]}${word}`)) };
  } finally {
    document.close();
  }
}

/** What an answer claims is printed but is not: words of names, descriptions and metadata, line and recap totals. */
export function unprinted(answer: SorAnswer, printed: Printed): string[] {
  const { documentMetadata, constructionSections, recapSummary } = answer.extractedData;
  const texts = [
    ...Object.values(documentMetadata).filter((value): value is string => typeof value === 'string' && !/^\d{4}-\d\d-\d\d$/.test(value)),
    ...Object.values(documentMetadata.contractorInfo).filter((value): value is string => value !== null),
    ...constructionSections.flatMap((section) => [section.sectionName, ...section.lineItems.map((item) => item.description)]),
  ];
  const words = texts.flatMap((text) => text.split(/\s+/)).map(foldText).filter(Boolean);
  const amounts = [...constructionSections.flatMap((section) => section.lineItems.map((item) => item.totalCost)), recapSummary.grandTotal];
  // Whole-dollar amounts may be printed without cents ("$12,450"), or the cents in a cell of their own (g36); folding drops a credit's sign or parentheses.
  const amountPrinted = (amount: number) => {
    const value = Math.abs(cents(amount));
    return printed.words.has(String(value)) || printed.pairs.has(String(value)) || (value % 100 === 0 && printed.words.has(String(value / 100)));
  };
  return [...words.filter((word) => !printed.text.includes(word)), ...amounts.filter((amount) => !amountPrinted(amount)).map((amount) => String(cents(amount)))];
}

/** The words of each page of a PDF. */
export async function pageWords(bytes: Uint8Array): Promise<Word[][]> {
  const document = openDocument(await loadPdfium(), bytes);
  try {
    return Array.from({ length: document.pageCount }, (_, index) => withPage(document, index, (page) => extractPageWords(document.pdfium, page)));
  } finally {
    document.close();
  }
}

/**
 * Words in text lines from top to bottom, each line from left to right (words whose middles lie within 4 pt of each
 * other's share a line); a minus sign PDFium reads as a word of its own is joined to the amount it touches.
 */
export function wordLines(words: Word[]): Word[][] {
  const middle = (word: Word) => (word.bbox[1] + word.bbox[3]) / 2;
  const lines: Word[][] = [];
  for (const word of [...words].sort((a, b) => middle(a) - middle(b))) {
    const line = lines.at(-1);
    if (line && Math.abs(middle(line[0]) - middle(word)) < 4 / 792) line.push(word);
    else lines.push([word]);
  }
  return lines.map((line) =>
    line
      .sort((a, b) => a.bbox[0] - b.bbox[0])
      .reduce<Word[]>((joined, word) => {
        const last = joined.at(-1);
        if (last?.text === '-' && (word.bbox[0] - last.bbox[2]) * 612 < 3) joined[joined.length - 1] = { ...word, text: `-${word.text}` };
        else joined.push(word);
        return joined;
      }, []),
  );
}

/** The text lines of a PDF in reading order, each as its words from left to right. */
export async function printedLines(bytes: Uint8Array): Promise<string[][]> {
  return (await pageWords(bytes)).flatMap((words) => wordLines(words).map((line) => line.map((word) => word.text)));
}

/** Words in lines from top to bottom, each from left to right: words whose middles lie within `points` of the line's first word share it. */
export function wordRows(words: Word[], points: number): Word[][] {
  const middle = (word: Word) => (word.bbox[1] + word.bbox[3]) / 2;
  const lines: Word[][] = [];
  for (const word of [...words].sort((a, b) => middle(a) - middle(b))) {
    const line = lines.at(-1);
    if (line && Math.abs(middle(line[0]) - middle(word)) < points / 792) line.push(word);
    else lines.push([word]);
  }
  return lines.map((line) => line.sort((a, b) => a.bbox[0] - b.bbox[0]));
}

/**
 * Text lines of one page with words up to 6 pt apart, joined with spaces: hand-written entries sit a little off their
 * rule, and a leader's dots or a word with descenders sit lower than the 4 pt `wordLines` allows.
 */
export const looseLines = (words: Word[]): string[] => wordRows(words, 6).map((line) => line.map((word) => word.text).join(' '));

/** The text lines of a PDF in reading order, each joined with spaces. */
export const joinedLines = async (bytes: Uint8Array): Promise<string[]> => (await printedLines(bytes)).map((line) => line.join(' '));

type AnswerSection = SorAnswer['extractedData']['constructionSections'][number];

export const itemsOf = (answer: SorAnswer) => answer.extractedData.constructionSections.flatMap((section) => section.lineItems);
export const recapLines = (answer: SorAnswer, which: 'Before' | 'After') => answer.otherValuesOnDocument[`recapLines${which}GrandTotal`] as Array<{ label: string; amount: number }>;
/** Cents as "1,234.50". */
export const dollars = (value: number): string => (value / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
export const sectionSum = (section: AnswerSection, field: 'materialCost' | 'laborCost' | 'totalCost' = 'totalCost'): number =>
  section.lineItems.reduce((total, item) => total + cents(item[field]), 0);
/** Letters and digits only, lower case: the text layer splits words at apostrophes and hyphens. */
export const folded = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]/g, '');
export const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
