import type { DocumentModel, ExtractionResult, Extractor } from '@docsift/core';
import type { InsuranceCertData } from '../schema.js';
import { assemble, mergeDrafts } from './assemble.js';
import { emptyDraft } from './draft.js';
import { readFormFields } from './form-fields.js';
import { certificateLayout, readPage } from './page-reader.js';

/**
 * Reads an ACORD 25 from the document model: AcroForm fields by their ACORD names, then the
 * words of the certificate page (text layer or OCR) by label anchors and the form's geometry.
 * Form values win where both give one. A blank certificate yields nulls and no coverages.
 */
export function extractCertificate(document: DocumentModel): ExtractionResult<InsuranceCertData> {
  const form = readFormFields(document.formFields);
  const layout = certificateLayout(document);
  const page = layout ? readPage(layout) : emptyDraft();
  return assemble(mergeDrafts(form, page));
}

export const extractor: Extractor<InsuranceCertData> = {
  async extract(document) {
    return extractCertificate(document);
  },
};
