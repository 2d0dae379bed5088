import { expect } from 'chai';
import sharp from 'sharp';
import { createDocsift, isDocsiftError, renderPageImage, type BBox, type Docsift, type Logger, type PageImage } from '@docsift/core';
import { insuranceCertPlugin } from '@docsift/plugin-insurance-cert';
import { makeTextImage, makeTextPdf, paragraph } from '../../support/fixtures.js';
import { readCorpusFile, requireCorpus } from '../../support/corpus.js';

const silent: Logger = { debug() {}, info() {}, warn() {}, error() {}, child: () => silent };

/** The darkest gray value inside a page-fraction box of the image, and outside any box (a white margin). */
async function darkestIn(image: PageImage, box: BBox): Promise<number> {
  const left = Math.floor(box[0] * image.width);
  const top = Math.floor(box[1] * image.height);
  const width = Math.max(1, Math.ceil(box[2] * image.width) - left);
  const height = Math.max(1, Math.ceil(box[3] * image.height) - top);
  const stats = await sharp(image.bytes).extract({ left, top, width, height }).grayscale().stats();
  return stats.channels[0]!.min;
}

/** Issue 16: page images on which the engine's page-fraction boxes fall where the values are printed. */
describe('core: renderPageImage', () => {
  let docsift: Docsift;
  before(() => {
    docsift = createDocsift({ plugins: [insuranceCertPlugin()], logger: silent });
  });
  after(() => docsift.close());

  it('renders a PDF page as displayed (its /Rotate applied) at the requested width, and the words fall in their boxes', async () => {
    const pdf = await makeTextPdf([paragraph(['CERTIFICATE HOLDER NORTHWIND', 'POLICY NUMBER GL-0042'], 72, 72)], { rotate: 90 });
    const model = await docsift.read(pdf);
    const image = await renderPageImage(pdf, 'pdf', { page: 1, width: 600, format: 'png' });
    expect(image).to.include({ width: 600, height: Math.round((600 * 612) / 792), pageCount: 1 });
    const words = model.pages[0]!.words;
    expect(words.length).to.be.greaterThan(3);
    for (const word of words) expect(await darkestIn(image, word.bbox), word.text).to.be.below(100);
  });

  const LINES = ['Invoice Number 12345', 'Customer ACME Roofing LLC', 'Total amount due 1,000.00'];
  for (const [what, options] of [
    ['turned (Page.rotation)', { quarterTurns: 1 }],
    ['straightened (Page.deskewAngle)', { skewDegrees: 3 }],
  ] as const) {
    it(`shows a scan ${what} the way OCR did, so the OCR boxes fall on the words`, async function () {
      this.timeout(120_000);
      const png = await makeTextImage(paragraph(LINES), options);
      const model = await docsift.read(png);
      const page = model.pages[0]!;
      expect(page.rotation !== 0 || page.deskewAngle !== 0, 'the engine turned or straightened the page').to.equal(true);
      const image = await renderPageImage(png, 'png', { page: 1, width: 1000, format: 'png', rotation: page.rotation, deskewAngle: page.deskewAngle });
      expect(image.width).to.equal(1000);
      expect(image.height / image.width).to.be.closeTo(page.height / page.width, 0.01);
      const long = page.words.filter((word) => word.text.length >= 5);
      expect(long.length).to.be.greaterThan(3);
      for (const word of long) expect(await darkestIn(image, word.bbox), word.text).to.be.below(100);
    });
  }

  it("places a digital certificate's coverages[0].policyNumber box on the printed policy number (result.pages)", async function () {
    requireCorpus(this);
    const bytes = readCorpusFile('public', 'acord25_xstream_cleaning_2025-01-07.pdf');
    const result = await docsift.process(bytes);
    expect(result.pages).to.have.length(result.pageCount);
    const detail = result.fieldDetails['coverages[0].policyNumber']!;
    expect(detail.bbox).to.be.an('array');
    const geometry = result.pages![detail.page! - 1]!;
    const image = await renderPageImage(bytes, 'pdf', { page: detail.page!, width: 1200, format: 'webp', rotation: geometry.rotation, deskewAngle: geometry.deskewAngle });
    expect(image.width).to.equal(1200);
    expect(image.height / image.width).to.be.closeTo(geometry.height / geometry.width, 0.01);
    expect(await darkestIn(image, detail.bbox!)).to.be.below(100);
  });

  it('refuses a page the file does not have with invalid_argument and the page count', async () => {
    const pdf = await makeTextPdf([paragraph(['one']), paragraph(['two'])]);
    for (const [bytes, type, page, pageCount] of [[pdf, 'pdf', 3, 2], [await makeTextImage(paragraph(['x'])), 'png', 2, 1]] as const) {
      const error = await renderPageImage(bytes, type, { page, width: 200, format: 'png' }).then(
        () => null,
        (failure: unknown) => failure,
      );
      expect(isDocsiftError(error) && error.code).to.equal('invalid_argument');
      expect((error as { details: unknown }).details).to.deep.equal({ pageCount });
    }
  });

  it('narrows a very tall page to stay under the pixel cap, keeping its proportions', async () => {
    const pdf = await makeTextPdf([paragraph(['tall'])], { pageSize: [100, 14_000] });
    const image = await renderPageImage(pdf, 'pdf', { page: 1, width: 2000, format: 'png' });
    expect(image.width * image.height).to.be.at.most(12_000_000);
    expect(image.height / image.width).to.be.closeTo(140, 1);
  });
});
