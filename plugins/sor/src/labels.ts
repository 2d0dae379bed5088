import type { Word } from '@docsift/core';
import { cellsOf, PhraseMatcher, rowHeightsToX, startsCell, type LayoutRow as Row } from '@docsift/core/layout';

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
  | 'other';

/**
 * Label anchors of the header block. `other` labels are read only so that they end the value
 * before them (a value never runs into the next label).
 */
const META_LABELS: Array<[MetaField, string[]]> = [
  ['borrowerName', ['borrower', 'borrowers', 'borrower(s)', 'borrower name', 'borrower names', 'homeowner', 'homeowners', 'mortgagor', 'owner name']],
  ['propertyAddress', ['property', 'property address', 'subject property', 'site address', 'job address', 'project address', 'property location', 'job site']],
  ['lenderName', ['lender', 'lender name', 'mortgagee', 'lending institution']],
  ['consultant', ['consultant', 'hud consultant', '203k consultant', 'hud 203k consultant', 'consultant name', 'inspector']],
  ['inspectionDate', ['inspection date', 'date of inspection', 'date inspected', 'inspected on', 'site visit date']],
  ['contractorName', ['contractor', 'general contractor', 'contractor name', 'builder']],
  ['contractorLicense', ['license', 'license #', 'license no', 'license number', 'lic #', 'lic no', 'contractor license']],
  ['contractorPhone', ['contractor phone', 'contractor tel', 'contractor telephone']],
  ['phone', ['phone', 'tel', 'telephone', 'ph']],
  ['fileNumber', ['file no', 'file #', 'file number', 'file']],
  ['buildingSize', ['building size', 'square footage', 'gross living area', 'living area']],
  ['numberOfUnits', ['no of units', 'number of units', '# of units', 'units']],
  [
    'other',
    ['report date', 'loan no', 'loan #', 'loan number', 'occupancy', 'year built', 'fha case no', 'fha case number', 'case no', 'consultant id', 'email', 'fax', 'date', 'estimator', 'architect', 'plan date', 'bid date', 'contact', 'company', 'project', 'signature'],
  ],
];

const LABELS = PhraseMatcher.of(META_LABELS);

export interface LabelHit {
  field: MetaField;
  row: Row;
  start: number;
  end: number;
}

/** Labels start a cell and end with a colon or a gap (so "selected by borrower" is no label). */
function labelAt(row: Row, start: number): LabelHit | null {
  if (!startsCell(row, start, 0.93) && !/[:|]$/.test(row.words[start - 1].text)) return null;
  for (const match of LABELS.allAt(row, start)) {
    const last = row.words[match.end - 1].text;
    const next = row.words[match.end];
    if (/:$/.test(last) || !next || startsCell(row, match.end, 0.93) || next.text === ':') {
      return { field: match.value, row, start, end: match.end };
    }
  }
  return null;
}

export function labelsOf(row: Row): LabelHit[] {
  const hits: LabelHit[] = [];
  for (let start = 0; start < row.words.length; start += 1) {
    const hit = labelAt(row, start);
    if (hit) {
      hits.push(hit);
      start = hit.end - 1;
    }
  }
  return hits;
}

/** Value cell right of a label: up to the next label or a wide gap. */
export function valueRightOf(hit: LabelHit, nextLabelStart: number): Word[] {
  const { row } = hit;
  let index = hit.end;
  while (index < nextLabelStart && /^[:#|]$/.test(row.words[index].text)) index += 1;
  if (index >= nextLabelStart || (row.words[index].bbox[0] - row.words[hit.end - 1].bbox[2]) > 0.4) return [];
  const words = [row.words[index]];
  for (index += 1; index < nextLabelStart && !startsCell(row, index, 1.16); index += 1) words.push(row.words[index]);
  return words;
}

/** Value under a label (label-above-value layouts): the cell of the next row starting under it. */
export function valueBelow(hit: LabelHit, below: Row | undefined): Word[] {
  if (!below || below.page !== hit.row.page || below.top - hit.row.bottom > 1.5 * hit.row.height) return [];
  const x0 = hit.row.words[hit.start].bbox[0] - rowHeightsToX(hit.row, 0.77);
  const x1 = hit.row.words[hit.end - 1].bbox[2];
  const cell = cellsOf(below).find((words) => words[0].bbox[0] >= x0 && words[0].bbox[0] <= x1);
  return cell && labelsOf(below).every((label) => below.words[label.start] !== cell[0]) ? cell : [];
}

/** Lines printed under a value at the same left edge with nothing left of them (a wrapped address). */
export function valueContinuation(value: Word[], rows: Row[], rowIndex: number): Word[][] {
  const lines: Word[][] = [];
  const left = value[0].bbox[0];
  let previous = rows[rowIndex];
  for (let index = rowIndex + 1; index < rows.length && lines.length < 2; index += 1) {
    const row = rows[index];
    if (row.page !== previous.page || row.top - previous.bottom > 0.8 * row.height) break;
    const cell = cellsOf(row).find((words) => Math.abs(words[0].bbox[0] - left) <= rowHeightsToX(row, 0.77));
    const anythingLeft = row.words.some((word) => word.bbox[2] < left - rowHeightsToX(row, 0.77));
    if (!cell || anythingLeft || labelsOf(row).some((label) => row.words[label.start] === cell[0])) break;
    lines.push(cell);
    previous = row;
  }
  return lines;
}
