import type { DocumentModel, Page } from '../contracts/document.js';

/** The page's lines joined by newlines, in reading order. */
export function pageText(page: Page): string {
  return page.lines.map((line) => line.text).join('\n');
}

/** All lines of the document in reading order; pages separated by a form feed line. */
export function documentText(document: DocumentModel, pageSeparator = '\n\f\n'): string {
  return document.pages.map(pageText).join(pageSeparator);
}
