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
  | 'other';

/** The state and ZIP code that end a US address ("Birmingham, AL 35233"). */
export const STATE_AND_ZIP = /\b[A-Z]{2}\s+\d{5}(-\d{4})?\b/;

/**
 * Label anchors of the header block: the statement's own wordings, then the shared lexicon's
 * terms of the same concepts. `other` labels are read only so that they end the value before them
 * (a value never runs into the next label).
 */
const META_LABELS: Array<[MetaField, string[]]> = [
  // An insurance-repair estimate names the homeowner as the insured.
  ['borrowerName', ['borrower', 'borrowers', 'borrower(s)', 'borrower name', 'borrower names', 'homeowner', 'homeowners', 'mortgagor', 'owner name', 'insured', 'policyholder', 'owner / client', 'owner/client', 'client / owner', 'owner client', 'owner / borrower', 'owner/borrower', "borrower's name", "owner's name"]],
  ['propertyAddress', ['property', 'property address', 'subject property', 'site address', 'job address', 'project address', 'property location', 'job site']],
  ['lenderName', ['lender', 'lender name', 'mortgagee', 'lending institution']],
  ['consultant', ['consultant', 'hud consultant', '203k consultant', 'hud 203k consultant', 'consultant name', 'inspector']],
  ['inspectionDate', ['inspection date', 'date of inspection', 'date inspected', 'inspected', 'inspected on', 'site visit date']],
  ['contractorName', ['contractor', 'general contractor', 'contractor name', 'builder']],
  ['contractorLicense', ['license', 'license #', 'license no', 'license number', 'lic', 'lic #', 'lic no', 'contractor license']],
  ['contractorPhone', ['contractor phone', 'contractor tel', 'contractor telephone']],
  ['phone', ['phone', 'tel', 'telephone', 'ph']],
  ['fileNumber', ['file no', 'file #', 'file number', 'file']],
  ['buildingSize', ['building size', 'square footage', 'gross living area', 'living area']],
  ['numberOfUnits', ['no of units', 'number of units', '# of units', 'units']],
  ['project', ['project', 'job', 'project name', 'job name', 'job description', 'job name / location', 'job name/location', 'job location', 'job name and location']],
  [
    'other',
    ['report date', 'loan no', 'loan #', 'loan number', 'occupancy', 'year built', 'fha case no', 'fha case number', 'case no', 'consultant id', 'email', 'fax', 'date', 'estimator', 'architect', 'plan date', 'bid date', 'contact', 'company', 'signature'],
  ],
];

const CONCEPTS: Array<[MetaField, FieldConcept[]]> = [
  // A contractor's bid names the homeowner as its customer ("Customer", "Submitted to", "Prepared for").
  ['borrowerName', ['borrower', 'buyer']],
  ['propertyAddress', ['propertyAddress']],
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
    ...CONCEPTS.flatMap(([value, concepts]) =>
      fieldTerms({ concepts, languages: ['en'] })
        .filter((term) => term.words.join('').length > 2)
        .map((term) => ({ value, phrase: term.phrase })),
    ),
  ]);
  return labels;
}

export type LabelHit = LabelSpan<MetaField>;

const NUMBER_MARK = /^(.*#|no\.?|nr\.?|number)$/i;

/** Separators a letterhead prints between its parts ("Tel. 314-711-2490 • License No. 871145-16"). */
const SEPARATOR = /^([:|•·–—-]|.*[:|])$/;

/**
 * OCR folding reads "LLC" like "Lic": a company's legal form is never a label, and the bare
 * abbreviation "Lic." counts only with its full stop.
 */
function spelledAsLabel(words: Word[]): boolean {
  if (hasLegalForm(words.slice(0, 1))) return false;
  return words.length !== 1 || foldText(words[0].text) !== 'lic' || /^lic\./i.test(words[0].text);
}

/** Words after which a capitalised label word is prose ("approved by Lender", "the Contractor"). */
const PROSE_BEFORE = /^(by|of|the|to|for|from|and|&|with|a|an|our|your|each|any|per)$/i;

/**
 * A value too long for its box runs up to the next box's caption ("Darnell Kowalczyk Lender    First
 * Meridian…"): a capitalised label with a cell gap after it starts a label even with no gap before it.
 */
function opensAfterOverflow(row: Row, span: LabelHit): boolean {
  const first = row.words[span.start];
  // Its value follows within the box ("Lender    First Meridian"), not a column away ("Home Loans        FHA Case:").
  const valueBeside = span.end < row.words.length && startsCell(row, span.end, 0.93) && gapBefore(row, span.end) < FAR_RIGHT;
  return span.value !== 'other' && valueBeside && /^\p{Lu}/u.test(first.text) && !PROSE_BEFORE.test(row.words[span.start - 1].text);
}

/**
 * Labels of the header block on a row: a label starts a cell (or follows a colon or a separator) and
 * ends its cell with a colon or a gap, or runs straight into a number or date ("License No.
 * 10319-74", "Inspection Date August 20, 2026"); "selected by borrower" is no label. The longest
 * wins, left to right.
 */
export function labelsOf(row: Row): LabelHit[] {
  const hits: LabelHit[] = [];
  let after = 0;
  for (const found of labelsOnRow(row, metaLabels())) {
    if (found.start < after) continue;
    // "CONTRACTOR LICENSE NO.": the number mark after a label is the label's.
    const span = found.end < row.words.length && NUMBER_MARK.test(row.words[found.end].text) && !startsCell(row, found.end, 0.93) ? { ...found, end: found.end + 1 } : found;
    const opens = startsCell(row, span.start, 0.93) || SEPARATOR.test(row.words[span.start - 1].text) || opensAfterOverflow(row, span);
    const next = row.words[span.end];
    const rest = row.words.slice(span.end, span.end + 4).map((word) => word.text);
    // After "No." or "#" comes the number itself, even when it starts with letters ("License # RBC 993012").
    const numberMark = NUMBER_MARK.test(row.words[span.end - 1].text);
    // "Lic. RBC 418819": a code in capitals, then its number.
    const codeAndNumber = next !== undefined && /^\p{Lu}{2,4}$/u.test(next.text) && /^\d/.test(row.words[span.end + 1]?.text ?? '');
    const valueFollows = next !== undefined && (numberMark || codeAndNumber || /^[#(]|\d/.test(next.text) || findDate(rest) !== null);
    const closes = endsWithColon(row.words[span.end - 1]) || !next || startsCell(row, span.end, 0.93) || next.text === ':' || valueFollows;
    if (!opens || !closes || !spelledAsLabel(row.words.slice(span.start, span.end))) continue;
    hits.push(span);
    after = span.end;
  }
  return hits;
}

/** Share of a row's words that labels must cover for it to be a row of box captions. */
const CAPTION_SHARE = 0.6;

/**
 * A row of form-box captions ("LENDER   LOAN NUMBER   DATE OF INSPECTION"): two or more labels
 * and little else, none with a colon. Their values are printed under them.
 */
export function isCaptionRow(row: Row, hits: LabelHit[]): boolean {
  const covered = hits.reduce((sum, hit) => sum + hit.end - hit.start, 0);
  return hits.length >= 2 && covered >= row.words.length * CAPTION_SHARE && !hits.some((hit) => endsWithColon(row.words[hit.end - 1]));
}

/** A value further right of its label than this many row heights, with no colon between, may be the next block's. */
const FAR_RIGHT = 12;

/**
 * A caption over a block ("PROPERTY" over an address) with the block beside it printed on the same
 * line: the word far to its right, with no colon after the label, is the other block's.
 */
function acrossTheGutter(hit: LabelHit, value: Word): boolean {
  const last = hit.row.words[hit.end - 1];
  return !endsWithColon(last) && value.bbox[0] - last.bbox[2] > rowHeightsToX(hit.row, FAR_RIGHT);
}

/**
 * The value of a header-block label: its cell to the right (up to the next label), else the cell
 * under it (first under a box caption); an address continues on the lines below at the same left edge.
 */
export function valueOf(rows: Row[], hit: LabelHit, stops: ReadonlySet<Word>, lines: number, captions: boolean): { words: Word[][]; page: number } | null {
  const regions = valueRegions(rows, hit, { maxLines: lines, compact: false, stops });
  const right = regions.find((region) => region.arrangement === 'right' && region.weight === 1) ?? regions.find((region) => region.arrangement === 'right');
  const below = regions.find((region) => region.arrangement === 'below');
  const chosen = captions || (right && below && acrossTheGutter(hit, right.lines[0][0])) ? (below ?? right) : (right ?? below);
  if (!chosen || /^signature/i.test(chosen.lines[0][0].text)) return null;
  return { words: chosen.lines, page: chosen.page };
}
