import { generationSchema, type Generation } from '@camo/shared/generation.schema';
import { requestJson } from '@/lib/api-client';

export async function getGeneration(photoId: string, signal?: AbortSignal): Promise<Generation> {
  return generationSchema.parse(
    await requestJson(`/api/generations/${encodeURIComponent(photoId)}`, { signal }),
  );
}

export const isFinished = (generation: Generation): boolean =>
  generation.status === 'completed' || generation.status === 'failed';

const POLL_MS = 1000;

/**
 * Follows a generation until it ends: Server-Sent Events from /events (one `generation` event per
 * change; the server closes the stream at the end), or, when EventSource is missing or fails
 * before the end, GET every second. Returns a function that stops everything.
 */
export function followGeneration(
  photoId: string,
  onUpdate: (generation: Generation) => void,
  onError: (error: unknown) => void,
): () => void {
  let stopped = false;
  let finished = false;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const controller = new AbortController();

  const deliver = (generation: Generation) => {
    if (stopped || finished) return;
    if (isFinished(generation)) finished = true;
    onUpdate(generation);
  };

  const poll = async () => {
    timer = null;
    if (stopped || finished) return;
    try {
      deliver(await getGeneration(photoId, controller.signal));
    } catch (error) {
      if (stopped) return;
      onError(error);
      return;
    }
    if (!stopped && !finished) timer = setTimeout(() => void poll(), POLL_MS);
  };

  const fallBackToPolling = () => {
    source?.close();
    source = null;
    if (!stopped && !finished && timer === null) void poll();
  };

  if (typeof EventSource === 'undefined') {
    void poll();
  } else {
    source = new EventSource(`/api/generations/${encodeURIComponent(photoId)}/events`, {
      withCredentials: true,
    });
    source.addEventListener('generation', (event) => {
      const parsed = generationSchema.safeParse(parseJson((event as MessageEvent<string>).data));
      if (!parsed.success) return;
      deliver(parsed.data);
      if (finished) {
        source?.close();
        source = null;
      }
    });
    // EventSource would reconnect by itself, but a proxy that buffers or drops the stream can keep
    // it failing; polling is the dependable way on.
    source.onerror = () => {
      if (!finished) fallBackToPolling();
    };
  }

  return () => {
    stopped = true;
    source?.close();
    source = null;
    if (timer !== null) clearTimeout(timer);
    controller.abort();
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
