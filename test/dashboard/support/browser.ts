import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import sharp from 'sharp';

/** A TCP port free right now, so that the host's public URL (the origin its CSRF check compares) can name it before it listens. */
export { freePort } from '../../support/cli-processes.js';

/** Debian's Chromium: the browser tests use the browser people run, never a downloaded one. */
export const CHROMIUM = '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-quic',
  '--disable-sync',
];

export const REPO_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const SCREENSHOT_DIR = path.join(REPO_DIR, 'docs', 'screenshots');

let noticeShown = false;

/** Call in a `before` hook: skips the suite, with a visible notice, when Chromium is not installed. */
export function requireChromium(context: Mocha.Context): void {
  if (fs.existsSync(CHROMIUM)) return;
  if (!noticeShown) {
    process.stdout.write(`  NOTICE: ${CHROMIUM} is absent (apt-get install chromium); the dashboard's browser tests are skipped.\n`);
    noticeShown = true;
  }
  context.skip();
}

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** Chromium, headless, with a fresh profile of its own, at a laptop's window size. */
export async function launchBrowser(): Promise<Browser> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
    acceptDownloads: false,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Saves the page as docs/screenshots/<name>.png (palette PNG, to keep the repository small) when
 * DOCSIFT_DASHBOARD_SCREENSHOTS is set, so that a plain `npm test` leaves the repository as it was.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!process.env.DOCSIFT_DASHBOARD_SCREENSHOTS) return;
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const png = await page.screenshot({ scale: 'css' });
  await sharp(png).png({ palette: true, compressionLevel: 9 }).toFile(path.join(SCREENSHOT_DIR, `${name}.png`));
}
