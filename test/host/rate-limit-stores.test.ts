import { expect } from 'chai';
import { loadConfig } from '../../host/src/config/config.js';
import { RateLimitService } from '../../host/src/services/rate-limit.service.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const REDIS_URL = process.env.DOCSIFT_TEST_REDIS_URL;
const MYSQL_URL = process.env.DOCSIFT_TEST_MYSQL_URL;

/** Two services over one store stand for two processes: each has its own connection. */
async function sharedCounting(env: Record<string, string>): Promise<boolean[]> {
  const config = loadConfig({ DOCSIFT_RATE_LIMIT_PER_KEY: '3', LOG_LEVEL: 'silent', ...env });
  const a = new RateLimitService({ config });
  const b = new RateLimitService({ config });
  await new Promise((resolve) => setTimeout(resolve, 300));
  const subject = { kind: 'apiKey' as const, apiKeyId: `k-${process.pid}-${Date.now()}`, organizationId: `o-${Date.now()}` };
  const allowed: boolean[] = [];
  for (const service of [a, b, a, b]) {
    const outcome = await service.consume(subject);
    allowed.push(outcome.allowed);
    if (outcome.allowed) await outcome.release();
  }
  await a.close();
  await b.close();
  return allowed;
}

describe('host: rate-limit stores shared across processes', () => {

  it('SQLite file in the data directory', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-rl-'));
    try {
      expect(await sharedCounting({ DOCSIFT_DATA_DIR: dir })).to.deep.equal([true, true, true, false]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('MySQL/MariaDB (DOCSIFT_TEST_MYSQL_URL)', async function () {
    if (!MYSQL_URL) {
      process.stderr.write('notice: DOCSIFT_TEST_MYSQL_URL is not set; MySQL rate-limit store test skipped\n');
      this.skip();
    }
    expect(await sharedCounting({ DOCSIFT_DATABASE_URL: MYSQL_URL! })).to.deep.equal([true, true, true, false]);
  });

  it('Redis (DOCSIFT_TEST_REDIS_URL as DOCSIFT_RATE_LIMIT_URL)', async function () {
    if (!REDIS_URL) {
      process.stderr.write('notice: DOCSIFT_TEST_REDIS_URL is not set; Redis rate-limit store test skipped\n');
      this.skip();
    }
    expect(await sharedCounting({ DOCSIFT_RATE_LIMIT_URL: REDIS_URL! })).to.deep.equal([true, true, true, false]);
  });
});
