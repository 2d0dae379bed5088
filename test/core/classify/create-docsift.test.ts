import { expect } from 'chai';
import { createDocsift } from '../../../core/src/container/create-docsift.js';
import { insuranceCertPlugin } from '../../../plugins/insurance-cert/src/index.js';
import { sorPlugin } from '../../../plugins/sor/src/index.js';
import * as docs from './documents.js';
import { documentFromText, entry, silentLogger } from './support.js';

describe('classify: through createDocsift with the bundled plugins', () => {
  const docsift = createDocsift({ plugins: [sorPlugin(), insuranceCertPlugin()], logger: silentLogger });
  after(() => docsift.close());

  it('uses the plugins\u2019 trained detectors and registry thresholds', async () => {
    const certificate = await docsift.classify(documentFromText(docs.ACORD25_FILLED));
    expect(certificate.documentType).to.equal('insurance_cert');
    expect(Object.keys(certificate.modelVersions).sort()).to.deep.equal(['insurance_cert', 'sor']);
    expect((await docsift.classify(documentFromText(docs.RENOVATION_BID))).documentType).to.equal('sor');
    expect((await docsift.classify(documentFromText(docs.ACORD24))).documentType).to.equal('unknown');
  });

  it('scores an organization type passed per call with the registry scorer', async () => {
    const petLicense = entry('pet_license', {
      displayName: 'Pet License',
      confidenceThreshold: 0.7,
      keywords: ['dog license', 'rabies vaccination', 'breed', 'license tag', 'owner'],
      examples: ['CITY DOG LICENSE\nOwner\nBreed\nRabies vaccination date\nLicense tag no.'],
    });
    const license = 'CITY OF DENTON DOG LICENSE\nOwner: Sam Ruiz\nBreed: Beagle\nRabies vaccination date: 04/02/2026\nLicense tag no. 44812';
    const result = await docsift.classify(documentFromText(license), { extraEntries: [petLicense] });
    expect(result.documentType).to.equal('pet_license');
    expect(result.alternativeTypes.every((alternative) => alternative.confidence < result.confidence)).to.equal(true);
  });
});
