import { expect } from 'chai';
import { readLayout } from '@docsift/core/layout';
import { documentFromText, type TextPageOptions } from '@docsift/core/testing';
import { extractSor } from '../../../plugins/sor/src/extractor.js';
import { isCaptionRow, labelsOf } from '../../../plugins/sor/src/labels.js';

const read = (lines: string[], options: TextPageOptions = {}) => extractSor(documentFromText(lines.join('\n'), options));
const metadata = (lines: string[], options: TextPageOptions = {}) => read(lines, options).data.documentMetadata;

/** Each row's labels as [field, label words]. */
function labels(line: string): Array<[string, string]> {
  const [row] = readLayout(documentFromText(line)).rows;
  return labelsOf(row).map((hit) => [hit.value, row.words.slice(hit.start, hit.end).map((word) => word.text).join(' ')]);
}

describe('plugin-sor header block', () => {
  describe('labels', () => {
    it('takes a number mark after a label as part of it', () => {
      expect(labels('CONTRACTOR LICENSE NO. CGC-1520338')).to.deep.equal([['contractorLicense', 'CONTRACTOR LICENSE NO.']]);
      expect(labels('Tel. 314-711-2490 • License No. 871145-16')).to.deep.equal([
        ['phone', 'Tel.'],
        ['contractorLicense', 'License No.'],
      ]);
    });

    it('takes a label running straight into a date, but not words in prose', () => {
      expect(labels('Inspection Date August 20, 2026')).to.deep.equal([['inspectionDate', 'Inspection Date']]);
      expect(labels('Materials selected by borrower')).to.deep.equal([]);
    });

    it('reads a bare "Inspection" caption beside a date as the inspection date, not the word inside a company name', () => {
      const meta = metadata([
        'Sterling Home Inspection & Consulting',
        '',
        'Borrower      Patricia Holloway               Inspection      07/14/2026',
        'Lender        Granite State Bank              Contractor      Heritage Remodeling',
      ]);
      expect(meta.inspectionDate).to.equal('2026-07-14');
      expect(labels('Sterling Home Inspection & Consulting')).to.deep.equal([]);
    });

    it('reads the inspection date from the label with a date beside it, past a bare "Inspection" caption over another value', () => {
      const meta = metadata([
        'Borrower      Patricia Holloway               Inspection         No. 3',
        'Lender        Granite State Bank              Inspection Date    07/14/2026',
      ]);
      expect(meta.inspectionDate).to.equal('2026-07-14');
    });

    it('reads the lender from the program line under the title, up to the dash ("Evergreen Savings Bank - Fix & Flip / Rehab Loan Program")', () => {
      const meta = metadata([
        'RENOVATION BUDGET                                          Submitted 05/28/2026',
        'Evergreen Savings Bank - Fix & Flip / Rehab Loan Program',
        '',
        'Borrower   Wendy Reyes                Site Walk   05/21/2026',
      ]);
      expect(meta.lenderName).to.equal('Evergreen Savings Bank');
      expect(meta.inspectionDate).to.equal('2026-05-21');
      expect(metadata(['REHAB BUDGET', 'Fix & Flip / Rehab Loan Program', '', 'Borrower   Wendy Reyes']).lenderName).to.equal(null);
    });

    it('tells a row of box captions from a row of labelled values', () => {
      const captions = (line: string): boolean => {
        const [row] = readLayout(documentFromText(line)).rows;
        return isCaptionRow(row, labelsOf(row));
      };
      expect(captions('LENDER                  LOAN NUMBER          DATE OF INSPECTION')).to.equal(true);
      expect(captions('Lender:   Acme Bank      Borrower:  Pat Doe')).to.equal(false);
      expect(captions('LENDER')).to.equal(false);
    });
  });

  describe('the borrower', () => {
    it('is the customer a bid is submitted to or prepared for, and the insured of an insurance estimate', () => {
      expect(metadata(['CONSTRUCTION PROPOSAL', '', 'Submitted to:   Maria Gomez']).borrowerName).to.equal('Maria Gomez');
      expect(metadata(['ESTIMATE', 'Prepared for:   Maria Gomez']).borrowerName).to.equal('Maria Gomez');
      expect(metadata(['INSURANCE ESTIMATE', 'Insured:   Maria Gomez']).borrowerName).to.equal('Maria Gomez');
    });

    it('is read under the best-spelled of two labels, wherever it stands', () => {
      expect(metadata(['Borrowr:   Pat Doe'], { source: 'ocr' }).borrowerName).to.equal('Pat Doe');
      expect(metadata(['Borrowr:   Pat Doe', 'Borrower:  Pat Smith'], { source: 'ocr' }).borrowerName).to.equal('Pat Smith');
    });
  });

  it('reads the values of box captions from the row under them', () => {
    const { data, fieldDetails } = read(['LENDER                  LOAN NUMBER          DATE OF INSPECTION', 'Acme Bank               4471-22              03/04/2026']);
    expect(data.documentMetadata).to.deep.include({ lenderName: 'Acme Bank', inspectionDate: '2026-03-04' });
    expect(fieldDetails['documentMetadata.lenderName'].bbox![1]).to.be.closeTo(1 / 66, 1e-3);
  });

  it("takes the board that issues a license, in capitals before the colon, for the label's ('Licence RBQ : 110696-50'), joins a number OCR split after its dash, and reads no number where no digit is left", () => {
    expect(metadata(['Bianchi Construction LLC', 'Licence RBQ : 110696-50']).contractorInfo.license).to.equal('110696-50');
    expect(metadata(['Bianchi Construction LLC', 'License CSLB: 1034587']).contractorInfo.license).to.equal('1034587');
    expect(metadata(['Bianchi Construction LLC', 'Licence RBQ : GC- 285935']).contractorInfo.license).to.equal('GC-285935');
    expect(metadata(['Bianchi Construction LLC', 'License No.: RBC']).contractorInfo.license).to.equal(null);
  });

  it("reads a write-up's date as the inspection date, in English and French", () => {
    expect(metadata(['Rehab Specialist:   William Friedman', 'Write-up Date:      September 4, 2025']).inspectionDate).to.equal('2025-09-04');
    expect(metadata(['Consultant :         Terrence Jablonski', "Date d'inspection : 2025-09-15"]).inspectionDate).to.equal('2025-09-15');
  });

  it('drops a note in brackets after a name', () => {
    const meta = metadata(['Lender:     Northgate Home Loans (FHA 203(k))', 'Borrower:   Pat Doe (and spouse)']);
    expect(meta).to.deep.include({ lenderName: 'Northgate Home Loans', borrowerName: 'Pat Doe' });
  });

  it("reads a homeowner/contractor agreement's parties from its opening clause, both owners where a signature line names one", () => {
    const { data, fieldDetails } = read([
      'HOMEOWNER / CONTRACTOR AGREEMENT',
      'THIS AGREEMENT is made on September 9, 2025 between Lisa Whitaker & Denise Novak (the "Owner") and Kowalczyk',
      'Builders Group, license no. RBC 950285, telephone (205) 300-9680 (the "Contractor"), for the renovation of the property at',
      '6864 Garfield Blvd, Birmingham, AL 35233 (the "Property"), financed by Union Federal Savings & Loan (the "Lender").',
      '',
      'Owner:  Lisa Whitaker                               Date',
    ]);
    expect(data.documentMetadata).to.deep.include({
      borrowerName: 'Lisa Whitaker & Denise Novak',
      propertyAddress: '6864 Garfield Blvd, Birmingham, AL 35233',
      lenderName: 'Union Federal Savings & Loan',
      contractorInfo: { name: 'Kowalczyk Builders Group', license: 'RBC 950285', phone: '(205) 300-9680' },
    });
    expect(fieldDetails['documentMetadata.contractorInfo.license'].bbox![1]).to.be.closeTo(2 / 66, 1e-3);
  });

  it("reads an e-mailed bid's job from its prose, the lender from its loan officer's signature and the contractor from the block over its license", () => {
    const { data, fieldDetails } = read([
      'From:     Monique Vasquez <monique.vasquez@firstmeridianmortgage.com>',
      'We are processing the renovation loan for Tamara P. Thibodeaux on 4267 Mill Creek Ct, Memphis, TN 38149. Please send',
      'your bid broken out by trade, with labor and material on each line.',
      '',
      'Monique Vasquez',
      'Renovation Loan Officer',
      'Granite State Bank, N.A.',
      '',
      'Below is our itemized bid. Thanks,',
      'Gregory Castillo',
      'Coleman Home Improvement, Ltd.',
      'License # 376849-61',
      'Office 901-487-1762',
    ]);
    expect(data.documentMetadata).to.deep.include({
      borrowerName: 'Tamara P. Thibodeaux',
      propertyAddress: '4267 Mill Creek Ct, Memphis, TN 38149',
      lenderName: 'Granite State Bank, N.A.',
      contractorInfo: { name: 'Coleman Home Improvement, Ltd.', license: '376849-61', phone: '901-487-1762' },
    });
    expect(fieldDetails['documentMetadata.borrowerName'].bbox![1]).to.be.closeTo(1 / 66, 1e-3);
    expect(fieldDetails['documentMetadata.contractorInfo.name'].bbox![1]).to.be.closeTo(10 / 66, 1e-3);
  });

  describe('the contractor', () => {
    it('reads a license value that starts with letters after a number mark', () => {
      expect(metadata(['Contractor:  Best Builders Inc.       License # RBC 993012']).contractorInfo).to.deep.equal({ name: 'Best Builders Inc.', license: 'RBC 993012', phone: null });
    });

    it('takes no "Contractor" in a cost line (who performs it) for a label: the contractor is the named one', () => {
      const row = (number: string, description: string, by: string, amount: string): string => `${number.padEnd(5)}${description.padEnd(44)}${by.padEnd(16)}${amount.padStart(12)}`;
      const meta = metadata([
        'Contractor:  Kowalczyk Builders Group',
        '',
        row('No.', 'Description of Work', 'Performed By', 'Amount'),
        row('1.', 'Replace rotted porch floor boards', 'Contractor', '2,864.16'),
        row('2.', 'Oak stair treads and risers', 'Contractor', '1,860.00'),
      ]);
      expect(meta.contractorInfo.name).to.equal('Kowalczyk Builders Group');
      expect(metadata([row('No.', 'Description of Work', 'Performed By', 'Amount'), row('1.', 'Replace rotted porch floor boards', 'Contractor', '2,864.16')]).contractorInfo.name).to.equal(null);
    });

    it('reads the license after a label that ends in a number mark', () => {
      expect(metadata(['Contractor:  Best Builders Inc.', 'CONTRACTOR LICENSE NO. CGC-1520338']).contractorInfo.license).to.equal('CGC-1520338');
    });

    it('takes the letterhead’s company when no label names the contractor, dropping what follows "a" and at lower confidence', () => {
      const letterhead = (name: string): string[] => [name, '100 Industrial Pkwy, Dayton, OH 45402', '', 'ESTIMATE', 'Customer:  Pat Doe'];
      expect(metadata(letterhead('GWS Services a TRAJEXTORI COMPANY')).contractorInfo.name).to.equal('GWS Services');
      const { data, fieldDetails } = read(letterhead('GWS Building Services a TRAJEXTORI COMPANY'));
      expect(data.documentMetadata.contractorInfo.name).to.equal('GWS Building Services');
      expect(fieldDetails['documentMetadata.contractorInfo.name']).to.include({ confidence: 0.7, page: 1 });
      expect(fieldDetails['documentMetadata.contractorInfo.name'].bbox![2]).to.be.closeTo(0.21, 1e-3);
      // The whole company name, not cut at its first trade word.
      expect(metadata(letterhead('Hammer Roofing and Restoration LLC')).contractorInfo.name).to.equal('Hammer Roofing and Restoration LLC');
    });

    it('takes the only phone of a bid without a contractor label for the letterhead contractor’s', () => {
      const meta = metadata(['Hammer Roofing LLC', '100 Industrial Pkwy, Dayton, OH 45402', 'Phone: 937-555-0100', '', 'ESTIMATE', 'Customer:  Pat Doe']);
      expect(meta.contractorInfo).to.deep.equal({ name: 'Hammer Roofing LLC', license: null, phone: '937-555-0100' });
    });

    // Needs the uncommitted metadata.ts change that skips consultants' cells in the company fallback (fails at 09e0014).
    it('does not take a consultant’s or an inspector’s letterhead for the contractor, but keeps it as the consultant’s company', () => {
      const writeUp = (name: string): string[] => [name, '100 Industrial Pkwy, Dayton, OH 45402', '', 'SPECIFICATION OF REPAIRS', 'Borrower:  Pat Doe'];
      const { data } = read(writeUp('ACME RENOVATION CONSULTANTS, LLC'));
      expect(data.documentMetadata.contractorInfo.name).to.equal(null);
      expect(data.additionalInfo?.consultantCompany).to.equal('ACME RENOVATION CONSULTANTS, LLC');
      expect(metadata(writeUp('Midwest 203k Inspections LLC')).contractorInfo.name).to.equal(null);
    });

    it('takes the phone under its own label, not the consultant’s beside it', () => {
      const { data, fieldDetails } = read(['Consultant:  John Smith                Contractor:  Best Builders Inc.', 'Phone:       (555) 999-0000            Phone:       (555) 123-4567']);
      expect(data.documentMetadata.contractorInfo.phone).to.equal('(555) 123-4567');
      expect(fieldDetails['documentMetadata.contractorInfo.phone'].bbox![0]).to.be.closeTo(0.52, 1e-3);
      const stacked = metadata(['Consultant:  John Smith', 'Phone:       (555) 999-0000', '', 'Contractor:  Best Builders Inc.', 'License:     GC-1', 'Phone:       (555) 123-4567']);
      expect(stacked.contractorInfo).to.deep.equal({ name: 'Best Builders Inc.', license: 'GC-1', phone: '(555) 123-4567' });
    });

    it('leaves the phone empty when the only phone label is in another block', () => {
      expect(metadata(['Contractor:  Best Builders Inc.          Consultant:  John Smith', '                                         Phone:       (555) 999-0000']).contractorInfo.phone).to.equal(null);
    });

    it('gives no contractor while it is still to be selected', () => {
      expect(metadata(['Contractor:  To be selected', 'Phone:       (555) 123-4567']).contractorInfo).to.deep.equal({ name: null, license: null, phone: null });
      expect(metadata(['Contractor:  Borrower to select']).contractorInfo.name).to.equal(null);
    });
  });

  it('reads the property address inside a project line, with the lines under it, at lower confidence', () => {
    const { data, fieldDetails } = read(['Customer:  Maria Gomez', 'Project:   Renovation of 1764 Magnolia Street', '           Tampa, FL 33602']);
    expect(data.documentMetadata.propertyAddress).to.equal('1764 Magnolia Street, Tampa, FL 33602');
    const detail = fieldDetails['documentMetadata.propertyAddress'];
    expect(detail.confidence).to.equal(0.8);
    // From the house number on, not the job's description before it.
    expect(detail.bbox![0]).to.be.closeTo(0.11, 1e-3);
  });
});
