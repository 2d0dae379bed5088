import { expect } from 'chai';
import { repairOcrSpelling, repairSpelling } from '../../../core/src/layout/index.js';
import { word } from './helpers.js';

describe('core layout: spelling repair of OCR words', () => {
  it('repairs a word one OCR letter away from a single English word, keeping its case and punctuation', () => {
    expect(repairSpelling('containmont,')).to.equal('containment,');
    expect(repairSpelling('Ganeral')).to.equal('General');
    expect(repairSpelling('EXTARIOR')).to.equal('EXTERIOR');
    expect(repairSpelling('Iraming')).to.equal('Framing');
  });

  it('repairs each part of a hyphenated word on its own', () => {
    expect(repairSpelling('pressura-treated')).to.equal('pressure-treated');
    expect(repairSpelling('Code-compiiant')).to.equal('Code-compliant');
    // groove and greave are both one confusable letter away: no choice is made.
    expect(repairSpelling('tongue-and-groave')).to.equal('tongue-and-groave');
  });

  it('leaves English words, short words, words with digits and mixed-case codes as read', () => {
    for (const text of ['currant', 'codo', 'SEER2', '2x10', 'McAllister', 'NM-B', 'HVAC']) expect(repairSpelling(text)).to.equal(text);
  });

  it('takes a repair only where one candidate stands out', () => {
    // "flauring" is one edit from "flouring" only ("flooring" is two): taken.
    expect(repairSpelling('flauring')).to.equal('flouring');
    // "bame" is too short to choose among bane, bare, base, came, game, ...
    expect(repairSpelling('bame')).to.equal('bame');
  });

  it('repairs letters OCR read as a run of two ("rn" for m, "cl" for d, "vv" for w) and the other way round', () => {
    expect(repairSpelling('containrnent')).to.equal('containment');
    expect(repairSpelling('clrywall')).to.equal('drywall');
    expect(repairSpelling('vvindows')).to.equal('windows');
    expect(repairSpelling('retum')).to.equal('return');
  });

  it('drops a first letter only where OCR may have read a stroke as one', () => {
    expect(repairSpelling('prehung')).to.equal('prehung');
    expect(repairSpelling('lframing')).to.equal('framing');
  });

  it('gives a word read with an i for the semicolon after it its semicolon back', () => {
    expect(repairSpelling('areasi')).to.equal('areas;');
    expect(repairSpelling('coatsi')).to.equal('coats;');
    expect(repairSpelling('alumni')).to.equal('alumni');
  });

  it('repairs only OCR words tesseract doubted', () => {
    const words = [
      word('Raplace', [0, 0, 0.1, 0.01], { source: 'ocr', confidence: 0.5 }),
      word('Raplace', [0.1, 0, 0.2, 0.01], { source: 'ocr', confidence: 0.95 }),
      word('Raplace', [0.2, 0, 0.3, 0.01]),
    ];
    expect(repairOcrSpelling(words).map((repaired) => repaired.text)).to.deep.equal(['Replace', 'Raplace', 'Raplace']);
  });
});
