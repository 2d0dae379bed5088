import { expect } from 'chai';
import type { Logger } from '../../../core/src/contracts/logger.js';
import type { OcrEngine } from '../../../core/src/document/ocr/pool.js';
import { isDocsiftError, type EngineErrorCode } from '../../../core/src/contracts/errors.js';

export const silentLogger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  child: () => silentLogger,
};

/** Asserts that `action` rejects with a DocsiftError of `code`, and returns the error. */
export async function expectDocsiftError(action: () => unknown, code: EngineErrorCode): Promise<Error> {
  let caught: unknown;
  try {
    await action();
  } catch (error) {
    caught = error;
  }
  expect(isDocsiftError(caught), `expected a DocsiftError ${code}, got ${String(caught)}`).to.equal(true);
  expect((caught as { code: string }).code).to.equal(code);
  return caught as Error;
}

/** An OCR engine that sees nothing and counts its calls: for tests about everything but OCR. */
export class BlindOcr implements OcrEngine {
  calls = 0;
  async recognize(): Promise<[]> {
    this.calls += 1;
    return [];
  }
  async close(): Promise<void> {}
}
