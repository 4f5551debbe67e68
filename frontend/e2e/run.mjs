#!/usr/bin/env node
// Browser tests: Debian's Chromium driven by playwright-core against a natively running system
// (scripts/test.mjs starts one). Screenshots go to frontend/e2e/screenshots/.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const base = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080';
const mailApi = `${process.env.E2E_MAIL_URL ?? 'http://127.0.0.1:1080'}/api/email`;
const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(shots, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const results = [];
async function test(name, body) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  try {
    await body(page);
    results.push({ name, ok: true });
    console.log(`  ✓ ${name}`);
  } catch (error) {
    results.push({ name, ok: false });
    console.log(`  ✕ ${name}\n    ${String(error.message).split('\n')[0]}`);
    await page.screenshot({ path: path.join(shots, `failed-${results.length}.png`) }).catch(() => undefined);
  } finally {
    await context.close();
  }
}
const expect = (condition, message) => {
  if (!condition) throw new Error(message);
};

async function codeFor(email) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const mails = await (await fetch(mailApi)).json();
    const mail = mails.filter((candidate) => candidate.to?.[0]?.address === email && /code/.test(candidate.subject)).pop();
    if (mail) return /(\d{6})/.exec(mail.subject)[1];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code mailed to ${email}`);
}

await test('landing page shows the hero and the plans', async (page) => {
  await page.goto(base);
  await page.getByText('No Complex Prompts Required').waitFor();
  expect(await page.getByText('Studio').count() > 0, 'plans missing');
  await page.screenshot({ path: path.join(shots, 'landing-dark.png') });
});

await test('unknown paths show Page Not Found, /history goes to /generate (then /auth for a visitor)', async (page) => {
  await page.goto(`${base}/no/such/page`);
  await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
  await page.goto(`${base}/history`);
  await page.waitForURL('**/auth');
});

await test('sign up, verify with the mailed code, generate 4 designs, star, delete, log out', async (page) => {
  const email = `e2e-${Date.now()}@example.com`;
  await page.goto(`${base}/auth?mode=signup`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByLabel('6-digit code').waitFor();
  await page.screenshot({ path: path.join(shots, 'verify-dark.png') });
  await page.getByLabel('6-digit code').fill(await codeFor(email)); // verifies on the 6th digit
  await page.waitForURL('**/generate');
  await page.getByText('10 credits').waitFor();
  await page.getByLabel('Describe your design').fill("a cat astronaut, 'Space Meow' in retro letters");
  await page.getByRole('button', { name: 'Generate' }).click();
  await page.waitForFunction(() => document.querySelectorAll('img[alt*="Space Meow"]').length === 4, undefined, { timeout: 90_000 });
  await page.getByText('9 credits').waitFor();
  await page.screenshot({ path: path.join(shots, 'generate-dark.png') });

  await page.getByRole('button', { name: 'Star', exact: true }).first().click();
  await page.getByRole('button', { name: 'Unstar', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Starred Only' }).click();
  await page.waitForFunction(() => document.querySelectorAll('img[alt*="Space Meow"]').length === 1);
  await page.getByRole('button', { name: 'Starred Only' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).first().click();
  await page.waitForFunction(() => document.querySelectorAll('img[alt*="Space Meow"]').length === 3);

  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
});

await browser.close();
const passed = results.filter((result) => result.ok).length;
const failed = results.length - passed;
console.log(`E2E: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
