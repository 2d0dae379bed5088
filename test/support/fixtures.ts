/**
 * Helpers that MAKE test documents (never copies of corpus files): text PDFs, fillable PDFs,
 * encrypted PDFs and images. Coordinates given to these helpers are in points from the TOP-left.
 */
import { degrees, PDFDocument, StandardFonts } from 'pdf-lib';

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

/** A PDF whose pages have no text layer at all (only a drawn rectangle): a stand-in for a scan without pixels. */
export async function makeBlankPdf(pageCount: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (let index = 0; index < pageCount; index += 1) {
    pdf.addPage(LETTER).drawRectangle({ x: 100, y: 100, width: 50, height: 50 });
  }
  return pdf.save();
}
