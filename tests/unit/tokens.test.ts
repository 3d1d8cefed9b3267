// Session tokens: what a signature check answers, and that a token believed from memory still expires on time.
import { describe, expect, it } from 'vitest';
import { createTokenService } from '../../server/src/auth/tokens';

const secret = new TextEncoder().encode('a-secret-that-is-long-enough-for-hs256!!');
const claims = { sub: 'account-1', type: 'service-provider', email: 'p@example.com' } as never;

describe('session tokens', () => {
  it('verifies its own tokens, again from memory, and refuses others and altered ones', async () => {
    let clock = new Date('2026-01-01T00:00:00Z');
    const tokens = createTokenService(secret, () => clock);
    const token = await tokens.sign(claims, 60);
    const first = await tokens.verify(token);
    expect(first).toMatchObject({ sub: 'account-1', type: 'service-provider' });
    const again = await tokens.verify(token);
    expect(again).toEqual(first);
    // what one caller does to its claims does not reach the next
    (again as { sub: string }).sub = 'someone-else';
    expect((await tokens.verify(token))?.sub).toBe('account-1');
    const other = createTokenService(
      new TextEncoder().encode('another-secret-that-is-long-enough!!'),
      () => clock,
    );
    expect(await other.verify(token)).toBeNull();
    const [h, p, s] = token.split('.');
    expect(await tokens.verify(`${h}.${p}.${s.slice(0, -2)}AA`)).toBeNull();
    clock = new Date(clock.getTime() + 2_000);
    expect(await tokens.verify(token)).not.toBeNull();
  });

  it('expires a token it remembers at its exp, not later', async () => {
    let clock = new Date('2026-01-01T00:00:00Z');
    const tokens = createTokenService(secret, () => clock);
    const token = await tokens.sign(claims, 3);
    expect(await tokens.verify(token)).not.toBeNull();
    clock = new Date(clock.getTime() + 2_500);
    expect(await tokens.verify(token)).not.toBeNull();
    clock = new Date(clock.getTime() + 600);
    expect(await tokens.verify(token)).toBeNull();
  });
});
