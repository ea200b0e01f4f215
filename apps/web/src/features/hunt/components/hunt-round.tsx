import { HUNT_MAX_MISSES, HUNT_TIME_LIMIT_MS, huntMessages } from '@camo/shared/hunt';
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
} from 'react';
import { Link } from 'react-router';
import { seconds, sendHidden, sendTap, sendTimeout } from '@/features/hunt/api/hunt';

import type { Reveal, Ending, Play } from '@/features/hunt/lib/hunt-play';
import { isShortLandscape } from '@/features/hunt/lib/picture-room';

export function Round({
  play,
  setPlay,
  onEnd,
  onNext,
}: {
  play: Extract<Play, { phase: 'playing' | 'ended' }>;
  setPlay: (update: (current: Play) => Play) => void;
  onEnd: (ending: Ending, reveal: Reveal, misses: number) => void;
  onNext: () => void;
}) {
  const { round } = play;
  const [remaining, setRemaining] = useState(HUNT_TIME_LIMIT_MS);
  const [note, setNote] = useState<string | null>(null);
  const busy = useRef(false);
  const playing = play.phase === 'playing';
  const shownAt = playing ? play.shownAt : 0;

  // The countdown; at zero the server is told, and reveals the target.
  useEffect(() => {
    if (!playing || shownAt === 0) return;
    const timer = setInterval(() => {
      const left = HUNT_TIME_LIMIT_MS - (performance.now() - shownAt);
      setRemaining(Math.max(0, left));
      if (left <= 0) {
        clearInterval(timer);
        sendTimeout(round.roundId).then(
          (result) => onEnd({ result: 'timeout' }, result.reveal, result.misses),
          () => setNote('The round could not be ended. Start a new one.'),
        );
      }
    }, 100);
    return () => clearInterval(timer);
  }, [playing, shownAt, round.roundId, onEnd]);

  // A round played in a hidden tab does not count: the server is told as soon as the tab is
  // hidden (the player may be looking elsewhere, or at the picture in another tool), once.
  const reportedHidden = useRef(false);
  useEffect(() => {
    if (!playing) return;
    const onVisibility = () => {
      if (document.visibilityState !== 'hidden' || reportedHidden.current) return;
      reportedHidden.current = true;
      sendHidden(round.roundId).then(
        (result) =>
          result.reveal ? onEnd({ result: 'void' }, result.reveal, 0) : setNote(huntMessages.tabHidden),
        () => setNote(huntMessages.tabHidden),
      );
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [playing, round.roundId, onEnd]);

  function tap(event: MouseEvent<HTMLImageElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    void tapAt(
      ((event.clientX - box.left) / box.width) * round.width,
      ((event.clientY - box.top) / box.height) * round.height,
    );
  }

  // Keyboard play: the arrow keys move a crosshair over the photo (Shift for small steps), Enter
  // or Space taps where it is.
  const [crosshair, setCrosshair] = useState<{ x: number; y: number } | null>(null);
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!playing) return;
    const here = crosshair ?? { x: round.width / 2, y: round.height / 2 };
    const step = (event.shiftKey ? 0.01 : 0.05) * Math.max(round.width, round.height);
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setCrosshair({
        x: Math.min(round.width, Math.max(0, here.x + move[0])),
        y: Math.min(round.height, Math.max(0, here.y + move[1])),
      });
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      setCrosshair(here);
      void tapAt(here.x, here.y);
    }
  }

  async function tapAt(x: number, y: number) {
    if (!playing || shownAt === 0 || busy.current) return;
    busy.current = true;
    try {
      const result = await sendTap(round.roundId, { x, y });
      if (result.result === 'miss') {
        setNote(huntMessages.missesLeft(result.missesLeft));
        setPlay((current) => (current.phase === 'playing' ? { ...current, misses: result.misses } : current));
      } else if (result.result === 'found') {
        onEnd({ result: 'found', ms: result.ms }, result.reveal, result.misses);
      } else if (result.result === 'timeout') {
        onEnd({ result: 'timeout' }, result.reveal, result.misses);
      } else if (result.result === 'out_of_misses') {
        onEnd({ result: 'out_of_misses' }, result.reveal, result.misses);
      } else {
        onEnd({ result: 'too_fast' }, result.reveal, 0);
      }
    } catch {
      setNote('That tap did not reach us. Try again.');
    } finally {
      busy.current = false;
    }
  }

  const frame = useRef<HTMLDivElement>(null);
  const after = useRef<HTMLDivElement>(null);
  const room = usePhotoRoom(frame, after);
  const ratio = round.width / round.height;
  // Never wider than the picture's own pixels (a small upload makes a small round, and stretched
  // it blurs), and never taller than the screen leaves below the header with the result and Next
  // round under it; until measured, an estimate of the same.
  const maxWidth =
    room === null
      ? `min(${round.width}px, calc((100svh - 18rem) * ${ratio}))`
      : `${Math.min(round.width, Math.floor(room * ratio))}px`;

  const reveal = play.phase === 'ended' ? play.reveal : null;
  const pct = (value: number, of: number) => `${(value / of) * 100}%`;
  return (
    <div className="flex flex-col gap-3 short:grid short:grid-cols-[minmax(0,1fr)_13rem] short:items-start short:gap-x-4">
      <div className="flex flex-col gap-3 short:col-start-2 short:row-start-1">
        <div className="flex items-center justify-between gap-4 px-2">
          <h1 className="font-condensed text-2xl font-bold uppercase tracking-wider text-bone">
            Find the target
          </h1>
          <p
            className="font-condensed text-2xl text-bone tabular-nums"
            aria-hidden={playing ? 'true' : undefined}
          >
            {playing ? `${Math.ceil(remaining / 1000)} s` : ''}
          </p>
        </div>
        <div className="h-1.5 w-full overflow-hidden rounded bg-olive-800" aria-hidden="true">
          <div
            className="h-full bg-blaze transition-[width] duration-100"
            style={{ width: playing ? pct(remaining, HUNT_TIME_LIMIT_MS) : '0%' }}
          />
        </div>
      </div>
      <div
        ref={frame}
        className="relative mx-auto w-full overflow-hidden rounded short:col-start-1 short:row-span-2 short:row-start-1 focus-visible:outline focus-visible:outline-4 focus-visible:outline-blaze"
        style={{ maxWidth }}
        tabIndex={playing ? 0 : -1}
        role="application"
        aria-label="The photo. Arrow keys move a crosshair (Shift for small steps); Enter taps where it is."
        onKeyDown={onKeyDown}
        onBlur={() => setCrosshair(null)}
      >
        <img
          src={play.imageUrl}
          width={round.width}
          height={round.height}
          alt="A photo with a camouflaged target hidden somewhere in it. Tap where you see it."
          className={`block h-auto w-full select-none rounded ${playing ? 'cursor-crosshair' : ''}`}
          draggable={false}
          onLoad={() =>
            setPlay((current) =>
              current.phase === 'playing' && current.shownAt === 0
                ? { ...current, shownAt: performance.now() }
                : current,
            )
          }
          onClick={tap}
          data-testid="hunt-image"
          data-round-id={round.roundId}
        />
        {crosshair && playing && (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute size-8 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-blaze shadow-[0_0_0_2px_rgba(0,0,0,0.6)]"
            style={{ left: pct(crosshair.x, round.width), top: pct(crosshair.y, round.height) }}
            data-testid="hunt-crosshair"
          />
        )}
        {reveal && (
          <div
            className="pointer-events-none absolute rounded-md border-4 border-blaze shadow-[0_0_0_9999px_rgba(0,0,0,0.35)]"
            style={{
              left: pct(reveal.box.x, round.width),
              top: pct(reveal.box.y, round.height),
              width: pct(reveal.box.width, round.width),
              height: pct(reveal.box.height, round.height),
            }}
            data-testid="hunt-reveal"
          />
        )}
      </div>
      {/* Room for the result and Next round kept from the start, so the photo does not move when
          the round ends (usePhotoRoom measures it). */}
      <div
        ref={after}
        className="flex min-h-[9.5rem] flex-col gap-3 px-2 sm:min-h-[6rem] short:col-start-2 short:row-start-2 short:min-h-0"
        aria-live="polite"
      >
        {play.phase === 'ended' ? (
          <>
            <p className="text-lg text-bone" role="status">
              {endingText(play.ending, play.misses)} The design was{' '}
              <Link to={designPage(play.reveal.design)} className="text-link">
                {play.reveal.design.name}
              </Link>{' '}
              by {play.reveal.design.designerName || 'Anonymous'}.
            </p>
            <div>
              <button type="button" className="btn btn-primary" onClick={onNext}>
                Next round
              </button>
            </div>
          </>
        ) : (
          <p className="text-sage">
            {note ??
              `Tap the target as soon as you see it (or use the arrow keys and Enter). ${HUNT_MAX_MISSES} misses end the round.`}
          </p>
        )}
      </div>
    </div>
  );
}

/** A bred design's page (decision 038) or a gallery design's. */
function designPage(design: Reveal['design']): string {
  const id = encodeURIComponent(design.id);
  return design.groundId ? `/breeding/designs/${id}` : `/gallery/${id}`;
}

function endingText(ending: Ending, misses: number): string {
  switch (ending.result) {
    case 'found':
      return `Found in ${seconds(ending.ms)}${misses ? ` after ${misses} miss${misses === 1 ? '' : 'es'}` : ''}.`;
    case 'timeout':
      return "Time's up: it was hiding here.";
    case 'out_of_misses':
      return huntMessages.outOfMisses;
    case 'too_fast':
      return 'Too fast to be a real find: this round does not count.';
    case 'void':
      return huntMessages.tabHidden;
  }
}

/** What the page keeps free below the screen's last row of the result area. */
const BOTTOM_MARGIN = 12;
/** The least height a photo is shown at, however short the screen. */
const MIN_PHOTO_HEIGHT = 160;

/**
 * The height, in CSS pixels, that the round's photo can take so that it, the result and Next round
 * below it all fit on the screen without scrolling: the window's height less what sits above the
 * photo (notices, header, title, timer) and what sits below it (the result area). Measured after
 * layout, again when the window or the result area changes size; null before the first measure.
 */
function usePhotoRoom(
  frame: RefObject<HTMLDivElement | null>,
  after: RefObject<HTMLDivElement | null>,
): number | null {
  const [room, setRoom] = useState<number | null>(null);
  useLayoutEffect(() => {
    // A round fills the screen from the top, wherever the page had been scrolled to.
    window.scrollTo(0, 0);
    const measure = () => {
      if (!frame.current || !after.current) return;
      const photo = frame.current.getBoundingClientRect();
      const top = photo.top + window.scrollY;
      // A phone turned: the result and Next round stand beside the photo, not below it.
      const below = isShortLandscape() ? 0 : after.current.getBoundingClientRect().bottom - photo.bottom;
      setRoom(Math.max(MIN_PHOTO_HEIGHT, Math.floor(window.innerHeight - top - below - BOTTOM_MARGIN)));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(after.current!);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [frame, after]);
  return room;
}
