import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { loadPdfium, openDocument } from '../core/src/document/pdfium.js';
import { renderPageGray } from '../core/src/document/render.js';
import { corpusPath } from '../test/support/corpus.js';

// Run by bench/engine.ts in a child process: `scan-fixture.ts <public|synthetic> <file> <target.jpg>`.
// Rendering the page at 300 dpi and encoding the JPEG is not engine work; done in the bench process,
// it added 60-100 MB to the peak RSS the bench reports for the engine.

/** Renders a digital page at 300 dpi, tilts it and saves it as a JPEG: a scan whose true text is the text layer. */
async function makeScan(set: 'public' | 'synthetic', file: string, target: string): Promise<void> {
  const pdfium = await loadPdfium();
  const document = openDocument(pdfium, new Uint8Array(readFileSync(corpusPath(set, file))));
  try {
    const image = renderPageGray(document, 0, { dpi: 300, maxPixels: 100_000_000 });
    await sharp(Buffer.from(image.data), { raw: { width: image.width, height: image.height, channels: 1 } })
      .rotate(1.2, { background: '#ffffff' })
      .jpeg({ quality: 70 })
      .withMetadata({ density: 300 })
      .toFile(target);
  } finally {
    document.close();
  }
}

const [set, file, target] = process.argv.slice(2);
if (set !== 'public' && set !== 'synthetic') throw new Error('usage: scan-fixture.ts <public|synthetic> <file> <target.jpg>');
await makeScan(set, file, target);
