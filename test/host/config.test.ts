import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { ConfigError, loadConfig, maskConfig } from '../../host/src/config/config.js';

describe('host: config', () => {
  it('has the documented defaults (docs/operations.md)', () => {
    const config = loadConfig({});
    expect(config.port).to.equal(3000);
    expect(config.host).to.equal('127.0.0.1');
    expect(config.publicUrl).to.equal('http://127.0.0.1:3000');
    expect(config.signup).to.equal('open');
    expect(config.retentionDays).to.equal(30);
    expect(config.database.kind).to.equal('sqlite');
    expect(config.limits.maxFileBytes).to.equal(100 * 1_048_576);
    expect(config.rateLimits).to.include({ perKey: 100, perOrganization: 1000, concurrentPerKey: 10, perAddress: 300 });
    expect(config.webhooks).to.deep.equal({ allowPrivate: false, retryBaseMs: 1000, secretKey: null, concurrency: 16 });
  });

  it('has the documented shutdown grace and worker concurrency defaults, and names a bad value', () => {
    const config = loadConfig({});
    expect(config.shutdownGraceMs).to.equal(10_000);
    expect(config.jobs.concurrency).to.equal(2);
    expect(loadConfig({ DOCSIFT_SHUTDOWN_GRACE_MS: '0', DOCSIFT_WEBHOOK_CONCURRENCY: '4' })).to.deep.include({ shutdownGraceMs: 0, webhooks: { ...config.webhooks, concurrency: 4 } });
    expect(() => loadConfig({ DOCSIFT_SHUTDOWN_GRACE_MS: '-1' })).to.throw(ConfigError, /DOCSIFT_SHUTDOWN_GRACE_MS/);
    expect(() => loadConfig({ DOCSIFT_WEBHOOK_CONCURRENCY: '0' })).to.throw(ConfigError, /DOCSIFT_WEBHOOK_CONCURRENCY/);
  });

  it('has the documented job deadline, engine thread, per-organization and quota defaults, and refuses a base past the ceiling', () => {
    const config = loadConfig({});
    expect(config.jobs.deadline).to.deep.equal({ baseMs: 120_000, perPageMs: 10_000, maxMs: 900_000 });
    expect(config.jobs.concurrencyPerOrganization).to.equal(1);
    expect(config.engine).to.include({ stopGraceMs: 5000, maxHeapMb: 1024 });
    expect(config.limits.storageQuotaBytes).to.equal(0);
    expect(loadConfig({ DOCSIFT_STORAGE_QUOTA_MB: '5', DOCSIFT_JOB_CONCURRENCY_PER_ORG: '0' })).to.deep.include({ limits: { ...config.limits, storageQuotaBytes: 5 * 1_048_576 } });
    expect(() => loadConfig({ DOCSIFT_JOB_DEADLINE_BASE_MS: '60000', DOCSIFT_JOB_DEADLINE_MAX_MS: '30000' })).to.throw(ConfigError, /DOCSIFT_JOB_DEADLINE_BASE_MS/);
    expect(() => loadConfig({ DOCSIFT_ENGINE_MAX_HEAP_MB: '8' })).to.throw(ConfigError, /DOCSIFT_ENGINE_MAX_HEAP_MB/);
  });

  it('stops on a bad value and names the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).to.throw(ConfigError, /PORT/);
    expect(() => loadConfig({ DOCSIFT_SIGNUP: 'maybe' })).to.throw(ConfigError, /DOCSIFT_SIGNUP/);
    expect(() => loadConfig({ DOCSIFT_DATABASE_URL: 'postgres://x/y' })).to.throw(ConfigError, /DOCSIFT_DATABASE_URL/);
    expect(() => loadConfig({ DOCSIFT_RETENTION_DAYS: '0' })).to.throw(ConfigError, /DOCSIFT_RETENTION_DAYS/);
  });

  it('selects MySQL by URL and masks its password when printed', () => {
    const config = loadConfig({ DOCSIFT_DATABASE_URL: 'mysql://root:hunter2@db:3306/docsift', DOCSIFT_AI_MODEL: 'm', DOCSIFT_AI_API_KEY: 'sk-secret' });
    expect(config.database).to.deep.equal({ kind: 'mysql', url: 'mysql://root:hunter2@db:3306/docsift' });
    const printed = JSON.stringify(maskConfig(config));
    expect(printed).not.to.include('hunter2');
    expect(printed).not.to.include('sk-secret');
  });

  it('reads the AI model with its request defaults, and refuses a model that could not be called', () => {
    expect(loadConfig({}).ai).to.equal(null);
    expect(loadConfig({ DOCSIFT_AI_MODEL: 'gpt-4o-mini', DOCSIFT_AI_API_KEY: 'sk-x' }).ai).to.deep.equal({
      baseUrl: undefined,
      apiKey: 'sk-x',
      model: 'gpt-4o-mini',
      timeoutMs: 60_000,
      maxRetries: 2,
    });
    expect(loadConfig({ DOCSIFT_AI_MODEL: 'llama3', DOCSIFT_AI_BASE_URL: 'http://127.0.0.1:11434/v1', DOCSIFT_AI_TIMEOUT_MS: '5000', DOCSIFT_AI_MAX_RETRIES: '0' }).ai).to.include({
      timeoutMs: 5000,
      maxRetries: 0,
    });
    expect(() => loadConfig({ DOCSIFT_AI_MODEL: 'gpt-4o-mini' })).to.throw(ConfigError, /DOCSIFT_AI_MODEL: needs DOCSIFT_AI_API_KEY, or DOCSIFT_AI_BASE_URL/);
    expect(() => loadConfig({ DOCSIFT_AI_BASE_URL: 'http://127.0.0.1:11434/v1' })).to.throw(ConfigError, /DOCSIFT_AI_MODEL: required/);
    expect(() => loadConfig({ DOCSIFT_AI_MODEL: 'm', DOCSIFT_AI_API_KEY: 'k', DOCSIFT_AI_MAX_RETRIES: '11' })).to.throw(ConfigError, /DOCSIFT_AI_MAX_RETRIES/);
  });

  describe('DOCSIFT_WEBHOOK_SECRET_KEY', () => {
    const key = randomBytes(32);

    it('takes 32 bytes as base64 (with or without padding, or URL-safe) or hex, the same key whichever the form', () => {
      for (const value of [key.toString('base64'), key.toString('base64').replace(/=$/, ''), key.toString('base64url'), key.toString('hex'), key.toString('hex').toUpperCase(), ` ${key.toString('hex')}\n`]) {
        expect(loadConfig({ DOCSIFT_WEBHOOK_SECRET_KEY: value }).webhooks.secretKey, value).to.equal(key.toString('base64'));
      }
      expect(loadConfig({ DOCSIFT_WEBHOOK_SECRET_KEY: '' }).webhooks.secretKey).to.equal(null);
    });

    it('stops start-up on anything else, naming the variable and never repeating the value', () => {
      const bad = ['hunter2', randomBytes(31).toString('base64'), randomBytes(33).toString('base64'), randomBytes(16).toString('hex'), `${key.toString('hex')}zz`, 'x'.repeat(44)];
      for (const value of bad) {
        let error: Error | undefined;
        try {
          loadConfig({ DOCSIFT_WEBHOOK_SECRET_KEY: value });
        } catch (caught) {
          error = caught as Error;
        }
        expect(error, value).to.be.instanceOf(ConfigError);
        expect(error!.message).to.match(/DOCSIFT_WEBHOOK_SECRET_KEY: must be 32 bytes/);
        expect(error!.message).not.to.include(value);
      }
    });

    it('is masked when the configuration is printed', () => {
      const config = loadConfig({ DOCSIFT_WEBHOOK_SECRET_KEY: key.toString('hex') });
      const printed = JSON.stringify(maskConfig(config));
      expect(printed).not.to.include(key.toString('hex'));
      expect(printed).not.to.include(key.toString('base64'));
      expect(maskConfig(config).webhooks.secretKey).to.equal('••••');
      expect(maskConfig(loadConfig({})).webhooks.secretKey).to.equal(null);
    });
  });

  it('derives the public URL from HOST and PORT unless given', () => {
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '8080' }).publicUrl).to.equal('http://0.0.0.0:8080');
    expect(loadConfig({ DOCSIFT_PUBLIC_URL: 'https://docs.example.com/' }).publicUrl).to.equal('https://docs.example.com');
  });

  it('reads the plugin, mapper and transport modules: the three bundled plugins by default, lists trimmed, a repeat refused', () => {
    const defaults = loadConfig({});
    expect(defaults.plugins).to.deep.equal(['@docsift/plugin-sor', '@docsift/plugin-insurance-cert', '@docsift/plugin-template']);
    expect(defaults.mappers).to.deep.equal([]);
    expect(defaults.webhookTransport).to.equal(null);
    const custom = loadConfig({ DOCSIFT_PLUGINS: ' @docsift/plugin-sor , ./plugins/permit.js,', DOCSIFT_MAPPERS: 'loan-mapper#mapper', DOCSIFT_WEBHOOK_TRANSPORT: ' queue-transport ' });
    expect(custom.plugins).to.deep.equal(['@docsift/plugin-sor', './plugins/permit.js']);
    expect(custom.mappers).to.deep.equal(['loan-mapper#mapper']);
    expect(custom.webhookTransport).to.equal('queue-transport');
    expect(() => loadConfig({ DOCSIFT_PLUGINS: 'a,b,a' })).to.throw(ConfigError, 'DOCSIFT_PLUGINS: a module is listed twice');
  });
});
