import fs from 'node:fs';
import { Writable } from 'node:stream';
import type { FileType } from '../persistence/entities/job.entities.js';
import { fileTypeOf, HEAD_BYTES } from '../storage/file-type.js';

/** How much of an upload may wait in memory for the disk: chunks that arrive meanwhile go out in one write. */
const WRITE_BUFFER_BYTES = 1_048_576;

/** The largest file a route accepts, per format. */
export type FileLimits = Record<FileType, number>;

/** Raised while streaming once a file passes its format's limit. */
export class FileLimitError extends Error {
  constructor(
    readonly maxBytes: number,
    readonly fileType: FileType | null,
  ) {
    super(`The file is larger than the limit of ${maxBytes} bytes.`);
  }
}

/** Raised while streaming once the first bytes show the file is no PDF, JPEG or PNG. */
export class UnknownFormatError extends Error {
  constructor() {
    super('The file is not a PDF, JPEG or PNG document.');
  }
}

/**
 * The file part of an upload on its way to disk. Its format is decided from the first bytes as
 * they pass (no second read of the file): a file that is none of the formats is refused there, and
 * from then on the format's limit applies: the chunk that would pass it is refused before it is
 * written. An upload abandoned before its end removes its file; `discard` removes a finished one.
 */
export class UploadFileStream extends Writable {
  /** Known once the first bytes (up to HEAD_BYTES) have passed, or at the end of a shorter file. */
  fileType: FileType | null = null;
  #decided = false;
  #head = Buffer.alloc(0);
  #bytes = 0;
  #finished = false;
  #discarded: Promise<void> | undefined;
  readonly #file: fs.WriteStream;

  constructor(
    readonly filepath: string,
    private readonly limits: FileLimits,
  ) {
    super();
    this.#file = fs.createWriteStream(filepath, { highWaterMark: WRITE_BUFFER_BYTES });
    this.#file.on('error', (error) => this.destroy(error));
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.#bytes += chunk.length;
    if (!this.#decided) this.#sniff(chunk, false);
    if (this.#decided && !this.fileType) {
      callback(new UnknownFormatError());
      return;
    }
    const limit = this.fileType ? this.limits[this.fileType] : Math.max(...Object.values(this.limits));
    if (this.#bytes > limit) {
      callback(new FileLimitError(limit, this.fileType));
      return;
    }
    if (this.#file.write(chunk)) callback();
    else this.#file.once('drain', () => callback());
  }

  override _final(callback: (error?: Error | null) => void): void {
    if (!this.#decided) this.#sniff(Buffer.alloc(0), true);
    this.#file.end(() => {
      this.#finished = true;
      callback();
    });
  }

  /**
   * Removes the file, finished or not, once its write stream has closed: removed while the stream
   * is still opening, the file would be created again after its removal.
   */
  discard(): Promise<void> {
    this.#discarded ??= new Promise((resolve) => {
      const remove = () => fs.rm(this.filepath, { force: true }, () => resolve());
      if (this.#file.closed) remove();
      else {
        this.#file.once('close', remove);
        this.#file.destroy();
      }
    });
    return this.#discarded;
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (!this.#finished) void this.discard();
    callback(error);
  }

  #sniff(chunk: Buffer, atEnd: boolean): void {
    if (this.#head.length < HEAD_BYTES) this.#head = Buffer.concat([this.#head, chunk.subarray(0, HEAD_BYTES - this.#head.length)]);
    this.fileType = fileTypeOf(this.#head);
    this.#decided = this.fileType !== null || atEnd || this.#head.length >= HEAD_BYTES;
  }
}
