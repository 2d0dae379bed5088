import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
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
  read(key: string): Promise<Buffer>;
  stream(key: string): Readable;
  /** A local path for engines that read files directly (local store: the file itself). */
  localPath(key: string): string;
  delete(key: string): Promise<void>;
}

/** Stored documents are the customers' data: folders and files readable by the service's own user only. */
export const PRIVATE_FOLDER = { recursive: true, mode: 0o700 } as const;
export const PRIVATE_FILE_MODE = 0o600;

const KEY_PATTERN = /^[0-9a-f-]{36}\/[0-9a-f-]{36}$/;
const ORGANIZATION_PATTERN = /^[0-9a-f-]{36}$/;

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

  localPath(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error('Invalid file key.');
    return path.join(this.#root, key);
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.localPath(key), { force: true });
  }
}
