import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeGeneration } from '@/test/generation-fixtures';
import { followGeneration } from './get-generation';

class FakeEventSource {
  static last: FakeEventSource | null = null;
  listeners = new Map<string, (event: MessageEvent<string>) => void>();
  onerror: (() => void) | null = null;
  closed = false;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
  }
  emit(data: unknown) {
    this.listeners.get('generation')?.(new MessageEvent('generation', { data: JSON.stringify(data) }));
  }
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('followGeneration', () => {
  it('follows the event stream and closes it when the generation ends', () => {
    const updates: string[] = [];
    followGeneration('p1', (g) => updates.push(`${g.status}:${g.stage}`), vi.fn());
    const source = FakeEventSource.last!;
    expect(source.url).toBe('/api/generations/p1/events');

    source.emit(makeGeneration({ stage: 'ai_generation' }));
    source.emit({ not: 'a generation' });
    source.emit(makeGeneration({ status: 'completed', stage: null }));
    expect(updates).toEqual(['processing:ai_generation', 'completed:null']);
    expect(source.closed).toBe(true);
    // A late error after the end changes nothing.
    source.onerror?.();
    expect(updates).toHaveLength(2);
  });

  it('falls back to polling every second when the stream fails before the end', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(json(makeGeneration({ stage: 'uploading_designs' })))
      .mockResolvedValueOnce(json(makeGeneration({ status: 'failed', stage: null, error: 'boom' })));
    vi.stubGlobal('fetch', fetch);
    const updates: string[] = [];
    followGeneration('p1', (g) => updates.push(g.status), vi.fn());
    FakeEventSource.last!.onerror?.();
    expect(FakeEventSource.last!.closed).toBe(true);

    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledWith('/api/generations/p1', expect.anything());
    expect(updates).toEqual(['processing']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(updates).toEqual(['processing', 'failed']);
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('stops everything when unsubscribed, and reports a failed poll', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValue(json({ error: 'not_found', message: 'Generation not found.' }, 404));
    vi.stubGlobal('fetch', fetch);
    const onError = vi.fn();
    const stop = followGeneration('p1', vi.fn(), onError);
    FakeEventSource.last!.onerror?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ status: 404 }));
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
