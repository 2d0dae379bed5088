import { expect } from 'chai';
import type { FormField } from '../../../core/src/contracts/document.js';
import type { DocumentReader } from '../../../core/src/contracts/services.js';
import { createDocumentReader } from '../../../core/src/document/index.js';
import { readFormFields } from '../../../core/src/document/pdf-forms.js';
import { readPdfiumFormFields } from '../../../core/src/document/pdfium-forms.js';
import { loadPdfium, openDocument } from '../../../core/src/document/pdfium.js';
import { readCorpusFile, requireCorpus } from '../../support/corpus.js';
import { LETTER, makeFillablePdf, makeTextPdf, paragraph, type FormFixtureField } from '../../support/fixtures.js';
import { silentLogger } from './helpers.js';

const FIELDS: FormFixtureField[] = [
  { name: 'insured', kind: 'text', value: 'ACME Roofing LLC', rect: { x: 72, y: 100, width: 200, height: 20 } },
  { name: 'agree', kind: 'checkbox', value: true, rect: { x: 72, y: 140, width: 12, height: 12 } },
  { name: 'other', kind: 'checkbox', value: false, rect: { x: 100, y: 140, width: 12, height: 12 } },
  { name: 'method', kind: 'radio', value: 'transfer', options: ['cash', 'transfer'], rect: { x: 72, y: 180, width: 12, height: 12 } },
  { name: 'state', kind: 'dropdown', value: 'WI', options: ['MN', 'WI'], rect: { x: 72, y: 220, width: 60, height: 20 } },
  { name: 'notes', kind: 'text', value: '', rect: { x: 72, y: 300, width: 200, height: 20 }, page: 2 },
];

const byName = (fields: FormField[]): Map<string, FormField> => new Map(fields.map((field) => [field.name, field]));

describe('PDF form fields', () => {
  let reader: DocumentReader;
  let fillable: Uint8Array;
  before(async () => {
    reader = createDocumentReader({ limits: { maxPages: 50, maxPixels: 100_000_000 }, ocr: { workers: 1 }, logger: silentLogger });
    fillable = await makeFillablePdf(FIELDS, { pageCount: 2 });
  });
  after(() => reader.close());

  it('reads every field with its kind, value, page and widget box', async () => {
    const fields = byName((await reader.read(fillable)).formFields);
    expect(fields.get('insured')).to.deep.include({ kind: 'text', value: 'ACME Roofing LLC', page: 1 });
    expect(fields.get('agree')).to.deep.include({ kind: 'checkbox', value: true });
    expect(fields.get('other')).to.deep.include({ kind: 'checkbox', value: false });
    expect(fields.get('method')).to.deep.include({ kind: 'radio', value: 'transfer' });
    expect(fields.get('state')).to.deep.include({ kind: 'dropdown', value: 'WI' });
    expect(fields.get('notes')).to.deep.include({ kind: 'text', value: null, page: 2 });
    // pdf-lib widens the widget by half its 1 pt border, so allow a point either way.
    const onePoint = 1 / LETTER[1];
    const [x0, y0, x1, y1] = fields.get('insured')?.bbox ?? [];
    expect(x0).to.be.closeTo(72 / LETTER[0], onePoint);
    expect(y0).to.be.closeTo(100 / LETTER[1], onePoint);
    expect(x1).to.be.closeTo(272 / LETTER[0], onePoint);
    expect(y1).to.be.closeTo(120 / LETTER[1], onePoint);
  });

  it('reads the same fields through PDFium as through pdf-lib (the path for encrypted PDFs)', async () => {
    const fromPdfLib = byName(await readFormFields(fillable));
    const document = openDocument(await loadPdfium(), fillable);
    let fromPdfium: Map<string, FormField>;
    try {
      fromPdfium = byName(readPdfiumFormFields(document));
    } finally {
      document.close();
    }
    expect([...fromPdfium.keys()].sort()).to.deep.equal([...fromPdfLib.keys()].sort());
    for (const [name, field] of fromPdfLib) {
      const other = fromPdfium.get(name) as FormField;
      expect({ ...other, bbox: null }, name).to.deep.equal({ ...field, bbox: null });
      other.bbox?.forEach((value, index) => expect(value).to.be.closeTo(field.bbox?.[index] ?? -1, 1e-4));
    }
  });

  it('places widgets on rotated pages as displayed, the same through pdf-lib and PDFium', async () => {
    const { PDFDocument, degrees } = await import('pdf-lib');
    for (const rotation of [90, 180, 270]) {
      const pdf = await PDFDocument.load(await makeFillablePdf([FIELDS[0]]));
      pdf.getPage(0).setRotation(degrees(rotation));
      const bytes = await pdf.save();
      const [fromPdfLib] = await readFormFields(bytes);
      const document = openDocument(await loadPdfium(), bytes);
      try {
        const [fromPdfium] = readPdfiumFormFields(document);
        fromPdfium.bbox?.forEach((value, index) => expect(value, `${rotation}°`).to.be.closeTo(fromPdfLib.bbox?.[index] ?? -1, 1e-4));
      } finally {
        document.close();
      }
      // Turned a quarter, the wide field stands tall; turned over, it moves to the bottom right.
      const [x0, y0, x1, y1] = fromPdfLib.bbox ?? [0, 0, 0, 0];
      if (rotation === 180) expect(x0 > 0.5 && y0 > 0.8).to.equal(true);
      else expect(y1 - y0, `${rotation}°`).to.be.greaterThan(x1 - x0);
    }
  });

  it('returns no fields for a PDF without a form', async () => {
    const model = await reader.read(await makeTextPdf([paragraph(['no form here'])]));
    expect(model.formFields).to.deep.equal([]);
  });

  describe('on the fillable ACORD 25s', () => {
    before(function () {
      requireCorpus(this);
    });

    it('reads the producer, insurer and limit fields with their values', async () => {
      const model = await reader.read(readCorpusFile('synthetic', 'acord25_fillable_a.pdf'));
      const fields = byName(model.formFields);
      expect(model.formFields).to.have.length(128);
      expect(fields.get('F[0].P1[0].Producer_FullName_A[0]')?.value).to.equal('Nichols Insurance Group');
      expect(fields.get('F[0].P1[0].GeneralLiability_EachOccurrence_LimitAmount_A[0]')).to.deep.include({ kind: 'text', value: '1,000,000', page: 1 });
      expect(fields.get('F[0].P1[0].GeneralLiability_OccurrenceIndicator_A[0]')?.value).to.equal(true);
      expect(fields.get('F[0].P1[0].GeneralLiability_ClaimsMadeIndicator_A[0]')?.value).to.equal(false);
    });
  });
});
