import { describe, expect, it, vi } from 'vitest';
import { createPersonCache } from './person-cache.js';
import { testSessionEvents } from '../../../test/support/session-events.js';

describe('person cache (decision 021)', () => {
  it('keeps a row until the person changes, and only that person', async () => {
    const events = testSessionEvents();
    const cache = createPersonCache<{ name: string }>(events, { ttlMs: 30_000 });
    const load = vi.fn(async () => ({ name: 'Ann' }));
    await cache.get('u1', load);
    await cache.get('u1', load);
    expect(load).toHaveBeenCalledTimes(1);
    events.publish({ kind: 'person', id: 'u2' });
    events.publish({ kind: 'session', id: 'u1' });
    await cache.get('u1', load);
    expect(load).toHaveBeenCalledTimes(1);
    events.publish({ kind: 'person', id: 'u1' });
    await cache.get('u1', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not keep a row read while a change arrived', async () => {
    const events = testSessionEvents();
    const cache = createPersonCache<{ name: string }>(events, { ttlMs: 30_000 });
    let release!: () => void;
    const stale = cache.get(
      'u1',
      () => new Promise<{ name: string }>((resolve) => (release = () => resolve({ name: 'Old' }))),
    );
    events.publish({ kind: 'person', id: 'u1' });
    release();
    expect(await stale).toEqual({ name: 'Old' });
    expect(await cache.get('u1', async () => ({ name: 'New' }))).toEqual({ name: 'New' });
  });

  it('keeps nothing while notifications are not live, nor without them, nor what was not found', async () => {
    const events = testSessionEvents();
    events.live = false;
    const cache = createPersonCache<{ name: string }>(events, { ttlMs: 30_000 });
    const load = vi.fn(async () => ({ name: 'Ann' }));
    await cache.get('u1', load);
    await cache.get('u1', load);
    expect(load).toHaveBeenCalledTimes(2);

    const without = createPersonCache<{ name: string }>(undefined, { ttlMs: 30_000 });
    await without.get('u1', load);
    await without.get('u1', load);
    expect(load).toHaveBeenCalledTimes(4);

    events.live = true;
    const missing = vi.fn(async () => undefined);
    await cache.get('nobody', missing);
    await cache.get('nobody', missing);
    expect(missing).toHaveBeenCalledTimes(2);
  });

  it('forgets everything when notifications may have been missed', async () => {
    const events = testSessionEvents();
    const cache = createPersonCache<{ name: string }>(events, { ttlMs: 30_000 });
    const load = vi.fn(async () => ({ name: 'Ann' }));
    await cache.get('u1', load);
    events.publish({ kind: 'missed' });
    await cache.get('u1', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
