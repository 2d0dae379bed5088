import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ConfigError, loadConfig, loadExtractConfig } from '../../host/src/config/config.js';
import { listDocuments, progressOn, runInOrder } from '../../host/src/main/extract-batch.js';
import { makeTextPdf, paragraph, truncate } from '../support/fixtures.js';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cli = path.join(root, 'host/src/main/cli.ts');

/** Runs `docsift …` from the sources; `nodeOptions` go before the script. */
async function docsift(args: string[], nodeOptions: string[] = []): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--conditions=docsift-source', '--import', 'tsx', ...nodeOptions, cli, ...args], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'silent' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const lines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown> & { file: string; error?: { code: string; message: string } });

describe('docsift extract, batch form (command line)', function () {
  this.timeout(180_000);
  let dir: string;
  let letter: string;
  let minutes: string;
  let broken: string;
  let folder: string;

  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'docsift-cli-batch-'));
    letter = path.join(dir, 'letter.pdf');
    writeFileSync(letter, await makeTextPdf([paragraph(['Dear Ms. Rivera,', 'Thank you for your visit last week.', 'Kind regards, Tom'])]));
    minutes = path.join(dir, 'minutes.pdf');
    writeFileSync(minutes, await makeTextPdf([paragraph(['Minutes of the rowing club meeting', 'The boat house roof will be repaired in spring.'])]));
    broken = path.join(dir, 'broken.pdf');
    writeFileSync(broken, truncate(await makeTextPdf([paragraph(['Hello'])]), 0.4));
    folder = path.join(dir, 'folder');
    mkdirSync(path.join(folder, 'b-sub'), { recursive: true });
    writeFileSync(path.join(folder, 'c.pdf'), readFileSync(letter));
    writeFileSync(path.join(folder, 'a.PDF'), readFileSync(minutes));
    writeFileSync(path.join(folder, 'b-sub', 'inner.pdf'), readFileSync(letter));
    writeFileSync(path.join(folder, 'notes.txt'), 'not a document');
    writeFileSync(path.join(folder, '.hidden.pdf'), readFileSync(letter));
  });

  after(() => rmSync(dir, { recursive: true, force: true }));

  it('prints one JSON line per file, in the order given, with an error line for the bad file, and exits 1', async () => {
    const { code, stdout, stderr } = await docsift(['extract', letter, broken, folder, minutes, '--jsonl']);
    expect(code).to.equal(1);
    const printed = lines(stdout);
    expect(printed.map((line) => line.file)).to.deep.equal([
      letter,
      broken,
      path.join(folder, 'a.PDF'),
      path.join(folder, 'b-sub', 'inner.pdf'),
      path.join(folder, 'c.pdf'),
      minutes,
    ]);
    expect(printed[1]).to.deep.equal({ file: broken, error: { code: 'corrupt_file', message: printed[1].error?.message } });
    expect(printed[1].error?.message).to.match(/^The PDF cannot be read/);
    for (const line of [printed[0], ...printed.slice(2)]) {
      expect(line).to.include.all.keys('file', 'documentType', 'extractedData', 'fieldDetails', 'pageCount', 'findings', 'timingsMs');
      expect(line).to.not.have.property('error');
    }
    expect(stderr, 'no progress when stderr is not a terminal').to.equal('');
  });

  it('exits 0 when every file is read; a missing file is a line of its own', async () => {
    const good = await docsift(['extract', letter, minutes, '--jsonl']);
    expect(good.code).to.equal(0);
    expect(lines(good.stdout).map((line) => line.documentType)).to.deep.equal(['unknown', 'unknown']);
    const missing = path.join(dir, 'absent.pdf');
    const partly = await docsift(['extract', missing, letter, '--jsonl']);
    expect(partly.code).to.equal(1);
    expect(lines(partly.stdout)[0]).to.deep.equal({ file: missing, error: { code: 'file_not_readable', message: 'cannot read the file (ENOENT)' } });
    expect(lines(partly.stdout)[1].file).to.equal(letter);
  });

  it('a folder alone is a batch: human output per file without --jsonl, --split results with it', async () => {
    const human = await docsift(['extract', folder]);
    expect(human.code).to.equal(0);
    expect(human.stdout.match(/^\S.*: unknown \(confidence/gm)).to.have.length(3);
    expect(human.stdout.indexOf('a.PDF')).to.be.lessThan(human.stdout.indexOf('c.pdf'));
    const split = await docsift(['extract', letter, '--split', '--jsonl']);
    expect(split.code).to.equal(0);
    const [packet] = lines(split.stdout);
    expect(packet.file).to.equal(letter);
    expect(packet).to.include.all.keys('fileType', 'pageCount', 'documents', 'unextractedParts', 'timingsMs');
  });

  it('refuses --json for several files, --json with --jsonl, and a folder without documents', async () => {
    for (const args of [[letter, minutes, '--json'], [folder, '--json'], [letter, '--json', '--jsonl']]) {
      const refused = await docsift(['extract', ...args]);
      expect(refused.code, args.join(' ')).to.equal(2);
      expect(refused.stderr).to.match(/usage: docsift extract FILE… \| DIR/);
    }
    const empty = path.join(dir, 'empty');
    mkdirSync(empty);
    const nothing = await docsift(['extract', empty, '--jsonl']);
    expect(nothing.code).to.equal(1);
    expect(nothing.stderr).to.match(/no PDF, PNG or JPEG file/);
  });

  it('loads neither the server (TypeORM, Koa, Agenda) nor OCR, image, form or webhook libraries for a digital PDF', async () => {
    const record = path.join(dir, 'imports.txt');
    const hooks = `import fs from 'node:fs'; export async function resolve(specifier, context, next) { const resolved = await next(specifier, context); fs.appendFileSync(${JSON.stringify(record)}, resolved.url + '\\n'); return resolved; }`;
    const register = `import { register } from 'node:module'; register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hooks)}));`;
    const { code } = await docsift(['extract', letter, '--json'], ['--import', `data:text/javascript,${encodeURIComponent(register)}`]);
    expect(code).to.equal(0);
    const imported = readFileSync(record, 'utf8');
    expect(imported).to.include('/node_modules/zod/');
    for (const library of ['typeorm', 'koa', 'agenda', 'tesseract.js', 'sharp', 'pdf-lib', 'got']) {
      expect(imported, library).to.not.include(`/node_modules/${library}/`);
    }
  });
});

describe('docsift extract, batch parts', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(path.join(os.tmpdir(), 'docsift-batch-parts-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('lists a folder’s PDF, PNG and JPEG files by name, subfolders included, hidden entries and other files left out', async () => {
    mkdirSync(path.join(dir, 'scans', '.cache'), { recursive: true });
    for (const name of ['z.jpeg', 'B.png', 'a.pdf', 'readme.md', '.x.pdf', 'scans/p.JPG', 'scans/.cache/q.pdf']) writeFileSync(path.join(dir, name), '');
    expect(await listDocuments([dir, 'given.txt'])).to.deep.equal([
      path.join(dir, 'B.png'),
      path.join(dir, 'a.pdf'),
      path.join(dir, 'scans', 'p.JPG'),
      path.join(dir, 'z.jpeg'),
      'given.txt',
    ]);
  });

  it('runs items concurrently and emits them in their order, each once', async () => {
    const delays: Record<string, number> = { a: 40, b: 5, c: 20, d: 1, e: 1 };
    let inFlight = 0;
    let most = 0;
    const emitted: Array<[string, string, number]> = [];
    await runInOrder(
      Object.keys(delays),
      2,
      async (item) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, delays[item]));
        inFlight -= 1;
        return item.toUpperCase();
      },
      (item, outcome, index) => emitted.push([item, outcome, index]),
    );
    expect(emitted).to.deep.equal([
      ['a', 'A', 0],
      ['b', 'B', 1],
      ['c', 'C', 2],
      ['d', 'D', 3],
      ['e', 'E', 4],
    ]);
    expect(most).to.equal(2);
  });

  it('shows progress on one line of a terminal and writes nothing to a pipe', () => {
    const written: string[] = [];
    const stream = (isTTY: boolean) => ({ isTTY, columns: 30, write: (text: string) => written.push(text) }) as unknown as NodeJS.WriteStream;
    const terminal = progressOn(stream(true));
    terminal.update(1, 3, 'a.pdf');
    terminal.update(2, 3, `${'x'.repeat(40)}.pdf`);
    terminal.clear();
    terminal.clear();
    expect(written).to.deep.equal(['\r\x1b[K[1/3] a.pdf', `\r\x1b[K…${'x'.repeat(24)}.pdf`, '\r\x1b[K']);
    written.length = 0;
    const pipe = progressOn(stream(false));
    pipe.update(1, 3, 'a.pdf');
    pipe.clear();
    expect(written).to.deep.equal([]);
  });

  it('reads only the engine settings, so a wrong server setting does not stop extract', () => {
    const env = { PORT: 'eighty', DOCSIFT_STORAGE_URL: 'ftp://files', DOCSIFT_OCR_WORKERS: '3', DOCSIFT_PLUGINS: './my-plugin.js' };
    expect(() => loadConfig(env)).to.throw(ConfigError);
    expect(loadExtractConfig(env)).to.deep.equal({ plugins: ['./my-plugin.js'], ocrWorkers: 3, maxPages: 500, maxPixels: 100_000_000 });
    expect(loadExtractConfig({}).plugins).to.deep.equal(['@docsift/plugin-sor', '@docsift/plugin-insurance-cert', '@docsift/plugin-template']);
    expect(() => loadExtractConfig({ DOCSIFT_OCR_WORKERS: '0' })).to.throw(ConfigError, /DOCSIFT_OCR_WORKERS/);
  });
});
