import { expect } from 'chai';
import type { DocumentReader } from '../../../core/src/contracts/services.js';
import { createDocumentReader, documentText } from '../../../core/src/document/index.js';
import { readCorpusFile, requireCorpus } from '../../support/corpus.js';
import { LETTER, makeBlankPdf, makeFillablePdf, makeTextPdf, paragraph } from '../../support/fixtures.js';
import { silentLogger } from './helpers.js';

describe('PDF text layer', () => {
  let reader: DocumentReader;
  before(() => {
    reader = createDocumentReader({ limits: { maxPages: 50, maxPixels: 100_000_000 }, ocr: { workers: 1 }, logger: silentLogger });
  });
  after(() => reader.close());

  it('reads words with boxes in page fractions, origin top-left', async () => {
    const pdf = await makeTextPdf([[{ text: 'Invoice 12345', x: 72, y: 100, size: 20 }]]);
    const model = await reader.read(pdf);
    expect(model).to.include({ format: 'pdf', pageCount: 1, encrypted: false });
    const [page] = model.pages;
    expect(page).to.include({ number: 1, width: LETTER[0], height: LETTER[1], source: 'text', rotation: 0 });
    expect(page.words.map((w) => w.text)).to.deep.equal(['Invoice', '12345']);
    const [x0, y0, x1, y1] = page.words[0].bbox;
    expect(x0).to.be.closeTo(72 / 612, 0.005);
    expect(y1).to.be.closeTo(100 / 792, 0.005);
    expect(y0).to.be.closeTo((100 - 20 * 0.72) / 792, 0.005);
    expect(x1).to.be.greaterThan(x0);
    expect(page.words[0]).to.include({ source: 'text', confidence: 1 });
  });

  it('groups words into lines in reading order, separating side-by-side form cells', async () => {
    const pdf = await makeTextPdf([
      [
        { text: 'Total: 42.00', x: 300, y: 200 },
        { text: 'Second line here', x: 72, y: 218 },
        { text: 'Customer: ACME Ltd', x: 72, y: 200 },
      ],
    ]);
    const model = await reader.read(pdf);
    expect(model.pages[0].lines.map((line) => line.text)).to.deep.equal(['Customer: ACME Ltd', 'Total: 42.00', 'Second line here']);
    expect(model.pages[0].words.map((w) => w.text).slice(0, 4)).to.deep.equal(['Customer:', 'ACME', 'Ltd', 'Total:']);
  });

  it('reads every page and reports progress per page', async () => {
    const pdf = await makeTextPdf([paragraph(['page one']), paragraph(['page two']), paragraph(['page three'])]);
    const progress: number[] = [];
    const model = await reader.read(pdf, { onProgress: (fraction) => progress.push(fraction) });
    expect(model.pageCount).to.equal(3);
    expect(documentText(model, ' | ')).to.equal('page one | page two | page three');
    expect(progress[progress.length - 1]).to.equal(1);
    expect(progress).to.have.length.greaterThanOrEqual(3);
  });

  it('maps boxes through /Rotate so they match the page as displayed', async () => {
    const pdf = await makeTextPdf([[{ text: 'Rotated', x: 72, y: 100 }]], { rotate: 90 });
    const [page] = (await reader.read(pdf)).pages;
    expect([page.width, page.height]).to.deep.equal([LETTER[1], LETTER[0]]);
    const [x0, y0, x1, y1] = page.words[0].bbox;
    // Rotated 90° clockwise: the text runs top to bottom near the right edge of the displayed page.
    expect(x0).to.be.greaterThan(0.8);
    expect(y1 - y0).to.be.greaterThan(x1 - x0);
  });

  it('reads a PDF whose header follows a few junk bytes, forms included', async () => {
    const pdf = await makeFillablePdf([{ name: 'insured', kind: 'text', value: 'ACME Roofing LLC', rect: { x: 72, y: 300, width: 200, height: 20 } }], {
      text: paragraph(['Junk before the header is tolerated by readers']),
    });
    const model = await reader.read(new Uint8Array([...new TextEncoder().encode('\r\nGARBAGE\r\n'), ...pdf]));
    expect(model.pages[0].lines.map((line) => line.text)).to.deep.equal(['Junk before the header is tolerated by readers']);
    expect(model.formFields.map((field) => field.value)).to.deep.equal(['ACME Roofing LLC']);
  });

  it('returns no words for a page without a text layer', async () => {
    const model = await reader.read(await makeBlankPdf(1));
    expect(model.pages[0].words).to.deep.equal([]);
  });

  describe('on corpus documents', () => {
    before(function () {
      requireCorpus(this);
    });

    it('reads the flattened ACORD 25 into labelled lines', async () => {
      const model = await reader.read(readCorpusFile('synthetic', 'acord25_flattened_a.pdf'));
      const lines = model.pages[0].lines.map((line) => line.text);
      expect(lines).to.include('CERTIFICATE OF LIABILITY INSURANCE');
      expect(lines.some((line) => /^INSURER A : /.test(line))).to.equal(true);
      expect(lines).to.include('PRODUCER');
    });

    it('reads every page of a digital statement of repair', async () => {
      const model = await reader.read(readCorpusFile('synthetic', 'sor_f1_digital_a.pdf'));
      expect(model.pageCount).to.be.greaterThan(1);
      for (const page of model.pages) {
        expect(page.source).to.equal('text');
        for (const word of page.words) {
          expect(word.bbox[0]).to.be.at.most(word.bbox[2]);
          expect(word.bbox[1]).to.be.at.most(word.bbox[3]);
        }
      }
    });
  });
});
