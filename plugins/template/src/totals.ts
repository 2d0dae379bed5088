import type { FieldDetail, Word } from '@docsift/core';
import { parseAmount, parsePercent, wordsBox, type DocumentLayout, type FieldConcept } from '@docsift/core/layout';

/**
 * The document's total, the total before tax and the tax read together: of the amounts their labels
 * point at, the combination where net + tax = total wins (an invoice's own arithmetic tells "Net
 * total 496.00" from the amount due); where tax is printed per rate only, the rates' amounts add up
 * to the tax.
 */

export interface AmountCandidate {
  value: number;
  detail: FieldDetail;
  words: Word[];
}

export type TotalsRole = 'total' | 'net' | 'tax';

export const TOTALS_ROLES: Partial<Record<FieldConcept, TotalsRole>> = { total: 'total', grandTotal: 'total', netTotal: 'net', taxAmount: 'tax' };

/** Confidence added to each of three amounts that add up. */
const AGREEMENT_BONUS = 0.25;
/** Candidates of each role weighed against each other. */
const CONSIDERED = 5;
const near = (a: number, b: number): boolean => Math.abs(a - b) <= 0.011;

/** Each role's chosen candidate (null where none fits) after the arithmetic check. */
export function reconcileTotals(candidates: Partial<Record<TotalsRole, AmountCandidate[]>>): Partial<Record<TotalsRole, AmountCandidate | null>> {
  const options = (role: TotalsRole): Array<AmountCandidate | null> => [...(candidates[role] ?? []).slice(0, CONSIDERED), null];
  let best: { score: number; pick: Partial<Record<TotalsRole, AmountCandidate | null>> } | null = null;
  for (const total of options('total')) {
    for (const net of options('net')) {
      for (const tax of options('tax')) {
        const picked = [total, net, tax].filter((candidate): candidate is AmountCandidate => candidate !== null);
        if (new Set(picked.map((candidate) => candidate.words[0])).size < picked.length) continue;
        let score = picked.reduce((sum, candidate) => sum + candidate.detail.confidence, 0);
        const adds = total && net && tax && near(net.value + tax.value, total.value);
        if (adds) score += 3 * AGREEMENT_BONUS;
        // A total equal to the net with tax charged is the net printed again, not the total.
        if (total && net && tax && tax.value > 0 && near(total.value, net.value)) score -= 1;
        if (!best || score > best.score) best = { score, pick: { total, net, tax } };
      }
    }
  }
  if (!best) return {};
  const { total, net } = best.pick;
  // A tax as large as the total is some other amount of the page (a rate, a tax id's digits): left unread.
  const tax = best.pick.tax && total && total.value > 0 && best.pick.tax.value >= total.value ? null : best.pick.tax;
  const agreed = total && net && tax && near(net.value + tax.value, total.value);
  const boost = (candidate: AmountCandidate | null | undefined): AmountCandidate | null =>
    candidate && agreed ? { ...candidate, detail: { ...candidate.detail, confidence: Math.min(1, Math.round((candidate.detail.confidence + AGREEMENT_BONUS) * 1000) / 1000) } } : (candidate ?? null);
  return { total: boost(total), net: boost(net), tax: boost(tax) };
}

/** Confidence of an amount read from a table's totals row by its column (Netto | Steuer | Brutto). */
const TOTALS_ROW_CONFIDENCE = 0.85;

/**
 * Amounts of the totals rows that end tables, by the role of the column each stands under: in a tax
 * summary (a table with tax or gross columns) the net, the tax and the gross total; under an items
 * table's amount column, the total.
 */
export function tableTotals(reading: DocumentLayout): Partial<Record<TotalsRole, AmountCandidate[]>> {
  const found: Partial<Record<TotalsRole, AmountCandidate[]>> = {};
  for (const table of reading.tables) {
    const totals = table.totals;
    if (!totals) continue;
    const roles = new Set(totals.columns.map((column) => column.role));
    const summary = roles.has('taxAmount') || roles.has('grossAmount');
    totals.columns.forEach((column, index) => {
      const role: TotalsRole | null =
        column.role === 'grossAmount' ? 'total' : column.role === 'taxAmount' ? 'tax' : column.role === 'amount' ? (summary ? 'net' : 'total') : null;
      const words = totals.cells[index].filter((word) => parseAmount(word.text, reading.conventions.format) !== null);
      const amount = words.length === 1 ? parseAmount(words[0].text, reading.conventions.format) : null;
      if (!role || !amount) return;
      const detail: FieldDetail = { confidence: TOTALS_ROW_CONFIDENCE, page: totals.page, bbox: wordsBox(words), source: words[0].source === 'ocr' ? 'ocr' : 'text' };
      (found[role] ??= []).push({ value: amount.value, words, detail });
    });
  }
  return found;
}

/** Tax lines more rows apart than this are not one run of rates. */
const RUN_GAP = 2;

/**
 * The tax printed per rate only ("IVA 21%: 103.201,45", "IVA 10,5%: 0,00"): the sum of the amounts
 * of consecutive tax lines that name a rate, outside the tables; null for fewer than two such lines.
 */
export function taxRatesSum(reading: DocumentLayout): AmountCandidate | null {
  const lines = reading.labels
    .filter((span) => span.value === 'taxAmount' || span.values.includes('taxAmount'))
    .filter((span) => !reading.tableRows.has(span.row) && span.row.words.some((word) => parsePercent(word.text, reading.conventions.format) !== null || /%/.test(word.text)))
    .sort((a, b) => a.row.index - b.row.index);
  const amounts: Array<{ row: number; value: number; word: Word; page: number }> = [];
  for (const span of lines) {
    const after = span.row.words.slice(span.end).filter((word) => !/%/.test(word.text));
    const word = after[after.length - 1];
    const amount = word ? parseAmount(word.text, reading.conventions.format) : null;
    if (amount && (amount.moneyLike || amount.decimals > 0) && !amounts.some((entry) => entry.row === span.row.index)) amounts.push({ row: span.row.index, value: amount.value, word, page: span.row.page });
  }
  const run = amounts.filter((entry, index) => index === 0 || entry.row - amounts[index - 1].row <= RUN_GAP);
  if (run.length < 2) return null;
  const words = run.map((entry) => entry.word);
  return {
    value: Math.round(run.reduce((sum, entry) => sum + entry.value, 0) * 100) / 100,
    words,
    detail: { confidence: 0.6, page: run[0].page, bbox: wordsBox(words), source: words.some((word) => word.source === 'ocr') ? 'ocr' : 'text', derivation: 'sum of the tax lines per rate' },
  };
}
