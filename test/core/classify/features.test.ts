import { expect } from 'chai';
import { documentLines, featurize, hashString, tokenizeLine, tokenizeText } from '../../../core/src/classify/index.js';
import { documentFromText } from './support.js';

describe('classify: features', () => {
  it('normalises tokens: lowercase, no punctuation, accents or function words; long numbers dropped, short kept', () => {
    expect(tokenizeLine('ACORD 25 (2016/03) Café — Policy of the #CL251750113, $1,000,000')).to.deep.equal([
      'acord', '25', '03', 'cafe', 'policy', 'cl0', '1',
    ]);
  });

  it('keeps the form number apart (ACORD 25 versus ACORD 24)', () => {
    expect(tokenizeLine('ACORD 25')).to.not.deep.equal(tokenizeLine('ACORD 24'));
  });

  it('is deterministic and L2-normalised', () => {
    const text = 'CERTIFICATE OF LIABILITY INSURANCE\nEACH OCCURRENCE $ 1,000,000\nEACH OCCURRENCE';
    const a = featurize(tokenizeText(text));
    const b = featurize(tokenizeText(text));
    expect(Array.from(a.indices)).to.deep.equal(Array.from(b.indices));
    expect(Array.from(a.values)).to.deep.equal(Array.from(b.values));
    const norm = Math.sqrt(Array.from(a.values).reduce((sum, value) => sum + value * value, 0));
    expect(norm).to.be.closeTo(1, 1e-6);
    expect(Array.from(a.indices)).to.deep.equal([...a.indices].sort((x, y) => x - y));
  });

  it('uses sublinear term frequency (a repeated word counts 1 + ln tf)', () => {
    const once = featurize([['roof']]);
    const thrice = featurize([['roof', 'x', 'roof', 'x', 'roof']]);
    expect(once.values[0]).to.equal(1);
    const roofIndex = hashString('roof') & ((1 << 18) - 1);
    const position = Array.from(thrice.indices).indexOf(roofIndex);
    const xPosition = Array.from(thrice.indices).indexOf(hashString('x') & ((1 << 18) - 1));
    expect(thrice.values[position] / thrice.values[xPosition]).to.be.closeTo((1 + Math.log(3)) / (1 + Math.log(2)), 1e-6);
  });

  it('makes bigrams within a line only, so line order does not change the vector', () => {
    const a = featurize(tokenizeText('general aggregate\nproducts comp op agg'));
    const b = featurize(tokenizeText('products comp op agg\ngeneral aggregate'));
    expect(Array.from(a.indices)).to.deep.equal(Array.from(b.indices));
  });

  it('reads the same lines from a text-layer page and an OCR page, plus form field values', () => {
    const text = 'CERTIFICATE OF LIABILITY INSURANCE\nINSURED';
    const formFields = [{ name: 'F[0].Insured[0]', kind: 'text' as const, value: 'Acme Roofing LLC', page: 1, bbox: null }];
    expect(documentLines(documentFromText(text, { formFields }))).to.deep.equal([
      'CERTIFICATE OF LIABILITY INSURANCE',
      'INSURED',
      'Acme Roofing LLC',
    ]);
    expect(documentLines(documentFromText(text, { source: 'ocr' }))).to.deep.equal(documentLines(documentFromText(text)));
  });
});
