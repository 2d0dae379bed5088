import { expect } from 'chai';
import type { DocumentModel } from '../../../core/src/contracts/document.js';
import type { DocumentReader } from '../../../core/src/contracts/services.js';
import { createDocumentReader, documentText } from '../../../core/src/document/index.js';
import { corpusAnswers, readCorpusFile, requireCorpus } from '../../support/corpus.js';
import { makeImagePdf, makeTextImage, makeTextPdf, paragraph, type TextImageOptions } from '../../support/fixtures.js';
import { silentLogger } from './helpers.js';

const LINES = ['Invoice Number 12345', 'Customer ACME Roofing LLC', 'Total amount due 1,000.00'];
const textImage = (options: TextImageOptions = {}): Promise<Uint8Array> => makeTextImage(paragraph(LINES), options);
const lineTexts = (model: DocumentModel, page = 0): string[] => model.pages[page].lines.map((line) => line.text);

describe('OCR', function () {
  this.timeout(120_000);
  let reader: DocumentReader;
  before(() => {
    reader = createDocumentReader({ limits: { maxPages: 10, maxPixels: 50_000_000 }, ocr: { workers: 2 }, logger: silentLogger });
  });
  after(() => reader.close());

  it('reads a PNG into OCR words with page-fraction boxes and 0..1 confidences', async () => {
    const model = await reader.read(await textImage());
    expect(model).to.include({ format: 'png', pageCount: 1, encrypted: false });
    const [page] = model.pages;
    expect(page).to.include({ source: 'ocr', rotation: 0, deskewAngle: 0, width: 1700, height: 833 });
    expect(lineTexts(model)).to.deep.equal(LINES);
    const invoice = page.words[0];
    expect(invoice).to.include({ text: 'Invoice', source: 'ocr' });
    expect(invoice.confidence).to.be.within(0.5, 1);
    // Typeset 72 pt from the left of a 612 pt page, baseline 72 pt from the top of a 300 pt page.
    expect(invoice.bbox[0]).to.be.closeTo(72 / 612, 0.01);
    expect(invoice.bbox[3]).to.be.closeTo(72 / 300, 0.02);
  });

  for (const quarterTurns of [1, 2, 3]) {
    it(`turns a page scanned ${quarterTurns * 90}° clockwise upright`, async () => {
      const model = await reader.read(await textImage({ quarterTurns }));
      const [page] = model.pages;
      expect(page.rotation).to.equal((4 - quarterTurns) * 90);
      expect(lineTexts(model)).to.deep.equal(LINES);
      expect([page.width, page.height]).to.deep.equal([1700, 833]);
    });
  }

  it('recognises a page turned by a quarter once, in the turn that rights it', async () => {
    const { TesseractPool } = await import('../../../core/src/document/ocr/pool.js');
    const { LocalDocumentReader } = await import('../../../core/src/document/reader.js');
    const pool = new TesseractPool(1, silentLogger);
    const sizes: string[] = [];
    const counting = {
      recognize: (image: { width: number; height: number; data: Uint8Array }, layout?: 'page' | 'lines') => {
        if (layout !== 'lines') sizes.push(`${image.width}x${image.height}`);
        return pool.recognize(image, layout);
      },
      close: () => pool.close(),
    };
    const counted = new LocalDocumentReader({ limits: { maxPages: 10, maxPixels: 50_000_000 }, ocr: { workers: 1 }, logger: silentLogger }, counting);
    try {
      for (const quarterTurns of [1, 3]) {
        sizes.length = 0;
        const model = await counted.read(await textImage({ quarterTurns }));
        expect(model.pages[0].rotation).to.equal((4 - quarterTurns) * 90);
        expect(sizes, 'page recognitions').to.have.length(1);
      }
    } finally {
      await counted.close();
    }
  });

  it('measures and corrects a skewed scan', async () => {
    const model = await reader.read(await textImage({ skewDegrees: 3, format: 'jpeg' }));
    expect(model.format).to.equal('jpeg');
    expect(model.pages[0].deskewAngle).to.be.closeTo(3, 0.5);
    expect(lineTexts(model)).to.deep.equal(LINES);
  });

  it('honours the EXIF orientation of a JPEG', async () => {
    const model = await reader.read(await textImage({ exifOrientation: 6 }));
    expect(model.pages[0]).to.include({ rotation: 0, width: 1700, height: 833 });
    expect(lineTexts(model)).to.deep.equal(LINES);
  });

  it('reads text pages from the text layer and scanned pages by OCR in the same PDF', async () => {
    const digital = await makeTextPdf([paragraph(['This page has a real text layer with enough characters'])]);
    const scan = await makeImagePdf([{ bytes: await textImage(), format: 'png' }]);
    const { PDFDocument } = await import('pdf-lib');
    const mixed = await PDFDocument.create();
    for (const source of [digital, scan]) {
      const loaded = await PDFDocument.load(source);
      for (const page of await mixed.copyPages(loaded, loaded.getPageIndices())) mixed.addPage(page);
    }
    const progress: number[] = [];
    const model = await reader.read(await mixed.save(), { onProgress: (fraction) => progress.push(fraction) });
    expect(model.pages.map((page) => page.source)).to.deep.equal(['text', 'ocr']);
    expect(model.pages[0].words.every((word) => word.source === 'text' && word.confidence === 1)).to.equal(true);
    expect(lineTexts(model, 1)).to.deep.equal(LINES);
    expect(model.pages[1].words.every((word) => word.source === 'ocr')).to.equal(true);
    expect(progress).to.deep.equal([0.5, 1]);
  });

  it('stops a multi-page OCR read when the signal aborts', async () => {
    const image = { bytes: await textImage(), format: 'png' as const };
    const scan = await makeImagePdf([image, image, image, image]);
    const controller = new AbortController();
    const reading = reader.read(scan, { signal: controller.signal, onProgress: () => controller.abort() });
    const error = await reading.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).to.have.property('code', 'aborted');
  });

  describe('on corpus scans', () => {
    before(function () {
      requireCorpus(this);
    });

    it('reads the names and numbers of a statement of repair image', async () => {
      const model = await reader.read(readCorpusFile('synthetic', 'sor_f1_image_b.png'));
      const answer = corpusAnswers().find((entry) => entry.file === 'sor_f1_image_b.png');
      const metadata = answer?.extractedData?.documentMetadata as Record<string, string>;
      const text = documentText(model);
      expect(model.pages[0].source).to.equal('ocr');
      for (const key of ['borrowerName', 'consultant', 'lenderName']) expect(text, key).to.include(metadata[key]);
    });
  });
});

describe('OCR pool lifecycle', function () {
  this.timeout(60_000);

  it('recognises a blank page as no words, and refuses OCR once closed', async () => {
    const { TesseractPool } = await import('../../../core/src/document/ocr/pool.js');
    const pool = new TesseractPool(1, silentLogger);
    const blank = { data: new Uint8Array(200 * 100).fill(255), width: 200, height: 100 };
    expect(await pool.recognize(blank)).to.deep.equal([]);
    await pool.close();
    const error = await pool.recognize(blank).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(String(error)).to.match(/closed/);
  });

  it('settles a recognition in flight when the pool closes', async () => {
    const { TesseractPool } = await import('../../../core/src/document/ocr/pool.js');
    const pool = new TesseractPool(1, silentLogger);
    const sharp = (await import('sharp')).default;
    const { data, info } = await sharp(await textImage()).grayscale().raw().toBuffer({ resolveWithObject: true });
    const page = { data: new Uint8Array(data), width: info.width, height: info.height };
    await pool.recognize({ data: new Uint8Array(100).fill(255), width: 10, height: 10 });
    const inFlight = pool.recognize(page).then(
      () => 'recognised',
      (caught: unknown) => String(caught),
    );
    await pool.close();
    expect(await inFlight).to.match(/recognised|closed/);
  });
});

describe('OCR failures', () => {
  it('fails the read when a page fails, and starts no further page', async () => {
    const { LocalDocumentReader } = await import('../../../core/src/document/reader.js');
    let calls = 0;
    const failing = {
      async recognize(): Promise<never[]> {
        calls += 1;
        if (calls === 1) throw new Error('worker crashed');
        await new Promise((resolve) => setTimeout(resolve, 200));
        return [];
      },
      async close(): Promise<void> {},
    };
    const reader = new LocalDocumentReader({ limits: { maxPages: 10, maxPixels: 50_000_000 }, ocr: { workers: 2 }, logger: silentLogger }, failing);
    const image = { bytes: await textImage(), format: 'png' as const };
    const scan = await makeImagePdf([image, image, image, image, image]);
    const error = await reader.read(scan).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(String(error)).to.match(/worker crashed/);
    await new Promise((resolve) => setTimeout(resolve, 400));
    // The page on the second worker may or may not have reached recognition when the first failed (the OCR stages load on first use); none after it starts.
    expect(calls).to.be.within(1, 2);
  });
});

describe('concurrent reads', function () {
  this.timeout(120_000);

  it('gives each of several documents read at once the same model as reading it alone', async () => {
    const reader = createDocumentReader({ limits: { maxPages: 10, maxPixels: 50_000_000 }, ocr: { workers: 2 }, logger: silentLogger });
    try {
      const documents = [
        await makeTextPdf([paragraph(['First digital document', 'with two lines']), paragraph(['and a second page'])]),
        await textImage(),
        await makeImagePdf([{ bytes: await textImage({ quarterTurns: 2 }), format: 'png' }]),
        await makeTextPdf([paragraph(['Second digital document'])]),
      ];
      const alone: DocumentModel[] = [];
      for (const bytes of documents) alone.push(await reader.read(bytes));
      const together = await Promise.all(documents.map((bytes) => reader.read(bytes)));
      expect(together).to.deep.equal(alone);
    } finally {
      await reader.close();
    }
  });
});
