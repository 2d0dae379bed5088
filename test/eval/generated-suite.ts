import { expect } from 'chai';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { generateSorFamilies, type GeneratedSet } from '../../eval/generator/generate.js';
import type { SorAnswer } from '../../eval/generator/answers.js';
import { cents, printedText, sum, unprinted } from './printed-pdf.js';

/** The digital documents of some generated families, for the checks of one family at a time. */
export interface GeneratedFiles {
  /** The answers of one family's documents. */
  filesOf: (family: string) => SorAnswer[];
  bytesOf: (answer: SorAnswer) => Uint8Array;
}

/**
 * Generates the digital documents of `families` twice and checks what every family must hold (same bytes for the
 * same seed, answers that add up and are printed, page counts); `checks` adds the tests of single families.
 */
export function describeGenerated(title: string, families: string[], heldOut: boolean, checks: (generated: GeneratedFiles) => void): void {
  describe(title, () => {
    const OPTIONS = { families, variants: ['digital' as const] };
    const folders = [mkdtempSync(path.join(tmpdir(), 'docsift-sor-a-')), mkdtempSync(path.join(tmpdir(), 'docsift-sor-b-'))];
    let sets: GeneratedSet[];

    before(async () => {
      sets = [await generateSorFamilies(folders[0], OPTIONS), await generateSorFamilies(folders[1], OPTIONS)];
    });

    after(() => {
      for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    });

    it('writes four digital PDFs per family and an answer for each', () => {
      expect(sets[0].files.map((answer) => answer.file)).to.have.lengthOf(4 * families.length);
      expect(readdirSync(folders[0]).sort()).to.deep.equal([...sets[0].files.map((answer) => answer.file), 'answers.json'].sort());
      expect(sets[0].files.every((answer) => answer.heldOut === heldOut && answer.documentType === 'sor')).to.equal(true);
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
          // g10, g13, g15, g16, g23, g30, g33, g36, g37, g38, g46, g54, g56, g59, g61, g64, g65, g69, g73, g91, g95 and g104 print no material/labor split, nor g93 on its subcontracted lines (g56's credits are negative); g1, g22, g29, g66 and g93 print an equipment column and g53 a sales-tax column, so their line totals hold more than material + labor.
          if (item.materialCost === null) expect(Math.sign(cents(item.totalCost)), item.description).to.equal(/^credit/i.test(item.description) ? -1 : 1);
          else if (['g1', 'g22', 'g29', 'g53', 'g66', 'g93'].includes(answer.layoutFamily)) expect(cents(item.totalCost), item.description).to.be.at.least(parts);
          else expect(cents(item.totalCost), item.description).to.equal(parts);
        }
        const itemsTotal = sum(items.map((item) => item.totalCost));
        // g65 prints no subtotal line: its grand total is the sum of the items.
        if (recapSummary.subtotal !== null) expect(cents(recapSummary.subtotal), answer.file).to.equal(itemsTotal);
        const before = (answer.otherValuesOnDocument.recapLinesBeforeGrandTotal as Array<{ amount: number }>).map((line) => line.amount);
        const grand = itemsTotal + sum([recapSummary.generalConditions, recapSummary.overheadAndProfit, ...before]);
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

    checks({
      filesOf: (family) => sets[0].files.filter((answer) => answer.layoutFamily === family),
      bytesOf: (answer) => new Uint8Array(readFileSync(path.join(folders[0], answer.file))),
    });
  });
}
