import { expect } from 'chai';
import { isMappingError, MapperRegistry, MappingError, TransformSandbox } from '@docsift/core';
import { silentLogger } from '@docsift/core/testing';

const payload = { jobId: 'job-1', extractedData: { borrower: 'Ada Lovelace', amounts: [100, 250.5] } };
const goodTransform = 'return { who: data.extractedData.borrower.toUpperCase(), total: data.extractedData.amounts.reduce((a, b) => a + b, 0) };';
const goodOutput = { who: 'ADA LOVELACE', total: 350.5 };

async function failure(run: Promise<unknown>): Promise<MappingError> {
  try {
    await run;
  } catch (error) {
    expect(isMappingError(error), String(error)).to.equal(true);
    return error as MappingError;
  }
  throw new Error('expected the transform to fail');
}

describe('core/mapping: custom transforms in the isolated-vm sandbox', () => {
  let registry: MapperRegistry;

  before(() => {
    registry = new MapperRegistry({ logger: silentLogger });
  });

  after(() => registry.close());

  const custom = (transform: string) => registry.map('custom', payload, { transform });

  it('runs a transform body over `data` and returns its object', async () => {
    expect(await custom(goodTransform)).to.deep.equal(goodOutput);
  });

  it('gives the transform a copy: the caller payload is untouched', async () => {
    await custom('data.extractedData.borrower = "changed"; return {};');
    expect(payload.extractedData.borrower).to.equal('Ada Lovelace');
  });

  const escapes: Array<{ title: string; transform: string; message: RegExp }> = [
    { title: 'reaching process', transform: 'return { pid: process.pid };', message: /process is not defined/ },
    { title: 'calling require', transform: 'const fs = require("fs"); return { files: fs.readdirSync("/") };', message: /require is not defined/ },
    { title: 'a dynamic import()', transform: 'return import("node:fs");', message: /threw an error: Not supported/ },
    { title: 'globalThis.fetch', transform: 'globalThis.fetch("http://127.0.0.1/"); return {};', message: /not a function/ },
    {
      title: "constructor.constructor('return process')()",
      transform: 'const p = ({}).constructor.constructor("return process")(); return { env: p.env };',
      message: /process is not defined/,
    },
    { title: 'an infinite loop', transform: 'while (true) {}', message: /ran longer than 100 ms/ },
    { title: 'an endless promise job', transform: 'Promise.resolve().then(() => { while (true) {} }); return {};', message: /ran longer than 100 ms/ },
    {
      title: 'a memory bomb',
      transform: 'const hoard = []; while (true) hoard.push(new Array(1e6).fill(hoard.length));',
      message: /more than 16 MB|ran longer than/,
    },
    {
      title: 'a buffer bomb',
      transform: 'const hoard = []; while (true) hoard.push(new Uint8Array(1e6));',
      message: /Array buffer allocation failed|more than 16 MB/,
    },
    { title: 'throwing', transform: 'throw new TypeError("bad loan number");', message: /threw TypeError: bad loan number/ },
    { title: 'returning a function', transform: 'return () => 1;', message: /not a function/ },
    { title: 'returning a number', transform: 'return 42;', message: /not a number/ },
    { title: 'returning an array', transform: 'return [1, 2];', message: /not an array/ },
    { title: 'returning null', transform: 'return null;', message: /not null/ },
    { title: 'returning nothing', transform: 'data.x = 1;', message: /not an undefined/ },
    { title: 'invalid syntax', transform: 'return {', message: /not valid JavaScript/ },
    { title: 'breaking out of the function body', transform: '}); (function () { return {};', message: /not valid JavaScript/ },
  ];

  for (const { title, transform, message } of escapes) {
    it(`fails ${title} with transform_failed, and the next transform still runs`, async () => {
      const error = await failure(custom(transform));
      expect(error.code).to.equal('transform_failed');
      expect(error.message).to.match(message);
      expect(await custom(goodTransform)).to.deep.equal(goodOutput);
    });
  }

  it('stops a dynamic import() before it loads anything', async () => {
    const error = await failure(custom('return import("node:fs").then((fs) => ({ files: fs.readdirSync("/") }));'));
    expect(error.message).to.not.match(/files/);
    const loader = await failure(custom('return { kind: typeof import.meta };'));
    expect(loader.message).to.match(/not valid JavaScript/);
  });

  it('keeps each transform in its own context: globals do not leak to the next one', async () => {
    await custom('globalThis.leak = "secret"; JSON.stringify = () => "{}"; return {};');
    expect(await custom('return { leak: typeof leak, json: JSON.stringify({ a: 1 }) };')).to.deep.equal({ leak: 'undefined', json: '{"a":1}' });
  });

  it('reads the result with the built-ins it kept, whatever the transform replaced', async () => {
    expect(await custom('JSON.stringify = () => "not json"; Array.isArray = () => true; return { a: 1 };')).to.deep.equal({ a: 1 });
  });

  it('has no WebAssembly, fetch, timers, process or require', async () => {
    expect(
      await custom(
        'return { wasm: typeof WebAssembly, fetch: typeof fetch, timer: typeof setTimeout, process: typeof process, require: typeof require };',
      ),
    ).to.deep.equal({ wasm: 'undefined', fetch: 'undefined', timer: 'undefined', process: 'undefined', require: 'undefined' });
  });

  it('does not grow the heap across many runs (each context is released)', async () => {
    const sandbox = new TransformSandbox({ memoryLimitMb: 8 });
    try {
      for (let run = 0; run < 400; run += 1) expect(await sandbox.run('return { run: data.run };', { run })).to.deep.equal({ run });
    } finally {
      sandbox.close();
    }
  });

  it('runs transforms given at the same time, with a failing one among them', async () => {
    const results = await Promise.allSettled([custom(goodTransform), custom('while (true) {}'), custom(goodTransform)]);
    expect(results.map((result) => result.status)).to.deep.equal(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('honours configured limits', async () => {
    const sandbox = new TransformSandbox({ timeoutMs: 30, memoryLimitMb: 8 });
    try {
      const started = performance.now();
      const error = await failure(sandbox.run('for (;;) {}', {}));
      expect(error.message).to.match(/30 ms/);
      expect(performance.now() - started).to.be.below(1000);
      expect(await sandbox.run('return { ok: true };', {})).to.deep.equal({ ok: true });
    } finally {
      sandbox.close();
    }
  });

  it('refuses an empty or oversized transform as invalid_mapping', async () => {
    expect((await failure(custom(''))).code).to.equal('invalid_mapping');
    const sandbox = new TransformSandbox({ maxSourceLength: 10 });
    expect((await failure(sandbox.run('return { a: 1, b: 2 };', {}))).code).to.equal('invalid_mapping');
  });

  it('validates a transform without running it', async () => {
    await registry.validate('custom', { transform: 'while (true) {}' });
    const error = await failure(registry.validate('custom', { transform: 'return {' }));
    expect(error.code).to.equal('invalid_mapping');
  });

  it('starts a new isolate after close()', async () => {
    const sandbox = new TransformSandbox();
    expect(await sandbox.run('return { n: 1 };', {})).to.deep.equal({ n: 1 });
    sandbox.close();
    expect(await sandbox.run('return { n: 2 };', {})).to.deep.equal({ n: 2 });
    sandbox.close();
  });
});
