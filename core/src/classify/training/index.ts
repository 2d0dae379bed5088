export { buildSamples, heldOutScores, trainDetector, trainingDataHash, DEFAULT_TRAINING_CONFIG, type LabelledText, type Sample, type TrainingConfig } from './train-detector.js';
export { expandTemplate, makeVariant, ocrNoise, relayout } from './expand.js';
export { trainLogistic, type LogisticModel, type LogisticOptions } from './logistic.js';
export { seededRandom, shuffled, type Random } from './rng.js';
