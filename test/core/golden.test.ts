import { expect } from 'chai';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createDocsift, type Docsift } from '@docsift/core';
import { silentLogger } from '@docsift/core/testing';
import { BUNDLED_PLUGINS } from '../../host/src/config/config.js';
import { loadPlugins } from '../../host/src/plugins/module-loader.js';
import { readCorpusFile, requireCorpus } from '../support/corpus.js';
import { GOLDEN_DIR, GOLDEN_FILES, GOLDEN_NOW, goldenView } from '../support/golden.js';

describe('engine golden outputs (regenerate with `npm run golden`)', function () {
  let docsift: Docsift;

  before(async function () {
    requireCorpus(this);
    docsift = createDocsift({ plugins: await loadPlugins(BUNDLED_PLUGINS), logger: silentLogger });
  });

  after(() => docsift?.close());

  for (const { set, file } of GOLDEN_FILES) {
    it(`${file} gives its pinned output`, async () => {
      const goldenFile = path.join(GOLDEN_DIR, `${file}.json`);
      expect(existsSync(goldenFile), `${goldenFile} is missing: run npm run golden`).to.equal(true);
      const result = await docsift.process(readCorpusFile(set, file), { now: GOLDEN_NOW });
      expect(goldenView(result)).to.deep.equal(JSON.parse(readFileSync(goldenFile, 'utf8')));
    });
  }
});
