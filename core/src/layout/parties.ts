import type { Word } from '../contracts/document.js';
import { meanConfidence, median, textOf } from './boxes.js';
import type { DocumentLayout } from './document-layout.js';
import type { LabelSpan } from './key-values.js';
import type { FieldConcept } from './lexicon/index.js';
import { cellsOf, rowGap } from './rows.js';
import { foldWord } from './text.js';
import { hasLegalForm, namePart, type TextBlock } from './zones.js';

/**
 * The parties of a document found by their place where no label names them: the issuer is the
 * company of the letterhead (by legal form, type size, place, and its tax id or bank details
 * nearby); the addressee the first address block that is not the issuer's.
 */

/** A party's name as printed, with the words it was read from and how sure the reading is. */
export interface PartyName {
  text: string;
  words: Word[];
  page: number;
  confidence: number;
}

/** Salutations and attention marks printed before a name, in the lexicon's languages. */
const SALUTATION = /^(herr|frau|mr|mrs|ms|miss|m|mme|mlle|sr|sra|srta|dhr|mevr|hr|fr|sig|sigra|attn|z\.? ?hd)\.?$/i;

/** A name's words without the salutation that opens it ("Herr Max Mustermann", "M DE LATTRE"); "M" inside a name is an initial ("Jessie M Horne"). */
export function withoutSalutation(words: Word[]): Word[] {
  const opening = words.findIndex((word) => !SALUTATION.test(word.text));
  return opening < 0 ? [] : words.slice(opening);
}

/** Words that open a letter's greeting, in the lexicon's languages ("Dear", "Sehr geehrte", "Estimado", "Geachte"). */
const GREETING = /^(dear|hello|hi|estimad[oa]s?|querid[oa]s?|hola|sehr|liebe[rs]?|hallo|cher|chère|chers|chères|bonjour|geachte|beste|gentil[ei]|egregi[oa]|car[oa]|prezad[oa]s?|olá|ola)$/i;
/** A greeting is one short line: the addressee or a role after the opening word. */
const GREETING_MAX_WORDS = 8;
/** A greeting this short needs no colon or comma closing it (OCR may lose it). */
const BARE_GREETING_WORDS = 4;

/**
 * A letter's greeting line ("Dear Rebecca Lindqvist:", "Dear Homeowner(s):", "Sehr geehrte Damen und
 * Herren,"): the opening word, a name or a role, and a colon or comma closing the line.
 */
export function isLetterGreeting(words: Word[]): boolean {
  if (words.length < 2 || words.length > GREETING_MAX_WORDS || !GREETING.test(words[0].text)) return false;
  return words.length <= BARE_GREETING_WORDS || /[,:!]$/.test(words[words.length - 1].text);
}
const CONTACT = /@|www\.|https?:|^\+?\d[\d\s()./-]{6,}$/;
/** A British postcode ("LS1 4AP"), as a pattern's source for the address tests that end on one. */
export const UK_POSTCODE = String.raw`[A-Z]{1,2}\d{1,2}[A-Z]? ?\d[A-Z]{2}`;
const POSTAL_LINE = new RegExp(String.raw`\b\d{4,5}\b.*\p{L}{3}|\p{L}{3}.*\b\d{4,5}(-\d{4})?\b|\b${UK_POSTCODE}\b`, 'u');
/** Document titles that a number follows ("Invoice 123", "Facture FA-2017-0010", "Rechnung Nr. 42"). */
const TITLES = new Set([
  'invoice', 'receipt', 'quote', 'quotation', 'estimate', 'proforma', 'proposal',
  'rechnung', 'quittung', 'beleg', 'gutschrift', 'angebot',
  'facture', 'recu', 'devis', 'avoir',
  'factura', 'recibo', 'ticket', 'presupuesto', 'comprobante', 'propuesta',
  'factuur', 'kwitantie', 'offerte',
  'fattura', 'ricevuta', 'fatura',
]);
/** Concepts of parties and bank or tax details: where they are labelled, the issuer's block is near. */
const ISSUER_DETAILS: ReadonlySet<FieldConcept> = new Set(['vatId', 'companyRegistration', 'iban', 'bic', 'bankName', 'website', 'email']);

const cellText = (words: Word[]): string => textOf(words);
/** A name line this many times as tall as the page's type is set in large type. */
const LARGE_TYPE = 1.5;
/** An issuer's name read by OCR this unsure is a logo or a speck, not a name. */
const MIN_NAME_CONFIDENCE = 0.6;

/** A document's title word ("Invoice", "Rechnung", "Factura"): what follows it is the document's number, not a name. */
export function isDocumentTitle(word: Word | undefined): boolean {
  return word !== undefined && TITLES.has(foldWord(word.text).replace(/[:#]/g, ''));
}

interface Line {
  block: TextBlock;
  words: Word[];
  index: number;
}

function linesOf(layout: DocumentLayout): Line[] {
  return layout.blocks.flatMap((block) => block.lines.map((words, index) => ({ block, words, index })));
}

const spanWords = (span: LabelSpan<FieldConcept>): Word[] => span.row.words.slice(span.start, span.end);

/** Blocks holding a label of one of the concepts (the words of the label inside the block). */
function blocksWithLabels(layout: DocumentLayout, concepts: ReadonlySet<FieldConcept>): Set<TextBlock> {
  const words = new Set(layout.labels.filter((span) => span.values.some((concept) => concepts.has(concept))).flatMap(spanWords));
  return new Set(layout.blocks.filter((block) => block.lines.some((line) => line.some((word) => words.has(word)))));
}

/** Rows of a grid's values stand this close under their caption row, in row heights. */
const GRID_ROW_GAP = 1.5;

/**
 * The words of the rows under a grid's caption row ("LOAN NUMBER   FHA CASE NO.   ESCROW   BID DATE"
 * over the values): a row of two cells or more without a digit or a colon, half of them or more holding a label.
 */
function gridValueWords(layout: DocumentLayout, labelWords: ReadonlySet<Word>): Set<Word> {
  const words = new Set<Word>();
  layout.rows.forEach((row, index) => {
    const cells = cellsOf(row, 0.95);
    const captions = cells.filter((cell) => cell.some((word) => labelWords.has(word)));
    const under = layout.rows[index + 1];
    if (cells.length < 2 || captions.length * 2 < cells.length || /\d/.test(row.text) || row.words.some((word) => /:$/.test(word.text))) return;
    if (under && under.page === row.page && rowGap(row, under) <= GRID_ROW_GAP) for (const word of under.words) words.add(word);
  });
  return words;
}

/** The issuer: the best-scored name line of a letterhead or of a block with the issuer's tax or bank details. */
export function findIssuer(layout: DocumentLayout): PartyName | null {
  const firstPage = layout.rows[0]?.page ?? 1;
  const heights = layout.blocks.filter((block) => block.page === firstPage).map((block) => block.height);
  const typical = median(heights);
  const detailBlocks = blocksWithLabels(layout, ISSUER_DETAILS);
  const buyerLabels = new Set(layout.labels.filter((span) => span.values.some((concept) => concept === 'buyer' || concept === 'shipTo')).flatMap(spanWords));
  // A line at or under the buyer's label is the buyer's; the letterhead may sit above it in one block.
  const isBuyers = (line: Line): boolean => line.block.lines.slice(0, line.index + 1).some((earlier) => earlier.some((word) => buyerLabels.has(word)));
  const labelled = new Set(layout.labels.filter((span) => span.score >= 0.85).flatMap(spanWords));
  // A name that is nothing but a label, however weakly placed ("Tel." before its number), is no name.
  const anyLabel = new Set(layout.labels.flatMap(spanWords));
  // A value in a grid of facts under their captions is the lender's, the escrow's…: no letterhead.
  const gridValues = gridValueWords(layout, anyLabel);
  // Names printed again in a page's lower half: the issuer's footer repeats the letterhead.
  const footerNames = new Set(
    linesOf(layout)
      .filter((line) => line.block.bbox[1] > 0.5)
      .map((line) => cellText(namePart(line.words)).toLowerCase()),
  );
  // A logo or a speck OCR read as "i}" above the letterhead holds no word: the letterhead is the topmost block with one.
  const topmost = layout.blocks
    .filter((block) => block.page === firstPage && block.lines.some((line) => /\p{L}{3}/u.test(cellText(line))))
    .sort((a, b) => a.bbox[1] - b.bbox[1])[0];
  let best: PartyName | null = null;
  for (const line of linesOf(layout)) {
    const words = issuerName(line.words);
    const text = cellText(words);
    if (words.length === 0 || !/\p{L}{3}/u.test(text) || CONTACT.test(text) || words.some((word) => labelled.has(word) || /:$/.test(word.text))) continue;
    if (words.every((word) => anyLabel.has(word))) continue;
    if (words.some(isDocumentTitle) || isBuyers(line) || meanConfidence(words) < MIN_NAME_CONFIDENCE) continue;
    if (words.some((word) => layout.tableWords.has(word) || gridValues.has(word)) || !isNameLine(words)) continue;
    // The issuer is named on the first page, in the footer of its details, or by its legal form
    // at the end of a till receipt that runs over pages ("REWE Markt GmbH").
    const firstPageBlock = line.block.page === firstPage;
    if (!firstPageBlock && !detailBlocks.has(line.block) && !hasLegalForm(words)) continue;
    let score = 0.3 + (firstPageBlock ? 0.1 * Math.max(0, 1 - line.block.bbox[1] / 0.3) : 0);
    if (hasLegalForm(words)) score += 0.3;
    // A name in large type over an address in small type is the letterhead's: an addressee's name is set like its address.
    // Its words are half as tall again as the page's type: ascenders and descenders alone make a word up to 1.4 times as tall.
    const large = median(words.map((word) => word.bbox[3] - word.bbox[1])) >= LARGE_TYPE * typical;
    if (line.block.height >= 1.3 * typical || large) score += 0.15;
    if (detailBlocks.has(line.block) || (footerNames.has(text.toLowerCase()) && line.block.bbox[1] <= 0.5)) score += 0.15;
    if (line.index === 0) score += 0.1;
    if (line.block === topmost) score += 0.15;
    // An address block below the letterhead is the addressee's ("ALEXINUX SARL" in the window).
    if (line.block !== topmost && !large && isAddress(line.block.lines)) score -= 0.25;
    if (/\d/.test(text)) score -= 0.2;
    // "Acme Roofing LLC, info@acme.com": the comma before the contact details is no part of the name.
    if (!best || score > best.confidence) best = { text: text.replace(/[,;]$/, ''), words, page: line.block.page, confidence: Math.min(0.9, score) };
  }
  return best && best.confidence >= 0.45 ? best : null;
}

/** A signature block's "For" before a company ("For Summit Home Improvement, LLC"). */
const ON_BEHALF = /^(for|by|per|pour|für|por|voor)$/i;

/**
 * The name part of a line read as the issuer's: up to a document title printed on the same line
 * ("Summit Home Improvement, LLC   PROPOSAL & CONTRACT"), without a signature block's "For".
 */
function issuerName(line: Word[]): Word[] {
  const words = namePart(line);
  const title = words.findIndex((word, index) => index > 0 && isDocumentTitle(word));
  const named = title > 0 ? words.slice(0, title) : words;
  return named.length > 1 && ON_BEHALF.test(named[0].text) ? named.slice(1) : named;
}

/** Words a copy of a document is marked with, not names ("ORIGINAL", "DUPLICADO"). */
const COPY_MARKS = new Set(['original', 'duplicado', 'triplicado', 'copia', 'copy', 'duplicate', 'triplicate', 'kopie', 'duplicata', 'copie']);
/** A name line is short and no sentence (a letter's "Hola buenas tardes, se autoriza …" is not a name). */
const NAME_MAX_WORDS = 8;

/**
 * A receipt's or letter's courtesy line in the lexicon's languages ("Thank you for visiting",
 * "Merci de votre visite", "Vielen Dank für Ihren Einkauf", "Gracias por su compra"): printed
 * beside the issuer's details, it is no name.
 */
const COURTESY = /^(thank(s| you)|many thanks|merci|danke|vielen dank|herzlichen dank|gracias|muchas gracias|bedankt|dank (u|je)|hartelijk dank|grazie|obrigad[oa]|welcome|bienvenue|willkommen|bienvenid[oa]s?|welkom|please come|have a (nice|good|great))\b/;

function isNameLine(words: Word[]): boolean {
  // "Tri-County Home Improvement Ltd." ends with its legal form's dot, not a sentence's.
  const sentence = /[.!?]$/.test(words[words.length - 1].text) && words.length > 3 && !hasLegalForm(words.slice(-1));
  if (words.length > NAME_MAX_WORDS || sentence) return false;
  if (COURTESY.test(words.map((word) => foldWord(word.text)).join(' ')) && !hasLegalForm(words)) return false;
  return !(words.length === 1 && COPY_MARKS.has(foldWord(words[0].text)));
}

/** Whether lines read as a postal address: two to six lines, none a label, one of them a postcode and town. */
function isAddress(lines: Word[][]): boolean {
  return lines.length >= 2 && lines.length <= 6 && lines.some((line) => POSTAL_LINE.test(cellText(line))) && !lines.some((line) => line.some((word) => /:$/.test(word.text)));
}

/** The addressee's name and the lines of its address under the name (street, town), as printed. */
export interface Addressee extends PartyName {
  address: Word[][];
}

/**
 * The buyer where no label names it: the first address block of the first page that is not the
 * issuer's (the sender's line printed above a window envelope's address is left out of it); a
 * letter's inside address likewise.
 */
export function findAddressee(layout: DocumentLayout, issuer: PartyName | null): Addressee | null {
  const firstPage = layout.rows[0]?.page ?? 1;
  const issuerName = issuer ? issuer.text.toLowerCase() : null;
  const isIssuers = (line: Word[]): boolean => issuerName !== null && cellText(namePart(line)).toLowerCase() === issuerName;
  const shipping = blocksWithLabels(layout, new Set(['shipTo']));
  // A block's heading lines ("Invoice FA-2017-0008", "Bill to") are not its address.
  const addressLines = (lines: Word[][]): Word[][] => {
    let first = 0;
    while (first < lines.length && (lines[first].some(isDocumentTitle) || layout.stops.has(lines[first][0]))) first += 1;
    return lines.slice(first);
  };
  const candidates = layout.blocks
    .filter((block) => block.page === firstPage && block.bbox[1] < 0.5 && !shipping.has(block))
    .map((block) => ({ block, lines: addressLines(block.lines.filter((line) => !isIssuers(line))) }))
    .filter((candidate) => isAddress(candidate.lines))
    .sort((a, b) => a.block.bbox[1] - b.block.bbox[1] || a.block.bbox[0] - b.block.bbox[0]);
  // Without a known issuer, the first address of a document is more likely the sender's than the buyer's.
  if (!issuer) candidates.shift();
  for (const { block, lines } of candidates) {
    // The name comes before the street and town: lines with a postcode or a house number are address.
    const names = lines.filter(
      (words, index) =>
        index < lines.length - 1 &&
        !layout.stops.has(words[0]) &&
        words.some((word) => !SALUTATION.test(word.text)) &&
        /\p{L}{2}/u.test(cellText(words)) &&
        !POSTAL_LINE.test(cellText(words)) &&
        !/\d/.test(cellText(words)),
    );
    if (names.length === 0) continue;
    // Of a person's and a company's line, the company is the buyer ("M DE LATTRE ALEXIS", "ALEXINUX SARL").
    const line = names.slice(0, 2).find((words) => hasLegalForm(words)) ?? names[0];
    const words = withoutSalutation(line);
    const address = lines.slice(lines.indexOf(line) + 1).filter((other) => !names.includes(other));
    return { text: cellText(words), words, page: block.page, confidence: 0.55, address };
  }
  return null;
}

