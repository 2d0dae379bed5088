import fs from 'node:fs/promises';
import type { FileType } from '../persistence/entities/job.entities.js';

const HEAD_BYTES = 1024;

/** The format decided by the first bytes (a `%PDF-` header may follow junk within the first KB). */
export function fileTypeOf(head: Uint8Array): FileType | null {
  if (head.length >= 8 && Buffer.from(head.subarray(0, 8)).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (Buffer.from(head.subarray(0, HEAD_BYTES)).includes('%PDF-')) return 'pdf';
  return null;
}

export async function sniffFile(filePath: string): Promise<FileType | null> {
  const handle = await fs.open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return fileTypeOf(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
