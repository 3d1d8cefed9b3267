// An active provider creates a private key, downloads it, generates a SHAKEN certificate through the STI-PA
// simulator, views it, copies and downloads its PEM (leaf and chain), renews it asking to revoke the old one
// "in 24 hours" (RENEWAL_REVOKE_DELAY_SECONDS is a few seconds here) and sees it revoked then, and revokes the
// new one; the CR serves the chain and the CRL lists the serial.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as x509 from '../../server/src/ca/x509';
import { activeProvider } from './flows';
import type { Download } from 'playwright-core';
import { screenshot, usePortal } from './harness';

/** The text of a file the page saved. */
function downloadedText(file: Download): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    file.createReadStream().then((stream) => {
      let text = '';
      stream.on('data', (chunk) => (text += chunk));
      stream.on('end', () => resolve(text));
      stream.on('error', reject);
    }, reject);
  });
}

/** The portal's "in 24 hours" for this flow. */
const REVOKE_DELAY_SECONDS = 5;

describe('private keys and certificates', { timeout: 240_000 }, () => {
  const env = usePortal({ RENEWAL_REVOKE_DELAY_SECONDS: String(REVOKE_DELAY_SECONDS) });
  const provider = {
    ocn: '075C',
    email: `certs+${Date.now()}@gamma-telecom.test`,
    password: 'signing-horse-5',
    company: 'Gamma Telecom',
  };

  it('creates a key, generates, views, copies and revokes a certificate', { timeout: 180_000 }, async () => {
    const page = await env.newPage({ acceptDownloads: true });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.portal.url });
    await activeProvider(page, env.portal, provider);

    await page.goto(`${env.portal.url}/sti-certificate/private-key`);
    await page.getByRole('button', { name: 'Create New' }).click();
    await page.getByText('A new private key has been created').waitFor();
    const download = page.waitForEvent('download');
    await page
      .getByRole('button', { name: /^Download key/ })
      .first()
      .click();
    const file = await download;
    assert.equal(file.suggestedFilename(), 'stir_private_key.pem');
    const pem = await downloadedText(file);
    assert.match(pem, /-----BEGIN PRIVATE KEY-----/);
    await screenshot(page, '20-private-keys');

    await page.goto(`${env.portal.url}/sti-certificate/certificate`);
    await page.getByRole('button', { name: 'Create New' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate your first Stir/Shaken Certificate' });
    await dialog.waitFor();
    const generate = dialog.getByRole('button', { name: 'Generate' });
    assert.equal(await generate.isDisabled(), true, 'submit waits for the STI-PA credentials');
    await dialog.getByLabel('STI-PA Username').fill('demo');
    await dialog.getByLabel('STI-PA Password', { exact: true }).fill('demo-pass');
    await screenshot(page, '21-generate-modal');
    await generate.click();
    await page.getByText('Your certificate has been generated').waitFor();
    const crUrl = await page
      .getByText(/\/cr\/[0-9a-f]+\.pem/)
      .first()
      .textContent();
    assert.ok(crUrl, 'the CR URL is listed');
    await screenshot(page, '22-certificate-listed');

    await page.getByRole('button', { name: 'View' }).first().click();
    const view = page.getByRole('dialog', { name: 'Certificate' });
    await view
      .getByText(/SHAKEN 075C/)
      .first()
      .waitFor();
    await view.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Copied').waitFor();
    // Copy gives the certificate itself in PEM: this provider's SHAKEN certificate
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.ok(copied.startsWith('-----BEGIN CERTIFICATE-----'), copied.slice(0, 40));
    assert.match(new x509.X509Certificate(copied).subject, /SHAKEN 075C/);
    await screenshot(page, '23-certificate-view');

    const serial = /\/cr\/([0-9a-f]+)\.pem/.exec(crUrl)?.[1];
    const leafDownload = page.waitForEvent('download');
    await view.getByRole('button', { name: 'Download PEM' }).click();
    const leafFile = await leafDownload;
    assert.equal(leafFile.suggestedFilename(), `${serial}.pem`);
    const leafText = await downloadedText(leafFile);
    assert.ok(leafText.startsWith('-----BEGIN CERTIFICATE-----'), leafText.slice(0, 40));
    assert.equal(leafText, copied, 'Download PEM saves what Copy copies');
    const chainDownload = page.waitForEvent('download');
    await view.getByRole('button', { name: 'Download chain' }).click();
    const chainFile = await chainDownload;
    assert.equal(chainFile.suggestedFilename(), `${serial}-chain.pem`);
    const chainText = await downloadedText(chainFile);
    assert.equal((chainText.match(/-----BEGIN CERTIFICATE-----/g) ?? []).length, 2);
    assert.ok(chainText.startsWith(leafText), 'the chain starts with the leaf');
    await page.keyboard.press('Escape');

    const served = await fetch(crUrl.trim());
    assert.equal(served.status, 200);
    assert.equal(served.headers.get('content-type'), 'application/pem-certificate-chain');
    assert.equal(
      ((await served.text()).match(/BEGIN CERTIFICATE/g) ?? []).length,
      2,
      'leaf then intermediate',
    );

    // Renewing asks for the STI-PA credentials again and what happens to the old certificate (kept valid by
    // default); here it is revoked "in 24 hours". The new certificate is listed first, current.
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
    await screenshot(page, '24-certificate-renew-dialog');
    await renewDialog.getByRole('button', { name: 'Confirm' }).click();
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
    assert.equal(await rows.nth(1).getByText('Revoked', { exact: true }).count(), 0);
    await screenshot(page, '24-certificate-renewed');

    // When the delay is over the job revokes the old certificate: reload until the list says so.
    const deadline = Date.now() + (REVOKE_DELAY_SECONDS + 30) * 1000;
    while ((await rows.nth(1).getByText('Revoked', { exact: true }).count()) === 0) {
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
    await screenshot(page, '24-certificate-old-revoked');

    await page.getByRole('button', { name: 'Revoke' }).first().click();
    await page.getByText('Are you sure you want to revoke this certificate?').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('The certificate has been revoked').waitFor();
    // Both are revoked now (the old one as superseded, by the job): marked, and only View is offered.
    const revokedMarks = page.getByRole('row').getByText('Revoked', { exact: true });
    await revokedMarks.nth(1).waitFor();
    assert.equal(await revokedMarks.count(), 2);
    assert.equal(await page.getByRole('button', { name: 'Revoke' }).count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Renew' }).count(), 0);
    assert.equal(await page.getByRole('button', { name: 'View' }).count(), 2);
    await screenshot(page, '25-certificate-revoked');

    // The certificate's CRL distribution point now lists the serial.
    const leafPem = (await (await fetch(crUrl.trim())).text()).split(/(?<=-----END CERTIFICATE-----)/)[0];
    const crlDp = new x509.X509Certificate(leafPem).getExtension(x509.CRLDistributionPointsExtension);
    const crlUrl = crlDp?.distributionPoints[0]?.distributionPoint?.fullName?.[0]?.uniformResourceIdentifier;
    assert.ok(crlUrl?.startsWith(env.portal.url), `the CRL is this portal's: ${crlUrl}`);
    const crlRes = await fetch(crlUrl as string);
    assert.equal(crlRes.headers.get('content-type'), 'application/pkix-crl');
    const crl = new x509.X509Crl(new Uint8Array(await crlRes.arrayBuffer()));
    assert.ok(
      crl.entries.some((e) => e.serialNumber.toLowerCase().replace(/^0+/, '') === serial?.replace(/^0+/, '')),
      'the revoked serial is in the CRL',
    );
  });
});
