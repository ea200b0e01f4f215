import { useState } from 'react';
import { useControlReady } from '@/lib/hydration';

/**
 * Shares the design page: the phone's share sheet where there is one, else the link is copied.
 * The page's HTML carries Open Graph tags, so the link shows the pattern in chat apps.
 */
export function ShareButton({ title }: { title: string }) {
  const [note, setNote] = useState<string | null>(null);
  const ready = useControlReady();

  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // Closing the share sheet is not an error; anything else falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setNote('Link copied.');
    } catch {
      setNote(`Copy this link: ${url}`);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-3">
      <button type="button" className="btn btn-secondary" {...ready()} onClick={() => void share()}>
        <svg
          viewBox="0 0 24 24"
          className="size-5"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <circle cx="18" cy="5" r="3" />
          <circle cx="6" cy="12" r="3" />
          <circle cx="18" cy="19" r="3" />
          <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
        </svg>
        Share
      </button>
      <span role="status" className="break-all text-sm text-sage">
        {note}
      </span>
    </div>
  );
}
