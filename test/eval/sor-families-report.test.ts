import { expect } from 'chai';
import type { SorAnswer } from '../../eval/generator/answers.js';
import { emptyScore } from '../../eval/score.js';
import { groupLines, selectionSentence, type FamilyRow } from '../../eval/sor-families.js';

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

describe('eval: the family report sums scans and photos apart from faxes', () => {
  const row = (variant: string, correct: number): FamilyRow => ({
    answer: { layoutFamily: 'g9', variant, heldOut: true } as SorAnswer,
    documentType: 'sor',
    items: { ...emptyScore(), expected: 10, predicted: 10, correct },
    fields: { ...emptyScore(), expected: 10, predicted: 10, correct },
    recapExact: false,
    ms: 1,
  });
  const lines = groupLines([row('digital', 10), row('scanned', 8), row('photo', 6), row('fax', 0)]);
  const itemsLine = (kind: string) => lines.find((line) => line.startsWith(`| held-out families (g9), ${kind} | line items`));

  it('counts only scanned and photographed files in the scans-and-photos figure', () => {
    expect(itemsLine('scans and photos')).to.include('14/20');
  });

  it('keeps the figure with faxes, comparable with earlier reports', () => {
    expect(itemsLine('scans, faxes and photos')).to.include('14/30');
    expect(itemsLine('digital')).to.include('10/10');
  });
});
