import type { FieldDetails, Word } from '@docsift/core';
import { wordsBox } from '@docsift/core/layout';

/** Collects a `fieldDetails` entry per extracted value, keyed by its path in the data. */
export class ProvenanceRecorder {
  readonly details: FieldDetails = {};

  /**
   * `quality` scales the words' own confidence (1 for a clean read, lower for repaired or derived
   * values); `derivation` says how a value not printed as such was computed from the words.
   */
  record(path: string, page: number, words: Word[], quality = 1, derivation?: string): void {
    if (words.length === 0) return;
    const wordConfidence = words.reduce((sum, word) => sum + word.confidence, 0) / words.length;
    this.details[path] = {
      confidence: Math.round(Math.max(0, Math.min(1, wordConfidence * quality)) * 100) / 100,
      page,
      bbox: wordsBox(words),
      source: words.some((word) => word.source === 'ocr') ? 'ocr' : 'text',
      ...(derivation ? { derivation } : {}),
    };
  }
}
