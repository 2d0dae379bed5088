import type { FileFormat } from '../contracts/document.js';
import { DocsiftError } from '../contracts/errors.js';

export interface ImageSize {
  width: number;
  height: number;
}

const corrupt = (format: string): DocsiftError =>
  new DocsiftError('corrupt_file', `The ${format} image cannot be read: its header is damaged or the file is truncated.`);

function pngSize(bytes: Uint8Array): ImageSize {
  // Signature (8) + IHDR length (4) + "IHDR" (4), then width and height as big-endian 32-bit.
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 24 || view.getUint32(12) !== 0x49484452) throw corrupt('PNG');
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Start-of-frame markers (SOF0..SOF15 without DHT C4, JPG C8 and DAC CC) carry the frame size. */
const isStartOfFrame = (marker: number): boolean =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegSize(bytes: Uint8Array): ImageSize {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) throw corrupt('JPEG');
    const marker = bytes[offset + 1];
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) break;
    const length = view.getUint16(offset + 2);
    if (isStartOfFrame(marker)) {
      if (offset + 9 > bytes.length) break;
      return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
    }
    offset += 2 + length;
  }
  throw corrupt('JPEG');
}

/** The image's size from its header alone, so the pixel limit is checked before anything is decoded. */
export function imageSize(bytes: Uint8Array, format: Exclude<FileFormat, 'pdf'>): ImageSize {
  const size = format === 'png' ? pngSize(bytes) : jpegSize(bytes);
  if (size.width === 0 || size.height === 0) throw corrupt(format === 'png' ? 'PNG' : 'JPEG');
  return size;
}
