// The security headers computed once at start: helmet's own output for pages, the OWASP REST set for API answers.
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { apiSecurityHeaders, securityHeaders } from '../../server/src/http/securityHeaders';

/** What helmet's middleware sets on one response, run the usual way. */
function helmetRun(options: Parameters<typeof helmet>[0]) {
  const set = new Map<string, unknown>();
  helmet(options)(
    {} as never,
    { setHeader: (n: string, v: unknown) => set.set(n, v), removeHeader() {} } as never,
    () => {},
  );
  return set;
}

describe('security headers', () => {
  const options = { contentSecurityPolicy: { directives: { scriptSrc: ["'self'", 'https://js.example'] } } };

  it('are exactly what helmet sets, in its order', () => {
    const captured = securityHeaders(options).filter(([, v]) => v !== null);
    expect(new Map(captured)).toEqual(helmetRun(options));
    expect(captured.length).toBeGreaterThan(8);
    expect(String(new Map(captured).get('Content-Security-Policy'))).toContain('script-src');
  });

  it('refuses a CSP directive computed per request, which would be frozen at its first value', () => {
    const nonce = { contentSecurityPolicy: { directives: { scriptSrc: ["'self'", () => "'nonce-x'"] } } };
    expect(() => securityHeaders(nonce)).toThrow(/per request/);
  });

  it('give API answers the OWASP REST set, keeping the configured HSTS and nothing page-only', () => {
    const api = new Map(apiSecurityHeaders(securityHeaders({ strictTransportSecurity: { maxAge: 60 } })));
    expect(api.get('Content-Security-Policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.get('X-Frame-Options')).toBe('DENY');
    expect(api.get('X-Content-Type-Options')).toBe('nosniff');
    expect(api.get('Strict-Transport-Security')).toBe('max-age=60; includeSubDomains');
    expect(api.has('Cross-Origin-Opener-Policy')).toBe(false);
    // HSTS turned off for pages is off for the API too
    const noHsts = new Map(apiSecurityHeaders(securityHeaders({ strictTransportSecurity: false })));
    expect(noHsts.has('Strict-Transport-Security')).toBe(false);
  });
});
