import path from 'node:path';
import { ConfigError } from './config-error.js';

/**
 * Where stored files live: a local folder, or a bucket of an S3-compatible store. `root` is a local
 * folder either way; with S3 it holds only the temporary copies of files engines read from disk.
 */
export type StorageConfig =
  | { kind: 'local'; root: string }
  | {
      kind: 's3';
      root: string;
      bucket: string;
      /** Put before every key: empty, or ending with '/'. */
      prefix: string;
      /** null: AWS's own endpoint for the region. */
      endpoint: string | null;
      region: string;
      forcePathStyle: boolean;
      /** null (both): the AWS SDK's default credential chain. */
      accessKeyId: string | null;
      secretAccessKey: string | null;
    };

/** The storage variables as the environment schema parsed them (config.ts). */
export interface StorageSettings {
  DOCSIFT_STORAGE_URL?: string;
  DOCSIFT_S3_ENDPOINT?: string;
  DOCSIFT_S3_REGION?: string;
  DOCSIFT_S3_FORCE_PATH_STYLE?: boolean;
  DOCSIFT_S3_ACCESS_KEY_ID?: string;
  DOCSIFT_S3_SECRET_ACCESS_KEY?: string;
}

const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * `s3://bucket/prefix?endpoint=…&region=…&forcePathStyle=true`, or a file:// folder, or the data
 * directory's; a DOCSIFT_S3_* variable wins over the URL's parameter of the same setting.
 */
export function storageFrom(e: StorageSettings, dataDir: string): StorageConfig {
  const url = e.DOCSIFT_STORAGE_URL;
  if (!url) return { kind: 'local', root: path.join(dataDir, 'files') };
  if (url.startsWith('file://')) return { kind: 'local', root: path.resolve(decodeURIComponent(new URL(url).pathname)) };
  const invalid = (variable: string, message: string) => new ConfigError(`Invalid configuration:\n  ${variable}: ${message}`);
  const parsed = new URL(url);
  const bucket = parsed.hostname;
  if (!BUCKET_NAME.test(bucket)) throw invalid('DOCSIFT_STORAGE_URL', 'must name a bucket (3-63 lowercase letters, digits, dots and hyphens): s3://bucket/prefix');
  const prefix = decodeURIComponent(parsed.pathname).replace(/^\/+|\/+$/g, '');
  const query = parsed.searchParams;
  const endpoint = e.DOCSIFT_S3_ENDPOINT ?? query.get('endpoint');
  if (endpoint && !/^https?:\/\/[^/]/.test(endpoint)) throw invalid('DOCSIFT_STORAGE_URL', 'its endpoint parameter must be an http(s) URL');
  const pathStyle = query.get('forcePathStyle');
  if (pathStyle !== null && !['true', 'false'].includes(pathStyle)) throw invalid('DOCSIFT_STORAGE_URL', 'its forcePathStyle parameter must be true or false');
  if (Boolean(e.DOCSIFT_S3_ACCESS_KEY_ID) !== Boolean(e.DOCSIFT_S3_SECRET_ACCESS_KEY)) {
    throw invalid('DOCSIFT_S3_ACCESS_KEY_ID', 'set it together with DOCSIFT_S3_SECRET_ACCESS_KEY, or neither (the AWS SDK then finds credentials itself)');
  }
  return {
    kind: 's3',
    root: path.join(dataDir, 'tmp', 'storage'),
    bucket,
    prefix: prefix ? `${prefix}/` : '',
    endpoint: endpoint ?? null,
    region: e.DOCSIFT_S3_REGION ?? query.get('region') ?? 'us-east-1',
    forcePathStyle: e.DOCSIFT_S3_FORCE_PATH_STYLE ?? pathStyle === 'true',
    accessKeyId: e.DOCSIFT_S3_ACCESS_KEY_ID ?? null,
    secretAccessKey: e.DOCSIFT_S3_SECRET_ACCESS_KEY ?? null,
  };
}
