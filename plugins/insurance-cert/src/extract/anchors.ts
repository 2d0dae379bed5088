import { findBest, findLabel, lowest, topmost, type LabelMatch } from '../layout/labels.js';
import type { PageLayout } from '../layout/page-layout.js';

/** The box captions of the ACORD 25 that split the page into regions. */
export interface PageAnchors {
  producer?: LabelMatch;
  /** Top of the producer's box: its caption, else (OCR lost it) the foot of the notice printed across the page above it. */
  producerTop?: number;
  insured?: LabelMatch;
  /** Left edge of the right-hand column (contact, insurers). */
  rightColumnX: number;
  /** The COVERAGES / CERTIFICATE NUMBER row, where the top boxes end. */
  coveragesY?: number;
  certificateNumber?: LabelMatch;
  holder?: LabelMatch;
  /** Top of the certificate holder's box: its caption, else the CANCELLATION caption beside it. */
  holderTop?: number;
  /** Left edge of the CANCELLATION box beside the certificate holder. */
  holderRightX: number;
  /** Top of the form footer (ACORD 25 (2016/03)), or the page bottom. */
  footerY: number;
}

/** The captions must begin a segment of their whole row, so a word of the notice across the page (CONTRACT) is no CONTACT. */
function rightColumn(layout: PageLayout): number {
  const captions = ['CONTACT', 'PHONE', 'E-MAIL', 'INSURER A', 'INSURER B', 'INSURER C'];
  const edges = captions
    .flatMap((caption) => findLabel(layout, caption, { within: [0, 0.05, 1, 0.5], segmentStart: true }))
    .map((match) => match.bbox[0])
    .filter((edge) => edge >= 0.35 && edge <= 0.65);
  return edges.length > 0 ? Math.min(...edges) - 0.01 : 0.49;
}

/**
 * The foot of the lowest line above `before` that runs across the right column's edge: the notice
 * (THIS CERTIFICATE IS ISSUED …, IMPORTANT: …) printed across the page above the producer's box.
 */
function noticeBottom(layout: PageLayout, columnX: number, before: number): number | undefined {
  const across = layout.tokens.filter((token) => token.bbox[0] < columnX && token.bbox[2] > columnX && token.bbox[3] < before);
  return across.length > 0 ? Math.max(...across.map((token) => token.bbox[3])) : undefined;
}

/** Locates the captions every region is measured from; missing ones stay undefined. */
export function findAnchors(layout: PageLayout): PageAnchors {
  const rightColumnX = rightColumn(layout);
  const left: [number, number, number, number] = [0, 0, rightColumnX, 1];
  const producer = topmost(findLabel(layout, 'PRODUCER', { segmentStart: true, within: [0, 0, rightColumnX, 0.5] }));
  const certificateNumber = topmost(findLabel(layout, 'CERTIFICATE NUMBER', { within: [0, 0.1, 1, 0.6] }));
  const coverages = topmost(findLabel(layout, 'COVERAGES', { segmentStart: true, within: [0, 0.1, 0.5, 0.6] }));
  const coveragesY = Math.min(coverages?.bbox[1] ?? 1, certificateNumber?.bbox[1] ?? 1);
  const insuredTop = producer ? producer.bbox[3] : 0;
  const insured = topmost(
    findLabel(layout, 'INSURED', { segmentStart: true, within: [left[0], insuredTop, left[2], coveragesY < 1 ? coveragesY : 0.6] }),
  );
  const holder = lowest(findLabel(layout, 'CERTIFICATE HOLDER', { segmentStart: true, within: [0, 0.5, 0.6, 1] }));
  const cancellationArea: [number, number, number, number] = [0.3, holder ? holder.bbox[1] - 0.02 : 0.5, 1, 1];
  const cancellation =
    findBest(layout, 'CANCELLATION', { within: cancellationArea }) ??
    findBest(layout, 'SHOULD ANY OF THE ABOVE DESCRIBED POLICIES', { within: cancellationArea, minScore: 0.7 });
  const footer = lowest(findLabel(layout, 'ACORD 25', { segmentStart: true, within: [0, holder ? holder.bbox[3] : 0.8, 0.5, 1] }));
  return {
    producer,
    producerTop: producer?.bbox[1] ?? noticeBottom(layout, rightColumnX, insured?.bbox[1] ?? Math.min(coveragesY, 0.5)),
    insured,
    rightColumnX,
    coveragesY: coveragesY < 1 ? coveragesY : undefined,
    certificateNumber,
    holder,
    holderTop: holder?.bbox[1] ?? cancellation?.bbox[1],
    holderRightX: cancellation ? cancellation.bbox[0] - 0.005 : 0.55,
    footerY: footer ? footer.bbox[1] : 1,
  };
}
