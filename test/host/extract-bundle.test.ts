import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { makeWaiverPdf } from '@docsift/example-custom-plugin';
import { bundleExtract } from '../../scripts/bundle-extract.js';
import { corpusAvailable, corpusPath } from '../support/corpus.js';
import { makeTextImage, makeTextPdf, paragraph } from '../support/fixtures.js';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const compiledCli = path.join(root, 'host/dist/main/cli.js');

/**
 * `node SCRIPT extract ARGS…`; stderr holds what NODE_DEBUG=worker says when a thread starts. Killed
 * after a minute: tesseract.js without its local model looks for one on the network and never ends.
 */
async function extract(script: string, args: string[], env: Record<string, string> = {}): Promise<{ stdout: string; stderr: string }> {
  return run(process.execPath, [script, 'extract', ...args], { cwd: root, env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024, timeout: 60_000 });
}

/** The result without its timings, which differ from run to run. */
function withoutTimings(stdout: string): unknown {
  const { timingsMs, ...rest } = JSON.parse(stdout) as { timingsMs: unknown };
  expect(timingsMs).to.be.an('object');
  return rest;
}

const threadsStarted = (stderr: string) => stderr.split('\n').filter((line) => line.includes('create new worker')).length;

describe('docsift extract from its one-file build (scripts/bundle-extract.ts; needs `tsc -b`)', function () {
  this.timeout(180_000);
  let bundle: string;
  let dir: string;
  let letter: string;
  let scan: string;

  before(async () => {
    if (!existsSync(path.join(root, 'host/dist/main/extract-main.js'))) throw new Error('host/dist is not built: run `npx tsc -b` first');
    bundle = path.join(root, `host/dist/main/extract-bundle.test-${process.pid}.js`);
    await bundleExtract(bundle);
    dir = mkdtempSync(path.join(os.tmpdir(), 'docsift-extract-bundle-'));
    letter = path.join(dir, 'letter.pdf');
    writeFileSync(letter, await makeTextPdf([paragraph(['Dear Ms. Rivera,', 'Thank you for your visit last week.', 'Kind regards, Tom'])]));
    scan = path.join(dir, 'note.png');
    writeFileSync(scan, await makeTextImage(paragraph(['Invoice number 4471', 'Total due 1,250.00'])));
  });

  after(() => {
    if (bundle) rmSync(bundle, { force: true });
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('prints what the compiled command prints, for a digital PDF and a scanned image (OCR with the engine’s tessdata)', async () => {
    for (const file of [letter, scan]) {
      const [fromBundle, fromModules] = await Promise.all([extract(bundle, [file, '--json']), extract(compiledCli, [file, '--json'])]);
      expect(withoutTimings(fromBundle.stdout), file).to.deep.equal(withoutTimings(fromModules.stdout));
    }
  });

  it('extracts a certificate with the bundled plugin’s model, as the compiled command does', async function () {
    if (!corpusAvailable) this.skip();
    const certificate = corpusPath('public', 'acord25_xstream_cleaning_2025-01-07.pdf');
    const [fromBundle, fromModules] = await Promise.all([extract(bundle, [certificate, '--json']), extract(compiledCli, [certificate, '--json'])]);
    const result = withoutTimings(fromBundle.stdout) as { documentType: string };
    expect(result.documentType).to.equal('insurance_cert');
    expect(result).to.deep.equal(withoutTimings(fromModules.stdout));
  });

  it('starts no thread for a digital PDF, and OCR threads for a scanned image', async () => {
    const digital = await extract(bundle, [letter, '--json'], { NODE_DEBUG: 'worker' });
    expect(threadsStarted(digital.stderr)).to.equal(0);
    const scanned = await extract(bundle, [scan, '--json'], { NODE_DEBUG: 'worker' });
    expect(threadsStarted(scanned.stderr)).to.be.greaterThan(0);
  });

  it('loads a plugin named in DOCSIFT_PLUGINS from outside the bundle beside a bundled one', async () => {
    const waiver = path.join(dir, 'waiver.pdf');
    const facts = { claimant: 'Keystone Drywall LLC', customer: 'Redstone Construction Services', jobLocation: '9157 Valley Way, Pittsburgh, PA 15281', owner: 'Tariq Peterson', throughDate: '04/30/2025', amount: '$18,400.00' };
    writeFileSync(waiver, await makeWaiverPdf(facts));
    const env = { DOCSIFT_PLUGINS: '@docsift/example-custom-plugin#lienWaiverPlugin,@docsift/plugin-template' };
    const [fromBundle, fromModules] = await Promise.all([extract(bundle, [waiver, '--json'], env), extract(compiledCli, [waiver, '--json'], env)]);
    const result = withoutTimings(fromBundle.stdout) as { documentType: string; extractedData: Record<string, unknown> };
    expect(result.documentType).to.equal('lien_waiver');
    expect(result.extractedData).to.include({ claimant: facts.claimant });
    expect(result).to.deep.equal(withoutTimings(fromModules.stdout));
  });
});
