import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { corpusAvailable, corpusPath } from '../support/corpus.js';
import { makeTextPdf, paragraph } from '../support/fixtures.js';
import { DASHBOARD_DIST } from '../../host/src/http/middleware/dashboard.js';
import { startHarness, type Harness } from '../host/support/harness.js';
import { startReceiver, type Receiver } from '../host/support/webhook-receiver.js';
import { freePort, launchBrowser, requireChromium, screenshot, type Browser } from './support/browser.js';

/** An ACORD 25 of the public corpus whose first coverage's policy number is read from the text layer. */
const CERTIFICATE = 'acord25_xstream_cleaning_2025-01-07.pdf';
const POLICY_PATH = 'coverages[0].policyNumber';
const PROCESSING_MS = 120_000;

/** What the tests read of an <img> (the tests are type-checked without the DOM library). */
interface LoadedImage {
  complete: boolean;
  naturalWidth: number;
  naturalHeight: number;
}

/** The form controls of the page that have no label (a <label>, aria-label or aria-labelledby): none is the rule. */
async function unlabelledControls(page: Page): Promise<string[]> {
  return page.locator('input, select, textarea').evaluateAll((controls) =>
    (controls as unknown as Array<{ labels: { length: number } | null; outerHTML: string; getAttribute(name: string): string | null }>)
      .filter((control) => !control.labels?.length && !control.getAttribute('aria-label') && !control.getAttribute('aria-labelledby'))
      .map((control) => control.outerHTML),
  );
}

/** Where a drawn box sits on its page, in page fractions, as fieldDetails states a bbox. */
async function drawnFractions(page: Page, fieldPath: string): Promise<[number, number, number, number]> {
  // The boxes are placed on the image once it has loaded (or on the blank page when it cannot be).
  await page.waitForFunction(() => {
    const image = (globalThis as any).document.querySelector('.page img') as LoadedImage | null;
    return !image || (image.complete && image.naturalHeight > 0);
  });
  const box = await page.locator(`.box[data-path="${fieldPath}"]`).boundingBox();
  const image = await page.locator('.page img').count();
  const sheet = await page.locator(image ? '.page img' : '.page').boundingBox();
  if (!box || !sheet) throw new Error(`no drawn box for ${fieldPath}`);
  return [(box.x - sheet.x) / sheet.width, (box.y - sheet.y) / sheet.height, (box.x + box.width - sheet.x) / sheet.width, (box.y + box.height - sheet.y) / sheet.height];
}

describe('dashboard: in Chromium against the host (sign up, keys, upload, result, correction, templates, webhooks)', function () {
  this.timeout(PROCESSING_MS + 30_000);
  let h: Harness;
  let browser: Browser;
  let page: Page;
  let receiver: Receiver;
  let workDir: string;
  let apiKey: string;
  let certificateJobId: string | undefined;
  const email = `reviewer-${Date.now()}@example.com`;
  const password = 'correct horse battery';

  /** The API as a program sees it: with the key the dashboard created. */
  const withKey = async (url: string) => {
    const response = await fetch(h.baseUrl + url, { headers: { 'x-api-key': apiKey } });
    return { status: response.status, body: (await response.json().catch(() => null)) as any };
  };

  /** Uploads files from the Upload screen with the chosen target and waits until each is completed or failed. */
  async function uploadAndWait(files: string[], target: string): Promise<void> {
    await page.getByRole('link', { name: 'Upload' }).click();
    await page.getByLabel('Extract with').selectOption(target);
    await page.locator('input[type=file]').setInputFiles(files);
    for (const file of files) {
      const row = page.locator(`li.upload[data-file="${path.basename(file)}"]`).first();
      await row.locator('.phase', { hasText: /^(completed|failed)$/ }).waitFor({ timeout: PROCESSING_MS });
      expect(await row.locator('.phase').textContent(), `${file}: ${await row.textContent()}`).to.equal('completed');
    }
  }

  before(async function () {
    requireChromium(this);
    if (!fs.existsSync(path.join(DASHBOARD_DIST, 'index.html'))) throw new Error('host/dist/dashboard is missing: `npm install` builds it (npm run build --workspace dashboard)');
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-dashboard-'));
    const port = await freePort();
    h = await startHarness(
      { PORT: String(port), DOCSIFT_PUBLIC_URL: `http://127.0.0.1:${port}`, DOCSIFT_WEBHOOK_ALLOW_PRIVATE: 'true' },
      { worker: true, enginePool: 'threads' },
    );
    receiver = await startReceiver();
    browser = await launchBrowser();
    page = browser.page;
  });

  after(async () => {
    await browser?.close();
    await receiver?.close();
    await h?.close();
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('signs up, signs out and signs in again with the session cookie', async () => {
    await page.goto(h.baseUrl + '/');
    await screenshot(page, 'sign-in');
    await page.getByRole('button', { name: 'No account yet? Sign up' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByLabel('Organization').fill('Acme Lending');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.getByRole('heading', { name: 'Upload' }).waitFor();
    expect(page.url()).to.equal(`${h.baseUrl}/upload`);
    const cookies = await browser.context.cookies(h.baseUrl);
    expect(cookies.find((cookie) => cookie.name === 'docsift_session')).to.include({ httpOnly: true, sameSite: 'Lax' });

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect((await browser.context.cookies(h.baseUrl)).some((cookie) => cookie.name === 'docsift_session' && cookie.value)).to.equal(false);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wrong password!');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').waitFor();
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Upload' }).waitFor();
  });

  it('creates an API key with scopes and an expiry, shows it once, and the key works', async () => {
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByText('No API keys yet').waitFor();
    await page.getByLabel('Name', { exact: true }).fill('review robot');
    await page.getByLabel('Expires').selectOption('30d');
    await page.getByLabel('All scopes (*)').uncheck();
    await page.getByLabel('documents:read').check();
    await page.getByLabel('webhooks:manage').check();
    await page.getByRole('button', { name: 'Create key' }).click();
    apiKey = (await page.getByTestId('new-key').textContent())!.trim();
    expect(apiKey).to.match(/^dsk_/);
    const row = page.getByRole('row', { name: /review robot/ });
    expect(await row.textContent()).to.contain('documents:read, webhooks:manage');
    await screenshot(page, 'api-keys');
    expect(await unlabelledControls(page)).to.deep.equal([]);
    expect((await withKey('/api/documents/extract')).status).to.equal(200);
    // The key was shown once: the list never has it again.
    await page.reload();
    await page.getByRole('row', { name: /review robot/ }).waitFor();
    expect(await page.content()).not.to.contain(apiKey);

    // A second key, revoked from the list once the question is answered yes: it stops working at once.
    await page.getByLabel('Name', { exact: true }).fill('temporary');
    await page.getByRole('button', { name: 'Create key' }).click();
    const temporary = (await page.getByTestId('new-key').textContent())!.trim();
    page.once('dialog', (dialog) => void dialog.dismiss());
    await page.getByRole('button', { name: 'Revoke temporary' }).click();
    expect((await fetch(h.baseUrl + '/api/documents/extract', { headers: { 'x-api-key': temporary } })).status).to.equal(200);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Revoke temporary' }).click();
    await page.getByRole('row', { name: /temporary/ }).waitFor({ state: 'detached' });
    const revoked = await fetch(h.baseUrl + '/api/documents/extract', { headers: { 'x-api-key': temporary } });
    expect(revoked.status).to.equal(401);
  });

  it('uploads an ACORD 25 certificate and follows it to completion', async function () {
    let file: string;
    if (corpusAvailable) {
      file = corpusPath('public', CERTIFICATE);
    } else {
      process.stdout.write('  NOTICE: ../shared/corpus is absent; a generated PDF is uploaded instead of an ACORD 25 certificate.\n');
      file = path.join(workDir, 'generated.pdf');
      fs.writeFileSync(file, await makeTextPdf([paragraph(['CERTIFICATE OF LIABILITY INSURANCE', 'INSURED: Example Builders LLC', 'POLICY NUMBER 03665020'])]));
    }
    await uploadAndWait([file], 'documents');
    await screenshot(page, 'upload');
    expect(await unlabelledControls(page)).to.deep.equal([]);
    await page.locator(`li.upload[data-file="${path.basename(file)}"]`).getByRole('link', { name: 'Open result' }).click();
    await page.waitForURL(/\/jobs\/[0-9a-f-]+$/);
    if (corpusAvailable) certificateJobId = page.url().split('/').pop();
  });

  it("draws the box of coverages[0].policyNumber where the job's fieldDetails puts it, and links it to the value", async function () {
    if (!certificateJobId) {
      process.stdout.write('  NOTICE: no certificate of the corpus was uploaded; the box check is skipped.\n');
      this.skip();
    }
    const job = await withKey(`/api/documents/extract/${certificateJobId}`);
    expect(job.body.documentType).to.equal('insurance_cert');
    const detail = job.body.fieldDetails[POLICY_PATH];
    expect(detail.bbox, 'the policy number has a box').to.be.an('array');
    const box = page.locator(`.box[data-path="${POLICY_PATH}"]`);
    await box.waitFor();
    const drawn = await drawnFractions(page, POLICY_PATH);
    for (let i = 0; i < 4; i += 1) expect(drawn[i], `bbox[${i}]`).to.be.closeTo(detail.bbox[i], 0.004);
    // Every fieldDetails entry of page 1 with a box is drawn.
    const onPageOne = Object.values(job.body.fieldDetails as Record<string, { page: number; bbox: unknown }>).filter((entry) => entry.page === 1 && entry.bbox);
    expect(await page.locator('.box').count()).to.equal(onPageOne.length);

    const image = await fetch(`${h.baseUrl}/api/documents/extract/${certificateJobId}/pages/1/image?width=1000&format=webp`, { headers: { 'x-api-key': apiKey } });
    if (image.status === 200) {
      expect(await page.locator('.page img').evaluate((image) => (image as unknown as LoadedImage).complete && (image as unknown as LoadedImage).naturalWidth)).to.be.greaterThan(0);
    } else {
      process.stdout.write(`  NOTICE: the page image endpoint answered ${image.status}; the boxes were checked on the blank page.\n`);
    }

    // Hovering the value marks its box; hovering the box marks the value.
    const row = page.locator(`tr[data-path="${POLICY_PATH}"]`);
    expect(await row.textContent()).to.contain(job.body.extractedData.coverages[0].policyNumber);
    await row.hover();
    expect(await box.getAttribute('class')).to.contain('active');
    // From the keyboard: focusing a value row selects its box.
    await page.mouse.move(0, 0);
    await page.locator('tr[data-path="coverages[0].effectiveDate"]').focus();
    expect(await page.locator('.box[data-path="coverages[0].effectiveDate"]').getAttribute('class')).to.contain('active');
    expect(await page.locator('tr[data-path="coverages[0].effectiveDate"]').getAttribute('aria-selected')).to.equal('true');
    await page.locator(`.box[data-path="coverages[0].type"]`).hover();
    expect(await page.locator('tr[data-path="coverages[0].type"]').getAttribute('class')).to.contain('active');
    await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
    await box.hover();
    await screenshot(page, 'result');

    await page.getByText('Raw JSON').click();
    expect(await page.locator('.raw pre').textContent()).to.contain(`"jobId": "${certificateJobId}"`);
    await page.getByLabel('Legacy layout').check();
    await page.locator('.raw pre', { hasText: 'insurance_certificate' }).waitFor();
    await page.getByLabel('Legacy layout').uncheck();
    await page.locator(`.box[data-path="${POLICY_PATH}"]`).waitFor();
  });

  it('corrects a value: the corrected record is stored beside the original', async function () {
    if (!certificateJobId) this.skip();
    await page.getByRole('button', { name: 'Correct values' }).click();
    await page.getByLabel(`Value of ${POLICY_PATH}`).fill('CORRECTED-42');
    await page.getByRole('button', { name: 'Save correction' }).click();
    const row = page.locator(`tr[data-path="${POLICY_PATH}"]`);
    await row.locator('.badge.corrected').waitFor();
    expect(await row.textContent()).to.contain('CORRECTED-42');
    const job = await withKey(`/api/documents/extract/${certificateJobId}`);
    expect(job.body.correctedData.coverages[0].policyNumber).to.equal('CORRECTED-42');
    expect(job.body.extractedData.coverages[0].policyNumber).not.to.equal('CORRECTED-42');
    expect(job.body.correctedAt).to.be.a('string');

    await page.getByRole('button', { name: 'Discard correction' }).click();
    await row.locator('.badge.corrected').waitFor({ state: 'detached' });
    expect(await row.textContent()).not.to.contain('CORRECTED-42');
    expect((await withKey(`/api/documents/extract/${certificateJobId}`)).body.correctedData ?? null).to.equal(null);
    await page.getByRole('button', { name: 'Correct values' }).click();
    await page.getByLabel(`Value of ${POLICY_PATH}`).fill('CORRECTED-42');
    await page.getByRole('button', { name: 'Save correction' }).click();
    await row.locator('.badge.corrected').waitFor();
  });

  it('lists the jobs with status, type, confidence, file and time, and filters them', async () => {
    await page.getByRole('link', { name: 'Jobs' }).click();
    const table = page.getByRole('table');
    await table.waitFor();
    const rows = table.locator('tbody tr');
    expect(await rows.count()).to.equal(1);
    const cells = await rows.first().locator('td').allTextContents();
    expect(cells[1]).to.contain('completed');
    if (certificateJobId) {
      expect(cells[0]).to.equal(CERTIFICATE);
      expect(cells[2]).to.equal('insurance_cert');
      expect(cells[3]).to.match(/^\d+%$/);
    }
    await screenshot(page, 'jobs');
    await page.getByLabel('Status').selectOption('failed');
    await page.getByText('No jobs match').waitFor();
    await page.getByLabel('Status').selectOption('');
    await rows.first().waitFor();
  });

  it('extracts the certificate for lending and shows its compliance checks, pass or fail', async function () {
    if (!corpusAvailable) this.skip();
    await uploadAndWait([corpusPath('public', CERTIFICATE)], 'lending');
    await page.locator(`li.upload[data-file="${CERTIFICATE}"]`).first().getByRole('link', { name: 'Open result' }).click();
    await page.waitForURL(/\/jobs\/[0-9a-f-]+\?service=lending$/);
    const jobId = new URL(page.url()).pathname.split('/').pop();
    const heading = page.getByRole('heading', { name: /^Lending checks/ });
    await heading.waitFor();
    const job = await withKey(`/api/lending/extract/${jobId}`);
    expect(job.status, 'the key has no lending:read scope').to.equal(403);
    const record = (await page.evaluate((url) => fetch(url).then((response) => response.json()), `/api/lending/extract/${jobId}`)) as {
      compliance: { status: string; checks: Array<{ passed: boolean }> };
    };
    expect(await heading.textContent()).to.contain(record.compliance.status.replace(/_/g, ' '));
    const items = page.locator('.checks li');
    expect(await items.count()).to.equal(record.compliance.checks.length);
    expect(await items.locator('.badge').allTextContents()).to.deep.equal(record.compliance.checks.map((check) => (check.passed ? 'pass' : 'fail')));
    await page.locator(`.box[data-path="${POLICY_PATH}"]`).waitFor();
    await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
    await screenshot(page, 'lending-result');
  });

  it('creates a webhook configuration, sends a test that the receiver gets, and starts with an empty deliveries log', async () => {
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('button', { name: 'New webhook' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Loan system');
    await page.getByLabel('URL').fill(`${receiver.url}/hooks/docsift`);
    await page.getByLabel('Authentication').selectOption('bearer');
    await page.getByRole('textbox', { name: 'Token' }).fill('receiver-secret-token');
    expect(await unlabelledControls(page)).to.deep.equal([]);
    await page.getByRole('button', { name: 'Save webhook' }).click();
    const card = page.getByRole('article', { name: 'Loan system' });
    await card.waitFor();
    expect(await card.textContent()).to.contain('auth bearer');
    await card.getByRole('button', { name: 'Send test' }).click();
    const result = card.getByTestId('test-result');
    await result.waitFor();
    expect(await result.textContent()).to.match(/^Delivered: HTTP 200/);
    const received = receiver.on('/hooks/docsift');
    expect(received).to.have.length(1);
    expect(received[0]!.headers.authorization).to.equal('Bearer receiver-secret-token');
    await card.getByRole('button', { name: 'Deliveries' }).click();
    await card.getByText('No deliveries yet').waitFor();
  });

  it('creates a template with the field editor and extracts a document with it, which the webhook receives', async () => {
    await page.getByRole('link', { name: 'Templates' }).click();
    await page.getByText('No templates yet').waitFor();
    await page.getByRole('button', { name: 'New template' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Invoices');
    await page.getByLabel('Name of fields 1').fill('invoiceNumber');
    await page.getByLabel('Description of fields 1').fill('The number of the invoice.');
    await page.getByLabel('Required').first().check();
    await page.getByRole('button', { name: 'Add field' }).click();
    await page.getByLabel('Name of fields 2').fill('total');
    await page.getByLabel('Type of fields 2').selectOption('currency');
    await page.getByLabel('Description of fields 2').fill('The total amount due.');
    expect(await page.getByLabel('Type of fields 1').locator('option').count()).to.equal(10);
    await screenshot(page, 'template-editor');
    expect(await unlabelledControls(page)).to.deep.equal([]);
    await page.getByRole('button', { name: 'Save template' }).click();
    await page.getByRole('row', { name: /Invoices/ }).waitFor();

    const invoice = path.join(workDir, 'invoice-2041.pdf');
    fs.writeFileSync(invoice, await makeTextPdf([paragraph(['ACME SUPPLIES', 'INVOICE', 'Invoice Number: INV-2041', 'Date: 2026-03-14', 'Total: $1,250.00'])]));
    const templateId = ((await page.evaluate(() => fetch('/api/b2c/templates').then((response) => response.json()))) as { templates: Array<{ id: string }> }).templates[0]!.id;
    await uploadAndWait([invoice], templateId);
    await page.locator('li.upload[data-file="invoice-2041.pdf"]').getByRole('link', { name: 'Open result' }).click();
    await page.waitForURL(/\/extractions\//);
    const row = page.locator('tr[data-path="invoiceNumber"]');
    expect(await row.textContent()).to.contain('INV-2041');
    // The boxes are drawn on the extraction's own page image, not on a blank page.
    const extractionId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    const pageImage = page.locator('.page img');
    expect(await pageImage.getAttribute('src')).to.equal(`/api/b2c/extract/${extractionId}/pages/1/image?width=1000&format=webp`);
    await page.waitForFunction(() => {
      const image = (globalThis as any).document.querySelector('.page img') as LoadedImage | null;
      return image !== null && image.complete && image.naturalWidth > 0;
    });
    expect(await pageImage.evaluate((image) => (image as unknown as LoadedImage).naturalWidth)).to.equal(1000);
    expect(await page.locator('.no-image-note').count()).to.equal(0);
    await screenshot(page, 'extraction');

    // The webhook configuration made before gets the completed extraction, and its log shows the attempt.
    await page.getByRole('link', { name: 'Webhooks' }).click();
    const card = page.getByRole('article', { name: 'Loan system' });
    await card.getByRole('button', { name: 'Deliveries' }).click();
    const delivery = card.getByRole('row', { name: /extraction\.completed/ });
    await delivery.waitFor();
    expect(await delivery.textContent()).to.match(/delivered.*: 200 in \d+ ms/);
    await screenshot(page, 'webhooks');
  });

  it('edits the webhook: a URL on another host is refused until the token is entered again; the name and attempts are saved and the token kept', async () => {
    type StoredWebhook = { connectionName: string; webhookConfig: { url: string; authValue?: string; maxRetries: number } };
    const stored = async () =>
      ((await page.evaluate(() => fetch('/api/integrations/webhooks').then((response) => response.json()))) as { webhooks: StoredWebhook[] }).webhooks;
    const [before] = await stored();
    await page.getByRole('link', { name: 'Webhooks' }).click();
    const card = page.getByRole('article', { name: 'Loan system' });
    await card.getByRole('button', { name: 'Edit' }).click();
    const form = card.getByRole('form', { name: 'Edit webhook Loan system' });
    expect(await form.getByLabel('Name', { exact: true }).inputValue()).to.equal('Loan system');
    expect(await form.getByLabel('Attempts per delivery').inputValue()).to.equal(String(before!.webhookConfig.maxRetries));
    const token = form.getByRole('textbox', { name: 'Token' });
    expect(await token.inputValue()).to.equal('');
    expect(await token.getAttribute('placeholder')).to.equal(`Leave empty to keep ${before!.webhookConfig.authValue}`);
    expect(await unlabelledControls(page)).to.deep.equal([]);

    const elsewhere = `${receiver.url.replace('127.0.0.1', 'localhost')}/hooks/docsift`;
    expect(new URL(elsewhere).origin).not.to.equal(new URL(before!.webhookConfig.url).origin);
    await form.getByLabel('URL').fill(elsewhere);
    await form.getByRole('button', { name: 'Save webhook' }).click();
    const refusal = form.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).to.equal(
      'The new URL is on another host, so the stored credentials are not sent there unless you enter them again: the token or key. Nothing was saved.',
    );
    expect(await stored()).to.deep.equal([before]);

    await form.getByLabel('URL').fill(before!.webhookConfig.url);
    await form.getByLabel('Name', { exact: true }).fill('Loan system (EU)');
    await form.getByLabel('Attempts per delivery').fill('3');
    await form.getByRole('button', { name: 'Save webhook' }).click();
    const edited = page.getByRole('article', { name: 'Loan system (EU)' });
    await edited.waitFor();
    expect(await edited.textContent()).to.contain('3 attempts');
    const [after] = await stored();
    expect(after).to.deep.include({ connectionName: 'Loan system (EU)' });
    expect(after!.webhookConfig).to.deep.include({ url: before!.webhookConfig.url, maxRetries: 3, authValue: before!.webhookConfig.authValue });
    // The stored token itself is kept (the masked form was not sent back as a new one): the receiver gets it.
    const received = receiver.on('/hooks/docsift').length;
    await edited.getByRole('button', { name: 'Send test' }).click();
    await edited.getByTestId('test-result').waitFor();
    expect(await edited.getByTestId('test-result').textContent()).to.match(/^Delivered: HTTP 200/);
    const deliveries = receiver.on('/hooks/docsift');
    expect(deliveries).to.have.length(received + 1);
    expect(deliveries.at(-1)!.headers.authorization).to.equal('Bearer receiver-secret-token');
  });

  it('edits the lending requirements in a form: the API\'s refusals beside their fields, rows added and removed, and the JSON one click away', async () => {
    type Requirements = { requiredCoverages: string[]; minimumLimits: Record<string, Record<string, number>>; [member: string]: unknown };
    const inForce = async () =>
      (await page.evaluate(() => fetch('/api/lending/requirements').then((response) => response.json()))) as { requirements: Requirements; source: string };
    const defaults = (await inForce()).requirements;
    await page.getByRole('link', { name: 'Lending' }).click();
    const form = page.getByRole('form', { name: 'Lending requirements' });
    const coverages = form.getByRole('group', { name: /^Required coverages/ });
    const limits = form.getByRole('group', { name: /^Minimum limits/ });
    const confidence = form.getByLabel(/^Minimum field confidence/);
    await confidence.waitFor();
    // The requirements in force, one control per member and a row per coverage and per limit.
    expect(await confidence.inputValue()).to.equal(String(defaults.minimumFieldConfidence));
    expect(await coverages.getByRole('textbox').evaluateAll((inputs) => inputs.map((input) => (input as unknown as { value: string }).value))).to.deep.equal(defaults.requiredCoverages);
    const limitRows = Object.entries(defaults.minimumLimits).flatMap(([coverage, amounts]) => Object.entries(amounts).map(([limit, dollars]) => [coverage, limit, String(dollars)]));
    const shownLimits = await limits.locator('.field-row').evaluateAll((rows) =>
      rows.map((row) => Array.from((row as unknown as { querySelectorAll(css: string): Iterable<{ value: string }> }).querySelectorAll('input'), (input) => input.value)),
    );
    expect(shownLimits).to.deep.equal(limitRows);
    expect(await unlabelledControls(page)).to.deep.equal([]);

    // A coverage type in capitals and a confidence above 1: the API refuses both, each message shown beside its field, nothing saved.
    await coverages.getByRole('button', { name: 'Add coverage' }).click();
    await coverages.getByLabel('Coverage 3', { exact: true }).fill('Umbrella');
    await confidence.fill('1.5');
    await form.getByRole('button', { name: 'Save requirements' }).click();
    await form.getByRole('alert').waitFor();
    const refused = (await page.evaluate(
      (body) => fetch('/api/lending/requirements', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((response) => response.json()),
      { ...defaults, requiredCoverages: [...defaults.requiredCoverages, 'Umbrella'], minimumFieldConfidence: 1.5 },
    )) as { details: { issues: Array<{ path: string; message: string }> } };
    const messageAt = (path: string) => refused.details.issues.find((issue) => issue.path === path)!.message;
    expect(await coverages.getByLabel('Coverage 3', { exact: true }).getAttribute('aria-invalid')).to.equal('true');
    expect(await page.locator(`#${await coverages.getByLabel('Coverage 3', { exact: true }).getAttribute('aria-describedby')}`).textContent()).to.equal(messageAt('requiredCoverages.2'));
    expect(await confidence.getAttribute('aria-invalid')).to.equal('true');
    expect(await page.locator(`#${await confidence.getAttribute('aria-describedby')}`).textContent()).to.equal(messageAt('minimumFieldConfidence'));
    expect(await coverages.getByLabel('Coverage 1', { exact: true }).getAttribute('aria-invalid')).to.equal(null);
    expect((await inForce()).source).to.equal('default');

    // Corrected: umbrella required instead of workers' compensation, a limit for it, a certificate holder.
    await coverages.getByLabel('Coverage 3', { exact: true }).fill('umbrella');
    await coverages.getByRole('button', { name: 'Remove coverage 2' }).click();
    await confidence.fill('0.7');
    await limits.getByRole('button', { name: 'Add limit' }).click();
    const added = limitRows.length + 1;
    await limits.getByLabel(`Coverage ${added}`, { exact: true }).fill('umbrella');
    await limits.getByLabel(`Limit ${added}`, { exact: true }).fill('eachOccurrence');
    await limits.getByLabel(`Dollars ${added}`, { exact: true }).fill('5000000');
    await form.getByLabel(/^Certificate holder name/).fill('Riverbend Savings Bank, N.A.');
    await form.getByRole('button', { name: 'Save requirements' }).click();
    await form.getByText('Saved.').waitFor();
    expect(await form.getByRole('alert').count()).to.equal(0);
    const saved = await inForce();
    expect(saved.source).to.equal('organization');
    expect(saved.requirements).to.deep.include({
      requiredCoverages: [defaults.requiredCoverages[0], 'umbrella'],
      minimumLimits: { ...defaults.minimumLimits, umbrella: { eachOccurrence: 5000000 } },
      minimumFieldConfidence: 0.7,
      certificateHolderName: 'Riverbend Savings Bank, N.A.',
    });
    await page.reload();
    await coverages.getByLabel('Coverage 2', { exact: true }).waitFor();
    expect(await coverages.getByLabel('Coverage 2', { exact: true }).inputValue()).to.equal('umbrella');
    await screenshot(page, 'lending');

    // The escape hatch: the whole set as JSON, saved as such, and back to the form.
    await form.getByRole('button', { name: 'Edit as JSON' }).click();
    const json = form.getByLabel('Requirements (JSON)');
    expect(JSON.parse(await json.inputValue())).to.deep.equal(saved.requirements);
    await json.fill(JSON.stringify({ ...saved.requirements, minimumDaysValid: 45, minimumDayValid: 1 }));
    await form.getByRole('button', { name: 'Save requirements' }).click();
    expect(await form.getByRole('alert').textContent()).to.contain('minimumDayValid');
    await json.fill(JSON.stringify({ ...saved.requirements, minimumDaysValid: 45 }));
    await form.getByRole('button', { name: 'Save requirements' }).click();
    await form.getByText('Saved.').waitFor();
    expect((await inForce()).requirements.minimumDaysValid).to.equal(45);
    await form.getByRole('button', { name: 'Edit as form' }).click();
    expect(await form.getByLabel(/^Minimum days valid/).inputValue()).to.equal('45');
  });

  it('adds a document type and adds an admin to the organization', async () => {
    await page.getByRole('link', { name: 'Document types' }).click();
    await page.getByRole('cell', { name: 'insurance_cert' }).waitFor();
    await page.getByRole('button', { name: 'New type' }).click();
    await page.getByLabel('Type code').fill('purchase_order');
    await page.getByLabel('Display name').fill('Purchase order');
    await page.getByLabel('Description (the classifier reads it)').fill('A buyer’s order to a supplier, with a PO number and lines.');
    await page.getByLabel('Name of fields 1').fill('poNumber');
    await page.getByLabel('Description of fields 1').fill('The purchase order number.');
    expect(await unlabelledControls(page)).to.deep.equal([]);
    await page.getByRole('button', { name: 'Save type' }).click();
    await page.getByRole('cell', { name: 'purchase_order' }).waitFor();

    await page.getByRole('link', { name: 'Organization' }).click();
    await page.getByRole('cell', { name: email, exact: true }).waitFor();
    expect(await page.getByRole('row', { name: new RegExp(`^${email}`) }).textContent()).to.contain('owner');
    await page.getByLabel('Email').fill(`admin-${email}`);
    await page.getByLabel('Initial password').fill('another good password');
    await page.getByLabel('Role').selectOption('admin');
    await page.getByRole('button', { name: 'Add member' }).click();
    await page.getByRole('cell', { name: `admin-${email}`, exact: true }).waitFor();
    expect(await page.getByRole('row', { name: new RegExp(`admin-${email}`) }).textContent()).to.contain('admin');
    await screenshot(page, 'organization');
  });

  it('sends extra webhook headers: added as rows, shown masked, kept when left empty, removed with their row', async () => {
    const secret = 'tenant-secret-0042-abcdef';
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('button', { name: 'New webhook' }).click();
    const form = page.getByRole('form', { name: 'New webhook' });
    await form.getByLabel('Name', { exact: true }).fill('Tenant system');
    await form.getByLabel('URL').fill(`${receiver.url}/hooks/tenant`);
    await form.getByText('None.').waitFor();
    await form.getByRole('button', { name: 'Add header' }).click();
    await form.getByLabel('Name of header 1').fill('X-Tenant');
    await form.getByLabel('Value of header 1').fill(secret);
    expect(await unlabelledControls(page)).to.deep.equal([]);
    await form.getByRole('button', { name: 'Save webhook' }).click();
    const card = page.getByRole('article', { name: 'Tenant system' });
    await card.waitFor();
    expect(await card.textContent()).to.contain('headers X-Tenant');
    const lastTest = async (target: typeof card) => {
      const before = receiver.on('/hooks/tenant').length;
      await target.getByRole('button', { name: 'Send test' }).click();
      await target.getByTestId('test-result').filter({ hasText: /^Delivered: HTTP 200/ }).waitFor();
      const received = receiver.on('/hooks/tenant');
      expect(received).to.have.length(before + 1);
      return received.at(-1)!.headers;
    };
    expect((await lastTest(card))['x-tenant']).to.equal(secret);

    // The edit shows the value only masked, as the API does; left empty, the stored value is kept; a second header is added.
    const masked = ((await page.evaluate(() => fetch('/api/integrations/webhooks').then((response) => response.json()))) as {
      webhooks: Array<{ connectionName: string; webhookConfig: { headers: Record<string, string> } }>;
    }).webhooks.find((webhook) => webhook.connectionName === 'Tenant system')!.webhookConfig.headers['X-Tenant'];
    expect(masked).to.equal('••••cdef');
    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = card.getByRole('form', { name: 'Edit webhook Tenant system' });
    expect(await edit.getByLabel('Name of header 1').inputValue()).to.equal('X-Tenant');
    expect(await edit.getByLabel('Value of header 1').inputValue()).to.equal('');
    expect(await edit.getByLabel('Value of header 1').getAttribute('placeholder')).to.equal(`Leave empty to keep ${masked}`);
    expect(await page.content()).not.to.contain(secret);
    await edit.getByRole('button', { name: 'Add header' }).click();
    await edit.getByLabel('Name of header 2').fill('X-Region');
    await edit.getByLabel('Value of header 2').fill('eu-west');
    await edit.getByRole('button', { name: 'Save webhook' }).click();
    await card.getByText('headers X-Tenant, X-Region').waitFor();
    const both = await lastTest(card);
    expect(both).to.deep.include({ 'x-tenant': secret, 'x-region': 'eu-west' });

    await card.getByRole('button', { name: 'Edit' }).click();
    await edit.getByRole('button', { name: 'Remove header 1' }).click();
    await edit.getByRole('button', { name: 'Save webhook' }).click();
    await card.getByText('headers X-Region').waitFor();
    const left = await lastTest(card);
    expect(left['x-region']).to.equal('eu-west');
    expect(left).not.to.have.property('x-tenant');
  });
});
