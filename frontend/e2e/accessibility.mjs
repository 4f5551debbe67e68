#!/usr/bin/env node
// WCAG 2.2 AA in the browser: axe-core on every screen, signed out and signed in, with the dialogs
// and menus open, in both themes and at desktop and phone width. Fails on any serious or critical
// violation and names each one with the elements it found. Also: the keyboard-only flow (generate,
// select three images, star them, download a ZIP), page titles, one h1 per screen and landmarks. The
// collection screens' audit is in collections.mjs, beside their flows.
import {
  audit,
  base,
  createRunner,
  expect,
  generate,
  imagesLoaded,
  inDialog,
  launchChromium,
  settle,
  signUp,
  tabTo,
  viewports,
} from './support.mjs';

const { test, finish } = createRunner(await launchChromium());
/** A reminder's unsubscribe link: the page asks first, so opening it changes nothing. */
const UNSUBSCRIBE_LINK = '/unsubscribe?token=00000000-0000-4000-8000-000000000000';

async function visit(page, route, screen, found) {
  await page.goto(`${base}${route}`);
  await settle(page);
  found.push(...(await audit(page, screen)));
}

for (const theme of ['dark', 'light']) {
  await test(
    `no serious or critical axe violations on any screen in the ${theme} theme`,
    async (page) => {
      const found = [];
      for (const [size, viewport] of Object.entries(viewports)) {
        await page.setViewportSize(viewport);
        for (const route of [
          '/',
          '/auth',
          '/auth?mode=signup',
          '/auth?mode=reset',
          '/examples',
          '/terms',
          '/privacy',
          UNSUBSCRIBE_LINK,
          '/no/such/page',
        ]) {
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
        await page.getByLabel('Describe your design').fill('just do it, retro sunset');
        await page.locator('#prompt-risks').getByText('Risk flags, not legal advice').waitFor();
        found.push(...(await audit(page, `${size} /generate with the risk banner`)));
        await page.getByLabel('Describe your design').fill('');
        await page.locator('#prompt-risks').getByText('Risk flags, not legal advice').waitFor({ state: 'detached' });
        await inDialog(page, () => page.getByRole('button', { name: 'Help & Support' }).click(), `${size} Help & Support`, found);
        await inDialog(page, () => page.getByRole('button', { name: 'Account menu' }).click(), `${size} account menu`, found);
        await inDialog(page, () => page.getByRole('button', { name: 'Image details' }).first().click(), `${size} Image Details`, found);
        await inDialog(page, () => page.getByRole('button', { name: 'Open image 1 in the lightbox' }).click(), `${size} lightbox`, found);
        await inDialog(page, () => page.getByRole('button', { name: 'More actions' }).first().click(), `${size} card menu`, found);
        await inDialog(
          page,
          async () => {
            await page.getByRole('button', { name: 'More actions' }).first().click();
            await page.getByRole('menuitem', { name: 'Prepare listing…' }).click();
            await page.getByRole('dialog', { name: 'Prepare listing' }).getByLabel('Title').waitFor({ timeout: 60_000 });
            await page
              .getByRole('list', { name: 'Mockups' })
              .or(page.getByText('The mockups could not be made'))
              .waitFor({ timeout: 60_000 });
          },
          `${size} listing panel`,
          found,
        );
        await page.getByLabel('Select image 1').click();
        found.push(...(await audit(page, `${size} /generate with a selection`)));
        await inDialog(
          page,
          () => page.getByRole('group', { name: 'Selected images' }).getByRole('button', { name: 'Create Printify drafts' }).click(),
          `${size} Create Printify drafts`,
          found,
        );
        await inDialog(
          page,
          () => page.getByRole('group', { name: 'Selected images' }).getByRole('button', { name: 'Delete' }).click(),
          `${size} bulk delete confirmation`,
          found,
        );
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
      // Last, as it freezes the page's clock: 11 minutes after the sign-up, leaving asks "Confirm it's you" first.
      await page.clock.setFixedTime(Date.now() + 11 * 60_000);
      await visit(page, '/account', 'desktop /account, 11 minutes after signing in', found);
      await inDialog(
        page,
        () => page.getByRole('button', { name: 'Download My Data' }).click(),
        "desktop Confirm it's you (download)",
        found,
      );
      expect(found.length === 0, `${found.length} serious or critical violations:\n${found.join('\n')}`);
    },
    { theme },
  );
}

const focusedName = (page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? '');

/** Focus moves in a task after the key (Radix returns it from a timer once the dialog unmounts): wait for it, then check. */
async function expectFocusOn(page, name, what) {
  await page
    .waitForFunction((label) => document.activeElement?.getAttribute('aria-label') === label, name, { timeout: 3_000 })
    .catch(() => undefined);
  const focused = await focusedName(page);
  expect(focused === name, `${what}: "${focused}"`);
}

await test('keyboard only: generate, select three images, star them and download a ZIP', async (page) => {
  await signUp(page, `a11y-keys-${Date.now()}@example.com`);
  await page.goto(`${base}/generate`);
  await settle(page);
  await page.keyboard.press('Tab');
  expect((await focusedName(page)) === 'Skip to content', `the first Tab stop is "${await focusedName(page)}", not the skip link`);
  await page.keyboard.press('Enter');
  const prompt = page.getByLabel('Describe your design');
  await tabTo(page, prompt);
  const text = "'Night Owl' owl with a coffee cup in bold retro letters";
  await page.keyboard.type(text);
  await tabTo(page, page.getByRole('button', { name: 'Generate', exact: true }));
  await page.keyboard.press('Enter');
  await page.waitForFunction(
    (start) => [...document.querySelectorAll('[data-testid="asset-card"] img')].filter((img) => img.alt.includes(start)).length >= 4,
    text.slice(0, 20),
    { timeout: 120_000 },
  );
  await imagesLoaded(page);

  // Enter opens the lightbox; Escape closes it and the focus returns to the card.
  const first = page.getByRole('button', { name: 'Open image 1 in the lightbox' });
  await tabTo(page, first);
  await page.keyboard.press('Enter');
  await page
    .getByRole('dialog')
    .getByText(/^1 of 4/)
    .waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await expectFocusOn(page, 'Open image 1 in the lightbox', 'focus after the lightbox');

  // Space selects, the arrow keys move, Shift+Space selects the range.
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await expectFocusOn(page, 'Open image 2 in the lightbox', 'ArrowRight moved to');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+Space');
  await page.getByRole('status').filter({ hasText: '3 images selected' }).waitFor();
  for (const index of [1, 2, 3]) expect(await page.getByLabel(`Select image ${index}`).isChecked(), `image ${index} is not selected`);
  expect(!(await page.getByLabel('Select image 4').isChecked()), 'image 4 is selected too');

  const bulk = page.getByRole('group', { name: 'Selected images' });
  await tabTo(page, bulk.getByRole('button', { name: 'Star' }), 'Shift+Tab');
  await page.keyboard.press('Enter');
  await page.waitForFunction(
    () => document.querySelectorAll('[data-testid="asset-card"] button[aria-label="Unstar"]').length === 3,
    undefined,
    { timeout: 15_000 },
  );

  await tabTo(page, bulk.getByRole('button', { name: 'Download' }));
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename().endsWith('.zip'), `downloaded ${download.suggestedFilename()}, not a ZIP`);
  const zipPath = await download.path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(zipPath).subarray(0, 2).toString() === 'PK', 'the download is not a ZIP file');
});

await test('keyboard only: prepare a listing from the card menu, focus kept in the panel, fields labelled, focus back on Escape', async (page) => {
  await signUp(page, `a11y-listing-${Date.now()}@example.com`);
  await generate(page, "'Night Owl' owl with a coffee cup in bold retro letters");
  await imagesLoaded(page);
  const more = page.getByRole('button', { name: 'More actions' }).first();
  await more.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Prepare listing…' }).waitFor();
  // The first item of the menu: Enter picks it.
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Prepare listing' });
  const title = panel.getByLabel('Title');
  await title.waitFor({ timeout: 60_000 });
  // Every text field of the panel has a label and a counter or message it is described by.
  const unlabelled = await panel.evaluate((root) =>
    [...root.querySelectorAll('input:not([type=checkbox]), textarea, select')]
      .filter((field) => !field.labels?.length && !field.getAttribute('aria-label'))
      .map((field) => field.outerHTML.slice(0, 80)),
  );
  expect(unlabelled.length === 0, `unlabelled fields: ${unlabelled.join(' | ')}`);
  expect(
    (await title.getAttribute('aria-describedby')).split(' ').every((id) => id.length > 0),
    'the title is described by nothing',
  );
  const counter = panel.getByText(/ of 140 characters$/);
  expect((await counter.getAttribute('aria-live')) === 'polite', 'the title counter is not a polite live region');
  // Tab cycles inside the panel: the page behind it is never reached.
  for (let press = 0; press < 45; press += 1) {
    await page.keyboard.press('Tab');
    const inside = await panel.evaluate((root) => root.contains(document.activeElement));
    expect(inside, `Tab ${press + 1} left the panel for "${await focusedName(page)}"`);
  }
  await tabTo(page, title);
  await page.keyboard.press('End');
  await page.keyboard.type(' Tee');
  await tabTo(page, panel.getByRole('button', { name: 'Save listing' }));
  await page.keyboard.press('Enter');
  await page.getByText('Listing saved', { exact: true }).first().waitFor();
  expect((await focusedName(page)) === 'Save listing', `focus after saving: "${await focusedName(page)}"`);
  // Escape closes the topmost layer: the "Listing saved" toast first, then the panel.
  for (let press = 0; press < 2 && (await panel.isVisible()); press += 1) {
    await page.keyboard.press('Escape');
    await page.waitForTimeout(200);
  }
  await panel.waitFor({ state: 'detached' });
  await expectFocusOn(page, 'More actions', 'focus after the panel');
});

await test('no serious or critical axe violations in the Create Printify drafts dialog (template picker, light and dark previews, progress list) in both themes', async (page) => {
  const found = [];
  await signUp(page, `a11y-drafts-${Date.now()}@example.com`);
  // A Pro seller: the dialog offers its templates (a Starter one sees only the upgrade message).
  await page.goto(`${base}/pricing`);
  await page.getByRole('button', { name: 'Subscribe to Pro' }).click();
  await page.waitForURL('**/checkout/**');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.waitForURL('**/account?checkout=success');
  await page.goto(`${base}/generate`);
  await generate(page, "'Trail Ready' mountain badge");
  await imagesLoaded(page);
  await page.getByLabel('Select image 1').click();
  await page.getByLabel('Select image 2').click({ modifiers: ['Shift'] });
  await page.getByRole('group', { name: 'Selected images' }).getByRole('button', { name: 'Create Printify drafts' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Printify drafts' });
  await dialog.getByRole('radio', { name: /Unisex tee/ }).check();
  for (const name of ['On White: the light file', 'On Black: the dark file'])
    await page.waitForFunction(
      (alt) => [...document.querySelectorAll('[role="dialog"] img')].some((img) => img.alt === alt && img.complete && img.naturalWidth > 0),
      name,
      { timeout: 30_000 },
    );
  // Both themes with the dialog open, switched as the theme toggle does (the `dark` class on <html>).
  const inBothThemes = async (screen) => {
    for (const theme of ['dark', 'light']) {
      await page.evaluate((value) => {
        localStorage.setItem('theme', value);
        document.documentElement.classList.toggle('dark', value === 'dark');
      }, theme);
      for (const [size, viewport] of Object.entries(viewports)) {
        await page.setViewportSize(viewport);
        await page.waitForTimeout(350); // colour transitions end before axe measures contrast
        found.push(...(await audit(page, `${size} ${theme} ${screen}`)));
      }
    }
    await page.setViewportSize(viewports.desktop);
  };
  await inBothThemes('Create Printify drafts, template picker and previews');
  await dialog.getByRole('button', { name: 'Create 2 drafts' }).click();
  await page.waitForFunction(() => document.querySelectorAll('[data-status="draft_created"]').length === 2, null, { timeout: 180_000 });
  await dialog
    .getByRole('link', { name: /Open in Printify/ })
    .first()
    .waitFor();
  await inBothThemes('Create Printify drafts, progress list with the drafts made');
  expect(found.length === 0, `${found.length} serious or critical violations:\n${found.join('\n')}`);
});

await test('page titles name each screen and every screen has exactly one h1', async (page) => {
  const screens = {
    '/': 'Print-ready designs from a plain idea',
    '/auth': 'Log in or sign up',
    '/examples': 'Examples',
    '/terms': 'Terms of Service',
    '/privacy': 'Privacy Policy',
    [UNSUBSCRIBE_LINK]: 'Stop Expiry Reminders',
    '/no/such/page': 'Page Not Found',
  };
  for (const [route, title] of Object.entries(screens)) {
    await page.goto(`${base}${route}`);
    await page.locator('h1').first().waitFor();
    expect((await page.title()) === `Printloom — ${title}`, `${route} is titled "${await page.title()}"`);
    expect((await page.locator('h1').count()) === 1, `${route} has ${await page.locator('h1').count()} h1 elements`);
    expect((await page.locator('html').getAttribute('lang')) === 'en', `${route} has no lang`);
  }
  await signUp(page, `a11y-titles-${Date.now()}@example.com`);
  for (const [route, title] of Object.entries({ '/generate': 'Generate', '/account': 'Account & Billing', '/pricing': 'Pricing' })) {
    await page.goto(`${base}${route}`);
    await page.locator('h1').first().waitFor({ state: 'attached' });
    expect((await page.title()) === `Printloom — ${title}`, `${route} is titled "${await page.title()}"`);
    expect((await page.locator('h1').count()) === 1, `${route} has ${await page.locator('h1').count()} h1 elements`);
    for (const landmark of ['banner', 'main'])
      expect((await page.getByRole(landmark).count()) >= 1, `${route} has no ${landmark} landmark`);
  }
});

await test(
  'prefers-reduced-motion turns off the slides and transitions',
  async (page) => {
    const seconds = (value) =>
      Math.max(...value.split(',').map((part) => (part.trim().endsWith('ms') ? parseFloat(part) / 1000 : parseFloat(part))));
    const motion = async () => {
      await page.goto(base);
      await page.evaluate(() => localStorage.removeItem('cookie-consent'));
      await page.reload();
      const banner = page.getByRole('region', { name: 'Cookie consent' });
      await banner.waitFor();
      const slide = await banner.evaluate((element) => getComputedStyle(element).animationDuration);
      const fade = await page
        .getByRole('link', { name: 'View Examples' })
        .evaluate((element) => getComputedStyle(element).transitionDuration);
      return { slide: seconds(slide), fade: seconds(fade) };
    };
    const normal = await motion();
    expect(
      normal.slide >= 0.2 && normal.fade >= 0.1,
      `without the preference the banner slides (${normal.slide}s) and buttons fade (${normal.fade}s)`,
    );
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const reduced = await motion();
    expect(reduced.slide < 0.001 && reduced.fade < 0.001, `with reduced motion: slide ${reduced.slide}s, transition ${reduced.fade}s`);
  },
  { consent: false },
);

await finish();
