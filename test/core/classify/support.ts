import type { DocumentModel, FormField, Line, Word } from '../../../core/src/contracts/document.js';
import type { RegistryEntry } from '../../../core/src/contracts/registry.js';
import type { DetectorSource } from '../../../core/src/classify/index.js';
import { detector as sorDetector } from '../../../plugins/sor/src/detector.js';
import { detector as insuranceCertDetector } from '../../../plugins/insurance-cert/src/detector.js';

/** A one-page (or multi-page, split on form feeds) DocumentModel whose lines are the text's lines. */
export function documentFromText(text: string, options: { source?: 'text' | 'ocr'; formFields?: FormField[] } = {}): DocumentModel {
  const source = options.source ?? 'text';
  const pages = text.split('\f').map((pageText, index) => {
    const rows = pageText.split('\n');
    const lines: Line[] = rows
      .map((row, y) => {
        const words: Word[] = row
          .split(/\s+/)
          .filter(Boolean)
          .map((word, x) => ({ text: word, bbox: [x * 0.05, y / rows.length, x * 0.05 + 0.04, (y + 0.8) / rows.length], source, confidence: 1 }));
        return { text: words.map((word) => word.text).join(' '), bbox: [0, y / rows.length, 1, (y + 0.8) / rows.length] as Line['bbox'], words };
      })
      .filter((line) => line.words.length > 0);
    return { number: index + 1, width: 612, height: 792, rotation: 0, deskewAngle: 0, source, words: lines.flatMap((line) => line.words), lines };
  });
  return { format: 'pdf', pageCount: pages.length, pages, formFields: options.formFields ?? [], encrypted: false };
}

export function entry(typeCode: string, overrides: Partial<RegistryEntry> = {}): RegistryEntry {
  return {
    typeCode,
    displayName: typeCode,
    description: typeCode,
    confidenceThreshold: 0.8,
    extractionSupported: true,
    legacyTypeCodes: [],
    fields: [],
    keywords: [],
    examples: [],
    ...overrides,
  };
}

/** The built-in types as their plugins register them (thresholds from issue 2). */
export const BUILT_IN_ENTRIES: RegistryEntry[] = [
  entry('sor', { displayName: 'Statement of Repair', confidenceThreshold: 0.85 }),
  entry('insurance_cert', { displayName: 'Certificate of Liability Insurance', confidenceThreshold: 0.8 }),
];

/** Detectors of the two bundled plugins, looked up as the plugin registry would. */
export const BUILT_IN_DETECTORS: DetectorSource = {
  plugin: (typeCode) =>
    typeCode === 'sor' ? { detector: sorDetector } : typeCode === 'insurance_cert' ? { detector: insuranceCertDetector } : undefined,
};

export const silentLogger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
  child: () => silentLogger,
};
