import type { DocumentModel } from '../contracts/document.js';
import { documentText } from '../document/text.js';

/** Marks the place where a long document was cut for the prompt. */
export const TRUNCATION_MARK = '\n[… text truncated …]';

/** The document's lines in reading order, pages separated by a form-feed line, cut at `maxChars`. */
export function promptText(document: DocumentModel, maxChars: number): string {
  const text = documentText(document);
  return text.length > maxChars ? text.slice(0, maxChars) + TRUNCATION_MARK : text;
}
