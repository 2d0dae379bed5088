import { expect } from 'chai';
import { createDocsift, type Docsift } from '@docsift/core';
import { runPluginConformance, silentLogger } from '@docsift/core/testing';
import { insuranceCertPlugin } from '@docsift/plugin-insurance-cert';
import { sorPlugin } from '@docsift/plugin-sor';
import { lienWaiverPlugin, makeWaiverPdf } from '@docsift/example-custom-plugin';

const waivers = [
  {
    claimant: 'Keystone Drywall LLC',
    customer: 'Redstone Construction Services',
    jobLocation: '9157 Valley Way, Pittsburgh, PA 15281',
    owner: 'Tariq Peterson',
    throughDate: '04/30/2025',
    amount: '$12,480.00',
  },
  {
    claimant: 'Blue Ridge Electric Inc.',
    customer: 'Hollowell Builders',
    jobLocation: '14 Orchard Lane, Asheville, NC 28801',
    owner: 'Maria Gonzales',
    throughDate: '11/15/2026',
    amount: '$3,905.10',
  },
];

runPluginConformance(lienWaiverPlugin());

describe('example: a custom plugin adds a type with no change to core', () => {
  let docsift: Docsift;

  before(() => {
    docsift = createDocsift({ plugins: [sorPlugin(), insuranceCertPlugin(), lienWaiverPlugin()], logger: silentLogger });
  });

  after(() => docsift.close());

  it('lists the new type beside the bundled ones', () => {
    expect(docsift.entries().map((entry) => entry.typeCode)).to.include.members(['sor', 'insurance_cert', 'lien_waiver']);
  });

  for (const facts of waivers) {
    it(`classifies and extracts the waiver of ${facts.claimant}`, async () => {
      const result = await docsift.process(await makeWaiverPdf(facts));
      expect(result.documentType).to.equal('lien_waiver');
      expect(result.extractedData).to.include({
        claimant: facts.claimant,
        owner: facts.owner,
        paymentAmount: Number(facts.amount.replace(/[$,]/g, '')),
      });
      expect(result.fieldDetails.claimant).to.include({ page: 1, source: 'text' });
      expect(result.findings.filter((finding) => finding.code === 'waiver_missing_amount')).to.have.length(0);
    });
  }
});
