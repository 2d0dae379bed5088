import { expect } from 'chai';
import { documentFromText } from '@docsift/core/testing';
import { extractSor } from '../../../plugins/sor/src/extractor.js';

/** Header blocks that look like the forms' but are not: prose before a colon, a letterhead's initial, a title a table takes. */

const read = (lines: string[]) => extractSor(documentFromText(lines.join('\n'))).data;

describe('plugin-sor header block: what is no label or section', () => {
  it('reads no label from a sentence ending in a field name and a colon', () => {
    const data = read([
      'ACME ROOFING LLC',
      '120 Main Street, Springfield, IL 62701',
      '',
      'Item   Description                                Qty      Price       Amount',
      '1      Replace water heater                         1   1,770.00     1,770.00',
      '2      Install handrail                             1     408.00       408.00',
      '                                                  Total               2,178.00',
      '',
      'Payment to be released to Contractor:   upon final inspection',
      'Funds held by Lender:   until completion',
    ]);
    expect(data.documentMetadata.contractorInfo.name).to.equal('ACME ROOFING LLC');
    expect(data.documentMetadata.lenderName).to.equal(null);
  });

  it('reads the value of two names of one field joined by a slash ("Homeowner / Borrower:") whole', () => {
    const data = read([
      'Homeowner / Borrower:   Maria Lopez',
      'Contractor / Builder:   Acme Roofing LLC',
      '',
      'Item   Description                                Qty      Price       Amount',
      '1      Replace water heater                         1   1,770.00     1,770.00',
      '2      Install handrail                             1     408.00       408.00',
    ]);
    expect(data.documentMetadata.borrowerName).to.equal('Maria Lopez');
    expect(data.documentMetadata.contractorInfo.name).to.equal('Acme Roofing LLC');
  });

  it('keeps a letterhead with an initial ("J. Smith Roofing LLC") over a document title out of the sections', () => {
    const data = read([
      'J. Smith Roofing LLC',
      'STATEMENT OF REPAIR',
      'Item   Description                                Qty      Price       Amount',
      '1      Replace water heater                         1   1,770.00     1,770.00',
      '2      Install handrail                             1     408.00       408.00',
    ]);
    expect(data.constructionSections.map((section: { sectionName: string }) => section.sectionName)).not.to.include('J. Smith Roofing LLC');
    expect(data.documentMetadata.contractorInfo.name).to.equal('J. Smith Roofing LLC');
  });

  it('reads the label of a title line a list without header took as its heading', () => {
    const data = read([
      'Borrower: Maria Lopez',
      'Property Address: 14 Elm Street, Springfield, IL 62701',
      'Contractor: Acme Roofing LLC',
      'Replace water heater                                         1,770.00',
      'Install handrail                                               408.00',
      'Total                                                        2,178.00',
    ]);
    expect(data.documentMetadata.contractorInfo.name).to.equal('Acme Roofing LLC');
  });
});
