import { describe, expect, it } from 'vitest';
import { mayDeliverTo } from './public-address';

describe('where federation may deliver', () => {
  it('refuses loopback, private and link-local addresses unless they are allowed', async () => {
    for (const url of [
      'http://127.0.0.1/inbox',
      'https://10.1.2.3/inbox',
      'https://192.168.0.9/inbox',
      'https://169.254.169.254/latest',
      'https://[::1]/inbox',
      'https://localhost/inbox',
    ]) {
      expect(await mayDeliverTo(url, false), url).toBe(false);
      expect(await mayDeliverTo(url, true), url).toBe(true);
    }
    expect(await mayDeliverTo('https://93.184.216.34/inbox', false)).toBe(true);
    expect(await mayDeliverTo('file:///etc/passwd', true)).toBe(false);
  });
});
