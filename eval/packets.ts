import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import type { Docsift } from '@docsift/core';
import { addScores, f1 } from './score.js';
import { scoreInsuranceCert, scoreSorFields, scoreSorLineItems } from './scorers.js';
import { seededRandom } from '../core/src/classify/training/index.js';

/**
 * Multi-document packets for the split evaluation: single documents of the corpus (public and
 * synthetic) put together in varied orders and counts, scanned pages and photos mixed in, written
 * to eval/generated/packets with the page ranges and types each packet really holds.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
export const PACKETS_DIR = path.join(here, 'generated/packets');

export interface SingleDocument {
  /** Absolute path of the file. */
  path: string;
  /** How the answers name it (`public/invoice_aws.pdf`). */
  label: string;
  documentType: string;
  scan: boolean;
}

export interface PacketAnswer {
  /** Absolute path of the packet. */
  file: string;
  parts: Array<{ documentType: string; pages: [number, number]; source: string }>;
  pageCount: number;
}

const MAX_PAGES = 12;
const LETTER_WIDTH_PT = 612;

/** One document to put in a packet: a PDF already parsed, or an image (one page). */
type PacketSource = { pdf: PDFDocument; pages: number } | { image: Uint8Array; png: boolean; pages: 1 };

/**
 * Parses a document once for a packet. Null for an encrypted PDF: pdf-lib copies its pages still
 * encrypted (blank once in a packet), so it is left out.
 */
async function packetSource(bytes: Uint8Array, file: string): Promise<PacketSource | null> {
  if (!/\.pdf$/i.test(file)) return { image: bytes, png: /\.png$/i.test(file), pages: 1 };
  const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true });
  return pdf.isEncrypted ? null : { pdf, pages: pdf.getPageCount() };
}

async function appendDocument(packet: PDFDocument, source: PacketSource): Promise<void> {
  if ('pdf' in source) {
    // A page copy cannot carry the source's AcroForm: its fields are flattened into the page first,
    // as the tools that merge packets do, so their values stay on the page as text.
    if (source.pdf.getForm().getFields().length > 0) source.pdf.getForm().flatten();
    for (const page of await packet.copyPages(source.pdf, source.pdf.getPageIndices())) packet.addPage(page);
    return;
  }
  const image = source.png ? await packet.embedPng(source.image) : await packet.embedJpg(source.image);
  const height = (LETTER_WIDTH_PT * image.height) / image.width;
  const page = packet.addPage([LETTER_WIDTH_PT, height]);
  page.drawImage(image, { x: 0, y: 0, width: LETTER_WIDTH_PT, height });
}

/** Builds `count` packets (deterministic for a seed) from `singles` into `PACKETS_DIR/name` and returns their answers. */
export async function buildPackets(name: string, singles: SingleDocument[], options: { count: number; seed: number }): Promise<PacketAnswer[]> {
  const directory = path.join(PACKETS_DIR, name);
  mkdirSync(directory, { recursive: true });
  const next = seededRandom(options.seed).next;
  const scans = singles.filter((single) => single.scan);
  const answers: PacketAnswer[] = [];
  for (let index = 0; index < options.count; index++) {
    const count = 2 + Math.floor(next() * 3);
    const chosen: SingleDocument[] = [];
    if (index % 2 === 0) chosen.push(scans[Math.floor(next() * scans.length)]!);
    while (chosen.length < count) {
      const candidate = singles[Math.floor(next() * singles.length)]!;
      if (!chosen.includes(candidate)) chosen.push(candidate);
    }
    chosen.sort(() => next() - 0.5);
    const packet = await PDFDocument.create();
    const parts: PacketAnswer['parts'] = [];
    let pageCount = 0;
    for (const single of chosen) {
      const source = await packetSource(new Uint8Array(readFileSync(single.path)), single.path);
      if (!source) continue;
      if (parts.length >= 2 && pageCount + source.pages > MAX_PAGES) break;
      await appendDocument(packet, source);
      parts.push({ documentType: single.documentType, pages: [pageCount + 1, pageCount + source.pages], source: single.label });
      pageCount += source.pages;
    }
    const file = path.join(directory, `packet_${String(index + 1).padStart(2, '0')}.pdf`);
    writeFileSync(file, await packet.save());
    answers.push({ file, parts, pageCount });
  }
  writeFileSync(path.join(directory, 'answers.json'), JSON.stringify(answers, null, 1));
  return answers;
}

export interface BoundaryScore {
  /** Boundaries (first pages of parts after the first) found and expected. */
  predicted: number;
  expected: number;
  correct: number;
  /** Parts whose page range and type are both right. */
  partsRight: number;
  parts: number;
}

/** Scores predicted parts against the answer: boundaries by first page, parts by range and type. */
export function scoreSplit(expected: PacketAnswer['parts'], predicted: Array<{ documentType: string; pages: [number, number] }>): BoundaryScore {
  const starts = (parts: Array<{ pages: [number, number] }>) => new Set(parts.slice(1).map((part) => part.pages[0]));
  const expectedStarts = starts(expected);
  const predictedStarts = starts(predicted);
  let correct = 0;
  for (const start of predictedStarts) if (expectedStarts.has(start)) correct++;
  const partsRight = expected.filter((part) =>
    predicted.some((found) => found.pages[0] === part.pages[0] && found.pages[1] === part.pages[1] && found.documentType === part.documentType),
  ).length;
  return { predicted: predictedStarts.size, expected: expectedStarts.size, correct, partsRight, parts: expected.length };
}

/** What a part's extraction is compared with: the document's answers and the engine's result for it alone. */
export interface SingleOutcome {
  documentType: string;
  extractedData?: Record<string, unknown>;
  acceptableAlternatives?: Record<string, unknown[]>;
  /** The extracted data of the document processed alone (null: not extracted as its type). */
  alone: Record<string, unknown> | null;
}

interface SetScore {
  packets: number;
  exact: number;
  boundaries: BoundaryScore;
  seconds: number;
}

function extractionF1(outcome: SingleOutcome, predicted: Record<string, unknown> | null): number | null {
  if (!outcome.extractedData) return null;
  if (outcome.documentType === 'insurance_cert') return f1(scoreInsuranceCert(outcome.extractedData, predicted, outcome.acceptableAlternatives)).f1;
  if (outcome.documentType === 'sor') {
    const score = addScores(scoreSorLineItems(outcome.extractedData, predicted), scoreSorFields(outcome.extractedData, predicted, outcome.acceptableAlternatives));
    return f1(score).f1;
  }
  return null;
}

/**
 * Splits and processes every packet with `docsift.processPacket`: boundary precision and recall,
 * parts right (range and type), and, where `outcomes` knows a part's document, its extraction
 * compared with the same document processed alone.
 */
export async function scorePacketSet(
  docsift: Docsift,
  packets: PacketAnswer[],
  outcomes: Map<string, SingleOutcome>,
  comparison: { same: number; worse: string[]; better: number },
): Promise<SetScore> {
  const total: SetScore = { packets: packets.length, exact: 0, boundaries: { predicted: 0, expected: 0, correct: 0, partsRight: 0, parts: 0 }, seconds: 0 };
  for (const packet of packets) {
    const started = performance.now();
    const result = await docsift.processPacket(new Uint8Array(readFileSync(packet.file)), { now: new Date('2026-11-21T00:00:00Z') });
    total.seconds += (performance.now() - started) / 1000;
    const score = scoreSplit(packet.parts, result.documents);
    for (const key of Object.keys(total.boundaries) as Array<keyof BoundaryScore>) total.boundaries[key] += score[key];
    if (score.partsRight === score.parts && score.predicted === score.expected) total.exact++;
    for (const part of packet.parts) {
      const outcome = outcomes.get(part.source);
      const found = result.documents.find((document) => document.pages[0] === part.pages[0] && document.pages[1] === part.pages[1]);
      if (!outcome || !found) continue;
      const inPacket = extractionF1(outcome, found.documentType === outcome.documentType ? (found.result.extractedData as Record<string, unknown>) : null);
      const alone = extractionF1(outcome, outcome.alone);
      if (inPacket === null || alone === null) continue;
      if (Math.abs(inPacket - alone) < 1e-9) comparison.same++;
      else if (inPacket > alone) comparison.better++;
      else comparison.worse.push(`${path.basename(packet.file)} pages ${part.pages.join('–')} (${part.source}): ${inPacket.toFixed(3)} in the packet, ${alone.toFixed(3)} alone`);
    }
    process.stderr.write(`  ${path.basename(packet.file)}: ${result.documents.map((document) => `${document.documentType} ${document.pages.join('-')}`).join(', ')}\n`);
  }
  return total;
}

const boundaryLine = (name: string, score: SetScore): string => {
  const { predicted, expected, correct, partsRight, parts } = score.boundaries;
  const precision = predicted ? correct / predicted : 1;
  const recall = expected ? correct / expected : 1;
  const f = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return `| ${name} | ${score.packets} | ${precision.toFixed(3)} | ${recall.toFixed(3)} | **${f.toFixed(3)}** | ${correct}/${expected} (pred ${predicted}) | ${partsRight}/${parts} | ${score.exact}/${score.packets} | ${score.seconds.toFixed(1)} |`;
};

/** The `npm run eval` section on packets. */
export function packetSection(sets: Array<{ name: string; score: SetScore }>, comparison: { same: number; worse: string[]; better: number }, heldOutNote: string): string[] {
  const lines = [
    '## Packets: splitting multi-document files',
    '',
    'Each packet is read once, split (`processPacket`, strategy `auto`) and each part extracted. A boundary is the first page of a part after the first;',
    'a part is right when its page range and its type are. ' + heldOutNote,
    '',
    '| set | packets | boundary P | R | F1 | correct/expected | parts right | packets exact | seconds |',
    '|---|---|---|---|---|---|---|---|---|',
    ...sets.map(({ name, score }) => boundaryLine(name, score)),
    '',
    `Parts split right and extracted, compared with the same document processed alone (F1 of its fields and line items): ${comparison.same} the same, ${comparison.better} better, ${comparison.worse.length} worse.`,
  ];
  if (comparison.worse.length) lines.push('', ...comparison.worse.map((line) => `- ${line}`));
  return lines;
}
