import { expect } from 'chai';
import type { DocumentModel } from '@docsift/core';
import { silentLogger } from '@docsift/core/testing';
import { insuranceCertPlugin } from '../../../plugins/insurance-cert/src/index.js';
import { acordDocument, FILLED_ACORD25, relayLine, retype } from './support/acord-text.js';

const plugin = insuranceCertPlugin();
const extract = (document: DocumentModel) =>
  plugin.extractor.extract(document, { entry: plugin.entry, logger: silentLogger, now: new Date('2026-05-01T00:00:00Z') });

/** Columns of the coverage table in FILLED_ACORD25: letter, caption, policy number, dates, limit caption, amount. */
const COLUMNS = { letter: 0, caption: 8, policy: 61, effective: 85, expiration: 98, limit: 107, amount: 136 };

describe('insurance-cert extractor where OCR lost or garbled words', () => {
  it('finds the producer box below the notice across the page when its PRODUCER caption is lost', async () => {
    const { data } = await extract(acordDocument(retype(FILLED_ACORD25, /^PRODUCER/m), 'ocr'));
    expect(data.producer).to.deep.equal({ name: 'ACME RISK PARTNERS', address: '42 HARBOR WAY, SUITE 7, PORTLAND, OR 97201', phone: '(555) 201-3344' });
    expect(data.insured.name).to.equal('BLUE HERON BUILDERS, LLC');
  });

  it('reads a holder box whose first lines are lost as an address without a name', async () => {
    const text = ['RIVERBEND SAVINGS BANK ISAOA/ATIMA', 'ATTN: LOAN SERVICING', '880 MAIN ST'].reduce((form, line) => retype(form, line), FILLED_ACORD25);
    const { data } = await extract(acordDocument(text, 'ocr'));
    expect(data.certificateHolder).to.deep.equal({ name: null, address: 'EUGENE, OR 97401' });
  });

  it('does not double the comma after a city printed with one', async () => {
    const { data } = await extract(acordDocument(retype(FILLED_ACORD25, 'EUGENE ', 'EUGENE,')));
    expect(data.certificateHolder.address).to.equal('ATTN: LOAN SERVICING, 880 MAIN ST, EUGENE, OR 97401');
  });

  it('places the umbrella band from EXCESS LIAB, its second line, when OCR lost UMBRELLA LIAB', async () => {
    let text = relayLine(FILLED_ACORD25, 'UMBRELLA LIAB', [[COLUMNS.caption + 21, 'OCCUR'], [COLUMNS.limit, 'EACH OCCURRENCE'], [COLUMNS.amount, '$ 5,000,000']]);
    text = relayLine(text, 'EXCESS LIAB', [
      [COLUMNS.letter, ' A'],
      [COLUMNS.caption, 'EXCESS LIAB          CLAIMS-MADE'],
      [COLUMNS.policy, 'XS 100200'],
      [COLUMNS.effective, '02/01/2026'],
      [COLUMNS.expiration, '02/01/2027'],
      [COLUMNS.amount, '$ 4,000,000'],
    ]);
    const { data } = await extract(acordDocument(text, 'ocr'));
    const umbrella = data.coverages.find((coverage) => coverage.type === 'umbrella');
    expect(umbrella?.limits).to.deep.equal({ eachOccurrence: 5_000_000, aggregate: 4_000_000 });
  });

  it('reads an insurer letter OCR read in lower case with the cell border (`al`)', async () => {
    const text = retype(FILLED_ACORD25, / A {41}Y/, ' al                                        Y');
    const { data } = await extract(acordDocument(text, 'ocr'));
    expect(data.coverages[0]).to.deep.include({ type: 'general_liability', insurer: 'GRANITE MUTUAL INSURANCE COMPANY' });
  });

  it('gives rows whose letters OCR lost the one insurer no row names, less confidently', async () => {
    const text = retype(retype(FILLED_ACORD25, / B {6}OWNED/, '        OWNED'), / B {4}OFFICER/, '      OFFICER');
    const { data, fieldDetails } = await extract(acordDocument(text, 'ocr'));
    expect(data.coverages.map((coverage) => coverage.insurer)).to.deep.equal(['GRANITE MUTUAL INSURANCE COMPANY', 'CEDAR STATE CASUALTY CO.', 'CEDAR STATE CASUALTY CO.']);
    expect(fieldDetails['coverages[1].insurer'].confidence).to.be.below(fieldDetails['coverages[0].insurer'].confidence);
  });

  it('letters an insurer row whose INSURER caption OCR lost by its height among the rows', async () => {
    const withD = retype(FILLED_ACORD25, /INSURER D :.*$/m, '            HARBOR LIGHT INSURANCE CO.                         77777');
    const text = retype(withD, / B {4}OFFICER/, ' D    OFFICER');
    const { data } = await extract(acordDocument(text, 'ocr'));
    expect(data.coverages.find((coverage) => coverage.type === 'workers_comp')?.insurer).to.equal('HARBOR LIGHT INSURANCE CO.');
  });

  it('takes no caption leftover (`RC:`) for an insurer name', async () => {
    const text = retype(retype(FILLED_ACORD25, 'INSURER C :', 'INSURER RC:'), / B {4}OFFICER/, ' C    OFFICER');
    const { data } = await extract(acordDocument(text, 'ocr'));
    expect(data.coverages.find((coverage) => coverage.type === 'workers_comp')?.insurer).to.equal(null);
  });

  it('reads an INSURER caption OCR boxed over two lines on its own line only, not the COVERAGES row below', async () => {
    const document = acordDocument(retype(FILLED_ACORD25, / B {4}OFFICER/, ' F    OFFICER'), 'ocr');
    const words = document.pages[0].words;
    const rowTop = words.find((word) => word.text === 'F')!.bbox[1];
    for (const word of words.filter((word) => word.bbox[1] === rowTop && /^(INSURER|F)$/.test(word.text))) word.bbox[3] += 1.4 / 80;
    const { data } = await extract(document);
    expect(data.coverages.find((coverage) => coverage.type === 'workers_comp')?.insurer).to.equal(null);
  });
});
