import type { BBox } from '@docsift/core';
import { joinWords } from '@docsift/core/layout';
import { findLabel, topmost, type LabelMatch } from '../layout/labels.js';
import { captionKey, groupRows, segmentsOf, tokensIn, type PageLayout, type Token } from '../layout/page-layout.js';
import { findPhone, isEmail, isPhone, isPlaceholder } from '../parse/values.js';
import type { PageAnchors } from './anchors.js';
import { found, type Found, type PartyDraft } from './draft.js';

/** One printed line of a box: its text (wide gaps become ", ") and the tokens it came from. */
interface BoxLine {
  text: string;
  tokens: Token[];
  /** Texts of the line's cells (parts separated by wide gaps). */
  cells: string[];
}

/** Lines that begin an address even without a digit (attention lines, care-of lines). */
const ADDRESS_START = /^(ATTN|ATTENTION|C\/O|CARE OF|P\.?\s?O\.? BOX)\b/i;

const CONTACT_WORDS = /^(PHONE|FAX|E-?MAIL|TEL|CONTACT)\b/i;

/** A line that is only a phone number, e-mail, or contact caption is not part of a name or address. */
function isContactLine(text: string): boolean {
  const parts = text.split(/,\s+|\s{2,}/).map((part) => part.trim()).filter(Boolean);
  return CONTACT_WORDS.test(text) || parts.every((part) => isPhone(part) || isEmail(part) || part.split(/\s+/).every((word) => isEmail(word)));
}

/** A short, barely legible OCR word in a box is a speck or a stamp, not part of a name or address. */
function isOcrSpeck(token: Token): boolean {
  return token.source === 'ocr' && token.confidence < 0.4 && token.text.length <= 3;
}

/** The lines of a box, without the caption's own tokens and without contact lines; a name line keeps only cells with words. */
function boxLines(layout: PageLayout, box: BBox, exclude: Token[] = []): BoxLine[] {
  const skip = new Set(exclude);
  const tokens = tokensIn(layout, box).filter((token) => !skip.has(token) && !isOcrSpeck(token));
  const lines = groupRows(tokens).map((row) => {
    const cells = segmentsOf(row, layout).map((segment) => segment.text.replace(/,$/, ''));
    return { text: cells.join(', '), tokens: row, cells };
  });
  return lines.filter((line) => !isContactLine(line.text) && !isPlaceholder(line.text) && captionKey(line.text).length > 2);
}

/** Lines with no letter at the top of a box (a repeated certificate number) are not the name. */
function dropLeadingNumbers(lines: BoxLine[]): BoxLine[] {
  const first = lines.findIndex((line) => /[A-Za-z]{2}/.test(line.text));
  return first < 0 ? [] : lines.slice(first);
}

/** A line that ends a US address: state code and ZIP. */
const STATE_ZIP = /\b[A-Z]{2}\s*,?\s+\d{5}(?:-\d{4})?\b/;

/**
 * Name and address of a party box: the name is the lines before the first line with a digit
 * (after the first line), the address the rest joined with ", ". A box whose first line is already
 * its city, state and ZIP (OCR lost the lines above) has no name.
 */
function partyFromLines(lines: BoxLine[], page: number): PartyDraft {
  const kept = dropLeadingNumbers(lines);
  if (kept.length === 0) return {};
  let split = kept.findIndex((line, index) => index > 0 && (/\d/.test(line.text) || ADDRESS_START.test(line.text)));
  if (split < 0) split = Math.min(kept.length, 1);
  if (STATE_ZIP.test(kept[0].text)) split = 0;
  const nameLines = kept.slice(0, split);
  const addressLines = kept.slice(split);
  const nameText = nameLines
    .map((line) => line.cells.filter((cell) => /[A-Za-z]{2}/.test(cell)).join(', '))
    .filter(Boolean)
    .join(', ');
  const party: PartyDraft = nameText ? { name: found(nameText, nameLines.flatMap((line) => line.tokens), page) } : {};
  if (addressLines.length > 0) {
    party.address = found(addressLines.map((line) => line.text).join(', '), addressLines.flatMap((line) => line.tokens), page);
  }
  return party;
}

function labelQuality(label: LabelMatch | undefined): number {
  return label ? 0.9 + 0.1 * label.score : 0.85;
}

function withQuality(party: PartyDraft, quality: number): PartyDraft {
  const scale = (value?: Found<string>) => value && { value: value.value, detail: { ...value.detail, confidence: Math.round(value.detail.confidence * quality * 1000) / 1000 } };
  return { name: scale(party.name), address: scale(party.address), phone: scale(party.phone) };
}

function captionBox(label: LabelMatch, right: number, bottom: number): BBox {
  return [Math.max(0, label.bbox[0] - 0.01), label.bbox[1] - 0.002, right, bottom];
}

/**
 * When OCR lost the INSURED caption, the producer's box ends at its first state-and-ZIP line and
 * the insured's lines follow (without a leftover of the caption: one short word at its left edge).
 */
function splitWithoutInsuredCaption(lines: BoxLine[], captionX: number): { producer: BoxLine[]; insured: BoxLine[] } {
  const end = lines.findIndex((line) => STATE_ZIP.test(line.text));
  if (end < 0) return { producer: lines, insured: [] };
  const insured = lines.slice(end + 1);
  const first = insured[0];
  if (first && first.tokens.length === 1 && first.text.length <= 9 && Math.abs(first.tokens[0].bbox[0] - captionX) < 0.015) insured.shift();
  return { producer: lines.slice(0, end + 1), insured };
}

/** The producer's and the insured's boxes of the left column. */
export function readLeftParties(layout: PageLayout, anchors: PageAnchors): { producer: PartyDraft; insured: PartyDraft } {
  const { producer: label, producerTop, insured: insuredLabel } = anchors;
  const coveragesY = anchors.coveragesY ?? 0.4;
  let producer: PartyDraft = {};
  let insured: PartyDraft = {};
  if (producerTop !== undefined) {
    const bottom = insuredLabel?.bbox[1] ?? coveragesY;
    const left = label ? Math.max(0, label.bbox[0] - 0.01) : 0;
    const lines = boxLines(layout, [left, producerTop - 0.002, anchors.rightColumnX, bottom - 0.002], label?.tokens);
    const captionX = label?.bbox[0] ?? Math.min(...lines.map((line) => line.tokens[0].bbox[0]));
    const split = insuredLabel ? { producer: lines, insured: [] } : splitWithoutInsuredCaption(lines, captionX);
    producer = withQuality(partyFromLines(split.producer, layout.page), labelQuality(label));
    insured = withQuality(partyFromLines(split.insured, layout.page), 0.8);
    const phone = readContactPhone(layout, anchors, producerTop, bottom);
    if (phone) producer.phone = phone;
  }
  if (insuredLabel) {
    const lines = boxLines(layout, captionBox(insuredLabel, anchors.rightColumnX, coveragesY - 0.002), insuredLabel.tokens);
    insured = withQuality(partyFromLines(lines, layout.page), labelQuality(insuredLabel));
  }
  return { producer, insured };
}

export function readHolder(layout: PageLayout, anchors: PageAnchors): PartyDraft {
  const label = anchors.holder;
  if (anchors.holderTop === undefined) return {};
  const box: BBox = [0, anchors.holderTop - 0.002, anchors.holderRightX, anchors.footerY - 0.002];
  const lines = boxLines(layout, label ? captionBox(label, anchors.holderRightX, anchors.footerY - 0.002) : box, label?.tokens);
  return withQuality(partyFromLines(lines, layout.page), labelQuality(label));
}

/** Without a readable PHONE caption: the first phone number of the contact box, left of the fax number. */
function firstContactPhone(layout: PageLayout, box: BBox): Found<string> | undefined {
  for (const row of groupRows(tokensIn(layout, box))) {
    for (let start = 0; start < row.length; start++) {
      for (let end = start + 1; end <= Math.min(row.length, start + 3); end++) {
        const tokens = row.slice(start, end);
        const text = joinWords(tokens);
        if (isPhone(text)) return found(text, tokens, layout.page, 0.8);
      }
    }
  }
  return undefined;
}

/** The PHONE (A/C, No, Ext) value of the producer's contact box: the phone number right of or below the caption. */
function readContactPhone(layout: PageLayout, anchors: PageAnchors, producerTop: number, bottom: number): Found<string> | undefined {
  const top = producerTop - 0.02;
  const label = topmost(findLabel(layout, 'PHONE', { within: [anchors.rightColumnX - 0.01, top, 1, bottom] }));
  if (!label) return firstContactPhone(layout, [anchors.rightColumnX, top, 1, bottom]);
  const fax = findLabel(layout, 'FAX', { within: [label.bbox[2], label.bbox[1] - 0.01, 1, label.bbox[3] + 0.02] })[0];
  const right = fax ? fax.bbox[0] : Math.min(1, label.bbox[0] + 0.3);
  const height = layout.wordHeight;
  const box: BBox = [label.bbox[0], label.bbox[1] - height * 1.2, right, label.bbox[3] + height * 2.6];
  for (const row of groupRows(tokensIn(layout, box))) {
    const candidates = row.filter((token) => /\d/.test(token.text));
    const phone = findPhone(joinWords(candidates));
    if (phone) return found(phone, candidates, layout.page, label.score);
  }
  return undefined;
}
