import { expect } from 'chai';
import { createDocsift, DocsiftError, PLUGIN_API_VERSION, type TemplateExtractorPlugin } from '@docsift/core';
import { silentLogger } from '@docsift/core/testing';
import { documentFromText } from '../../core/src/testing/document-from-text.js';

function templatePlugin(name: string, log: string[], hooks: { failInit?: boolean } = {}): TemplateExtractorPlugin {
  return {
    apiVersion: PLUGIN_API_VERSION,
    kind: 'template-extractor',
    name,
    version: '1.0.0',
    extractor: { extract: async () => ({ data: {}, fieldDetails: {} }) },
    init: async ({ logger }) => {
      log.push(`init ${name} ${typeof logger.info}`);
      if (hooks.failInit) throw new Error('licence server unreachable');
    },
    close: () => {
      log.push(`close ${name}`);
    },
  };
}

describe('core: plugin init and close hooks', () => {
  it('runs init once, in order, before the first document, and close in reverse order', async () => {
    const log: string[] = [];
    const docsift = createDocsift({ plugins: [templatePlugin('first', log)], logger: silentLogger });
    expect(log).to.deep.equal([]);
    await docsift.classify(documentFromText('Dear neighbour'));
    await docsift.start();
    expect(log).to.deep.equal(['init first function']);
    await docsift.close();
    expect(log).to.deep.equal(['init first function', 'close first']);
  });

  it('refuses to start when an init hook fails, naming the plugin, and does not close a plugin that never started', async () => {
    const log: string[] = [];
    const docsift = createDocsift({ plugins: [templatePlugin('broken', log, { failInit: true })], logger: silentLogger });
    const error = await docsift.start().then(() => null, (caught: unknown) => caught);
    expect(error).to.be.instanceOf(DocsiftError).with.property('message', 'Plugin "broken" could not start: licence server unreachable');
    await docsift.close();
    expect(log).to.deep.equal(['init broken function']);
  });
});
