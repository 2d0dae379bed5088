export { AiProviderError, isAiProviderError, type AiProviderErrorCode } from './errors.js';
export { createAiProvider, type AiProvider, type AiProviderDependencies, type AiProviderOptions } from './provider.js';
export { LlmClassifier } from './llm-classifier.js';
export { LlmExtractor, DEFAULT_MODEL_CONFIDENCE, UNLOCATED_FACTOR, type SchemaLookup } from './llm-extractor.js';
export { schemaFromFields } from './field-schema.js';
export { ASSISTED_CONFIDENCE_CAP } from './assist-merge.js';
export { DocumentReviewer, MAX_FINDINGS_PER_PART, MODEL_REVIEW_CODES, type ModelFinding, type ReviewPart, type ReviewRequest } from './document-reviewer.js';
