import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const VERSION = 'v1';
export const SECRET_KEY_FILE = 'webhook-secrets.key';

/**
 * Seals webhook secrets at rest with AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>` in base64url.
 * The key is DOCSIFT_WEBHOOK_SECRET_KEY, or else 32 random bytes in `<data dir>/webhook-secrets.key`
 * (mode 0600), created on first use (written aside, then linked into place, so two processes
 * starting at once agree on one key).
 */
export class SecretBox {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== KEY_BYTES) throw new Error(`the webhook secret key must be ${KEY_BYTES} bytes`);
    this.#key = key;
  }

  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), sealed].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  }

  /** A key of its own for another use of the server's secret (HKDF-SHA256 with `purpose` as info): signing split PDF links. */
  deriveKey(purpose: string): Buffer {
    return Buffer.from(hkdfSync('sha256', this.#key, Buffer.alloc(0), purpose, KEY_BYTES));
  }

  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('not a sealed webhook secret');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }
}

/**
 * The key of DOCSIFT_WEBHOOK_SECRET_KEY (base64) when set: processes on different machines that
 * share one database share it that way. Otherwise the key file of the data directory, created
 * when absent.
 */
export function loadSecretBox(dataDir: string, key: string | null): SecretBox {
  return new SecretBox(key ? Buffer.from(key, 'base64') : readOrCreateKeyFile(dataDir));
}

function readOrCreateKeyFile(dataDir: string): Buffer {
  const file = path.join(dataDir, SECRET_KEY_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(draft, randomBytes(KEY_BYTES).toString('base64'), { mode: 0o600 });
    try {
      fs.linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
}

const MASK = '••••';
/** The shortest secret whose last 4 characters are shown: they are then at most a quarter of it, and 12 or more stay hidden. */
const SHOW_TAIL_FROM = 16;

/** What every response shows of a secret: `••••` and its last 4 characters, or only `••••` for one shorter than 16. */
export function maskSecret(secret: string): string {
  return secret.length >= SHOW_TAIL_FROM ? `${MASK}${secret.slice(-4)}` : MASK;
}
