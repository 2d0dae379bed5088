import { expect } from 'chai';
import { documentFromText } from '@docsift/core/testing';
import { isCaption } from '../../../plugins/sor/src/captions.js';

const wordsOf = (text: string) => documentFromText(text).pages[0].words;

describe('plugin-sor captions', () => {
  it('tells a title of caption and label words from a name, in every lexicon language', () => {
    expect(isCaption(wordsOf('CONTRACTOR COST BREAKDOWN'))).to.equal(true);
    expect(isCaption(wordsOf('DESGLOSE DE COSTOS DEL CONTRATISTA'))).to.equal(true);
    expect(isCaption(wordsOf('Kostenaufstellung Auftragnehmer'))).to.equal(true);
    expect(isCaption(wordsOf('Ironwood Builders'))).to.equal(false);
    expect(isCaption(wordsOf('CONSTRUCCIONES GARCIA'))).to.equal(false);
    expect(isCaption(wordsOf('General Construction Co.'))).to.equal(false);
    expect(isCaption(wordsOf('Building Repair Service'))).to.equal(false);
    expect(isCaption(wordsOf('Budget Construction Inc.'))).to.equal(false);
    expect(isCaption([])).to.equal(false);
  });
});
