export { LocalClassifier, REGISTRY_SCORER_VERSION, type DetectorSource } from './local-classifier.js';
export { LinearDetector, isLinearArtifact, LINEAR_FORMAT, type LinearArtifact } from './linear-model.js';
export { RegistryScorer, scoringDocument, cosine, type ScoringDocument } from './registry-scorer.js';
export { featurize, hashString, DEFAULT_FEATURE_SPEC, type FeatureSpec, type SparseVector } from './features.js';
export { applyPlatt, fitPlatt, type PlattParameters } from './calibration.js';
export { tokenizeLine, tokenizeLines, tokenizeText, documentLines, TOKENIZER_VERSION } from './tokens.js';
