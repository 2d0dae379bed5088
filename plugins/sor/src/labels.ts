import type { Word } from '@docsift/core';
import {
  endsWithColon,
  fieldTerms,
  findDate,
  foldText,
  gapBefore,
  hasLegalForm,
  labelsOnRow,
  PhraseMatcher,
  rowHeightsToX,
  startsCell,
  textOf,
  valueRegions,
  type FieldConcept,
  type LabelSpan,
  type LayoutRow as Row,
} from '@docsift/core/layout';

export type MetaField =
  | 'borrowerName'
  | 'propertyAddress'
  | 'lenderName'
  | 'consultant'
  | 'inspectionDate'
  | 'contractorName'
  | 'contractorLicense'
  | 'contractorPhone'
  | 'phone'
  | 'fileNumber'
  | 'buildingSize'
  | 'numberOfUnits'
  | 'project'
  | 'jobSite'
  | 'addressPart'
  | 'other';

/** The state and ZIP code that end a US address ("Birmingham, AL 35233"). */
export const STATE_AND_ZIP = /\b[A-Z]{2}\s+\d{5}(-\d{4})?\b/;
/** A person's name: two to four capitalised words or initials ("Dana K. Zimmerman"). */
export const PERSON_NAME = /^(\p{Lu}[\p{L}'’-]*\.?\s){1,3}\p{Lu}[\p{L}'’-]+$/u;

/**
 * Label anchors of the header block: the statement's own wordings, then the shared lexicon's
 * terms of the same concepts. `other` labels are read only so that they end the value before them
 * (a value never runs into the next label).
 */
const META_LABELS: Array<[MetaField, string[]]> = [
  // An insurance-repair estimate names the homeowner as the insured.
  ['borrowerName', ['borrower', 'borrowers', 'borrower(s)', 'borrower name', 'borrower names', 'homeowner', 'homeowners', 'mortgagor', 'owner name', 'insured', 'policyholder', 'owner / client', 'owner/client', 'client / owner', 'owner client', 'owner / borrower', 'owner/borrower', "borrower's name", "owner's name"]],
  ['propertyAddress', ['property', 'property address', 'subject property', 'site address', 'job address', 'project address', 'property location', 'job site']],
  // A contractor's estimate names the loan that pays for the work ("Financing: Crescent Home Lending").
  ['lenderName', ['lender', 'lender name', 'mortgagee', 'lending institution', 'financing', 'financed by', 'financing by', 'financed through']],
  ['consultant', ['consultant', 'hud consultant', '203k consultant', 'hud 203k consultant', 'consultant name', 'inspector']],
  ['inspectionDate', ['inspection date', 'date of inspection', 'date inspected', 'inspected', 'inspected on', 'inspection', 'site visit date']],
  ['contractorName', ['contractor', 'general contractor', 'contractor name', 'builder']],
  ['contractorLicense', ['license', 'license #', 'license no', 'license number', 'lic', 'lic #', 'lic no', 'contractor license']],
  ['contractorPhone', ['contractor phone', 'contractor tel', 'contractor telephone']],
  ['phone', ['phone', 'tel', 'telephone', 'ph']],
  ['fileNumber', ['file no', 'file #', 'file number', 'file']],
  ['buildingSize', ['building size', 'square footage', 'gross living area', 'living area']],
  ['numberOfUnits', ['no of units', 'number of units', '# of units', 'units']],
  ['project', ['project', 'job', 'project name', 'job name', 'job description', 'job name / location', 'job name/location', 'job location', 'job name and location']],
  // A boxed form captions each line of an address ("STREET" over its box, "CITY, STATE AND ZIP CODE" over the next).
  ['addressPart', ['street', 'street address', 'city, state and zip code', 'city, state and zip', 'city, state, zip', 'city, state, zip code', 'city, state & zip', 'city / state / zip', 'city/state/zip']],
  [
    'other',
    ['report date', 'loan no', 'loan #', 'loan number', 'occupancy', 'year built', 'fha case no', 'fha case number', 'case no', 'consultant id', 'email', 'fax', 'date', 'estimator', 'architect', 'plan date', 'bid date', 'contact', 'company', 'signature'],
  ],
];

const CONCEPTS: Array<[MetaField, FieldConcept[]]> = [
  // A contractor's bid names the homeowner as its customer ("Customer", "Submitted to", "Prepared for").
  ['borrowerName', ['borrower', 'buyer']],
  ['propertyAddress', ['propertyAddress']],
  ['addressPart', ['town']],
  // A contractor's estimate ships to the job: its "Ship To" block names the homeowner over the property's address.
  ['jobSite', ['shipTo']],
  ['lenderName', ['lender']],
  ['consultant', ['consultant']],
  ['inspectionDate', ['inspectionDate']],
  ['contractorName', ['contractor']],
  ['contractorLicense', ['license']],
  ['phone', ['phone']],
  ['fileNumber', ['fileNumber']],
  ['buildingSize', ['buildingSize']],
  ['numberOfUnits', ['numberOfUnits']],
  ['other', ['loanNumber', 'caseNumber', 'issueDate', 'fax', 'email', 'website', 'quoteNumber', 'contactPerson']],
];

let labels: PhraseMatcher<MetaField> | undefined;

function metaLabels(): PhraseMatcher<MetaField> {
  labels ??= new PhraseMatcher([
    ...META_LABELS.flatMap(([value, phrases]) => phrases.map((phrase) => ({ value, phrase }))),
    // One- and two-letter lexicon labels ("To") are too common in a write-up's prose to anchor its header block.
    // Every language's: a template may print each label in two ("Licencia / License").
    ...CONCEPTS.flatMap(([value, concepts]) =>
      fieldTerms({ concepts })
        .filter((term) => term.words.join('').length > 2)
        .map((term) => ({ value, phrase: term.phrase })),
    ),
  ]);
  return labels;
}

export type LabelHit = LabelSpan<MetaField> & {
  /** One label of a combined label ("License / phone:"): which part of the value is its own. */
  part?: { index: number; count: number };
};

const NUMBER_MARK = /^(.*#|no\.?|nr\.?|number)$/i;

/** Separators a letterhead prints between its parts ("Tel. 314-711-2490 • License No. 871145-16"). */
const SEPARATOR = /^([:|•·–—~-]|.*[:|])$/;

/**
 * OCR folding reads "LLC" like "Lic": a company's legal form is never a label, and the bare
 * abbreviation "Lic." counts only with its full stop or a colon ("LIC: RBC 584877").
 */
function spelledAsLabel(words: Word[]): boolean {
  if (hasLegalForm(words.slice(0, 1))) return false;
  return words.length !== 1 || foldText(words[0].text) !== 'lic' || /^lic[.:]/i.test(words[0].text);
}

/** Words after which a capitalised label word is prose ("approved by Lender", "the Contractor"). */
const PROSE_BEFORE = /^(by|of|the|to|for|from|and|&|with|a|an|our|your|each|any|per)$/i;

/**
 * A value too long for its box runs up to the next box's caption ("Darnell Kowalczyk Lender    First
 * Meridian…"): a capitalised label with a cell gap after it starts a label even with no gap before it,
 * where the words before it are another field's value (`before`, the row's last label so far, is
 * another field's) or label ("Contractor Lic."). Else it is the last word of a name ("Lender: Lakeside
 * Community Bank", "Acme Bank" under "Lender"), and before a lone dash that of a title's ("Evergreen
 * Savings Bank - Fix & Flip").
 */
function opensAfterOverflow(row: Row, span: LabelHit, before: LabelHit | undefined, found: LabelHit[]): boolean {
  const afterAnother = (before !== undefined && before.value !== span.value) || found.some((other) => other.end === span.start && other.value !== span.value);
  if (!afterAnother || LONE_SEPARATOR.test(row.words[span.end - 1].text)) return false;
  const first = row.words[span.start];
  // Its value follows within the box ("Lender    First Meridian"), not a column away ("Home Loans        FHA Case:").
  const valueBeside = span.end < row.words.length && startsCell(row, span.end, 0.93) && gapBefore(row, span.end) < FAR_RIGHT;
  return span.value !== 'other' && valueBeside && /^\p{Lu}/u.test(first.text) && !PROSE_BEFORE.test(row.words[span.start - 1].text);
}

/** A company's license written into its line after a comma, then its number ("Prairie Construction, LLC, Lic. WI-487970, 414-805-9217"). */
function licenseAfterComma(row: Row, span: LabelHit): boolean {
  return span.value === 'contractorLicense' && /,$/.test(row.words[span.start - 1].text) && /\d/.test(row.words[span.end]?.text ?? '');
}

/** The board that issues a license, in capitals between its label and the colon ("Licence RBQ : 110696-50", "License CSLB: 1034587"), is the label's. */
function issuerOfLicense(row: Row, span: LabelHit): boolean {
  const next = row.words[span.end];
  if (span.value !== 'contractorLicense' || !next || startsCell(row, span.end, 0.93)) return false;
  return /^\p{Lu}{2,5}:$/u.test(next.text) || (/^\p{Lu}{2,5}$/u.test(next.text) && row.words[span.end + 1]?.text === ':');
}

/** Whether a label ending at `end` closes: a colon or a gap after it, or a value straight after ("License No. 10319-74"). */
function closesAt(row: Row, end: number): boolean {
  const next = row.words[end];
  const rest = row.words.slice(end, end + 4).map((word) => word.text);
  // After "No." or "#" comes the number itself, even when it starts with letters ("License # RBC 993012").
  const numberMark = NUMBER_MARK.test(row.words[end - 1].text);
  // "Lic. RBC 418819": a code in capitals, then its number.
  const codeAndNumber = next !== undefined && /^\p{Lu}{2,4}$/u.test(next.text) && /^\d/.test(row.words[end + 1]?.text ?? '');
  const valueFollows = next !== undefined && (numberMark || codeAndNumber || /^[#(]|\d/.test(next.text) || findDate(rest) !== null);
  // A comma after it, a name and no number next, makes it a sentence's word ("… prepared by your consultant, Dana Cole of …");
  // OCR may read a number mark's dot as one ("License No, TN-109210").
  if (/,$/.test(row.words[end - 1].text) && !valueFollows) return false;
  return endsWithColon(row.words[end - 1]) || !next || startsCell(row, end, 0.93) || next.text === ':' || valueFollows;
}

/**
 * Labels of the header block on a row: a label starts a cell (or follows a colon or a separator) and
 * ends its cell with a colon or a gap, or runs straight into a number or date ("License No.
 * 10319-74", "Inspection Date August 20, 2026"); "selected by borrower" is no label. The longest
 * wins, left to right. Two labels joined by a slash ("License / phone:") are one combined label.
 */
export function labelsOf(row: Row): LabelHit[] {
  const hits: LabelHit[] = [];
  const found = withGluedHalves(row, labelsOnRow(row, metaLabels()));
  let after = 0;
  for (const match of found) {
    if (match.start < after) continue;
    // "CONTRACTOR LICENSE NO.": the number mark after a label is the label's.
    const marked = match.end < row.words.length && NUMBER_MARK.test(row.words[match.end].text) && !startsCell(row, match.end, 0.93) ? { ...match, end: match.end + 1 } : match;
    const span = issuerOfLicense(row, marked) ? { ...marked, end: marked.end + 1 } : marked;
    const opens = startsCell(row, span.start, 0.93) || SEPARATOR.test(row.words[span.start - 1].text) || opensAfterOverflow(row, span, hits.at(-1), found) || licenseAfterComma(row, span);
    // The matcher may take the slash after a label as the label's (it spells nothing).
    const slash = row.words[span.end - 1].text === '/' ? span.end : row.words[span.end]?.text === '/' ? span.end + 1 : -1;
    const joined = slash > 0 ? found.find((other) => other.start === slash) : undefined;
    const end = joined?.end ?? span.end;
    if (!opens || !closesAt(row, end) || !spelledAsLabel(row.words.slice(span.start, joined ? slash - 1 : span.end))) continue;
    // Two names of one field ("Homeowner / Borrower:") label one value, not two parts of it.
    if (joined && joined.value === span.value) hits.push({ ...span, end, score: Math.min(span.score, joined.score) });
    else if (joined) {
      const score = Math.min(span.score, joined.score);
      hits.push({ ...span, end, score, part: { index: 0, count: 2 } }, { ...joined, start: span.start, score, part: { index: 1, count: 2 } });
    } else hits.push(span);
    after = end;
  }
  return withLabelsClosingCells(row, hits, found);
}

/** One word of two labels glued by a slash ("Prestamista/Lender:"), as OCR reads a label printed in two languages. */
const GLUED_HALVES = /^(\p{L}[^/]*)\/(\p{L}[^/]*)$/u;

/** A word OCR glued of two labels of one field ("Prestamista/Lender:") labels that field, where no longer label covers it. */
function withGluedHalves(row: Row, found: LabelHit[]): LabelHit[] {
  const added = row.words.flatMap((word, index): LabelHit[] => {
    const halves = GLUED_HALVES.exec(word.text);
    if (!halves || found.some((hit) => hit.start <= index && hit.end > index)) return [];
    const meanings = halves.slice(1, 3).map((half) => metaLabels().findAllInSequence([{ ...word, text: half }]).find((match) => match.start === 0 && match.end === 1));
    const [first, second] = meanings;
    if (!first || !second || first.value !== second.value) return [];
    return [{ value: second.value, values: [second.value], row, start: index, end: index + 1, score: Math.min(first.score, second.score) }];
  });
  return added.length === 0 ? found : [...found, ...added].sort((a, b) => a.start - b.start);
}

/** The word ranges of a row's cells, end exclusive. */
function cellRanges(row: Row): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  row.words.forEach((_, index) => {
    if (index === 0 || startsCell(row, index, 0.93)) ranges.push([index, index + 1]);
    else ranges[ranges.length - 1][1] = index + 1;
  });
  return ranges;
}

/** Words that may qualify a label before its colon ("Participating lender:"). */
const MAX_QUALIFIER_WORDS = 2;

/**
 * Labels that close their cell with words before them: a boxed form prints a small caption at the
 * top of each box, its value under it ("PROPOSAL SUBMITTED TO   PHONE   DATE"); in a row of such
 * captions (two labels or more, each a cell of its own, no colon, no number outside them, every
 * other cell ending in a label) a label may end its caption rather than open it. Likewise a label
 * before a colon may end its cell ("Participating lender:"). The whole cell is the label; the words
 * before weaken it.
 */
function withLabelsClosingCells(row: Row, hits: LabelHit[], found: LabelHit[]): LabelHit[] {
  const cells = cellRanges(row);
  const whole = (hit: LabelHit): boolean => cells.some(([start, end]) => hit.start === start && hit.end === end);
  const captions = hits.length >= 2 && hits.every(whole) && !row.words.some((word, index) => endsWithColon(word) || (/\d/.test(word.text) && !hits.some((hit) => index >= hit.start && index < hit.end)));
  const added: LabelHit[] = [];
  for (const [start, end] of cells) {
    if (hits.some((hit) => hit.start < end && hit.end > start) || !(captions || endsWithColon(row.words[end - 1]))) continue;
    // The words before the label qualify it; a number there is a value ("3,360 square feet"), and
    // before a colon a sentence is no qualifier ("Payment to be released to Contractor:").
    const qualifies = (words: Word[]): boolean => !words.some((word) => /\d/.test(word.text)) && (captions || (words.length <= MAX_QUALIFIER_WORDS && !words.some((word) => PROSE_BEFORE.test(word.text))));
    const match = found.find((candidate) => candidate.start > start && candidate.end === end && spelledAsLabel(row.words.slice(candidate.start, end)) && qualifies(row.words.slice(start, candidate.start)));
    // A cell of a row of captions that names nothing is a value: the row holds labels and their values.
    if (!match && captions) return hits;
    if (match) added.push({ ...match, start });
  }
  return added.length === 0 ? hits : [...hits, ...added].sort((a, b) => a.start - b.start);
}

/** A mark a letterhead or a form sets alone between the parts of a value ("WI-826316 · 414-540-0013", "Main St ~ Toledo"; OCR reads the dot as a dash). */
export const LONE_SEPARATOR = /^[·•|–—~-]$/;
/** Marks a value's parts may be printed apart with: a slash, or else a lone separator. */
const PART_MARKS = [/^\/$/, LONE_SEPARATOR];

/** A combined label's value, printed in the same order: its parts are split at slashes ("RBC 436862 / (860) 442-3115") or dots between them. */
function partOf(words: Word[], part: { index: number; count: number }): Word[] | null {
  for (const mark of PART_MARKS) {
    const parts: Word[][] = [[]];
    for (const word of words) {
      if (mark.test(word.text)) parts.push([]);
      else parts[parts.length - 1].push(word);
    }
    if (parts.length === part.count) return parts[part.index].length > 0 ? parts[part.index] : null;
  }
  return null;
}

/** A combined label's value cut at the gap after a lone separator ("CA78002 ·   (916) 941-2592") goes on in the row's next cell. */
function pastSeparator(row: Row, words: Word[]): Word[] {
  const last = words[words.length - 1];
  const at = last ? row.words.indexOf(last) : -1;
  const next = at >= 0 && LONE_SEPARATOR.test(last.text) ? cellRanges(row).find(([start]) => start === at + 1) : undefined;
  return next ? [...words, ...row.words.slice(next[0], next[1])] : words;
}

/** Share of a row's words that labels must cover for it to be a row of box captions. */
const CAPTION_SHARE = 0.6;

/**
 * A row of form-box captions ("LENDER   LOAN NUMBER   DATE OF INSPECTION"): two or more labels
 * and little else, none with a colon. Their values are printed under them.
 */
export function isCaptionRow(row: Row, hits: LabelHit[]): boolean {
  // A combined label ("License / tel.") is two hits over the same words: each word counts once.
  const covered = new Set(hits.flatMap((hit) => Array.from({ length: hit.end - hit.start }, (_, offset) => hit.start + offset))).size;
  return hits.length >= 2 && covered >= row.words.length * CAPTION_SHARE && !hits.some((hit) => endsWithColon(row.words[hit.end - 1]));
}

/** A value further right of its label than this many row heights, with no colon between, may be the next block's. */
const FAR_RIGHT = 12;

/**
 * A caption over a block ("PROPERTY" over an address) with the block beside it printed on the same
 * line: the word far to its right, with no colon after the label, is the other block's.
 */
function acrossTheGutter(hit: LabelHit, value: Word[]): boolean {
  const last = hit.row.words[hit.end - 1];
  const far = value[0].bbox[0] - last.bbox[2] > rowHeightsToX(hit.row, FAR_RIGHT);
  return far && (!endsWithColon(last) || isSentence(value));
}

/** Words of a sentence, mostly in lower case ("We propose to furnish all labor, material and equipment"): a paragraph's line, no value. */
const SENTENCE_WORDS = 6;
const isSentence = (words: Word[]): boolean => words.length >= SENTENCE_WORDS && words.filter((word) => /^\p{Ll}/u.test(word.text)).length * 2 > words.length;

/** The caption of a signature line, in the lexicon's languages (OCR may garble its end: "Signatace"). */
const SIGNATURE = /^(sign|firma|unterschrift|handtekening|assinatura)/i;
/** A signature line's caption that names the date signed too ("Owner acceptance / date", "Signature and date"). */
const DATED_CAPTION = /(\/|&|\band)\s*date:?$/i;
/** A signature line stands at most this many row heights under its box's title. */
const SIGNATURE_LINE_GAP = 3;

/**
 * A caption with no colon over a signature line at its left edge titles a signature box
 * ("CONTRACTOR" over "Signature ____"): what stands beside it is the next box's title, no value.
 */
function titlesSignatureBox(rows: Row[], hit: LabelHit): boolean {
  if (endsWithColon(hit.row.words[hit.end - 1])) return false;
  const next = rows[rows.indexOf(hit.row) + 1];
  if (!next || next.page !== hit.row.page || next.top - hit.row.bottom > SIGNATURE_LINE_GAP * hit.row.height) return false;
  const left = hit.row.words[hit.start].bbox[0];
  return next.words.some((word) => SIGNATURE.test(word.text) && Math.abs(word.bbox[0] - left) <= rowHeightsToX(hit.row, 1.5));
}

/**
 * The value of a header-block label: its cell to the right (up to the next label), else the cell
 * under it (first under a box caption); an address continues on the lines below at the same left edge.
 * A signature box's title has none, nor has a caption beside another signature line's caption.
 */
export function valueOf(rows: Row[], hit: LabelHit, stops: ReadonlySet<Word>, lines: number, captions: boolean): { words: Word[][]; page: number } | null {
  if (titlesSignatureBox(rows, hit)) return null;
  const regions = valueRegions(rows, hit, { maxLines: lines, compact: false, stops });
  const right = regions.find((region) => region.arrangement === 'right' && region.weight === 1) ?? regions.find((region) => region.arrangement === 'right');
  const below = regions.find((region) => region.arrangement === 'below');
  const chosen = captions || (right && below && acrossTheGutter(hit, right.lines[0])) ? (below ?? right) : (right ?? below);
  if (!chosen || SIGNATURE.test(chosen.lines[0][0].text) || DATED_CAPTION.test(textOf(chosen.lines[0]))) return null;
  if (!hit.part) return { words: chosen.lines, page: chosen.page };
  const part = partOf(chosen === right ? pastSeparator(hit.row, chosen.lines[0]) : chosen.lines[0], hit.part);
  return part ? { words: [part], page: chosen.page } : null;
}

/**
 * A label printed in two languages may break after its slash ("Dirección de la obra /" over "Job
 * address:"): a label of the same field opening the next line at the same left edge is its other
 * half, and the value runs on beside it.
 */
export function otherHalfBelow(hit: LabelHit, below: LabelHit[]): LabelHit | undefined {
  const { row } = hit;
  if (!row.words[hit.end - 1]?.text.endsWith('/') && row.words[hit.end]?.text !== '/') return undefined;
  const left = row.words[hit.start].bbox[0];
  return below.find((other) => other.value === hit.value && other.start === 0 && other.row.page === row.page && Math.abs(other.row.words[0].bbox[0] - left) <= rowHeightsToX(row, 1));
}

type LabelValue = ReturnType<typeof valueOf>;

/** A value and the lines its label's other half holds under it. */
export const joinValues = (value: LabelValue, more: LabelValue | undefined): LabelValue => (value && more ? { ...value, words: [...value.words, ...more.words] } : value);
