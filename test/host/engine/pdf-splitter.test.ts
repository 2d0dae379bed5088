import { expect } from 'chai';
import pino from 'pino';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { createDocsift } from '@docsift/core';
import { silentLogger } from '@docsift/core/testing';
import { createPdfSplitter, type PdfSplitter } from '../../../host/src/engine/index.js';
import { encryptPdf, makeTextPdf, paragraph } from '../../support/fixtures.js';

/** Three pages of different widths, so the pages copied out can be told apart. */
async function threePages(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  for (const width of [100, 200, 300]) document.addPage([width, 400]);
  return document.save();
}

const widthsOf = async (pdf: Uint8Array) => (await PDFDocument.load(pdf)).getPages().map((page) => page.getWidth());

describe('PDF splitter (its own worker thread)', () => {
  let splitter: PdfSplitter;
  before(() => {
    splitter = createPdfSplitter({ logger: pino({ level: 'silent' }) });
  });
  after(() => splitter.close());

  it('copies the pages of a range into a PDF of their own, and answers null for pages the file does not have', async () => {
    const file = await threePages();
    expect(await widthsOf((await splitter.split(file, 'pdf', [2, 3]))!)).to.deep.equal([200, 300]);
    expect(await widthsOf((await splitter.split(file, 'pdf', [1, 1]))!)).to.deep.equal([100]);
    expect(await splitter.split(file, 'pdf', [3, 4])).to.equal(null);
  });

  it('puts an image on one page, in its proportions', async () => {
    const png = await sharp({ create: { width: 300, height: 600, channels: 3, background: '#808080' } }).png().toBuffer();
    const pdf = (await PDFDocument.load((await splitter.split(png, 'png', [1, 1]))!)).getPages();
    expect(pdf).to.have.length(1);
    expect(pdf[0]!.getHeight() / pdf[0]!.getWidth()).to.be.closeTo(2, 0.001);
    expect(await splitter.split(png, 'png', [1, 2])).to.equal(null);
  });

  it('rejects a file that is no PDF, and keeps working', async () => {
    const error = await splitter.split(new TextEncoder().encode('%PDF-1.4 not really'), 'pdf', [1, 1]).then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).to.be.instanceOf(Error);
    expect(await widthsOf((await splitter.split(await threePages(), 'pdf', [3, 3]))!)).to.deep.equal([300]);
  });

  it('copies the pages of a PDF encrypted for permissions only with their text readable', async () => {
    const plain = await makeTextPdf([paragraph(['First page of the packet']), paragraph(['Second page: the statement of repair'])]);
    const encrypted = await encryptPdf(plain, { userPassword: '' });
    const part = (await splitter.split(encrypted, 'pdf', [2, 2]))!;
    const docsift = createDocsift({ plugins: [], logger: silentLogger });
    try {
      const read = await docsift.read(part);
      expect(read.pageCount).to.equal(1);
      expect(read.pages[0]!.source).to.equal('text');
      expect(read.pages[0]!.lines.map((line) => line.text).join(' ')).to.include('Second page: the statement of repair');
    } finally {
      await docsift.close();
    }
  });
});
