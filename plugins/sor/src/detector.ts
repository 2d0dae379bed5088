import { detectorFromFiles } from '@docsift/core';

/**
 * Statement-of-repair detector: a linear model over hashed n-grams, trained by `npm run train`.
 * `model/` and `training/` sit beside `src/` and `dist/`, so the same relative URLs work from both.
 */
export const detector = detectorFromFiles({
  typeCode: 'sor',
  modelFile: new URL('../model/detector.json', import.meta.url),
  trainingDir: new URL('../training/', import.meta.url),
});
