import { expect } from 'chai';
import { PDFDocument } from 'pdf-lib';
import { createDocsift, isDocsiftError, type Docsift, type Logger } from '@docsift/core';
import { insuranceCertPlugin } from '@docsift/plugin-insurance-cert';
import { sorPlugin } from '@docsift/plugin-sor';
import { templatePlugin } from '@docsift/plugin-template';
import { readNumbering } from '../../../core/src/split/page-signals.js';
import { makeTextPdf, paragraph, type TextItem } from '../../support/fixtures.js';
import { corpusAnswers, readCorpusFile, requireCorpus } from '../../support/corpus.js';

const silent: Logger = { debug() {}, info() {}, warn() {}, error() {}, child: () => silent };

async function rejection(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (isDocsiftError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a rejection');
}

/** A page of prose about one subject, with a footer line (page numbering or nothing). */
function prosePage(title: string, sentences: string[], footer?: string): TextItem[] {
  return [{ text: title, x: 72, y: 60, size: 16 }, ...paragraph(sentences, 72, 100), ...(footer ? [{ text: footer, x: 270, y: 760, size: 9 }] : [])];
}

const GARDEN = [
  'The vegetable garden needs compost before planting tomatoes and beans.',
  'Water the seedlings every morning while the soil is still cool.',
  'Mulch keeps weeds away from the carrots and the lettuce rows.',
  'Harvest the beans often so the plants keep flowering all summer.',
];
const GARDEN_MORE = [
  'Tomatoes want stakes once the plants reach knee height in the garden.',
  'Pinch the side shoots of the tomatoes so the fruit ripens sooner.',
  'Beans and carrots share the bed well; the lettuce likes some shade.',
  'Compost the spent plants in autumn and cover the soil with mulch.',
];
const ORBITS = [
  'Satellites in low orbit circle the planet in about ninety minutes.',
  'Geostationary orbits sit far higher, above the equator, and never drift.',
  'Launch windows depend on the inclination of the target orbit.',
  'Reentry heats the capsule shield to thousands of degrees.',
];

describe('core: packet splitting', function () {
  this.timeout(120_000);
  let docsift: Docsift;

  before(() => {
    docsift = createDocsift({ plugins: [sorPlugin(), insuranceCertPlugin(), templatePlugin()], logger: silent });
  });
  after(() => docsift.close());

  describe('page numbering', () => {
    it('reads "k of n" in several languages and a bare "Page k"', () => {
      expect(readNumbering('Page 2 of 3')).to.deep.equal({ number: 2, of: 3 });
      expect(readNumbering('Seite 1 von 2')).to.deep.equal({ number: 1, of: 2 });
      expect(readNumbering('Página 3 de 5')).to.deep.equal({ number: 3, of: 5 });
      expect(readNumbering('Page 4 sur 4')).to.deep.equal({ number: 4, of: 4 });
      expect(readNumbering('2 / 3')).to.deep.equal({ number: 2, of: 3 });
      expect(readNumbering('Page 7')).to.deep.equal({ number: 7, of: null });
    });

    it('does not take fractions inside a sentence or impossible counts for numbering', () => {
      expect(readNumbering('Add 1/2 cup of sugar to the dough and stir well')).to.equal(null);
      expect(readNumbering('Page 5 of 3')).to.equal(null);
      expect(readNumbering('Invoice 2024/11')).to.equal(null);
    });
  });

  it('starts a new document where the printed numbering restarts, and keeps "k of n" pages together', async () => {
    const bytes = await makeTextPdf([
      prosePage('Garden notes', GARDEN, 'Page 1 of 2'),
      prosePage('Garden notes', GARDEN_MORE, 'Page 2 of 2'),
      prosePage('Garden notes', GARDEN, 'Page 1 of 1'),
    ]);
    const parts = await docsift.split(await docsift.read(bytes));
    expect(parts.map((part) => part.pages)).to.deep.equal([
      [1, 2],
      [3, 3],
    ]);
    expect(parts[1]!.boundary).to.equal('page_numbering');
  });

  it('without numbering, splits where the vocabulary changes and keeps pages on one subject together', async () => {
    const bytes = await makeTextPdf([prosePage('Garden notes', GARDEN), prosePage('More garden notes', GARDEN_MORE), prosePage('Orbital mechanics', ORBITS)]);
    const parts = await docsift.split(await docsift.read(bytes));
    expect(parts.map((part) => [part.documentType, part.pages])).to.deep.equal([
      ['unknown', [1, 2]],
      ['unknown', [3, 3]],
    ]);
    for (const part of parts) expect(part.confidence).to.be.within(0, 1);
  });

  it('attaches a blank page to the document before it', async () => {
    const bytes = await makeTextPdf([prosePage('Garden notes', GARDEN), [], prosePage('Orbital mechanics', ORBITS)]);
    const parts = await docsift.split(await docsift.read(bytes));
    expect(parts.map((part) => part.pages)).to.deep.equal([
      [1, 2],
      [3, 3],
    ]);
  });

  it('takes manual ranges as given and refuses ranges that are out of the file, descending or overlapping', async () => {
    const document = await docsift.read(await makeTextPdf([prosePage('A', GARDEN), prosePage('B', GARDEN_MORE), prosePage('C', ORBITS)]));
    const parts = await docsift.split(document, { strategy: 'manual', ranges: [[1, 1], [2, 3]] });
    expect(parts.map((part) => [part.pages, part.boundary])).to.deep.equal([
      [[1, 1], 'manual'],
      [[2, 3], 'manual'],
    ]);
    for (const ranges of [[[1, 4]], [[2, 1]], [[1, 2], [2, 3]], [[2, 3], [1, 1]], [[0, 1]], [[1.5, 2]]] as Array<Array<[number, number]>>) {
      const refused = await rejection(docsift.split(document, { strategy: 'manual', ranges }));
      expect(refused.code, JSON.stringify(ranges)).to.equal('invalid_argument');
      expect(refused.message).to.match(/ranges\[\d\]/);
    }
    expect((await rejection(docsift.split(document, { strategy: 'manual' }))).code).to.equal('invalid_argument');
    expect((await rejection(docsift.split(document, { strategy: 'auto', ranges: [[1, 1]] }))).code).to.equal('invalid_argument');
    expect((await rejection(docsift.split(document, { strategy: 'sideways' as never }))).code).to.equal('invalid_argument');
  });

  it('with strategy none, the whole file is one document', async () => {
    const document = await docsift.read(await makeTextPdf([prosePage('A', GARDEN), prosePage('C', ORBITS)]));
    expect((await docsift.split(document, { strategy: 'none' })).map((part) => part.pages)).to.deep.equal([[1, 2]]);
  });

  it('processPacket extracts at most maxDocuments parts and lists the others unextracted', async () => {
    const bytes = await makeTextPdf([prosePage('Garden', GARDEN, 'Page 1 of 1'), prosePage('Orbits', ORBITS, 'Page 1 of 1'), prosePage('Garden', GARDEN_MORE, 'Page 1 of 1')]);
    const packet = await docsift.processPacket(bytes, { maxDocuments: 2 });
    expect(packet.pageCount).to.equal(3);
    expect(packet.documents.map((document) => document.pages)).to.deep.equal([
      [1, 1],
      [2, 2],
    ]);
    expect(packet.documents[1]!.result.pageCount).to.equal(1);
    expect(packet.unextractedParts.map((part) => part.pages)).to.deep.equal([[3, 3]]);
    expect((await rejection(docsift.processPacket(bytes, { maxDocuments: 0 }))).code).to.equal('invalid_argument');
    expect((await rejection(docsift.processPacket(bytes, { pageTimeoutMs: -5 }))).code).to.equal('invalid_argument');
  });

  it('stops with page_timeout when one page takes longer than pageTimeoutMs', async () => {
    const pdf = await PDFDocument.create();
    for (let index = 0; index < 3; index++) pdf.addPage([612, 792]);
    const slow = createDocsift({
      plugins: [sorPlugin()],
      logger: silent,
      overrides: {
        documentReader: {
          sniff: () => 'pdf',
          read: (_bytes, options = {}) =>
            new Promise((_resolve, reject) => {
              options.onPageCount?.(3);
              options.onProgress?.(1 / 3);
              options.signal?.addEventListener('abort', () => reject(new Error('stopped')));
            }),
          close: async () => {},
        },
      },
    });
    try {
      const refused = await rejection(slow.processPacket(await pdf.save(), { pageTimeoutMs: 50 }));
      expect(refused.code).to.equal('page_timeout');
      expect(refused.message).to.match(/page 2 took longer than the page timeout \(50 ms\)/);
    } finally {
      await slow.close();
    }
  });

  describe('the corpus packets', () => {
    before(function () {
      requireCorpus(this);
    });

    for (const file of ['packet_digital_a.pdf', 'packet_scanned_a.pdf']) {
      it(`${file}: every part with its pages and type, extracted with the packet's page numbers`, async () => {
        const answer = corpusAnswers().find((candidate) => candidate.file === file)!;
        const packet = await docsift.processPacket(readCorpusFile('synthetic', file));
        expect(packet.documents.map((document) => [document.documentType, document.pages])).to.deep.equal(
          answer.documents!.map((document) => [document.documentType ?? 'unknown', document.pages]),
        );
        for (const document of packet.documents) {
          for (const detail of Object.values(document.result.fieldDetails)) {
            expect(detail.page).to.be.within(document.pages[0], document.pages[1]);
          }
        }
      });
    }
  });
});
