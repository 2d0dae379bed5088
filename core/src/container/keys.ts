/** Registration names in the docsift container. Use these constants, never string literals. */
export const KEYS = {
  options: 'docsiftOptions',
  logger: 'logger',
  clock: 'clock',
  pluginRegistry: 'pluginRegistry',
  documentReader: 'documentReader',
  localClassifier: 'localClassifier',
  aiClassifier: 'aiClassifier',
  aiExtractor: 'aiExtractor',
  aiAssistant: 'aiAssistant',
  pipeline: 'pipeline',
  packetSplitter: 'packetSplitter',
  packetProcessor: 'packetProcessor',
  mappers: 'mappers',
  webhookTransport: 'webhookTransport',
} as const;
