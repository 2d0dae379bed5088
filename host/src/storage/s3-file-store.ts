import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import type { StorageConfig } from '../config/config.js';
import { FileNotFoundError, KEY_PATTERN, ORGANIZATION_PATTERN, PRIVATE_FILE_MODE, PRIVATE_FOLDER, type FileStore } from './file-store.js';

export type S3StorageConfig = Extract<StorageConfig, { kind: 's3' }>;

/** Parts of a multipart upload. A file up to this size goes up in one request; a larger one in parts, two in flight at a time. */
export const PART_SIZE_BYTES = 8 * 1_048_576;
const PARTS_IN_FLIGHT = 2;

type S3Sdk = typeof import('@aws-sdk/client-s3');

/**
 * Files as private objects of an S3-compatible bucket, under the configured prefix, at the same
 * keys as the local store. Uploads arrive on local disk (the HTTP layer streams them there) and
 * stream from there to the bucket; the AWS SDK is loaded on first use, so processes on local
 * storage never load it.
 */
export class S3FileStore implements FileStore {
  readonly #config: S3StorageConfig;
  #sdk: Promise<{ sdk: S3Sdk; client: S3Client }> | undefined;

  constructor(config: S3StorageConfig) {
    this.#config = config;
  }

  async put(localFile: string, { organizationId }: { organizationId: string }): Promise<string> {
    if (!ORGANIZATION_PATTERN.test(organizationId)) throw new Error('Invalid organization id.');
    const key = `${organizationId}/${randomUUID()}`;
    const [{ client }, { Upload }] = await Promise.all([this.#client(), import('@aws-sdk/lib-storage')]);
    const upload = new Upload({
      client,
      params: { Bucket: this.#config.bucket, Key: this.#objectKey(key), Body: createReadStream(localFile), ContentType: 'application/octet-stream' },
      partSize: PART_SIZE_BYTES,
      queueSize: PARTS_IN_FLIGHT,
    });
    await upload.done();
    await fs.rm(localFile, { force: true });
    return key;
  }

  async read(key: string): Promise<Buffer> {
    const body = await this.#get(key);
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  stream(key: string): Readable {
    const out = new PassThrough();
    this.#get(key).then(
      // An error on either side, or the reader going away, ends both.
      (body) => pipeline(body, out).catch(() => undefined),
      (error: Error) => out.destroy(error),
    );
    return out;
  }

  async withLocalFile<T>(key: string, use: (filePath: string) => Promise<T>): Promise<T> {
    await fs.mkdir(this.#config.root, PRIVATE_FOLDER);
    const body = await this.#get(key);
    const copy = path.join(this.#config.root, randomUUID());
    try {
      await pipeline(body, createWriteStream(copy, { mode: PRIVATE_FILE_MODE }));
      return await use(copy);
    } finally {
      await fs.rm(copy, { force: true });
    }
  }

  async delete(key: string): Promise<void> {
    const { sdk, client } = await this.#client();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.#config.bucket, Key: this.#objectKey(key) }));
  }

  async *keysWrittenBefore(moment: Date): AsyncIterable<string> {
    const { sdk, client } = await this.#client();
    let continuationToken: string | undefined;
    do {
      const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: this.#config.bucket, Prefix: this.#config.prefix, ContinuationToken: continuationToken }));
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(this.#config.prefix.length);
        if (key && KEY_PATTERN.test(key) && object.LastModified && object.LastModified < moment) yield key;
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  /** The bucket answers with these credentials. */
  async probe(): Promise<void> {
    const { sdk, client } = await this.#client();
    await client.send(new sdk.HeadBucketCommand({ Bucket: this.#config.bucket }));
  }

  async close(): Promise<void> {
    if (!this.#sdk) return;
    (await this.#sdk).client.destroy();
  }

  #objectKey(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error('Invalid file key.');
    return this.#config.prefix + key;
  }

  async #get(key: string): Promise<Readable> {
    const { sdk, client } = await this.#client();
    try {
      const object = await client.send(new sdk.GetObjectCommand({ Bucket: this.#config.bucket, Key: this.#objectKey(key) }));
      return object.Body as Readable;
    } catch (error) {
      if (error instanceof sdk.NoSuchKey || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) {
        throw new FileNotFoundError(key, { cause: error });
      }
      throw error;
    }
  }

  #client(): Promise<{ sdk: S3Sdk; client: S3Client }> {
    this.#sdk ??= import('@aws-sdk/client-s3').then((sdk) => {
      const { endpoint, region, forcePathStyle, accessKeyId, secretAccessKey } = this.#config;
      const client = new sdk.S3Client({
        region,
        endpoint: endpoint ?? undefined,
        forcePathStyle,
        credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
        // Checksums only where the API requires them: several S3-compatible stores refuse or
        // mangle the SDK's default checksum headers and aws-chunked bodies.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
      return { sdk, client };
    });
    return this.#sdk;
  }
}
