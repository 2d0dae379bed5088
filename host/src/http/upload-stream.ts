import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FileType } from '../common/upload.js';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER } from '../storage/file-store.js';
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
 * The file part of an upload on its way to disk, written to its file descriptor directly (no
 * second stream in between). Its format is decided from the first bytes as they pass (no second
 * read of the file): a file that is none of the formats is refused there, and from then on the
 * format's limit applies: the chunk that would pass it is refused before it is written. A chunk
 * handed over during a disk write waits in the stream's buffer and is judged after that write, so
 * the parser may end the file before it hears of a refusal: `verdict` is the word on the file.
 * Chunks that arrive during a disk write go out together in the next one. An upload abandoned
 * before its end removes its file; `discard` removes a finished one.
 */
export class UploadFileStream extends Writable {
  /** Known once the first bytes (up to HEAD_BYTES) have passed, or at the end of a shorter file. */
  fileType: FileType | null = null;
  #decided = false;
  #head = Buffer.alloc(0);
  #bytes = 0;
  /** The refusal of a chunk, kept: the parser may end the file after it (see `verdict`). */
  #refusal: Error | null = null;
  #fd: number | null = null;
  /** Chunks accepted and not yet written, their size, and what waits for them to be written. */
  #queued: Buffer[] = [];
  #queuedBytes = 0;
  #writing = false;
  #whenWritten: Array<(error?: Error | null) => void> = [];
  #finished = false;
  #discarded: Promise<void> | undefined;
  /** Settled once the descriptor is closed after the stream is destroyed. */
  #release!: () => void;
  readonly #released = new Promise<void>((resolve) => (this.#release = resolve));

  constructor(
    readonly filepath: string,
    private readonly limits: FileLimits,
  ) {
    super();
  }

  override _construct(callback: (error?: Error | null) => void): void {
    const open = (retry: boolean) =>
      fs.open(this.filepath, 'w', PRIVATE_FILE_MODE, (error, fd) => {
        // The folder went away since it was made (an operator, a purge): make it again, once.
        if (error?.code === 'ENOENT' && retry) return fs.mkdir(path.dirname(this.filepath), PRIVATE_FOLDER, () => open(false));
        if (error) return callback(error);
        this.#fd = fd;
        callback();
      });
    open(true);
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    const refusal = this.#admit(chunk);
    if (refusal) return callback(refusal);
    this.#queued.push(chunk);
    this.#queuedBytes += chunk.length;
    this.#flush();
    // Past the buffer's size, the parser waits for the disk.
    if (this.#queuedBytes < WRITE_BUFFER_BYTES) callback();
    else this.#whenWritten.push(callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    if (!this.#decided) this.#sniff(Buffer.alloc(0), true);
    const close = (error?: Error | null) => {
      if (error) return callback(error);
      this.#close((closeError) => {
        this.#finished = !closeError;
        callback(closeError);
      });
    };
    if (this.#writing || this.#queued.length > 0) this.#whenWritten.push(close);
    else close();
  }

  /**
   * Why the file cannot be taken (a refused chunk, a failed write, an unfinished file), or null once
   * every byte passed its format's limit and is on disk. The parser's word that the file ended is not
   * enough: when a disk write is in flight the refused chunk waits in the stream's buffer, the parser
   * ends the file meanwhile, and the refusal then settles that end as if the file had finished
   * (Node calls the end callback with the error, and formidable ignores the argument).
   */
  verdict(): Error | null {
    if (this.#refusal) return this.#refusal;
    if (this.errored) return this.errored;
    return this.writableFinished ? null : new Error('The file was not written in full.');
  }

  /** Removes the file, finished or not, once its descriptor is closed. */
  discard(): Promise<void> {
    this.#discarded ??= (async () => {
      this.destroy();
      await this.#released;
      // Callers do not wait for this; a file that cannot be removed (a failing disk) must not take the process down.
      await fs.promises.rm(this.filepath, { force: true }).catch(() => undefined);
    })();
    return this.#discarded;
  }

  /**
   * Answers at once, so the parser hears of an error before it ends the file; the descriptor is
   * closed after any write in flight (closed before, it could be reused and that write land elsewhere).
   */
  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#queued = [];
    const close = () => this.#close(() => this.#release());
    if (this.#writing) this.#whenWritten.push(close);
    else close();
    if (!this.#finished) void this.discard();
    callback(error);
  }

  /** Writes what is queued, in one system call; the next chunks wait for it and go out together. */
  #flush(): void {
    if (this.#writing || this.#queued.length === 0 || this.#fd === null) return;
    this.#writeAll(this.#queued);
    this.#queued = [];
    this.#queuedBytes = 0;
  }

  /** writev may write less than it was given without an error (a disk filling up): the rest goes again. */
  #writeAll(buffers: Buffer[]): void {
    this.#writing = true;
    const total = buffers.reduce((sum, buffer) => sum + buffer.length, 0);
    fs.writev(this.#fd!, buffers, (error, written) => {
      if (!error && written < total && written > 0) return this.#writeAll(rest(buffers, written));
      this.#writing = false;
      const failure = error ?? (written < total ? new Error('The disk accepted no more of the file.') : null);
      // A failed write fails the upload even when nothing waits for this one.
      if (failure) this.destroy(failure);
      else if (this.#queued.length > 0) return this.#flush();
      const waiting = this.#whenWritten;
      this.#whenWritten = [];
      for (const done of waiting) done(failure);
    });
  }

  /** The error that refuses `chunk`, or null once it is counted. */
  #admit(chunk: Buffer): Error | null {
    this.#bytes += chunk.length;
    if (!this.#decided) this.#sniff(chunk, false);
    this.#refusal ??= this.#judge();
    return this.#refusal;
  }

  #judge(): Error | null {
    if (this.#decided && !this.fileType) return new UnknownFormatError();
    const limit = this.fileType ? this.limits[this.fileType] : Math.max(...Object.values(this.limits));
    return this.#bytes > limit ? new FileLimitError(limit, this.fileType) : null;
  }

  #close(callback: (error?: Error | null) => void): void {
    const fd = this.#fd;
    if (fd === null) return callback();
    this.#fd = null;
    fs.close(fd, (error) => callback(error));
  }

  #sniff(chunk: Buffer, atEnd: boolean): void {
    if (this.#head.length < HEAD_BYTES) this.#head = Buffer.concat([this.#head, chunk.subarray(0, HEAD_BYTES - this.#head.length)]);
    this.fileType = fileTypeOf(this.#head);
    this.#decided = this.fileType !== null || atEnd || this.#head.length >= HEAD_BYTES;
  }
}

/** What is left of `buffers` once their first `written` bytes are on disk. */
function rest(buffers: Buffer[], written: number): Buffer[] {
  const left: Buffer[] = [];
  let skip = written;
  for (const buffer of buffers) {
    if (skip >= buffer.length) skip -= buffer.length;
    else {
      left.push(skip > 0 ? buffer.subarray(skip) : buffer);
      skip = 0;
    }
  }
  return left;
}
