// The provider's delegate certificates in a real browser (docs/delegates.md, docs/screens.md): numbers imported,
// the STI-SCA requested, a delegate certificate issued to a customer for a block of them with a key made by the
// portal (shown once, downloaded), its chain checked; an ACME credential handed to another customer in the dialog,
// used by that customer's acme-client with only what the dialog showed; a number of the first removed from the
// inventory (the delegate is named, and its page warns), then that delegate revoked with a chosen reason. Every
// screen is checked (axe-core, 1280 and 375 px, no sideways scroll).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createHash, createPublicKey, webcrypto } from 'node:crypto';
import * as acme from 'acme-client';
import type { Page } from 'playwright-core';
import { TN_AUTH_LIST_OID } from '../../server/src/ca/tnAuthList';
import { encodeTnEntries } from '../../server/src/ca/tnEntries';
import * as x509 from '../../server/src/ca/x509';
import { activeProvider, doubleClickOnce, downloadedText } from './flows';
import { usePortal } from './harness';
import { markScreenStart, screens, trackScreenStarts } from './screens';

const CSV = ['tn,voip_user,organization,assigned_on']
  .concat(Array.from({ length: 20 }, (_, i) => `${2015550100 + i},Desk ${i},Widget,`))
  .join('\r\n');
const CUSTOMER = 'Widget Call Center';
const ACME_CUSTOMER = 'Widget ACME Desk';

describe('delegate certificates flow', { timeout: 600_000 }, () => {
  const env = usePortal();
  const screen = screens('delegates');
  const stamp = Date.now();
  const provider = {
    ocn: '074d',
    email: `owner+${stamp}@delegating-telecom.test`,
    password: 'delegate-horse-7',
    company: 'Delegating Telecom',
  };
  let page: Page;
  let serial = '';
  const url = (path: string) => `${env.portal.url}${path}`;
  const check = (name: string, h1?: string) => screen.check(page, name, { h1 });
  const menu = (item: RegExp) => page.getByRole('menuitem', { name: item }).click();

  it('has a provider with numbers and an STI-SCA', { timeout: 180_000 }, async () => {
    page = await env.newPage({ bypassCSP: true, acceptDownloads: true }, trackScreenStarts);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.portal.url });
    await activeProvider(page, env.portal, provider);

    await page.goto(url('/import-history'));
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import numbers' });
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Choose a CSV file' }).click();
    await (await chooser).setFiles({ name: 'widget.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await page.getByRole('cell', { name: 'Completed' }).waitFor({ timeout: 30_000 });

    await page.goto(url('/sti-certificate/sti-sca'));
    await page.getByRole('button', { name: 'Request STI-SCA' }).click();
    const request = page.getByRole('dialog', { name: 'Request your STI-SCA' });
    await request.getByLabel('STI-PA Username').fill('demo');
    await request.getByLabel('STI-PA Password', { exact: true }).fill('demo-pass');
    await request.getByRole('button', { name: 'Request STI-SCA' }).click();
    await page.getByText('Your STI-SCA has been issued').waitFor();
  });

  it('issues a delegate certificate for a block, with its key shown once', { timeout: 120_000 }, async () => {
    await menu(/Delegate certificates$/);
    await page.waitForURL('**/sti-certificate/delegates');
    await page.getByText('No delegate certificates yet.').waitFor();
    await check('delegates-empty', 'Delegate certificates');

    await markScreenStart(page);
    await page.getByRole('button', { name: 'New delegate certificate' }).click();
    const dialog = page.getByRole('dialog', { name: 'New delegate certificate' });
    await dialog.getByLabel('Customer name').fill(CUSTOMER);
    await dialog.getByLabel('Numbers', { exact: true }).fill('2015550100-2015550109');
    await check('delegate-create');
    await doubleClickOnce(page, dialog.getByRole('button', { name: 'Issue certificate' }), /\/delegates$/);

    const shown = page.getByRole('dialog', { name: `The private key of ${CUSTOMER}` });
    await shown.getByText('Copy or download this private key now').waitFor();
    const keyPem = await shown.getByRole('textbox', { name: 'Private key (PEM)' }).inputValue();
    assert.match(keyPem, /^-----BEGIN PRIVATE KEY-----/);
    const download = page.waitForEvent('download');
    await shown.getByRole('button', { name: 'Download the private key' }).click();
    assert.equal((await downloadedText(await download)).trim(), keyPem.trim());
    await check('delegate-key-shown');
    await shown.getByRole('button', { name: 'Close' }).click();
    await shown.waitFor({ state: 'hidden' });
    assert.equal(await page.getByText('BEGIN PRIVATE KEY').count(), 0, 'the key is shown once');

    const row = page.getByRole('row').filter({ hasText: CUSTOMER });
    await row.getByText('10 numbers').waitFor();
    await row.getByText('Current', { exact: true }).waitFor();
    await check('delegates', 'Delegate certificates');

    // its chain: the delegate (the block's ten numbers, as E.164 digits), the STI-SCA, the intermediate
    const chain = page.waitForEvent('download');
    await row.getByRole('button', { name: /^Download chain/ }).click();
    const pems = (await downloadedText(await chain))
      .split(/(?<=-----END CERTIFICATE-----)/)
      .filter((p) => p.trim());
    assert.equal(pems.length, 3);
    const leaf = new x509.X509Certificate(pems[0].trim());
    serial = leaf.serialNumber.toLowerCase();
    assert.match(leaf.subject, /CN=SHAKEN 074D Delegate/);
    assert.match(leaf.subject, new RegExp(`O=${CUSTOMER}`));
    assert.equal(leaf.getExtension(x509.BasicConstraintsExtension)?.ca ?? false, false);
  });

  it(
    "hands a customer an ACME credential, and the customer's acme-client gets its certificate",
    {
      timeout: 120_000,
    },
    async () => {
      await markScreenStart(page);
      await page.getByRole('button', { name: 'ACME credential for a customer' }).click();
      const dialog = page.getByRole('dialog', { name: 'ACME credential for a customer' });
      await dialog.getByLabel('Customer name').fill(ACME_CUSTOMER);
      await dialog.getByLabel('Numbers', { exact: true }).fill('2015550110-2015550119');
      await check('delegate-acme-credential');
      await dialog.getByRole('button', { name: 'Create credential' }).click();
      const shown = page.getByRole('dialog', { name: `New ACME credential for ${ACME_CUSTOMER}` });
      await shown.getByText(`delegate certificates for 10 numbers of ${ACME_CUSTOMER}`).waitFor();
      const keyId = await shown.getByRole('textbox', { name: 'Key ID' }).inputValue();
      const hmacKey = await shown.getByRole('textbox', { name: 'HMAC key' }).inputValue();
      const directoryUrl = await shown.getByRole('textbox', { name: 'ACME directory URL' }).inputValue();
      await check('delegate-acme-credential-shown');
      await shown.getByRole('button', { name: 'Close' }).click();

      // the customer's own client, with only what the dialog showed
      const accountKey = await acme.crypto.createPrivateEcdsaKey();
      const client = new acme.Client({
        directoryUrl,
        accountKey,
        externalAccountBinding: { kid: keyId, hmacKey },
      });
      await client.createAccount({ termsOfServiceAgreed: true });
      const list = new Uint8Array(encodeTnEntries([{ range: { start: '12015550110', count: 10 } }]));
      const value = Buffer.from(list).toString('base64url');
      const order = await client.createOrder({ identifiers: [{ type: 'TNAuthList', value }] });
      const [authz] = await client.getAuthorizations(order);
      const challenge = authz.challenges[0] as unknown as { url: string; 'token-authority': string };
      const signed = (url: string, payload: unknown) =>
        (
          client as unknown as {
            api: { apiRequest(u: string, p: unknown, c: number[]): Promise<{ data: { token?: string } }> };
          }
        ).api.apiRequest(url, payload, [200]);
      // ATIS-1000080's fingerprint: SHA-256 of the account key's SPKI, upper-case colon-separated hex
      const spki = createPublicKey(accountKey).export({ type: 'spki', format: 'der' });
      const fingerprint = `SHA256 ${createHash('sha256').update(spki).digest('hex').toUpperCase().match(/../g)!.join(':')}`;
      const { data } = await signed(challenge['token-authority'], {
        atc: { tktype: 'TNAuthList', tkvalue: Buffer.from(list).toString('base64'), ca: false, fingerprint },
      });
      await signed(challenge.url, { tkauth: data.token });
      const keys = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
        'sign',
        'verify',
      ]);
      const csr = await x509.Pkcs10CertificateRequestGenerator.create({
        name: 'CN=Widget ACME',
        keys,
        signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' },
        extensions: [new x509.Extension(TN_AUTH_LIST_OID, false, list)],
      });
      const finalized = await client.finalizeOrder(order, csr.toString('pem'));
      assert.equal(finalized.status, 'valid');
      const leaf = new x509.X509Certificate(
        (await client.getCertificate(finalized)).split(/(?=-----BEGIN)/)[0],
      );
      assert.match(leaf.subject, new RegExp(`O=${ACME_CUSTOMER}`));

      // the provider sees it among its delegate certificates
      await page.reload();
      const row = page.getByRole('row').filter({ hasText: ACME_CUSTOMER });
      await row.getByText('10 numbers').waitFor();
      await row.getByText('Current', { exact: true }).waitFor();
    },
  );

  it('names the delegate when one of its numbers leaves the inventory', { timeout: 90_000 }, async () => {
    await menu(/Number Listing$/);
    await page.waitForURL('**/number-listing');
    await markScreenStart(page);
    await page.getByRole('button', { name: 'Remove numbers' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove numbers from your inventory' });
    await dialog.getByLabel('Numbers to remove').fill('2015550105');
    await check('numbers-remove');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    const named = page.getByRole('dialog', { name: 'Delegate certificates to issue again' });
    await named.getByText(`${CUSTOMER} (${serial}): 1 of 10 numbers no longer held`).waitFor();
    await check('numbers-removed-delegates');
    await named.getByRole('link', { name: 'Open delegate certificates' }).click();
    await page.waitForURL('**/sti-certificate/delegates');
    await page.getByRole('alert').getByText('Delegate certificates to issue again').waitFor();
    await check('delegates-uncovered', 'Delegate certificates');
  });

  it('revokes it with a chosen reason: the warning goes', { timeout: 90_000 }, async () => {
    const row = page.getByRole('row').filter({ hasText: CUSTOMER });
    await markScreenStart(page);
    await row.getByRole('button', { name: /^More actions/ }).click();
    await page.getByRole('menuitem', { name: 'Revoke' }).click();
    const revoke = page.getByRole('dialog', { name: 'Revoke this delegate certificate?' });
    await revoke.waitFor();
    assert.ok(
      await revoke.getByRole('button', { name: 'Confirm' }).isDisabled(),
      'no reason is chosen for you',
    );
    await check('delegate-revoke');
    await revoke.getByRole('radio', { name: 'Cessation of operation' }).check();
    await revoke.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('The delegate certificate has been revoked').waitFor();
    await row
      .getByText(/^Revoked/)
      .first()
      .waitFor();
    await page.reload();
    await row
      .getByText(/^Revoked/)
      .first()
      .waitFor();
    assert.equal(await page.getByText('Delegate certificates to issue again').count(), 0);
  });
});
