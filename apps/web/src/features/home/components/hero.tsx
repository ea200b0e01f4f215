import { limits } from '@camo/shared/limits';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { formatCount } from '@/lib/format';
import { useHydrated } from '@/lib/hydration';
import { useMemberCount } from '../api/get-member-count';

/** Opacity of the counter after scrolling `scrollY` pixels past a hero `heroHeight` tall (spec §9: fades over 60%). */
export function heroFadeOpacity(scrollY: number, heroHeight: number): number {
  const fadeDistance = heroHeight * 0.6;
  if (fadeDistance <= 0) return 1;
  return Math.min(1, Math.max(0, 1 - scrollY / fadeDistance));
}

export function Hero() {
  const heroRef = useRef<HTMLElement>(null);
  const counterRef = useRef<HTMLDivElement>(null);
  const members = useMemberCount();

  useEffect(() => {
    const hero = heroRef.current;
    const counter = counterRef.current;
    if (!hero || !counter) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      // Set through the CSSOM: allowed by a strict style-src, unlike inline style attributes in HTML.
      counter.style.opacity = String(heroFadeOpacity(window.scrollY, hero.offsetHeight));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);

  const count = members.data?.count;
  const progress = count === undefined ? 0 : Math.min(100, (count / limits.memberGoal) * 100);

  return (
    <section ref={heroRef} aria-labelledby="hero-title" className="camo-texture relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-gradient-to-b from-night/55 via-night/70 to-night"
      />
      <div className="relative mx-auto flex min-h-[78vh] max-w-7xl flex-col justify-center gap-8 px-4 py-16 sm:px-6 sm:py-24">
        <p className="eyebrow">Community-designed camouflage</p>
        <h1 id="hero-title" className="stencil-heading max-w-5xl text-[clamp(3rem,11vw,8.5rem)] text-bone">
          Wear more camo <span className="text-blaze">or else</span>
        </h1>
        <p className="max-w-xl text-lg leading-relaxed text-bone sm:text-xl">
          Snap your ground. Get a pattern built for it. Let the community vote it into legend.
        </p>

        <div ref={counterRef} className="w-full max-w-md will-change-[opacity]" data-testid="members-counter">
          <div className="card border-olive-500 bg-night/85 p-5">
            <p className="flex items-baseline gap-3" aria-live="polite">
              <span className="min-w-[3ch] font-display text-5xl tabular-nums text-blaze sm:text-6xl">
                {count === undefined ? '—' : formatCount(count)}
              </span>
              <span className="font-condensed text-xl font-bold uppercase tracking-wider text-bone">
                members indoctrinated
              </span>
            </p>
            <div className="mt-4">
              <div className="flex justify-between font-condensed text-sm font-bold uppercase tracking-wider text-sage">
                <span id="member-goal-label">
                  Goal: {formatCount(limits.memberGoal)} members before we sell
                </span>
                <span>{Math.floor(progress)}%</span>
              </div>
              <div
                role="progressbar"
                aria-labelledby="member-goal-label"
                aria-valuemin={0}
                aria-valuemax={limits.memberGoal}
                aria-valuenow={Math.min(count ?? 0, limits.memberGoal)}
                className="mt-2 h-3 overflow-hidden rounded-sm bg-loam"
              >
                <ProgressFill percent={progress} />
              </div>
            </div>
          </div>
        </div>

        <div className="flex flex-wrap gap-3">
          <Link to="/design" className="btn btn-primary">
            Start Designing
          </Link>
          <Link to="/gallery" className="btn btn-secondary">
            Browse the Gallery
          </Link>
        </div>
      </div>
    </section>
  );
}

function ProgressFill({ percent }: { percent: number }) {
  // In the browser React applies `style` through the CSSOM, which a strict style-src allows; in the
  // server's HTML it would be a style attribute, which it refuses. So the bar fills once hydrated.
  const hydrated = useHydrated();
  return (
    <div
      className="hazard-stripe h-full transition-[width] duration-700"
      style={hydrated ? { width: `${percent}%` } : undefined}
    />
  );
}
