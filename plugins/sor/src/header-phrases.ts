import { findDateInText, rowGap, startsCell, textFlow, wordAt, type DateOrder, type LayoutRow, type TextFlow } from '@docsift/core/layout';
import type { ProvenanceRecorder } from './provenance.js';
import type { SorMetadata } from './schema.js';

/**
 * A header block may write facts in a phrase instead of under labels: the visit as "Walk-through by
 * Walter Zimmerman on 4/18/26", "Inspected by Dana Cole on March 3, 2025", "Inspected 3/3/25 by Dana Cole" or "per the write-up of
 * Dana Cole (Cole Consulting), inspection of 3/3/25" (the consultant and the inspection date; the date
 * also alone, "…, inspected 2/10/25", "from the inspection of February 6, 2025"), the
 * lender as "financed through Lakeside Community Bank", the job in the title line after a dash ("REHAB SCOPE OF WORK & BUDGET – 7895 Garfield Pl, Kansas City,
 * MO 64115": the property's address).
 */

const NAME_WORD = String.raw`\p{Lu}[\p{L}'’-]*\.?`;
const PERSON = String.raw`${NAME_WORD}(?:\s+${NAME_WORD}){1,3}`;
const DATE = String.raw`\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}|\d{4}-\d{2}-\d{2}|\p{L}{3,9}\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}`;
/** "Walk-through by <name> on <date>", "Site visit by …", "Inspected by … on …". */
const VISIT = new RegExp(String.raw`\b(?:walk[- ]?through|walked|site\s+(?:visit|walk)|inspect(?:ed|ion)(?:\s+(?:performed|made|done))?|visited|surveyed)\s+by\s+(?<person>${PERSON})\s+on\s+(?<date>${DATE})`, 'diu');
/** The date first: "Inspected 02/06/2026 by Phillip Schultz", "Surveyed on 3/3/25 by …". */
const VISIT_DATED_FIRST = new RegExp(String.raw`\b(?:walked|inspected|visited|surveyed)\s+(?:on\s+)?(?<date>${DATE})\s+by\s+(?<person>${PERSON})`, 'diu');
/**
 * "Scope per the work write-up of <name> (<firm>), inspection of <date>": the consultant's report
 * named by its author, the firm in brackets and the inspection date optional.
 */
const WRITE_UP = new RegExp(
  String.raw`\b(?:write[- ]?up|inspection\s+report|feasibility\s+(?:study|report))\s+(?:of|by|prepared\s+by)\s+(?<person>${PERSON})(?:\s*\((?:[^()]|\([^()]*\))*\))?(?:,?\s+(?:inspection|inspected|site\s+visit|walk[- ]?through)\s+(?:of|on|dated)\s+(?<date>${DATE}))?`,
  'diu',
);
/** A date and who kept it: "2026-08-22 by Angela N. Jablonski" in an inspection's box. */
const DATED_BY = new RegExp(String.raw`(?<date>${DATE})\s+by\s+(?<person>${PERSON})`, 'dgu');
/** The visit dated on its own, after a name or in a sentence: "…, inspected 2/10/25", "from the inspection of February 6, 2025". */
const INSPECTED_ON = new RegExp(String.raw`\b(?:inspected|inspection|site\s+visit|walk[- ]?through)\s+(?:(?:of|on|dated)\s+)?(${DATE})`, 'dgiu');
/** A word before it that makes it another inspection than the consultant's visit ("final inspection", "termite inspection", "re-inspection"). */
const OTHER_INSPECTION =
  /\b(?:final|rough(?:-in)?|permit|termite|pest|roof(?:ing)?|city|county|municipal|scheduled|framing|electrical|plumbing|mechanical|building|code|septic|radon|mold|re)[\s-]*$/i;
/** A date opening a line of the header, alone or after a date label ("March 7, 2025   PROPOSAL", "Bid Date: 3/7/25"): the document's own. */
const DOCUMENT_DATE = new RegExp(String.raw`^(?:(?:\p{L}+\s+)?date:?\s+)?(${DATE})`, 'iu');
/** "financed through <Lender>", "financing by …", "financed with …": up to six capitalised words, "of" and "&" between them. */
const ORGANISATION = String.raw`\p{Lu}[\p{L}'’.-]*(?:\s+(?:(?:of|&)\s+)?\p{Lu}[\p{L}'’.-]*){0,5}`;
const FINANCED_BY = new RegExp(String.raw`\bfinanc(?:ed|ing)\s+(?:through|by|with|from)\s+(?:the\s+)?(${ORGANISATION})`, 'du');
const US_ADDRESS = String.raw`\d{1,6}\s+[^,.;]{2,40},\s*\p{Lu}[\p{L} .'-]{1,30},\s*[A-Z]{2}\s+\d{5}(?:-\d{4})?`;
/** A title, a dash, then the job's address closing the line. */
const ADDRESS_AFTER_TITLE = new RegExp(String.raw`^\p{Lu}[^–—-]{3,80}\s[–—-]\s+(${US_ADDRESS})$`, 'du');

/** How sure a value read from a phrase is. */
const PHRASE_QUALITY = 0.8;
/** The title line stands among the first rows of the first page. */
const TITLE_ROWS = 6;

interface Phrase {
  text: string;
  words: LayoutRow['words'];
  page: number;
}

function phraseOf(flow: TextFlow, match: RegExpExecArray, group: number | string, page: number): Phrase {
  const [start, end] = typeof group === 'number' ? match.indices![group] : match.indices!.groups![group]!;
  return { text: typeof group === 'number' ? match[group] : match.groups![group], words: flow.words.slice(wordAt(flow, start), wordAt(flow, end - 1) + 1), page };
}

/** A word of three letters or more and a period: the sentence ends there ("… write-up of Dana Cole. Work not listed …"). */
const ENDS_SENTENCE = /^\p{L}[\p{L}'’-]{2,}\.$/u;

/** A person's name up to the end of its sentence, without the period. */
function nameToSentenceEnd(person: Phrase): Phrase {
  const end = person.words.findIndex((word) => ENDS_SENTENCE.test(word.text));
  if (end < 0) return person;
  const words = person.words.slice(0, end + 1);
  return { ...person, words, text: words.map((word) => word.text).join(' ').slice(0, -1) };
}

/** The first match in the prose, page by page, of `patterns` tried in order on each page. */
function firstMatchByPage(prose: LayoutRow[], patterns: RegExp[]): { flow: TextFlow; match: RegExpExecArray; page: number } | null {
  for (const page of [...new Set(prose.map((row) => row.page))]) {
    const flow = textFlow(prose.filter((row) => row.page === page));
    for (const pattern of patterns) {
      const match = pattern.exec(flow.text);
      if (match?.indices) return { flow, match, page };
    }
  }
  return null;
}

/** Lines of one paragraph stand this close under one another, in row heights. */
const NAME_LINE_GAP = 1.5;

/**
 * A person's name within its paragraph and its cell: the words of a line set apart below it ("Subtotal"
 * under the table) and those of the next cell of its line ("E-MAIL" of a header block's other column) are no part of it.
 */
function nameInParagraph(person: Phrase, prose: LayoutRow[]): Phrase {
  const rowOf = (word: LayoutRow['words'][number]): LayoutRow | undefined => prose.find((row) => row.words.includes(word));
  let end = 1;
  for (; end < person.words.length; end += 1) {
    const [line, next] = [rowOf(person.words[end - 1]), rowOf(person.words[end])];
    if (line && next && line !== next && (next.top < line.top || rowGap(line, next) > NAME_LINE_GAP)) break;
    if (line && line === next && startsCell(line, line.words.indexOf(person.words[end]))) break;
  }
  const words = person.words.slice(0, end);
  return end === person.words.length ? person : { ...person, words, text: words.map((word) => word.text).join(' ') };
}

function visitInPhrase(prose: LayoutRow[]): { person: Phrase; date: Phrase | null } | null {
  const found = firstMatchByPage(prose, [VISIT, VISIT_DATED_FIRST, WRITE_UP]);
  if (!found) return null;
  const { flow, match, page } = found;
  return { person: nameInParagraph(nameToSentenceEnd(phraseOf(flow, match, 'person', page)), prose), date: match.groups!.date ? phraseOf(flow, match, 'date', page) : null };
}

/** Whether the word at `index` of the flow opens its cell (a box's entry), no word of its own line leading into it. */
function opensCell(flow: TextFlow, index: number, prose: LayoutRow[]): boolean {
  const word = flow.words[index];
  const row = prose.find((line) => line.words.includes(word));
  return !row || startsCell(row, row.words.indexOf(word));
}

/**
 * The person after "by" beside the inspection's date, the date opening its box ("2026-08-22 by Angela N.
 * Jablonski" under "INSPECTION"): who inspected. A date another verb leads into ("Estimate prepared 3/2/26
 * by …", "Signed … by …") dates another act, of the contractor or the owner, however it falls on the visit's day.
 */
function inspectorOfDate(prose: LayoutRow[], inspectionDate: string, dateOrder: DateOrder): Phrase | null {
  for (const page of [...new Set(prose.map((row) => row.page))]) {
    const flow = textFlow(prose.filter((row) => row.page === page));
    for (const match of flow.text.matchAll(DATED_BY)) {
      if (findDateInText(match.groups!.date, dateOrder) !== inspectionDate || !opensCell(flow, wordAt(flow, match.index), prose)) continue;
      return nameInParagraph(phraseOf(flow, match, 'person', page), prose);
    }
  }
  return null;
}

function lenderInPhrase(prose: LayoutRow[]): Phrase | null {
  const found = firstMatchByPage(prose, [FINANCED_BY]);
  return found && nameToSentenceEnd(phraseOf(found.flow, found.match, 1, found.page));
}

function addressInTitle(prose: LayoutRow[]): Phrase | null {
  const first = prose.filter((row) => row.page === prose[0]?.page).slice(0, TITLE_ROWS);
  for (const row of first) {
    const flow = textFlow([row]);
    const match = ADDRESS_AFTER_TITLE.exec(flow.text);
    if (match?.indices) return phraseOf(flow, match, 1, row.page);
  }
  return null;
}

/**
 * The visit's date said on its own in the header (`header`: the prose above the first table of the
 * first page), not another inspection's ("subject to final inspection on 6/30/25") nor a date after
 * the document's own.
 */
function visitDateAlone(header: LayoutRow[], dateOrder: DateOrder): { date: string; phrase: Phrase } | null {
  if (header.length === 0) return null;
  const issued = header.map((row) => DOCUMENT_DATE.exec(row.text)?.[1]).find((text) => text !== undefined);
  const issuedOn = issued ? findDateInText(issued, dateOrder) : null;
  const flow = textFlow(header);
  for (const match of flow.text.matchAll(INSPECTED_ON)) {
    if (OTHER_INSPECTION.test(flow.text.slice(0, match.index))) continue;
    const phrase = phraseOf(flow, match, 1, header[0].page);
    const date = findDateInText(phrase.text, dateOrder);
    if (date && (issuedOn === null || date <= issuedOn)) return { date, phrase };
  }
  return null;
}

/**
 * Fills the consultant, the inspection date, the lender and the property's address from such phrases
 * (`prose`: the rows outside the tables; `header`: those above the first table of the first page) where no label gave them.
 */
export function fillFromHeaderPhrases(meta: SorMetadata, { prose, header }: { prose: LayoutRow[]; header: LayoutRow[] }, dateOrder: DateOrder, provenance: ProvenanceRecorder): void {
  const visit = meta.consultant === null || meta.inspectionDate === null ? visitInPhrase(prose) : null;
  if (visit && meta.consultant === null) {
    meta.consultant = visit.person.text;
    provenance.record('documentMetadata.consultant', visit.person.page, visit.person.words, PHRASE_QUALITY);
  }
  const date = visit?.date ? findDateInText(visit.date.text, dateOrder) : null;
  if (visit?.date && date && meta.inspectionDate === null) {
    meta.inspectionDate = date;
    provenance.record('documentMetadata.inspectionDate', visit.date.page, visit.date.words, PHRASE_QUALITY);
  }
  const visited = meta.inspectionDate === null ? visitDateAlone(header, dateOrder) : null;
  if (visited) {
    meta.inspectionDate = visited.date;
    provenance.record('documentMetadata.inspectionDate', visited.phrase.page, visited.phrase.words, PHRASE_QUALITY);
  }
  const inspector = meta.consultant === null && meta.inspectionDate !== null ? inspectorOfDate(prose, meta.inspectionDate, dateOrder) : null;
  if (inspector) {
    meta.consultant = inspector.text;
    provenance.record('documentMetadata.consultant', inspector.page, inspector.words, PHRASE_QUALITY);
  }
  const lender = meta.lenderName === null ? lenderInPhrase(prose) : null;
  if (lender) {
    meta.lenderName = lender.text.replace(/[.,]$/, '');
    provenance.record('documentMetadata.lenderName', lender.page, lender.words, PHRASE_QUALITY);
  }
  const address = meta.propertyAddress === null ? addressInTitle(prose) : null;
  if (address) {
    meta.propertyAddress = address.text;
    provenance.record('documentMetadata.propertyAddress', address.page, address.words, PHRASE_QUALITY);
  }
}
