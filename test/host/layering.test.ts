import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The `no-restricted-imports` messages ESLint gives `source` as if it were the file at `file`. */
async function importErrors(eslint: ESLint, file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe("host: the layers import only downward (eslint.config.js, as run by npm run check)", function () {
  this.timeout(30_000);
  const eslint = new ESLint({ cwd: root });

  it('refuses an import from a layer above, type-only ones too', async () => {
    const refused: Array<[string, string]> = [
      ['host/src/services/probe.ts', "import type { WebhookView } from '../http/schemas/webhook.schemas.js';"],
      ['host/src/webhooks/probe.ts', "import { createHostContainer } from '../main/container.js';"],
      ['host/src/services/rate-limit/probe.ts', "import { API_ERRORS } from '../../http/errors.js';"],
      ['host/src/http/routers/probe.ts', "import { startHost } from '../../main/runtime.js';"],
      ['host/src/persistence/probe.ts', "import type { Principal } from '../services/principal.js';"],
      ['host/src/queue/typeorm-backend/probe.ts', "import type { WebhookOutbox } from '../../webhooks/webhook-outbox.service.js';"],
      ['host/src/storage/probe.ts', "export { allRoutes } from '../http/routes.js';"],
      ['host/src/common/probe.ts', "import type { Job } from '../persistence/entities/job.entities.js';"],
      ['host/src/config/probe.ts', "import { loadPlugins } from '../plugins/module-loader.js';"],
      ['core/src/probe.ts', "import { createHost } from '@docsift/host';"],
      ['core/src/pipeline/probe.ts', "import type { Config } from '../../../host/src/config/config.js';"],
      ['plugins/sor/src/probe.ts', "import Koa from 'koa';"],
    ];
    for (const [file, source] of refused) {
      const errors = await importErrors(eslint, file, `${source}\n`);
      expect(errors, `${file}: ${source}`).to.have.length(1);
    }
    const [message] = await importErrors(eslint, 'host/src/services/probe.ts', "import type { RouteCradle } from '../http/route.js';\n");
    expect(message).to.match(/may not import from main, http/);
  });

  it('lets a layer import its own tier and the tiers below', async () => {
    const admitted: Array<[string, string]> = [
      ['host/src/main/probe.ts', "import { createApp } from '../http/app.js';"],
      ['host/src/http/probe.ts', "import type { WebhookService } from '../webhooks/webhook.service.js';"],
      ['host/src/services/probe.ts', "import type { WebhookUrlGuard } from '../webhooks/webhook-url-guard.js';"],
      ['host/src/webhooks/probe.ts', "import { badRequest } from '../services/errors.js';"],
      ['host/src/engine/probe.ts', "import { loadPlugins } from '../plugins/module-loader.js';"],
      ['host/src/queue/probe.ts', "import type { SqlStatement } from '../persistence/sql.js';"],
      ['host/src/persistence/entities/probe.ts', "import type { FileType } from '../../common/upload.js';"],
      ['host/src/storage/probe.ts', "import http from 'node:http';\nimport type { Config } from '../config/config.js';"],
      ['core/src/probe.ts', "import { z } from 'zod';"],
    ];
    for (const [file, source] of admitted) {
      expect(await importErrors(eslint, file, `${source}\n`), `${file}: ${source}`).to.deep.equal([]);
    }
  });
});
