import { expect } from 'chai';
import { applyPlatt, fitPlatt } from '../../../core/src/classify/index.js';
import { seededRandom } from '../../../core/src/classify/training/index.js';

describe('classify: calibration', () => {
  const random = seededRandom(11);
  const scores: number[] = [];
  const labels: boolean[] = [];
  for (let i = 0; i < 400; i++) {
    const positive = i % 2 === 0;
    scores.push((positive ? 1.5 : -1.5) + (random.next() - 0.5) * 4);
    labels.push(positive);
  }

  it('fits a monotone increasing map into [0, 1]', () => {
    const platt = fitPlatt(scores, labels);
    expect(platt.a).to.be.greaterThan(0);
    let previous = -Infinity;
    for (let score = -50; score <= 50; score += 0.5) {
      const p = applyPlatt(score, platt);
      expect(p).to.be.within(0, 1);
      expect(p).to.be.at.least(previous);
      previous = p;
    }
    expect(applyPlatt(1e6, platt)).to.equal(1);
    expect(applyPlatt(-1e6, platt)).to.equal(0);
  });

  it('gives probabilities that match the observed frequencies', () => {
    const platt = fitPlatt(scores, labels);
    const high = scores.map((score, i) => ({ p: applyPlatt(score, platt), y: labels[i] })).filter((item) => item.p > 0.7);
    const observed = high.filter((item) => item.y).length / high.length;
    const predicted = high.reduce((sum, item) => sum + item.p, 0) / high.length;
    expect(observed).to.be.closeTo(predicted, 0.1);
  });

  it('stays finite on separable data', () => {
    const platt = fitPlatt([-3, -2, -1, 1, 2, 3], [false, false, false, true, true, true]);
    expect(Number.isFinite(platt.a) && Number.isFinite(platt.b)).to.equal(true);
    expect(applyPlatt(3, platt)).to.be.greaterThan(0.5);
    expect(applyPlatt(-3, platt)).to.be.lessThan(0.5);
  });
});
