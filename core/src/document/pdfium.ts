import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { init, type WrappedPdfiumModule } from '@embedpdf/pdfium';
import { DocsiftError } from '../contracts/errors.js';

export type Pdfium = WrappedPdfiumModule;

/** FPDF_GetLastError codes (fpdfview.h). */
const FPDF_ERR_FORMAT = 3;
const FPDF_ERR_PASSWORD = 4;
const FPDF_ERR_SECURITY = 5;

let pdfiumPromise: Promise<Pdfium> | undefined;

async function initPdfium(): Promise<Pdfium> {
  const require = createRequire(import.meta.url);
  const wasmBinary = await readFile(require.resolve('@embedpdf/pdfium/pdfium.wasm'));
  const pdfium = await init({ wasmBinary: wasmBinary.buffer.slice(wasmBinary.byteOffset, wasmBinary.byteOffset + wasmBinary.byteLength) });
  pdfium.PDFiumExt_Init();
  return pdfium;
}

/** The WASM module is initialised once per thread (about 40 ms) and reused for every document. */
export function loadPdfium(): Promise<Pdfium> {
  pdfiumPromise ??= initPdfium().catch((error: unknown) => {
    pdfiumPromise = undefined;
    throw error;
  });
  return pdfiumPromise;
}

/** A block of WASM memory; `free()` must be called once. */
export interface WasmBuffer {
  readonly pointer: number;
  readonly size: number;
  free(): void;
}

export function allocate(pdfium: Pdfium, size: number): WasmBuffer {
  const pointer = pdfium.pdfium.wasmExports.malloc(size);
  if (!pointer) throw new RangeError(`PDFium could not allocate ${size} bytes`);
  return { pointer, size, free: () => pdfium.pdfium.wasmExports.free(pointer) };
}

/**
 * The WASM heap. Take it fresh after any PDFium call: memory growth replaces the buffer.
 * (The package's typings omit the Emscripten HEAP views.)
 */
export function heap(pdfium: Pdfium): ArrayBuffer {
  return (pdfium.pdfium as unknown as { HEAPU8: Uint8Array }).HEAPU8.buffer as ArrayBuffer;
}

export function copyIn(pdfium: Pdfium, bytes: Uint8Array): WasmBuffer {
  const buffer = allocate(pdfium, bytes.length);
  new Uint8Array(heap(pdfium), buffer.pointer, bytes.length).set(bytes);
  return buffer;
}

/** An open PDFium document: the bytes it reads from stay in WASM memory until `close()`. */
export interface PdfiumDocument {
  readonly pdfium: Pdfium;
  readonly handle: number;
  readonly pageCount: number;
  readonly encrypted: boolean;
  close(): void;
}

function openError(code: number): DocsiftError {
  if (code === FPDF_ERR_PASSWORD) {
    return new DocsiftError('password_protected', 'The PDF is protected by a password and cannot be opened.');
  }
  if (code === FPDF_ERR_SECURITY) {
    return new DocsiftError('password_protected', 'The PDF uses an encryption scheme that cannot be opened.');
  }
  const detail = code === FPDF_ERR_FORMAT ? 'its structure is damaged or it is truncated' : 'it could not be parsed';
  return new DocsiftError('corrupt_file', `The PDF cannot be read: ${detail}.`);
}

/** Opens a PDF with an empty password, so permissions-only encryption opens and real passwords are refused. */
export function openDocument(pdfium: Pdfium, bytes: Uint8Array): PdfiumDocument {
  const data = copyIn(pdfium, bytes);
  const handle = pdfium.FPDF_LoadMemDocument(data.pointer, data.size, '');
  if (!handle) {
    const code = pdfium.FPDF_GetLastError();
    data.free();
    throw openError(code);
  }
  const pageCount = pdfium.FPDF_GetPageCount(handle);
  return {
    pdfium,
    handle,
    pageCount,
    encrypted: pdfium.FPDF_GetSecurityHandlerRevision(handle) >= 0,
    close: () => {
      pdfium.FPDF_CloseDocument(handle);
      data.free();
    },
  };
}

/** Runs `use` with a loaded page and closes it afterwards. */
export function withPage<T>(document: PdfiumDocument, pageIndex: number, use: (page: number) => T): T {
  const page = document.pdfium.FPDF_LoadPage(document.handle, pageIndex);
  if (!page) {
    throw new DocsiftError('corrupt_file', `The PDF cannot be read: page ${pageIndex + 1} is damaged.`);
  }
  try {
    return use(page);
  } finally {
    document.pdfium.FPDF_ClosePage(page);
  }
}
