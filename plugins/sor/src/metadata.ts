import type { Word } from '@docsift/core';
import { findDateInText, findIssuer, foldText, hasLegalForm, rowHeightsToX, textOf, type DocumentLayout, type LayoutRow as Row, type PartyName } from '@docsift/core/layout';
import { ADDRESS_LINES, addressInProject, addressUnderName, cellsUnder, fromStreetLine, opensWithStreet, withCaptionedTown, withTownLine, type PrintedAddress } from './address.js';
import { fillFromAppositives } from './appositive-parties.js';
import { isCaption } from './captions.js';
import { beforeSeparator, COMPANY_SUFFIX, CONSULTING_WORD, findCompany, notAContractor, PHONE, preferMixedCase, TRADE_WORD } from './company-names.js';
import { isConsultantId, nameOverConsultantId } from './consultant-name.js';
import { fillFromContractParties } from './contract-parties.js';
import { fillFromCorrespondence, insideAddress } from './correspondence.js';
import { fillFromHeaderPhrases } from './header-phrases.js';
import { LENDING, lenderInTitleLines } from './lender.js';
import { isCaptionRow, joinValues, labelsOf, otherHalfBelow, PERSON_NAME, STATE_AND_ZIP, valueOf, type LabelHit, type MetaField } from './labels.js';
import { besideBankDetails } from './payee-bank.js';
import { ownerNamingProject } from './project-owner.js';
import type { ProvenanceRecorder } from './provenance.js';
import type { SorAdditionalInfo, SorMetadata } from './schema.js';

interface Found {
  /** The value's first line. */
  words: Word[];
  /** Every line of the value (an address may run on). */
  lines: Word[][];
  page: number;
  hit: LabelHit;
  rowIndex: number;
}

/** A signature block's lines around the contractor's license: the company above it, the phone under it. */
const SIGNATURE_ROWS = 2;

const NOT_SELECTED = /\b(to be (selected|determined)|to select|tbd|pending|not (yet )?selected|n\/a|none)\b/i;
/** A letterhead read as the issuer this surely is a company's name. */
const MIN_ISSUER_CONFIDENCE = 0.6;
/** A label's value is looked for this many rows under the contractor's label (its phone in a stacked block). */
const CONTRACTOR_BLOCK_ROWS = 3;
/** A note in brackets after a name is not part of it ("Northgate Home Loans (FHA 203(k))"). */
const withoutTrailingNote = (text: string): string => text.replace(/\s*\((?:[^()]|\([^()]*\))*\)$/, '').replace(TRAILING_ROLE, '').trim() || text;
/** A lender is an organization's name: a value opening in lower case is a sentence ("Financing: available on approved credit"). */
const lenderNamed = (text: string): string | null => (/^[\p{Lu}\d]/u.test(text) ? withoutTrailingNote(text) : null);
/** A role or program after a name ("Angela Washington, 203(k) Consultant", "Cardinal Bank, FHA 203(k)"). */
const TRAILING_ROLE = /,\s*[^,]*\b(FHA|203\s*\(?k\)?|HomeStyle|consultant|inspector|estimator|owners?)\b[^,]*$/i;

/**
 * A license number as printed after its label: up to a comma or semicolon, a dash OCR set apart from the digits after it
 * closed up ("GC- 285935"); a value with no digit (the issuer's code whose number OCR lost, "RBC") is none.
 */
function licenseNumber(text: string): string | null {
  const value = text.replace(/^[#:]\s*/, '').split(/[,;]\s/)[0].replace(/[\s,;]+$/, '').replace(/(\w)-\s+(?=\d)/, '$1-');
  return /\d/.test(value) ? value : null;
}

/** A phone printed after the name in the same value ("Pham Construction, (205) 792-7984") is not part of the name. */
function withoutTrailingPhone(text: string): string {
  const phone = PHONE.exec(text);
  return phone && phone.index > 0 && text.slice(phone.index + phone[0].length).trim() === '' ? text.slice(0, phone.index).replace(/[\s,;·•|-]+$/, '') : text;
}

/**
 * A name and, after a comma or a dot (OCR reads it as a dash), the consultant's role ("Jessica Q.
 * Brennan, Consultant D1590", "Dana Lee, HUD 203(k) Consultant", "Laura Delgado · Consultant ID C1492"), at the
 * start of its line or after the firm's name and a separator ("Meridian Renovation Consultants · Lucia H. Novak, 203(k) Consultant").
 */
const NAME_BEFORE_ROLE = /(?:^|[·•|]\s*)([^,·•|]+?)(?:\s*[,·•|]|\s[-–—])\s*(?:(?:HUD|FHA|203\s*\(?k\)?)\s+)*consultant\b/i;

/**
 * A consultant is a person: what follows the name after a comma is an ID or a firm ("Terrence
 * Okafor, HUD ID D0551", "Dana K. Zimmerman, Blue Heron Home Inspection"), not part of it.
 */
function personBeforeComma(text: string): string {
  // OCR may read an initial's dot as a comma ("Jose A, Smith"): a lone capital before a comma is an initial.
  const read = text.replace(/(?<=(?:^|\s)\p{Lu}),(?=\s\p{Lu})/gu, '.');
  const comma = read.indexOf(', ');
  const name = comma > 0 ? read.slice(0, comma) : read;
  if (comma < 0) return read;
  return PERSON_NAME.test(name) && !name.split(' ').some((word) => COMPANY_SUFFIX.test(word) || CONSULTING_WORD.test(word) || TRADE_WORD.test(word)) ? name : text;
}

/** Values of each label in reading order (right of the label, else under it). */
function collectLabelled(layout: DocumentLayout): Map<MetaField, Found[]> {
  const { rows } = layout;
  const found = new Map<MetaField, Found[]>();
  // A table's words are no labels: a cost line's ("Contractor" in a "Performed By" column), a column header's ("Owner" over "Initials").
  // A letterhead repeated on every page is furniture, but its first copy holds the contractor's details.
  const firstPage = rows[0]?.page;
  // A title a table took as its heading keeps its labels ("Contractor: Acme Roofing LLC" over a list without header).
  const headings = new Set(layout.tables.flatMap((table) => table.entries.filter((entry) => entry.kind === 'heading').flatMap((entry) => entry.rows)));
  const inTable = (row: (typeof rows)[number]): boolean => layout.tableRows.has(row) && !headings.has(row);
  const headingWords = new Set([...headings].flatMap((row) => row.words));
  const hitsByRow = rows.map((row) => ((row.furniture && row.page !== firstPage) || inTable(row) ? [] : labelsOf(row)));
  const stops = new Set(hitsByRow.flat().flatMap((hit) => hit.row.words.slice(hit.start, hit.end)));
  const halves = new Set<LabelHit>();
  hitsByRow.forEach((hits, rowIndex) => {
    const captions = isCaptionRow(rows[rowIndex], hits);
    for (const hit of hits) {
      if (hit.value === 'other' || halves.has(hit) || (hit.value === 'lenderName' && besideBankDetails(rows, rowIndex, hit))) continue;
      const lines = hit.value === 'jobSite' ? ADDRESS_LINES + 1 : hit.value === 'propertyAddress' || hit.value === 'project' ? ADDRESS_LINES : 1;
      const half = otherHalfBelow(hit, hitsByRow[rowIndex + 1] ?? []);
      if (half) halves.add(half);
      const value = joinValues(valueOf(rows, hit, stops, lines, captions), half && valueOf(rows, half, stops, lines, false));
      // A column header under a label ("Owner" over "Initials") is no value.
      if (value && !value.words[0].some((word) => layout.tableWords.has(word) && !headingWords.has(word))) found.set(hit.value, [...(found.get(hit.value) ?? []), { words: value.words[0], lines: value.words, page: value.page, hit, rowIndex }]);
    }
  });
  return found;
}

class MetadataReader {
  readonly metadata: SorMetadata = {
    consultant: null,
    propertyAddress: null,
    borrowerName: null,
    lenderName: null,
    inspectionDate: null,
    contractorInfo: { name: null, license: null, phone: null },
  };
  readonly additional: Omit<SorAdditionalInfo, 'recapLines'> = { consultantCompany: null, fileNumber: null, buildingSize: null, numberOfUnits: null };
  private readonly found: Map<MetaField, Found[]>;
  #issuer: PartyName | null | undefined;

  private readonly rows: Row[];

  constructor(
    private readonly layout: DocumentLayout,
    private readonly provenance: ProvenanceRecorder,
  ) {
    this.rows = layout.rows;
    this.found = collectLabelled(layout);
  }

  /** The best-scoring label's value for a field, of those `accept` takes; among equals, a label of this field alone ("Consultant", not "Prepared By"), then the first. */
  private first(field: MetaField, accept: (found: Found) => boolean = () => true): Found | undefined {
    const better = (found: Found, best: Found): boolean => found.hit.score > best.hit.score || (found.hit.score === best.hit.score && found.hit.values.length < best.hit.values.length);
    return this.found
      .get(field)
      ?.filter(accept)
      .reduce<Found | undefined>((best, found) => (!best || better(found, best) ? found : best), undefined);
  }

  private take(
    field: MetaField,
    path: string,
    transform: (text: string) => string | null = (text) => text,
    found = this.first(field),
  ): string | null {
    if (!found) return null;
    const value = transform(textOf(found.words));
    if (value !== null) this.provenance.record(path, found.page, found.words);
    return value;
  }

  /** With no consultant label, a person named with the role after the name on the first page ("Jessica Q. Brennan, Consultant D1590"). */
  private nameBeforeRole(): string | null {
    for (const row of this.rows.filter((candidate) => candidate.page === this.rows[0].page && !this.layout.tableRows.has(candidate))) {
      const match = NAME_BEFORE_ROLE.exec(row.text);
      const name = match?.[1];
      if (!match || !name || !PERSON_NAME.test(name)) continue;
      const first = row.text.slice(0, match.index + match[0].indexOf(name)).split(' ').filter(Boolean).length;
      this.provenance.record('documentMetadata.consultant', row.page, row.words.slice(first, first + name.split(' ').length));
      return name;
    }
    return null;
  }

  read(): SorMetadata {
    const meta = this.metadata;
    meta.borrowerName = this.take('borrowerName', 'documentMetadata.borrowerName', withoutTrailingNote) ?? ownerNamingProject(this.found.get('project') ?? [], this.provenance);
    meta.lenderName = this.take('lenderName', 'documentMetadata.lenderName', lenderNamed) ?? this.lenderLetterhead();
    // A value without a letter (a date beside "Prepared") names no consultant, nor does a street address (after OCR's
    // "Consulting" in a firm's name, read like the label "Consultant") or the consultant's ID, printed under the name.
    const named = this.first('consultant', (found) => !opensWithStreet(found.words) && !isConsultantId(found.words));
    const byName = named ? this.take('consultant', 'documentMetadata.consultant', (text) => (/\p{L}/u.test(text) ? personBeforeComma(withoutTrailingNote(text)) : null), named) : null;
    meta.consultant = byName ?? this.nameBeforeRole() ?? nameOverConsultantId(this.rows, this.found.get('consultant') ?? []);
    // A bare "Inspection" caption may head another value ("Inspection  No. 3"): the best label with a date beside it.
    const inspectionDate = (text: string): string | null => findDateInText(text, this.layout.conventions.dateOrder);
    const dated = this.first('inspectionDate', (found) => inspectionDate(textOf(found.words)) !== null);
    meta.inspectionDate = this.take('inspectionDate', 'documentMetadata.inspectionDate', inspectionDate, dated);
    const additional = this.additional;
    additional.fileNumber = this.take('fileNumber', 'additionalInfo.fileNumber');
    additional.buildingSize = this.take('buildingSize', 'additionalInfo.buildingSize');
    const units = this.take('numberOfUnits', 'additionalInfo.numberOfUnits', (text) => /^\d{1,3}\b/.exec(text)?.[0] ?? null);
    additional.numberOfUnits = units === null ? null : Number(units);
    meta.propertyAddress = this.readAddress();
    this.readContractor();
    this.readConsultantCompany();
    const prose = this.rows.filter((row) => !row.furniture && !this.layout.tableRows.has(row));
    fillFromContractParties(this.metadata, prose, this.provenance);
    fillFromAppositives(this.metadata, prose, this.provenance);
    fillFromCorrespondence(this.metadata, { prose, insideAddress: insideAddress(this.layout, this.issuer) }, this.provenance);
    const firstPage = this.rows[0]?.page;
    const tableStart = Math.min(...[...this.layout.tableRows].filter((row) => row.page === firstPage).map((row) => row.index));
    const header = prose.filter((row) => row.page === firstPage && row.index < tableStart);
    fillFromHeaderPhrases(this.metadata, { prose, header }, this.layout.conventions.dateOrder, this.provenance);
    return meta;
  }

  private readAddress(): string | null {
    // An address holds a number, its house's or its ZIP code: a "Property" in a line of the scope ("HUD Minimum Property") labels none.
    const found = this.first('propertyAddress', (candidate) => candidate.lines.some((line) => line.some((word) => /\d/.test(word.text))));
    const town = found ? found.lines.findIndex((line) => STATE_AND_ZIP.test(textOf(line))) : -1;
    const labelled = found ? { lines: fromStreetLine(town >= 0 ? found.lines.slice(0, town + 1) : found.lines), page: found.page, quality: 1 } : null;
    const captions = new Set((this.found.get('addressPart') ?? []).flatMap(({ hit }) => hit.row.words.slice(hit.start, hit.end)));
    const borrower = this.first('borrowerName');
    const read = labelled ?? this.addressOfJobSite() ?? addressInProject(this.found.get('project') ?? []) ?? (borrower ? addressUnderName(this.rows, borrower, captions) : null);
    if (!read) return null;
    const towns = (this.found.get('addressPart') ?? []).map(({ hit, words }) => ({ row: hit.row, words }));
    const address = withCaptionedTown(this.rows, withTownLine(this.rows, read), towns);
    this.provenance.record('documentMetadata.propertyAddress', address.page, address.lines.flat(), address.quality);
    return address.lines.map(textOf).join(', ');
  }

  /**
   * An estimate's "Ship To" block is the job site: its name line is the homeowner's (the borrower
   * when no label names one), the lines under it the property's address.
   */
  private addressOfJobSite(): PrintedAddress | null {
    const found = this.first('jobSite');
    if (!found) return null;
    const [first, ...rest] = found.lines;
    const named = rest.length > 0 && !/\d/.test(textOf(first));
    if (named && this.metadata.borrowerName === null) {
      this.metadata.borrowerName = textOf(first);
      this.provenance.record('documentMetadata.borrowerName', found.page, first, 0.7);
    }
    return { lines: named ? rest : found.lines, page: found.page, quality: 0.8 };
  }

  private readContractor(): void {
    const info = this.metadata.contractorInfo;
    // A title beside a letterhead word read as the label ("Builders   CONTRACTOR COST BREAKDOWN") names no one.
    const labelled = this.first('contractorName', (found) => !isCaption(found.words));
    if (labelled) {
      info.name = this.take('contractorName', 'documentMetadata.contractorInfo.name', (text) => (NOT_SELECTED.test(text) ? null : withoutTrailingPhone(text).replace(/[\s,;]+$/, '')), labelled);
      if (info.name === null) return;
    }
    const company = labelled ? null : (this.contractorLetterhead() ?? findCompany(this.layout, TRADE_WORD, true, notAContractor));
    const signed = labelled || company ? null : this.signatureOverLicense();
    if (company) {
      info.name = preferMixedCase(textOf(company.words), this.rows);
      this.provenance.record('documentMetadata.contractorInfo.name', company.page, company.words, 0.7);
    } else if (signed) {
      info.name = textOf(signed.company.words);
      this.provenance.record('documentMetadata.contractorInfo.name', signed.company.page, signed.company.words, 0.7);
    }
    const license = this.first('contractorLicense');
    info.license = this.take('contractorLicense', 'documentMetadata.contractorInfo.license', licenseNumber, license && { ...license, words: beforeSeparator(license.words) });
    // With no contractor named, a bare phone number is the consultant's or the lender's.
    const known = labelled !== undefined || info.name !== null;
    // A label read as the contractor's phone whose value prints none is no such label (OCR's "Contractor fee" spelled like "Contractor tel").
    const phone = this.first('contractorPhone', (found) => PHONE.test(textOf(found.words))) ?? (known ? this.phoneBesideContractor(labelled) : undefined);
    const asPhone = (text: string): string | null => PHONE.exec(text)?.[0] ?? null;
    const phoneInName = labelled ? PHONE.exec(textOf(labelled.words)) : null;
    if (phoneInName && phoneInName.index > 0) {
      info.phone = phoneInName[0];
      this.provenance.record('documentMetadata.contractorInfo.phone', labelled!.page, labelled!.words.filter((word) => phoneInName[0].includes(word.text)));
    } else if (phone) info.phone = this.take(phone.hit.value, 'documentMetadata.contractorInfo.phone', asPhone, phone);
    else if (signed?.phone) {
      info.phone = signed.phone.text;
      this.provenance.record('documentMetadata.contractorInfo.phone', signed.phone.page, signed.phone.words, 0.7);
    } else if (!labelled && known) info.phone = this.firstPhone();
    else if (labelled) info.phone = this.phoneUnder(labelled);
  }

  /**
   * A letter's or an e-mail's signature block: the company line over the contractor's license
   * ("Coleman Home Improvement, Ltd." over "License # 376849-61") and a phone under it, at its left edge.
   */
  private signatureOverLicense(): { company: Row; phone: { text: string; words: Word[]; page: number } | null } | null {
    const license = this.first('contractorLicense');
    if (!license || license.hit.start !== 0) return null;
    const at = this.rows.indexOf(license.hit.row);
    const edge = license.hit.row.words[0].bbox[0];
    const block = (rows: Row[]): Row[] => rows.filter((row) => row.page === license.page && Math.abs(row.words[0].bbox[0] - edge) <= rowHeightsToX(row, 1.5));
    const company = block(this.rows.slice(Math.max(0, at - SIGNATURE_ROWS), at))
      .reverse()
      .find((row) => row.words.some((word) => COMPANY_SUFFIX.test(word.text) || TRADE_WORD.test(word.text)) || hasLegalForm(row.words));
    if (!company) return null;
    const phoneRow = block(this.rows.slice(at + 1, at + 1 + SIGNATURE_ROWS)).find((row) => PHONE.test(row.text));
    const match = phoneRow ? PHONE.exec(phoneRow.text)! : null;
    const phone = phoneRow && match ? { text: match[0], words: phoneRow.words.filter((word) => match[0].includes(word.text)), page: phoneRow.page } : null;
    return { company, phone };
  }

  /** The letterhead's company, read once for the contractor and the lender. */
  private get issuer(): PartyName | null {
    if (this.#issuer === undefined) this.#issuer = findIssuer(this.layout);
    return this.#issuer;
  }

  /** A lender's own form: its letterhead names a bank, a credit union or a mortgage company. */
  private lenderLetterhead(): string | null {
    const issuer = this.issuer;
    if (!issuer || issuer.confidence < MIN_ISSUER_CONFIDENCE || !LENDING.test(issuer.text)) return lenderInTitleLines(this.layout, this.provenance);
    this.provenance.record('documentMetadata.lenderName', issuer.page, issuer.words, 0.7);
    return issuer.text;
  }

  /** Without a contractor label, a bid's letterhead names its contractor (a consultant's write-up names the consultant there). */
  private contractorLetterhead(): { words: Word[]; page: number } | null {
    const issuer = this.issuer;
    // The lender's name read under its label is no contractor's letterhead.
    const lender = this.metadata.lenderName !== null && foldText(textOf(issuer?.words ?? [])) === foldText(this.metadata.lenderName);
    if (!issuer || lender || issuer.confidence < MIN_ISSUER_CONFIDENCE || issuer.words.some((word) => CONSULTING_WORD.test(word.text))) return null;
    if (!hasLegalForm(issuer.words) && !issuer.words.some((word) => TRADE_WORD.test(word.text) || COMPANY_SUFFIX.test(word.text))) return null;
    // "GWS Services a TRAJEXTORI COMPANY": what follows the article describes the company.
    const article = issuer.words.findIndex((word, index) => index > 0 && /^(a|an)$/.test(word.text));
    return article > 0 ? { words: issuer.words.slice(0, article), page: issuer.page } : issuer;
  }

  /**
   * A bare "Phone" label counts for the contractor on the contractor's row or in the block under
   * its label at the same left edge, or anywhere when no contractor label exists.
   */
  private phoneBesideContractor(contractor: Found | undefined): Found | undefined {
    const phones = this.found.get('phone') ?? [];
    if (!contractor) return phones[0];
    const left = (found: Found): number => found.hit.row.words[found.hit.start].bbox[0];
    const tolerance = 2 * contractor.hit.row.height;
    return phones.find(
      (phone) =>
        phone.rowIndex === contractor.rowIndex ||
        (phone.rowIndex > contractor.rowIndex && phone.rowIndex <= contractor.rowIndex + CONTRACTOR_BLOCK_ROWS && Math.abs(left(phone) - left(contractor)) <= tolerance),
    );
  }

  /** A stacked contractor block prints the phone bare on a line under the name, at its left edge. */
  private phoneUnder(contractor: Found): string | null {
    for (const cell of cellsUnder(this.rows, contractor.words[0], CONTRACTOR_BLOCK_ROWS)) {
      const match = cell && PHONE.exec(textOf(cell.words));
      if (!cell || !match || match.index !== 0) continue;
      this.provenance.record('documentMetadata.contractorInfo.phone', cell.page, cell.words, 0.8);
      return match[0];
    }
    return null;
  }

  private firstPhone(): string | null {
    for (const row of this.rows.filter((candidate) => candidate.page === this.rows[0]?.page)) {
      const match = PHONE.exec(row.text);
      if (!match) continue;
      const words = row.words.filter((word) => match[0].includes(word.text));
      this.provenance.record('documentMetadata.contractorInfo.phone', row.page, words, 0.7);
      return match[0];
    }
    return null;
  }

  private readConsultantCompany(): void {
    const company = findCompany(this.layout, COMPANY_SUFFIX, false);
    if (!company || textOf(company.words) === this.metadata.contractorInfo.name) return;
    this.additional.consultantCompany = preferMixedCase(textOf(company.words), this.rows);
    this.provenance.record('additionalInfo.consultantCompany', company.page, company.words);
  }
}

/** Reads the header block of the document (borrower, property, lender, consultant, contractor...) and the legacy-only facts. */
export function readMetadata(
  layout: DocumentLayout,
  provenance: ProvenanceRecorder,
): { metadata: SorMetadata; additional: Omit<SorAdditionalInfo, 'recapLines'> } {
  const reader = new MetadataReader(layout, provenance);
  return { metadata: reader.read(), additional: reader.additional };
}
