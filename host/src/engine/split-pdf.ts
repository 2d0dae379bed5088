import { PDFDocument } from 'pdf-lib';
import { extractPdfPages, isDocsiftError } from '@docsift/core';
import type { FileType } from '../common/upload.js';

/** The width an image is drawn at on its page: US Letter's, the height following the image's proportions. */
const IMAGE_PAGE_WIDTH = 612;

/**
 * Pages `first`..`last` (1-based) of a stored file as a PDF of their own; a JPEG or PNG (one page)
 * becomes a one-page PDF showing the image. Null when the pages are not in the file.
 */
export async function splitPdf(bytes: Uint8Array, fileType: FileType, [first, last]: readonly [number, number]): Promise<Uint8Array | null> {
  if (fileType === 'pdf') {
    try {
      return await extractPdfPages(bytes, [first, last]);
    } catch (error) {
      if (isDocsiftError(error) && error.code === 'invalid_argument') return null;
      throw error;
    }
  }
  if (first !== 1 || last !== 1) return null;
  const output = await PDFDocument.create();
  const image = fileType === 'png' ? await output.embedPng(bytes) : await output.embedJpg(bytes);
  const height = (image.height / image.width) * IMAGE_PAGE_WIDTH;
  output.addPage([IMAGE_PAGE_WIDTH, height]).drawImage(image, { x: 0, y: 0, width: IMAGE_PAGE_WIDTH, height });
  return output.save();
}
