import type { DocumentModel } from '../contracts/document.js';

/** Marks the place where a long document was cut for the prompt. */
export const TRUNCATION_MARK = '\n[… text truncated …]';

/** The document's lines in reading order, pages separated by a form-feed line, cut at `maxChars`. */
export function promptText(document: DocumentModel, maxChars: number): string {
  const text = document.pages.map((page) => page.lines.map((line) => line.text).join('\n')).join('\n\f\n');
  return text.length > maxChars ? text.slice(0, maxChars) + TRUNCATION_MARK : text;
}
