import { expect } from 'chai';
import { readDefinedTerms, textOf } from '../../../core/src/layout/index.js';
import { rowsOf } from './helpers.js';

const terms = (text: string): Array<[string, string]> => readDefinedTerms(rowsOf(text)).map((term) => [term.term, textOf(term.words)]);

describe('core layout: defined terms of a contract', () => {
  it("reads each party named in an agreement's opening clause, over line breaks, up to its definition", () => {
    const clause = [
      'THIS AGREEMENT is made on June 28, 2026 between Colleen N. Kowalczyk and Susan Kowalczyk (the "Owner") and Valley',
      'Home Improvement PLLC, license no. KY-957065, telephone 502-704-5824 (the "Contractor"), for the renovation of the',
      'property at 7154 Garfield Ter, Louisville, KY 40261 (the "Property"), financed by First Meridian Mortgage (the "Lender") under',
      'its renovation loan program. The Owner shall pay the Contractor the sum of $42,919.64.',
    ].join('\n');
    expect(terms(clause)).to.deep.equal([
      ['Owner', 'Colleen N. Kowalczyk and Susan Kowalczyk'],
      ['Contractor', 'Valley Home Improvement PLLC, license no. KY-957065, telephone 502-704-5824'],
      ['Property', '7154 Garfield Ter, Louisville, KY 40261'],
      ['Lender', 'First Meridian Mortgage'],
    ]);
  });

  it('reads curly quotes and "hereinafter referred to as", and no bracket that defines nothing', () => {
    expect(terms('This contract is entered into by Acme Roofing LLC (hereinafter referred to as the “Contractor”).')).to.deep.equal([['Contractor', 'Acme Roofing LLC']]);
    expect(terms('Paint the trim (two coats) and the doors ("as is" finish).')).to.deep.equal([]);
  });
});
