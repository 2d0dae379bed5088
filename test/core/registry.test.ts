import { expect } from 'chai';
import { z } from 'zod';
import { PluginRegistry, PLUGIN_API_VERSION, validatePlugin, DocsiftError } from '@docsift/core';

function samplePlugin(overrides: Record<string, unknown> = {}) {
  return {
    apiVersion: PLUGIN_API_VERSION,
    kind: 'document-type',
    name: '@example/plugin-waiver',
    version: '1.0.0',
    entry: {
      typeCode: 'lien_waiver',
      displayName: 'Lien waiver',
      description: 'A conditional waiver of lien rights on progress payment.',
      confidenceThreshold: 0.8,
      extractionSupported: true,
      legacyTypeCodes: ['waiver'],
      fields: [],
      keywords: ['waiver'],
      examples: [],
    },
    dataSchema: z.object({}),
    detector: { artifact: null, trainingExamples: async () => [] },
    extractor: { extract: async () => ({ data: {}, fieldDetails: {} }) },
    validators: [],
    ...overrides,
  };
}

describe('core: plugin registry', () => {
  it('accepts a well-formed plugin and resolves its legacy code', () => {
    const registry = new PluginRegistry([samplePlugin()]);
    expect(registry.entries().map((entry) => entry.typeCode)).to.deep.equal(['lien_waiver']);
    expect(registry.plugin('waiver')?.name).to.equal('@example/plugin-waiver');
    expect(registry.canonicalTypeCode('waiver')).to.equal('lien_waiver');
  });

  it('refuses another contract version, naming the plugin, its version and the supported ones', () => {
    expect(() => validatePlugin(samplePlugin({ apiVersion: 99 })))
      .to.throw(DocsiftError)
      .with.property('message')
      .that.matches(/"@example\/plugin-waiver".*version 99.*versions 1 and 2/);
  });

  it('refuses a bad shape and names the field', () => {
    expect(() => validatePlugin(samplePlugin({ extractor: {} }))).to.throw(/extractor\.extract/);
    expect(() => validatePlugin(samplePlugin({ entry: { ...samplePlugin().entry, confidenceThreshold: 2 } }))).to.throw(
      /entry\.confidenceThreshold/,
    );
  });

  it('refuses two plugins for one type and the reserved code unknown', () => {
    expect(() => new PluginRegistry([samplePlugin(), samplePlugin({ name: 'other' })])).to.throw(/already registered/);
    expect(() => new PluginRegistry([samplePlugin({ entry: { ...samplePlugin().entry, typeCode: 'unknown' } })])).to.throw(/reserved/);
  });

  it('is frozen after construction', () => {
    const registry = new PluginRegistry([samplePlugin()]);
    expect(Object.isFrozen(registry)).to.equal(true);
  });
});
