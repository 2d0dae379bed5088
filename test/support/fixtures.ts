/**
 * Helpers that MAKE test documents (never copies of corpus files): text PDFs, fillable PDFs,
 * encrypted PDFs and images. Coordinates given to these helpers are in points from the TOP-left.
 */
import { createHash, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import {
  degrees,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFNumber,
  PDFRawStream,
  PDFString,
  StandardFonts,
  type PDFObject,
  type PDFPage,
  type PDFRef,
} from 'pdf-lib';
import { loadPdfium, openDocument } from '../../core/src/document/pdfium.js';
import { renderPageGray } from '../../core/src/document/render.js';

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
  /** Object streams (pdf-lib's default); off for a classic cross-reference table. */
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

export interface TextImageOptions {
  format?: 'png' | 'jpeg';
  /** Resolution of the rendered text. */
  dpi?: number;
  /** Page size in points before any rotation. */
  pageSize?: [number, number];
  /** Turns the image clockwise by 90, 180 or 270 degrees: a page scanned the wrong way round. */
  quarterTurns?: number;
  /** Skews the image clockwise by this many degrees: a page fed crooked. */
  skewDegrees?: number;
  /** Stores the pixels turned and sets this EXIF orientation so a viewer shows them upright (JPEG only; 6 or 8). */
  exifOrientation?: 6 | 8;
}

/**
 * An image of text, as a scanner would produce it: the items are typeset in a PDF (Helvetica, no
 * system fonts needed), rendered by PDFium, then turned, skewed and encoded with sharp.
 */
export async function makeTextImage(items: TextItem[], options: TextImageOptions = {}): Promise<Uint8Array> {
  const pdf = await makeTextPdf([items], { pageSize: options.pageSize ?? [612, 300] });
  const pdfium = await loadPdfium();
  const document = openDocument(pdfium, pdf);
  let gray;
  try {
    gray = renderPageGray(document, 0, { dpi: options.dpi ?? 200, maxPixels: 50_000_000 });
  } finally {
    document.close();
  }
  const raw = { raw: { width: gray.width, height: gray.height, channels: 1 as const } };
  const turned = await sharp(gray.data, raw).rotate(((options.quarterTurns ?? 0) % 4) * 90).grayscale().raw().toBuffer({ resolveWithObject: true });
  let image = sharp(turned.data, { raw: { width: turned.info.width, height: turned.info.height, channels: 1 } });
  if (options.skewDegrees) image = image.rotate(options.skewDegrees, { background: { r: 255, g: 255, b: 255 } });
  if (options.exifOrientation) {
    const stored = await image.rotate(options.exifOrientation === 6 ? -90 : 90).toColourspace('b-w').jpeg().toBuffer();
    return new Uint8Array(await sharp(stored).withMetadata({ orientation: options.exifOrientation }).jpeg().toBuffer());
  }
  image = image.toColourspace('b-w');
  return new Uint8Array(await (options.format === 'jpeg' ? image.jpeg({ quality: 85 }) : image.png()).toBuffer());
}

/** Each page of a PDF rendered by PDFium at `dpi` as a grey PNG: the pages a scanner would give back. */
export async function rasterizedPages(pdf: Uint8Array, dpi: number): Promise<Uint8Array[]> {
  const pdfium = await loadPdfium();
  const document = openDocument(pdfium, pdf);
  try {
    const pages: Uint8Array[] = [];
    for (let index = 0; index < document.pageCount; index += 1) {
      const gray = renderPageGray(document, index, { dpi, maxPixels: 50_000_000 });
      pages.push(new Uint8Array(await sharp(gray.data, { raw: { width: gray.width, height: gray.height, channels: 1 } }).png().toBuffer()));
    }
    return pages;
  } finally {
    document.close();
  }
}

/** A 600×300 PNG, the left half red and the right half blue: where a rendering put each side shows in its pixels. */
export async function twoColourPng(): Promise<Uint8Array> {
  const half = await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 0, g: 0, b: 255 } } }).png().toBuffer();
  const png = await sharp({ create: { width: 600, height: 300, channels: 3, background: { r: 255, g: 0, b: 0 } } })
    .composite([{ input: half, left: 300, top: 0 }])
    .png()
    .toBuffer();
  return new Uint8Array(png);
}

/** A PDF whose pages are full-page images (a scan): one page per PNG or JPEG. */
export async function makeImagePdf(images: Array<{ bytes: Uint8Array; format: 'png' | 'jpeg' }>): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (const { bytes, format } of images) {
    const embedded = format === 'png' ? await pdf.embedPng(bytes) : await pdf.embedJpg(bytes);
    const width = 612;
    const height = (embedded.height / embedded.width) * width;
    pdf.addPage([width, height]).drawImage(embedded, { x: 0, y: 0, width, height });
  }
  return pdf.save();
}

/** CRC-32 as PNG chunks use it. */
function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A PNG signature and IHDR chunk claiming width × height, with no image data: an image bomb's header. */
export function pngClaimingSize(width: number, height: number): Uint8Array {
  const ihdr = new Uint8Array(17);
  const view = new DataView(ihdr.buffer);
  ihdr.set([0x49, 0x48, 0x44, 0x52]);
  view.setUint32(4, width);
  view.setUint32(8, height);
  ihdr.set([8, 0, 0, 0, 0], 12); // 8-bit gray, deflate, no filter, no interlace
  const chunk = new Uint8Array(4 + 17 + 4);
  new DataView(chunk.buffer).setUint32(0, 13);
  chunk.set(ihdr, 4);
  new DataView(chunk.buffer).setUint32(21, crc32(ihdr));
  return Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...chunk]);
}

/** A JPEG start and baseline frame header claiming width × height, with no scan data. */
export function jpegClaimingSize(width: number, height: number): Uint8Array {
  const frame = [0xff, 0xc0, 0x00, 0x0b, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x01, 0x01, 0x11, 0x00];
  return Uint8Array.from([0xff, 0xd8, ...frame, 0xff, 0xd9]);
}

// ---- Standard Security Handler, RC4 128-bit (revision 3), PDF 1.7 §7.6.3 algorithms 1-5 ----

/** RC4 in a few lines: OpenSSL 3 no longer offers it through node:crypto. */
function rc4(key: Uint8Array, data: Uint8Array): Uint8Array {
  const state = Array.from({ length: 256 }, (_, index) => index);
  for (let i = 0, j = 0; i < 256; i += 1) {
    j = (j + state[i] + key[i % key.length]) & 0xff;
    [state[i], state[j]] = [state[j], state[i]];
  }
  const out = new Uint8Array(data.length);
  for (let index = 0, i = 0, j = 0; index < data.length; index += 1) {
    i = (i + 1) & 0xff;
    j = (j + state[i]) & 0xff;
    [state[i], state[j]] = [state[j], state[i]];
    out[index] = data[index] ^ state[(state[i] + state[j]) & 0xff];
  }
  return out;
}

const md5 = (...parts: Uint8Array[]): Uint8Array => {
  const hash = createHash('md5');
  for (const part of parts) hash.update(part);
  return new Uint8Array(hash.digest());
};

const PASSWORD_PADDING = Uint8Array.from([
  0x28, 0xbf, 0x4e, 0x5e, 0x4e, 0x75, 0x8a, 0x41, 0x64, 0x00, 0x4e, 0x56, 0xff, 0xfa, 0x01, 0x08, 0x2e, 0x2e, 0x00, 0xb6, 0xd0, 0x68,
  0x3e, 0x80, 0x2f, 0x0c, 0xa9, 0xfe, 0x64, 0x53, 0x69, 0x7a,
]);
const KEY_BYTES = 16;

function padPassword(password: string): Uint8Array {
  const bytes = new TextEncoder().encode(password).slice(0, 32);
  const padded = new Uint8Array(32);
  padded.set(bytes);
  padded.set(PASSWORD_PADDING.subarray(0, 32 - bytes.length), bytes.length);
  return padded;
}

/** RC4 with the key, then 19 more passes with the key XOR the pass number (revision 3). */
function rc4Rounds(key: Uint8Array, data: Uint8Array): Uint8Array {
  let out = rc4(key, data);
  for (let round = 1; round <= 19; round += 1) out = rc4(key.map((byte) => byte ^ round), out);
  return out;
}

function md5Rounds(seed: Uint8Array): Uint8Array {
  let hash = md5(seed);
  for (let round = 0; round < 50; round += 1) hash = md5(hash.subarray(0, KEY_BYTES));
  return hash.subarray(0, KEY_BYTES);
}

function ownerEntry(ownerPassword: string, userPassword: string): Uint8Array {
  return rc4Rounds(md5Rounds(padPassword(ownerPassword || userPassword)), padPassword(userPassword));
}

function fileKey(userPassword: string, owner: Uint8Array, permissions: number, fileId: Uint8Array): Uint8Array {
  const p = new Uint8Array(4);
  new DataView(p.buffer).setInt32(0, permissions, true);
  return md5Rounds(Uint8Array.from([...padPassword(userPassword), ...owner, ...p, ...fileId]));
}

function objectKey(key: Uint8Array, ref: PDFRef): Uint8Array {
  const suffix = [ref.objectNumber & 0xff, (ref.objectNumber >> 8) & 0xff, (ref.objectNumber >> 16) & 0xff, ref.generationNumber & 0xff, 0];
  return md5(Uint8Array.from([...key, ...suffix])).subarray(0, Math.min(key.length + 5, 16));
}

const toHex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

function encryptObject(object: PDFObject, key: Uint8Array): PDFObject {
  if (object instanceof PDFString || object instanceof PDFHexString) return PDFHexString.of(toHex(rc4(key, object.asBytes())));
  if (object instanceof PDFArray) {
    for (let index = 0; index < object.size(); index += 1) object.set(index, encryptObject(object.get(index), key));
    return object;
  }
  if (object instanceof PDFDict) {
    for (const [name, value] of object.entries()) object.set(name, encryptObject(value, key));
    return object;
  }
  if (object instanceof PDFRawStream) {
    encryptObject(object.dict, key);
    return PDFRawStream.of(object.dict, rc4(key, object.contents));
  }
  return object;
}

export interface EncryptOptions {
  /** '' makes a permissions-only PDF that opens without asking for a password. */
  userPassword: string;
  ownerPassword?: string;
  /** The /P flags; printing and copying allowed, modifying not, by default. */
  permissions?: number;
}

/**
 * Encrypts a PDF with the Standard Security Handler (RC4, 128-bit key, revision 3): every string
 * and stream of every object, with the /Encrypt dictionary and /ID in the trailer.
 */
export async function encryptPdf(bytes: Uint8Array, options: EncryptOptions): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const { context } = pdf;
  const permissions = options.permissions ?? -3904 - 4 - 8;
  const fileId = new Uint8Array(randomBytes(16));
  const owner = ownerEntry(options.ownerPassword ?? 'owner-secret', options.userPassword);
  const key = fileKey(options.userPassword, owner, permissions, fileId);
  const user = new Uint8Array(32);
  user.set(rc4Rounds(key, md5(PASSWORD_PADDING, fileId)));
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    context.assign(ref, encryptObject(object, objectKey(key, ref)));
  }
  const encrypt = context.obj({
    Filter: 'Standard',
    V: 2,
    R: 3,
    Length: KEY_BYTES * 8,
    P: PDFNumber.of(permissions),
    O: PDFHexString.of(toHex(owner)),
    U: PDFHexString.of(toHex(user)),
  });
  context.trailerInfo.Encrypt = context.register(encrypt);
  context.trailerInfo.ID = context.obj([PDFHexString.of(toHex(fileId)), PDFHexString.of(toHex(fileId))]);
  return pdf.save({ useObjectStreams: false, updateFieldAppearances: false, addDefaultPage: false });
}

/** Keeps the first `fraction` of a file: a download cut short. */
export function truncate(bytes: Uint8Array, fraction: number): Uint8Array {
  return bytes.slice(0, Math.floor(bytes.length * fraction));
}
