import { expect } from 'chai';
import type { DocumentModel, FormField } from '@docsift/core';
import { silentLogger } from '@docsift/core/testing';
import { insuranceCertPlugin, insuranceCertSchema } from '../../../plugins/insurance-cert/src/index.js';
import { acordDocument, BLANK_ACORD25, FILLED_ACORD25, relayLine } from './support/acord-text.js';

const plugin = insuranceCertPlugin();
const extract = (document: DocumentModel) =>
  plugin.extractor.extract(document, { entry: plugin.entry, logger: silentLogger, now: new Date('2026-05-01T00:00:00Z') });

describe('insurance-cert extractor on documents made in the test', () => {
  it('reads every section of a filled ACORD 25 from the text layer', async () => {
    const { data } = await extract(acordDocument(FILLED_ACORD25));
    expect(data).to.deep.include({ certificateNumber: 'BH-2026-0042', issueDate: '2026-03-14' });
    expect(data.producer).to.deep.equal({ name: 'ACME RISK PARTNERS', address: '42 HARBOR WAY, SUITE 7, PORTLAND, OR 97201', phone: '(555) 201-3344' });
    expect(data.insured).to.deep.equal({ name: 'BLUE HERON BUILDERS, LLC', address: '1700 ALDER ST, SALEM, OR 97301' });
    expect(data.certificateHolder).to.deep.equal({ name: 'RIVERBEND SAVINGS BANK ISAOA/ATIMA', address: 'ATTN: LOAN SERVICING, 880 MAIN ST, EUGENE, OR 97401' });
    expect(data.coverages.map((coverage) => coverage.type)).to.deep.equal(['general_liability', 'auto_liability', 'workers_comp']);
    expect(data.coverages[0]).to.deep.equal({
      type: 'general_liability',
      insurer: 'GRANITE MUTUAL INSURANCE COMPANY',
      policyNumber: 'GL 7781-22',
      effectiveDate: '2026-02-01',
      expirationDate: '2027-02-01',
      limits: {
        eachOccurrence: 1_000_000,
        damageToRentedPremises: 100_000,
        medicalExpense: 5_000,
        personalAdvertisingInjury: 1_000_000,
        generalAggregate: 2_000_000,
        productsCompletedOperationsAggregate: 2_000_000,
      },
    });
    expect(data.coverages[1]).to.deep.include({ insurer: 'CEDAR STATE CASUALTY CO.', policyNumber: 'BA 5512093', limits: { combinedSingleLimit: 500_000 } });
    expect(data.coverages[2].limits).to.deep.equal({ elEachAccident: 1_000_000, elDiseaseEachEmployee: 1_000_000, elDiseasePolicyLimit: 1_000_000 });
    expect(data.otherCoverages).to.deep.equal([
      { description: 'INLAND MARINE', insurer: 'GRANITE MUTUAL INSURANCE COMPANY', policyNumber: 'IM 440021', effectiveDate: '2026-02-01', expirationDate: '2027-02-01', limits: { limit: 75_000 } },
    ]);
    expect(insuranceCertSchema.safeParse(data).success).to.equal(true);
  });

  it('gives every value a fieldDetails entry with page, box and text source', async () => {
    const { data, fieldDetails } = await extract(acordDocument(FILLED_ACORD25));
    expect(fieldDetails['coverages[0].policyNumber']).to.deep.include({ page: 1, source: 'text' });
    expect(fieldDetails['coverages[1].limits.combinedSingleLimit'].bbox).to.have.length(4);
    expect(fieldDetails['producer.name'].confidence).to.be.within(0.9, 1);
    const leafPaths = Object.keys(fieldDetails);
    expect(leafPaths).to.include.members(['certificateNumber', 'issueDate', 'insured.address', 'otherCoverages[0].limits.limit']);
    expect(leafPaths.length).to.equal(countLeaves(data));
  });

  it('returns nulls and no coverages for a blank certificate', async () => {
    const { data, fieldDetails } = await extract(acordDocument(BLANK_ACORD25));
    expect(data).to.deep.equal({
      certificateNumber: null,
      issueDate: null,
      producer: { name: null, address: null, phone: null },
      insured: { name: null, address: null },
      coverages: [],
      otherCoverages: [],
      certificateHolder: { name: null, address: null },
    });
    expect(fieldDetails).to.deep.equal({});
  });

  it('treats template placeholders as missing values', async () => {
    const text = FILLED_ACORD25.replace('03/14/2026', 'MM/DD/YYYY')
      .replace('RIVERBEND SAVINGS BANK ISAOA/ATIMA', 'NAME'.padEnd(34))
      .replace('ATTN: LOAN SERVICING', 'ADDRESS'.padEnd(20))
      .replace('880 MAIN ST', ' '.repeat(11))
      .replace('EUGENE                                         OR 97401', 'STATE, CITY ZIP CODE'.padEnd(55));
    const { data } = await extract(acordDocument(text));
    expect(data.issueDate).to.equal(null);
    expect(data.certificateHolder).to.deep.equal({ name: null, address: null });
  });

  it('reads OCR words with misread letters and lowers their confidence', async () => {
    const noisy = FILLED_ACORD25.replace('CERTIFICATE NUMBER:', 'CERTIF1CATE NUMBER:')
      .replace('EACH OCCURRENCE              $ 1,000,000', 'EACH OCCURENCE               $ 1,OOO,000')
      .replace('02/01/2026   02/01/2027   PERSONAL', 'O2/01/2026   02/0l/2027   PERSONAL')
      .replace('COMMERCIAL GENERAL LIABILITY', 'COMMERClAL GENERAL LIABILTY')
      .replace('INSURER B : CEDAR', 'lNSURER 8: CEDAR ')
      .replace('$ 500,000', 'Is 500,000');
    const { data, fieldDetails } = await extract(acordDocument(noisy, 'ocr'));
    expect(data.certificateNumber).to.equal('BH-2026-0042');
    expect(data.coverages[0]).to.deep.include({ type: 'general_liability', effectiveDate: '2026-02-01', expirationDate: '2027-02-01' });
    expect(data.coverages[0].limits.eachOccurrence).to.equal(1_000_000);
    expect(data.coverages[1]).to.deep.include({ insurer: 'CEDAR STATE CASUALTY CO.', limits: { combinedSingleLimit: 500_000 } });
    expect(fieldDetails['coverages[0].effectiveDate'].source).to.equal('ocr');
    expect(fieldDetails['coverages[0].effectiveDate'].confidence).to.be.below(fieldDetails['coverages[1].effectiveDate'].confidence);
  });

  it('finds the date columns from the dates themselves when their headers are unreadable, and reads older captions', async () => {
    const older = FILLED_ACORD25.replace('POLICY EFF   POLICY EXP', ' '.repeat(23))
      .replace('(MM/DD/YYYY) (MM/DD/YYYY)', ' '.repeat(25))
      .replace('DAMAGE TO RENTED', 'FIRE DAMAGE     ');
    const { data } = await extract(acordDocument(older));
    expect(data.coverages.map((coverage) => [coverage.effectiveDate, coverage.expirationDate])).to.deep.equal([
      ['2026-02-01', '2027-02-01'],
      ['2026-02-01', '2027-02-01'],
      ['2026-03-01', '2027-03-01'],
    ]);
    expect(data.coverages[0].limits.damageToRentedPremises).to.equal(100_000);
  });

  it('reads the same certificate shrunk and moved on the page (a photo with margins)', async () => {
    const document = acordDocument(FILLED_ACORD25);
    const place = ([x0, y0, x1, y1]: [number, number, number, number]): [number, number, number, number] => [0.2 + x0 * 0.7, 0.1 + y0 * 0.75, 0.2 + x1 * 0.7, 0.1 + y1 * 0.75];
    for (const page of document.pages) {
      for (const word of page.words) word.bbox = place(word.bbox);
      for (const line of page.lines) line.bbox = place(line.bbox);
    }
    const [moved, original] = await Promise.all([extract(document), extract(acordDocument(FILLED_ACORD25))]);
    expect(moved.data).to.deep.equal(original.data);
  });

  it('measures the right-hand column from its captions, not from CONTRACT in the notice across the page', async () => {
    const notice = '  THIS CERTIFICATE OF INSURANCE DOES NOT CONSTITUTE A CONTRACT BETWEEN THE ISSUING INSURER(S), AUTHORIZED REPRESENTATIVE';
    const text = FILLED_ACORD25.replace(/^( {2}CERTIFICATE DOES NOT.*)$/m, `$1\n${notice}`);
    const { data } = await extract(acordDocument(text));
    expect(data.producer.address).to.equal('42 HARBOR WAY, SUITE 7, PORTLAND, OR 97201');
    expect(data.insured.address).to.equal('1700 ALDER ST, SALEM, OR 97301');
  });

  it('gives the second insurer letter of a band its own coverage when the text layer lacks its policy number', async () => {
    let text = relayLine(FILLED_ACORD25, 'UMBRELLA LIAB', [[0, ' A      UMBRELLA LIAB        OCCUR'], [61, 'UMB 4400'], [84, '02/01/2026'], [96, '02/01/2027'], [107, 'EACH OCCURRENCE'], [136, '$ 5,000,000']]);
    text = relayLine(text, 'EXCESS LIAB', [[0, ' B      EXCESS LIAB          CLAIMS-MADE'], [107, 'AGGREGATE'], [136, '$ 5,000,000']]);
    const umbrellas = (document: DocumentModel) => extract(document).then(({ data }) => data.coverages.filter((coverage) => coverage.type === 'umbrella'));
    const shared = { effectiveDate: '2026-02-01', expirationDate: '2027-02-01', limits: { eachOccurrence: 5_000_000, aggregate: 5_000_000 } };
    expect(await umbrellas(acordDocument(text))).to.deep.equal([
      { type: 'umbrella', insurer: 'GRANITE MUTUAL INSURANCE COMPANY', policyNumber: 'UMB 4400', ...shared },
      { type: 'umbrella', insurer: 'CEDAR STATE CASUALTY CO.', policyNumber: null, ...shared },
    ]);
    expect(await umbrellas(acordDocument(text, 'ocr')), 'an OCR letter alone adds no coverage').to.have.length(1);
  });

  it('prefers AcroForm values by their ACORD names over the page words', async () => {
    const document = acordDocument(FILLED_ACORD25);
    document.formFields = [
      field('F[0].P1[0].CertificateOfInsurance_CertificateNumberIdentifier_A[0]', 'FORM-123', [0.3, 0.2, 0.4, 0.21]),
      field('F[0].P1[0].Policy_GeneralLiability_PolicyNumberIdentifier_A[0]', 'GL-FORM-9', [0.35, 0.33, 0.5, 0.34]),
      field('F[0].P1[0].GeneralLiability_EachOccurrence_LimitAmount_A[0]', '2,000,000', [0.85, 0.28, 0.95, 0.29]),
      field('F[0].P1[0].NamedInsured_FullName_A[0]', 'Blue Heron Builders LLC', null),
      field('F[0].P1[0].NamedInsured_MailingAddress_LineOne_A[0]', '1700 Alder St', null),
      field('F[0].P1[0].NamedInsured_MailingAddress_CityName_A[0]', 'Salem', null),
      field('F[0].P1[0].NamedInsured_MailingAddress_StateOrProvinceCode_A[0]', 'OR', null),
      field('F[0].P1[0].NamedInsured_MailingAddress_PostalCode_A[0]', '97301', null),
    ];
    const { data, fieldDetails } = await extract(document);
    expect(data.certificateNumber).to.equal('FORM-123');
    expect(data.coverages[0]).to.deep.include({ policyNumber: 'GL-FORM-9', effectiveDate: '2026-02-01' });
    expect(data.coverages[0].limits).to.deep.include({ eachOccurrence: 2_000_000, medicalExpense: 5_000 });
    expect(data.insured).to.deep.equal({ name: 'Blue Heron Builders LLC', address: '1700 Alder St, Salem, OR 97301' });
    expect(fieldDetails.certificateNumber).to.deep.include({ source: 'form', bbox: [0.3, 0.2, 0.4, 0.21] });
    expect(fieldDetails['coverages[0].effectiveDate'].source).to.equal('text');
  });

  it('reads form values with unknown field names by where their widgets sit', async () => {
    const document = acordDocument(BLANK_ACORD25);
    const policyRow = rowOf(FILLED_ACORD25, 'GL 7781-22');
    document.formFields = [
      field('Text17', 'GL 7781-22', cell(FILLED_ACORD25, policyRow, 'GL 7781-22')),
      field('Text18', '02/01/2026', cell(FILLED_ACORD25, policyRow, '02/01/2026')),
      field('Text19', '02/01/2027', cell(FILLED_ACORD25, policyRow, '02/01/2027')),
      field('Text20', 'BLUE HERON BUILDERS, LLC\n1700 ALDER ST\nSALEM, OR 97301', [13 / 160, 13 / 80, 0.4, 16 / 80]),
    ];
    const { data, fieldDetails } = await extract(document);
    expect(data.insured).to.deep.equal({ name: 'BLUE HERON BUILDERS, LLC', address: '1700 ALDER ST, SALEM, OR 97301' });
    expect(data.coverages).to.have.length(1);
    expect(data.coverages[0]).to.deep.include({ type: 'general_liability', policyNumber: 'GL 7781-22', effectiveDate: '2026-02-01', expirationDate: '2027-02-01' });
    expect(fieldDetails['coverages[0].policyNumber'].source).to.equal('form');
  });
});

function field(name: string, value: string, bbox: FormField['bbox']): FormField {
  return { name, kind: 'text', value, page: bbox ? 1 : null, bbox };
}

/** Row index of the line containing `text` in the monospace form. */
function rowOf(form: string, text: string): number {
  return form.split('\n').findIndex((line) => line.includes(text));
}

/** The box documentFromText gives `text` on `row` (160 columns, 80 rows). */
function cell(form: string, row: number, text: string): FormField['bbox'] {
  const column = form.split('\n')[row].indexOf(text);
  return [column / 160, row / 80, (column + text.length) / 160, (row + 0.8) / 80];
}

function countLeaves(value: unknown): number {
  if (value === null) return 0;
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + countLeaves(item), 0);
  if (typeof value === 'object') return Object.values(value as object).reduce((sum: number, item) => sum + countLeaves(item), 0);
  return 1;
}
