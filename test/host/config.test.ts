import { expect } from 'chai';
import { ConfigError, loadConfig, maskConfig } from '../../host/src/config/config.js';

describe('host: config', () => {
  it('has the defaults of CONTRACT §1', () => {
    const config = loadConfig({});
    expect(config.port).to.equal(3000);
    expect(config.host).to.equal('127.0.0.1');
    expect(config.publicUrl).to.equal('http://127.0.0.1:3000');
    expect(config.signup).to.equal('open');
    expect(config.retentionDays).to.equal(30);
    expect(config.database.kind).to.equal('sqlite');
    expect(config.limits.maxFileBytes).to.equal(100 * 1_048_576);
    expect(config.rateLimits).to.include({ perKey: 100, perOrganization: 1000, concurrentPerKey: 10, perAddress: 300 });
    expect(config.webhooks).to.deep.equal({ allowPrivate: false, retryBaseMs: 1000 });
  });

  it('stops on a bad value and names the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).to.throw(ConfigError, /PORT/);
    expect(() => loadConfig({ DOCSIFT_SIGNUP: 'maybe' })).to.throw(ConfigError, /DOCSIFT_SIGNUP/);
    expect(() => loadConfig({ DOCSIFT_DATABASE_URL: 'postgres://x/y' })).to.throw(ConfigError, /DOCSIFT_DATABASE_URL/);
    expect(() => loadConfig({ DOCSIFT_RETENTION_DAYS: '0' })).to.throw(ConfigError, /DOCSIFT_RETENTION_DAYS/);
  });

  it('refuses S3 storage with a clear message for now', () => {
    expect(() => loadConfig({ DOCSIFT_STORAGE_URL: 's3://bucket?endpoint=http://x' })).to.throw(ConfigError, /DOCSIFT_STORAGE_URL.*S3/);
  });

  it('selects MySQL by URL and masks its password when printed', () => {
    const config = loadConfig({ DOCSIFT_DATABASE_URL: 'mysql://root:hunter2@db:3306/docsift', DOCSIFT_AI_MODEL: 'm', DOCSIFT_AI_API_KEY: 'sk-secret' });
    expect(config.database).to.deep.equal({ kind: 'mysql', url: 'mysql://root:hunter2@db:3306/docsift' });
    const printed = JSON.stringify(maskConfig(config));
    expect(printed).not.to.include('hunter2');
    expect(printed).not.to.include('sk-secret');
  });

  it('derives the public URL from HOST and PORT unless given', () => {
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '8080' }).publicUrl).to.equal('http://0.0.0.0:8080');
    expect(loadConfig({ DOCSIFT_PUBLIC_URL: 'https://docs.example.com/' }).publicUrl).to.equal('https://docs.example.com');
  });
});
