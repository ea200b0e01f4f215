import { usStates, type StateCode } from '@camo/shared/states';
import { useRef, useState, type KeyboardEvent } from 'react';
import { stateCallouts, statePaths, usMapViewBox } from '../lib/us-map-paths';

type UsMapProps = {
  /** Submitted designs per state code; undefined while the counts load or when they failed. */
  counts: ReadonlyMap<string, number> | undefined;
  /** The state filter: a code, or '' for all states. */
  selected: string;
  /** Called with the clicked state's code, or '' when the selected state is clicked again. */
  onSelect: (state: string) => void;
  /**
   * False draws the map's frame without the states (the same size, so nothing moves when they
   * come): the panel folded on a phone has no use for 60 shapes while the page starts.
   */
  drawn?: boolean;
};

/** Fills by shade level: 0 is "no designs", then four steps of the palette from few to many. */
const levelFills = ['#1b1d14', '#6b7a3a', '#a7b36f', '#c2a878', '#ece6d6'] as const;
const SELECTED_FILL = '#ff6a13';
const BORDER = '#12130d';
/** States without designs are drawn as outlines, so they read as empty rather than as a darker shade. */
const EMPTY_STROKE = '#6b7a3a';

/**
 * 0 for no designs; otherwise 1-4 on a log scale of the largest count, so one busy state does not
 * wash every other state out to the lightest step.
 */
export function shadeLevel(count: number, max: number): number {
  if (count <= 0) return 0;
  if (max <= levelFills.length - 1) return Math.min(count, levelFills.length - 1);
  return 1 + Math.min(3, Math.floor((3 * Math.log(count)) / Math.log(max)));
}

export function designsLabel(count: number): string {
  return `${count} ${count === 1 ? 'design' : 'designs'}`;
}

function stateLabel(name: string, count: number | undefined): string {
  return count === undefined ? name : `${name}: ${designsLabel(count)}`;
}

function calloutText(level: number, isSelected: boolean): string {
  return isSelected || level >= 2 ? '#12130d' : '#ece6d6';
}

/**
 * The gallery's map: each state is a toggle button (Tab reaches the map once; arrow keys move
 * between states in alphabetical order, Enter or Space picks one, picking it again clears it).
 * The shapes are precomputed (scripts/build-us-map.mjs), so nothing here projects or parses maps.
 */
export function UsMap({ counts, selected, onSelect, drawn = true }: UsMapProps) {
  const svgRef = useRef<SVGSVGElement>(null);
  const [hovered, setHovered] = useState<StateCode | null>(null);
  const [focusRing, setFocusRing] = useState<StateCode | null>(null);
  const max = counts ? Math.max(0, ...counts.values()) : 0;
  const tabStop = usStates.some((s) => s.code === selected) ? selected : usStates[0].code;

  const countOf = (code: StateCode) => (counts ? (counts.get(code) ?? 0) : undefined);
  const pick = (code: StateCode) => onSelect(code === selected ? '' : code);

  function focusState(code: StateCode) {
    svgRef.current?.querySelector<SVGGElement>(`[data-state="${code}"]`)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<SVGGElement>, index: number) {
    const last = usStates.length - 1;
    const move: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowDown: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      ArrowUp: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    if (event.key in move) {
      event.preventDefault();
      focusState(usStates[move[event.key]!]!.code);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      pick(usStates[index]!.code);
    }
  }

  const described = hovered ?? focusRing ?? (selected ? (selected as StateCode) : null);
  const describedName = described ? usStates.find((s) => s.code === described)?.name : undefined;

  return (
    <div className="flex flex-col gap-2">
      <svg
        ref={svgRef}
        role="toolbar"
        aria-label="Designs by state"
        viewBox={`0 0 ${usMapViewBox.width} ${usMapViewBox.height}`}
        // The viewBox's aspect ratio reserves the height before the counts arrive: nothing shifts.
        className="block aspect-[960/560] h-auto w-full select-none"
        onPointerLeave={() => setHovered(null)}
      >
        {drawn &&
          usStates.map((state, index) => {
            const count = countOf(state.code);
            const level = shadeLevel(count ?? 0, max);
            const isSelected = state.code === selected;
            const fill = isSelected ? SELECTED_FILL : counts ? levelFills[level] : levelFills[0];
            const label = stateLabel(state.name, count);
            const callout = stateCallouts[state.code];
            return (
              <g
                key={state.code}
                data-state={state.code}
                role="button"
                aria-pressed={isSelected}
                aria-label={label}
                tabIndex={state.code === tabStop ? 0 : -1}
                className="cursor-pointer outline-none"
                onClick={() => pick(state.code)}
                onKeyDown={(event) => onKeyDown(event, index)}
                onPointerEnter={() => setHovered(state.code)}
                onFocus={(event) => setFocusRing(isFocusVisible(event.currentTarget) ? state.code : null)}
                onBlur={() => setFocusRing(null)}
              >
                <title>{label}</title>
                <StateShape
                  code={state.code}
                  fill={fill}
                  stroke={level === 0 && !isSelected ? EMPTY_STROKE : BORDER}
                  strokeWidth={1.5}
                  className="transition-[filter] hover:brightness-125"
                />
                {callout && (
                  <>
                    <text
                      x={callout.x + callout.size / 2}
                      y={callout.y + callout.size / 2}
                      dy="0.35em"
                      textAnchor="middle"
                      fill={calloutText(counts ? level : 0, isSelected)}
                      pointerEvents="none"
                      className="font-condensed text-[24px] font-bold"
                      aria-hidden="true"
                    >
                      {state.code}
                    </text>
                  </>
                )}
              </g>
            );
          })}
        {/* Drawn over every state: the callouts' leader lines, the selected state's outline, the focus ring. */}
        {drawn && (
          <g pointerEvents="none" aria-hidden="true">
            {Object.entries(stateCallouts).map(([code, callout]) => (
              <line
                key={code}
                x1={callout.anchor[0]}
                y1={callout.anchor[1]}
                x2={callout.x}
                y2={callout.y + callout.size / 2}
                stroke="#bdb8a4"
                strokeWidth={1.25}
              />
            ))}
          </g>
        )}
        {drawn && selected && statePaths[selected as StateCode] && (
          <Outline code={selected as StateCode} color="#ece6d6" width={2.5} halo={0} />
        )}
        {drawn && focusRing && (
          // Blaze like every focus ring on the site, except around the blaze-filled selected state.
          <Outline
            code={focusRing}
            color={focusRing === selected ? '#ece6d6' : SELECTED_FILL}
            width={4}
            halo={9}
          />
        )}
      </svg>

      <p className="min-h-6 text-sm text-sage" aria-hidden="true">
        {describedName ? (
          <>
            <span className="font-bold text-bone">{describedName}</span>
            {counts && `: ${designsLabel(countOf(described!) ?? 0)}`}
          </>
        ) : (
          'Pick a state to see only its designs.'
        )}
      </p>

      {/* The legend's row is kept while the counts load, so their arrival moves nothing below. */}
      <div
        className="flex min-h-5 flex-wrap items-center gap-x-4 gap-y-1 text-xs text-sage"
        aria-hidden="true"
      >
        {counts && (
          <>
            <span className="flex items-center gap-1.5">
              <Swatch fill={levelFills[0]} stroke={EMPTY_STROKE} /> None
            </span>
            {max > 0 && (
              <span className="flex items-center gap-1.5">
                1
                {levelFills.slice(1, Math.min(max, levelFills.length - 1) + 1).map((fill) => (
                  <Swatch key={fill} fill={fill} stroke={BORDER} />
                ))}
                {max > 1 && max}
              </span>
            )}
            <span className="flex items-center gap-1.5">
              <Swatch fill={SELECTED_FILL} stroke={BORDER} /> Selected
            </span>
          </>
        )}
      </div>
    </div>
  );
}

function Outline({
  code,
  color,
  width,
  halo,
}: {
  code: StateCode;
  color: string;
  width: number;
  halo: number;
}) {
  return (
    <g pointerEvents="none" aria-hidden="true">
      {halo > 0 && <StateShape code={code} fill="none" stroke={BORDER} strokeWidth={halo} />}
      <StateShape code={code} fill="none" stroke={color} strokeWidth={width} />
    </g>
  );
}

/** A state's shape and, for a small state, its callout box, drawn alike. */
function StateShape({
  code,
  fill,
  stroke,
  strokeWidth,
  className,
}: {
  code: StateCode;
  fill: string | undefined;
  stroke: string;
  strokeWidth: number;
  className?: string;
}) {
  const callout = stateCallouts[code];
  return (
    <>
      <path
        d={statePaths[code]}
        fill={fill}
        stroke={stroke}
        strokeWidth={strokeWidth}
        strokeLinejoin="round"
        className={className}
      />
      {callout && (
        <rect
          x={callout.x}
          y={callout.y}
          width={callout.size}
          height={callout.size}
          rx={3}
          fill={fill}
          stroke={stroke}
          strokeWidth={strokeWidth}
          className={className}
        />
      )}
    </>
  );
}

function Swatch({ fill, stroke }: { fill: string; stroke: string }) {
  return (
    <svg width="14" height="14" viewBox="0 0 14 14" className="shrink-0">
      <rect x="1" y="1" width="12" height="12" rx="2" fill={fill} stroke={stroke} strokeWidth="1.5" />
    </svg>
  );
}

/** Keyboard focus shows a ring; a click's focus does not (the selection already shows it). */
function isFocusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}
