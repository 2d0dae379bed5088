import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import Koa from 'koa';
import pino from 'pino';
import { createHost, loadConfig, startHost, type Host, type HostRuntime } from '@docsift/host';
import { fakeEngine, form, PDF_BYTES, resultOf, waitFor } from './support/fake-engine.js';

type Json = Record<string, any>;
const CERT = { certificateNumber: 'C-1', insuredName: 'Redstone' };

function configFor(dataDir: string) {
  return loadConfig({ DOCSIFT_DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', DOCSIFT_JOB_LOCK_LIFETIME_MS: '4000', DOCSIFT_PLUGINS: '@docsift/plugin-sor,@docsift/plugin-insurance-cert' });
}

/** A company's own Koa application that hands /api/* to docsift and keeps its own routes. */
function companyApp(host: Host): Koa {
  const app = new Koa();
  const docsift = host.app.callback();
  app.use(async (ctx, next) => {
    if (!ctx.path.startsWith('/api/')) return next();
    ctx.respond = false;
    await docsift(ctx.req, ctx.res);
  });
  app.use((ctx) => {
    ctx.body = { company: 'Riverbend', path: ctx.path };
  });
  return app;
}

describe('@docsift/host from code: createHost / startHost', () => {
  let dataDir: string;
  let host: Host;
  let server: Server;
  let baseUrl: string;
  let workers: Host | null = null;
  let api: HostRuntime | null = null;

  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-embedding-'));
    host = await createHost({ config: configFor(dataDir), logger: pino({ level: 'silent' }), enginePool: fakeEngine(() => resultOf('insurance_cert', CERT)) });
    server = companyApp(host).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(async () => {
    await new Promise((resolve) => server.close(resolve));
    await host.stop();
    await workers?.stop();
    await api?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function call(method: string, url: string, init: { token?: string; json?: unknown; body?: FormData } = {}): Promise<Response> {
    return fetch(baseUrl + url, {
      method,
      headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.json ? { 'content-type': 'application/json' } : {}) },
      body: init.json ? JSON.stringify(init.json) : init.body,
    });
  }

  it('mounts the API in the company Koa application, beside its own routes', async () => {
    expect(await (await call('GET', '/company/status')).json()).to.deep.equal({ company: 'Riverbend', path: '/company/status' });
    const signup = (await (await call('POST', '/api/auth/signup', { json: { email: 'ops@example.com', password: 'correct horse battery', organizationName: 'Riverbend' } })).json()) as Json;
    const key = ((await (await call('POST', '/api/api-keys', { token: signup.sessionToken, json: { name: 'embedded' } })).json()) as Json).key as string;
    const types = (await (await call('GET', '/api/documents/types', { token: key })).json()) as Json;
    expect((types.types as Json[]).map((type) => type.typeCode)).to.deep.equal(['sor', 'insurance_cert']);
    expect(host.container.resolve('config')).to.have.property('dataDir', dataDir);
  });

  it('runs the workers alone: a host with workers and no HTTP processes what an API-only host accepted', async () => {
    api = await startHost({ config: configFor(dataDir), logger: pino({ level: 'silent' }), api: true, worker: false });
    const request = (method: string, url: string, token: string | null, json?: unknown, body?: FormData) =>
      fetch(api!.url + url, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(json ? { 'content-type': 'application/json' } : {}) },
        body: json ? JSON.stringify(json) : body,
      });
    const signup = (await (await request('POST', '/api/auth/signup', null, { email: 'w@example.com', password: 'correct horse battery', organizationName: 'W' })).json()) as Json;
    const key = ((await (await request('POST', '/api/api-keys', signup.sessionToken, { name: 'w' })).json()) as Json).key as string;
    const created = (await (await request('POST', '/api/documents/extract', key, undefined, form({ file: { bytes: PDF_BYTES, name: 'c.pdf' } }))).json()) as Json;
    const job = () => request('GET', `/api/documents/extract/${created.jobId}`, key).then((res) => res.json() as Promise<Json>);
    expect((await job()).status).to.equal('pending');

    workers = await createHost({ config: configFor(dataDir), logger: pino({ level: 'silent' }), enginePool: fakeEngine(() => resultOf('insurance_cert', CERT)) });
    await workers.startWorkers();
    const done = await waitFor(job, (record) => record.status === 'completed');
    expect(done).to.include({ status: 'completed', documentType: 'insurance_cert' });
    expect(done.extractedData).to.deep.equal(CERT);
  });
});
