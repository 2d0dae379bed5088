import { expect } from 'chai';
import { readLayout } from '@docsift/core/layout';
import { documentFromText } from '@docsift/core/testing';
import { extractSor } from '../../../plugins/sor/src/extractor.js';
import { labelsOf } from '../../../plugins/sor/src/labels.js';

/** The header block of pre-printed forms, work write-ups and line-printer reports. */

const read = (pages: string | string[]) => extractSor(documentFromText(pages));
const metadata = (lines: string[]) => read(lines.join('\n')).data.documentMetadata;

/** A row's labels as [field, label words]. */
function labels(line: string): Array<[string, string]> {
  const [row] = readLayout(documentFromText(line)).rows;
  return labelsOf(row).map((hit) => [hit.value, row.words.slice(hit.start, hit.end).map((word) => word.text).join(' ')]);
}

const ITEMS = [
  'QUAN.   UNIT   DESCRIPTION                                     UNIT PRICE        AMOUNT',
  '  1     LS     Remove and dispose existing kitchen cabinets       741.00        741.00',
  '270     SF     Remove damaged plaster ceiling                        2.67        720.90',
  '  1     EA     Bath accessories: towel bars, tissue holder         338.00        338.00',
];

describe('plugin-sor header block of forms', () => {
  describe('boxed form captions', () => {
    it('takes a label that ends its caption in a row of box captions, the whole caption as the label', () => {
      expect(labels('PROPOSAL SUBMITTED TO                       PHONE                 DATE')).to.deep.equal([
        ['borrowerName', 'PROPOSAL SUBMITTED TO'],
        ['phone', 'PHONE'],
        ['other', 'DATE'],
      ]);
      // Outside a row of captions a word before the label is no part of a label ("the proposal submitted to").
      expect(labels('PROPOSAL SUBMITTED TO')).to.deep.equal([]);
      // A row of labelled values is no row of captions: a cell that ends in no label, or a number, is a value.
      expect(labels('Lender      Commonwealth Mortgage Group      Consultant     Heather Tran (Meridian Building Consultants)')).to.deep.equal([
        ['lenderName', 'Lender'],
        ['consultant', 'Consultant'],
      ]);
      expect(labels('Building Size       3,360 square feet       Number of Units      1')).to.deep.equal([
        ['buildingSize', 'Building Size'],
        ['numberOfUnits', 'Number of Units'],
      ]);
    });

    it('reads the customer under its caption and the address from the boxes captioned street and city under it', () => {
      const meta = metadata([
        'PROPOSAL SUBMITTED TO                       PHONE                 DATE',
        'Phillip Kaminski                                                  11/17/2025',
        'STREET                                      JOB NAME',
        '3648 Lincoln Cir                            Home Renovation',
        'CITY, STATE AND ZIP CODE                    JOB LOCATION',
        'Albuquerque, NM 87119                       Same',
        'LENDER                     LOAN NO.         203(k) CONSULTANT',
        'Granite State Bank, N.A.   8142556016       Yolanda Holloway',
        '',
        ...ITEMS,
      ]);
      expect(meta).to.deep.include({
        borrowerName: 'Phillip Kaminski',
        propertyAddress: '3648 Lincoln Cir, Albuquerque, NM 87119',
        lenderName: 'Granite State Bank, N.A.',
        consultant: 'Yolanda Holloway',
      });
    });
  });

  describe('labels with a colon', () => {
    it('takes a label that closes a cell with a colon after a word that qualifies it', () => {
      expect(labels('Participating lender:      Granite State Bank, N.A.')).to.deep.equal([['lenderName', 'Participating lender:']]);
      expect(metadata(['Owner(s):   Rebecca Coleman        Participating lender:   Granite State Bank, N.A.']).lenderName).to.equal('Granite State Bank, N.A.');
    });

    it('splits the value of a combined label in the order of its labels', () => {
      expect(labels('License / phone:     RBC 436862 / (860) 442-3115')).to.deep.equal([
        ['contractorLicense', 'License / phone:'],
        ['phone', 'License / phone:'],
      ]);
      const meta = metadata(['Rehab specialist:   Gregory Mendoza      Contractor:        Harbor Restoration Group', 'Telephone:          (860) 226-4914       License / phone:   RBC 436862 / (860) 442-3115']);
      expect(meta.consultant).to.equal('Gregory Mendoza');
      expect(meta.contractorInfo).to.deep.equal({ name: 'Harbor Restoration Group', license: 'RBC 436862', phone: '(860) 442-3115' });
    });

    it('splits the value of a combined label at a dot between its parts, or the dash OCR reads for it', () => {
      for (const dot of ['·', '-']) {
        const meta = metadata([`Property     3779 Hawthorne Ln, Milwaukee, WI 53265          Contractor        Zimmerman Construction`, `Lender       Commonwealth Mortgage Group                       License / tel.    WI-826316 ${dot} 414-540-0013`]);
        expect(meta.contractorInfo).to.deep.equal({ name: 'Zimmerman Construction', license: 'WI-826316', phone: '414-540-0013' });
      }
    });

    it('reads the part after a dot set apart by a wide gap ("CA78002 ·    (916) 941-2592")', () => {
      const meta = metadata(['Lender       Lakeside Community Bank     Contractor     Oyelaran Restoration', 'FHA case no. 051-6965673                 Lic. / phone   CA78002 ·    (916) 941-2592', ...ITEMS]);
      expect(meta.contractorInfo).to.deep.equal({ name: 'Oyelaran Restoration', license: 'CA78002', phone: '(916) 941-2592' });
    });

    it('reads the values beside a combined label and a short one on the same row, no row of captions', () => {
      const meta = metadata(['Borrower     Tamara Brennan        Contractor        Zimmerman Construction', 'Lender       Chase Bank            License / tel.    WI-826316 - 414-540-0013', ...ITEMS]);
      expect(meta.lenderName).to.equal('Chase Bank');
      expect(meta.contractorInfo).to.deep.equal({ name: 'Zimmerman Construction', license: 'WI-826316', phone: '414-540-0013' });
    });

    it('reads the consultant named before the role after a dot, or the dash OCR reads for it', () => {
      for (const dot of ['·', '-']) {
        const meta = metadata([`Laura Delgado ${dot} Consultant ID C1492 ${dot} ldelgado@benchmark.com`, 'Borrower     Tamara Brennan', ...ITEMS]);
        expect(meta.consultant).to.equal('Laura Delgado');
      }
    });

    it('reads the consultant named before the role after the firm and a separator', () => {
      const meta = metadata(['WORK WRITE-UP', 'Meridian Renovation Consultants · Lucia H. Novak, 203(k) Consultant · 414.280.3864', 'Homeowner:   Tamara Brennan', ...ITEMS]);
      expect(meta.consultant).to.equal('Lucia H. Novak');
    });

    it('reads the inspection date and the licence under their labels in the lexicon\'s other languages', () => {
      const dutch = metadata(['Valley Renovations · Tel. 704.397.9604 · Vergunning 756584-67', 'Opdrachtgever:   Daniel Jablonski', 'Opname:          10.10.2025', ...ITEMS]);
      expect(dutch.inspectionDate).to.equal('2025-10-10');
      expect(dutch.contractorInfo.license).to.equal('756584-67');
      expect(metadata(['Angebot-Nr.:     333K', 'Besichtigung:    23.07.2025', ...ITEMS]).inspectionDate).to.equal('2025-07-23');
    });

    it('reads a value after dotted leaders and the abbreviation "LIC:"', () => {
      const meta = metadata(['BORROWER ...: LISA T. FERREIRA', 'PROPERTY ...: 9502 HARRISON AVE, DES MOINES, IA 50304', 'CONTRACTOR .: FERREIRA BUILDERS   LIC: RBC 584877   PHONE: 515-566-3265']);
      expect(meta).to.deep.include({ borrowerName: 'LISA T. FERREIRA', propertyAddress: '9502 HARRISON AVE, DES MOINES, IA 50304' });
      expect(meta.contractorInfo).to.deep.equal({ name: 'FERREIRA BUILDERS', license: 'RBC 584877', phone: '515-566-3265' });
    });
  });

  it('takes no column header for a label: "Owner" over "Initials" names no owner', () => {
    const table = [
      '                                                        Unit     Staff       Owner',
      'Item   Description / Specification      Qty    Unit     Cost     Estimate    Initials',
      ' 1     Parge exterior foundation wall   189    SF       5.86     1,107.54',
      ' 2     Scrape, prime and paint trim      1,976  SF       2.31     4,564.56',
      ' 3     Wrap fascia with aluminum         134    LF       5.16       691.44',
    ];
    expect(metadata(['WORK WRITE-UP AND COST ESTIMATE', '', ...table]).borrowerName).to.equal(null);
    expect(metadata(['WORK WRITE-UP AND COST ESTIMATE', '', 'Owner(s):   Carlos Zimmerman', '', ...table]).borrowerName).to.equal('Carlos Zimmerman');
  });

  it('reads the contractor’s license from a letterhead repeated on every page', () => {
    const letterhead = ['Old Town Remodeling', '6564 Oak Hollow Way, Dayton, OH 45472', 'Licensed & Insured · Lic. No. RBC 566303', '', 'Customer:  Thomas Quintero', ''];
    const first = [...letterhead, ...ITEMS].join('\n');
    const second = [...letterhead, ...ITEMS.slice(0, 2)].join('\n');
    expect(read([first, second]).data.documentMetadata.contractorInfo.license).to.equal('RBC 566303');
  });

  it('completes a street read alone with the town line printed under the same street in the customer block', () => {
    const { data, fieldDetails } = read(
      [
        'PREPARED FOR                                       PROJECT',
        'Lisa F. Okafor and Rebecca Okafor                  Job      Renovation – 2537 Sycamore Avenue',
        '2537 Sycamore Avenue                               Lender   Heartland Credit Union',
        'Knoxville, TN 37976                                Loan #   6904765999',
      ].join('\n'),
    );
    expect(data.documentMetadata.propertyAddress).to.equal('2537 Sycamore Avenue, Knoxville, TN 37976');
    expect(fieldDetails['documentMetadata.propertyAddress'].confidence).to.equal(0.8);
  });
});
