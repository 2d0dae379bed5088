import type { FormField } from '../contracts/document.js';
import type { Logger } from '../contracts/logger.js';
import { readFormFields } from './pdf-forms.js';
import { readPdfiumFormFields } from './pdfium-forms.js';
import type { PdfiumDocument } from './pdfium.js';

/**
 * AcroForm fields of an open PDF. pdf-lib reads them (measured the most faithful, radio options by
 * name), but it cannot decrypt: encrypted PDFs, and files pdf-lib cannot parse, go through PDFium,
 * which gave the same values on the fillable ACORD 25s. Callers skip PDFs without widgets: a
 * flattened form often keeps an empty AcroForm, and parsing it costs pdf-lib 10-40 ms for nothing.
 */
export async function readAcroFormFields(document: PdfiumDocument, bytes: Uint8Array, logger: Logger): Promise<FormField[]> {
  if (document.encrypted) return readPdfiumFormFields(document);
  try {
    return await readFormFields(bytes);
  } catch (error) {
    logger.warn({ err: error }, 'pdf-lib could not read the form; reading it with PDFium');
    return readPdfiumFormFields(document);
  }
}
