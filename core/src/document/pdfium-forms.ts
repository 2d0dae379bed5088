import type { BBox, FormField, FormFieldKind } from '../contracts/document.js';
import { roundBox, transformRect, type Transform } from './geometry.js';
import { pageTransform } from './pdf-text.js';
import { allocate, heap, withPage, type Pdfium, type PdfiumDocument } from './pdfium.js';

const FPDF_ANNOT_WIDGET = 20;
/** FPDF_FORMFIELD_* (fpdf_formfill.h) by index. */
const FIELD_KINDS: FormFieldKind[] = ['unknown', 'button', 'checkbox', 'radio', 'dropdown', 'list', 'text', 'signature'];

type FormStringGetter = (form: number, annot: number, buffer: number, length: number) => number;

/** Reads one of PDFium's UTF-16 string outputs (call once for the length, once for the text). */
function readFormString(pdfium: Pdfium, get: FormStringGetter, form: number, annot: number): string {
  const length = get(form, annot, 0, 0);
  if (length <= 2) return '';
  const buffer = allocate(pdfium, length);
  try {
    get(form, annot, buffer.pointer, length);
    return pdfium.pdfium.UTF16ToString(buffer.pointer);
  } finally {
    buffer.free();
  }
}

interface Widget {
  name: string;
  kind: FormFieldKind;
  value: string;
  checked: boolean;
  exportValue: string;
  page: number;
  bbox: BBox;
}

function readWidget(pdfium: Pdfium, form: number, transform: Transform, annot: number, pageNumber: number): Widget {
  const rect = allocate(pdfium, 16);
  try {
    pdfium.FPDFAnnot_GetRect(annot, rect.pointer);
    const [left, top, right, bottom] = new Float32Array(heap(pdfium), rect.pointer, 4);
    return {
      name: readFormString(pdfium, pdfium.FPDFAnnot_GetFormFieldName, form, annot),
      kind: FIELD_KINDS[pdfium.FPDFAnnot_GetFormFieldType(form, annot)] ?? 'unknown',
      value: readFormString(pdfium, pdfium.FPDFAnnot_GetFormFieldValue, form, annot),
      checked: pdfium.FPDFAnnot_IsChecked(form, annot),
      exportValue: readFormString(pdfium, pdfium.FPDFAnnot_GetFormFieldExportValue, form, annot),
      page: pageNumber,
      bbox: roundBox(transformRect(transform, left, bottom, right, top)),
    };
  } finally {
    rect.free();
  }
}

function pageWidgets(document: PdfiumDocument, form: number, pageIndex: number): Widget[] {
  const { pdfium } = document;
  return withPage(document, pageIndex, (page) => {
    // Without the form-fill page, FPDFAnnot_IsChecked reports every box as unchecked.
    pdfium.FORM_OnAfterLoadPage(page, form);
    try {
      const widgets: Widget[] = [];
      const transform = pageTransform(pdfium, page);
      const count = pdfium.FPDFPage_GetAnnotCount(page);
      for (let index = 0; index < count; index += 1) {
        const annot = pdfium.FPDFPage_GetAnnot(page, index);
        if (!annot) continue;
        try {
          if (pdfium.FPDFAnnot_GetSubtype(annot) === FPDF_ANNOT_WIDGET) widgets.push(readWidget(pdfium, form, transform, annot, pageIndex + 1));
        } finally {
          pdfium.FPDFPage_CloseAnnot(annot);
        }
      }
      return widgets;
    } finally {
      pdfium.FORM_OnBeforeClosePage(page, form);
    }
  });
}

/** One field from all its widgets: the first places it; a radio's value is the export value of its checked widget. */
function toField(widgets: Widget[]): FormField {
  const [first] = widgets;
  let value: string | boolean | null = first.value.trim() === '' ? null : first.value;
  if (first.kind === 'checkbox') value = widgets.some((widget) => widget.checked);
  if (first.kind === 'radio') value = widgets.find((widget) => widget.checked)?.exportValue ?? null;
  if (first.kind === 'button' || first.kind === 'signature') value = null;
  return { name: first.name, kind: first.kind, value, page: first.page, bbox: first.bbox };
}

/**
 * AcroForm fields read through PDFium's form API. PDFium decrypts, so this also serves PDFs
 * encrypted with an empty user password, which pdf-lib cannot read.
 */
export function readPdfiumFormFields(document: PdfiumDocument): FormField[] {
  const { pdfium } = document;
  const formInfo = pdfium.PDFiumExt_OpenFormFillInfo();
  const form = pdfium.PDFiumExt_InitFormFillEnvironment(document.handle, formInfo);
  try {
    const byName = new Map<string, Widget[]>();
    for (let pageIndex = 0; pageIndex < document.pageCount; pageIndex += 1) {
      for (const widget of pageWidgets(document, form, pageIndex)) {
        const group = byName.get(widget.name) ?? [];
        group.push(widget);
        byName.set(widget.name, group);
      }
    }
    return [...byName.values()].map(toField);
  } finally {
    if (form) pdfium.PDFiumExt_ExitFormFillEnvironment(form);
    pdfium.PDFiumExt_CloseFormFillInfo(formInfo);
  }
}
