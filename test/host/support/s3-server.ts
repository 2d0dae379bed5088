import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../../../host/src/storage/s3-file-store.js';

/** s3rver takes any signature but only its own access key id. */
export const S3_ACCESS_KEY_ID = 'S3RVER';
export const S3_SECRET_ACCESS_KEY = 'S3RVER';

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** The host's settings for this server, files under `prefix`. */
  env(prefix?: string): Record<string, string>;
  /** The store's config for this server, files under `prefix`, temporary copies in `root`. */
  storage(root: string, prefix?: string): S3StorageConfig;
  /** A client of its own, to look at the bucket from outside the store. */
  client: S3Client;
  /** The objects written so far: by one request (`ObjectCreated:Put`) or a multipart upload (`ObjectCreated:Post`). */
  created: Array<{ event: string; key: string }>;
  close(): Promise<void>;
}

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  on(name: 'event', listener: (event: { Records: Array<{ eventName: string; s3: { object: { key: string } } }> }) => void): void;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

/**
 * An S3-protocol server (s3rver, files in a temporary folder) on a free loopback port, with one
 * bucket; null, with the reason on stderr, when it cannot start here.
 */
export async function startS3Server(): Promise<S3TestServer | null> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-s3rver-'));
  const bucket = 'docsift-test';
  let server: S3rverInstance;
  let address: AddressInfo;
  const created: Array<{ event: string; key: string }> = [];
  try {
    const { default: S3rver } = (await import('s3rver')) as { default: S3rverClass };
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
    address = await server.run();
    server.on('event', ({ Records: [record] }) => {
      if (record!.eventName.startsWith('ObjectCreated:')) created.push({ event: record!.eventName, key: record!.s3.object.key });
    });
  } catch (error) {
    fs.rmSync(directory, { recursive: true, force: true });
    process.stderr.write(`  NOTICE: the S3 test server (s3rver) could not start (${(error as Error).message}); the S3 storage tests are skipped.\n`);
    return null;
  }
  const endpoint = `http://127.0.0.1:${address.port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    endpoint,
    bucket,
    client,
    created,
    env: (prefix = '') => ({
      DOCSIFT_STORAGE_URL: `s3://${bucket}/${prefix}`,
      DOCSIFT_S3_ENDPOINT: endpoint,
      DOCSIFT_S3_FORCE_PATH_STYLE: 'true',
      DOCSIFT_S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID,
      DOCSIFT_S3_SECRET_ACCESS_KEY: S3_SECRET_ACCESS_KEY,
    }),
    storage: (root, prefix = '') => ({
      kind: 's3',
      root,
      bucket,
      prefix: prefix ? `${prefix.replace(/\/+$/, '')}/` : '',
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      accessKeyId: S3_ACCESS_KEY_ID,
      secretAccessKey: S3_SECRET_ACCESS_KEY,
    }),
    close: async () => {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
