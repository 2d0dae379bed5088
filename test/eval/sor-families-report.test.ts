import { expect } from 'chai';
import { selectionSentence } from '../../eval/sor-families.js';

describe('eval: the family report says which families a run held out', () => {
  it('names both groups when both ran', () => {
    const sentence = selectionSentence('g1, g2', 'g74');
    expect(sentence).to.match(/^Families g1, g2 were used while tuning/);
    expect(sentence).to.include('**g74 were held out**');
  });

  it('does not claim tuning families when only held-out ones ran', () => {
    const sentence = selectionSentence('', 'g74, g75');
    expect(sentence).to.match(/^Only held-out families were run: \*\*g74, g75\*\*/);
    expect(sentence).not.to.include('Families  were used');
  });

  it('says no held-out family ran on a tuning-only run', () => {
    expect(selectionSentence('g1', '')).to.equal('Families g1 were used while tuning the engine; no held-out family was run.');
  });
});
