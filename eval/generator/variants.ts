import sharp from 'sharp';
import { PDFDocument, StandardFonts, grayscale } from 'pdf-lib';
import { loadPdfium, openDocument } from '../../core/src/document/pdfium.js';
import { renderPageGray } from '../../core/src/document/render.js';
import type { GrayImage } from '../../core/src/document/gray-image.js';
import type { Random } from './random.js';

/** Scanned, faxed and photographed renderings of a digital PDF: pixels only, no text layer. */

export interface Rendering {
  bytes: Uint8Array;
  pages: number;
  /** How it was made: dpi, rotation, quality (the corpus's `scan` block). */
  scan: Record<string, unknown>;
}

async function renderPages(pdf: Uint8Array, dpi: number): Promise<GrayImage[]> {
  const pdfium = await loadPdfium();
  const document = openDocument(pdfium, pdf);
  try {
    return Array.from({ length: document.pageCount }, (_, index) => renderPageGray(document, index, { dpi, maxPixels: 100_000_000 }));
  } finally {
    document.close();
  }
}

const rawOf = (image: GrayImage, channels: 1 | 3 = 1) => ({ raw: { width: image.width, height: image.height, channels } });

// sharp turns one-channel input into sRGB on output: every gray result ends in extractChannel(0) or toColourspace('b-w').

/** Rotates by `angle` degrees about the centre, keeping the original size (what a feeder does to a crooked page). */
async function rotateInPlace(image: GrayImage, angle: number, background: number): Promise<GrayImage> {
  const turned = await sharp(image.data, rawOf(image))
    .rotate(angle, { background: { r: background, g: background, b: background } })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const left = Math.floor((turned.info.width - image.width) / 2);
  const top = Math.floor((turned.info.height - image.height) / 2);
  const data = await sharp(turned.data, { raw: { width: turned.info.width, height: turned.info.height, channels: turned.info.channels } })
    .extract({ left, top, width: image.width, height: image.height })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { data: new Uint8Array(data), width: image.width, height: image.height };
}

/** Paper tone, ink that is not quite black, and light sensor noise. */
function addPaperAndNoise(image: GrayImage, random: Random, amplitude: number): void {
  const { data } = image;
  for (let index = 0; index < data.length; index += 1) {
    const noise = (random.next() + random.next() - 1) * amplitude;
    data[index] = Math.max(0, Math.min(255, data[index] * 0.92 + 14 + noise));
  }
}

async function imagesToPdf(images: Array<{ bytes: Uint8Array; format: 'jpeg' | 'png' }>, widthPt: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  for (const image of images) {
    const embedded = image.format === 'jpeg' ? await pdf.embedJpg(image.bytes) : await pdf.embedPng(image.bytes);
    const height = (embedded.height / embedded.width) * widthPt;
    pdf.addPage([widthPt, height]).drawImage(embedded, { x: 0, y: 0, width: widthPt, height });
  }
  return pdf.save({ useObjectStreams: false });
}

async function pageWidth(pdf: Uint8Array): Promise<number> {
  return (await PDFDocument.load(pdf, { updateMetadata: false })).getPage(0).getWidth();
}

/** A flatbed scan: gray, 200–300 dpi, skewed 0.3–1.5°, noise and a little blur, JPEG 60–80, one image per page. */
export async function scannedPdf(pdf: Uint8Array, random: Random): Promise<Rendering> {
  const dpi = random.pick([200, 240, 300]);
  const rotation = Number(((random.chance(0.5) ? 1 : -1) * random.float(0.3, 1.5)).toFixed(2));
  const quality = random.int(60, 80);
  const images = [];
  for (const page of await renderPages(pdf, dpi)) {
    addPaperAndNoise(page, random, 18);
    const turned = await rotateInPlace(page, rotation + random.float(-0.1, 0.1), 248);
    const bytes = await sharp(turned.data, rawOf(turned)).blur(0.55).toColourspace('b-w').jpeg({ quality }).toBuffer();
    images.push({ bytes: new Uint8Array(bytes), format: 'jpeg' as const });
  }
  return { bytes: await imagesToPdf(images, await pageWidth(pdf)), pages: images.length, scan: { format: 'jpeg', dpi, rotationDegrees: rotation, jpegQuality: quality, bilevel: false } };
}

/** Stamps the fax machine's header line at the top of every page, as the sending machine prints it. */
async function withFaxHeader(pdf: Uint8Array, header: string): Promise<Uint8Array> {
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  const font = await document.embedFont(StandardFonts.Courier);
  const pages = document.getPages();
  pages.forEach((page, index) => {
    page.drawText(`${header}   P.${index + 1}/${pages.length}`, { x: 24, y: page.getHeight() - 14, size: 7.5, font, color: grayscale(0) });
  });
  return document.save({ useObjectStreams: false });
}

/** Thresholds to black and white with speckle: dust dots on the paper and dropouts in the ink. */
function binarise(image: GrayImage, random: Random, threshold: number): void {
  const { data } = image;
  for (let index = 0; index < data.length; index += 1) {
    const black = data[index] < threshold + (random.next() - 0.5) * 40;
    const flip = black ? random.chance(0.015) : random.chance(0.0006);
    data[index] = black !== flip ? 0 : 255;
  }
}

/** A fax: 204 × 98 dpi, binarised with speckle, stretched back to square pixels; a header line on each page. */
export async function faxPdf(pdf: Uint8Array, random: Random, header: string): Promise<Rendering> {
  const rotation = Number(((random.chance(0.5) ? 1 : -1) * random.float(0.1, 0.8)).toFixed(2));
  const threshold = random.int(140, 175);
  const images = [];
  for (const page of await renderPages(await withFaxHeader(pdf, header), 204)) {
    const lowHeight = Math.round((page.height * 98) / 204);
    const squashed = await sharp(page.data, rawOf(page)).resize(page.width, lowHeight, { fit: 'fill', kernel: 'linear' }).extractChannel(0).raw().toBuffer();
    const fine = await rotateInPlace({ data: new Uint8Array(squashed), width: page.width, height: lowHeight }, rotation, 255);
    binarise(fine, random, threshold);
    const bytes = await sharp(fine.data, rawOf(fine))
      .resize(page.width, lowHeight * 2, { fit: 'fill', kernel: 'nearest' })
      .toColourspace('b-w')
      .png({ compressionLevel: 9 })
      .toBuffer();
    images.push({ bytes: new Uint8Array(bytes), format: 'png' as const });
  }
  return {
    bytes: await imagesToPdf(images, await pageWidth(pdf)),
    pages: images.length,
    scan: { format: 'png', dpi: [204, 98], rotationDegrees: rotation, bilevel: true, faxHeader: true },
  };
}

/** Uneven light (a gradient across the frame and a darker corner), a warm tint, and noise, into RGB. */
function lightAndTint(image: GrayImage, random: Random): Buffer {
  const { data, width, height } = image;
  const out = Buffer.alloc(width * height * 3);
  const angle = random.float(0, 2 * Math.PI);
  const [dx, dy] = [Math.cos(angle), Math.sin(angle)];
  const depth = random.float(0.18, 0.32);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const along = ((x / width - 0.5) * dx + (y / height - 0.5) * dy) + 0.5;
      const radial = ((x / width - 0.5) ** 2 + (y / height - 0.5) ** 2) * 0.5;
      const light = 1 - depth * Math.min(1, Math.max(0, along)) - radial * 0.3;
      const value = data[y * width + x] * light + (random.next() - 0.5) * 14;
      const index = (y * width + x) * 3;
      out[index] = Math.max(0, Math.min(255, value));
      out[index + 1] = Math.max(0, Math.min(255, value * 0.965));
      out[index + 2] = Math.max(0, Math.min(255, value * 0.9));
    }
  }
  return out;
}

/** A phone photo of a one-page document on a desk: 130–170 dpi, mild rotation, uneven light, JPEG ~70. */
export async function photoImage(pdf: Uint8Array, random: Random): Promise<Rendering> {
  const dpi = random.int(130, 170);
  const rotation = Number(((random.chance(0.5) ? 1 : -1) * random.float(0.6, 2.5)).toFixed(2));
  const quality = random.int(66, 74);
  const [page] = await renderPages(pdf, dpi);
  const border = Math.round(page.width * 0.05);
  const desk = random.int(70, 110);
  const framed = await sharp(page.data, rawOf(page))
    .extend({ top: border, bottom: border, left: border, right: border, background: { r: desk, g: desk, b: desk } })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const frame: GrayImage = { data: new Uint8Array(framed.data), width: framed.info.width, height: framed.info.height };
  const turned = await rotateInPlace(frame, rotation, desk);
  const colour = lightAndTint(turned, random);
  const bytes = await sharp(colour, rawOf(turned, 3)).blur(0.6).jpeg({ quality }).toBuffer();
  return { bytes: new Uint8Array(bytes), pages: 1, scan: { format: 'jpeg', dpi, rotationDegrees: rotation, jpegQuality: quality, bilevel: false } };
}
