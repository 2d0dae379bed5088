import type { DocumentModel } from '../contracts/document.js';
import type { Logger } from '../contracts/logger.js';
import type { RegistryEntry } from '../contracts/registry.js';
import { UNKNOWN_TYPE, type AlternativeType, type Classification } from '../contracts/results.js';
import type { Classifier } from '../contracts/services.js';
import type { PluginDetector } from '../contracts/plugin.js';
import { isLinearArtifact, LinearDetector } from './linear-model.js';
import { RegistryScorer, scoringDocument, type ScoringDocument } from './registry-scorer.js';
import { documentLines, tokenizeLines } from './tokens.js';

/** Alternatives below this confidence are noise and are left out. */
const MIN_ALTERNATIVE_CONFIDENCE = 0.01;

export const REGISTRY_SCORER_VERSION = 'registry-scorer/1';

/** Where trained detectors come from: the plugin registry, or (in training and evaluation) a plain map. */
export interface DetectorSource {
  plugin(typeCode: string): { detector: PluginDetector } | undefined;
}

interface Scored {
  entry: RegistryEntry;
  confidence: number;
}

/**
 * The local engine: each installed plugin's trained detector scores its own type, the registry
 * scorer scores every type without one; the best calibrated score wins if it reaches its
 * entry's threshold, otherwise the document is `unknown`.
 */
export class LocalClassifier implements Classifier {
  readonly name = 'local';
  readonly #registry: DetectorSource;
  readonly #logger: Logger;
  readonly #scorer = new RegistryScorer();
  readonly #detectors = new Map<string, LinearDetector | null>();

  constructor(deps: { pluginRegistry: DetectorSource; logger: Logger }) {
    this.#registry = deps.pluginRegistry;
    this.#logger = deps.logger;
  }

  async classify(document: DocumentModel, entries: RegistryEntry[]): Promise<Classification> {
    return this.classifyLines(documentLines(document), entries);
  }

  /** The same decision from plain text lines (what training and evaluation use). */
  classifyLines(lines: string[], entries: RegistryEntry[]): Classification {
    const prepared = scoringDocument(tokenizeLines(lines));
    const modelVersions: Record<string, string> = {};
    const scored = entries
      .map((entry) => ({ entry, confidence: round(this.#score(prepared, entry, modelVersions)) }))
      .sort((a, b) => b.confidence - a.confidence || a.entry.typeCode.localeCompare(b.entry.typeCode));
    return decide(scored, modelVersions);
  }

  #score(document: ScoringDocument, entry: RegistryEntry, versions: Record<string, string>): number {
    const detector = this.#detector(entry.typeCode);
    if (detector) {
      versions[entry.typeCode] = detector.version;
      return detector.probability(document.vector);
    }
    versions[entry.typeCode] = REGISTRY_SCORER_VERSION;
    return this.#scorer.score(document, entry);
  }

  #detector(typeCode: string): LinearDetector | null {
    if (this.#detectors.has(typeCode)) return this.#detectors.get(typeCode)!;
    const artifact = this.#registry.plugin(typeCode)?.detector.artifact ?? null;
    let detector: LinearDetector | null = null;
    if (isLinearArtifact(artifact) && artifact.typeCode === typeCode) detector = new LinearDetector(artifact);
    else if (artifact) {
      this.#logger.warn({ typeCode, format: artifact.format }, 'detector artifact not usable by this core; using the registry scorer');
    }
    this.#detectors.set(typeCode, detector);
    return detector;
  }
}

function decide(scored: Scored[], modelVersions: Record<string, string>): Classification {
  const best = scored[0];
  if (!best) {
    return { documentType: UNKNOWN_TYPE, confidence: 0, bestTypeCode: null, alternativeTypes: [], classifier: 'local', modelVersions };
  }
  const alternativeTypes: AlternativeType[] = scored
    .slice(1)
    .filter((candidate) => candidate.confidence >= MIN_ALTERNATIVE_CONFIDENCE)
    .map(({ entry, confidence }) => ({ typeCode: entry.typeCode, displayName: entry.displayName, confidence }));
  return {
    documentType: best.confidence >= best.entry.confidenceThreshold ? best.entry.typeCode : UNKNOWN_TYPE,
    confidence: best.confidence,
    bestTypeCode: best.entry.typeCode,
    alternativeTypes,
    classifier: 'local',
    modelVersions,
  };
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
