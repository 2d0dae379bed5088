import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { ENGINE_ERROR_CODES, isDocsiftError } from '@docsift/core';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import pino from 'pino';
import { BUNDLED_PLUGINS } from '../../../host/src/config/config.js';
import { createEnginePool, type EnginePool } from '../../../host/src/engine/index.js';

async function makeTextPdf(lines: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  lines.forEach((line, index) => page.drawText(line, { x: 50, y: 740 - index * 18, size: 12, font }));
  return pdf.save();
}

describe('engine pool with the real engine worker (core + bundled plugins)', function () {
  let dir: string;
  let pool: EnginePool;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'docsift-engine-real-'));
    pool = createEnginePool({ size: 1, plugins: BUNDLED_PLUGINS, engineOptions: { ocr: { workers: 1 } }, logger: pino({ level: 'silent' }) });
  });
  after(async () => {
    await pool.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('processes a PDF in a worker thread, reporting progress up to 100', async () => {
    const path = join(dir, 'letter.pdf');
    writeFileSync(path, await makeTextPdf(['Statement of Repair', 'Vehicle: 2019 Honda Civic', 'Labor 2.0 hours  $240.00', 'Total $240.00']));
    const progress: number[] = [];
    const result = await pool.process(path, { now: '2026-01-01T00:00:00.000Z' }, (value) => progress.push(value));
    expect(result.fileType).to.equal('pdf');
    expect(result.pageCount).to.equal(1);
    expect(result.documentType).to.be.a('string');
    expect(progress.at(-1)).to.equal(100);
    expect(progress).to.deep.equal([...progress].sort((a, b) => a - b));
  });

  it('returns a bad file as an engine error with its code, and keeps working', async () => {
    const path = join(dir, 'renamed.pdf');
    writeFileSync(path, 'this is plain text, not a document\n');
    let error: unknown;
    await pool.process(path).catch((caught: unknown) => (error = caught));
    expect(isDocsiftError(error), String(error)).to.equal(true);
    expect(ENGINE_ERROR_CODES).to.include((error as { code: string }).code);
    expect((error as Error).message).to.not.include(dir);
    const truncated = join(dir, 'truncated.pdf');
    writeFileSync(truncated, (await makeTextPdf(['cut short'])).slice(0, 200));
    await pool.process(truncated).catch((caught: unknown) => (error = caught));
    expect(isDocsiftError(error), String(error)).to.equal(true);
    const path2 = join(dir, 'again.pdf');
    writeFileSync(path2, await makeTextPdf(['Certificate of liability insurance']));
    expect((await pool.process(path2)).pageCount).to.equal(1);
  });
});
