import { expect } from 'chai';
import type { FieldScore } from '../../eval/score.js';
import {
  alignItems,
  sameDescription,
  scoreFile,
  scoreLineItems,
  scoreValue,
  type TemplateAnswer,
} from '../../eval/templates/score.js';

/** [predicted, expected, correct] */
const tally = (score: FieldScore) => [score.predicted, score.expected, score.correct];

const item = (description: string | null, quantity: number | null, unitPrice: number | null, amount: number | null) => ({
  description,
  quantity,
  unitPrice,
  amount,
});

describe('eval/templates: scalar values', () => {
  it('accepts the expected value or an alternative', () => {
    expect(tally(scoreValue('text', 'issuer', 'Hetzner Online GmbH', ['Hetzner'], 'Hetzner Online GmbH'))).to.deep.equal([1, 1, 1]);
    expect(tally(scoreValue('amount', 'total', 671.15, [470.15], 470.15))).to.deep.equal([1, 1, 1]);
  });

  it('folds case, accents, spaces and punctuation in strings', () => {
    expect(scoreValue('text', 'buyer', 'Usegroup Inh. Jochen Stärk', [], '  usegroup inh jochen STARK').correct).to.equal(1);
    expect(scoreValue('text', 'invoiceNumber', 'RE-20201121/508', [], 'RE-20201121/508 issued at 2020-11-21').correct).to.equal(0);
  });

  it('compares amounts within 0.005, and only numbers', () => {
    expect(scoreValue('amount', 'total', 87.39, [], 87.394).correct).to.equal(1);
    expect(scoreValue('amount', 'total', 0.84, [], 0.845).correct).to.equal(1);
    expect(scoreValue('amount', 'total', 87.39, [], 87.396).correct).to.equal(0);
    expect(scoreValue('amount', 'total', 87.39, [], '87.39').correct).to.equal(0);
  });

  it('compares dates as ISO text and currency codes exactly', () => {
    expect(scoreValue('date', 'date', '2016-01-19', [], '2016-01-19').correct).to.equal(1);
    expect(scoreValue('date', 'date', '2016-01-19', [], '19.01.2016').correct).to.equal(0);
    expect(scoreValue('code', 'currency', 'EUR', [], 'EUR').correct).to.equal(1);
    expect(scoreValue('code', 'currency', 'EUR', [], 'eur').correct).to.equal(0);
    expect(scoreValue('code', 'currency', 'EUR', [], '€').correct).to.equal(0);
  });

  it('counts a wrong value as predicted and as a miss, with what was expected and got', () => {
    const score = scoreValue('date', 'date', '2017-11-03', [], '2017-03-11');
    expect(tally(score)).to.deep.equal([1, 1, 0]);
    expect(score.misses).to.deep.equal([{ path: 'date', expected: '2017-11-03', predicted: '2017-03-11' }]);
  });

  it('applies the null rules', () => {
    expect(tally(scoreValue('date', 'dueDate', null, [], null)), 'null for null counts nowhere').to.deep.equal([0, 0, 0]);
    expect(tally(scoreValue('date', 'dueDate', '2016-01-22', [], null)), 'null for a value is a miss').to.deep.equal([0, 1, 0]);
    expect(tally(scoreValue('date', 'dueDate', null, [], '2016-01-22')), 'a value for null is a false positive').to.deep.equal([1, 0, 0]);
    expect(tally(scoreValue('text', 'buyer', null, [], ''))).to.deep.equal([0, 0, 0]);
  });

  it('follows null-with-alternatives both ways', () => {
    const accepted = scoreValue('date', 'dueDate', null, ['2014-01-31'], '2014-01-31');
    expect(tally(accepted), 'an accepted value where null is primary').to.deep.equal([1, 1, 1]);
    expect(tally(scoreValue('date', 'dueDate', null, ['2014-01-31'], '2014-02-13'))).to.deep.equal([1, 0, 0]);
    expect(tally(scoreValue('date', 'dueDate', '2019-11-16', [null], null)), 'null accepted as an alternative').to.deep.equal([0, 0, 0]);
    expect(tally(scoreValue('date', 'dueDate', '2019-11-16', [null], '2019-11-02'))).to.deep.equal([1, 1, 0]);
  });
});

describe('eval/templates: descriptions', () => {
  it('accepts a prediction that contains the expected text or an alternative', () => {
    expect(sameDescription(['Design (hours): Of a sample invoice'], 'Design (hours): Of a sample invoice 1.00 160.00')).to.equal(true);
    expect(sameDescription(['[CONS_0001] Whiteboard Pen', 'Whiteboard Pen'], 'whiteboard pen')).to.equal(true);
  });

  it('accepts a shorter prediction only when it is at least 60% of the expected text', () => {
    expect(sameDescription(['Bateria Williard Renault Scenic'], 'Bateria Williard Renault')).to.equal(true);
    expect(sameDescription(['Bateria Williard Renault Scenic'], 'Bateria')).to.equal(false);
    expect(sameDescription(['Kette'], '')).to.equal(false);
  });

  it('matches null only with null', () => {
    expect(sameDescription([null], null)).to.equal(true);
    expect(sameDescription(['Kette'], null)).to.equal(false);
  });
});

describe('eval/templates: line items', () => {
  const expected = [item('Amboss 250 kg', 1, 1000, 1000), item('Kette', 30, 10, 300), item('Transport', null, 120, 120)];

  it('aligns items in order (longest common subsequence)', () => {
    expect(alignItems([[true, false, false], [false, false, true], [false, false, false]], 3)).to.deep.equal([[0, 0], [1, 2]]);
    expect(alignItems([[false, true], [true, false]], 2)).to.have.length(1);
    expect(alignItems([[false], [false]], 1)).to.deep.equal([]);
  });

  it('counts an item right only when every sub-field is, numbers within 0.005', () => {
    const predicted = [item('Amboss 250 kg', 1, 1000.004, 1000), item('Kette', 30, 10, 301), item('Transport', 0, 120, 120)];
    expect(tally(scoreLineItems(expected, {}, predicted))).to.deep.equal([3, 3, 1]);
  });

  it('does not credit items out of order', () => {
    const predicted = [expected[1], expected[0], expected[2]];
    expect(scoreLineItems(expected, {}, predicted).correct).to.equal(2);
  });

  it('lowers precision for extra items and recall for missing ones', () => {
    const subtotal = item('Zwischensumme', null, null, 1420);
    const score = scoreLineItems(expected, {}, [expected[0], subtotal, expected[2]]);
    expect(tally(score)).to.deep.equal([3, 3, 2]);
    expect(score.misses).to.deep.equal([{ path: 'lineItems[1]', expected: expected[1], predicted: subtotal }]);
  });

  it('uses per-item alternatives', () => {
    const predicted = [expected[0], expected[1], item('Transport', 1, 120, 120)];
    expect(scoreLineItems(expected, {}, predicted).correct).to.equal(2);
    expect(scoreLineItems(expected, { 'lineItems[2].quantity': [1] }, predicted).correct).to.equal(3);
  });

  it('takes the best whole-list alternative, the primary list on a tie', () => {
    const summary = [item('Vos abonnements, forfaits et options', null, null, 10.83)];
    const detail = [item('Forfait B&You 60Go', null, null, 10.83), item('Appels reçus', null, null, 0)];
    expect(tally(scoreLineItems(detail, { lineItems: [summary] }, summary))).to.deep.equal([1, 1, 1]);
    expect(tally(scoreLineItems(detail, { lineItems: [summary] }, []))).to.deep.equal([0, 2, 0]);
  });

  it('counts non-object elements as wrong items without failing', () => {
    expect(tally(scoreLineItems(expected, {}, ['Amboss 250 kg 1 1.000,00', 42, null, ['Kette']]))).to.deep.equal([4, 3, 0]);
    expect(tally(scoreLineItems(expected, {}, 'Amboss'))).to.deep.equal([1, 3, 0]);
    expect(tally(scoreLineItems(expected, {}, null))).to.deep.equal([0, 3, 0]);
  });
});

describe('eval/templates: one file', () => {
  it('scores every scalar field and the line items of an answer', () => {
    const answer: TemplateAnswer = {
      file: 'invoice_acme_de.pdf',
      kind: 'invoice',
      language: 'de',
      variant: 'digital',
      pages: 1,
      answers: { issuer: 'Acme GmbH', dueDate: null, total: 1589.8, lineItems: [item('Kette', 30, 10, 300)] },
      acceptableAlternatives: { issuer: ['Acme'] },
    };
    const score = scoreFile(answer, { issuer: 'ACME', total: 1689.8, dueDate: '2014-01-31', lineItems: [item('Kette', 30, 10, 300)] });
    expect(tally(score.fields.issuer)).to.deep.equal([1, 1, 1]);
    expect(tally(score.fields.total)).to.deep.equal([1, 1, 0]);
    expect(tally(score.fields.dueDate)).to.deep.equal([1, 0, 0]);
    expect(tally(score.fields.buyer)).to.deep.equal([0, 0, 0]);
    expect(tally(score.lineItems)).to.deep.equal([1, 1, 1]);
  });
});
