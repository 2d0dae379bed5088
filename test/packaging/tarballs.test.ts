import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort, startProcess, stopCli } from '../support/cli-processes.js';
import { makeTextImage, makeTextPdf, paragraph, type TextItem } from '../support/fixtures.js';

/**
 * What an embedder gets from `npm pack`: every workspace package is packed from its built `dist`
 * (`npm ci` builds it at `prepare`), the tarballs are installed into an empty folder with only the
 * npm registry, and there, in child `node` processes, the plugins run the test kit and the engine
 * extracts documents. Install scripts are skipped: they compile isolated-vm and better-sqlite3 from
 * source (a full install with them took 6 to 13 minutes here, against under a minute without),
 * which the repository's own `npm ci` already does with the same pinned versions; the one test that
 * starts the installed server takes better-sqlite3's compiled module from the repository's build.
 */

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const scripts = path.join(root, 'test/packaging/app');
const manifest = (dir: string) => JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
/** The packages of the repository; the dashboard is not a package of its own: its build goes into the host's dist and ships with it. */
const workspaces: string[] = manifest('.').workspaces.filter((dir: string) => dir !== 'dashboard');

interface PackedFile {
  path: string;
}
interface Packed {
  name: string;
  filename: string;
  files: PackedFile[];
}

/** Child processes see neither the repository's npm run context nor the caller's NODE_OPTIONS (e.g. the source condition). */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(([key]) => !/^(npm_package_|npm_lifecycle_|npm_config_local_prefix$|NODE_OPTIONS$)/.test(key));
  return { ...Object.fromEntries(kept), ...extra };
}

async function registryAnswers(): Promise<boolean> {
  try {
    await run('npm', ['ping', '--fetch-retries=0', '--fetch-timeout=10000'], { cwd: os.tmpdir(), env: cleanEnv(), timeout: 20_000 });
    return true;
  } catch {
    return false;
  }
}

/** A one-page FHA 203(k) specification of repairs with a text layer: two sections and a recap. */
function statementOfRepairPdf(): Promise<Uint8Array> {
  const columns = [72, 330, 365, 400, 460, 520];
  const row = (cells: string[], y: number): TextItem[] => cells.map((text, i) => ({ text, x: columns[i]!, y, size: 9 }));
  const label = (text: string, amount: string, y: number): TextItem[] => [
    { text, x: 72, y, size: 9 },
    { text: amount, x: 520, y, size: 9 },
  ];
  return makeTextPdf([
    [
      ...paragraph([
        'SPECIFICATION OF REPAIRS - FHA 203(k)',
        'Borrower: Lena Fischer    Property: 77 Orchard Rd, Troy, NY 12180',
        'Consultant: Arthur Kim    Consultant ID: D4412    Inspection Date: 02/11/2026',
      ]),
      ...row(['Description', 'Qty', 'Unit', 'Material', 'Labor', 'Total'], 150),
      { text: '2.0 Demolition', x: 72, y: 168, size: 9 },
      ...row(['Remove damaged plaster ceilings, dining and hall', '420', 'SF', '84.00', '1,260.00', '1,344.00'], 182),
      { text: '6.0 Plumbing', x: 72, y: 200, size: 9 },
      ...row(['Replace galvanized water supply with PEX', '1', 'LS', '1,900.00', '2,650.00', '4,550.00'], 214),
      ...label('Subtotal (all sections)', '$5,894.00', 238),
      ...label('Overhead & Profit (10.0%)', '$589.40', 252),
      ...label('GRAND TOTAL', '$6,483.40', 266),
    ],
  ]);
}

describe('packaging: npm pack of every workspace package', function () {
  this.timeout(300_000);
  let work: string;
  let tarballs: string;
  let packed: Packed[];

  before(async () => {
    const unbuilt = workspaces.filter((dir) => !existsSync(path.join(root, dir, 'dist/index.js')));
    if (unbuilt.length) throw new Error(`no dist in ${unbuilt.join(', ')}: run \`npm run build\` first`);
    work = mkdtempSync(path.join(os.tmpdir(), 'docsift-packaging-'));
    tarballs = path.join(work, 'tarballs');
    mkdirSync(tarballs);
    const started = Date.now();
    const pack = await run('npm', ['pack', ...workspaces.map((dir) => `--workspace=${dir}`), '--json', '--ignore-scripts', '--pack-destination', tarballs], {
      cwd: root,
      env: cleanEnv(),
      maxBuffer: 64 * 1024 * 1024,
    });
    packed = JSON.parse(pack.stdout);
    process.stdout.write(`  packed ${packed.length} packages in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  });

  after(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('packs every workspace package under the Apache-2.0 license, with its README, LICENSE and run-time data', () => {
    expect(packed.map((entry) => entry.name).sort()).to.deep.equal(workspaces.map((dir) => manifest(dir).name).sort());
    for (const entry of packed) {
      const paths = entry.files.map((file) => file.path);
      expect(paths, entry.name).to.include.members(['package.json', 'README.md', 'LICENSE', 'dist/index.js', 'dist/index.d.ts']);
      expect(paths.filter((file) => file.endsWith('.tsbuildinfo') || file.startsWith('test/')), entry.name).to.deep.equal([]);
    }
    for (const dir of workspaces) expect(manifest(dir).license, dir).to.equal('Apache-2.0');
    const filesOf = (name: string) => packed.find((entry) => entry.name === name)!.files.map((file) => file.path);
    expect(filesOf('@docsift/core')).to.include.members(['NOTICE', 'tessdata/eng_fast/eng.traineddata.gz', 'tessdata/LICENSE-Apache-2.0']);
    expect(filesOf('@docsift/host')).to.include('dist/dashboard/index.html');
    expect(filesOf('@docsift/host').filter((file) => /^dist\/dashboard\/assets\/index-[\w-]+\.js$/.test(file))).to.have.length(1);
    for (const plugin of ['@docsift/plugin-sor', '@docsift/plugin-insurance-cert']) {
      expect(filesOf(plugin), plugin).to.include('model/detector.json');
      expect(filesOf(plugin).filter((file) => /^training\/.+\.txt$/.test(file)).length, plugin).to.be.greaterThan(0);
    }
  });

  it('gives every plugin and example the same peer range on @docsift/core, which the packed core satisfies', () => {
    const ranges = workspaces.filter((dir) => dir !== 'core' && dir !== 'host').map((dir) => manifest(dir).peerDependencies?.['@docsift/core']);
    expect(ranges).to.deep.equal(ranges.map(() => `^${manifest('core').version}`));
  });

  describe('installed into an empty folder from the npm registry alone', () => {
    let app: string;

    const node = async (script: string, args: string[] = []) => {
      const { stdout } = await run(process.execPath, [script, ...args], { cwd: app, env: cleanEnv(), timeout: 120_000, maxBuffer: 16 * 1024 * 1024 });
      return JSON.parse(stdout);
    };

    before(async function () {
      if (!(await registryAnswers())) {
        process.stdout.write('  NOTICE: the npm registry does not answer (`npm ping`); the installed-package tests are skipped.\n');
        this.skip();
      }
      app = path.join(work, 'app');
      mkdirSync(app);
      writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'docsift-embedder', private: true, type: 'module' }));
      const started = Date.now();
      const files = packed.map((entry) => path.join(tarballs, entry.filename));
      await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', '--loglevel=error', ...files], {
        cwd: app,
        env: cleanEnv(),
        timeout: 240_000,
        maxBuffer: 16 * 1024 * 1024,
      });
      process.stdout.write(`  installed them in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
      for (const script of ['conformance.mjs', 'extract.mjs']) copyFileSync(path.join(scripts, script), path.join(app, script));
      writeFileSync(path.join(work, 'statement.pdf'), await statementOfRepairPdf());
      writeFileSync(path.join(work, 'scan.png'), await makeTextImage(paragraph(['Statement of repair', 'Grand total 6,483.40']), { pageSize: [400, 150] }));
    });

    it('installs one copy of each package, from its tarball', () => {
      const lock = JSON.parse(readFileSync(path.join(app, 'package-lock.json'), 'utf8')) as { packages: Record<string, { resolved?: string }> };
      const installed = Object.entries(lock.packages).filter(([location]) => /(^|\/)node_modules\/@docsift\//.test(location));
      expect(installed.map(([location]) => location).sort()).to.deep.equal(packed.map((entry) => `node_modules/${entry.name}`).sort());
      for (const [location, { resolved }] of installed) expect(resolved, location).to.match(/^file:.*\.tgz$/);
    });

    it('runs the test kit on the example plugin and the bundled plugins from the installed packages', async () => {
      const report = await node('conformance.mjs');
      expect(Object.keys(report)).to.deep.equal(['@docsift/example-custom-plugin', '@docsift/plugin-sor', '@docsift/plugin-insurance-cert', '@docsift/plugin-template']);
      for (const [name, { checks, problems }] of Object.entries<{ checks: number; problems: string[] }>(report)) {
        expect(checks, name).to.be.greaterThan(0);
        expect(problems, name).to.deep.equal([]);
      }
    });

    it('extracts a statement of repair and a lien waiver, and reads a scanned page with OCR, through createDocsift', async () => {
      const result = await node('extract.mjs', [path.join(work, 'statement.pdf'), path.join(work, 'scan.png')]);
      expect(result.types).to.include.members(['sor', 'insurance_cert', 'lien_waiver']);
      expect(result.statement.documentType).to.equal('sor');
      expect(result.statement.extractedData.documentMetadata).to.include({ borrowerName: 'Lena Fischer', inspectionDate: '2026-02-11' });
      expect(result.statement.extractedData.recapSummary).to.include({ subtotal: 5894, grandTotal: 6483.4 });
      expect(result.statement.extractedData.constructionSections.map((section: { sectionName: string }) => section.sectionName)).to.deep.equal([
        '2.0 Demolition',
        '6.0 Plumbing',
      ]);
      expect(result.waiver).to.deep.include({ documentType: 'lien_waiver' });
      expect(result.waiver.extractedData).to.include({ claimant: 'Keystone Drywall LLC', paymentAmount: 12480 });
      expect(result.scanWords.map((word: { text: string }) => word.text)).to.include.members(['Statement', 'repair', '6,483.40']);
      expect(result.scanWords.every((word: { source: string }) => word.source === 'ocr')).to.equal(true);
    });

    it('runs the installed docsift command on a file', async () => {
      const { stdout } = await run(path.join(app, 'node_modules/.bin/docsift'), ['extract', path.join(work, 'statement.pdf'), '--json'], {
        cwd: app,
        env: cleanEnv({ LOG_LEVEL: 'silent' }),
        timeout: 120_000,
        maxBuffer: 16 * 1024 * 1024,
      });
      const result = JSON.parse(stdout);
      expect(result.documentType).to.equal('sor');
      expect(result.extractedData.recapSummary).to.include({ grandTotal: 6483.4 });
    });

    it('starts the installed docsift serve, which answers GET / with the dashboard page and the page with its script', async () => {
      const sqlite = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';
      mkdirSync(path.join(app, path.dirname(sqlite)), { recursive: true });
      copyFileSync(path.join(root, sqlite), path.join(app, sqlite));
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const env = cleanEnv({ PORT: String(port), DOCSIFT_DATA_DIR: path.join(work, 'data'), LOG_LEVEL: 'warn' });
      const server = await startProcess(path.join(app, 'node_modules/.bin/docsift'), ['serve'], { cwd: app, env }, 'listening on', 60_000);
      try {
        const page = await fetch(`${base}/`);
        expect(page.status).to.equal(200);
        expect(page.headers.get('content-type')).to.equal('text/html; charset=utf-8');
        const html = await page.text();
        expect(html).to.equal(readFileSync(path.join(app, 'node_modules/@docsift/host/dist/dashboard/index.html'), 'utf8'));
        const script = /<script type="module" crossorigin src="(\/assets\/index-[\w-]+\.js)">/.exec(html)?.[1];
        expect(script, html).to.be.a('string');
        const asset = await fetch(base + script);
        expect(asset.status).to.equal(200);
        expect(asset.headers.get('content-type')).to.equal('text/javascript; charset=utf-8');
        expect(await asset.text()).to.equal(readFileSync(path.join(app, 'node_modules/@docsift/host/dist/dashboard', script!), 'utf8'));
        // A dashboard route the browser reloads gets the page; the API keeps its own answers.
        expect(await (await fetch(`${base}/jobs`)).text()).to.equal(html);
        expect((await fetch(`${base}/api/no-such-route`)).status).to.equal(404);
      } finally {
        await stopCli(server, 'SIGTERM');
      }
    });
  });
});
