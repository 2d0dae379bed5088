import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import type { FileType, Upload } from '../common/upload.js';
import { PRIVATE_FOLDER, type FileStore } from '../storage/file-store.js';
import { ApiError, badRequest, unknownFileFormat } from '../services/errors.js';
import type { AppState } from './route.js';
import { FileLimitError, UnknownFormatError, UploadFileStream, type FileLimits } from './upload-stream.js';

/** Room for the multipart framing and the small text parts around the file. */
const ENVELOPE_BYTES = 1_048_576;

/** formidable's file object when a write stream of ours receives its bytes. */
interface StreamedFile {
  filepath: string;
  newFilename: string;
  originalFilename: string | null;
  size: number;
  stream?: UploadFileStream;
  /** The list of the streams its request opened. */
  opened?: UploadFileStream[];
  /** Begun after its request's body failed: removed as soon as it is opened. */
  abandoned?: boolean;
}

/** formidable's form as its `fileBegin` listener sees it (`this`): the request, and the text parts read so far. */
interface FormInFlight {
  req: IncomingMessage | null;
  fields?: Record<string, unknown>;
}

/**
 * Per request in flight: the folder its file goes to, the file streams it opened (removed when its
 * body fails), and whether the legacy form's part came before the file.
 */
const uploadsInFlight = new WeakMap<IncomingMessage, { folder: string; opened: UploadFileStream[]; legacyForm?: boolean }>();

function tooLarge(maxBytes: number, fileType: FileType | null): ApiError {
  return new ApiError('file_too_large', `The file is larger than the limit of ${maxBytes} bytes.`, fileType ? { maxBytes, fileType } : { maxBytes });
}

/**
 * Streams a multipart body to disk (never buffered whole). The file's format is decided from its
 * first bytes as they arrive and that format's limit applies while streaming: the request is
 * answered 413 as soon as the file passes it. A declared Content-Length beyond the largest limit
 * is refused before a byte is read. The file part becomes `ctx.state.upload`; a temporary file the
 * file store did not take is removed when the request ends, whatever the outcome. With
 * `legacyFormPart`, errors use the legacy layout once that text part has been read (before the
 * file, for errors of the file itself).
 */
export function multipartUpload({
  uploadDir,
  fileStore,
  limits,
  legacyFormPart,
}: {
  uploadDir: string;
  fileStore: FileStore;
  limits: FileLimits;
  legacyFormPart?: string;
}): Middleware<AppState> {
  fs.mkdirSync(uploadDir, PRIVATE_FOLDER);
  const largest = Math.max(...Object.values(limits));
  // Built once: koa-body checks its options with a schema each time it is built. The file streams
  // a request opens are listed per request: formidable announces each file (fileBegin, with the
  // form, which knows its request) before it opens the file's stream.
  const parser = koaBody({
    multipart: true,
    json: false,
    urlencoded: false,
    text: false,
    formidable: {
      uploadDir,
      // A backstop only: the file stream refuses first, naming the format whose limit applied.
      maxFileSize: largest + ENVELOPE_BYTES,
      maxTotalFileSize: largest + ENVELOPE_BYTES,
      maxFiles: 1,
      maxFields: 20,
      maxFieldsSize: ENVELOPE_BYTES,
      allowEmptyFiles: true,
      minFileSize: 0,
      // formidable takes any part with a Content-Type for a file: only the "file" part may be one.
      filter: (part) => part.name === 'file' || !part.mimetype,
      // formidable's default name is a cuid2, a SHA-3 computed in JavaScript for every upload.
      filename: () => randomUUID(),
      onFileBegin(this: FormInFlight, _name, file) {
        // formidable lets go of the request once the body has failed, and may still open a file after that.
        const streamed = file as unknown as StreamedFile;
        const upload = this.req ? uploadsInFlight.get(this.req) : undefined;
        if (!upload) {
          streamed.abandoned = true;
          return;
        }
        streamed.opened = upload.opened;
        if (legacyFormPart !== undefined && this.fields && legacyFormPart in this.fields) upload.legacyForm = true;
        streamed.filepath = path.join(upload.folder, streamed.newFilename);
      },
      fileWriteStreamHandler: (file) => {
        const streamed = file as unknown as StreamedFile;
        streamed.stream = new UploadFileStream(streamed.filepath, limits);
        streamed.opened?.push(streamed.stream);
        if (streamed.abandoned) void streamed.stream.discard();
        return streamed.stream;
      },
    },
  });
  return async (ctx, next) => {
    if (!ctx.is('multipart/form-data')) throw badRequest('The request must be multipart/form-data with a "file" part.');
    const declared = Number(ctx.get('content-length'));
    if (Number.isFinite(declared) && declared > largest + ENVELOPE_BYTES) throw tooLarge(largest, null);
    const opened: UploadFileStream[] = [];
    const principal = ctx.state.principal;
    // Written where the file store keeps it when it can, so storing it is no move.
    const folder = principal && fileStore.uploadFolder ? await fileStore.uploadFolder(principal.organizationId) : uploadDir;
    const inFlight: { folder: string; opened: UploadFileStream[]; legacyForm?: boolean } = { opened, folder };
    uploadsInFlight.set(ctx.req, inFlight);
    try {
      await parser(ctx, async () => undefined);
      // formidable may report the body read while the file's last chunks still wait for a disk write, and
      // ends the file even when one of them is then refused: the stream decides whether the file stands.
      const refusal = filePart(ctx.request as { files?: unknown })?.stream?.verdict();
      if (refusal) throw refusal;
    } catch (error) {
      // A file written in full before the body failed (a second file, a field too large, the client gone) is removed
      // too. Not awaited: the answer does not wait for a write in flight to end.
      for (const stream of opened) void stream.discard();
      if (inFlight.legacyForm) ctx.state.errorLayout = 'legacy';
      throw uploadError(error, largest);
    }
    const fields = (ctx.request as { body?: unknown }).body;
    if (legacyFormPart !== undefined && fields && typeof fields === 'object' && legacyFormPart in fields) ctx.state.errorLayout = 'legacy';
    const upload = fileOf(ctx.request as { files?: unknown });
    ctx.state.upload = upload;
    try {
      await next();
    } finally {
      // Awaited: the file is in the store's folder, and a refused submission must leave nothing there.
      if (upload && !upload.stored) {
        await fs.promises.rm(upload.filepath, { force: true }).catch((error: unknown) => ctx.state.log.warn({ err: error }, 'could not remove an upload no job took'));
      }
    }
  };
}

/** The answer to a multipart body that could not be read. */
function uploadError(error: unknown, largest: number): ApiError {
  if (error instanceof FileLimitError) return tooLarge(error.maxBytes, error.fileType);
  if (error instanceof UnknownFormatError) return unknownFileFormat();
  const code = (error as { code?: unknown }).code;
  if (code === 1009 || code === 1016) return tooLarge(largest, null);
  return badRequest('The multipart body could not be read.');
}

/** The single `file` part as formidable reports it (it takes no other), or undefined. */
function filePart(request: { files?: unknown }): StreamedFile | undefined {
  const value = ((request.files ?? {}) as Record<string, StreamedFile | StreamedFile[]>).file;
  return Array.isArray(value) ? value[0] : value;
}

/** The single `file` part, or null. */
function fileOf(request: { files?: unknown }): Upload | null {
  const file = filePart(request);
  if (!file) return null;
  return { filepath: file.filepath, originalFilename: file.originalFilename, size: file.size, fileType: file.stream?.fileType ?? null };
}
