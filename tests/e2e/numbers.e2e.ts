// An active provider uploads a small CSV of numbers on the import history, watches the import complete with its
// counts, downloads the error report (neutralised), then filters the number listing by number, VoIP user and
// organization.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { activeProvider } from './flows';
import { screenshot, usePortal } from './harness';

const CSV = [
  'tn,voip_user,organization,assigned_on',
  '(201) 555-0100,Ann,Acme,2024-03-01',
  '201-555-0101,Bob,Acme,2024-03-02',
  '2015550102,Ann,Beta,',
  '2015550100,Ann,Acme,', // duplicate of line 2
  '=2015550103,@Bob,Acme,', // not a number, injection values
].join('\r\n');

describe('telephone numbers', { timeout: 240_000 }, () => {
  const env = usePortal();
  const provider = {
    ocn: '076N',
    email: `numbers+${Date.now()}@delta-telecom.test`,
    password: 'numbers-horse-5',
    company: 'Delta Telecom',
  };

  it(
    'imports a file, shows it complete with its counts and error report, and filters the listing',
    { timeout: 180_000 },
    async () => {
      const page = await env.newPage({ acceptDownloads: true });
      await activeProvider(page, env.portal, provider);

      await page.goto(`${env.portal.url}/import-history`);
      await page.getByText('No Data Found').waitFor();
      await page.getByLabel('Choose a CSV file of numbers').setInputFiles({
        name: 'numbers.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(CSV),
      });
      await page.getByText('File uploaded: the import runs in the background').waitFor();
      await page.getByRole('cell', { name: 'Completed' }).waitFor({ timeout: 30_000 });
      const row = page.getByRole('row').filter({ hasText: 'numbers.csv' });
      const cells = await row.getByRole('cell').allInnerTexts();
      assert.deepEqual(cells.slice(1, 6), ['numbers.csv', 'Completed', '5', '3', '2']);
      await screenshot(page, '30-import-history');

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download the rejected rows of numbers.csv' }).click();
      const file = await download;
      const stream = await file.createReadStream();
      let report = '';
      for await (const chunk of stream) report += String(chunk);
      assert.match(report, /^line,tn,voip_user,organization,assigned_on,reason\r\n/);
      assert.match(report, /\r\n5,2015550100,Ann,Acme,,Duplicate of line 2 of this file\r\n/);
      assert.match(report, /\r\n6,'=2015550103,'@Bob,Acme,,/);

      await page.goto(`${env.portal.url}/number-listing`);
      await page.getByRole('cell', { name: '2015550102' }).waitFor();
      assert.equal(await page.getByRole('row').count(), 4); // the header and three numbers
      await page.getByLabel('Number contains').fill('0101');
      await page.getByRole('cell', { name: '2015550100' }).waitFor({ state: 'detached' });
      assert.deepEqual(await page.getByRole('cell', { name: /^20155501/ }).allInnerTexts(), ['2015550101']);
      await page.getByLabel('Number contains').fill('');
      await page.getByRole('cell', { name: '2015550100' }).waitFor();
      await page.getByRole('combobox', { name: 'VoIP user' }).click();
      await page.getByRole('option', { name: 'Ann' }).click();
      await page.getByRole('cell', { name: '2015550101' }).waitFor({ state: 'detached' });
      await page.getByRole('combobox', { name: 'Organization' }).click();
      await page.getByRole('option', { name: 'Beta' }).click();
      await page.getByRole('cell', { name: '2015550100' }).waitFor({ state: 'detached' });
      assert.deepEqual(await page.getByRole('cell', { name: /^20155501/ }).allInnerTexts(), ['2015550102']);
      await screenshot(page, '31-number-listing');
    },
  );
});
