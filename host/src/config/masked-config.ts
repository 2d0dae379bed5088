import type { Config } from './config.js';

const SECRET = '••••';

function maskUrl(url: string | null): string | null {
  if (!url) return url;
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = SECRET;
    return parsed.toString();
  } catch {
    return SECRET;
  }
}

/** The effective config with secrets (passwords in URLs, API keys, the webhook secret key, the S3 secret access key) masked, for `docsift config`. */
export function maskConfig(config: Config): Config {
  const database = config.database.kind === 'mysql' ? { ...config.database, url: maskUrl(config.database.url)! } : config.database;
  return {
    ...config,
    database,
    queueUrl: maskUrl(config.queueUrl),
    queue: { ...config.queue, wakeUrl: maskUrl(config.queue.wakeUrl) },
    rateLimits: { ...config.rateLimits, storeUrl: maskUrl(config.rateLimits.storeUrl) },
    storage: config.storage.kind === 's3' && config.storage.secretAccessKey ? { ...config.storage, secretAccessKey: SECRET } : config.storage,
    webhooks: { ...config.webhooks, secretKey: config.webhooks.secretKey ? SECRET : null },
    metrics: { ...config.metrics, token: config.metrics.token ? SECRET : null },
    ai: config.ai ? { ...config.ai, apiKey: config.ai.apiKey ? SECRET : undefined } : null,
  };
}
