import { expect } from 'chai';
import { z } from 'zod';
import { PLUGIN_API_VERSION } from '@docsift/core';
import { conformanceChecks, documentFromText, readPath } from '@docsift/core/testing';

function plugin(overrides: Record<string, unknown> = {}) {
  return {
    apiVersion: PLUGIN_API_VERSION,
    kind: 'document-type',
    name: 'kit-sample',
    version: '1.0.0',
    entry: {
      typeCode: 'kit_sample',
      displayName: 'Kit sample',
      description: 'A document with a reference number.',
      confidenceThreshold: 0.5,
      extractionSupported: true,
      legacyTypeCodes: [],
      fields: [],
      keywords: ['reference'],
      examples: [],
    },
    dataSchema: z.object({ reference: z.string().nullable() }),
    detector: { artifact: null, trainingExamples: async () => [{ id: 'one', text: 'Reference 42' }] },
    extractor: {
      extract: async (document: { pages: Array<{ words: Array<{ text: string; bbox: [number, number, number, number] }> }> }) => {
        const word = document.pages.flatMap((page) => page.words).find((candidate) => /^\d+$/.test(candidate.text));
        return {
          data: { reference: word?.text ?? null },
          fieldDetails: word ? { reference: { confidence: 1, page: 1, bbox: word.bbox, source: 'text' } } : {},
        };
      },
    },
    validators: [() => []],
    ...overrides,
  };
}

async function problemsOf(candidate: unknown, samples = [{ name: 'a sample', document: documentFromText('Reference 42') }]) {
  const results = await Promise.all(conformanceChecks(candidate, { samples }).map(async (check) => [check.name, await check.run()] as const));
  return results.filter(([, problems]) => problems.length > 0);
}

describe('core: plugin test kit', () => {
  it('passes a conforming plugin on every check', async () => {
    expect(await problemsOf(plugin())).to.deep.equal([]);
  });

  it('reports output that breaks the data schema', async () => {
    const bad = plugin({ extractor: { extract: async () => ({ data: { reference: 42 }, fieldDetails: {} }) } });
    const failing = await problemsOf(bad);
    expect(failing.map(([, problems]) => problems.join()).join()).to.match(/data\.reference/);
  });

  it('reports fieldDetails that point at no value and malformed findings', async () => {
    const bad = plugin({
      extractor: {
        extract: async () => ({ data: { reference: null }, fieldDetails: { missing: { confidence: 2, page: 0, bbox: null, source: 'guess' } } }),
      },
      validators: [() => [{ severity: 'fatal', code: 'Bad Code', message: '' }]],
    });
    const text = (await problemsOf(bad)).flatMap(([, problems]) => problems).join('\n');
    expect(text).to.match(/names no value/).and.match(/confidence is not in/).and.match(/source is guess/).and.match(/malformed finding/);
  });

  it('reports an extractor that mutates its input', async () => {
    const mutating = plugin({
      extractor: {
        extract: async (document: { pages: unknown[] }) => {
          document.pages.length = 0;
          return { data: { reference: null }, fieldDetails: {} };
        },
      },
    });
    const text = (await problemsOf(mutating)).flatMap(([, problems]) => problems).join('\n');
    expect(text).to.match(/changed the document/);
  });

  it('documentFromText lays words out in a grid and splits rows at wide gaps', () => {
    const document = documentFromText('Name:  Ada        Phone: 555-0100');
    const page = document.pages[0];
    expect(page.words.map((word) => word.text)).to.deep.equal(['Name:', 'Ada', 'Phone:', '555-0100']);
    expect(page.lines.map((line) => line.text)).to.deep.equal(['Name:  Ada'.replace(/\s+/g, ' '), 'Phone: 555-0100']);
    expect(page.words[1].bbox[0]).to.be.closeTo(0.07, 1e-9);
  });

  it('readPath follows dotted and indexed paths', () => {
    expect(readPath({ a: [{ b: 3 }] }, 'a[0].b')).to.equal(3);
    expect(readPath({ a: [] }, 'a[1].b')).to.equal(undefined);
  });
});
