import { grayscale, PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { CalendarDate } from './content.js';

/** Drawing on pdf-lib pages with top-left coordinates in points, standard fonts only. */

export type FontFamily = 'Helvetica' | 'Times' | 'Courier';

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
}

const FONT_NAMES: Record<FontFamily, [StandardFonts, StandardFonts, StandardFonts]> = {
  Helvetica: [StandardFonts.Helvetica, StandardFonts.HelveticaBold, StandardFonts.HelveticaOblique],
  Times: [StandardFonts.TimesRoman, StandardFonts.TimesRomanBold, StandardFonts.TimesRomanItalic],
  Courier: [StandardFonts.Courier, StandardFonts.CourierBold, StandardFonts.CourierOblique],
};

export interface TextStyle {
  font: PDFFont;
  size: number;
  /** Gray level, 0 black to 1 white. */
  gray?: number;
}

export type Align = 'left' | 'right' | 'center';

export interface Margins {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export interface SheetOptions {
  size: [number, number];
  margins: Margins;
  title: string;
  producer: string;
  date: CalendarDate;
}

/** A growing stack of pages with a cursor `y` (points from the top of the current page). */
export class Sheet {
  readonly pages: PDFPage[] = [];
  page!: PDFPage;
  y = 0;
  /** Called after each new page is added, before anything else is drawn on it (running headers). */
  onPageStart: (sheet: Sheet) => void = () => undefined;

  private constructor(
    readonly pdf: PDFDocument,
    readonly options: SheetOptions,
  ) {}

  static async create(options: SheetOptions): Promise<Sheet> {
    const pdf = await PDFDocument.create({ updateMetadata: false });
    const when = new Date(Date.UTC(options.date.year, options.date.month - 1, options.date.day, 15, 4, 0));
    pdf.setTitle(options.title);
    pdf.setProducer(options.producer);
    pdf.setCreator(options.producer);
    pdf.setCreationDate(when);
    pdf.setModificationDate(when);
    return new Sheet(pdf, options);
  }

  async fonts(family: FontFamily): Promise<Fonts> {
    const [regular, bold, italic] = FONT_NAMES[family];
    return { regular: await this.pdf.embedFont(regular), bold: await this.pdf.embedFont(bold), italic: await this.pdf.embedFont(italic) };
  }

  get width(): number {
    return this.options.size[0];
  }

  get height(): number {
    return this.options.size[1];
  }

  get left(): number {
    return this.options.margins.left;
  }

  get right(): number {
    return this.width - this.options.margins.right;
  }

  get bottom(): number {
    return this.height - this.options.margins.bottom;
  }

  addPage(): void {
    this.page = this.pdf.addPage(this.options.size);
    this.pages.push(this.page);
    this.y = this.options.margins.top;
    this.onPageStart(this);
  }

  /** Starts a new page when `height` more points do not fit; true when it did. */
  ensure(height: number): boolean {
    if (this.y + height <= this.bottom) return false;
    this.addPage();
    return true;
  }

  textWidth(text: string, style: TextStyle): number {
    return style.font.widthOfTextAtSize(text, style.size);
  }

  /** Draws one line with its baseline at `y`; `x` is the left edge, right edge or centre by `align`. */
  text(text: string, x: number, y: number, style: TextStyle, align: Align = 'left'): void {
    if (!text) return;
    const width = this.textWidth(text, style);
    const left = align === 'right' ? x - width : align === 'center' ? x - width / 2 : x;
    this.page.drawText(text, { x: left, y: this.height - y, size: style.size, font: style.font, color: grayscale(style.gray ?? 0) });
  }

  rule(x1: number, x2: number, y: number, thickness = 0.5, gray = 0): void {
    this.page.drawLine({ start: { x: x1, y: this.height - y }, end: { x: x2, y: this.height - y }, thickness, color: grayscale(gray) });
  }

  vrule(x: number, y1: number, y2: number, thickness = 0.5, gray = 0): void {
    this.page.drawLine({ start: { x, y: this.height - y1 }, end: { x, y: this.height - y2 }, thickness, color: grayscale(gray) });
  }

  box(x: number, y: number, width: number, height: number, paint: { fill?: number; stroke?: number; thickness?: number }): void {
    this.page.drawRectangle({
      x,
      y: this.height - y - height,
      width,
      height,
      color: paint.fill === undefined ? undefined : grayscale(paint.fill),
      borderColor: paint.stroke === undefined ? undefined : grayscale(paint.stroke),
      borderWidth: paint.stroke === undefined ? 0 : (paint.thickness ?? 0.5),
    });
  }

  /** Greedy word wrap to `width`. */
  wrap(text: string, width: number, style: TextStyle): string[] {
    const lines = this.wrapWords(text.split(/\s+/).filter(Boolean), width, style);
    return lines.length > 0 ? lines : [''];
  }

  /** Greedy wrap of `words` to `width`, joining them with single spaces; a word may hold spaces and is never broken. No words, no lines. */
  wrapWords(words: string[], width: number, style: TextStyle): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && this.textWidth(candidate, style) > width) {
        lines.push(line);
        line = word;
      } else {
        line = candidate;
      }
    }
    if (line) lines.push(line);
    return lines;
  }

  /** Draws wrapped lines from the cursor and moves it down. */
  paragraph(text: string, x: number, width: number, style: TextStyle, leading: number): void {
    for (const line of this.wrap(text, width, style)) {
      this.text(line, x, this.y + style.size, style);
      this.y += leading;
    }
  }

  /** Runs `draw` on every page with its index and the page count (footers such as "Page 2 of 3"). */
  decorate(draw: (index: number, count: number) => void): void {
    this.pages.forEach((page, index) => {
      this.page = page;
      draw(index, this.pages.length);
    });
  }

  save(): Promise<Uint8Array> {
    return this.pdf.save({ useObjectStreams: false });
  }
}

/**
 * "1,234.56"; `dollar` adds "$", `whole` drops the cents, `separators: false` drops the thousands commas,
 * `parentheses` prints a negative amount as accountants do: "(1,234.56)".
 */
export function money(cents: number, options: { dollar?: boolean; whole?: boolean; separators?: boolean; parentheses?: boolean } = {}): string {
  const negative = cents < 0;
  const absolute = Math.abs(cents);
  const whole = Math.floor(absolute / 100);
  const dollars = options.separators === false ? String(whole) : whole.toLocaleString('en-US');
  const text = `${options.dollar ? '$' : ''}${options.whole ? dollars : `${dollars}.${String(absolute % 100).padStart(2, '0')}`}`;
  if (negative && options.parentheses) return `(${text})`;
  return `${negative ? '-' : ''}${text}`;
}

/** A quantity as printed: thousands separators, `decimals` places (fewest needed when omitted). */
export function quantityText(value: number, decimals?: number): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals ?? 0, maximumFractionDigits: decimals ?? 2 });
}

/** "7.5%" or "10%". */
export const percentText = (rate: number): string => `${Number.isInteger(rate) ? rate : rate.toFixed(1)}%`;

/** "1 234,50": a space between thousands, a comma before the cents, a minus sign before a credit. */
export function spacedComma(cents: number): string {
  const absolute = Math.abs(cents);
  const whole = String(Math.floor(absolute / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${cents < 0 ? '-' : ''}${whole},${String(absolute % 100).padStart(2, '0')}`;
}
