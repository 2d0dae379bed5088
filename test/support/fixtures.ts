/**
 * Helpers that MAKE test documents (never copies of corpus files): text PDFs, fillable PDFs,
 * encrypted PDFs and images. Coordinates given to these helpers are in points from the TOP-left.
 */
import { degrees, PDFDocument, StandardFonts, type PDFPage } from 'pdf-lib';

export interface TextItem {
  text: string;
  /** Left edge, points from the left of the page. */
  x: number;
  /** Baseline, points from the top of the page. */
  y: number;
  size?: number;
}

export interface TextPdfOptions {
  /** Page size in points; US Letter by default. */
  pageSize?: [number, number];
  /** /Rotate of every page (0, 90, 180, 270). */
  rotate?: number;
  /** Cross-reference streams and object streams (pdf-lib's default); off for the encryptor. */
  useObjectStreams?: boolean;
}

export const LETTER: [number, number] = [612, 792];

/** A PDF with a real text layer (Helvetica), one array of items per page. */
export async function makeTextPdf(pages: TextItem[][], options: TextPdfOptions = {}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const [width, height] = options.pageSize ?? LETTER;
  for (const items of pages) {
    const page = pdf.addPage([width, height]);
    if (options.rotate) page.setRotation(degrees(options.rotate));
    for (const item of items) {
      page.drawText(item.text, { x: item.x, y: height - item.y, size: item.size ?? 12, font });
    }
  }
  return pdf.save({ useObjectStreams: options.useObjectStreams ?? true });
}

/** Lines of body text, 12 pt, 18 pt apart, starting 72 pt from the top-left. */
export function paragraph(lines: string[], x = 72, top = 72): TextItem[] {
  return lines.map((text, index) => ({ text, x, y: top + index * 18 }));
}

export interface FormFixtureField {
  name: string;
  kind: 'text' | 'checkbox' | 'radio' | 'dropdown';
  /** Text value, checked state, or the selected option of a radio group or dropdown. */
  value: string | boolean;
  /** For radio groups and dropdowns. */
  options?: string[];
  /** Widget rectangle: left and top in points from the top-left, width and height in points. */
  rect: { x: number; y: number; width: number; height: number };
  page?: number;
}

function addFormField(pdf: PDFDocument, pages: PDFPage[], field: FormFixtureField): void {
  const form = pdf.getForm();
  const page = pages[(field.page ?? 1) - 1];
  const { x, y, width, height } = field.rect;
  const placement = { x, y: page.getHeight() - y - height, width, height };
  if (field.kind === 'text') {
    const text = form.createTextField(field.name);
    text.setText(String(field.value));
    text.addToPage(page, placement);
  } else if (field.kind === 'checkbox') {
    const box = form.createCheckBox(field.name);
    box.addToPage(page, placement);
    if (field.value === true) box.check();
  } else if (field.kind === 'radio') {
    const group = form.createRadioGroup(field.name);
    (field.options ?? []).forEach((option, index) => group.addOptionToPage(option, page, { ...placement, x: x + index * (width + 10) }));
    group.select(String(field.value));
  } else {
    const dropdown = form.createDropdown(field.name);
    dropdown.addOptions(field.options ?? []);
    dropdown.select(String(field.value));
    dropdown.addToPage(page, placement);
  }
}

/** A fillable PDF (AcroForm) with the given fields, and optional text on the pages. */
export async function makeFillablePdf(
  fields: FormFixtureField[],
  options: { pageCount?: number; text?: TextItem[]; useObjectStreams?: boolean } = {},
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const pages = Array.from({ length: options.pageCount ?? 1 }, () => pdf.addPage(LETTER));
  for (const item of options.text ?? []) {
    pages[0].drawText(item.text, { x: item.x, y: LETTER[1] - item.y, size: item.size ?? 12, font });
  }
  for (const field of fields) addFormField(pdf, pages, field);
  return pdf.save({ useObjectStreams: options.useObjectStreams ?? true });
}

/** A PDF whose pages have no text layer at all (only a drawn rectangle): a stand-in for a scan without pixels. */
export async function makeBlankPdf(pageCount: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (let index = 0; index < pageCount; index += 1) {
    pdf.addPage(LETTER).drawRectangle({ x: 100, y: 100, width: 50, height: 50 });
  }
  return pdf.save();
}
