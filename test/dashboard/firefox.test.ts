import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import { DASHBOARD_DIST } from '../../host/src/http/middleware/dashboard.js';
import { startHarness, type Harness } from '../host/support/harness.js';
import { certificatePdf } from '../host/support/lending-documents.js';
import { startReceiver, type Receiver } from '../host/support/webhook-receiver.js';
import { freePort } from './support/browser.js';

/** Debian's Firefox ESR, driven over WebDriver BiDi: the browser people run, never a downloaded one. */
const FIREFOX = '/usr/bin/firefox-esr';
const POLICY_PATH = 'coverages[0].policyNumber';
const PROCESSING_MS = 120_000;

/** What the tests read of an <img> (the tests are type-checked without the DOM library). */
interface LoadedImage {
  complete: boolean;
  naturalWidth: number;
  naturalHeight: number;
}

/** Where an element sits, in fractions of another (the page image), as fieldDetails states a bbox. */
async function fractionsOf(page: Page, selector: string, within: string): Promise<[number, number, number, number]> {
  const box = await (await page.$(selector))?.boundingBox();
  const sheet = await (await page.$(within))?.boundingBox();
  if (!box || !sheet) throw new Error(`${selector} or ${within} is not drawn`);
  return [(box.x - sheet.x) / sheet.width, (box.y - sheet.y) / sheet.height, (box.x + box.width - sheet.x) / sheet.width, (box.y + box.height - sheet.y) / sheet.height];
}

describe('dashboard: in Firefox against the host (sign up, upload, jobs, result with its boxes, API key, lending requirements, webhook headers)', function () {
  this.timeout(PROCESSING_MS + 30_000);
  let h: Harness;
  let browser: Browser;
  let page: Page;
  let receiver: Receiver;
  let workDir: string;
  let profile: string;
  let jobId: string;
  const email = `firefox-${Date.now()}@example.com`;
  const password = 'correct horse battery';

  /** Clicks the element of `selector` whose text is exactly `text`. */
  async function clickText(selector: string, text: string): Promise<void> {
    const handle = await page.waitForFunction(
      (css, wanted) => Array.from((globalThis as any).document.querySelectorAll(css) as Array<{ textContent: string | null }>).find((element) => element.textContent?.trim() === wanted),
      {},
      selector,
      text,
    );
    await (handle as Awaited<ReturnType<Page['$']>>)!.click();
  }

  /**
   * The input or textarea of the label whose text (spaces collapsed, screen-reader-only parts
   * included) is `text`, or starts with it when `text` ends with an ellipsis.
   */
  async function labelled(text: string): Promise<ElementHandle> {
    const handle = await page.waitForFunction((wanted) => {
      const prefix = wanted.endsWith('…') ? wanted.slice(0, -1) : null;
      const labels = Array.from((globalThis as any).document.querySelectorAll('label') as Array<{ textContent: string; querySelector(css: string): unknown }>);
      const label = labels.find((candidate) => {
        const shown = candidate.textContent.replace(/\s+/g, ' ').trim();
        return prefix === null ? shown === wanted : shown.startsWith(prefix);
      });
      return label?.querySelector('input, textarea');
    }, {}, text);
    return handle as ElementHandle;
  }

  /** Replaces the value of the control labelled `text` by typing `value`, as a user does. */
  async function fill(text: string, value: string): Promise<void> {
    const control = await labelled(text);
    await control.evaluate((element) => ((element as unknown as { value: string }).value = ''));
    await control.type(value);
  }

  const valueOf = async (text: string) => (await labelled(text)).evaluate((element) => (element as unknown as { value: string }).value);
  const attributeOf = async (text: string, name: string) => (await labelled(text)).evaluate((element, attribute) => (element as unknown as { getAttribute(name: string): string | null }).getAttribute(attribute), name);
  const textOf = (selector: string) => page.$eval(selector, (element) => (element as unknown as { textContent: string }).textContent);

  const heading = (title: string) => page.waitForFunction((wanted) => (globalThis as any).document.querySelector('h1#page-title')?.textContent === wanted, {}, title);

  before(async function () {
    if (!fs.existsSync(FIREFOX)) {
      process.stdout.write(`  NOTICE: ${FIREFOX} is absent (apt-get install firefox-esr); the dashboard's Firefox tests are skipped.\n`);
      this.skip();
    }
    if (!fs.existsSync(path.join(DASHBOARD_DIST, 'index.html'))) throw new Error('host/dist/dashboard is missing: `npm install` builds it (npm run build --workspace dashboard)');
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-firefox-'));
    profile = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-firefox-profile-'));
    const port = await freePort();
    h = await startHarness({ PORT: String(port), DOCSIFT_PUBLIC_URL: `http://127.0.0.1:${port}`, DOCSIFT_WEBHOOK_ALLOW_PRIVATE: 'true' }, { worker: true, enginePool: 'threads' });
    receiver = await startReceiver();
    browser = await puppeteer.launch({
      browser: 'firefox',
      protocol: 'webDriverBiDi',
      executablePath: FIREFOX,
      headless: true,
      userDataDir: profile,
      defaultViewport: { width: 1280, height: 800, deviceScaleFactor: 1 },
    });
    page = (await browser.pages())[0] ?? (await browser.newPage());
  });

  after(async () => {
    await browser?.close();
    await receiver?.close();
    await h?.close();
    for (const dir of [workDir, profile]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs in Firefox, not Chromium', async () => {
    expect(await browser.version()).to.match(/^firefox\//);
  });

  it('signs up and lands on the Upload screen', async () => {
    await page.goto(h.baseUrl + '/');
    await clickText('button', 'No account yet? Sign up');
    await page.locator('input[name=email]').fill(email);
    await page.locator('input[name=password]').fill(password);
    await page.locator('input[name=organizationName]').fill('Acme Lending');
    await clickText('button[type=submit]', 'Sign up');
    await heading('Upload');
    expect(page.url()).to.equal(`${h.baseUrl}/upload`);
  });

  it('uploads a certificate and sees it completed in the jobs list', async () => {
    const file = path.join(workDir, 'certificate.pdf');
    fs.writeFileSync(file, await certificatePdf());
    const input = await page.waitForSelector('input[type=file]');
    await input!.uploadFile(file);
    // Once the upload is sent, the job exists and the jobs list has it.
    await page.waitForFunction(() => /^(pending|processing|completed|failed)/.test((globalThis as any).document.querySelector('li.upload[data-file="certificate.pdf"] .phase')?.textContent ?? ''), {
      timeout: PROCESSING_MS,
    });

    await page.locator('nav a[href="/jobs"]').click();
    await heading('Jobs');
    // The list is read once per visit: visit it again until the job is no longer pending or processing.
    const deadline = Date.now() + PROCESSING_MS;
    let status = '';
    for (;;) {
      status = await page.waitForSelector('tbody tr .badge').then((badge) => badge!.evaluate((element) => (element as unknown as { textContent: string }).textContent));
      if (status === 'completed' || status === 'failed' || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await page.reload();
    }
    expect(status).to.equal('completed');
    const cells = await page.$$eval('tbody tr td', (tds) => tds.map((td) => (td as unknown as { textContent: string }).textContent));
    expect(cells[0]).to.equal('certificate.pdf');
    expect(cells[2]).to.equal('insurance_cert');
    expect(cells[3]).to.match(/^\d+%$/);
  });

  it("opens the result: the page image loads and the box of coverages[0].policyNumber is where fieldDetails puts it", async () => {
    await page.locator('tbody tr td a').click();
    await page.waitForFunction(() => /\/jobs\/[0-9a-f-]+$/.test((globalThis as any).location.pathname));
    jobId = new URL(page.url()).pathname.split('/').pop()!;
    await page.waitForSelector(`.box[data-path="${POLICY_PATH}"]`);
    await page.waitForFunction(() => {
      const image = (globalThis as any).document.querySelector('.page img') as LoadedImage | null;
      return image !== null && image.complete && image.naturalHeight > 0;
    });
    expect(await page.$eval('.page img', (image) => (image as unknown as LoadedImage).naturalWidth)).to.equal(1000);
    expect(await page.$('.no-image-note')).to.equal(null);

    const job = (await page.evaluate((url) => fetch(url).then((response) => response.json()), `/api/documents/extract/${jobId}`)) as {
      extractedData: { coverages: Array<{ policyNumber: string }> };
      fieldDetails: Record<string, { bbox?: [number, number, number, number] }>;
    };
    const bbox = job.fieldDetails[POLICY_PATH]?.bbox;
    expect(bbox, 'the policy number has a box').to.be.an('array');
    const drawn = await fractionsOf(page, `.box[data-path="${POLICY_PATH}"]`, '.page img');
    for (let i = 0; i < 4; i += 1) expect(drawn[i], `bbox[${i}]`).to.be.closeTo(bbox![i]!, 0.004);
    const row = await page.$eval(`tr[data-path="${POLICY_PATH}"]`, (tr) => (tr as unknown as { textContent: string }).textContent);
    expect(row).to.contain(job.extractedData.coverages[0]!.policyNumber);
  });

  it('creates an API key, shows it once, and the key works', async () => {
    await page.locator('nav a[href="/keys"]').click();
    await heading('API keys');
    await page.locator('input[name=name]').fill('firefox robot');
    await clickText('button[type=submit]', 'Create key');
    const shown = await page.waitForSelector('[data-testid=new-key]');
    const key = (await shown!.evaluate((element) => (element as unknown as { textContent: string }).textContent)).trim();
    expect(key).to.match(/^dsk_/);
    const answer = await fetch(`${h.baseUrl}/api/documents/extract/${jobId}`, { headers: { 'x-api-key': key } });
    expect(answer.status).to.equal(200);
    await page.reload();
    await page.waitForFunction(() => (globalThis as any).document.querySelector('tbody')?.textContent.includes('firefox robot'));
    expect(await page.content()).not.to.contain(key);
  });

  it("edits the lending requirements in the form: a refused coverage shows the API's message beside it, the corrected one is saved", async () => {
    type View = { requirements: { requiredCoverages: string[]; minimumFieldConfidence: number }; source: string };
    const inForce = async () => (await page.evaluate(() => fetch('/api/lending/requirements').then((response) => response.json()))) as View;
    const defaults = (await inForce()).requirements;
    await page.locator('nav a[href="/lending"]').click();
    await heading('Lending requirements');
    await clickText('button', 'Add coverage');
    expect(await valueOf('Coverage 3')).to.equal('');
    await fill('Coverage 3', 'Umbrella');
    await clickText('button[type=submit]', 'Save requirements');
    await page.waitForSelector('form [role=alert]');
    expect(await attributeOf('Coverage 3', 'aria-invalid')).to.equal('true');
    const shown = await textOf(`#${await attributeOf('Coverage 3', 'aria-describedby')}`);
    const refused = (await page.evaluate(
      (body) => fetch('/api/lending/requirements', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((response) => response.json()),
      { ...defaults, requiredCoverages: [...defaults.requiredCoverages, 'Umbrella'] },
    )) as { details: { issues: Array<{ path: string; message: string }> } };
    expect(shown).to.equal(refused.details.issues.find((issue) => issue.path === 'requiredCoverages.2')!.message);
    expect((await inForce()).source).to.equal('default');

    await fill('Coverage 3', 'umbrella');
    await fill('Minimum field confidence…', '0.7');
    await clickText('button[type=submit]', 'Save requirements');
    await page.waitForFunction(() => (globalThis as any).document.querySelector('form [role=status]')?.textContent === 'Saved.');
    expect(await page.$('form [role=alert]')).to.equal(null);
    const saved = await inForce();
    expect(saved.source).to.equal('organization');
    expect(saved.requirements.requiredCoverages).to.deep.equal([...defaults.requiredCoverages, 'umbrella']);
    expect(saved.requirements.minimumFieldConfidence).to.equal(0.7);
    await clickText('button', 'Edit as JSON');
    expect(JSON.parse(await valueOf('Requirements (JSON)'))).to.deep.equal(saved.requirements);
  });

  it('sends an extra webhook header added in the form, shows it masked on edit, and keeps it when left empty', async () => {
    const secret = 'tenant-secret-0042-abcdef';
    await page.locator('nav a[href="/webhooks"]').click();
    await heading('Webhooks');
    await clickText('button', 'New webhook');
    await fill('Name', 'Tenant system');
    await fill('URL', `${receiver.url}/hooks/tenant`);
    await clickText('button', 'Add header');
    await fill('Name of header 1', 'X-Tenant');
    await fill('Value of header 1', secret);
    await clickText('button[type=submit]', 'Save webhook');
    const card = 'article[aria-label="Tenant system"]';
    await page.waitForSelector(card);
    expect(await textOf(card)).to.contain('headers X-Tenant');

    /** Sends a test from the card; resolves with the headers of the request the receiver got for it. */
    const sendTest = async () => {
      const before = receiver.on('/hooks/tenant').length;
      await clickText(`${card} button`, 'Send test');
      for (const deadline = Date.now() + 30_000; receiver.on('/hooks/tenant').length === before && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(receiver.on('/hooks/tenant')).to.have.length(before + 1);
      await page.waitForFunction((css) => /^Delivered: HTTP 200/.test((globalThis as any).document.querySelector(css)?.textContent ?? ''), {}, `${card} [data-testid=test-result]`);
      return receiver.on('/hooks/tenant').at(-1)!.headers;
    };
    expect((await sendTest())['x-tenant']).to.equal(secret);

    await clickText(`${card} button`, 'Edit');
    expect(await valueOf('Name of header 1')).to.equal('X-Tenant');
    expect(await valueOf('Value of header 1')).to.equal('');
    expect(await attributeOf('Value of header 1', 'placeholder')).to.equal('Leave empty to keep ••••cdef');
    expect(await page.content()).not.to.contain(secret);
    await clickText(`${card} button[type=submit]`, 'Save webhook');
    await page.waitForFunction((css) => !(globalThis as any).document.querySelector(css), {}, `${card} form`);
    expect((await sendTest())['x-tenant']).to.equal(secret);
  });
});
