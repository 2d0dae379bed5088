import { DocsiftError } from '../contracts/errors.js';
import { heap, loadPdfium, openDocument } from './pdfium.js';

/**
 * Pages `first`..`last` (1-based, inclusive) of a PDF as a PDF of their own, copied by PDFium: what
 * the pages show, their text and their forms come along, and a PDF encrypted for permissions only
 * (an empty user password) is decrypted on the way, which a copy at the object level (pdf-lib)
 * cannot do. Rejects like the reader: `password_protected`, `corrupt_file`, and `invalid_argument`
 * for pages outside the file.
 */
export async function extractPdfPages(bytes: Uint8Array, [first, last]: readonly [number, number]): Promise<Uint8Array> {
  const pdfium = await loadPdfium();
  const source = openDocument(pdfium, bytes);
  const target = pdfium.FPDF_CreateNewDocument();
  try {
    if (!Number.isInteger(first) || !Number.isInteger(last) || first < 1 || last < first || last > source.pageCount) {
      throw new DocsiftError('invalid_argument', `Pages ${first}-${last} are not pages of this ${source.pageCount}-page PDF.`);
    }
    if (!target || !pdfium.FPDF_ImportPages(target, source.handle, `${first}-${last}`, 0)) {
      throw new DocsiftError('corrupt_file', `The PDF cannot be read: pages ${first}-${last} could not be copied.`);
    }
    const writer = pdfium.PDFiumExt_OpenFileWriter();
    try {
      if (!pdfium.PDFiumExt_SaveAsCopy(target, writer)) throw new DocsiftError('corrupt_file', 'The PDF cannot be read: the copied pages could not be written.');
      const size = pdfium.PDFiumExt_GetFileWriterSize(writer);
      const pointer = pdfium.pdfium.wasmExports.malloc(size);
      try {
        pdfium.PDFiumExt_GetFileWriterData(writer, pointer, size);
        return new Uint8Array(heap(pdfium), pointer, size).slice();
      } finally {
        pdfium.pdfium.wasmExports.free(pointer);
      }
    } finally {
      pdfium.PDFiumExt_CloseFileWriter(writer);
    }
  } finally {
    if (target) pdfium.FPDF_CloseDocument(target);
    source.close();
  }
}
