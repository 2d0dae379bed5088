import type { FileFormat } from '../contracts/document.js';
import { DocsiftError } from '../contracts/errors.js';

/** PDF readers accept a `%PDF-` header after some leading junk; so do we, within this window. */
const PDF_HEADER_WINDOW = 1024;
const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_MAGIC = [0xff, 0xd8, 0xff];

function startsWith(bytes: Uint8Array, magic: number[], offset = 0): boolean {
  if (bytes.length < offset + magic.length) return false;
  return magic.every((byte, index) => bytes[offset + index] === byte);
}

/** Offset of the `%PDF-` header within the first KB, or -1. */
export function pdfHeaderOffset(bytes: Uint8Array): number {
  const end = Math.min(bytes.length - PDF_MAGIC.length, PDF_HEADER_WINDOW);
  for (let offset = 0; offset <= end; offset += 1) {
    if (startsWith(bytes, PDF_MAGIC, offset)) return offset;
  }
  return -1;
}

/** Decides the format from the bytes alone (never from a file name or a declared type). */
export function sniff(bytes: Uint8Array): FileFormat {
  if (bytes.length === 0) throw new DocsiftError('empty_file', 'The file is empty (0 bytes).');
  if (startsWith(bytes, PNG_MAGIC)) return 'png';
  if (startsWith(bytes, JPEG_MAGIC)) return 'jpeg';
  if (pdfHeaderOffset(bytes) >= 0) return 'pdf';
  throw new DocsiftError(
    'invalid_file_format',
    'The file is not a PDF, JPEG or PNG document (its content does not start with any of their signatures).',
    { supportedFormats: ['pdf', 'jpeg', 'png'] },
  );
}
