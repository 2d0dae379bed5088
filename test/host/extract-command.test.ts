import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { makeTextPdf, paragraph, truncate } from '../support/fixtures.js';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cli = path.join(root, 'host/src/main/cli.ts');

/** Runs `docsift …` from the sources, as `npx docsift` runs the built file. */
async function docsift(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--conditions=docsift-source', '--import', 'tsx', cli, ...args], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'silent' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('docsift extract (command line)', function () {
  this.timeout(120_000);
  let dir: string;
  let letter: string;

  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'docsift-cli-'));
    letter = path.join(dir, 'letter.pdf');
    writeFileSync(letter, await makeTextPdf([paragraph(['Dear Ms. Rivera,', 'Thank you for your visit last week.', 'Kind regards, Tom'])]));
  });

  after(() => rmSync(dir, { recursive: true, force: true }));

  it('prints one JSON object with the job record names, stage timings and page count', async () => {
    const { code, stdout } = await docsift(['extract', letter, '--json']);
    expect(code).to.equal(0);
    const result = JSON.parse(stdout);
    expect(result).to.include.all.keys('documentType', 'classificationConfidence', 'alternativeTypes', 'extractedData', 'fieldDetails', 'pageCount', 'findings', 'timingsMs');
    expect(result.documentType).to.equal('unknown');
    expect(result.extractedData).to.equal(null);
    expect(result.pageCount).to.equal(1);
    expect(result.timingsMs).to.include.all.keys('ingest', 'read', 'classify', 'extract', 'validate', 'total');
  });

  it('extracts as the hinted type and says so in the findings', async () => {
    const { code, stdout } = await docsift(['extract', letter, '--json', '--type-hint', 'insurance_certificate']);
    expect(code).to.equal(0);
    const result = JSON.parse(stdout);
    expect(result.documentType).to.equal('insurance_cert');
    expect(result.findings.map((finding: { code: string }) => finding.code)).to.include('type_hint_overrode_classifier');
  });

  it('fails a bad file with a non-zero exit code and one line naming the problem', async () => {
    const text = path.join(dir, 'notes.pdf');
    writeFileSync(text, 'just some text, not a PDF');
    const broken = path.join(dir, 'broken.pdf');
    writeFileSync(broken, truncate(await makeTextPdf([paragraph(['Hello'])]), 0.4));
    for (const [file, code] of [
      [text, 'invalid_file_format'],
      [broken, 'corrupt_file'],
    ]) {
      const result = await docsift(['extract', file]);
      expect(result.code, file).to.equal(1);
      expect(result.stderr.trim().split('\n')).to.have.length(1);
      expect(result.stderr).to.match(new RegExp(`^docsift extract: ${code}: `));
      expect(result.stderr).to.not.include(dir);
    }
  });

  it('refuses a missing file and bad arguments with a usage line', async () => {
    expect((await docsift(['extract', path.join(dir, 'absent.pdf')])).code).to.equal(1);
    const usage = await docsift(['extract']);
    expect(usage.code).to.equal(2);
    expect(usage.stderr).to.match(/usage: docsift extract FILE/);
  });

  it('--split prints each document of a packet with its pages; --pages gives the ranges by hand', async () => {
    const packet = path.join(dir, 'packet.pdf');
    writeFileSync(
      packet,
      await makeTextPdf([
        [...paragraph(['Dear Ms. Rivera,', 'Thank you for your visit last week.', 'Kind regards, Tom']), { text: 'Page 1 of 1', x: 280, y: 760 }],
        [...paragraph(['Minutes of the rowing club meeting', 'The boat house roof will be repaired in spring.']), { text: 'Page 1 of 1', x: 280, y: 760 }],
      ]),
    );
    const auto = await docsift(['extract', packet, '--split', '--json']);
    expect(auto.code).to.equal(0);
    const found = JSON.parse(auto.stdout);
    expect(found.pageCount).to.equal(2);
    expect(found.documents.map((document: { pages: number[] }) => document.pages)).to.deep.equal([
      [1, 1],
      [2, 2],
    ]);
    expect(found.documents[0]).to.include.all.keys('documentType', 'confidence', 'boundary', 'extractedData', 'fieldDetails');
    const manual = JSON.parse((await docsift(['extract', packet, '--split', '--pages', '1-2', '--json'])).stdout);
    expect(manual.documents.map((document: { pages: number[]; boundary: string }) => [document.pages, document.boundary])).to.deep.equal([[[1, 2], 'manual']]);
    const human = await docsift(['extract', packet, '--split']);
    expect(human.stdout).to.match(/2 document\(s\) in 2 page\(s\)/);
    expect(human.stdout).to.match(/--- page 2: /);
    const outside = await docsift(['extract', packet, '--split', '--pages', '1-3']);
    expect(outside.code).to.equal(1);
    expect(outside.stderr).to.match(/^docsift extract: invalid_argument: ranges\[0\]/);
    for (const args of [['--split', '--pages', 'two'], ['--pages', '1-2']]) {
      const refused = await docsift(['extract', packet, ...args]);
      expect(refused.code, args.join(' ')).to.equal(2);
      expect(refused.stderr).to.match(/usage: docsift extract FILE/);
    }
  });
});
