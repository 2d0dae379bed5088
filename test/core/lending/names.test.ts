import { expect } from 'chai';
import { editDistance, matchOrganizationName, organizationNameTokens } from '@docsift/core';

describe('lending: organization name matching', () => {
  it('folds case, punctuation, accents, legal forms and ISAOA/ATIMA clauses', () => {
    expect(organizationNameTokens('Riverbend Savings Bank, N.A. ISAOA/ATIMA')).to.deep.equal(['riverbend', 'savings', 'bank']);
    expect(organizationNameTokens('Crédit & Trust Co., L.L.C.')).to.deep.equal(['credit', 'trust']);
    expect(organizationNameTokens('The Bank, its successors and/or assigns')).to.deep.equal(['bank']);
  });

  it('matches the same organization written differently', () => {
    expect(matchOrganizationName('Riverbend Savings Bank', 'RIVERBEND SAVINGS BANK, N.A. ISAOA/ATIMA').matched).to.equal(true);
    expect(matchOrganizationName('Riverbend Savings Bank Inc.', 'Riverbend Savings Bank LLC').matched).to.equal(true);
  });

  it('tolerates a small typo or words run together, and extra words such as a department', () => {
    expect(matchOrganizationName('Riverbend Savings Bank', 'Riverbend Savngs Bank').matched).to.equal(true);
    expect(matchOrganizationName('Riverbend Savings Bank', 'RiverbendSavings Bank').matched).to.equal(true);
    expect(matchOrganizationName('Riverbend Savings Bank', 'Riverbend Savings Bank Construction Lending Dept').matched).to.equal(true);
  });

  it('does not match another organization, or one missing a word of the required name', () => {
    expect(matchOrganizationName('Riverbend Savings Bank', 'First National Bank of Ohio')).to.deep.include({ matched: false });
    expect(matchOrganizationName('First National Bank of Ohio', 'First National Bank of Texas').matched).to.equal(false);
    expect(matchOrganizationName('Riverbend Savings Bank', 'Riverbend Bank').matched).to.equal(false);
    expect(matchOrganizationName('Riverbend Savings Bank', '').matched).to.equal(false);
  });

  it('scores a partial overlap below 1', () => {
    const { score } = matchOrganizationName('Riverbend Savings Bank', 'Riverbend Bank');
    expect(score).to.be.greaterThan(0.5).and.lessThan(1);
  });

  it('measures edit distance', () => {
    expect(editDistance('kitten', 'sitting')).to.equal(3);
    expect(editDistance('', 'abc')).to.equal(3);
    expect(editDistance('bank', 'bank')).to.equal(0);
  });
});
