import fs from 'node:fs';
import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { ApiError, badRequest } from './errors.js';
import type { AppState } from './route.js';

/** Room for the multipart framing and the small text parts around the file. */
const ENVELOPE_BYTES = 1_048_576;

export interface UploadedFile {
  filepath: string;
  originalFilename: string | null;
  size: number;
}

/**
 * Streams a multipart body to disk (never buffered whole), enforcing the size limit while
 * streaming: formidable stops at `maxFileBytes` and the request is answered 413. A declared
 * Content-Length beyond the limit is refused before a byte is read. Temporary files are always
 * removed when the request ends.
 */
export function multipartUpload({ uploadDir, maxFileBytes }: { uploadDir: string; maxFileBytes: number }): Middleware<AppState> {
  fs.mkdirSync(uploadDir, { recursive: true });
  const parse = koaBody({
    multipart: true,
    json: false,
    urlencoded: false,
    text: false,
    formidable: {
      uploadDir,
      maxFileSize: maxFileBytes,
      maxTotalFileSize: maxFileBytes,
      maxFiles: 1,
      maxFields: 20,
      maxFieldsSize: ENVELOPE_BYTES,
      allowEmptyFiles: true,
      minFileSize: 0,
      filter: (part) => part.name === 'file' || !part.originalFilename,
    },
  });
  return async (ctx, next) => {
    if (!ctx.is('multipart/form-data')) throw badRequest('The request must be multipart/form-data with a "file" part.');
    const declared = Number(ctx.get('content-length'));
    if (Number.isFinite(declared) && declared > maxFileBytes + ENVELOPE_BYTES) {
      throw new ApiError('file_too_large', `The file is larger than the limit of ${maxFileBytes} bytes.`, { maxBytes: maxFileBytes });
    }
    try {
      await parse(ctx, async () => undefined);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 1009 || code === 1016) {
        throw new ApiError('file_too_large', `The file is larger than the limit of ${maxFileBytes} bytes.`, { maxBytes: maxFileBytes });
      }
      throw badRequest('The multipart body could not be read.');
    }
    try {
      await next();
    } finally {
      for (const file of uploadedFiles(ctx.request as { files?: unknown })) fs.rm(file.filepath, { force: true }, () => undefined);
    }
  };
}

function uploadedFiles(request: { files?: unknown }): UploadedFile[] {
  const files = (request.files ?? {}) as Record<string, UploadedFile | UploadedFile[]>;
  return Object.values(files).flat();
}

/** The single `file` part, or null. */
export function fileOf(request: { files?: unknown }): UploadedFile | null {
  const value = ((request.files ?? {}) as Record<string, UploadedFile | UploadedFile[]>).file;
  if (!value) return null;
  return Array.isArray(value) ? (value[0] ?? null) : value;
}
