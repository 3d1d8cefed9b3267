// The provider's tools, every screen checked (screens.ts: axe-core, 1280 and 375 px, no sideways scroll), by a
// provider that registered, paid and signed in (provider.e2e.ts walks those screens): import a file and the numbers
// it gave, filtered → a private key → ACME: the directory URL, a credential created (its HMAC key shown once,
// copied) and revoked after its confirmation → certificates: generate, view, copy and download, renew revoking the
// old one "in 24 hours" (RENEWAL_REVOKE_DELAY_SECONDS is a few seconds here), automatic renewal of the current one
// turned on with the STI-PA credentials and off after its confirmation, revoke after its confirmation, and the CRL
// lists it → the profile → the skip link and focus outlines, the sidebar folded at 600 px, tables again at 1280 px
// → sign out. A flow of its own, on its own server, so that it runs beside provider.e2e.ts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import * as x509 from '../../server/src/ca/x509';
import { activeProvider, doubleClickOnce, downloadedText } from './flows';
import { usePortal } from './harness';
import { DESKTOP, PHONE, markScreenStart, screens, trackScreenStarts } from './screens';

/** The portal's "in 24 hours" for this flow. */
const REVOKE_DELAY_SECONDS = 5;

const CSV = [
  'tn,voip_user,organization,assigned_on',
  '(201) 555-0100,Ann,Acme,2024-03-01',
  '201-555-0101,Bob,Acme,2024-03-02',
  '2015550102,Ann,Beta,',
  '2015550100,Ann,Acme,', // duplicate of line 2
  '=2015550103,@Bob,Acme,', // not a number, injection values
].join('\r\n');

/** WCAG's contrast ratio of two CSS rgb()/rgba() colours (opaque ones: the alpha is ignored). */
function contrast(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r, g, bl] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The focused element's text, colours, place and focus outline (an input's is drawn on its field box). */
async function focused(page: Page) {
  await page.waitForTimeout(300);
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const marked = (el.matches('input, textarea') && el.closest('.MuiInputBase-root')) || el;
    const style = getComputedStyle(el);
    const mark = getComputedStyle(marked);
    return {
      label: el.getAttribute('aria-label') ?? el.textContent ?? el.tagName,
      color: style.color,
      background: style.backgroundColor,
      top: el.getBoundingClientRect().top,
      outline: `${mark.outlineStyle} ${mark.outlineWidth}`,
    };
  });
}

/** The page's width against the window's, and where the page's content starts (0 with the sidebar hidden). */
async function measure(page: Page) {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    contentLeft: document.getElementById('main-content')?.getBoundingClientRect().left ?? -1,
  }));
}

describe('provider tools flow', { timeout: 900_000 }, () => {
  const env = usePortal({ RENEWAL_REVOKE_DELAY_SECONDS: String(REVOKE_DELAY_SECONDS) });
  const screen = screens('provider-tools');
  const stamp = Date.now();
  const provider = {
    ocn: '073k',
    email: `owner+${stamp}@acme-telecom.test`,
    password: 'correct-horse-9',
    company: 'Acme Telecom With A Rather Long Company Name',
  };
  let page: Page;
  const url = (path: string) => `${env.portal.url}${path}`;
  const check = (name: string, h1?: string) => screen.check(page, name, { h1 });

  it('has a provider that registered, paid and signed in', { timeout: 150_000 }, async () => {
    page = await env.newPage({ bypassCSP: true, acceptDownloads: true }, trackScreenStarts);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.portal.url });
    await activeProvider(page, env.portal, provider);
  });

  it('imports a file of numbers and filters the numbers it gave', { timeout: 120_000 }, async () => {
    await page.getByRole('menuitem', { name: /Import History$/ }).click();
    await page.waitForURL('**/import-history');
    await page.getByText('No Data Found').waitFor();
    // the empty history says what the file holds, and offers a template
    const format = page.getByRole('region', { name: 'CSV file format' });
    await format.getByRole('rowheader', { name: 'assigned_on' }).waitFor();
    await check('import-history-empty', 'Import History');
    const template = page.waitForEvent('download');
    await format.getByRole('button', { name: 'Download template' }).click();
    assert.equal(
      await downloadedText(await template),
      'tn,voip_user,organization,assigned_on\r\n2015550100,Ann Smith,Acme Telecom,2026-01-15\r\n',
    );
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import numbers' });
    await dialog.getByRole('region', { name: 'CSV file format' }).waitFor();
    await check('import-dialog', 'Import History');
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Choose a CSV file' }).click();
    await (await chooser).setFiles({ name: 'numbers.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await page.getByText('File uploaded: the import runs in the background').waitFor();
    await page.getByRole('cell', { name: 'Completed' }).waitFor({ timeout: 30_000 });
    const row = page.getByRole('row').filter({ hasText: 'numbers.csv' });
    assert.deepEqual((await row.getByRole('cell').allInnerTexts()).slice(1, 6), [
      'numbers.csv',
      'Completed',
      '5',
      '3',
      '2',
    ]);
    await check('import-history', 'Import History');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the rejected rows of numbers.csv' }).click();
    const report = await downloadedText(await download);
    assert.match(report, /^line,tn,voip_user,organization,assigned_on,reason\r\n/);
    assert.match(report, /\r\n5,2015550100,Ann,Acme,,Duplicate of line 2 of this file\r\n/);
    assert.match(report, /\r\n6,'=2015550103,'@Bob,Acme,,/);

    // the completed import links to the listing, which the menu also holds
    await page.getByRole('menuitem', { name: /Number Listing$/ }).waitFor();
    await row.getByRole('link', { name: 'View numbers of numbers.csv' }).click();
    // filtered by that import, which the listing names
    await page.waitForURL(/\/number-listing\?filter=.*import_id/);
    const fromImport = await page.getByLabel('From import').elementHandle();
    await page.waitForFunction(
      (input) => (input as HTMLInputElement).value.startsWith('numbers.csv of '),
      fromImport,
    );
    await page.getByRole('cell', { name: '(201) 555-0102' }).waitFor();
    assert.equal(await page.getByRole('row').count(), 4); // the header and three numbers
    await check('numbers', 'Number Listing');
    await markScreenStart(page);
    await page.getByLabel('Number contains').fill('0101');
    await page.getByRole('cell', { name: '(201) 555-0100' }).waitFor({ state: 'detached' });
    assert.deepEqual(await page.getByRole('cell', { name: /^\(201\) 555-01/ }).allInnerTexts(), [
      '(201) 555-0101',
    ]);
    await page.getByLabel('Number contains').fill('');
    await page.getByRole('cell', { name: '(201) 555-0100' }).waitFor();
    await page.getByRole('combobox', { name: 'VoIP user' }).click();
    await page.getByRole('option', { name: 'Ann' }).click();
    await page.getByRole('cell', { name: '(201) 555-0101' }).waitFor({ state: 'detached' });
    await page.getByRole('combobox', { name: 'Organization' }).click();
    await page.getByRole('option', { name: 'Beta' }).click();
    await page.getByRole('cell', { name: '(201) 555-0100' }).waitFor({ state: 'detached' });
    assert.deepEqual(await page.getByRole('cell', { name: /^\(201\) 555-01/ }).allInnerTexts(), [
      '(201) 555-0102',
    ]);
    await check('numbers-filtered', 'Number Listing');
  });

  it('creates and downloads a private key', { timeout: 60_000 }, async () => {
    await page.getByRole('menuitem', { name: /Private Key$/ }).click();
    await page.waitForURL('**/sti-certificate/private-key');
    await page.getByRole('button', { name: 'Create New' }).waitFor();
    await check('private-keys-empty', 'Private Key');
    await doubleClickOnce(page, page.getByRole('button', { name: 'Create New' }), '/generate_sti_priv_key');
    await page.getByText('A new private key has been created').waitFor();
    const download = page.waitForEvent('download');
    await page
      .getByRole('button', { name: /^Download key/ })
      .first()
      .click();
    const file = await download;
    assert.equal(file.suggestedFilename(), 'stir_private_key.pem');
    assert.match(await downloadedText(file), /-----BEGIN PRIVATE KEY-----/);
    await check('private-keys', 'Private Key');
  });

  it('creates an ACME credential, shown once, and revokes it', { timeout: 90_000 }, async () => {
    await page.getByRole('menuitem', { name: /ACME$/ }).click();
    await page.waitForURL('**/sti-certificate/acme');
    await page.getByText('No ACME credentials. Create one for each ACME client.').waitFor();
    // the directory the ACME client is given: this portal's PUBLIC_URL, as the server's settings say
    const directory = page.getByRole('textbox', { name: 'ACME directory URL' });
    assert.equal(await directory.inputValue(), url('/acme/directory'));
    await check('acme-empty', 'ACME');

    await markScreenStart(page);
    await doubleClickOnce(
      page,
      page.getByRole('button', { name: 'Create credential', exact: true }),
      '/api/service_provider/acme/eab',
    );
    const dialog = page.getByRole('dialog', { name: 'New ACME credential' });
    await dialog.getByText('Copy the HMAC key now: it will not be shown again.').waitFor();
    const keyId = await dialog.getByRole('textbox', { name: 'Key ID', exact: true }).inputValue();
    const hmacKey = await dialog.getByRole('textbox', { name: 'HMAC key', exact: true }).inputValue();
    assert.match(keyId, /^[A-Za-z0-9_-]{22}$/, 'a 128-bit key id in base64url');
    assert.match(hmacKey, /^[A-Za-z0-9_-]{43}$/, 'a 256-bit HMAC key in base64url');
    await dialog.getByRole('button', { name: 'Copy the HMAC key' }).click();
    await page.getByText('Copied').waitFor();
    assert.equal(await page.evaluate('navigator.clipboard.readText()'), hmacKey);
    await check('acme-created');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // the list has it, unused, and the key is nowhere on the page any more
    const row = page.getByRole('row').filter({ hasText: keyId });
    await row.getByText('Unused', { exact: true }).waitFor();
    assert.equal(await page.getByText(hmacKey).count(), 0);
    // a string, not a function: the compiled function would call the loader's helpers, which the page lacks
    const kept = await page.evaluate(
      `[...document.querySelectorAll('input, textarea')].some((e) => e.value === ${JSON.stringify(hmacKey)})`,
    );
    assert.equal(kept, false, 'no field holds the HMAC key');
    await check('acme', 'ACME');

    await markScreenStart(page);
    await row.getByRole('button', { name: `Revoke credential ${keyId}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke this ACME credential?' });
    await confirm.getByText('It can no longer bind an ACME account.').waitFor();
    await check('acme-revoke');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('The ACME credential has been revoked').waitFor();
    await row.getByText('Revoked', { exact: true }).waitFor();
    assert.equal(
      await row.getByRole('button', { name: /^Revoke/ }).count(),
      0,
      'a revoked credential has no Revoke',
    );
    await check('acme-revoked', 'ACME');
  });

  it(
    'generates, views, downloads, renews, renews automatically and revokes a certificate',
    { timeout: 180_000 },
    async () => {
      await page.goto(url('/sti-certificate/certificate'));
      await page.getByRole('button', { name: 'Create New' }).waitFor();
      await check('certificates-empty', 'Certificate');
      await markScreenStart(page);
      await page.getByRole('button', { name: 'Create New' }).click();
      const dialog = page.getByRole('dialog', { name: 'Generate your first STIR/SHAKEN certificate' });
      await dialog.waitFor();
      const generate = dialog.getByRole('button', { name: 'Generate' });
      assert.equal(await generate.isDisabled(), true, 'submit waits for the STI-PA credentials');
      await dialog.getByLabel('STI-PA Username').fill('demo');
      await dialog.getByLabel('STI-PA Password', { exact: true }).fill('demo-pass');
      await check('certificate-generate');
      await doubleClickOnce(page, generate, '/generate_sti_spc_cert');
      await page.getByText('Your certificate has been generated').waitFor();
      const crUrl = (
        await page
          .getByText(/\/cr\/[0-9a-f]+\.pem/)
          .first()
          .textContent()
      )?.trim();
      assert.ok(crUrl, 'the CR URL is listed');
      const serial = /\/cr\/([0-9a-f]+)\.pem/.exec(crUrl)?.[1];
      await check('certificates', 'Certificate');

      await markScreenStart(page);
      await page.getByRole('button', { name: 'View' }).first().click();
      const view = page.getByRole('dialog', { name: 'Certificate' });
      await view
        .getByText(/SHAKEN 073K/)
        .first()
        .waitFor();
      await view.getByRole('button', { name: 'Copy' }).click();
      await page.getByText('Copied').waitFor();
      // Copy gives the certificate itself in PEM: this provider's SHAKEN certificate
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      assert.ok(copied.startsWith('-----BEGIN CERTIFICATE-----'), copied.slice(0, 40));
      assert.match(new x509.X509Certificate(copied).subject, /SHAKEN 073K/);
      await check('certificate-view');
      const leafDownload = page.waitForEvent('download');
      await view.getByRole('button', { name: 'Download PEM' }).click();
      const leafFile = await leafDownload;
      assert.equal(leafFile.suggestedFilename(), `${serial}.pem`);
      const leafText = await downloadedText(leafFile);
      assert.equal(leafText, copied, 'Download PEM saves what Copy copies');
      const chainDownload = page.waitForEvent('download');
      await view.getByRole('button', { name: 'Download chain' }).click();
      const chainFile = await chainDownload;
      assert.equal(chainFile.suggestedFilename(), `${serial}-chain.pem`);
      const chainText = await downloadedText(chainFile);
      assert.equal((chainText.match(/-----BEGIN CERTIFICATE-----/g) ?? []).length, 2);
      assert.ok(chainText.startsWith(leafText), 'the chain starts with the leaf');
      await page.keyboard.press('Escape');
      await view.waitFor({ state: 'hidden' });

      const served = await fetch(crUrl);
      assert.equal(served.status, 200);
      assert.equal(served.headers.get('content-type'), 'application/pem-certificate-chain');
      assert.equal(
        ((await served.text()).match(/BEGIN CERTIFICATE/g) ?? []).length,
        2,
        'leaf then intermediate',
      );

      // Renewing asks for the STI-PA credentials again and what happens to the old certificate (kept valid by
      // default); here it is revoked "in 24 hours": an overlap. The new certificate is listed first, current.
      await markScreenStart(page);
      await page.getByRole('button', { name: 'Renew' }).first().click();
      const renewDialog = page.getByRole('dialog', {
        name: 'Are you sure you want to renew this certificate?',
      });
      await renewDialog.getByLabel('STI-PA Username').fill('demo');
      await renewDialog.getByLabel('STI-PA Password', { exact: true }).fill('demo-pass');
      const choices = renewDialog.getByRole('radiogroup', { name: 'What happens to the old certificate?' });
      assert.equal(
        await choices.getByRole('radio', { name: 'Keep it valid until it expires' }).isChecked(),
        true,
      );
      await choices.getByRole('radio', { name: 'Revoke it in 24 hours' }).check();
      await check('certificate-renew');
      await doubleClickOnce(
        page,
        renewDialog.getByRole('button', { name: 'Confirm' }),
        /\/replace_sti_spc_cert\//,
      );
      await page.getByText('The certificate has been renewed').waitFor();
      const rows = page.getByTestId('certificate-row');
      await rows.nth(1).waitFor();
      assert.equal(await rows.count(), 2);
      await rows.nth(0).getByText('Current', { exact: true }).waitFor();
      await rows
        .nth(1)
        .getByText(/^Revocation scheduled /)
        .waitFor();
      await rows
        .nth(1)
        .getByText(/^Replaced by /)
        .waitFor();
      assert.equal(await rows.nth(1).getByText('Current', { exact: true }).count(), 0);
      assert.equal(
        await rows
          .nth(1)
          .getByText(/^Revoked/)
          .count(),
        0,
      );
      await check('certificates-renewed', 'Certificate');

      // When the delay is over the job revokes the old certificate: reload until the list says so.
      const deadline = Date.now() + (REVOKE_DELAY_SECONDS + 30) * 1000;
      while (
        (await rows
          .nth(1)
          .getByText(/^Revoked · Superseded, /)
          .count()) === 0
      ) {
        assert.ok(Date.now() < deadline, 'the old certificate was revoked after the delay');
        await page.waitForTimeout(1_000);
        await page.reload();
        await rows.nth(1).waitFor();
      }
      assert.equal(
        await rows
          .nth(1)
          .getByText(/^Revocation scheduled /)
          .count(),
        0,
      );
      await rows.nth(0).getByText('Current', { exact: true }).waitFor();

      // Automatic renewal, on the current certificate only: turned on from the keyboard, it asks for the STI-PA
      // credentials (kept sealed on the server, in no field once the dialog closes); off again after a confirmation.
      const autoRenew = rows.nth(0).getByRole('switch', { name: 'Renew automatically' });
      assert.equal(await autoRenew.isChecked(), false, 'automatic renewal starts off');
      assert.equal(await page.getByRole('switch').count(), 1, 'only the current certificate has the switch');
      await markScreenStart(page);
      await autoRenew.focus();
      await page.keyboard.press('Space');
      const enableDialog = page.getByRole('dialog', { name: 'Renew this certificate automatically?' });
      await enableDialog
        .getByText(/^In its last 30 days the certificate is renewed with the same key\./)
        .waitFor();
      await enableDialog.getByLabel('STI-PA Username').fill('demo');
      await enableDialog.getByLabel('STI-PA Password', { exact: true }).fill('demo-pass');
      await check('certificate-auto-renew');
      await enableDialog.getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('Automatic renewal enabled').waitFor();
      await enableDialog.waitFor({ state: 'hidden' });
      await rows.nth(0).getByRole('switch', { name: 'Renew automatically', checked: true }).waitFor();
      // a string, not a function: the compiled function would call the loader's helpers, which the page lacks
      const credentialsKept = await page.evaluate(
        `[...document.querySelectorAll('input')].some((e) => e.value === ${JSON.stringify('demo-pass')})`,
      );
      assert.equal(credentialsKept, false, 'no field holds the STI-PA password');
      await check('certificates-auto-renew-on', 'Certificate');

      await markScreenStart(page);
      await autoRenew.click();
      const disableDialog = page.getByRole('dialog', {
        name: 'Turn off automatic renewal of this certificate?',
      });
      await disableDialog.getByText(/A reminder is mailed 30, 7 and 1 days before\./).waitFor();
      await check('certificate-auto-renew-off');
      await disableDialog.getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('Automatic renewal disabled').waitFor();
      await disableDialog.waitFor({ state: 'hidden' });
      await rows.nth(0).getByRole('switch', { name: 'Renew automatically', checked: false }).waitFor();

      await markScreenStart(page);
      // Revoke is the row's third action: in its "More actions" menu, opened and chosen from the keyboard
      await rows
        .nth(0)
        .getByRole('button', { name: /^More actions/ })
        .focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menuitem', { name: 'Revoke' }).waitFor();
      await page.keyboard.press('Enter');
      const revokeDialog = page.getByRole('dialog', {
        name: 'Are you sure you want to revoke this certificate?',
      });
      await revokeDialog.waitFor();
      await check('certificate-revoke');
      assert.ok(
        await revokeDialog.getByRole('button', { name: 'Confirm' }).isDisabled(),
        'no reason is chosen for you',
      );
      await revokeDialog.getByRole('radio', { name: 'Cessation of operation' }).check();
      await revokeDialog.getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('The certificate has been revoked').waitFor();
      // Both are revoked now (the old one as superseded, by the job): marked, and only View is offered.
      const revokedMarks = page.getByRole('row').getByText(/^Revoked · /);
      await revokedMarks.nth(1).waitFor();
      assert.equal(await revokedMarks.count(), 2);
      assert.equal(await page.getByRole('button', { name: 'Revoke' }).count(), 0);
      assert.equal(await page.getByRole('button', { name: /^More actions/ }).count(), 0);
      assert.equal(await page.getByRole('button', { name: 'Renew' }).count(), 0);
      assert.equal(await page.getByRole('switch').count(), 0, 'no current certificate: no automatic renewal');
      assert.equal(await page.getByRole('button', { name: 'View' }).count(), 2);
      await check('certificates-revoked', 'Certificate');

      // The certificate's CRL distribution point now lists the serial.
      const leafPem = (await (await fetch(crUrl)).text()).split(/(?<=-----END CERTIFICATE-----)/)[0];
      const crlDp = new x509.X509Certificate(leafPem).getExtension(x509.CRLDistributionPointsExtension);
      const crlUrl =
        crlDp?.distributionPoints[0]?.distributionPoint?.fullName?.[0]?.uniformResourceIdentifier;
      assert.ok(crlUrl?.startsWith(env.portal.url), `the CRL is this portal's: ${crlUrl}`);
      const crlRes = await fetch(crlUrl as string);
      assert.equal(crlRes.headers.get('content-type'), 'application/pkix-crl');
      const crl = new x509.X509Crl(new Uint8Array(await crlRes.arrayBuffer()));
      assert.ok(
        crl.entries.some(
          (e) => e.serialNumber.toLowerCase().replace(/^0+/, '') === serial?.replace(/^0+/, ''),
        ),
        'the revoked serial is in the CRL',
      );
    },
  );

  it('requests its STI-SCA, downloads its chain and revokes it', { timeout: 90_000 }, async () => {
    await page.goto(url('/sti-certificate/certificate'));
    await page.getByRole('menuitem', { name: /Delegate CA \(STI-SCA\)$/ }).click();
    await page.waitForURL('**/sti-certificate/sti-sca');
    await page.getByText('No STI-SCA yet. Request one to sign delegate certificates.').waitFor();
    await check('sti-sca-empty', 'Delegate CA (STI-SCA)');
    await markScreenStart(page);
    await page.getByRole('button', { name: 'Request STI-SCA' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request your STI-SCA' });
    await dialog.waitFor();
    await dialog.getByLabel('STI-PA Username').fill('demo');
    await dialog.getByLabel('STI-PA Password', { exact: true }).fill('demo-pass');
    await check('sti-sca-request');
    await doubleClickOnce(page, dialog.getByRole('button', { name: 'Request STI-SCA' }), '/sti_sca');
    await page.getByText('Your STI-SCA has been issued').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('row').filter({ hasText: /\/cr\/[0-9a-f]+\.pem/ });
    await row.getByText('Current', { exact: true }).waitFor();
    assert.ok(
      await page.getByRole('button', { name: 'Request STI-SCA' }).isDisabled(),
      'one current STI-SCA at a time',
    );
    await check('sti-sca', 'Delegate CA (STI-SCA)');

    // its chain: the STI-SCA (a CA for this provider's SPC), then the intermediate that issued it
    const chainDownload = page.waitForEvent('download');
    await row.getByRole('button', { name: 'Download chain' }).click();
    const chainText = await downloadedText(await chainDownload);
    const [sca] = chainText.split(/(?<=-----END CERTIFICATE-----)/);
    assert.equal((chainText.match(/-----BEGIN CERTIFICATE-----/g) ?? []).length, 2);
    const scaCert = new x509.X509Certificate(sca.trim());
    assert.match(scaCert.subject, /STI-SCA/);
    assert.equal(scaCert.getExtension(x509.BasicConstraintsExtension)?.ca, true);

    await markScreenStart(page);
    await row.getByRole('button', { name: /^More actions/ }).click();
    await page.getByRole('menuitem', { name: 'Revoke' }).click();
    const revoke = page.getByRole('dialog', { name: 'Revoke this STI-SCA?' });
    await revoke.waitFor();
    await revoke.getByText('Revoking it also revokes every delegate certificate it signed.').waitFor();
    assert.ok(
      await revoke.getByRole('button', { name: 'Confirm' }).isDisabled(),
      'no reason is chosen for you',
    );
    await check('sti-sca-revoke');
    await revoke.getByRole('radio', { name: 'Cessation of operation' }).check();
    await revoke.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('The STI-SCA has been revoked').waitFor();
    await row.getByText(/^Revoked · /).waitFor();
    await page.getByRole('button', { name: 'Request STI-SCA' }).and(page.locator(':enabled')).waitFor();
  });

  it('edits the profile', { timeout: 60_000 }, async () => {
    await page.goto(url('/profile'));
    await page.getByRole('heading', { name: 'My Profile', level: 1 }).waitFor();
    await check('profile', 'My Profile');
    const details = page
      .getByRole('form', { name: 'Company and contact' })
      .or(page.locator('form').filter({ has: page.getByRole('button', { name: 'Save' }) }));
    await details.first().getByLabel('Title').fill('CEO');
    await details.first().getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your details were saved').waitFor();
    await check('profile-saved', 'My Profile');
  });

  it(
    'marks the keyboard focus, folds the sidebar at 600 px and stacks the lists on a phone',
    { timeout: 90_000 },
    async () => {
      // The skip link appears on the first Tab and reads at 4.5:1; the next stops have a solid outline of 2 px or more.
      await page.goto(url('/account/summary'));
      await page.waitForLoadState('networkidle');
      await page.keyboard.press('Tab');
      const skip = await focused(page);
      assert.match(skip.label, /skip/i);
      assert.ok(skip.top >= 0, `the skip link is on screen (top ${skip.top})`);
      const ratio = contrast(skip.color, skip.background);
      assert.ok(
        ratio >= 4.5,
        `the skip link reads at ${ratio.toFixed(2)}:1 (${skip.color} on ${skip.background})`,
      );
      for (let stop = 0; stop < 6; stop++) {
        await page.keyboard.press('Tab');
        const { label, outline } = await focused(page);
        const [style, width] = outline.split(' ');
        assert.ok(
          style === 'solid' && parseFloat(width) >= 2,
          `'${label}' is marked by an outline (${outline})`,
        );
      }

      // on a phone the rows stack: no table, and Contact Us is an icon with its name
      await page.setViewportSize(PHONE);
      await page.goto(url('/payment-listing'));
      await page.getByText('Transaction ID', { exact: true }).filter({ visible: true }).first().waitFor();
      assert.equal(await page.locator('table').count(), 0, 'no table on a phone');
      await page.getByRole('link', { name: 'Contact Us (opens in a new tab)' }).waitFor();

      // between a phone and a desktop the sidebar is folded to its icons
      await page.setViewportSize({ width: 600, height: 800 });
      await page.goto(url('/payment-listing'));
      await page.getByText('Transaction ID', { exact: true }).filter({ visible: true }).first().waitFor();
      const folded = await measure(page);
      assert.ok(
        folded.contentLeft >= 0 && folded.contentLeft <= 64,
        `at 600 px the sidebar takes ${folded.contentLeft} px`,
      );
      assert.ok(
        folded.scrollWidth <= folded.innerWidth,
        `at 600 px the page is ${folded.scrollWidth} px wide`,
      );

      // and at 1280 px the lists are tables again, beside the open sidebar
      await page.setViewportSize(DESKTOP);
      await page.goto(url('/payment-listing'));
      await page.getByRole('columnheader', { name: 'Transaction ID' }).waitFor();
      assert.ok((await measure(page)).contentLeft > 200, 'at 1280 px the sidebar is open');
      await page
        .getByRole('link', { name: 'Contact Us (opens in a new tab)' })
        .getByText('Contact Us')
        .waitFor();
    },
  );

  it('signs out', { timeout: 60_000 }, async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await check('signed-out');
    // the session is gone: a signed-in page sends back to the login
    await page.goto(url('/account/summary'));
    await page.waitForURL('**/login');
  });

  it('has no screen with a serious axe violation or a sideways scroll at 375 px', () => {
    assert.ok(screen.count >= 25, `${screen.count} screens checked`);
    screen.assertClean();
  });
});
