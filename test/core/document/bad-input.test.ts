import { expect } from 'chai';
import type { DocumentReader } from '../../../core/src/contracts/services.js';
import { LocalDocumentReader } from '../../../core/src/document/reader.js';
import { encryptPdf, makeFillablePdf, makeTextPdf, paragraph, truncate, pngClaimingSize, jpegClaimingSize } from '../../support/fixtures.js';
import { BlindOcr, expectDocsiftError, silentLogger } from './helpers.js';

const ascii = (text: string): Uint8Array => new TextEncoder().encode(text);

/** Messages are shown to callers: no file paths, no stack frames. */
function expectSafeMessage(error: Error): void {
  expect(error.message).to.not.match(/\/(tmp|work|home|usr)\/|node_modules|\bat \S+ \(/);
  expect(error.message.length).to.be.within(10, 200);
}

describe('reading bad input', () => {
  let reader: DocumentReader;
  before(() => {
    // Damaged pages that lose their text go to OCR; what OCR makes of them is not the point here.
    reader = new LocalDocumentReader({ limits: { maxPages: 3, maxPixels: 20_000_000 }, ocr: { workers: 1 }, logger: silentLogger }, new BlindOcr());
  });
  after(() => reader.close());

  it('refuses an empty file', async () => {
    expectSafeMessage(await expectDocsiftError(() => reader.read(new Uint8Array(0)), 'empty_file'));
  });

  it('refuses content that is not a PDF, JPEG or PNG', async () => {
    expectSafeMessage(await expectDocsiftError(() => reader.read(ascii('PK\u0003\u0004 a zip file')), 'invalid_file_format'));
  });

  it('refuses a PDF with more pages than the limit, naming both numbers', async () => {
    const pdf = await makeTextPdf([1, 2, 3, 4].map((n) => paragraph([`page ${n}`])));
    const error = await expectDocsiftError(() => reader.read(pdf), 'page_limit_exceeded');
    expect(error.message).to.match(/4 pages/).and.to.match(/3/);
  });

  it('refuses a truncated PDF as corrupt', async () => {
    const pdf = await makeTextPdf([paragraph(['one']), paragraph(['two'])]);
    for (const fraction of [0.1, 0.5, 0.8]) {
      expectSafeMessage(await expectDocsiftError(() => reader.read(truncate(pdf, fraction)), 'corrupt_file'));
    }
  });

  it('refuses a PDF header followed by garbage as corrupt', async () => {
    const garbage = new Uint8Array(4096).map((_, index) => (index * 7919) % 251);
    const bytes = new Uint8Array([...ascii('%PDF-1.7\n'), ...garbage]);
    await expectDocsiftError(() => reader.read(bytes), 'corrupt_file');
  });

  it('never crashes on damaged PDFs: each one reads or fails with a DocsiftError', async () => {
    const pdf = await makeTextPdf([paragraph(['Damaged document', 'with two lines'])], { useObjectStreams: false });
    for (let seed = 1; seed <= 25; seed += 1) {
      const damaged = pdf.slice();
      for (let hit = 0; hit < 20; hit += 1) damaged[(seed * 104729 + hit * 7877) % damaged.length] = (seed * 31 + hit) & 0xff;
      try {
        const model = await reader.read(damaged);
        expect(model.pageCount).to.be.greaterThan(0);
      } catch (error) {
        expect((error as { name?: string }).name, String(error)).to.equal('DocsiftError');
      }
    }
  });

  it('refuses a PDF that needs a password to open', async () => {
    const pdf = await encryptPdf(await makeTextPdf([paragraph(['Top secret'])], { useObjectStreams: false }), { userPassword: 'secret' });
    const error = await expectDocsiftError(() => reader.read(pdf), 'password_protected');
    expectSafeMessage(error);
    expect(error.message).to.match(/password/);
  });

  it('reads a PDF encrypted with an empty user password normally, forms included', async () => {
    const plain = await makeFillablePdf([{ name: 'insured', kind: 'text', value: 'ACME Roofing LLC', rect: { x: 72, y: 300, width: 200, height: 20 } }], {
      text: paragraph(['Permissions only encryption', 'reads like any other PDF']),
    });
    const model = await reader.read(await encryptPdf(plain, { userPassword: '', ownerPassword: 'owner' }));
    expect(model.encrypted).to.equal(true);
    expect(model.pages[0].source).to.equal('text');
    expect(model.pages[0].lines.map((line) => line.text)).to.deep.equal(['Permissions only encryption', 'reads like any other PDF']);
    expect(model.formFields).to.have.length(1);
    expect(model.formFields[0]).to.deep.include({ name: 'insured', kind: 'text', value: 'ACME Roofing LLC', page: 1 });
  });

  it('reports an unencrypted PDF as not encrypted', async () => {
    const model = await reader.read(await makeTextPdf([paragraph(['Plain text, no encryption here at all'])]));
    expect(model.encrypted).to.equal(false);
  });

  it('refuses an image with only a signature as corrupt (0 bytes of image data)', async () => {
    await expectDocsiftError(() => reader.read(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), 'corrupt_file');
    await expectDocsiftError(() => reader.read(new Uint8Array([0xff, 0xd8, 0xff, 0xd9])), 'corrupt_file');
  });

  it('refuses an image whose header claims more pixels than the limit, before decoding it', async () => {
    const png = pngClaimingSize(50_000, 50_000);
    expect(png.length).to.be.below(100);
    const error = await expectDocsiftError(() => reader.read(png), 'pixel_limit_exceeded');
    expect(error.message).to.match(/50000×50000/);
    await expectDocsiftError(() => reader.read(jpegClaimingSize(30_000, 30_000)), 'pixel_limit_exceeded');
  });

  it('refuses an image within the pixel limit whose data is missing as corrupt', async () => {
    await expectDocsiftError(() => reader.read(pngClaimingSize(100, 100)), 'corrupt_file');
  });

  it('stops with aborted when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const pdf = await makeTextPdf([paragraph(['never read'])]);
    await expectDocsiftError(() => reader.read(pdf, { signal: controller.signal }), 'aborted');
  });
});
