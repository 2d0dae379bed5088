import { createDocsift } from '@docsift/core';
import { loadPlugins } from '../plugins/module-loader.js';
import { serveEngine } from './engine-worker-runtime.js';

// Worker thread entry: one docsift per thread, with the plugins the host was configured with.
await serveEngine(async ({ plugins, engineOptions }, logger) => {
  const docsift = createDocsift({
    plugins: await loadPlugins(plugins),
    limits: engineOptions.limits,
    ocr: engineOptions.ocr,
    ai: engineOptions.ai,
    logger,
  });
  await docsift.start();
  return docsift;
});
