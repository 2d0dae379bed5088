import type * as PdfLib from 'pdf-lib';
import type { BBox, FormField, FormFieldKind } from '../contracts/document.js';
import { roundBox, rotateFractionBox } from './geometry.js';

/**
 * pdf-lib's one-file ES build, the same version as the package's CommonJS files (137 of them, which
 * took two to four times longer to load); this module itself loads only with a PDF that has form widgets.
 */
const PDF_LIB_BUILD = 'pdf-lib/dist/pdf-lib.esm.min.js';
const { PDFButton, PDFCheckBox, PDFDocument, PDFDropdown, PDFForm, PDFOptionList, PDFRadioGroup, PDFSignature, PDFTextField } = (await import(PDF_LIB_BUILD)) as typeof PdfLib;

function fieldKind(field: PdfLib.PDFField): FormFieldKind {
  if (field instanceof PDFTextField) return 'text';
  if (field instanceof PDFCheckBox) return 'checkbox';
  if (field instanceof PDFRadioGroup) return 'radio';
  if (field instanceof PDFDropdown) return 'dropdown';
  if (field instanceof PDFOptionList) return 'list';
  if (field instanceof PDFButton) return 'button';
  if (field instanceof PDFSignature) return 'signature';
  return 'unknown';
}

const nonEmpty = (value: string | undefined): string | null => (value && value.trim() !== '' ? value : null);

/** Radio values come back as option names: pdf-lib maps the raw state through /Opt. */
function fieldValue(field: PdfLib.PDFField): string | boolean | null {
  if (field instanceof PDFTextField) return nonEmpty(field.getText());
  if (field instanceof PDFCheckBox) return field.isChecked();
  if (field instanceof PDFRadioGroup) return nonEmpty(field.getSelected());
  if (field instanceof PDFDropdown || field instanceof PDFOptionList) return nonEmpty(field.getSelected().join(', '));
  return null;
}

interface WidgetPlacement {
  page: number;
  bbox: BBox;
}

function pageIndexOfWidget(pages: PdfLib.PDFPage[], widgetRef: PdfLib.PDFRef | undefined, pageRef: PdfLib.PDFRef | undefined): number {
  if (pageRef) {
    const index = pages.findIndex((page) => page.ref === pageRef);
    if (index >= 0) return index;
  }
  if (!widgetRef) return -1;
  return pages.findIndex((page) => page.node.Annots()?.asArray().includes(widgetRef) ?? false);
}

function placeFirstWidget(document: PdfLib.PDFDocument, pages: PdfLib.PDFPage[], field: PdfLib.PDFField): WidgetPlacement | null {
  const [widget] = field.acroField.getWidgets();
  if (!widget) return null;
  const pageIndex = pageIndexOfWidget(pages, document.context.getObjectRef(widget.dict), widget.P());
  if (pageIndex < 0) return null;
  const page = pages[pageIndex];
  const crop = page.getCropBox();
  const rect = widget.getRectangle();
  const unrotated: BBox = [
    (rect.x - crop.x) / crop.width,
    (crop.y + crop.height - (rect.y + rect.height)) / crop.height,
    (rect.x + rect.width - crop.x) / crop.width,
    (crop.y + crop.height - rect.y) / crop.height,
  ];
  const clamped = unrotated.map((value) => Math.min(1, Math.max(0, value))) as BBox;
  return { page: pageIndex + 1, bbox: roundBox(rotateFractionBox(clamped, page.getRotation().angle)) };
}

function readField(document: PdfLib.PDFDocument, pages: PdfLib.PDFPage[], field: PdfLib.PDFField): FormField {
  const placement = placeFirstWidget(document, pages, field);
  let value: string | boolean | null;
  try {
    value = fieldValue(field);
  } catch {
    // pdf-lib throws on some malformed values (e.g. a rich-text field with no /V); keep the field, without a value.
    value = null;
  }
  return { name: field.getName(), kind: fieldKind(field), value, page: placement?.page ?? null, bbox: placement?.bbox ?? null };
}

/** AcroForm fields with values and the box of their first widget, read with pdf-lib (unencrypted PDFs only). */
export async function readFormFields(bytes: Uint8Array): Promise<FormField[]> {
  const document = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: false });
  // Not document.getForm(): on a form with XFA data it deletes the XFA and says so on the console.
  const fields = PDFForm.of(document.catalog.getOrCreateAcroForm(), document).getFields();
  if (fields.length === 0) return [];
  const pages = document.getPages();
  return fields.map((field) => readField(document, pages, field));
}
