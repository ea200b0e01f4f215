import { isIP } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  clientKey,
  isLoopbackHost,
  registerLoopbackRedirect,
  registerRequestGuards,
} from './http-security.js';

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

describe('one address for a site on this machine', () => {
  it('knows the loopback names', () => {
    for (const host of [
      'localhost',
      'app.localhost',
      '127.0.0.1',
      '127.1.2.3',
      '::1',
      '[::1]',
      '0:0:0:0:0:0:0:1',
    ])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['example.com', 'localhost.example.com', '10.0.0.1', '128.0.0.1', '::2', '[::]'])
      expect(isLoopbackHost(host), host).toBe(false);
  });

  async function server(publicUrl: string) {
    const app = Fastify();
    registerLoopbackRedirect(app, new URL(publicUrl));
    registerRequestGuards(app, new URL(publicUrl).origin);
    app.get('/*', async () => 'page');
    app.get('/api/health', async () => 'ok');
    app.post('/api/auth/sign-in/social', async () => 'signed in');
    await app.ready();
    return app;
  }

  it('sends a page asked for on another loopback name to PUBLIC_URL, with its path and query', async () => {
    const app = await server('http://localhost:3000');
    for (const host of ['127.0.0.1:3000', '[::1]:3000']) {
      const reply = await app.inject({ url: '/gallery?state=AZ', headers: { host } });
      expect(reply.statusCode, host).toBe(307);
      expect(reply.headers.location).toBe('http://localhost:3000/gallery?state=AZ');
    }
    const head = await app.inject({ method: 'HEAD', url: '/', headers: { host: '127.0.0.1:3000' } });
    expect(head.statusCode).toBe(307);
    // The address itself, the API and the health check are answered where they are asked.
    expect((await app.inject({ url: '/', headers: { host: 'localhost:3000' } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/health', headers: { host: '127.0.0.1:3000' } })).statusCode).toBe(
      200,
    );
    // A name that is not this machine's is left to the usual rules.
    expect((await app.inject({ url: '/', headers: { host: 'example.com' } })).statusCode).toBe(200);
  });

  it('refuses a state change from the other name, naming the address to use', async () => {
    const app = await server('http://localhost:3000');
    const reply = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: {
        host: '127.0.0.1:3000',
        origin: 'http://127.0.0.1:3000',
        'content-type': 'application/json',
      },
      payload: '{}',
    });
    expect(reply.statusCode).toBe(403);
    expect(reply.json<{ message: string }>().message).toBe(
      'This site is at http://localhost:3000: open it there. Requests from http://127.0.0.1:3000 are refused.',
    );
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json<{ message: string }>().message).toBe('Cross-site requests are not allowed.');
  });

  it('redirects nothing when the site is not on a loopback address', async () => {
    const app = await server('https://camo.example');
    expect((await app.inject({ url: '/', headers: { host: '127.0.0.1:3000' } })).statusCode).toBe(200);
  });
});
