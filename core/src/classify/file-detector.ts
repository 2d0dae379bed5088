import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { DetectorArtifact, PluginDetector, TrainingExample } from '../contracts/plugin.js';

export interface FileDetectorOptions {
  typeCode: string;
  /** The artifact `npm run train` writes (read once, on first use; absent before the first training). */
  modelFile: URL;
  /** A folder of `.txt` files, one positive example each. */
  trainingDir: URL;
}

/** A plugin detector whose model and training examples live in files beside the plugin's code. */
export function detectorFromFiles(options: FileDetectorOptions): PluginDetector {
  let cached: DetectorArtifact | null | undefined;
  return {
    get artifact() {
      cached ??= existsSync(options.modelFile) ? (JSON.parse(readFileSync(options.modelFile, 'utf8')) as DetectorArtifact) : null;
      return cached;
    },
    async trainingExamples(): Promise<TrainingExample[]> {
      const dir = fileURLToPath(options.trainingDir);
      if (!existsSync(dir)) return [];
      const names = (await readdir(dir)).filter((name) => name.endsWith('.txt')).sort();
      return Promise.all(
        names.map(async (name) => ({ id: `${options.typeCode}/${name}`, text: await readFile(new URL(name, options.trainingDir), 'utf8') })),
      );
    },
  };
}
