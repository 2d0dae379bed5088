import { expect } from 'chai';
import { RegistryScorer, scoringDocument, tokenizeText } from '../../../core/src/classify/index.js';
import { entry } from './support.js';

const LIEN_WAIVER = entry('lien_waiver', {
  displayName: 'Conditional Lien Waiver',
  description: 'A conditional waiver and release of lien rights on progress payment, signed by a claimant for a job.',
  keywords: ['conditional waiver', 'release', 'lien', 'progress payment', 'claimant', 'through date', 'stop payment notice', 'payment bond'],
  examples: [
    'CONDITIONAL WAIVER AND RELEASE ON PROGRESS PAYMENT\nName of Claimant: Apex Drywall\nName of Customer: Jones Builders\nJob Location: 12 Elm St\nThrough Date: 03/31/2026\nThis document waives and releases lien, stop payment notice, and payment bond rights',
  ],
});

const score = (text: string) => new RegistryScorer().score(scoringDocument(tokenizeText(text)), LIEN_WAIVER);

describe('classify: registry scorer', () => {
  it('recognises a custom type from its keywords and examples, without training', () => {
    const waiver = [
      'CONDITIONAL WAIVER AND RELEASE ON PROGRESS PAYMENT',
      'NOTICE: THIS DOCUMENT WAIVES THE CLAIMANT\'S LIEN, STOP PAYMENT NOTICE, AND PAYMENT BOND RIGHTS EFFECTIVE ON RECEIPT OF PAYMENT.',
      'Name of Claimant: Rivera Electric Inc.',
      'Name of Customer: Northgate Homes',
      'Job Location: 455 Harbor Way, Tacoma, WA',
      'Through Date: 08/15/2026',
      'Maker of Check: Northgate Homes  Amount of Check: $18,400.00',
    ].join('\n');
    expect(score(waiver)).to.be.greaterThan(0.8);
  });

  it('keeps unrelated documents far under a threshold', () => {
    for (const text of [
      'INVOICE 10023\nConsulting services 10 hours $1,500.00\nTotal due $1,500.00',
      'Dear Mr. Smith,\nThank you for your application. We will contact you shortly.\nSincerely,',
      'CERTIFICATE OF LIABILITY INSURANCE\nPRODUCER INSURED\nEACH OCCURRENCE $1,000,000',
      '',
    ]) {
      expect(score(text), text).to.be.lessThan(0.3);
    }
  });

  it('ranks a partial match between a clear match and unrelated text', () => {
    const partial = score('Release of lien for the claimant, paid in full.');
    expect(partial).to.be.greaterThan(score('Grocery receipt milk bread'));
    expect(partial).to.be.lessThan(0.8);
  });

  it('scores 0 for an entry with nothing to compare', () => {
    const empty = entry('empty', { description: ' ' });
    expect(new RegistryScorer().score(scoringDocument(tokenizeText('anything at all')), empty)).to.equal(0);
  });
});
