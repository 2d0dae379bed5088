import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { isDocsiftError } from '@docsift/core';
import pino from 'pino';
import { createEnginePool, isEnginePoolError, type EnginePool } from '../../../host/src/engine/index.js';

const logger = pino({ level: 'silent' });
const fakeWorker = new URL('./fixtures/fake-engine-worker.ts', import.meta.url);

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('engine pool (protocol and recovery, with a stand-in engine)', function () {
  let dir: string;
  let pool: EnginePool;
  const file = (name: string, content: string): string => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'docsift-engine-'));
    // One thread keeps the suite quick (each thread loads core under tsx) and makes replacement observable.
    pool = createEnginePool({ size: 1, plugins: [], engineOptions: {}, logger, workerFile: fakeWorker, callTimeoutMs: 2000 });
  });
  after(async () => {
    await pool.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('returns the result, forwards options and reports progress', async () => {
    const progress: [number, string][] = [];
    const result = await pool.process(file('a.pdf', 'sor'), { typeHint: 'sor', now: '2026-01-02T03:04:05.000Z' }, (p, stage) =>
      progress.push([p, stage]),
    );
    expect(result.documentType).to.equal('sor');
    expect(result.extractedData).to.include({ now: '2026-01-02T03:04:05.000Z', typeHint: 'sor' });
    expect(progress).to.deep.equal([[10, 'ingest'], [60, 'classify']]);
  });

  it('runs a packet call on a thread: options cross, the result comes back, and engine errors keep their code', async () => {
    const pages: number[] = [];
    const result = await pool.processPacket(file('p.pdf', 'sor'), { splitStrategy: 'manual', ranges: [[1, 2], [3, 9]], maxDocuments: 7 }, { onPageCount: (count) => pages.push(count) });
    expect(result.unextractedParts.map((part) => [part.documentType, part.pages])).to.deep.equal([['sor', [1, 2]], ['sor', [3, 9]]]);
    expect(result.timingsMs.total).to.equal(7);
    expect(pages).to.deep.equal([9]);
    const error = await rejection(pool.processPacket(file('bad-packet.pdf', 'bad ranges'), { splitStrategy: 'manual', ranges: [[4, 4]] }));
    expect(error).to.include({ code: 'invalid_argument' });
    expect((error as { details: unknown }).details).to.deep.equal({ range: 0 });
    expect((await pool.process(file('ok2.pdf', 'after-packet'))).documentType).to.equal('after-packet');
  });

  it('runs a learn call on a thread (the document crosses as data): without a template extractor it locates nothing and learns nothing', async () => {
    const document = { format: 'pdf' as const, pageCount: 0, pages: [], formFields: [], encrypted: false };
    const result = await pool.learn({ document, fields: [{ name: 'total', type: 'currency', description: 'd' }], values: { total: 1 } });
    expect(result).to.deep.equal({ locations: {}, layout: null });
    expect((await pool.process(file('ok3.pdf', 'after-learn'))).documentType).to.equal('after-learn');
  });

  it('passes engine errors back with their code, message and details', async () => {
    const error = await rejection(pool.process(file('bad.pdf', 'bad input')));
    expect(isDocsiftError(error)).to.equal(true);
    expect(error).to.include({ code: 'invalid_file_format', message: 'the file is not a PDF, JPEG or PNG' });
    expect((error as { details: unknown }).details).to.deep.equal({ detected: 'text' });
    expect((await pool.process(file('ok.pdf', 'after-error'))).documentType).to.equal('after-error');
  });

  it('hides the message of an unexpected engine failure', async () => {
    const error = await rejection(pool.process(file('bug.pdf', 'bug')));
    expect(isEnginePoolError(error)).to.equal(true);
    expect(error).to.include({ code: 'internal_error' });
    expect(String((error as Error).message)).to.not.include('/secret/path');
  });

  it('rejects the call of a crashed worker and replaces the worker', async () => {
    const calls = [pool.process(file('crash.pdf', 'crash')), pool.process(file('s1.pdf', 'slow-1')), pool.process(file('s2.pdf', 'slow-2'))];
    const [crashed, ...others] = await Promise.allSettled(calls);
    expect(crashed.status).to.equal('rejected');
    expect((crashed as PromiseRejectedResult).reason).to.include({ code: 'engine_crashed' });
    expect(others.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value.documentType : outcome.status))).to.deep.equal([
      'slow-1',
      'slow-2',
    ]);
  });

  it('stops a thread stuck on a document after the call timeout, and carries on', async () => {
    const started = Date.now();
    expect(await rejection(pool.process(file('hang.pdf', 'hang')))).to.include({ code: 'engine_timeout' });
    expect(Date.now() - started).to.be.within(1900, 6000);
    expect((await pool.process(file('next.pdf', 'next'))).documentType).to.equal('next');
  });

  it('refuses work once closed, and closes promptly', async () => {
    await pool.process(file('warm.pdf', 'warm'));
    const started = Date.now();
    await pool.close();
    expect(Date.now() - started).to.be.below(2000);
    expect(await rejection(pool.process(file('late.pdf', 'late')))).to.include({ code: 'engine_closed' });
  });
});

describe('engine pool: stopping a call (deadline signal)', function () {
  let dir: string;
  let pool: EnginePool;
  const file = (name: string, content: string): string => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };
  const threadOf = async (name: string) => ((await pool.process(file(`${name}.pdf`, name))).extractedData as { threadId: number }).threadId;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'docsift-engine-stop-'));
    pool = createEnginePool({
      size: 1,
      plugins: [],
      engineOptions: {},
      logger,
      workerFile: fakeWorker,
      stopGraceMs: 300,
      resourceLimits: { maxOldGenerationSizeMb: 128 },
    });
  });
  after(async () => {
    await pool.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reports the page count, then rejects with the signal reason and lets the thread stop at its next page, keeping it', async () => {
    const before = await threadOf('warm');
    const controller = new AbortController();
    const events: string[] = [];
    const call = pool.process(file('wait.pdf', 'pages-then-wait'), {}, undefined, {
      signal: controller.signal,
      onStart: () => events.push('start'),
      onPageCount: (pages) => {
        events.push(`pages ${pages}`);
        controller.abort(new Error('past the deadline'));
      },
    });
    expect(await rejection(call)).to.have.property('message', 'past the deadline');
    expect(events).to.deep.equal(['start', 'pages 3']);
    expect(await threadOf('after-stop')).to.equal(before);
  });

  it('terminates a thread that does not stop within the grace and replaces it; calls waiting behind it run', async () => {
    const before = await threadOf('warm-2');
    const controller = new AbortController();
    const hung = pool.process(file('hang.pdf', 'hang'), {}, undefined, { signal: controller.signal });
    const waiting = pool.process(file('behind.pdf', 'behind'));
    setTimeout(() => controller.abort(new Error('past the deadline')), 100);
    expect(await rejection(hung)).to.have.property('message', 'past the deadline');
    const behind = await waiting;
    expect(behind.documentType).to.equal('behind');
    expect((behind.extractedData as { threadId: number }).threadId).to.not.equal(before);
  });

  it('stops a thread whose heap outgrows its resourceLimits: that document fails, the next runs on a fresh thread', async () => {
    const before = await threadOf('warm-3');
    expect(await rejection(pool.process(file('hog.pdf', 'hog')))).to.include({ code: 'engine_crashed' });
    expect(await threadOf('after-hog')).to.not.equal(before);
  });

  it('takes a call that is aborted while it waits for a thread out of the queue, never starting it', async () => {
    const controller = new AbortController();
    const running = pool.process(file('slow.pdf', 'slow'));
    let started = false;
    const queued = pool.process(file('queued.pdf', 'queued'), {}, undefined, { signal: controller.signal, onStart: () => (started = true) });
    controller.abort(new Error('gave up'));
    expect(await rejection(queued)).to.have.property('message', 'gave up');
    expect((await running).documentType).to.equal('slow');
    expect(started).to.equal(false);
  });
});
