import { expect } from 'chai';
import { defaultLendingRequirements, lendingRequirementsSchema, parseLendingRequirements } from '@docsift/core';

const issuePaths = (input: unknown): string[] => {
  const parsed = lendingRequirementsSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'));
};

describe('lending: requirements', () => {
  it('fills every member with its default from an empty body', () => {
    expect(parseLendingRequirements({})).to.deep.equal({
      requiredCoverages: ['general_liability', 'workers_comp'],
      minimumLimits: { general_liability: { eachOccurrence: 1_000_000, generalAggregate: 2_000_000 } },
      certificateHolderName: null,
      minimumDaysValid: 30,
      maxSorDifference: 1,
      minimumFieldConfidence: 0.6,
    });
    expect(parseLendingRequirements(undefined)).to.deep.equal(defaultLendingRequirements());
  });

  it('keeps what the organization configured and defaults the rest', () => {
    const parsed = parseLendingRequirements({
      requiredCoverages: ['general_liability'],
      minimumLimits: { umbrella: { eachOccurrence: 5_000_000 } },
      certificateHolderName: '  Riverbend Savings Bank ISAOA/ATIMA ',
      minimumDaysValid: 60,
    });
    expect(parsed.requiredCoverages).to.deep.equal(['general_liability']);
    expect(parsed.minimumLimits).to.deep.equal({ umbrella: { eachOccurrence: 5_000_000 } });
    expect(parsed.certificateHolderName).to.equal('Riverbend Savings Bank ISAOA/ATIMA');
    expect(parsed.minimumDaysValid).to.equal(60);
    expect(parsed.maxSorDifference).to.equal(1);
  });

  it('takes null, not a blank name, for no holder requirement', () => {
    expect(parseLendingRequirements({ certificateHolderName: null }).certificateHolderName).to.equal(null);
    expect(issuePaths({ certificateHolderName: '   ' })).to.deep.equal(['certificateHolderName']);
  });

  it('gives each call its own default objects', () => {
    const first = parseLendingRequirements({});
    first.requiredCoverages.push('umbrella');
    first.minimumLimits.general_liability!.eachOccurrence = 1;
    expect(parseLendingRequirements({})).to.deep.equal(defaultLendingRequirements());
  });

  it('names the offending member of an invalid body', () => {
    expect(issuePaths({ minimumDaysValid: -1 })).to.deep.equal(['minimumDaysValid']);
    expect(issuePaths({ minimumDaysValid: 1.5 })).to.deep.equal(['minimumDaysValid']);
    expect(issuePaths({ maxSorDifference: -0.01 })).to.deep.equal(['maxSorDifference']);
    expect(issuePaths({ minimumFieldConfidence: 1.2 })).to.deep.equal(['minimumFieldConfidence']);
    expect(issuePaths({ requiredCoverages: ['General Liability'] })).to.deep.equal(['requiredCoverages.0']);
    expect(issuePaths({ requiredCoverages: ['umbrella', 'umbrella'] })).to.deep.equal(['requiredCoverages']);
    expect(issuePaths({ minimumLimits: { general_liability: { eachOccurrence: '1000000' } } })).to.deep.equal([
      'minimumLimits.general_liability.eachOccurrence',
    ]);
  });

  it('refuses members it does not know (a misspelt requirement is not silently ignored)', () => {
    expect(issuePaths({ minimumDaysValidity: 30 })).to.deep.equal(['']);
    expect(() => parseLendingRequirements({ requiredCoverage: ['umbrella'] })).to.throw(/requiredCoverage/);
  });
});
