import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { DetectorArtifact, PluginDetector, TrainingExample } from '@docsift/core';

/** `model/` and `training/` sit beside `src/` and `dist/`, so the same relative URL works from both. */
const MODEL_FILE = new URL('../model/detector.json', import.meta.url);
const TRAINING_DIR = new URL('../training/', import.meta.url);

let cached: DetectorArtifact | null | undefined;

function loadArtifact(): DetectorArtifact | null {
  if (cached === undefined) {
    cached = existsSync(MODEL_FILE) ? (JSON.parse(readFileSync(MODEL_FILE, 'utf8')) as DetectorArtifact) : null;
  }
  return cached;
}

/** Positive examples: every `.txt` file in `training/`, one document each. */
async function trainingExamples(): Promise<TrainingExample[]> {
  const dir = fileURLToPath(TRAINING_DIR);
  if (!existsSync(dir)) return [];
  const names = (await readdir(dir)).filter((name) => name.endsWith('.txt')).sort();
  return Promise.all(names.map(async (name) => ({ id: `sor/${name}`, text: await readFile(new URL(name, TRAINING_DIR), 'utf8') })));
}

/** Statement-of-repair detector: a linear model over hashed n-grams, trained by `npm run train`. */
export const detector: PluginDetector = {
  get artifact() {
    return loadArtifact();
  },
  trainingExamples,
};
