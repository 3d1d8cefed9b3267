// The verifier's report for people: the verdict first, each check with ✓ or ✗, then what was verified.
import type { VerifyReport } from './verify';

export function formatReport(r: VerifyReport): string {
  const lines = [`${r.kind === 'passport' ? 'PASSporT' : 'Certificate'}: ${r.valid ? 'VALID' : 'INVALID'}`];
  if (r.reason) lines.push(`Reason: ${r.reason}`);
  lines.push('');
  for (const c of r.checks) lines.push(`  ${c.ok ? '✓' : '✗'} ${c.name.padEnd(10)} ${c.detail}`);
  const cert = r.certificate;
  if (cert) {
    lines.push('', 'Certificate');
    lines.push(`  subject     ${cert.subject}`);
    lines.push(`  issuer      ${cert.issuer}`);
    lines.push(`  serial      ${cert.serial}`);
    lines.push(`  valid       ${cert.notBefore} to ${cert.notAfter}`);
    if (cert.spc) lines.push(`  SPC         ${cert.spc}`);
    else if (cert.tnAuthList)
      lines.push(
        `  TNAuthList  ${cert.tnAuthList.map((e) => (e.kind === 'range' ? `${e.start} +${e.count}` : e.kind === 'one' ? e.tn : e.spc)).join(', ')}`,
      );
  }
  const rev = r.revocation;
  if (rev) {
    lines.push('', 'Revocation');
    lines.push(`  CRL         ${rev.crlUrl}`);
    lines.push(`  CRL issuer  ${rev.crlIssuer}`);
    lines.push(`  updated     ${rev.thisUpdate}${rev.nextUpdate ? `, next ${rev.nextUpdate}` : ''}`);
    lines.push(
      `  status      ${rev.status === 'revoked' ? `revoked on ${rev.revokedAt}, reason ${rev.reason}` : 'good'}`,
    );
  }
  if (r.passport) {
    const c = r.passport.claims;
    lines.push('', 'PASSporT');
    lines.push(`  x5u         ${String(r.passport.header.x5u)}`);
    lines.push(`  attest      ${String(c.attest)}`);
    lines.push(`  orig        ${JSON.stringify(c.orig)}`);
    lines.push(`  dest        ${JSON.stringify(c.dest)}`);
    if (typeof c.iat === 'number')
      lines.push(`  iat         ${c.iat} (${new Date(c.iat * 1000).toISOString()})`);
    lines.push(`  origid      ${String(c.origid)}`);
  }
  return `${lines.join('\n')}\n`;
}
