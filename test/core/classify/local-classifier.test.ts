import { expect } from 'chai';
import sinon from 'sinon';
import { isLinearArtifact, LocalClassifier, REGISTRY_SCORER_VERSION } from '../../../core/src/classify/index.js';
import { UNKNOWN_TYPE } from '../../../core/src/contracts/results.js';
import * as docs from './documents.js';
import { BUILT_IN_DETECTORS, BUILT_IN_ENTRIES, documentFromText, entry, silentLogger } from './support.js';

const classifier = new LocalClassifier({ pluginRegistry: BUILT_IN_DETECTORS, logger: silentLogger });
const classify = (text: string, entries = BUILT_IN_ENTRIES, source: 'text' | 'ocr' = 'text') =>
  classifier.classify(documentFromText(text, { source }), entries);

describe('classify: LocalClassifier', () => {
  it('finds a usable trained artifact in each bundled plugin (run `npm run train` after changing features)', () => {
    for (const typeCode of ['sor', 'insurance_cert']) {
      const artifact = BUILT_IN_DETECTORS.plugin(typeCode)?.detector.artifact;
      expect(isLinearArtifact(artifact), typeCode).to.equal(true);
      expect(artifact?.typeCode).to.equal(typeCode);
    }
  });

  it('calls a filled ACORD 25 an insurance_cert, with a calibrated confidence', async () => {
    const result = await classify(docs.ACORD25_FILLED);
    expect(result.documentType).to.equal('insurance_cert');
    expect(result.bestTypeCode).to.equal('insurance_cert');
    expect(result.confidence).to.be.within(0.8, 1);
    expect(result.classifier).to.equal('local');
  });

  it('calls a blank ACORD 25 an insurance_cert', async () => {
    expect((await classify(docs.ACORD25_BLANK)).documentType).to.equal('insurance_cert');
  });

  it('never calls a near miss an insurance_cert (ACORD 24 and 27, debit note, UK certificate)', async () => {
    for (const text of [docs.ACORD24, docs.ACORD27, docs.DEBIT_NOTE, docs.UK_CERTIFICATE]) {
      const result = await classify(text);
      expect(result.documentType).to.equal(UNKNOWN_TYPE);
    }
  });

  it('calls a contractor bid for renovation work and a 203(k) specification of repairs sor', async () => {
    expect((await classify(docs.RENOVATION_BID)).documentType).to.equal('sor');
    expect((await classify(docs.SOR_203K)).documentType).to.equal('sor');
  });

  it('does not call a vehicle repair estimate, a repair order, an invoice or an inspection report sor', async () => {
    for (const text of [docs.VEHICLE_ESTIMATE, docs.VEHICLE_INVOICE, docs.INVOICE, docs.HOME_INSPECTION]) {
      expect((await classify(text)).documentType).to.equal(UNKNOWN_TYPE);
    }
  });

  it('reads OCR pages the same way as text-layer pages', async () => {
    const text = await classify(docs.ACORD25_FILLED);
    const ocr = await classify(docs.ACORD25_FILLED, BUILT_IN_ENTRIES, 'ocr');
    expect(ocr).to.deep.equal(text);
  });

  it('reports the model versions and the other types, sorted, without near-zero ones', async () => {
    const custom = entry('pet_license', { keywords: ['dog license', 'rabies vaccination', 'breed'], examples: ['Dog license, rabies vaccination date, breed'] });
    const result = await classify(docs.ACORD25_FILLED, [...BUILT_IN_ENTRIES, custom]);
    expect(result.modelVersions.sor).to.match(/^\d{4}-\d{2}-\d{2}\.[0-9a-f]{12}$/);
    expect(result.modelVersions.insurance_cert).to.match(/^\d{4}-\d{2}-\d{2}\.[0-9a-f]{12}$/);
    expect(result.modelVersions.pet_license).to.equal(REGISTRY_SCORER_VERSION);
    const confidences = result.alternativeTypes.map((alternative) => alternative.confidence);
    expect(confidences).to.deep.equal([...confidences].sort((a, b) => b - a));
    expect(confidences.every((confidence) => confidence >= 0.01 && confidence <= result.confidence)).to.equal(true);
    expect(result.alternativeTypes.map((alternative) => alternative.typeCode)).to.not.include('insurance_cert');
  });

  it('keeps under-threshold alternatives and says unknown when the best type is under its threshold', async () => {
    const strict = BUILT_IN_ENTRIES.map((candidate) => ({ ...candidate, confidenceThreshold: 1.01 }));
    const result = await classify(docs.ACORD25_FILLED, strict);
    expect(result.documentType).to.equal(UNKNOWN_TYPE);
    expect(result.bestTypeCode).to.equal('insurance_cert');
    expect(result.confidence).to.be.greaterThan(0.8);
  });

  it('recognises an organization type from its registry entry alone', async () => {
    const lienWaiver = entry('lien_waiver', {
      displayName: 'Conditional Lien Waiver',
      confidenceThreshold: 0.7,
      keywords: ['conditional waiver', 'release', 'lien', 'progress payment', 'claimant', 'through date'],
      examples: ['CONDITIONAL WAIVER AND RELEASE ON PROGRESS PAYMENT\nName of Claimant\nThrough Date\nThis document waives and releases lien rights'],
    });
    const waiver = 'CONDITIONAL WAIVER AND RELEASE ON PROGRESS PAYMENT\nName of Claimant: Delta Plumbing\nThrough Date: 05/31/2026\nThis document waives and releases lien rights for progress payment.';
    const result = await classify(waiver, [...BUILT_IN_ENTRIES, lienWaiver]);
    expect(result.documentType).to.equal('lien_waiver');
    const unrelated = await classify(docs.INVOICE, [...BUILT_IN_ENTRIES, lienWaiver]);
    expect(unrelated.documentType).to.equal(UNKNOWN_TYPE);
  });

  it('falls back to the registry scorer when a plugin has no usable artifact, and says so once', async () => {
    const warn = sinon.spy();
    const logger = { ...silentLogger, warn };
    const source = {
      plugin: (typeCode: string) =>
        typeCode === 'insurance_cert'
          ? { detector: { artifact: { format: 'other/9', typeCode, version: 'x' }, trainingExamples: async () => [] } }
          : { detector: { artifact: null, trainingExamples: async () => [] } },
    };
    const fallback = new LocalClassifier({ pluginRegistry: source, logger });
    const entries = BUILT_IN_ENTRIES.map((candidate) => ({ ...candidate, keywords: ['certificate of liability insurance'], examples: [] }));
    const document = documentFromText(docs.ACORD25_FILLED);
    const first = await fallback.classify(document, entries);
    await fallback.classify(document, entries);
    expect(first.modelVersions).to.deep.equal({ sor: REGISTRY_SCORER_VERSION, insurance_cert: REGISTRY_SCORER_VERSION });
    expect(first.bestTypeCode).to.equal('insurance_cert');
    expect(warn.callCount).to.equal(1);
  });

  it('returns unknown with no alternatives when there are no entries', async () => {
    const result = await classify(docs.INVOICE, []);
    expect(result).to.include({ documentType: UNKNOWN_TYPE, confidence: 0, bestTypeCode: null });
    expect(result.alternativeTypes).to.deep.equal([]);
  });
});
