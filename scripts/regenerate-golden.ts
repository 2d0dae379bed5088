import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createDocsift } from '@docsift/core';
import { silentLogger } from '@docsift/core/testing';
import { BUNDLED_PLUGINS } from '../host/src/config/config.js';
import { loadPlugins } from '../host/src/plugins/module-loader.js';
import { corpusAvailable, corpusPath } from '../test/support/corpus.js';
import { GOLDEN_DIR, GOLDEN_FILES, GOLDEN_NOW, goldenView } from '../test/support/golden.js';

// `npm run golden`: rewrites test/golden/*.json from the current engine. Review the diff before committing.
if (!corpusAvailable) {
  process.stderr.write('golden: ../shared/corpus is absent; nothing regenerated.\n');
  process.exit(1);
}
mkdirSync(GOLDEN_DIR, { recursive: true });
const docsift = createDocsift({ plugins: await loadPlugins(BUNDLED_PLUGINS), logger: silentLogger });
try {
  for (const { set, file } of GOLDEN_FILES) {
    const result = await docsift.process(new Uint8Array(readFileSync(corpusPath(set, file))), { now: GOLDEN_NOW });
    writeFileSync(path.join(GOLDEN_DIR, `${file}.json`), `${JSON.stringify(goldenView(result), null, 2)}\n`);
    process.stdout.write(`golden: ${file} → ${result.documentType}\n`);
  }
} finally {
  await docsift.close();
}
