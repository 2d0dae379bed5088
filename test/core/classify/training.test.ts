import { expect } from 'chai';
import { featurize, LinearDetector, tokenizeText } from '../../../core/src/classify/index.js';
import {
  buildSamples,
  DEFAULT_TRAINING_CONFIG,
  expandTemplate,
  seededRandom,
  trainDetector,
  trainingDataHash,
  trainLogistic,
  type LabelledText,
} from '../../../core/src/classify/training/index.js';

const TINY: LabelledText[] = [
  { id: 'a1', label: 'roofing', text: 'Roof replacement estimate\nTear off shingles [[money]]\nInstall ridge vent [[money]]' },
  { id: 'a2', label: 'roofing', text: '{Roofing proposal|Roof quote}\nArchitectural shingles and underlayment [[money]]\nDrip edge and flashing' },
  { id: 'a3', label: 'roofing', text: 'Reroof garage\nShingles, felt, ridge cap [[money]]\nHaul away old roof' },
  { id: 'b1', label: 'unknown', text: 'Grocery receipt\nMilk [[amount]]\nBread [[amount]]\nTotal [[amount]]' },
  { id: 'b2', label: 'unknown', text: 'Dear [[person]],\nThank you for your letter of [[date]].\nSincerely' },
  { id: 'b3', label: 'unknown', text: 'Invoice [[number]]\nConsulting hours [[money]]\nAmount due [[money]]' },
];

const CONFIG = { ...DEFAULT_TRAINING_CONFIG, variantsPerTemplate: 4, folds: 3, epochs: 8 };

describe('classify: training', () => {
  it('expands templates deterministically for a seed, and differently for another seed', () => {
    const template = '{Estimate|Quote} [[date]]\n*2-4 Line [[money]]\n?50 optional\n@pool = a {x|y}|b\nPick [[@pool]]';
    const first = expandTemplate(template, seededRandom(7));
    expect(expandTemplate(template, seededRandom(7))).to.equal(first);
    expect(first).to.match(/^(Estimate|Quote) \S+/);
    expect(first).to.match(/Pick (a [xy]|b)$/);
    expect(first).to.not.contain('[[');
    const others = [1, 2, 3, 4, 5].map((seed) => expandTemplate(template, seededRandom(seed)));
    expect(new Set([first, ...others]).size).to.be.greaterThan(1);
  });

  it('trains the same weights twice from the same data and seed', () => {
    const samples = buildSamples(TINY, CONFIG);
    const vectors = samples.map((sample) => sample.vector);
    const labels = samples.map((sample) => sample.label === 'roofing');
    const options = { dimension: 1 << 18, l2: 1e-4, epochs: 5, seed: 3, learningRate: 0.5 };
    const a = trainLogistic(vectors, labels, options);
    const b = trainLogistic(vectors, labels, options);
    expect(a.bias).to.equal(b.bias);
    expect(Buffer.from(a.weights.buffer).equals(Buffer.from(b.weights.buffer))).to.equal(true);
  });

  it('produces a reproducible, versioned artifact that separates the classes', () => {
    const hash = trainingDataHash(TINY, CONFIG);
    const first = trainDetector('roofing', buildSamples(TINY, CONFIG), CONFIG, hash, '2026-01-01');
    const second = trainDetector('roofing', buildSamples(TINY, CONFIG), CONFIG, hash, '2026-01-01');
    expect(JSON.stringify(first)).to.equal(JSON.stringify(second));
    expect(first.format).to.equal('docsift-linear/1');
    expect(first.version).to.equal(`2026-01-01.${hash.slice(0, 12)}`);
    expect(first.weights.indices.length).to.equal(first.weights.values.length);
    expect(first.weights.values.every((value) => value !== 0)).to.equal(true);

    const detector = new LinearDetector(first);
    const roof = detector.probability(featurize(tokenizeText('Roof estimate\nTear off shingles and install underlayment $4,200')));
    const letter = detector.probability(featurize(tokenizeText('Dear Ann,\nThank you for your letter.\nSincerely')));
    expect(roof).to.be.greaterThan(letter);
    expect(roof).to.be.within(0, 1);
    expect(letter).to.be.within(0, 1);
  });

  it('changes the data hash when the data changes', () => {
    const changed = [...TINY.slice(1), { ...TINY[0], text: `${TINY[0].text}\nPermit fee` }];
    expect(trainingDataHash(changed, CONFIG)).to.not.equal(trainingDataHash(TINY, CONFIG));
  });
});
