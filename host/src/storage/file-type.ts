import type { FileType } from '../common/upload.js';

/** How many first bytes decide the format: a `%PDF-` header may follow junk within the first KB. */
export const HEAD_BYTES = 1024;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The format decided by the first bytes, or null when they are not a PDF, JPEG or PNG. */
export function fileTypeOf(head: Uint8Array): FileType | null {
  if (head.length >= 8 && Buffer.from(head.subarray(0, 8)).equals(PNG_SIGNATURE)) return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (Buffer.from(head.subarray(0, HEAD_BYTES)).includes('%PDF-')) return 'pdf';
  return null;
}
