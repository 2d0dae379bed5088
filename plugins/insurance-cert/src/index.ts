import { definePlugin, PLUGIN_API_VERSION, type DocumentTypePlugin, type Validator } from '@docsift/core';
import { detector } from './detector.js';
import { insuranceCertEntry } from './entry.js';
import { extractor } from './extract/extractor.js';
import { legacyMapping } from './legacy.js';
import { insuranceCertLending } from './lending/evaluator.js';
import { insuranceCertSchema, type InsuranceCertData } from './schema.js';
import { validators } from './validators.js';

export interface InsuranceCertPluginOptions {
  /** Confidence below which a document is not called an ACORD 25 (default 0.80). */
  confidenceThreshold?: number;
  /** Extra validators run after the built-in ones. */
  validators?: Array<Validator<InsuranceCertData>>;
}

export const PLUGIN_VERSION = '0.1.0';

/** The ACORD 25 certificate of liability insurance plugin (`insurance_cert`, legacy `insurance_certificate`). */
export function insuranceCertPlugin(options: InsuranceCertPluginOptions = {}): DocumentTypePlugin<InsuranceCertData> {
  return definePlugin<DocumentTypePlugin<InsuranceCertData>>({
    apiVersion: PLUGIN_API_VERSION,
    kind: 'document-type',
    name: '@docsift/plugin-insurance-cert',
    version: PLUGIN_VERSION,
    entry: { ...insuranceCertEntry, confidenceThreshold: options.confidenceThreshold ?? insuranceCertEntry.confidenceThreshold },
    dataSchema: insuranceCertSchema,
    detector,
    extractor,
    validators: [...validators, ...(options.validators ?? [])],
    legacy: legacyMapping,
    lending: insuranceCertLending,
  });
}

export { insuranceCertSchema, LIMIT_KEYS, COVERAGE_TYPES, type InsuranceCertData, type Coverage, type OtherCoverage, type CoverageType } from './schema.js';
export { FINDING_CODES, validators } from './validators.js';
export { toLegacyCertificate, type LegacyInsuranceCertificate, type LegacyCoverage } from './legacy.js';
export { extractCertificate } from './extract/extractor.js';
export { parseDate, parseMoney } from './parse/values.js';
export { insuranceCertLending } from './lending/evaluator.js';
export { insuranceCertLendingRequirements, type InsuranceCertLendingRequirements } from './lending/requirements.js';
export { LENDING_CHECK_CODES } from './lending/codes.js';

/** The factory DOCSIFT_PLUGINS loads by package name (docs/plugins.md). */
export default insuranceCertPlugin;
