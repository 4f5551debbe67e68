#!/usr/bin/env node
// Browser tests of collections (a template with values or a CSV, the batch page, a bulk download as a
// server-side job) and of their screens' accessibility (axe in both themes, the keyboard): Debian's
// Chromium driven by playwright-core against a natively running system (scripts/test.mjs starts one).
// Their own script so make test runs them beside run.mjs and accessibility.mjs: their 124 designs keep
// the system busy while the other scripts' browsers are.
import { readFileSync } from 'node:fs';
import {
  audit,
  base,
  confirmIfAsked,
  createRunner,
  expect,
  inDialog,
  launchChromium,
  settle,
  shot,
  signUp,
  tabTo,
  viewports,
  zipEntryNames,
} from './support.mjs';

const { test, finish } = createRunner(await launchChromium());

await test('a collection: a 5-value template makes 20 designs, all selected in the library for a bulk download; a CSV is previewed with its bad rows; 402 says the credits needed', async (page) => {
  await signUp(page, `e2e-collection-${Date.now()}@example.com`);
  await page.getByRole('tab', { name: 'Collection' }).click();
  const form = page.getByRole('form', { name: 'Start a collection' });
  const start = form.getByRole('button', { name: 'Start collection' });

  // The slot's absence is explained in place and nothing can start.
  await form.getByLabel('Template', { exact: true }).fill('a proud nurse with coffee');
  await form.getByLabel('Values, one per line').fill('Nurse');
  await form.getByText('The template needs a {value} slot').waitFor();
  expect(await start.isDisabled(), 'a template without {value} can be started');

  // One value per line, blanks and repeats (ignoring case) dropped, counted and priced live.
  await form.getByLabel('Template', { exact: true }).fill(`a proud {value} with coffee, "World's Okayest {value}"`);
  await form.getByLabel('Values, one per line').fill('Nurse\nTeacher\n\n  nurse\nPilot\nChef\nBaker\n');
  await form.getByText('5 values → 20 designs, 5 credits (1 duplicate and 2 blank lines removed)').waitFor();
  await start.click();

  await page.waitForURL(/\/batches\/[0-9a-f-]{36}$/);
  const batchUrl = page.url();
  // Named by its template's words and values summed up, never the raw `{value}`.
  await page.getByRole('heading', { name: "World's Okayest … (Nurse, Teacher, Pilot +2 more)" }).waitFor();
  const rows = page.getByRole('table').getByRole('row');
  expect((await rows.count()) === 6, `the batch page lists ${(await rows.count()) - 1} rows, not 5`);
  await page.getByRole('link', { name: '5 credits, account and billing' }).waitFor({ timeout: 15_000 });
  // The page polls while the batch runs; its live region says when every row is done.
  await page.getByRole('status').filter({ hasText: '5 of 5 rows done' }).waitFor({ timeout: 300_000 });
  expect(
    (await page.getByRole('progressbar', { name: 'Collection progress' }).getAttribute('aria-valuenow')) === '5',
    'progress bar not full',
  );
  expect((await page.getByRole('cell', { name: 'Done', exact: true }).count()) === 5, 'not every row says Done');
  // The rows' counts come from the rows; the batch is marked finished on the feeder's next pass, which the
  // page's next poll shows: until then it still offers Cancel (seen once on a loaded machine).
  const cancelGone = await page
    .getByRole('button', { name: 'Cancel collection' })
    .waitFor({ state: 'detached', timeout: 30_000 })
    .then(
      () => true,
      () => false,
    );
  expect(cancelGone, 'a finished batch offers Cancel');
  await shot(page, 'batch-dark');

  await page.getByRole('button', { name: 'Select all 20 designs in the library' }).click();
  await page.waitForURL('**/generate');
  const bulk = page.getByRole('group', { name: 'Selected images' });
  await bulk.getByText('20 selected').waitFor();
  await bulk.getByText('Every design of the collection').waitFor();
  // The gallery renders only the rows near the viewport: every card shown is ticked, at the top and at the end.
  const everyShownCardTicked = () =>
    page.waitForFunction(
      () => {
        const boxes = [...document.querySelectorAll('[data-testid="asset-card"] input[type="checkbox"]')];
        return boxes.length > 0 && boxes.every((box) => box.checked);
      },
      undefined,
      { timeout: 15_000 },
    );
  await everyShownCardTicked();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await everyShownCardTicked();
  await page.evaluate(() => window.scrollTo(0, 0));
  const [download] = await Promise.all([page.waitForEvent('download'), bulk.getByRole('button', { name: 'Download' }).click()]);
  const zip = readFileSync(await download.path());
  // the end-of-central-directory record says how many files the ZIP holds
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const files = end >= 0 ? zip.readUInt16LE(end + 10) : -1;
  expect(zip.subarray(0, 2).toString() === 'PK' && files === 20, `the selection's ZIP holds ${files} files, not the 20 designs`);

  // 402: 5 credits left, 6 values asked.
  await page.getByRole('tab', { name: 'Collection' }).click();
  await form.getByLabel('Template', { exact: true }).fill('{value} crew, retro letters');
  await form.getByLabel('Values, one per line').fill('Camping\nFishing\nHiking\nRunning\nCycling\nSkiing');
  await start.click();
  await form.getByRole('alert').getByText('Insufficient credits. Purchase more to continue. This collection needs 6 credits.').waitFor();
  expect(page.url().endsWith('/generate?tab=collection'), `a refused collection left the tab: ${page.url()}`);

  // A CSV: previewed in the browser, every bad row named, nothing can start.
  await form.getByLabel('A CSV file, one design per row').check();
  await form.getByLabel('CSV file', { exact: true }).setInputFiles({
    name: 'niches.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      '\uFEFFPrompt,Style,Garment,Transparent\r\n"ok design, ""quoted""",retro,dark,yes\r\n,retro,,\r\nalso fine,,purple,maybe\r\n',
    ),
  });
  await form.getByRole('cell', { name: 'ok design, "quoted"' }).waitFor();
  await form.getByText('Row 3: prompt is empty').waitFor();
  await form.getByText('Row 4: garment "purple" must be light or dark').waitFor();
  expect(await start.isDisabled(), 'a CSV with bad rows can be started');

  await page.goto(`${base}/batches`);
  await page.getByRole('link', { name: "World's Okayest … (Nurse, Teacher, Pilot +2 more)" }).click();
  await page.waitForURL(batchUrl);
});

await test('a collection above the bulk limit: 26 rows make 104 designs, the batch page counts their flags, and "Select all" then Download runs as a server-side job that yields one ZIP of 104 PNGs; the progress passes axe in both themes', async (page) => {
  await signUp(page, `e2e-collection-job-${Date.now()}@example.com`);
  // 26 rows cost 26 credits: more than the trial's 10.
  await page.goto(`${base}/pricing`);
  await page.getByRole('button', { name: 'Subscribe to Starter' }).click();
  await page.waitForURL('**/checkout/**');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.waitForURL('**/account?checkout=success');
  await page.goto(`${base}/generate?tab=collection`);
  const form = page.getByRole('form', { name: 'Start a collection' });
  const values =
    'Nurse Teacher Pilot Chef Baker Plumber Farmer Welder Barber Dentist Lawyer Coder Artist Driver Florist Painter Tailor Butcher Miner Sailor Ranger Potter Brewer Roofer Jeweler Glazier';
  await form.getByLabel('Template', { exact: true }).fill(`a proud {value}, "World's Okayest {value}"`);
  await form.getByLabel('Values, one per line').fill(values.split(' ').join('\n'));
  await form.getByText('26 values → 104 designs, 26 credits').waitFor();
  await form.getByRole('button', { name: 'Start collection' }).click();
  await page.waitForURL(/\/batches\/[0-9a-f-]{36}$/);
  const batchUrl = page.url();
  await page.getByRole('status').filter({ hasText: '26 of 26 rows done' }).waitFor({ timeout: 600_000 });
  // The flags counted by the server, the verdicts following the designs (here: the first of them).
  const quality = page.getByRole('group', { name: 'Quality checks' });
  await quality
    .getByText(/\d+ designs? flagged of \d+ checked/)
    .first()
    .waitFor({ timeout: 60_000 });
  expect((await page.getByText(/at most 100 designs/).count()) === 0, 'the batch page still says library actions take at most 100 designs');

  await page.getByRole('button', { name: 'Select all 104 designs in the library' }).click();
  await page.waitForURL('**/generate');
  const bulk = page.getByRole('group', { name: 'Selected images' });
  await bulk.getByText('104 selected').waitFor();
  const download = bulk.getByRole('button', { name: 'Download' });
  expect(await download.isEnabled(), 'Download is not offered for the whole collection');
  const saved = page.waitForEvent('download', { timeout: 240_000 });
  await download.click();
  const progress = page.getByRole('region', { name: 'Bulk actions' });
  const bar = progress.getByRole('progressbar', { name: 'Download of 104 designs' });
  // The sign-in's proof may have run out while the 26 rows were made: then the password is asked first.
  await confirmIfAsked(page, bar);
  expect((await bar.getAttribute('aria-valuemax')) === '104', 'the progress bar does not count the 104 designs');
  const found = await audit(page, 'dark bulk job running', 'section[aria-label="Bulk actions"]');
  const zip = readFileSync(await (await saved).path());
  await progress.getByRole('status').filter({ hasText: '104 designs saved as a ZIP.' }).waitFor();
  const names = zipEntryNames(zip) ?? [];
  expect(
    names.length === 104 && names.every((name) => name.endsWith('.png')),
    `the collection's ZIP holds ${names.length} files (${names.filter((name) => !name.endsWith('.png')).length} not PNG), not 104 PNGs`,
  );
  found.push(...(await audit(page, 'dark bulk job done', 'section[aria-label="Bulk actions"]')));
  await shot(page, 'bulk-job-dark');
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await page.waitForTimeout(350);
  found.push(...(await audit(page, 'light bulk job done', 'section[aria-label="Bulk actions"]')));
  await shot(page, 'bulk-job-light');
  expect(found.length === 0, `${found.length} serious or critical violations:\n${found.join('\n')}`);

  // Left and opened again, the library finds the job (GET /api/bulk-jobs): its ZIP offered, not saved again.
  let downloads = 0;
  page.on('download', () => (downloads += 1));
  await page.goto(`${base}/generate`);
  await progress.getByRole('status').filter({ hasText: 'The ZIP of 104 designs is ready.' }).waitFor();
  await progress.getByRole('button', { name: 'Save the ZIP' }).waitFor();
  await page.waitForTimeout(1000);
  expect(downloads === 0, `a job found on opening the library saved its ZIP by itself (${downloads} downloads)`);
  await progress.getByRole('button', { name: 'Dismiss: Download of 104 designs' }).click();
  await progress.waitFor({ state: 'detached' });
  const listed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/bulk-jobs');
  await page.reload();
  await listed;
  await page.waitForTimeout(500);
  expect((await progress.count()) === 0, 'a dismissed job came back on reload');

  // Back on the batch page: every design's verdict is counted, not the first 100, and each row's flags add up to them.
  await page.goto(batchUrl);
  // The verdicts run in the background lane, behind whatever else the machine does (the other browser scripts
  // at once): a wait, not a figure (issue 42 measures the verdict lag in its bench).
  await quality
    .getByText(/of 104 checked$/)
    .first()
    .waitFor({ timeout: 300_000 });
  const flagged = Number(/(\d+) designs? flagged/.exec(await quality.textContent())[1]);
  const perRow = await page
    .getByRole('table')
    .getByText(/\(\d+ flagged\)/)
    .allTextContents();
  const rowTotal = perRow.reduce((sum, text) => sum + Number(/\d+/.exec(text)[0]), 0);
  expect(rowTotal === flagged, `the rows count ${rowTotal} flagged designs, the summary ${flagged}`);
  await shot(page, 'batch-quality-light');
});

await test('no serious or critical axe violations on the collection screens (tab, CSV preview, batch page, cancel, list) in both themes; the progress is a live region', async (page) => {
  const found = [];
  // The batch runs while it is audited: a row that ends enables its buttons at any moment, and axe must not
  // measure one halfway through its fade in from half opacity (a CI run did). The app drops fades for this.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signUp(page, `a11y-collection-${Date.now()}@example.com`);
  // Keyboard only: the tabs switch with the arrow keys, the template and values boxes are labelled.
  await page.goto(`${base}/generate`);
  await settle(page);
  await tabTo(page, page.getByRole('tab', { name: 'One design' }));
  await page.keyboard.press('ArrowRight');
  // the arrow key moves the focus and selects the tab (Radix's automatic activation)
  await page.getByRole('tab', { name: 'Collection', selected: true }).waitFor({ timeout: 3_000 });
  const form = page.getByRole('form', { name: 'Start a collection' });
  await tabTo(page, form.getByLabel('Template', { exact: true }));
  await page.keyboard.type('{value} crew in bold retro letters');
  await tabTo(page, form.getByLabel('Values, one per line'));
  await page.keyboard.type('Camping\nFishing\nHiking\nCamping');
  await form.getByText('3 values → 12 designs, 3 credits (1 duplicate removed)').waitFor();
  const summaryId = await form.getByRole('status').first().getAttribute('id');
  expect(
    ((await form.getByLabel('Values, one per line').getAttribute('aria-describedby')) ?? '').includes(summaryId),
    'the live count does not describe the values box',
  );

  const themes = ['dark', 'light'];
  const inBothThemes = async (screen, prepare) => {
    for (const theme of themes) {
      await page.evaluate((value) => localStorage.setItem('theme', value), theme);
      await page.reload();
      await settle(page);
      if (prepare) await prepare();
      await page.waitForTimeout(350); // a button just enabled fades in from half opacity: measure its final colours
      for (const [size, viewport] of Object.entries(viewports)) {
        await page.setViewportSize(viewport);
        found.push(...(await audit(page, `${size} ${theme} ${screen}`)));
      }
      await page.setViewportSize(viewports.desktop);
    }
  };
  const fillCollection = async () => {
    await form.getByLabel('Template', { exact: true }).fill('a proud {value}');
    await form.getByLabel('Values, one per line').fill('Nurse\nTeacher\nnurse');
  };
  await page.goto(`${base}/generate?tab=collection`);
  await inBothThemes('/generate Collection tab', fillCollection);
  await inBothThemes('/generate Collection tab, template without its slot', async () => {
    await form.getByLabel('Template', { exact: true }).fill('a proud nurse');
    await form.getByText('The template needs a {value} slot').waitFor();
  });
  await inBothThemes('/generate Collection tab, CSV preview with bad rows', async () => {
    await form.getByLabel('A CSV file, one design per row').check();
    await form.getByLabel('CSV file', { exact: true }).setInputFiles({
      name: 'niches.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('prompt,garment\n"a cat, retro",dark\n,light\nfine,purple\n'),
    });
    await form.getByText('Row 3: prompt is empty').waitFor();
  });

  await page.reload();
  await fillCollection();
  await form.getByRole('button', { name: 'Start collection' }).click();
  await page.waitForURL(/\/batches\/[0-9a-f-]{36}$/);
  const live = page.getByRole('status').filter({ hasText: /rows done/ });
  await live.waitFor();
  expect((await live.getAttribute('aria-live')) === 'polite', 'the progress sentence is not a polite live region');
  const cancel = page.getByRole('button', { name: 'Cancel collection' });
  if (await cancel.isVisible()) await inDialog(page, () => cancel.click(), 'desktop cancel confirmation', found);
  await inBothThemes('/batches/:id');
  await page.goto(`${base}/batches`);
  await inBothThemes('/batches');
  expect(found.length === 0, `${found.length} serious or critical violations:\n${found.join('\n')}`);
});

await finish();
