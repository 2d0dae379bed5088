import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { API_ERRORS } from '../../host/src/http/errors.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('docs/errors.md', () => {
  const catalogue = fs.readFileSync(path.join(root, 'docs/errors.md'), 'utf8');
  const rows = new Map(
    [...catalogue.matchAll(/^\| `([a-z_]+)` \| (\d{3}) \| `([A-Z_]+)` \((\d{3})\) \|/gm)].map((m) => [m[1], { status: Number(m[2]), legacy: m[3], legacyStatus: Number(m[4]) }]),
  );

  for (const [code, spec] of Object.entries(API_ERRORS)) {
    it(`documents "${code}" with its statuses and legacy code`, () => {
      expect(rows.get(code), `docs/errors.md has no row for ${code}`).to.deep.equal({ status: spec.status, legacy: spec.legacy, legacyStatus: spec.legacyStatus });
    });
  }

  it('documents no code the host cannot emit', () => {
    expect([...rows.keys()].filter((code) => !(code in API_ERRORS))).to.deep.equal([]);
  });

  it('every code the host sources construct is in the catalogue', () => {
    const sources = fs.readdirSync(path.join(root, 'host/src'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    const used = new Set<string>();
    for (const file of sources) {
      const text = fs.readFileSync(path.join(root, 'host/src', file), 'utf8');
      for (const m of text.matchAll(/new ApiError\(\s*'([a-z_]+)'/g)) used.add(m[1]);
    }
    expect(used.size).to.be.greaterThan(5);
    for (const code of used) expect(rows.has(code), code).to.equal(true);
  });
});
