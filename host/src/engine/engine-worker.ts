import { createDocsift } from '@docsift/core';
import { insuranceCertPlugin } from '@docsift/plugin-insurance-cert';
import { sorPlugin } from '@docsift/plugin-sor';
import { templatePlugin } from '@docsift/plugin-template';
import { serveEngine } from './engine-worker-runtime.js';

// Worker thread entry: one docsift per thread, with the bundled document-type plugins.
await serveEngine(({ engineOptions }, logger) =>
  createDocsift({
    plugins: [sorPlugin(), insuranceCertPlugin(), templatePlugin()],
    limits: engineOptions.limits,
    ocr: engineOptions.ocr,
    ai: engineOptions.ai,
    logger,
  }),
);
