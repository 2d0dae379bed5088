// Run by test/packaging/tarballs.test.ts inside a folder where only the packed tarballs are installed:
// an embedder's extraction with the bundled plugins and the example plugin, and an OCR read (core's
// shipped language data). Arguments: a statement-of-repair PDF and a PNG of text.
import { readFile } from 'node:fs/promises';
import { createDocsift } from '@docsift/core';
import { silentLogger } from '@docsift/core/testing';
import { lienWaiverPlugin, makeWaiverPdf } from '@docsift/example-custom-plugin';
import { insuranceCertPlugin } from '@docsift/plugin-insurance-cert';
import { sorPlugin } from '@docsift/plugin-sor';
import { templatePlugin } from '@docsift/plugin-template';

const [statementFile, scanFile] = process.argv.slice(2);
const docsift = createDocsift({ plugins: [sorPlugin(), insuranceCertPlugin(), templatePlugin(), lienWaiverPlugin()], logger: silentLogger });
try {
  const statement = await docsift.process(new Uint8Array(await readFile(statementFile)));
  const waiver = await docsift.process(
    await makeWaiverPdf({
      claimant: 'Keystone Drywall LLC',
      customer: 'Redstone Construction Services',
      jobLocation: '9157 Valley Way, Pittsburgh, PA 15281',
      owner: 'Tariq Peterson',
      throughDate: '04/30/2025',
      amount: '$12,480.00',
    }),
  );
  const scan = await docsift.read(new Uint8Array(await readFile(scanFile)));
  process.stdout.write(
    JSON.stringify({
      types: docsift.entries().map((entry) => entry.typeCode),
      statement: { documentType: statement.documentType, extractedData: statement.extractedData },
      waiver: { documentType: waiver.documentType, extractedData: waiver.extractedData },
      scanWords: scan.pages.flatMap((page) => page.words.map((word) => ({ text: word.text, source: word.source }))),
    }),
  );
} finally {
  await docsift.close();
}
