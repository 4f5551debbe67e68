#!/usr/bin/env node
// WCAG 2.2 AA in the browser: axe-core on every screen, signed out and signed in, with the dialogs
// and menus open, in both themes and at desktop and phone width. Fails on any serious or critical
// violation and names each one with the elements it found.
import { AxeBuilder } from '@axe-core/playwright';
import { base, createRunner, expect, generate, imagesLoaded, launchChromium, signUp } from './support.mjs';

const { test, finish } = createRunner(await launchChromium());
const viewports = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } };
const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Runs axe on what the page shows now; returns one line per serious or critical violation. */
async function audit(page, screen) {
  const { violations } = await new AxeBuilder({ page }).withTags(wcag).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${screen}: ${violation.id} (${violation.impact}) on ${violation.nodes.length} element(s): ${violation.nodes.slice(0, 4).map((node) => node.target.join(' ')).join(' | ')}`);
}

async function settle(page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
}

async function visit(page, route, screen, found) {
  await page.goto(`${base}${route}`);
  await settle(page);
  found.push(...(await audit(page, screen)));
}

async function inDialog(page, open, screen, found) {
  await open();
  await page.getByRole('dialog').or(page.getByRole('menu')).or(page.getByRole('alertdialog')).first().waitFor();
  await page.waitForTimeout(350); // let the open animation finish so colours are final
  found.push(...(await audit(page, screen)));
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').or(page.getByRole('menu')).or(page.getByRole('alertdialog')).first().waitFor({ state: 'detached' });
}

for (const theme of ['dark', 'light']) {
  await test(`no serious or critical axe violations on any screen in the ${theme} theme`, async (page) => {
    const found = [];
    for (const [size, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      for (const route of ['/', '/auth', '/auth?mode=signup', '/auth?mode=reset', '/examples', '/terms', '/privacy', '/no/such/page']) {
        await visit(page, route, `${size} ${route}`, found);
      }
    }
    await page.setViewportSize(viewports.desktop);
    await page.evaluate(() => localStorage.removeItem('cookie-consent'));
    await page.goto(base);
    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Accept' }).waitFor({ timeout: 3000 });
    found.push(...(await audit(page, 'desktop / with the cookie banner')));
    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Accept' }).click();

    await signUp(page, `a11y-${theme}-${Date.now()}@example.com`);
    await generate(page, "'Space Meow' cat astronaut in retro letters");
    await imagesLoaded(page);
    for (const [size, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await visit(page, '/generate', `${size} /generate`, found);
      await imagesLoaded(page);
      await page.getByLabel('Describe your design').focus(); // reveals the options
      found.push(...(await audit(page, `${size} /generate with the prompt options`)));
      await inDialog(page, () => page.getByRole('button', { name: 'Help & Support' }).click(), `${size} Help & Support`, found);
      await inDialog(page, () => page.getByRole('button', { name: 'Account menu' }).click(), `${size} account menu`, found);
      await inDialog(page, () => page.getByRole('button', { name: 'Image details' }).first().click(), `${size} Image Details`, found);
      await inDialog(page, () => page.getByRole('button', { name: 'Open image 1 in the lightbox' }).click(), `${size} lightbox`, found);
      await inDialog(page, () => page.getByRole('button', { name: 'More actions' }).first().click(), `${size} card menu`, found);
      await page.getByLabel('Select image 1').click();
      found.push(...(await audit(page, `${size} /generate with a selection`)));
      await inDialog(page, () => page.getByRole('group', { name: 'Selected images' }).getByRole('button', { name: 'Delete' }).click(), `${size} bulk delete confirmation`, found);
      await page.getByLabel('Select image 1').click();
      await visit(page, '/account', `${size} /account`, found);
      await visit(page, '/pricing', `${size} /pricing`, found);
    }
    await page.setViewportSize(viewports.desktop);
    await page.goto(`${base}/pricing`);
    await page.getByRole('button', { name: 'Subscribe to Starter' }).click();
    await page.waitForURL('**/checkout/**');
    await settle(page);
    found.push(...(await audit(page, 'desktop /checkout')));
    expect(found.length === 0, `${found.length} serious or critical violations:\n${found.join('\n')}`);
  }, { theme });
}

await finish();
