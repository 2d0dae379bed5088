import { createDocsift } from '@docsift/core';
import { insuranceCertPlugin } from '@docsift/plugin-insurance-cert';
import { sorPlugin } from '@docsift/plugin-sor';
import { lienWaiverPlugin } from './lien-waiver.plugin.js';
import { makeWaiverPdf } from './make-waiver.js';

// Run with `npm run demo -w examples/custom-plugin`: makes a waiver and extracts it next to the bundled types.
const docsift = createDocsift({ plugins: [sorPlugin(), insuranceCertPlugin(), lienWaiverPlugin()] });
try {
  const pdf = await makeWaiverPdf({
    claimant: 'Keystone Drywall LLC',
    customer: 'Redstone Construction Services',
    jobLocation: '9157 Valley Way, Pittsburgh, PA 15281',
    owner: 'Tariq Peterson',
    throughDate: '04/30/2025',
    amount: '$12,480.00',
  });
  const result = await docsift.process(pdf);
  console.log(JSON.stringify({ documentType: result.documentType, confidence: result.classificationConfidence, data: result.extractedData }, null, 2));
} finally {
  await docsift.close();
}
