import { expect } from 'chai';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { loadPdfium, openDocument, withPage } from '../../core/src/document/pdfium.js';
import { extractPageWords } from '../../core/src/document/pdf-text.js';
import type { SorAnswer } from '../../eval/generator/answers.js';
import { foldText } from '../../eval/score.js';
import { generateSorFamilies, type GeneratedSet } from '../../eval/generator/generate.js';

const cents = (value: number | null): number => Math.round((value ?? 0) * 100);
const sum = (values: Array<number | null>): number => values.reduce<number>((total, value) => total + cents(value), 0);

interface Printed {
  /** Every word of the text layer, folded as the scorer folds strings (case, space, punctuation). */
  words: Set<string>;
  /** All of them run together: PDFium splits "manufacturer's" at the apostrophe. */
  text: string;
}

async function printedText(bytes: Uint8Array): Promise<Printed> {
  const document = openDocument(await loadPdfium(), bytes);
  try {
    const pages = Array.from({ length: document.pageCount }, (_, index) => withPage(document, index, (page) => extractPageWords(document.pdfium, page)));
    const words = pages.flat().map((word) => foldText(word.text));
    return { words: new Set(words), text: words.join('') };
  } finally {
    document.close();
  }
}

/** What an answer claims is printed but is not: words of names, descriptions and metadata, line and recap totals. */
function unprinted(answer: SorAnswer, printed: Printed): string[] {
  const { documentMetadata, constructionSections, recapSummary } = answer.extractedData;
  const texts = [
    ...Object.values(documentMetadata).filter((value): value is string => typeof value === 'string' && !/^\d{4}-\d\d-\d\d$/.test(value)),
    ...Object.values(documentMetadata.contractorInfo).filter((value): value is string => value !== null),
    ...constructionSections.flatMap((section) => [section.sectionName, ...section.lineItems.map((item) => item.description)]),
  ];
  const words = texts.flatMap((text) => text.split(/\s+/)).map(foldText).filter(Boolean);
  const amounts = [...constructionSections.flatMap((section) => section.lineItems.map((item) => item.totalCost)), recapSummary.grandTotal];
  // Whole-dollar amounts may be printed without cents ("$12,450").
  const amountPrinted = (amount: number) => printed.words.has(String(cents(amount))) || (cents(amount) % 100 === 0 && printed.words.has(String(cents(amount) / 100)));
  return [...words.filter((word) => !printed.text.includes(word)), ...amounts.filter((amount) => !amountPrinted(amount)).map((amount) => String(cents(amount)))];
}

const OPTIONS = { families: ['g1', 'g4', 'g10', 'g13', 'g14', 'g15', 'g16'], variants: ['digital' as const] };

describe('generated statements of repair', () => {
  const folders = [mkdtempSync(path.join(tmpdir(), 'docsift-sor-a-')), mkdtempSync(path.join(tmpdir(), 'docsift-sor-b-'))];
  let sets: GeneratedSet[];

  before(async () => {
    sets = [await generateSorFamilies(folders[0], OPTIONS), await generateSorFamilies(folders[1], OPTIONS)];
  });

  after(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('writes four digital PDFs per family and an answer for each', () => {
    expect(sets[0].files.map((answer) => answer.file)).to.have.lengthOf(28);
    expect(readdirSync(folders[0]).sort()).to.deep.equal([...sets[0].files.map((answer) => answer.file), 'answers.json'].sort());
    expect(sets[0].files.every((answer) => answer.heldOut === false && answer.documentType === 'sor')).to.equal(true);
  });

  it('makes the same bytes twice for the same seed and version', () => {
    for (const file of readdirSync(folders[0])) {
      expect(readFileSync(path.join(folders[1], file)).equals(readFileSync(path.join(folders[0], file))), file).to.equal(true);
    }
  });

  it('reuses a folder that already holds this version and seed', async () => {
    const again = await generateSorFamilies(folders[0], OPTIONS);
    expect(again).to.deep.equal(sets[0]);
  });

  it('gives answers whose line items, sections and recap add up', () => {
    for (const answer of sets[0].files) {
      const { constructionSections, recapSummary } = answer.extractedData;
      const items = constructionSections.flatMap((section) => section.lineItems);
      expect(items.length, answer.file).to.be.within(5, 80);
      for (const item of items) {
        const parts = sum([item.materialCost, item.laborCost]);
        // g10, g13, g15 and g16 print no material/labor split; g1 prints equipment and tax columns, so its line totals hold more than material + labor.
        if (item.materialCost === null) expect(cents(item.totalCost), item.description).to.be.above(0);
        else if (answer.layoutFamily === 'g1') expect(cents(item.totalCost), item.description).to.be.at.least(parts);
        else expect(cents(item.totalCost), item.description).to.equal(parts);
      }
      expect(cents(recapSummary.subtotal), answer.file).to.equal(sum(items.map((item) => item.totalCost)));
      const before = (answer.otherValuesOnDocument.recapLinesBeforeGrandTotal as Array<{ amount: number }>).map((line) => line.amount);
      const grand = sum([recapSummary.subtotal, recapSummary.generalConditions, recapSummary.overheadAndProfit, ...before]);
      expect(cents(recapSummary.grandTotal), answer.file).to.equal(grand);
    }
  });

  it('prints what the answers say', async () => {
    for (const answer of sets[0].files) {
      const printed = await printedText(new Uint8Array(readFileSync(path.join(folders[0], answer.file))));
      expect(unprinted(answer, printed), answer.file).to.deep.equal([]);
    }
  });

  it('records the page count of each PDF', async () => {
    for (const answer of sets[0].files) {
      const pdf = await PDFDocument.load(readFileSync(path.join(folders[0], answer.file)));
      expect(pdf.getPageCount(), answer.file).to.equal(answer.pages);
    }
  });
});
