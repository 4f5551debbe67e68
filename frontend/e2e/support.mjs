// What every browser test script shares (run.mjs, collections.mjs, accessibility.mjs): Debian's Chromium
// through playwright-core, a small test runner with fresh contexts (stored theme and cookie consent) that
// fails a test on uncaught page errors and on Content-Security-Policy violations, the sign-up and
// generate flows, and the axe audit with its widths and waits.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium } from 'playwright-core';

export const base = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080';
const mailApi = `${process.env.E2E_MAIL_URL ?? 'http://127.0.0.1:1080'}/api/email`;
export const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(shots, { recursive: true });
const only = process.env.E2E_ONLY;

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export function expect(condition, message) {
  if (!condition) throw new Error(message);
}

/**
 * Every Content-Security-Policy violation in any page of the context: each fires
 * `securitypolicyviolation` (even one whose error a script caught), which goes to the console here.
 */
async function watchCspViolations(context) {
  const violations = [];
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  context.on('console', (message) => {
    const text = message.text();
    if (/^CSP violation:/.test(text)) violations.push(text);
  });
  return violations;
}

/**
 * A runner over one browser: `test(name, body, options)` opens a fresh context (`consent` pre-stores
 * cookie consent so the banner stays out of the way), fails on uncaught page errors and on CSP
 * violations (a test that provokes some says how many with `cspViolationsExpected`), and `finish()`
 * prints the 'E2E: N passed, N failed' line and exits. Each test prints its wall time; E2E_TIMINGS_FILE=<path>
 * also writes them there as JSON (make test lists the slowest). E2E_ONLY=<text> runs the tests whose name
 * has it; E2E_DEBUG=1 logs every API response.
 */
export function createRunner(browser) {
  const results = [];
  async function test(
    name,
    body,
    { theme = 'dark', consent = true, viewport = { width: 1280, height: 900 }, cspViolationsExpected = 0 } = {},
  ) {
    if (only && !name.includes(only)) return;
    const startedAt = Date.now();
    const took = () => Math.round((Date.now() - startedAt) / 100) / 10;
    const context = await browser.newContext({ viewport, acceptDownloads: true });
    await context.addInitScript(
      ([storedTheme, storeConsent]) => {
        if (sessionStorage.getItem('e2e-init')) return;
        sessionStorage.setItem('e2e-init', '1');
        localStorage.setItem('theme', storedTheme);
        if (storeConsent) localStorage.setItem('cookie-consent', JSON.stringify({ value: 'accepted', at: new Date().toISOString() }));
      },
      [theme, consent],
    );
    const cspViolations = await watchCspViolations(context);
    const page = await context.newPage();
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    if (process.env.E2E_DEBUG)
      page.on(
        'response',
        (response) =>
          response.url().includes('/api/') && console.log(`    ${response.status()} ${response.request().method()} ${response.url()}`),
      );
    try {
      await body(page, context);
      expect(pageErrors.length === 0, `uncaught page errors: ${pageErrors.join('; ')}`);
      expect(cspViolations.length === cspViolationsExpected, `Content-Security-Policy violations: ${cspViolations.join('; ') || 'none'}`);
      results.push({ name, ok: true, seconds: took() });
      console.log(`  ✓ ${name} (${took()} s)`);
    } catch (error) {
      results.push({ name, ok: false, seconds: took(), error: String(error.message).slice(0, 2000) });
      console.log(`  ✕ ${name} (${took()} s)\n    ${String(error.message).split('\n').join('\n    ')}`);
      await page.screenshot({ path: path.join(shots, `failed-${name.replace(/\W+/g, '-').slice(0, 60)}.png`) }).catch(() => undefined);
    } finally {
      await context.close();
    }
  }
  async function finish() {
    await browser.close();
    const passed = results.filter((result) => result.ok).length;
    const failed = results.length - passed;
    if (process.env.E2E_TIMINGS_FILE) writeFileSync(process.env.E2E_TIMINGS_FILE, JSON.stringify(results));
    console.log(`E2E: ${passed} passed, ${failed} failed`);
    process.exit(failed === 0 ? 0 : 1);
  }
  return { test, finish };
}

const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe (WCAG 2.2 AA) on what the page shows now, or on the part `include` selects; answers one line
 * per serious or critical violation.
 */
export async function audit(page, screen, include) {
  // Legacy mode runs axe.run in the page itself. The default opens a blank page per audit to merge the
  // results of cross-origin frames, which the app has none of: measured on 5 screens, the same passes
  // and violations, 1.8x less wall time (16.3 s → 9.0 s for 10 audits) and 1.6x less of Chromium's CPU.
  const builder = new AxeBuilder({ page }).withTags(wcag).setLegacyMode(true);
  const { violations } = await (include ? builder.include(include) : builder).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${screen}: ${violation.id} (${violation.impact}) on ${violation.nodes.length} element(s): ${violation.nodes
          .slice(0, 4)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
}

export const shot = (page, name) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: false });

export async function codeFor(email) {
  for (let attempt = 0; attempt < 150; attempt += 1) {
    const mails = await (await fetch(mailApi)).json();
    const mail = mails.filter((candidate) => candidate.to?.[0]?.address === email && /code/i.test(candidate.subject)).pop();
    if (mail) return /(\d{6})/.exec(mail.subject)[1];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code mailed to ${email}`);
}

/**
 * A whole collection's delete, download or export, a delete of many designs and connecting Printify need
 * a recent proof: signing in gives one for 10 minutes, after which the app asks "Confirm it's you". Waits
 * for `next` (what the action shows once it goes on) or that dialog, answers it with signUp's password,
 * and waits for `next`.
 */
export async function confirmIfAsked(page, next, timeout = 60_000) {
  const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
  await dialog.or(next).first().waitFor({ timeout });
  if (await dialog.isVisible()) {
    await dialog.getByLabel('Password').fill('correct horse battery');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
  }
  await next.waitFor({ timeout });
}

/** Signs up through the screens and waits for the trial credits; answers the analytics events the verification pushed. */
export async function signUp(page, email) {
  await page.goto(`${base}/auth?mode=signup`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByLabel('6-digit code').waitFor();
  const code = await codeFor(email);
  await page.getByLabel('6-digit code').fill(`${code.slice(0, 3)}-${code.slice(3)}`); // pasted junk is stripped; verifies on the 6th digit
  await page.waitForURL('**/generate');
  // Read before any reload below empties window.dataLayer.
  const pushed = await page.evaluate(() => (window.dataLayer ?? []).map((entry) => entry.event));
  // The trial credits arrive with an event after the verification: on a busy machine the first /me can
  // still say 0 (the banner's "of 10 credits left" is no proof), so wait for the header's count.
  const credits = page.getByRole('link', { name: '10 credits, account and billing' });
  for (let attempt = 0; attempt < 15; attempt += 1) {
    if (
      await credits.waitFor({ timeout: 2000 }).then(
        () => true,
        () => false,
      )
    )
      return { pushed };
    await page.reload();
  }
  throw new Error(`${email} never got the 10 trial credits`);
}

export async function generate(page, prompt) {
  await page.getByLabel('Describe your design').fill(prompt);
  await page.getByRole('button', { name: 'Generate' }).click();
  await page.waitForFunction(
    (text) => [...document.querySelectorAll('[data-testid="asset-card"] img')].filter((img) => img.alt.includes(text)).length >= 4,
    prompt.slice(0, 20),
    { timeout: 120_000 },
  );
}

export const imagesLoaded = (page) =>
  page.waitForFunction(
    () => [...document.querySelectorAll('[data-testid="asset-card"] img')].every((img) => img.complete && img.naturalWidth > 0),
    undefined,
    { timeout: 30_000 },
  );

/** The names of the files in a ZIP, read from its central directory. */
export function zipEntryNames(zip) {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (zip.subarray(0, 2).toString() !== 'PK' || end < 0) return null;
  const names = [];
  let at = zip.readUInt32LE(end + 16);
  for (let entry = 0; entry < zip.readUInt16LE(end + 10); entry += 1) {
    const [nameLength, extraLength, commentLength] = [zip.readUInt16LE(at + 28), zip.readUInt16LE(at + 30), zip.readUInt16LE(at + 32)];
    names.push(zip.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** The two widths every screen is audited at. */
export const viewports = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } };

/** Waits until the page is idle and its fonts are in (colours and layout final). */
export async function settle(page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
}

/** Opens a dialog or menu with `open`, audits it once its animation is over, and closes it with Escape. */
export async function inDialog(page, open, screen, found) {
  await open();
  await page.getByRole('dialog').or(page.getByRole('menu')).or(page.getByRole('alertdialog')).first().waitFor();
  await page.waitForTimeout(350); // let the open animation finish so colours are final
  found.push(...(await audit(page, screen)));
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').or(page.getByRole('menu')).or(page.getByRole('alertdialog')).first().waitFor({ state: 'detached' });
}

/** Presses `key` (Tab or Shift+Tab) until `target` has the focus; fails after `limit` presses. */
export async function tabTo(page, target, key = 'Tab', limit = 60) {
  for (let press = 0; press < limit; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached ${target}`);
}
