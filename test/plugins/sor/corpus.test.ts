import { expect } from 'chai';
import { extractSor } from '../../../plugins/sor/src/extractor.js';
import type { SorData } from '../../../plugins/sor/src/schema.js';
import { validators } from '../../../plugins/sor/src/validators.js';
import { corpusAnswers, corpusAvailable, requireCorpus, type CorpusAnswer } from '../../support/corpus.js';
import { readCorpusDocument } from '../../support/corpus-documents.js';
import { metadataDifferences, recapDifferences, scoreLineItems, type SectionLike } from './support/score.js';

/**
 * Per-file thresholds. Text-layer files: line-item F1 (every field to the cent) ≥ 0.95 and an exact
 * recap. Scans: F1 over descriptions and amounts ≥ 0.85 (OCR of the narrow quantity and unit
 * columns is too noisy for the strict score; both are printed in the summary).
 */
const TEXT_LAYER_F1 = 0.95;
const SCAN_AMOUNTS_F1 = 0.85;
const OCR_TIMEOUT_MS = 240_000;

const isScan = (answer: CorpusAnswer): boolean => /scanned|image/.test(answer.variant ?? '') || /\.(png|jpe?g)$/i.test(answer.file);

const sorFiles = (): CorpusAnswer[] =>
  corpusAvailable ? corpusAnswers().filter((answer) => answer.documentType === 'sor' && !answer.multiDocument && answer.extractedData) : [];

describe('plugin-sor on the corpus', function () {
  const summary: string[] = [];

  before(function () {
    requireCorpus(this);
  });

  after(async () => {
    if (summary.length > 0) process.stdout.write(`  sor corpus scores:\n${summary.map((line) => `    ${line}\n`).join('')}`);
  });

  async function score(answer: CorpusAnswer): Promise<{ data: SorData; f1: number; amountsF1: number; recap: string[]; metadataMisses: string[] }> {
    const document = await readCorpusDocument(answer.set, answer.file);
    const started = performance.now();
    const { data, fieldDetails } = extractSor(document);
    const elapsed = performance.now() - started;
    const expected = answer.extractedData as {
      constructionSections: SectionLike[];
      recapSummary: Record<string, number | null>;
      documentMetadata: Record<string, unknown>;
    };
    const metadataMisses = metadataDifferences(expected.documentMetadata, data.documentMetadata);
    const items = scoreLineItems(expected.constructionSections, data.constructionSections);
    const amounts = scoreLineItems(expected.constructionSections, data.constructionSections, 'amounts');
    const recap = recapDifferences(expected.recapSummary, data.recapSummary);
    summary.push(
      `${answer.file}: line-item F1 ${items.f1.toFixed(3)} (${items.correct}/${items.expected} right, ${items.predicted} read), amounts F1 ${amounts.f1.toFixed(3)}, recap ${recap.length === 0 ? 'exact' : `differs in ${recap.join(', ')}`}, metadata ${8 - metadataMisses.length}/8, extract ${elapsed.toFixed(1)} ms for ${document.pageCount} page(s)`,
    );
    for (const detail of Object.values(fieldDetails)) expect(detail.page).to.be.within(1, document.pageCount);
    return { data, f1: items.f1, amountsF1: amounts.f1, recap, metadataMisses };
  }

  for (const answer of sorFiles().filter((candidate) => !isScan(candidate))) {
    it(`${answer.file}: line-item F1 ≥ ${TEXT_LAYER_F1} and the recap exact${answer.set === 'synthetic' ? ', header block and section names exact, no findings' : ''}`, async () => {
      const { data, f1, recap, metadataMisses } = await score(answer);
      expect(f1).to.be.at.least(TEXT_LAYER_F1);
      expect(recap).to.deep.equal([]);
      if (answer.set !== 'synthetic') return;
      expect(metadataMisses).to.deep.equal([]);
      const expected = answer.extractedData as { constructionSections: SectionLike[] };
      expect(data.constructionSections.map((section) => section.sectionName)).to.deep.equal(expected.constructionSections.map((section) => section.sectionName));
      // The synthetic statements add up, so a finding here is a misread.
      expect(validators.flatMap((validator) => validator(data, { now: new Date() }))).to.deep.equal([]);
    });
  }

  for (const answer of sorFiles().filter(isScan)) {
    it(`${answer.file} (OCR): F1 over descriptions and amounts ≥ ${SCAN_AMOUNTS_F1}`, async function () {
      this.timeout(OCR_TIMEOUT_MS);
      const { amountsF1 } = await score(answer);
      expect(amountsF1).to.be.at.least(SCAN_AMOUNTS_F1);
    });
  }
});
