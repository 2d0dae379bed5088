import type { Word } from '@docsift/core';
import { findDate, isDocumentTitle, type DocumentLayout } from '@docsift/core/layout';
import { documentCurrency } from './currency.js';
import type { Reading } from './values.js';

/**
 * Values found by their role on the page where no label names them: the currency the code or sign
 * beside the amounts; the number the identifier after the document's title ("Rechnung
 * R0005532486"); the issue date the first date of the first page. The issuer and the addressee
 * come from the layout layer (`findIssuer`, `findAddressee`).
 */

export interface RoleReading extends Reading {
  page: number;
  confidence: number;
}

/** The identifier printed right after the document's title ("Rechnung R0005532486", "Invoice # RE-2020/508", "Rechnung Nr. 42"). */
export function findTitledNumber(reading: DocumentLayout): RoleReading | null {
  for (const row of reading.rows) {
    if (reading.tableRows.has(row)) continue;
    const index = row.words.findIndex(isDocumentTitle);
    if (index < 0) continue;
    const rest = row.words.slice(index + 1, index + 4).filter((word) => !/^(no\.?|nr\.?|n[°º]\.?|#|:|number|nummer|numero|número|núm\.?)$/i.test(word.text));
    const candidate = rest[0];
    if (!candidate || !/\d/.test(candidate.text) || findDate([candidate.text]) !== null) continue;
    return { value: candidate.text.replace(/^[#:]+|[.,;:]+$/g, ''), quality: 1, words: [candidate], page: row.page, confidence: 0.7 };
  }
  return null;
}

/** The first date of the first page outside the tables, where no label names the issue date. */
export function findFirstDate(reading: DocumentLayout, exclude: ReadonlySet<Word>): RoleReading | null {
  const firstPage = reading.rows[0]?.page ?? 1;
  for (const row of reading.rows.filter((candidate) => candidate.page === firstPage && !reading.tableRows.has(candidate))) {
    const words = row.words.filter((word) => !exclude.has(word));
    const found = findDate(
      words.map((word) => word.text),
      reading.conventions.dateOrder,
    );
    if (found) return { value: found.value, quality: 1, words: words.slice(found.start, found.end), page: row.page, confidence: 0.65 };
  }
  return null;
}

export function findCurrency(reading: DocumentLayout): RoleReading | null {
  const found = documentCurrency(reading.rows);
  if (!found) return null;
  const row = reading.rows.find((candidate) => candidate.words.includes(found.words[0]));
  return { value: found.code, quality: 1, words: found.words, page: row?.page ?? 1, confidence: found.quality };
}
