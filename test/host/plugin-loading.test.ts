import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect } from 'chai';
import pino from 'pino';
import { BUNDLED_PLUGINS, ConfigError, loadConfig } from '../../host/src/config/config.js';
import { startHost } from '../../host/src/main/runtime.js';
import { makeTextPdf, paragraph } from '../support/fixtures.js';
import { bearer, createKey, signup, startHarness, type Harness } from './support/harness.js';
import { form, waitFor } from './support/fake-engine.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

/** A document-type plugin package as a contributor publishes it: plain JavaScript, its own package.json, importing @docsift/core. */
function petLicensePluginSource(hookLog: string): string {
  return `import { threadId } from 'node:worker_threads';
import { appendFileSync } from 'node:fs';
import { definePlugin, PLUGIN_API_VERSION, z } from '@docsift/core';

const LABELS = { licenseNumber: 'license number', ownerName: 'owner name', animal: 'animal' };
const EXAMPLE = 'CITY OF RIVERBEND PET LICENSE Dog license tag rabies vaccination License Number Owner Name Animal Breed Expires';

function valueAfter(text, label) {
  return text.toLowerCase().startsWith(label) ? text.slice(label.length).replace(/^[\\s:]+/, '').trim() || null : null;
}

export default function petLicensePlugin() {
  return definePlugin({
    apiVersion: PLUGIN_API_VERSION,
    kind: 'document-type',
    name: 'docsift-plugin-pet-license',
    version: '1.0.0',
    entry: {
      typeCode: 'pet_license',
      displayName: 'Pet license',
      description: 'A city pet license: dog or cat license tag with the license number, the owner name and the animal, after rabies vaccination.',
      confidenceThreshold: 0.5,
      extractionSupported: true,
      legacyTypeCodes: [],
      fields: [
        { name: 'licenseNumber', type: 'string', description: 'License number' },
        { name: 'ownerName', type: 'string', description: 'Owner name' },
        { name: 'animal', type: 'string', description: 'Animal' },
      ],
      keywords: ['pet license', 'dog license', 'license tag', 'rabies vaccination', 'owner name', 'animal', 'breed'],
      examples: [EXAMPLE],
    },
    dataSchema: z.object({ licenseNumber: z.string().nullable(), ownerName: z.string().nullable(), animal: z.string().nullable() }),
    detector: { artifact: null, trainingExamples: async () => [{ id: 'pet-1', text: EXAMPLE }] },
    extractor: {
      async extract(document) {
        const data = { licenseNumber: null, ownerName: null, animal: null };
        const fieldDetails = {};
        for (const page of document.pages) {
          for (const line of page.lines) {
            for (const [field, label] of Object.entries(LABELS)) {
              const value = data[field] === null ? valueAfter(line.text.trim(), label) : null;
              if (value === null) continue;
              data[field] = value;
              fieldDetails[field] = { confidence: 0.9, page: page.number, bbox: line.bbox, source: 'text' };
            }
          }
        }
        return { data, fieldDetails };
      },
    },
    validators: [],
    init() {
      appendFileSync(${JSON.stringify(hookLog)}, 'init ' + threadId + '\\n');
    },
    close() {
      appendFileSync(${JSON.stringify(hookLog)}, 'close ' + threadId + '\\n');
    },
  });
}
`;
}

/**
 * Writes the package in a temporary folder outside the repository and installs it by path the way
 * `npm install <folder>` does: a link in the node_modules the host resolves from. Its own
 * node_modules links @docsift/core, as a peer dependency installed beside it would.
 */
function installPluginPackage(workDir: string, name: string, hookLog: string): { packageDir: string; link: string } {
  const packageDir = path.join(workDir, 'pet-license-plugin');
  fs.mkdirSync(path.join(packageDir, 'node_modules', '@docsift'), { recursive: true });
  fs.writeFileSync(
    path.join(packageDir, 'package.json'),
    JSON.stringify({ name, version: '1.0.0', type: 'module', exports: './index.js', peerDependencies: { '@docsift/core': '^0.1.0' } }),
  );
  fs.writeFileSync(path.join(packageDir, 'index.js'), petLicensePluginSource(hookLog));
  fs.symlinkSync(path.join(root, 'core'), path.join(packageDir, 'node_modules', '@docsift', 'core'), 'dir');
  const link = path.join(root, 'node_modules', name);
  fs.symlinkSync(packageDir, link, 'dir');
  return { packageDir, link };
}

const LICENSE_LINES = [
  'CITY OF RIVERBEND PET LICENSE',
  'Dog license tag - rabies vaccination on file',
  'License Number: PL-20931',
  'Owner Name: Maria Lopez',
  'Animal: Dog (Beagle)',
  'Breed: Beagle   Expires: 12/31/2027',
];

type Json = Record<string, any>;

describe('host: plugins loaded by name (DOCSIFT_PLUGINS)', function () {
  this.timeout(120_000);
  const packageName = `docsift-plugin-pet-license-${process.pid}`;
  let workDir: string;
  let hookLog: string;
  let link: string;

  before(() => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-plugin-package-'));
    hookLog = path.join(workDir, 'hooks.log');
    ({ link } = installPluginPackage(workDir, packageName, hookLog));
  });

  after(() => {
    fs.rmSync(link, { force: true });
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  const typeCodes = async (h: Harness, key: string): Promise<string[]> => {
    const body = (await (await h.request('GET', '/api/documents/types', { headers: bearer(key) })).json()) as Json;
    return (body.types as Json[]).map((type) => type.typeCode);
  };

  describe('a plugin package installed outside the repository', () => {
    let h: Harness;
    let key: string;

    before(async () => {
      h = await startHarness({ DOCSIFT_PLUGINS: [...BUNDLED_PLUGINS, packageName].join(',') }, { worker: true, enginePool: 'threads' });
      key = await createKey(h, await signup(h));
    });
    after(async () => h?.close());

    it('is listed in GET /api/documents/types beside the bundled types', async () => {
      expect(await typeCodes(h, key)).to.include.members(['sor', 'insurance_cert', 'pet_license']);
    });

    it('classifies and extracts its documents over HTTP, through the engine threads', async () => {
      const pdf = await makeTextPdf([paragraph(LICENSE_LINES)]);
      const created = await h.request('POST', '/api/documents/extract', { body: form({ file: { bytes: pdf, name: 'license.pdf' } }), headers: bearer(key) });
      expect(created.status).to.equal(202);
      const { jobId } = (await created.json()) as { jobId: string };
      const job = await waitFor(
        async () => (await (await h.request('GET', `/api/documents/extract/${jobId}`, { headers: bearer(key) })).json()) as Json,
        (record) => record.status === 'completed' || record.status === 'failed',
        90_000,
      );
      expect(job.status, JSON.stringify(job.error ?? null)).to.equal('completed');
      expect(job.documentType).to.equal('pet_license');
      expect(job.extractedData).to.deep.equal({ licenseNumber: 'PL-20931', ownerName: 'Maria Lopez', animal: 'Dog (Beagle)' });
      expect(job.fieldDetails.licenseNumber).to.include({ page: 1, source: 'text' });
    });

    it('ran its init hook in the API process and in the engine thread that took the document', () => {
      const lines = fs.readFileSync(hookLog, 'utf8').trim().split('\n');
      expect(lines).to.include('init 0');
      expect(lines.some((line) => /^init [1-9]\d*$/.test(line))).to.equal(true);
    });
  });

  describe('after that host stopped', () => {
    it('ran the close hooks, and the type is gone from the list once removed from DOCSIFT_PLUGINS', async () => {
      expect(fs.readFileSync(hookLog, 'utf8')).to.match(/^close 0$/m);
      const h = await startHarness({ DOCSIFT_PLUGINS: BUNDLED_PLUGINS.join(',') });
      try {
        const key = await createKey(h, await signup(h));
        const codes = await typeCodes(h, key);
        expect(codes).to.include.members(['sor', 'insurance_cert']);
        expect(codes).not.to.include('pet_license');
      } finally {
        await h.close();
      }
    });
  });

  describe('a plugin that cannot be used stops start-up with a message naming it', () => {
    const start = (plugins: string) =>
      startHost({
        config: loadConfig({ DOCSIFT_DATA_DIR: path.join(workDir, 'data'), PORT: '0', LOG_LEVEL: 'silent', DOCSIFT_PLUGINS: plugins }),
        logger: pino({ level: 'silent' }),
        api: true,
        worker: false,
      });

    const writeModule = (file: string, source: string): string => {
      fs.writeFileSync(path.join(workDir, file), source);
      return path.join(workDir, file);
    };

    it('a plugin failing its contract check', async () => {
      const file = writeModule('broken.mjs', "export default () => ({ apiVersion: 2, kind: 'document-type', name: 'broken-plugin', version: '1.0.0' });\n");
      const error = await start(`@docsift/plugin-sor,${file}`).then(() => null, (caught: unknown) => caught);
      expect(error).to.be.instanceOf(ConfigError);
      expect((error as Error).message).to.match(new RegExp(`^DOCSIFT_PLUGINS: "${file}" is not a usable plugin: Plugin "broken-plugin" is not a valid document-type plugin: entry`));
    });

    it('a specifier that cannot be imported, an export that is not a factory, and a factory that throws', async () => {
      const cases: Array<[string, RegExp]> = [
        ['docsift-plugin-nowhere', /^DOCSIFT_PLUGINS: "docsift-plugin-nowhere" cannot be found \(install the package beside @docsift\/host/],
        [writeModule('missing-dependency.mjs', "import 'docsift-helper-nowhere';\nexport default () => null;\n"), /cannot be imported: Cannot find package 'docsift-helper-nowhere'/],
        [writeModule('object.mjs', 'export default { kind: "document-type" };\n'), /has no factory function as a default export/],
        [`${writeModule('named.mjs', 'export class Plugin {}\n')}#Plugin`, /exports a class as an export named "Plugin"; export a factory function/],
        [writeModule('throws.mjs', 'export default () => { throw new Error("no licence key"); };\n'), /the factory of ".*throws\.mjs" failed: no licence key$/],
      ];
      for (const [specifier, message] of cases) {
        const error = await start(specifier).then(() => null, (caught: unknown) => caught);
        expect(error, specifier).to.be.instanceOf(ConfigError);
        expect((error as Error).message, specifier).to.match(message);
      }
    });

    it('a plugin whose init hook fails (what start-up opened is released: the same data folder starts again)', async () => {
      const file = writeModule(
        'init-fails.mjs',
        `export default () => ({
  apiVersion: 2, kind: 'template-extractor', name: 'licensed-templates', version: '1.0.0',
  extractor: { extract: async () => ({ data: {}, fieldDetails: {} }) },
  init() { throw new Error('licence server unreachable'); },
});
`,
      );
      const error = await start(file).then(() => null, (caught: unknown) => caught);
      expect((error as Error).message).to.equal('Plugin "licensed-templates" could not start: licence server unreachable');
      const reused = await start(BUNDLED_PLUGINS.join(','));
      await reused.stop();
    });

    it('as one line on stderr from `docsift serve`, exit code 1, no stack trace', async () => {
      const file = writeModule('broken-cli.mjs', "export default () => ({ apiVersion: 9, kind: 'document-type', name: 'future-plugin' });\n");
      const failed = await run(process.execPath, ['--conditions=docsift-source', '--import', 'tsx', path.join(root, 'host/src/main/cli.ts'), 'serve'], {
        cwd: root,
        env: { ...process.env, DOCSIFT_DATA_DIR: path.join(workDir, 'cli-data'), PORT: '0', LOG_LEVEL: 'silent', DOCSIFT_PLUGINS: file },
      }).then(
        () => null,
        (caught: { code: number; stderr: string }) => caught,
      );
      expect(failed?.code).to.equal(1);
      expect(failed?.stderr).to.equal(
        `docsift: DOCSIFT_PLUGINS: "${file}" is not a usable plugin: Plugin "future-plugin" declares plugin API version 9; this core supports versions 1 and 2.\n`,
      );
    });
  });
});
