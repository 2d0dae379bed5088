import type { DocumentModel, DocumentReader } from '@docsift/core';
import { silentLogger } from '@docsift/core/testing';
import { createDocumentReader } from '../../core/src/document/index.js';
import { readCorpusFile } from './corpus.js';

// Corpus documents are read (and OCR'd) once per test run and shared by every suite that needs them.
let reader: DocumentReader | null = null;
const documents = new Map<string, Promise<DocumentModel>>();

export function readCorpusDocument(set: 'public' | 'synthetic', file: string): Promise<DocumentModel> {
  reader ??= createDocumentReader({ limits: { maxPages: 500, maxPixels: 100_000_000 }, ocr: { workers: 2 }, logger: silentLogger });
  const key = `${set}/${file}`;
  if (!documents.has(key)) {
    const read = reader.read(readCorpusFile(set, file));
    read.catch(() => documents.delete(key));
    documents.set(key, read);
  }
  return documents.get(key)!.then((document) => structuredClone(document));
}

/** Closes the shared reader's OCR workers; called once by the root hooks after all suites. */
export async function closeCorpusReader(): Promise<void> {
  await reader?.close();
  reader = null;
  documents.clear();
}
