import type { ReactNode } from 'react';

/** A stage: its label, and optionally a second line saying what runs there. */
export type StageItem = { id: string; label: string; note?: string };

/**
 * A vertical list of stages: those before `current` are done, `current` is in progress, the rest
 * wait. `current` equal to the number of stages means all are done. `detail` renders under the
 * stage in progress (an upload bar, a timer).
 */
export function StageList({
  stages,
  current,
  detail,
}: {
  stages: readonly StageItem[];
  current: number;
  detail?: ReactNode;
}) {
  return (
    <ol className="flex flex-col gap-1">
      {stages.map((stage, index) => {
        const state = index < current ? 'done' : index === current ? 'active' : 'waiting';
        return (
          <li
            key={stage.id}
            aria-current={state === 'active' ? 'step' : undefined}
            className={`flex gap-3 rounded px-3 py-2.5 ${state === 'active' ? 'bg-loam' : ''}`}
          >
            <StageIcon state={state} />
            <div className="flex min-w-0 flex-1 flex-col gap-2">
              <p
                className={`font-condensed text-lg font-bold uppercase tracking-wide ${
                  state === 'waiting' ? 'text-sage/70' : 'text-bone'
                }`}
              >
                {stage.label}
                <span className="sr-only">
                  {state === 'done' ? ' (done)' : state === 'active' ? ' (in progress)' : ' (waiting)'}
                </span>
              </p>
              {stage.note && (
                <p className={`-mt-2 text-sm ${state === 'waiting' ? 'text-sage/70' : 'text-sage'}`}>
                  {stage.note}
                </p>
              )}
              {state === 'active' && detail}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

function StageIcon({ state }: { state: 'done' | 'active' | 'waiting' }) {
  if (state === 'done') {
    return (
      <svg viewBox="0 0 24 24" className="mt-0.5 size-6 shrink-0 text-olive-300" aria-hidden="true">
        <circle cx="12" cy="12" r="11" fill="currentColor" />
        <path d="m7 12.5 3.2 3.2L17 9" fill="none" stroke="#12130d" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
    );
  }
  if (state === 'active') {
    return (
      <svg viewBox="0 0 24 24" className="mt-0.5 size-6 shrink-0 animate-spin text-blaze" aria-hidden="true">
        <circle
          cx="12"
          cy="12"
          r="9.5"
          fill="none"
          stroke="currentColor"
          strokeOpacity="0.25"
          strokeWidth="3"
        />
        <path
          d="M12 2.5a9.5 9.5 0 0 1 9.5 9.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
        />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 24 24" className="mt-0.5 size-6 shrink-0 text-olive-700" aria-hidden="true">
      <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/** A determinate bar drawn as SVG (the CSP forbids style attributes, so no width: n%). */
export function ProgressBar({ fraction, label }: { fraction: number; label: string }) {
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div className="flex items-center gap-3">
      <svg
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        viewBox="0 0 100 6"
        preserveAspectRatio="none"
        className="h-2 min-w-0 flex-1 overflow-hidden rounded-full"
      >
        <rect width="100" height="6" fill="#2c3219" />
        <rect width={percent} height="6" fill="#ff6a13" />
      </svg>
      <span className="w-12 text-right font-condensed text-base font-bold tabular-nums text-bone">
        {percent}%
      </span>
    </div>
  );
}
