import type { Fonts, Sheet, TextStyle } from '../layout.js';
import type { Parties } from '../model.js';
import { cityLine, streetLine } from './parts.js';

/** g36's pre-printed proposal form: the imprint, the boxes, the ruled lines with dollars-and-cents cells, the totals and acceptance. */

export const FORM = {
  left: 36,
  right: 576,
  /** Top of the first ruled line and the pitch of the lines. */
  linesTop: 222,
  pitch: 14,
  lines: 26,
  /** Left edges of the columns; the unit price and amount each end in a cents cell. */
  quantity: 36,
  unit: 74,
  description: 102,
  unitPrice: 400,
  unitCents: 458,
  amount: 478,
  amountCents: 556,
  /** Top of the totals block under the lines: four rows. */
  totalsTop: 222 + 26 * 14 + 4,
} as const;

interface Box {
  caption: string;
  from: number;
  to: number;
}

/** The rows of captioned boxes under the imprint, each 22 points high from `BOXES_TOP`. */
export const BOXES_TOP = 100;
export const BOXES: Box[][] = [
  [{ caption: 'PROPOSAL SUBMITTED TO', from: 36, to: 330 }, { caption: 'PHONE', from: 330, to: 450 }, { caption: 'DATE', from: 450, to: 576 }],
  [{ caption: 'STREET', from: 36, to: 330 }, { caption: 'JOB NAME', from: 330, to: 576 }],
  [{ caption: 'CITY, STATE AND ZIP CODE', from: 36, to: 330 }, { caption: 'JOB LOCATION', from: 330, to: 576 }],
  [{ caption: 'LENDER', from: 36, to: 250 }, { caption: 'LOAN NO.', from: 250, to: 330 }, { caption: '203(k) CONSULTANT', from: 330, to: 576 }],
];

/** Where the form has a blank for typing: the baseline and the left edge. */
export const BLANKS = {
  words: { x: 44, y: FORM.totalsTop + 4 * FORM.pitch + 30 },
  figure: { x: 506, y: FORM.totalsTop + 4 * FORM.pitch + 30 },
  payment: { x: 160, y: FORM.totalsTop + 4 * FORM.pitch + 48 },
  days: { x: 538, y: FORM.totalsTop + 4 * FORM.pitch + 96 },
};

const TOTAL_CAPTIONS = ['SUBTOTAL', '', '', 'TOTAL'];

function columnHeads(sheet: Sheet, caption: TextStyle): void {
  const top = FORM.linesTop - 14;
  sheet.box(FORM.left, top, FORM.right - FORM.left, 14, { fill: 0.85, stroke: 0, thickness: 0.7 });
  const heads: Array<[string, number, number]> = [
    ['QUAN.', FORM.quantity, FORM.unit],
    ['UNIT', FORM.unit, FORM.description],
    ['DESCRIPTION', FORM.description, FORM.unitPrice],
    ['UNIT PRICE', FORM.unitPrice, FORM.amount],
    ['AMOUNT', FORM.amount, FORM.right],
  ];
  for (const [text, from, to] of heads) {
    sheet.text(text, (from + to) / 2, top + 9.5, caption, 'center');
    if (from > FORM.left) sheet.vrule(from, top, FORM.totalsTop - 4, 0.7);
  }
}

function ruledLines(sheet: Sheet): void {
  for (let index = 1; index <= FORM.lines; index += 1) sheet.rule(FORM.left, FORM.right, FORM.linesTop + index * FORM.pitch, 0.4, 0.35);
  sheet.vrule(FORM.left, FORM.linesTop - 14, FORM.totalsTop - 4, 0.7);
  sheet.vrule(FORM.right, FORM.linesTop - 14, FORM.totalsTop - 4, 0.7);
  for (const x of [FORM.unitCents, FORM.amountCents]) sheet.vrule(x, FORM.linesTop, FORM.totalsTop - 4, 0.4, 0.35);
}

function totalsBlock(sheet: Sheet, caption: TextStyle): void {
  TOTAL_CAPTIONS.forEach((text, index) => {
    const top = FORM.totalsTop + index * FORM.pitch;
    sheet.box(FORM.unitPrice, top, FORM.right - FORM.unitPrice, FORM.pitch, { stroke: 0, thickness: 0.6 });
    sheet.vrule(FORM.amount, top, top + FORM.pitch, 0.6);
    sheet.vrule(FORM.amountCents, top, top + FORM.pitch, 0.4, 0.35);
    if (text) sheet.text(text, FORM.amount - 4, top + 10, caption, 'right');
  });
}

function acceptance(sheet: Sheet, fonts: Fonts): void {
  const serif: TextStyle = { font: fonts.regular, size: 8.5 };
  const small: TextStyle = { font: fonts.regular, size: 6.5 };
  const base = FORM.totalsTop + 4 * FORM.pitch;
  sheet.text('We propose hereby to furnish material and labor, complete in accordance with the above specifications, for the sum of:', FORM.left, base + 14, serif);
  sheet.rule(FORM.left, 462, base + 32, 0.4);
  sheet.text('dollars ($', 466, base + 30, serif);
  sheet.rule(506, 570, base + 32, 0.4);
  sheet.text(')', 572, base + 30, serif);
  sheet.text('Payment to be made as follows:', FORM.left, base + 48, serif);
  sheet.rule(156, FORM.right, base + 50, 0.4);
  sheet.y = base + 58;
  sheet.paragraph(
    'Materials are guaranteed to be as specified and the work will be done in a workmanlike manner according to standard practice. Any change from the specifications that costs more will be made only on written order and charged over and above this estimate. Owner to carry fire and other necessary insurance; our workers are covered by workers\' compensation insurance.',
    FORM.left,
    300,
    small,
    7.5,
  );
  sheet.text('Authorized Signature', 346, base + 80, { ...serif, size: 7.5 });
  sheet.rule(420, FORM.right, base + 82, 0.4);
  sheet.text('Note: This proposal may be withdrawn by us if not accepted within', 346, base + 96, { ...serif, size: 7 });
  sheet.rule(534, 556, base + 98, 0.4);
  sheet.text('days.', 558, base + 96, { ...serif, size: 7 });
  const bold: TextStyle = { font: fonts.bold, size: 8.5 };
  sheet.text('Acceptance of Proposal', FORM.left, base + 112, bold);
  sheet.text('The prices, specifications and conditions above are satisfactory and are accepted. You are authorized to do', 140, base + 112, { ...serif, size: 7 });
  sheet.text('the work as specified; payment will be made as outlined above.', FORM.left, base + 121, { ...serif, size: 7 });
  sheet.text('Date of Acceptance:', FORM.left, base + 140, { ...serif, size: 7.5 });
  sheet.rule(108, 250, base + 142, 0.4);
  for (const [x, y] of [[346, base + 126], [346, base + 142]] as const) {
    sheet.text('Signature', x, y, { ...serif, size: 7.5 });
    sheet.rule(384, FORM.right, y + 2, 0.4);
  }
}

/** The blank form on the current page, with the contractor's imprint. */
export function drawForm(sheet: Sheet, fonts: Fonts, sans: Fonts, contractor: NonNullable<Parties['contractor']>): void {
  const caption: TextStyle = { font: sans.regular, size: 5.5 };
  sheet.text(contractor.name, FORM.left, 52, { font: fonts.bold, size: 15 });
  const imprint = [streetLine(contractor.address), cityLine(contractor.address), `Phone ${contractor.phone}`, `Licensed & Insured  ·  Lic. No. ${contractor.license}`];
  imprint.forEach((text, index) => sheet.text(text, FORM.left, 64 + index * 9.5, { font: fonts.regular, size: 8.5 }));
  sheet.text('Proposal', FORM.right, 56, { font: fonts.italic, size: 28 }, 'right');
  for (const [text, from, to] of [['PROPOSAL NO.', 420, 500], ['SHEET NO.', 500, 576]] as const) {
    sheet.box(from, 66, to - from, 24, { stroke: 0, thickness: 0.7 });
    sheet.text(text, from + 3, 72.5, caption);
  }
  BOXES.forEach((row, index) => {
    for (const box of row) {
      sheet.box(box.from, BOXES_TOP + index * 22, box.to - box.from, 22, { stroke: 0, thickness: 0.7 });
      sheet.text(box.caption, box.from + 3, BOXES_TOP + index * 22 + 6.5, caption);
    }
  });
  sheet.text('We hereby submit specifications and estimates for:', FORM.left, FORM.linesTop - 20, { font: fonts.italic, size: 9 });
  columnHeads(sheet, { font: sans.bold, size: 6.5 });
  ruledLines(sheet);
  totalsBlock(sheet, { font: sans.bold, size: 6.5 });
  acceptance(sheet, fonts);
}
