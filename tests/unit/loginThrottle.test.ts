import { describe, expect, it } from 'vitest';
import { LoginThrottle } from '../../server/auth/throttle.ts';

describe('login throttling', () => {
  it('blocks a login after its failure limit, until the window has passed', () => {
    let now = 1_000_000;
    const throttle = new LoginThrottle({ perLogin: 3, perAddress: 100, windowMs: 60_000 }, () => now);
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(throttle.retryAfter('Camille@demo.fr', '10.0.0.1')).toBe(0);
      throttle.fail('camille@demo.fr', '10.0.0.1');
      now += 1_000;
    }
    expect(throttle.retryAfter('camille@demo.fr', '10.0.0.2')).toBe(57);
    expect(throttle.retryAfter('autre@demo.fr', '10.0.0.1')).toBe(0);
    now += 58_000;
    expect(throttle.retryAfter('camille@demo.fr', '10.0.0.1')).toBe(0);
  });

  it('blocks an address that tries many logins', () => {
    const now = 0;
    const throttle = new LoginThrottle({ perLogin: 100, perAddress: 2, windowMs: 60_000 }, () => now);
    throttle.fail('a@demo.fr', '10.0.0.9');
    throttle.fail('b@demo.fr', '10.0.0.9');
    expect(throttle.retryAfter('c@demo.fr', '10.0.0.9')).toBe(60);
  });

  it('forgets a login’s failures after a success', () => {
    const throttle = new LoginThrottle({ perLogin: 2, perAddress: 100, windowMs: 60_000 }, () => 0);
    throttle.fail('a@demo.fr', 'ip');
    throttle.succeed('a@demo.fr');
    throttle.fail('a@demo.fr', 'ip');
    expect(throttle.retryAfter('a@demo.fr', 'ip')).toBe(0);
  });
});
