import { expect } from 'chai';
import { createAiProvider, isAiProviderError } from '../../../core/src/ai/index.js';
import { makeDocument } from '../../plugins/template/layout-helper.js';
import { entry, fakeModel, silentLogger } from './fixtures.js';

const entries = [
  entry('sor', { displayName: 'Statement of repair', description: 'Itemised repair estimate with line items.' }),
  entry('insurance_cert', { displayName: 'Certificate of insurance', description: 'ACORD 25 certificate of liability insurance.', confidenceThreshold: 0.8 }),
  entry('lien_waiver', { displayName: 'Lien waiver', description: 'Waiver of lien rights.' }),
];
const document = makeDocument([['CERTIFICATE OF LIABILITY INSURANCE', 'PRODUCER: Acme Agency']]);

function classifierWith(responses: string[]) {
  const fake = fakeModel(responses);
  const { classifier } = createAiProvider({ model: 'test-model-1', chatModel: fake.model }, { logger: silentLogger });
  return { classifier, ...fake };
}

describe('core/ai: LLM classifier', () => {
  it('lists every registry type and the document text in the prompt and reports the model', async () => {
    const { classifier, prompts } = classifierWith([
      '{"documentType":"insurance_cert","confidence":0.93,"alternatives":[{"typeCode":"lien_waiver","confidence":0.04},{"typeCode":"sor","confidence":0.02}]}',
    ]);
    const result = await classifier.classify(document, entries);
    const [system, user] = prompts()[0];
    expect(system).to.match(/JSON object/);
    for (const { typeCode, displayName, description } of entries) {
      expect(user).to.include(`- ${typeCode}: ${displayName}. ${description}`);
    }
    expect(user).to.include('CERTIFICATE OF LIABILITY INSURANCE\nPRODUCER: Acme Agency');
    expect(result).to.deep.equal({
      documentType: 'insurance_cert',
      confidence: 0.93,
      bestTypeCode: 'insurance_cert',
      alternativeTypes: [
        { typeCode: 'lien_waiver', displayName: 'Lien waiver', confidence: 0.04 },
        { typeCode: 'sor', displayName: 'Statement of repair', confidence: 0.02 },
      ],
      classifier: 'model',
      modelVersions: { model: 'test-model-1' },
    });
  });

  it("holds the answer to the type's confidence threshold", async () => {
    const { classifier } = classifierWith(['{"documentType":"insurance_cert","confidence":0.75,"alternatives":[]}']);
    const result = await classifier.classify(document, entries);
    expect(result).to.include({ documentType: 'unknown', bestTypeCode: 'insurance_cert', confidence: 0.75 });
  });

  it('reports the likeliest listed type as best when the model answers unknown, and drops unlisted alternatives', async () => {
    const { classifier } = classifierWith([
      '{"documentType":"unknown","confidence":0.8,"alternatives":[{"typeCode":"invoice","confidence":0.5},{"typeCode":"sor","confidence":0.1}]}',
    ]);
    const result = await classifier.classify(document, entries);
    expect(result).to.include({ documentType: 'unknown', bestTypeCode: 'sor', confidence: 0.1 });
    expect(result.alternativeTypes).to.deep.equal([]);
  });

  it('tolerates code fences around the JSON', async () => {
    const { classifier } = classifierWith(['```json\n{"documentType":"sor","confidence":0.9}\n```']);
    expect((await classifier.classify(document, entries)).documentType).to.equal('sor');
  });

  it('retries once with the problem when the answer names a type that is not listed', async () => {
    const { classifier, prompts } = classifierWith([
      '{"documentType":"invoice","confidence":0.9,"alternatives":[]}',
      '{"documentType":"lien_waiver","confidence":0.9,"alternatives":[]}',
    ]);
    const result = await classifier.classify(document, entries);
    expect(result.documentType).to.equal('lien_waiver');
    const retry = prompts()[1];
    expect(retry).to.have.length(4);
    expect(retry[2]).to.include('"invoice"');
    expect(retry[3]).to.match(/^That answer is not valid: documentType: /);
  });

  it('fails with ai_invalid_output after a second invalid answer', async () => {
    const { classifier, invoke } = classifierWith(['not json at all', '{"documentType":"sor","confidence":7}']);
    const error = await classifier.classify(document, entries).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(isAiProviderError(error)).to.equal(true);
    expect(error).to.include({ code: 'ai_invalid_output' });
    expect((error as Error).message).to.match(/classification did not match the expected schema after 2 attempts: confidence/);
    expect(invoke.callCount).to.equal(2);
  });

  it('answers unknown without calling the model when there is no text or no type', async () => {
    const { classifier, invoke } = classifierWith(['{}']);
    const empty = await classifier.classify(makeDocument([[]]), entries);
    const none = await classifier.classify(document, []);
    expect(empty).to.include({ documentType: 'unknown', bestTypeCode: null, confidence: 0 });
    expect(none.documentType).to.equal('unknown');
    expect(invoke.callCount).to.equal(0);
  });

  it('cuts long documents to the configured length', async () => {
    const fake = fakeModel(['{"documentType":"sor","confidence":0.9}']);
    const { classifier } = createAiProvider({ model: 'm', chatModel: fake.model, maxTextChars: 20 }, { logger: silentLogger });
    await classifier.classify(makeDocument([['A'.repeat(50)]]), entries);
    const user = fake.prompts()[0][1];
    expect(user).to.include(`${'A'.repeat(20)}\n[… text truncated …]`);
    expect(user).to.not.include('A'.repeat(21));
  });
});
