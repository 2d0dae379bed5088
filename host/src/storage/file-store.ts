import { randomUUID } from 'node:crypto';
import { constants as fsConstants, createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded files live. Keys are opaque, generated here, never taken from a file name. */
export interface FileStore {
  /**
   * Moves a finished upload (a file on local disk) into the store; returns its key. An upload
   * written in the folder `uploadFolder` gave is taken where it is.
   */
  put(localFile: string, hint: { organizationId: string }): Promise<string>;
  /** A local folder where an upload for the organization may be written so that `put` takes it without moving it (none: a temporary folder). */
  uploadFolder?(organizationId: string): Promise<string>;
  /** The file's bytes; a key with no file rejects with an error whose `code` is 'ENOENT'. */
  read(key: string): Promise<Buffer>;
  /** The file's bytes as they come; a key with no file fails the stream with an error whose `code` is 'ENOENT'. */
  stream(key: string): Readable;
  /**
   * Runs `use` with a path on local disk holding the file, for engines that read files directly:
   * the local store's own file, or a temporary copy removed once `use` settles.
   */
  withLocalFile<T>(key: string, use: (filePath: string) => Promise<T>): Promise<T>;
  /** Removes the file; a key with no file is no error. */
  delete(key: string): Promise<void>;
  /** Keys of the files last written before `moment`, in no particular order: what the orphan sweep checks against the jobs. */
  keysWrittenBefore(moment: Date): AsyncIterable<string>;
  /** Rejects when the store cannot be reached (readiness). */
  probe(): Promise<void>;
  /** Releases the store's connections, if it holds any. */
  close?(): Promise<void>;
}

/** A key an object store holds no file for (a purge or a delete came first); `code` as the file system's. */
export class FileNotFoundError extends Error {
  override readonly name = 'FileNotFoundError';
  readonly code = 'ENOENT';

  constructor(key: string, options?: { cause?: unknown }) {
    super(`No stored file for key ${key}.`, options);
  }
}

/** Stored documents are the customers' data: folders and files readable by the service's own user only. */
export const PRIVATE_FOLDER = { recursive: true, mode: 0o700 } as const;
export const PRIVATE_FILE_MODE = 0o600;

/** Keys are `<organization id>/<random UUID>`, for every store. */
export const KEY_PATTERN = /^[0-9a-f-]{36}\/[0-9a-f-]{36}$/;
export const ORGANIZATION_PATTERN = /^[0-9a-f-]{36}$/;

/** Files on local disk under one root directory, one folder per organization. */
export class LocalFileStore implements FileStore {
  readonly #root: string;
  /** Organization folders known to exist: one mkdir per folder and process, not one per upload. */
  readonly #folders = new Set<string>();

  constructor({ root }: { root: string }) {
    this.#root = path.resolve(root);
  }

  async put(localFile: string, { organizationId }: { organizationId: string }): Promise<string> {
    const inPlace = `${organizationId}/${path.basename(localFile)}`;
    if (KEY_PATTERN.test(inPlace) && path.dirname(localFile) === this.#folderOf(organizationId)) return inPlace;
    const key = `${organizationId}/${randomUUID()}`;
    const target = this.localPath(key);
    const folder = await this.uploadFolder(organizationId);
    try {
      await fs.rename(localFile, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') {
        // The folder went away (a purge): make it again, once.
        await fs.mkdir(folder, PRIVATE_FOLDER);
        await fs.rename(localFile, target);
      } else if (code === 'EXDEV') {
        await fs.copyFile(localFile, target);
        await fs.rm(localFile, { force: true });
      } else throw error;
    }
    // A file written elsewhere keeps the mode it was made with (a move, or a copy of it).
    await fs.chmod(target, PRIVATE_FILE_MODE);
    return key;
  }

  /** The organization's folder (made once per process): an upload written there under a UUID name is stored without a move. */
  async uploadFolder(organizationId: string): Promise<string> {
    const folder = this.#folderOf(organizationId);
    if (!this.#folders.has(folder)) {
      await fs.mkdir(folder, PRIVATE_FOLDER);
      this.#folders.add(folder);
    }
    return folder;
  }

  #folderOf(organizationId: string): string {
    if (!ORGANIZATION_PATTERN.test(organizationId)) throw new Error('Invalid organization id.');
    return path.join(this.#root, organizationId);
  }

  read(key: string): Promise<Buffer> {
    return fs.readFile(this.localPath(key));
  }

  stream(key: string): Readable {
    return createReadStream(this.localPath(key));
  }

  withLocalFile<T>(key: string, use: (filePath: string) => Promise<T>): Promise<T> {
    return use(this.localPath(key));
  }

  localPath(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error('Invalid file key.');
    return path.join(this.#root, key);
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.localPath(key), { force: true });
  }

  async *keysWrittenBefore(moment: Date): AsyncIterable<string> {
    for (const organizationId of await folderEntries(this.#root)) {
      if (!ORGANIZATION_PATTERN.test(organizationId)) continue;
      for (const name of await folderEntries(path.join(this.#root, organizationId))) {
        const key = `${organizationId}/${name}`;
        if (!KEY_PATTERN.test(key)) continue;
        const stat = await fs.stat(this.localPath(key)).catch(() => null);
        if (stat?.isFile() && stat.mtime < moment) yield key;
      }
    }
  }

  /** The root exists (made as the store would make it) and this process may write there. */
  async probe(): Promise<void> {
    await fs.mkdir(this.#root, PRIVATE_FOLDER);
    await fs.access(this.#root, fsConstants.R_OK | fsConstants.W_OK);
  }
}

/** The names in a folder; none when it does not exist (yet, or any more). */
async function folderEntries(folder: string): Promise<string[]> {
  try {
    return await fs.readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
