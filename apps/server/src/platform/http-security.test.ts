import { isIP } from 'node:net';
import { describe, expect, it } from 'vitest';
import { clientKey } from './http-security.js';

describe('clientKey (the address every rate limit counts by)', () => {
  it('keeps IPv4 addresses whole', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('groups IPv6 addresses by /64, whatever their spelling', () => {
    const key = clientKey('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::');
    expect(clientKey('2001:0DB8:0001:0002:ffff:eeee:dddd:cccc')).toBe(key);
    expect(clientKey('2001:db8:1:2:3:4:5:6')).toBe(key);
    expect(clientKey('2001:db8:1:3::1')).not.toBe(key);
    expect(clientKey('::1')).toBe('0:0:0:0::');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::');
    expect(clientKey('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::');
    expect(clientKey('::ffff:0:203.0.113.7')).toBe('0:0:0:0::');
  });

  it('gives a valid address (it is handed to better-auth as X-Forwarded-For)', () => {
    for (const ip of ['2001:db8::', '::', '1::', '::2:3:4:5:6:7:8', '2001:db8:1:2:3:4:5:6', '::ffff:1.2.3.4'])
      expect(isIP(clientKey(ip)), ip).not.toBe(0);
  });

  it('passes anything else through', () => {
    expect(clientKey('')).toBe('');
    expect(clientKey('not-an-ip')).toBe('not-an-ip');
  });
});
