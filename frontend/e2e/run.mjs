#!/usr/bin/env node
// Browser tests: Debian's Chromium driven by playwright-core against a natively running system
// (scripts/test.mjs starts one). Screenshots of every main screen in both themes go to
// frontend/e2e/screenshots/.
import { readFileSync } from 'node:fs';
import {
  audit,
  base,
  confirmIfAsked,
  createRunner,
  expect,
  generate,
  imagesLoaded,
  launchChromium,
  shot,
  signUp,
  zipEntryNames,
} from './support.mjs';

const { test, finish } = createRunner(await launchChromium());
const cards = (page) => page.getByTestId('asset-card');

for (const theme of ['dark', 'light']) {
  await test(
    `public screens render in the ${theme} theme`,
    async (page) => {
      await page.goto(base);
      await page.getByText('No Complex Prompts Required').waitFor();
      expect((await page.getByText('Studio').count()) > 0, 'plans missing on the landing page');
      expect(
        (await page.evaluate(() => document.documentElement.classList.contains('dark'))) === (theme === 'dark'),
        'theme class not applied',
      );
      await shot(page, `landing-${theme}`);
      const examples = await page.goto(`${base}/examples`);
      expect(examples.status() === 200 && !examples.request().redirectedFrom(), '/examples must be served as is, not redirected');
      await page.getByRole('link', { name: 'Log In' }).first().waitFor();
      await page.waitForLoadState('networkidle');
      const brokenExamples = await page.evaluate(async () => {
        const sources = [...document.images].map((img) => img.src).filter((src) => src.includes('/media/examples/'));
        const answers = await Promise.all(
          sources.map((src) => fetch(src).then((response) => response.ok && response.headers.get('content-type') === 'image/webp')),
        );
        return sources.length === 24 ? answers.filter((ok) => !ok).length : `${sources.length} of 24`;
      });
      expect(brokenExamples === 0, `example images did not load: ${brokenExamples}`);
      await shot(page, `examples-${theme}`);
      await page.goto(`${base}/auth`);
      await page.getByRole('button', { name: 'Continue with Google' }).waitFor();
      await shot(page, `auth-${theme}`);
      await page.goto(`${base}/privacy`);
      await page
        .getByText(/7 years/)
        .first()
        .waitFor();
      await shot(page, `privacy-${theme}`);
      await page.goto(`${base}/terms`);
      await shot(page, `terms-${theme}`);
      await page.goto(`${base}/unsubscribe?token=00000000-0000-4000-8000-000000000000`);
      await page.getByRole('button', { name: 'Stop Reminders' }).waitFor();
      await shot(page, `unsubscribe-${theme}`);
      await page.goto(`${base}/no/such/page`);
      await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
      await shot(page, `not-found-${theme}`);
    },
    { theme },
  );
}

await test(
  'the SPA runs under its Content-Security-Policy: the theme script by its hash, an injected inline script refused and reported',
  async (page) => {
    const response = await page.goto(base);
    const scriptSrc =
      (response.headers()['content-security-policy'] ?? '').split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
    expect(/'sha256-[\w+/=]+'/.test(scriptSrc) && !scriptSrc.includes('unsafe-inline'), `script-src is "${scriptSrc}"`);
    await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
    expect(!(await page.evaluate(() => document.documentElement.classList.contains('dark'))), 'the stored light theme was not applied');
    const injectedRan = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.head.append(script);
      await new Promise((resolve) => setTimeout(resolve, 200));
      return window.__injected === true;
    });
    expect(!injectedRan, 'an injected inline script ran');
  },
  { theme: 'light', cspViolationsExpected: 1 },
);

await test('the theme toggle switches and remembers the theme', async (page) => {
  await page.goto(base);
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  expect(!(await page.evaluate(() => document.documentElement.classList.contains('dark'))), 'still dark');
  await page.reload();
  await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
  expect((await page.evaluate(() => localStorage.getItem('theme'))) === 'light', 'theme not stored');
});

await test('unknown paths show Page Not Found; /history and signed-in pages send a visitor to /auth', async (page) => {
  await page.goto(`${base}/no/such/page`);
  await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
  await page.goto(`${base}/history`);
  await page.waitForURL('**/auth');
  for (const route of ['/generate', '/account', '/pricing']) {
    await page.goto(`${base}${route}`);
    await page.waitForURL('**/auth');
  }
});

await test(
  'the cookie banner appears after a second; Accept stores consent, dismiss does not',
  async (page) => {
    // When the app first rendered and when the banner appeared, read in the page: on a busy machine the
    // banner may come late, never early (a check right after goto could already be past the second).
    await page.addInitScript(() => {
      const seen = (window.__consentTimes = {});
      new MutationObserver(() => {
        const now = performance.now();
        if (seen.app === undefined && document.getElementById('root')?.childElementCount) seen.app = now;
        if (seen.banner === undefined && document.querySelector('[aria-label="Cookie consent"]')) seen.banner = now;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(base);
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.getByText('We use cookies for analytics.').waitFor({ timeout: 3000 });
    const times = await page.evaluate(() => window.__consentTimes);
    // The app's mark can be taken a little after the banner's timer started (a busy page: 937 ms seen), while
    // a banner without its delay shows in the same render.
    expect(times.banner - times.app >= 800, `banner shown ${Math.round(times.banner - times.app)} ms after the app rendered`);
    await banner.getByRole('button', { name: 'Dismiss cookie banner' }).click();
    await banner.waitFor({ state: 'detached' });
    expect((await page.evaluate(() => localStorage.getItem('cookie-consent'))) === null, 'dismiss stored consent');
    await page.reload();
    await banner.getByRole('button', { name: 'Accept' }).click();
    await banner.waitFor({ state: 'detached' });
    const stored = JSON.parse(await page.evaluate(() => localStorage.getItem('cookie-consent')));
    expect(stored.value === 'accepted' && !Number.isNaN(Date.parse(stored.at)), `consent stored as ${JSON.stringify(stored)}`);
    await page.reload();
    await page.waitForTimeout(1500);
    expect((await banner.count()) === 0, 'banner came back after consent');
  },
  { consent: false },
);

await test('sign up, generate 4 designs, star, search, lightbox, download, details, upscale on trial, remove background, shift-select, ZIP download and bulk delete, describe, log out', async (page) => {
  const email = `e2e-${Date.now()}@example.com`;
  const { pushed } = await signUp(page, email);
  expect(pushed.includes('email_verified'), 'email_verified not pushed to dataLayer');
  await page.getByText('Free trial:').waitFor();

  await generate(page, "a cat astronaut, 'Space Meow' in retro letters");
  await page.getByText('9 credits').first().waitFor();
  expect((await cards(page).count()) === 4, 'expected 4 cards');
  const thumbnail = await page.locator('[data-testid="asset-card"] img').first().getAttribute('src');
  expect(thumbnail.includes('size=thumbnail'), `gallery image is not a thumbnail: ${thumbnail}`);
  await imagesLoaded(page);
  await shot(page, 'generate-dark');

  await page.getByRole('button', { name: 'Star', exact: true }).first().click();
  await page.getByRole('button', { name: 'Unstar', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Starred Only' }).click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="asset-card"]').length === 1);
  await page.getByRole('button', { name: 'Starred Only' }).click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="asset-card"]').length === 4);

  await page.getByLabel('Search prompts').fill('space meow');
  await page.waitForTimeout(600);
  expect((await cards(page).count()) === 4, 'search by prompt lost cards');
  await page.getByLabel('Search prompts').fill('no such design anywhere');
  await page.getByText('No matching images found').waitFor();
  await page.getByLabel('Search prompts').fill('');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="asset-card"]').length === 4);

  await page.getByRole('button', { name: 'Open image 1 in the lightbox' }).click();
  const lightboxTitle = page.getByRole('dialog').getByText(/^1 of 4/);
  await lightboxTitle.waitFor();
  await page.getByTestId('lightbox-image').waitFor();
  await page.keyboard.press('ArrowRight');
  await page
    .getByRole('dialog')
    .getByText(/^2 of 4/)
    .waitFor();
  await page.getByRole('button', { name: 'Next image' }).click();
  await page
    .getByRole('dialog')
    .getByText(/^3 of 4/)
    .waitFor();
  await page.keyboard.press('ArrowLeft');
  await page
    .getByRole('dialog')
    .getByText(/^2 of 4/)
    .waitFor();
  await shot(page, 'lightbox-dark');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download', exact: true }).first().click(),
  ]);
  expect(download.suggestedFilename().endsWith('.png'), `download named ${download.suggestedFilename()}`);
  const file = readFileSync(await download.path());
  expect(file.subarray(1, 4).toString() === 'PNG' && file.readUInt32BE(16) >= 1000, 'download is not a print-size PNG');

  await page.getByRole('button', { name: 'Image details' }).first().click();
  await page.getByRole('dialog', { name: 'Image Details' }).getByText('Dimensions').waitFor();
  await page.getByRole('dialog', { name: 'Image Details' }).getByText('(Starred: 1 year retention)').waitFor();
  await shot(page, 'details-dark');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'More actions' }).first().click();
  await page.getByRole('menuitem', { name: 'Upscale 2× (2 credits)' }).click();
  await page.getByRole('dialog', { name: 'Upgrade to Creator' }).waitFor(); // the trial has no upscaling
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'More actions' }).first().click();
  await page.getByRole('menuitem', { name: 'Remove BG (Free)' }).click();
  // The local designs are transparent already: the service says so instead of making a copy.
  await page.getByText('This image already has a transparent background.').first().waitFor({ timeout: 60_000 });
  expect((await cards(page).count()) === 4, 'remove background on a transparent design changed the library');

  await page.getByLabel('Select image 1').click();
  await page.getByLabel('Select image 3').click({ modifiers: ['Shift'] });
  await page.getByText('3 selected').waitFor();
  const [zip] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('group', { name: 'Selected images' }).getByRole('button', { name: 'Download' }).click(),
  ]);
  const zipFile = readFileSync(await zip.path());
  expect(
    zip.suggestedFilename().endsWith('.zip') && zipFile.subarray(0, 2).toString() === 'PK',
    `bulk download is not a ZIP: ${zip.suggestedFilename()}`,
  );
  await page.getByRole('group', { name: 'Selected images' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete 3 selected image(s)?' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Deleted 3 image(s)').first().waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="asset-card"]').length === 1);

  await page.getByLabel('Upload an image to describe').setInputFiles({ name: 'design.png', mimeType: 'image/png', buffer: file }); // the PNG downloaded above
  await page.getByRole('dialog', { name: 'Describe an image' }).getByRole('button', { name: 'Describe Image' }).click();
  await page.getByText('Your image has been analyzed successfully.').first().waitFor({ timeout: 60_000 });
  expect((await page.getByLabel('Describe your design').inputValue()).length > 10, 'description did not land in the prompt box');
  await page.getByText('8 credits').first().waitFor();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByText('No Complex Prompts Required').waitFor();
});

await test(
  'signed-in screens in both themes, help dialog, prompt prefill, pricing, local checkout and local billing portal',
  async (page) => {
    const email = `e2e-screens-${Date.now()}@example.com`;
    await signUp(page, email);
    await page.goto(`${base}/generate?prompt=${encodeURIComponent("'Coffee First' vintage badge")}`);
    await page.waitForFunction(() => !location.search.includes('prompt='));
    expect((await page.getByLabel('Describe your design').inputValue()) === "'Coffee First' vintage badge", 'prompt not prefilled');

    await page.getByRole('button', { name: 'Help & Support' }).click();
    await page.getByRole('tab', { name: 'Contact Us' }).click();
    await page.getByLabel('Subject').fill('Hello');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Please fill in all fields').first().waitFor();
    await page.getByLabel('Message').fill('Love the sticker effect.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Message sent!').first().waitFor();

    await page.getByText('Free trial:').waitFor();
    for (const theme of ['dark', 'light']) {
      await page.evaluate((value) => localStorage.setItem('theme', value), theme);
      for (const route of ['generate', 'account', 'pricing']) {
        await page.goto(`${base}/${route}`);
        await page.waitForLoadState('networkidle');
        await shot(page, `${route}-${theme}${route === 'generate' ? '-empty' : ''}`);
      }
    }

    await page.goto(`${base}/pricing`);
    await page.getByRole('button', { name: /Buy/ }).first().click();
    await page.waitForURL('**/checkout/**');
    await page.getByRole('button', { name: /^Pay/ }).waitFor();
    await shot(page, 'checkout-light');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/checkout'));
    await page.goto(`${base}/generate`);
    await page.getByText('35 credits').first().waitFor();

    await page.goto(`${base}/pricing`);
    await page.getByRole('button', { name: 'Subscribe to Starter' }).click();
    await page.waitForURL('**/checkout/**');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL('**/account?checkout=success');
    await page.getByRole('heading', { name: 'Starter Plan' }).waitFor();
    await page.getByText('85 credits available').waitFor();
    await page.getByRole('button', { name: 'Manage Billing' }).click();
    await page.waitForURL('**/account?portal=local');
    await page.getByRole('button', { name: 'Cancel Plan at Period End' }).click();
    await page.getByText('Ends on', { exact: true }).waitFor();
    await shot(page, 'account-subscriber-light');
    expect(
      await page.evaluate(() => window.dataLayer.some((entry) => entry.event === 'subscription_cancelled' && entry.plan === 'starter')),
      'subscription_cancelled not pushed',
    );
    await page.getByRole('button', { name: 'Resume Plan' }).click();
    await page.getByText('Next renewal', { exact: true }).waitFor();
  },
  { theme: 'light' },
);

await test('a Starter subscriber upgrades to Creator on /pricing, paying the difference for the credits it buys; /account shows Creator and its allocation; a downgrade is scheduled without paying and taken back', async (page) => {
  const email = `e2e-plan-change-${Date.now()}@example.com`;
  await signUp(page, email);
  await page.goto(`${base}/pricing`);
  await page.getByRole('button', { name: 'Subscribe to Starter' }).click();
  await page.waitForURL('**/checkout/**');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.waitForURL('**/account?checkout=success');
  await page.getByRole('heading', { name: 'Starter Plan' }).waitFor();
  // Confirmed by the server and reported once on arrival.
  await page.waitForFunction(
    () => window.dataLayer.filter((entry) => entry.event === 'subscription_started' && entry.plan === 'starter').length === 1,
  );

  await page.goto(`${base}/pricing`);
  await page.getByRole('button', { name: 'Upgrade to Creator' }).click();
  await page.waitForURL('**/checkout/**');
  await page.getByText('Starter → Creator').waitFor();
  await page.getByText('Plan change', { exact: true }).waitFor();
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.waitForURL('**/account?checkout=success');
  await page.getByRole('heading', { name: 'Creator Plan' }).waitFor();
  const allocation = page.locator('dt', { hasText: 'Monthly allocation' }).locator('xpath=following-sibling::dd');
  expect((await allocation.textContent()) === '150 credits', `allocation shows ${await allocation.textContent()}`);
  const available = Number(/(\d+) credits available/.exec(await page.getByText(/credits available/).textContent())[1]);
  // 10 trial + 50 Starter + what the ~$5.00 paid for the upgrade buys at Creator's 6.66¢ a credit (75)
  expect(available >= 60 + 70 && available <= 60 + 75, `the upgrade's credits are not what it paid for: ${available} available`);
  await page.getByRole('table').getByText('Plan credits added').first().waitFor();

  await page.goto(`${base}/pricing`);
  await page.getByRole('button', { name: 'Downgrade to Starter' }).click(); // from the renewal: nothing to pay
  await page.waitForURL('**/account?change=scheduled');
  await page.getByText(/^Changes to Starter on /).waitFor();
  await page.getByRole('heading', { name: 'Creator Plan' }).waitFor();
  await page.getByRole('button', { name: 'Keep Creator' }).click();
  await page.waitForURL('**/account?change=kept');
  await page.getByText('You stay on the Creator plan.').waitFor();
  expect((await page.getByText(/^Changes to /).count()) === 0, 'the scheduled downgrade is still shown');
});

await test(
  'a phone-sized screen gets the same workspace',
  async (page) => {
    await signUp(page, `e2e-phone-${Date.now()}@example.com`);
    await generate(page, "'Game On' with a video game controller, neon colors");
    await imagesLoaded(page);
    await shot(page, 'generate-phone-dark');
    await page.getByRole('button', { name: 'List view' }).click();
    await shot(page, 'generate-phone-list-dark');
    await page.goto(base.replace(/\/$/, '') + '/examples');
    await shot(page, 'examples-phone-dark');
  },
  { viewport: { width: 390, height: 844 } },
);

for (const theme of ['dark', 'light']) {
  await test(
    `the prompt form flags a denylisted phrase as the seller types, naming its level, source and class (${theme} theme)`,
    async (page) => {
      await signUp(page, `e2e-risks-${theme}-${Date.now()}@example.com`);
      const banner = page.locator('#prompt-risks');
      const prompt = page.getByLabel('Describe your design');
      await prompt.pressSequentially('a retro sunset tee, just do it', { delay: 20 });
      await banner.getByText('Risk flags, not legal advice').waitFor();
      const text = await banner.textContent();
      for (const part of ['“just do it”', 'Just Do It', 'Denylist', 'class 025', 'not legal advice'])
        expect(text.includes(part), `the banner does not say ${part}: ${text}`);
      expect(/high/i.test(text), `the banner names no level: ${text}`);
      expect((await banner.getAttribute('aria-live')) === 'polite', 'the banner is no live region');
      await shot(page, `generate-risk-banner-${theme}`);
      await prompt.fill('a cozy dog mom coffee lover tee');
      await banner.getByText('Risk flags, not legal advice').waitFor({ state: 'detached' });

      if (theme !== 'dark') return;
      // A phrase on the seller's own denylist (the card on /account) is flagged in their prompts.
      await page.goto(`${base}/account`);
      await page.getByLabel('Phrase').fill('Cosmic Pickle Club');
      await page.getByLabel('Risk level').selectOption('low');
      await page.getByRole('button', { name: 'Add Phrase' }).click();
      await page.getByRole('list', { name: 'Phrases on your denylist' }).getByText('Cosmic Pickle Club').waitFor();
      await shot(page, 'account-denylist-dark');
      await page.goto(`${base}/generate`);
      await page.getByLabel('Describe your design').pressSequentially('cosmic pickle club badge', { delay: 20 });
      await banner.getByText('Cosmic Pickle Club', { exact: true }).waitFor();
      expect(/low/i.test(await banner.textContent()), 'the own phrase is not flagged at its level');
    },
    { theme },
  );
}

await test('account: storage used, download my data, delete the account with a typed confirmation, each after the password again', async (page) => {
  const email = `e2e-leaver-${Date.now()}@example.com`;
  await signUp(page, email);
  await generate(page, "'Bye Bye' retro sunset sticker");
  // The sign-up counts as a proof for 10 minutes: the browser's clock goes 11 minutes on, so the app
  // sees it expired and asks again (the server's own check is the HTTP tests' subject).
  await page.clock.setFixedTime(Date.now() + 11 * 60_000);
  await page.goto(`${base}/account`);
  await page.getByRole('heading', { name: 'Storage' }).waitFor();
  await page.getByText('Space used').waitFor();
  expect((await page.getByText('Images', { exact: true }).count()) === 1, 'storage card without its image count');
  await page.getByRole('button', { name: 'Download My Data' }).click();
  const identity = page.getByRole('dialog', { name: "Confirm it's you" });
  await identity.getByLabel('Password').fill('not my password');
  await identity.getByRole('button', { name: 'Confirm' }).click();
  await identity.getByRole('alert').waitFor();
  await shot(page, 'account-confirm-identity-dark');
  await identity.getByLabel('Password').fill('correct horse battery');
  const download = page.waitForEvent('download');
  await identity.getByRole('button', { name: 'Confirm' }).click();
  expect(/^printloom-my-data-\d{4}-\d{2}-\d{2}\.zip$/.test((await download).suggestedFilename()), 'data export not downloaded as a ZIP');
  await identity.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const confirm = page.getByRole('button', { name: 'Delete My Account' });
  expect(await confirm.isDisabled(), 'delete allowed before typing DELETE');
  await page.getByLabel('Type DELETE to confirm').fill('DELETE');
  await shot(page, 'account-delete-dialog-dark');
  await confirm.click();
  await identity.getByLabel('Password').fill('correct horse battery');
  await identity.getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto(`${base}/account`);
  await page.waitForURL('**/auth');
});

await test('export for a product from the card menu: a print file at the preset\u2019s exact size', async (page) => {
  await signUp(page, `e2e-export-${Date.now()}@example.com`);
  await generate(page, "'Mug Life' coffee cup badge");
  await page.getByRole('button', { name: 'More actions' }).first().click();
  await page.getByRole('menuitem', { name: 'Export for…' }).click();
  const mug = page.getByRole('menuitem', { name: /Mug 11 oz wrap/ });
  expect((await mug.textContent()).includes('2700 × 1050 px'), 'the preset shows no size');
  await shot(page, 'export-menu-dark');
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), mug.click()]);
  expect(download.suggestedFilename() === 'mug-life-mug-11oz.png', `export named ${download.suggestedFilename()}`);
  const png = readFileSync(await download.path());
  // IHDR: width and height are the first two fields after the signature and the chunk header.
  const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)];
  expect(
    png.subarray(12, 16).toString() === 'IHDR' && width === 2700 && height === 1050,
    `export is ${width} × ${height}, not 2700 × 1050`,
  );
  await page.getByText('Exported', { exact: true }).first().waitFor();
});

/** The files of a stored (uncompressed) ZIP by name, read from its central directory (what the kit writes). */
function zipEntries(zip) {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end >= 0, 'not a complete ZIP');
  const files = new Map();
  let at = zip.readUInt32LE(end + 16);
  for (let index = 0; index < zip.readUInt16LE(end + 10); index += 1) {
    const size = zip.readUInt32LE(at + 20);
    const [nameLength, extraLength, commentLength] = [zip.readUInt16LE(at + 28), zip.readUInt16LE(at + 30), zip.readUInt16LE(at + 32)];
    const local = zip.readUInt32LE(at + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    files.set(zip.toString('utf8', at + 46, at + 46 + nameLength), zip.subarray(start, start + size));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

await test('from a card to a downloaded listing kit: prepare the listing, edit the title, save, download the kit', async (page) => {
  await signUp(page, `e2e-listing-${Date.now()}@example.com`);
  await generate(page, "'Space Meow' cat astronaut in retro letters");
  await page.getByRole('button', { name: 'More actions' }).first().click();
  await page.getByRole('menuitem', { name: 'Prepare listing…' }).click();
  const panel = page.getByRole('dialog', { name: 'Prepare listing' });
  const title = panel.getByLabel('Title');
  await title.waitFor({ timeout: 60_000 });
  expect((await panel.getByRole('radio', { name: 'Etsy' }).getAttribute('aria-checked')) === 'true', 'Etsy is not the first marketplace');
  await title.fill('x'.repeat(141));
  await panel.getByText('141 of 140 characters').waitFor();
  expect((await title.getAttribute('aria-invalid')) === 'true', 'a 141-character title is not marked invalid');
  await panel.getByText(/at most 140 are allowed/).waitFor();
  const newTitle = 'Space Meow Cat Astronaut Retro Tee';
  await title.fill(newTitle);
  await panel.getByText(`${newTitle.length} of 140 characters`).waitFor();
  expect((await title.getAttribute('aria-invalid')) === 'false', 'a valid title is still marked invalid');
  await panel.getByRole('list', { name: 'Tags' }).getByRole('listitem').first().waitFor();
  await panel
    .getByText(/risk flags, not legal advice/i)
    .first()
    .waitFor();
  await panel.getByRole('button', { name: 'Save listing' }).click();
  await page.getByText('Listing saved', { exact: true }).first().waitFor();
  await shot(page, 'listing-panel-dark');
  // The Merch tab as Merch is: no tags, and the empty brand of a new seller leads to the seller profile.
  await panel.getByRole('radio', { name: 'Merch by Amazon' }).click();
  await panel.getByLabel('Brand').waitFor({ timeout: 60_000 });
  expect((await panel.getByLabel('Add a tag').count()) === 0, 'the Merch tab shows a tag field');
  await panel.getByRole('link', { name: 'Set your brand in the seller profile' }).waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 180_000 }),
    panel.getByRole('button', { name: 'Download listing kit' }).click(),
  ]);
  expect(download.suggestedFilename().endsWith('-listing-kit.zip'), `kit named ${download.suggestedFilename()}`);
  const files = zipEntries(readFileSync(await download.path()));
  const names = [...files.keys()];
  for (const name of ['etsy/listing.json', 'etsy/listing.csv', 'merch/listing.json', 'generic/listing.csv'])
    expect(files.has(name), `the kit has no ${name}: ${names.join(', ')}`);
  expect(
    names.some((name) => name.endsWith('-light.png')) && names.some((name) => name.endsWith('-dark.png')),
    'the kit has no light and dark files',
  );
  expect(names.filter((name) => name.includes('/mockups/')).length === 8, 'the kit does not hold the 8 mockups');
  const etsy = JSON.parse(files.get('etsy/listing.json').toString('utf8'));
  expect(etsy.listings[0].title === newTitle, `the kit's Etsy title is "${etsy.listings[0].title}", not the saved one`);
  expect(files.get('etsy/listing.csv').toString('utf8').includes(newTitle), "the kit's CSV does not hold the saved title");
});

await test('a Pro seller selects three designs and creates Printify drafts in the local shop: three "Draft created" rows; Account shows Connections', async (page) => {
  await signUp(page, `e2e-drafts-${Date.now()}@example.com`);
  await page.goto(`${base}/pricing`);
  await page.getByRole('button', { name: 'Subscribe to Pro' }).click();
  await page.waitForURL('**/checkout/**');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.waitForURL('**/account?checkout=success');
  await page.getByRole('heading', { name: 'Connections' }).waitFor();
  await page.getByText('drafts go to the local shop').waitFor();
  await page.getByRole('link', { name: /Open the local shop/ }).waitFor();
  await page.getByRole('region', { name: 'Getting a Printify token' }).getByText('products.write').waitFor();
  await page.getByLabel('Printify personal access token').waitFor();
  await shot(page, 'account-connections-dark');

  await page.goto(base + '/generate');
  await generate(page, "'Trail Ready' mountain badge");
  await page.getByLabel('Select image 1').click();
  await page.getByLabel('Select image 3').click({ modifiers: ['Shift'] });
  await page.getByText('3 selected').waitFor();
  await page.getByRole('group', { name: 'Selected images' }).getByRole('button', { name: 'Create Printify drafts' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Printify drafts' });
  await dialog.getByRole('radio', { name: /Unisex tee/ }).check();
  await dialog.getByRole('img', { name: 'On Black: the dark file' }).waitFor();
  await shot(page, 'create-drafts-dark');
  await dialog.getByRole('button', { name: 'Create 3 drafts' }).click();
  await page.waitForFunction(() => document.querySelectorAll('[data-status="draft_created"]').length === 3, null, { timeout: 180_000 });
  expect((await dialog.getByRole('link', { name: /Open in Printify/ }).count()) === 3, 'each draft has its link');
  expect((await page.locator('[data-status="failed"]').count()) === 0, 'a draft failed');
  await shot(page, 'drafts-created-dark');
});

await test('a Pro seller connects Printify with OAuth (the local shop\u2019s authorize page, Accept), drafts a design into the connected shop and publishes it: "Published" with its "View listing" link', async (page) => {
  await signUp(page, `e2e-oauth-${Date.now()}@example.com`);
  await page.goto(`${base}/pricing`);
  await page.getByRole('button', { name: 'Subscribe to Pro' }).click();
  await page.waitForURL('**/checkout/**');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.waitForURL('**/account?checkout=success');
  await page.getByRole('heading', { name: 'Connections' }).waitFor();
  await page.getByRole('button', { name: 'Connect with Printify' }).click();
  // The local shop's authorize page (Printify's, in production): the app asks; the merchant accepts.
  const accept = page.getByRole('link', { name: 'Accept' });
  await confirmIfAsked(page, accept);
  await page.getByRole('heading', { name: /^Authorize / }).waitFor();
  // The callback goes to PUBLIC_URL (localhost in the test system) while the pages ran on 127.0.0.1: the
  // session goes with the browser to that name, as it would on the one name of a real deployment.
  const here = new URL(base);
  const back = new URL(new URL(await accept.getAttribute('href'), page.url()).searchParams.get('accept_url'));
  if (back.hostname !== here.hostname) {
    const cookies = await page.context().cookies(base);
    await page
      .context()
      .addCookies(
        cookies.map(({ name, value, httpOnly, secure, sameSite }) => ({ name, value, httpOnly, secure, sameSite, url: back.origin })),
      );
  }
  await accept.click();
  await page.waitForURL('**/account?printify=connected**');
  await page.getByText('Printify is connected (you allowed Printloom in Printify).').waitFor();
  await page.getByText('Drafts go to Local shop.').waitFor();
  expect((await page.getByLabel('Printify personal access token').count()) === 0, 'the token form is gone once connected');

  await page.goto(`${back.origin}/generate`);
  await generate(page, "'Trail Ready' mountain badge");
  await page.getByLabel('Select image 1').click();
  await page.getByText('1 selected').waitFor();
  await page.getByRole('group', { name: 'Selected images' }).getByRole('button', { name: 'Create Printify drafts' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Printify drafts' });
  await dialog.getByRole('radio', { name: /Unisex tee/ }).check();
  await dialog.getByRole('button', { name: 'Create 1 draft' }).click();
  await page.waitForFunction(
    () => document.querySelectorAll('[data-status="draft_created"], [data-status="needs_review"]').length === 1,
    null,
    { timeout: 180_000 },
  );
  expect((await dialog.locator('[data-status="needs_review"]').count()) === 0, 'the draft was held for review');
  await dialog.getByRole('button', { name: /^Publish / }).click();
  // Printify keeps the product locked while its channel takes it (8 s in the local shop): "Publishing" meanwhile.
  await page.waitForFunction(() => document.querySelectorAll('[data-status="published"]').length === 1, null, { timeout: 120_000 });
  const listing = dialog.getByRole('link', { name: /View listing/ });
  await listing.waitFor();
  expect(/\/local-shop\/listing\/\d+\//.test((await listing.getAttribute('href')) ?? ''), 'the listing link is the shop\u2019s listing');
  await shot(page, 'oauth-draft-published-dark');
});

await test('a seller carried to the next step: a flagged design\u2019s listing avoids the mark, two drafts found again after a reload, a named collection with its actions; axe on the new views in both themes', async (page) => {
  const found = [];
  const inBothThemes = async (screen, include) => {
    for (const theme of ['dark', 'light']) {
      await page.evaluate((value) => {
        localStorage.setItem('theme', value);
        document.documentElement.classList.toggle('dark', value === 'dark');
      }, theme);
      await page.waitForTimeout(350); // colour transitions end before axe measures contrast
      found.push(...(await audit(page, `${theme} ${screen}`, include)));
    }
  };
  await signUp(page, `e2e-next-step-${Date.now()}@example.com`);
  await page.goto(`${base}/pricing`);
  await page.getByRole('button', { name: 'Subscribe to Pro' }).click();
  await page.waitForURL('**/checkout/**');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.waitForURL('**/account?checkout=success');

  // A flagged design's listing: the copy never uses the phrase the app flags.
  await page.goto(`${base}/generate`);
  await generate(page, "'Just Do It' retro sunset");
  await imagesLoaded(page);
  await page.getByRole('button', { name: 'More actions' }).first().click();
  await page.getByRole('menuitem', { name: 'Prepare listing…' }).click();
  const panel = page.getByRole('dialog', { name: 'Prepare listing' });
  const title = panel.getByLabel('Title');
  await title.waitFor({ timeout: 60_000 });
  await panel
    .getByRole('region', { name: 'Risk flags' })
    .getByText(/just do it/i)
    .first()
    .waitFor();
  expect(!/just do it/i.test(await title.inputValue()), `the title uses the flagged phrase: ${await title.inputValue()}`);
  const tags = await panel.getByRole('list', { name: 'Tags' }).getByRole('listitem').allTextContents();
  expect(tags.length > 0 && !tags.some((tag) => /just do it/i.test(tag)), `a tag uses the flagged phrase: ${tags.join(', ')}`);
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });

  // Two drafts (of designs with nothing to review), then found again after a reload: on the cards, in the
  // lightbox, in the drafts dialog, by the filter.
  await generate(page, "'Trail Ready' mountain badge");
  await imagesLoaded(page);
  await page.getByLabel('Select image 1').click();
  await page.getByLabel('Select image 2').click({ modifiers: ['Shift'] });
  await page.getByRole('group', { name: 'Selected images' }).getByRole('button', { name: 'Create Printify drafts' }).click();
  let dialog = page.getByRole('dialog', { name: 'Create Printify drafts' });
  await dialog.getByRole('radio', { name: /Unisex tee/ }).check();
  await dialog.getByRole('button', { name: 'Create 2 drafts' }).click();
  await page.waitForFunction(() => document.querySelectorAll('[data-status="draft_created"]').length === 2, null, { timeout: 180_000 });
  await dialog.getByRole('button', { name: 'Done' }).click();
  // The badges come from publishing's summary of the designs shown (complete past the list's 500 rows).
  const summaryAnswered = page.waitForResponse(
    (response) => response.url().includes('/api/publications/summary?assetIds=') && response.ok(),
  );
  await page.reload();
  await summaryAnswered;
  await imagesLoaded(page);
  const badges = page.getByTestId('publication-badge');
  await badges.first().waitFor();
  expect((await badges.count()) === 2, `${await badges.count()} cards say Draft, not 2`);
  expect(
    (await badges.allTextContents()).every((text) => text.startsWith('Draft:')),
    'a card badge does not say Draft',
  );
  await page.getByRole('button', { name: 'Open image 1 in the lightbox' }).click();
  const publications = page.getByRole('region', { name: 'Printify drafts of this design' });
  await publications.getByText('Draft created').waitFor();
  await publications.getByText('Unisex tee', { exact: true }).waitFor();
  await publications.getByRole('link', { name: /Open in Printify/ }).waitFor();
  await inBothThemes('lightbox with its Printify drafts');
  await page.keyboard.press('Escape');
  await publications.waitFor({ state: 'detached' });

  await page.getByLabel('Select image 1').click();
  await page.getByLabel('Select image 3').click({ modifiers: ['Shift'] });
  await page.getByText('3 selected').waitFor();
  await page.getByRole('group', { name: 'Selected images' }).getByRole('button', { name: 'Create Printify drafts' }).click();
  dialog = page.getByRole('dialog', { name: 'Create Printify drafts' });
  await dialog.getByRole('radio', { name: /Unisex tee/ }).check();
  const already = dialog.getByRole('region', { name: 'Designs with a draft already' });
  await already.getByText('2 of 3 designs have a Unisex tee draft already: only the other 1 is made.').waitFor();
  expect((await already.getByRole('link', { name: /Open in Printify/ }).count()) === 2, 'the two drafts found again have no links');
  await dialog.getByRole('button', { name: 'Create 1 draft' }).waitFor();
  await inBothThemes('drafts dialog, designs with a draft already');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('group', { name: 'Selected images' }).getByRole('button', { name: /Clear/ }).click();
  await page.getByRole('combobox', { name: 'Printify filter' }).selectOption('draft');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="asset-card"]').length === 2, null, { timeout: 15_000 });
  await page.getByRole('combobox', { name: 'Printify filter' }).selectOption('all');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="asset-card"]').length > 2, null, { timeout: 15_000 });

  // A collection: named from its template and values, its actions saying what they will do while it runs.
  await page.getByRole('tab', { name: 'Collection' }).click();
  const form = page.getByRole('form', { name: 'Start a collection' });
  await form.getByLabel('Template', { exact: true }).fill(`a proud {value}, "World's Okayest {value}"`);
  await form.getByLabel('Values, one per line').fill('Nurse\nTeacher\nPlumber');
  await form.getByRole('button', { name: 'Start collection' }).click();
  await page.waitForURL(/\/batches\/[0-9a-f-]{36}$/);
  await page.getByRole('heading', { level: 1, name: "World's Okayest … (Nurse, Teacher, Plumber)" }).waitFor();
  const actions = page.getByRole('region', { name: 'Whole-collection actions' });
  expect((await page.getByText(/\b0 designs\b/).count()) === 0, 'the collection page says "0 designs"');
  await page.getByRole('status').filter({ hasText: '3 of 3 rows done' }).waitFor({ timeout: 300_000 });
  await actions.getByRole('button', { name: 'Download 12 designs' }).waitFor();
  const grid = page.getByRole('region', { name: 'Designs of this collection' });
  expect((await grid.getByRole('listitem').count()) === 12, 'the collection does not show its 12 designs');

  await page.getByRole('button', { name: 'Rename' }).click();
  await page.getByLabel('Collection name').fill('Okayest jobs, spring drop');
  await page.getByRole('button', { name: 'Save name' }).click();
  await page.getByRole('heading', { level: 1, name: 'Okayest jobs, spring drop' }).waitFor();
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Okayest jobs, spring drop' }).waitFor();
  await grid.getByRole('listitem').first().waitFor();
  await page.waitForLoadState('networkidle');
  await inBothThemes('collection page, finished, named, with its designs and actions');

  await actions.getByRole('button', { name: 'Create Printify drafts' }).click();
  dialog = page.getByRole('dialog', { name: 'Create Printify drafts' });
  await dialog.getByText(/^12 designs: one draft product each/).waitFor();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  await actions.getByRole('button', { name: 'Prepare listings and kit' }).click();
  const kit = page.getByRole('dialog', { name: 'Prepare listing' });
  await kit.getByText('Every design of the collection (12)').waitFor();
  await page.keyboard.press('Escape');
  await kit.waitFor({ state: 'detached' });
  const saved = page.waitForEvent('download', { timeout: 240_000 });
  await actions.getByRole('button', { name: 'Download 12 designs' }).click();
  await confirmIfAsked(page, page.getByRole('progressbar', { name: 'Download of 12 designs' }));
  const names = zipEntryNames(readFileSync(await (await saved).path())) ?? [];
  expect(names.length === 12, `the collection's ZIP holds ${names.length} files, not 12`);

  await page.goto(`${base}/batches`);
  await page.getByRole('link', { name: 'Okayest jobs, spring drop' }).waitFor();
  expect((await page.getByText('{value}').count()) === 0, 'the collections list shows a raw {value}');
  expect(found.length === 0, `${found.length} serious or critical violations:\n${found.join('\n')}`);
});

await finish();
