import type { Word } from '@docsift/core';
import { cellsOf, findDateInText, foldText, textOf, type LayoutRow as Row } from '@docsift/core/layout';
import { labelsOf, valueBelow, valueContinuation, valueRightOf, type LabelHit, type MetaField } from './labels.js';
import type { ProvenanceRecorder } from './provenance.js';
import type { SorAdditionalInfo, SorMetadata } from './schema.js';

interface Found {
  words: Word[];
  page: number;
  hit: LabelHit;
  rowIndex: number;
}

const PHONE = /(\+?1[\s.-]?)?(\(\d{3}\)\s?|\d{3}[\s.-])\d{3}[\s.-]\d{4}(\s*(ext\.?|x)\s*\d+)?/i;
const NOT_SELECTED = /\b(to be (selected|determined)|tbd|pending|not (yet )?selected|n\/a|none)\b/i;
/** Words that end a company name in a letterhead or a contractor's header. */
const COMPANY_SUFFIX = /^(inc|llc|pllc|co|corp|corporation|company|ltd|lp|llp|group|associates|consultants|consulting)\.?,?$/i;
const TRADE_WORD =
  /^(services|construction|contracting|contractors|builders|building|roofing|remodeling|renovations?|masonry|plumbing|electric(al)?|painting|homes|exteriors|restoration|concrete|improvements?)\.?,?$/i;

/** Values of each label in reading order (label row first, the row below as a fallback). */
function collectLabelled(rows: Row[]): Map<MetaField, Found[]> {
  const found = new Map<MetaField, Found[]>();
  rows.forEach((row, rowIndex) => {
    if (row.furniture) return;
    const hits = labelsOf(row);
    hits.forEach((hit, hitIndex) => {
      if (hit.field === 'other') return;
      const nextStart = hits[hitIndex + 1]?.start ?? row.words.length;
      let words = valueRightOf(hit, nextStart);
      let page = row.page;
      if (words.length === 0) {
        words = valueBelow(hit, rows[rowIndex + 1]);
        page = rows[rowIndex + 1]?.page ?? page;
      }
      if (words.length > 0 && !/^signature/i.test(words[0].text)) {
        found.set(hit.field, [...(found.get(hit.field) ?? []), { words, page, hit, rowIndex }]);
      }
    });
  });
  return found;
}

function findCompany(rows: Row[], pattern: RegExp, cut: boolean): { words: Word[]; page: number } | null {
  const firstPage = rows.filter((row) => row.page === rows[0]?.page);
  // The letterhead first; a company named only in the page footer after it.
  const ordered = [...firstPage.filter((row) => row.top < 0.5), ...firstPage.filter((row) => row.top >= 0.5)];
  for (const row of ordered) {
    for (const cell of cellsOf(row).filter((words) => !words.some((word) => /:$/.test(word.text)))) {
      const end = cell.findIndex((word, index) => index > 0 && pattern.test(word.text));
      if (end > 0) return { words: cut ? cell.slice(0, end + 1) : cell, page: row.page };
    }
  }
  return null;
}

/** Prefers a mixed-case spelling printed elsewhere (a footer) over an all-capitals letterhead. */
function preferMixedCase(text: string, rows: Row[]): string {
  if (text !== text.toUpperCase()) return text;
  const folded = foldText(text);
  for (const row of rows) {
    for (const cell of cellsOf(row)) {
      const candidate = textOf(cell);
      if (foldText(candidate).startsWith(folded) && candidate !== candidate.toUpperCase()) return candidate.slice(0, text.length);
    }
  }
  return text;
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

  constructor(
    private readonly rows: Row[],
    private readonly provenance: ProvenanceRecorder,
  ) {
    this.found = collectLabelled(rows);
  }

  private first(field: MetaField): Found | undefined {
    return this.found.get(field)?.[0];
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

  read(): SorMetadata {
    const meta = this.metadata;
    meta.borrowerName = this.take('borrowerName', 'documentMetadata.borrowerName');
    meta.lenderName = this.take('lenderName', 'documentMetadata.lenderName');
    meta.consultant = this.take('consultant', 'documentMetadata.consultant');
    meta.inspectionDate = this.take('inspectionDate', 'documentMetadata.inspectionDate', (text) => findDateInText(text, 'mdy'));
    const additional = this.additional;
    additional.fileNumber = this.take('fileNumber', 'additionalInfo.fileNumber');
    additional.buildingSize = this.take('buildingSize', 'additionalInfo.buildingSize');
    const units = this.take('numberOfUnits', 'additionalInfo.numberOfUnits', (text) => /^\d{1,3}\b/.exec(text)?.[0] ?? null);
    additional.numberOfUnits = units === null ? null : Number(units);
    meta.propertyAddress = this.readAddress();
    this.readContractor();
    this.readConsultantCompany();
    return meta;
  }

  private readAddress(): string | null {
    const found = this.first('propertyAddress');
    if (!found) return null;
    const lines = [found.words, ...valueContinuation(found.words, this.rows, found.rowIndex)];
    this.provenance.record('documentMetadata.propertyAddress', found.page, lines.flat());
    return lines.map(textOf).join(', ');
  }

  private readContractor(): void {
    const info = this.metadata.contractorInfo;
    const labelled = this.first('contractorName');
    if (labelled) {
      info.name = this.take('contractorName', 'documentMetadata.contractorInfo.name', (text) => (NOT_SELECTED.test(text) ? null : text));
      if (info.name === null) return;
    } else {
      const company = findCompany(this.rows, TRADE_WORD, true) ?? findCompany(this.rows, COMPANY_SUFFIX, true);
      if (company) {
        info.name = textOf(company.words);
        this.provenance.record('documentMetadata.contractorInfo.name', company.page, company.words, 0.7);
      }
    }
    info.license = this.take('contractorLicense', 'documentMetadata.contractorInfo.license', (text) => text.replace(/^[#:]\s*/, ''));
    const phone = this.first('contractorPhone') ?? this.phoneBesideContractor(labelled);
    const asPhone = (text: string): string | null => PHONE.exec(text)?.[0] ?? null;
    if (phone) info.phone = this.take(phone.hit.field, 'documentMetadata.contractorInfo.phone', asPhone, phone);
    else if (!labelled) info.phone = this.firstPhone();
  }

  /** A bare "Phone" label counts for the contractor on the contractor's row, or anywhere when no contractor label exists. */
  private phoneBesideContractor(contractor: Found | undefined): Found | undefined {
    const phones = this.found.get('phone') ?? [];
    return contractor ? phones.find((phone) => phone.rowIndex === contractor.rowIndex) : phones[0];
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
    const company = findCompany(this.rows, COMPANY_SUFFIX, false);
    if (!company) return;
    this.additional.consultantCompany = preferMixedCase(textOf(company.words), this.rows);
    this.provenance.record('additionalInfo.consultantCompany', company.page, company.words);
  }
}

/** Reads the header block of the document (borrower, property, lender, consultant, contractor...) and the legacy-only facts. */
export function readMetadata(
  rows: Row[],
  provenance: ProvenanceRecorder,
): { metadata: SorMetadata; additional: Omit<SorAdditionalInfo, 'recapLines'> } {
  const reader = new MetadataReader(rows, provenance);
  return { metadata: reader.read(), additional: reader.additional };
}
