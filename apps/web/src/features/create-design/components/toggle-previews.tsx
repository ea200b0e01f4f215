import type { DesignToggleName } from '@camo/shared/generation.schema';
import type { ReactNode } from 'react';

// Theme colours as SVG fills (presentation attributes; the CSP forbids style attributes).
const NIGHT = '#12130d';
const OLIVE = '#4b5320';
const OLIVE_LIGHT = '#6b7a3a';
const COYOTE = '#81613c';
const SAND = '#c2a878';
const BONE = '#ece6d6';

const dots = [
  [6, 8],
  [14, 5],
  [22, 11],
  [31, 6],
  [40, 9],
  [9, 18],
  [19, 21],
  [28, 16],
  [37, 20],
  [44, 15],
  [5, 29],
  [15, 31],
  [25, 27],
  [34, 32],
  [42, 27],
  [10, 40],
  [20, 42],
  [30, 38],
  [39, 43],
  [45, 36],
] as const;

/** A 48x48 sketch of what each design-element toggle adds to a pattern. */
const previews: Record<DesignToggleName, ReactNode> = {
  blobs: (
    <>
      <rect width="48" height="48" fill={OLIVE} />
      <path d="M4 14c3-9 17-10 20-2s-4 14-12 13S2 20 4 14z" fill={COYOTE} />
      <path d="M26 30c2-8 16-9 19-1s-3 15-11 14-10-6-8-13z" fill={NIGHT} />
      <path d="M28 4c5-3 13 0 12 6s-8 7-12 4-4-7 0-10z" fill={SAND} />
    </>
  ),
  contourLines: (
    <>
      <rect width="48" height="48" fill={OLIVE} />
      <g fill="none" stroke={SAND} strokeWidth="1.6">
        <path d="M-2 12c10-6 18 6 28 0s16-6 24 0" />
        <path d="M-2 22c10-6 18 6 28 0s16-6 24 0" />
        <path d="M-2 32c10-6 18 6 28 0s16-6 24 0" />
        <path d="M-2 42c10-6 18 6 28 0s16-6 24 0" />
      </g>
    </>
  ),
  speckledDots: (
    <>
      <rect width="48" height="48" fill={OLIVE} />
      {dots.map(([x, y], i) => (
        <circle key={i} cx={x} cy={y} r={i % 3 === 0 ? 1.8 : 1.2} fill={i % 2 ? NIGHT : SAND} />
      ))}
    </>
  ),
  geometricShapes: (
    <>
      <rect width="48" height="48" fill={OLIVE} />
      <path d="M2 4h18L8 22z" fill={COYOTE} />
      <path d="M24 10l20-6-4 22z" fill={NIGHT} />
      <path d="M6 44l14-16 10 18z" fill={SAND} />
      <path d="M30 30h14v14H34z" fill={OLIVE_LIGHT} />
    </>
  ),
  organicObjects: (
    <>
      <rect width="48" height="48" fill={OLIVE} />
      <path d="M6 44C14 30 24 20 42 6" fill="none" stroke={NIGHT} strokeWidth="2.4" strokeLinecap="round" />
      <path d="M16 30c-8-2-12-8-10-14 7 0 11 6 10 14z" fill={COYOTE} />
      <path d="M26 22c1-8 7-12 13-11-1 7-6 11-13 11z" fill={SAND} />
      <path d="M30 30c6 2 10 8 8 13-6-1-9-6-8-13z" fill={OLIVE_LIGHT} />
    </>
  ),
  highContrast: (
    <>
      <rect width="48" height="48" fill={BONE} />
      <path d="M0 0h22c4 10-6 16 0 26s-8 14-4 22H0z" fill={NIGHT} />
      <path d="M30 6c8-2 16 4 14 12s-12 6-14 0 -6-10 0-12z" fill={NIGHT} />
      <path d="M32 34c6-2 12 2 12 8s-10 8-13 4-4-10 1-12z" fill={NIGHT} />
    </>
  ),
  limitedPalette: (
    <>
      <rect width="48" height="48" fill={OLIVE} />
      <path d="M0 0h48v14C36 20 14 8 0 16z" fill={SAND} />
      <path d="M0 32c14-8 30 6 48-2v18H0z" fill={NIGHT} />
    </>
  ),
  outlineStrokes: (
    <>
      <rect width="48" height="48" fill={OLIVE_LIGHT} />
      <g stroke={NIGHT} strokeWidth="2.4" strokeLinejoin="round">
        <path d="M5 12c3-8 17-9 19-1s-4 13-11 12S3 18 5 12z" fill={COYOTE} />
        <path d="M26 30c2-7 15-8 17-1s-3 14-10 13-9-5-7-12z" fill={SAND} />
      </g>
    </>
  ),
  whiteSpace: (
    <>
      <rect width="48" height="48" fill={BONE} />
      <path d="M4 10c3-5 11-5 12 0s-3 8-7 7-6-3-5-7z" fill={OLIVE} />
      <path d="M30 30c3-5 11-5 12 0s-3 8-7 7-6-3-5-7z" fill={COYOTE} />
      <circle cx="36" cy="10" r="2" fill={NIGHT} />
      <circle cx="12" cy="38" r="2.4" fill={NIGHT} />
    </>
  ),
};

export function TogglePreview({ name }: { name: DesignToggleName }) {
  return (
    <svg
      viewBox="0 0 48 48"
      width="48"
      height="48"
      aria-hidden="true"
      focusable="false"
      className="size-12 shrink-0 overflow-hidden rounded border border-olive-700"
    >
      {previews[name]}
    </svg>
  );
}
