import { PDFDocument, StandardFonts } from 'pdf-lib';

export interface WaiverFacts {
  claimant: string;
  customer: string;
  jobLocation: string;
  owner: string;
  throughDate: string;
  amount: string;
}

/** Writes a one-page conditional waiver PDF (with a real text layer) from the given facts. */
export async function makeWaiverPdf(facts: WaiverFacts): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText('CONDITIONAL WAIVER AND RELEASE ON PROGRESS PAYMENT', { x: 72, y: 720, size: 13, font: bold });
  const notice = [
    'NOTICE: THIS DOCUMENT WAIVES THE CLAIMANT\'S LIEN, STOP PAYMENT NOTICE, AND PAYMENT',
    'BOND RIGHTS EFFECTIVE ON RECEIPT OF PAYMENT. A PERSON SHOULD NOT RELY ON THIS DOCUMENT',
    'UNLESS SATISFIED THAT THE CLAIMANT HAS RECEIVED PAYMENT.',
  ];
  notice.forEach((line, index) => page.drawText(line, { x: 72, y: 690 - index * 14, size: 9, font: regular }));
  const rows: Array<[string, string]> = [
    ['Name of Claimant:', facts.claimant],
    ['Name of Customer:', facts.customer],
    ['Job Location:', facts.jobLocation],
    ['Owner:', facts.owner],
    ['Through Date:', facts.throughDate],
    ['Amount of Check:', facts.amount],
  ];
  rows.forEach(([label, value], index) => {
    page.drawText(`${label} ${value}`, { x: 72, y: 620 - index * 24, size: 11, font: regular });
  });
  page.drawText(
    'This document waives and releases lien, stop payment notice, and payment bond rights the claimant has for labor',
    { x: 72, y: 450, size: 9, font: regular },
  );
  page.drawText('and service provided, and equipment and material delivered, to the customer on this job through the Through Date.', {
    x: 72,
    y: 436,
    size: 9,
    font: regular,
  });
  page.drawText('Claimant\'s Signature: ____________________', { x: 72, y: 380, size: 11, font: regular });
  return pdf.save();
}
