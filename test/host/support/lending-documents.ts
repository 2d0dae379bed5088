/**
 * Lending documents the tests make: ACORD 25 certificates and a statement of repair laid out as
 * monospace text and written into text PDFs (Courier), which the real engine reads and classifies.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { FILLED_ACORD25 } from '../../plugins/insurance-cert/support/acord-text.js';
import { HEADER, itemRow } from '../../plugins/sor/support/documents.js';

const FONT_SIZE = 6.5;
const LINE_HEIGHT = FONT_SIZE * 1.3;
const MARGIN = 36;

/** One page per text; each character keeps its column (Courier is monospaced). */
export async function monospacePdf(pages: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Courier);
  for (const text of pages) {
    const lines = text.split('\n');
    const columns = Math.max(...lines.map((line) => line.length));
    const page = pdf.addPage([Math.max(612, columns * FONT_SIZE * 0.6 + 2 * MARGIN), Math.max(792, lines.length * LINE_HEIGHT + 2 * MARGIN)]);
    lines.forEach((line, index) => {
      if (line.trim()) page.drawText(line, { x: MARGIN, y: page.getHeight() - MARGIN - (index + 1) * LINE_HEIGHT, size: FONT_SIZE, font });
    });
  }
  return pdf.save();
}

/** MM/DD/YYYY, `days` from `from` (UTC). */
export function usDate(from: Date, days: number): string {
  const date = new Date(from.getTime() + days * 86_400_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()}`;
}

export interface CertificateOptions {
  /** Days from today to the general liability policy's expiration (default 365). */
  glExpiresInDays?: number;
  /** Each occurrence of general liability, as printed (default "1,000,000"). */
  glEachOccurrence?: string;
  /** Leave the workers' compensation row empty. */
  withoutWorkersComp?: boolean;
}

/**
 * The ACORD 25 of the plugin tests with its policy periods moved around today (the job's date),
 * and the changes a test asks for. Replacements keep every column in place.
 */
export function certificateText(options: CertificateOptions = {}, today = new Date()): string {
  const effective = usDate(today, -60);
  let text = FILLED_ACORD25.replace(/(GL 7781-22 +)02\/01\/2026   02\/01\/2027/, `$1${effective}   ${usDate(today, options.glExpiresInDays ?? 365)}`)
    .replace(/(BA 5512093 +)02\/01\/2026   02\/01\/2027/, `$1${effective}   ${usDate(today, 365)}`)
    .replace(/(WC 0098812 +)03\/01\/2026   03\/01\/2027/, `$1${effective}   ${usDate(today, 365)}`)
    .replace(/(IM 440021 +)02\/01\/2026   02\/01\/2027/, `$1${effective}   ${usDate(today, 365)}`);
  if (options.glEachOccurrence) {
    text = text.replace(/(EACH OCCURRENCE {14}\$ )1,000,000/, (_match, caption: string) => caption + options.glEachOccurrence!.padEnd(9));
  }
  if (options.withoutWorkersComp) {
    text = text
      .replace(/WC 0098812 +\d\d\/\d\d\/\d{4} {3}\d\d\/\d\d\/\d{4}/, (row) => ' '.repeat(row.length))
      .replace(/ B {4}OFFICER/, '      OFFICER')
      .replace(/(E\.L\.[^$\n]*\$ )1,000,000/g, '$1         ');
  }
  return text;
}

export const certificatePdf = (options: CertificateOptions = {}) => monospacePdf([certificateText(options)]);

const recapRow = (label: string, amount: string): string => `${''.padEnd(46)}${label.padEnd(30)}${amount.padStart(19)}`;

/** A two-page statement of repair: sections add up to $4,555.00, recap to $5,238.25 unless `grandTotal` says otherwise. */
export function statementPdf(grandTotal = '$5,238.25'): Promise<Uint8Array> {
  const page1 = [
    'ACME RENOVATION CONSULTANTS, LLC                                  SPECIFICATION OF REPAIRS',
    '',
    'Borrower:   Jane Q. Public                      Inspection Date:   March 3, 2026',
    'Property:   12 Elm St                           Consultant:        John Smith',
    '            Springfield, IL 62701               File No.:          F-100',
    'Lender:     First Bank                          No. of Units:      2',
    'CONTRACTOR:  Best Builders, Inc.     License #:  GC-1     Phone:  (555) 123-4567',
    '',
    HEADER,
    '1.0 General Requirements',
    itemRow('1.1', 'Dumpster, delivery and haul', '2', 'EA', '500.00', '100.00', '600.00'),
    itemRow('1.2', 'Temporary toilet rental', '1', 'LS', '80.00', '0.00', '80.00'),
    itemRow('', 'Subtotal 1.0 General Requirements', '', '', '580.00', '100.00', '$680.00'),
    '2.0 Roofing',
    itemRow('2.1', 'Tear off and replace shingles, 30-year', '20', 'SQ', '2,000.00', '1,500.00', '3,500.00'),
    '',
    'Printed 03/05/2026                                                            Page 1 of 2',
  ];
  const page2 = [
    'Acme Renovation Consultants, LLC - File F-100',
    '',
    HEADER,
    '2.0 Roofing (continued)',
    itemRow('2.2', 'Drip edge, aluminum', '150', 'LF', '150.00', '225.00', '375.00'),
    itemRow('', 'Subtotal 2.0 Roofing', '', '', '2,150.00', '1,725.00', '$3,875.00'),
    '',
    `RECAP${recapRow('Subtotal (all sections)', '$4,555.00').slice(5)}`,
    recapRow('General Conditions (5%)', '$227.75'),
    recapRow('Overhead & Profit (10%)', '$455.50'),
    recapRow('GRAND TOTAL', grandTotal),
    '',
    'Printed 03/05/2026                                                            Page 2 of 2',
  ];
  return monospacePdf([page1.join('\n'), page2.join('\n')]);
}

/** A page of plain prose: neither a certificate nor a statement of repair. */
export const memoPdf = () =>
  monospacePdf(['MEETING NOTES\n\nWe discussed the menu of the garden party and the music.\nEveryone brings two chairs and a salad.']);
