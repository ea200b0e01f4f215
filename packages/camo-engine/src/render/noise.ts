import { hash4 } from '../metrics/prng.js';

/**
 * Periodic gradient noise on the unit torus. A lattice of period (px, py) cells covers the tile
 * exactly once, so the noise (and every sum, warp or threshold of it) tiles with no seam.
 * Gradients come from a table filled per (octave, seed), so the inner loop does no hashing.
 */
export class PeriodicGradientLattice {
  readonly px: number;
  readonly py: number;
  private readonly gx: Float32Array;
  private readonly gy: Float32Array;

  constructor(px: number, py: number, seed: number) {
    this.px = Math.max(1, Math.round(px));
    this.py = Math.max(1, Math.round(py));
    const n = this.px * this.py;
    this.gx = new Float32Array(n);
    this.gy = new Float32Array(n);
    for (let j = 0; j < this.py; j++) {
      for (let i = 0; i < this.px; i++) {
        // 64 evenly spaced directions plus a per-point offset: no preferred axis.
        const h = hash4(i, j, seed, 0x51ed);
        const ang = (h / 4294967296) * Math.PI * 2;
        this.gx[j * this.px + i] = Math.cos(ang);
        this.gy[j * this.px + i] = Math.sin(ang);
      }
    }
  }

  /** Noise at torus coordinates (u, v); any real values are accepted and wrapped. Range about [-0.7, 0.7]. */
  at(u: number, v: number): number {
    const px = this.px;
    const py = this.py;
    const x = u * px;
    const y = v * py;
    const fx0 = Math.floor(x);
    const fy0 = Math.floor(y);
    const tx = x - fx0;
    const ty = y - fy0;
    // Callers pass coordinates within about one period of the tile, so the wrap rarely divides.
    let i0 = fx0 >= 0 && fx0 < px ? fx0 : fx0 % px;
    if (i0 < 0) i0 += px;
    let j0 = fy0 >= 0 && fy0 < py ? fy0 : fy0 % py;
    if (j0 < 0) j0 += py;
    const i1 = i0 + 1 === px ? 0 : i0 + 1;
    const j1 = j0 + 1 === py ? 0 : j0 + 1;
    const r0 = j0 * px;
    const r1 = j1 * px;
    const gx = this.gx;
    const gy = this.gy;
    const n00 = (gx[r0 + i0] ?? 0) * tx + (gy[r0 + i0] ?? 0) * ty;
    const n10 = (gx[r0 + i1] ?? 0) * (tx - 1) + (gy[r0 + i1] ?? 0) * ty;
    const n01 = (gx[r1 + i0] ?? 0) * tx + (gy[r1 + i0] ?? 0) * (ty - 1);
    const n11 = (gx[r1 + i1] ?? 0) * (tx - 1) + (gy[r1 + i1] ?? 0) * (ty - 1);
    const sx = tx * tx * tx * (tx * (tx * 6 - 15) + 10);
    const sy = ty * ty * ty * (ty * (ty * 6 - 15) + 10);
    const a = n00 + sx * (n10 - n00);
    const b = n01 + sx * (n11 - n01);
    return a + sy * (b - a);
  }

  /** acc[p] += amp * at(us[p], vs[p]) for every p: the same arithmetic as at(), in one tight loop. */
  addTo(us: Float64Array, vs: Float64Array, amp: number, acc: Float64Array): void {
    const px = this.px;
    const py = this.py;
    const gx = this.gx;
    const gy = this.gy;
    for (let p = 0; p < acc.length; p++) {
      const x = (us[p] ?? 0) * px;
      const y = (vs[p] ?? 0) * py;
      const fx0 = Math.floor(x);
      const fy0 = Math.floor(y);
      const tx = x - fx0;
      const ty = y - fy0;
      let i0 = fx0 >= 0 && fx0 < px ? fx0 : fx0 % px;
      if (i0 < 0) i0 += px;
      let j0 = fy0 >= 0 && fy0 < py ? fy0 : fy0 % py;
      if (j0 < 0) j0 += py;
      const i1 = i0 + 1 === px ? 0 : i0 + 1;
      const r0 = j0 * px;
      const r1 = j0 + 1 === py ? 0 : r0 + px;
      const n00 = (gx[r0 + i0] ?? 0) * tx + (gy[r0 + i0] ?? 0) * ty;
      const n10 = (gx[r0 + i1] ?? 0) * (tx - 1) + (gy[r0 + i1] ?? 0) * ty;
      const n01 = (gx[r1 + i0] ?? 0) * tx + (gy[r1 + i0] ?? 0) * (ty - 1);
      const n11 = (gx[r1 + i1] ?? 0) * (tx - 1) + (gy[r1 + i1] ?? 0) * (ty - 1);
      const sx = tx * tx * tx * (tx * (tx * 6 - 15) + 10);
      const sy = ty * ty * ty * (ty * (ty * 6 - 15) + 10);
      const a = n00 + sx * (n10 - n00);
      const b = n01 + sx * (n11 - n01);
      acc[p] = (acc[p] ?? 0) + amp * (a + sy * (b - a));
    }
  }
}

export interface FbmSpec {
  /** Cycles per tile of the coarsest octave along x and y (rounded to integers so it tiles). */
  periodX: number;
  periodY: number;
  octaves: number;
  /** Amplitude ratio between successive octaves (2^-H for Hurst exponent H). */
  persistence: number;
  seed: number;
}

/**
 * Fractal sum of periodic gradient noise; every octave doubles the integer period, so it still
 * tiles. The octaves' gradient tables are built on first use: a sum whose layer another thread
 * computes, or whose cost is only counted, never builds them.
 */
export class PeriodicFbm {
  private readonly periods: { px: number; py: number; seed: number }[] = [];
  private built: PeriodicGradientLattice[] | null = null;
  private readonly amps: Float64Array;

  constructor(spec: FbmSpec, maxPeriod = 1 << 30) {
    const amps: number[] = [];
    let amp = 1;
    let norm = 0;
    for (let o = 0; o < spec.octaves; o++) {
      const px = Math.max(1, Math.round(spec.periodX)) << o;
      const py = Math.max(1, Math.round(spec.periodY)) << o;
      if (Math.max(px, py) > maxPeriod) break;
      this.periods.push({ px, py, seed: (spec.seed * 131 + o * 7919) | 0 });
      amps.push(amp);
      norm += amp;
      amp *= spec.persistence;
    }
    this.amps = Float64Array.from(amps, (a) => a / (norm || 1));
  }

  private get lattices(): PeriodicGradientLattice[] {
    this.built ??= this.periods.map(({ px, py, seed }) => new PeriodicGradientLattice(px, py, seed));
    return this.built;
  }

  /** How many octaves the sum has (those within the maximum period): its cost per point. */
  get octaves(): number {
    return this.periods.length;
  }

  /**
   * The sum at the points of a res x res grid, (us, vs) holding their (possibly warped) positions
   * row by row. An octave of period P varies smoothly over a grid point spacing: it is evaluated
   * on the coarsest subgrid (every 2^t-th point) with at least GRID_SAMPLES_PER_PERIOD points per
   * period, and the coarse sums are brought up to the full grid by cubic interpolation, a factor
   * of two at a time. The fine octaves, the costly ones, are evaluated at every point.
   */
  sumGrid(us: Float64Array, vs: Float64Array, res: number): Float64Array {
    if (us.length !== res * res) throw new RangeError(`${us.length} points for a ${res} x ${res} grid`);
    const lattices = this.lattices;
    const stepOf = (o: number): number => {
      const l = lattices[o];
      const period = l ? Math.max(l.px, l.py) : res;
      let step = 1;
      while (res % (step * 2) === 0 && res / (step * 2) >= GRID_SAMPLES_PER_PERIOD * period) step *= 2;
      return step;
    };
    const steps = lattices.map((_, o) => stepOf(o));
    let step = Math.max(1, ...steps);
    let acc: Float64Array | null = null;
    for (; step >= 1; step >>= 1) {
      const g = res / step;
      acc = acc ? upsample2(acc, g >> 1) : new Float64Array(g * g);
      const here = steps.flatMap((s, o) => (s === step ? [o] : []));
      if (here.length === 0) continue;
      const [su, sv] = step === 1 ? [us, vs] : [subgrid(us, res, step), subgrid(vs, res, step)];
      for (const o of here) lattices[o]?.addTo(su, sv, this.amps[o] ?? 0, acc);
    }
    return acc ?? new Float64Array(res * res);
  }

  at(u: number, v: number): number {
    const lattices = this.lattices;
    const amps = this.amps;
    let s = 0;
    for (let o = 0; o < lattices.length; o++) {
      const lattice = lattices[o];
      if (lattice) s += (amps[o] ?? 0) * lattice.at(u, v);
    }
    return s;
  }
}

/** Grid points per noise period below which an octave is evaluated on a finer subgrid. */
const GRID_SAMPLES_PER_PERIOD = 16;

/** Every step-th point of a res x res grid, along both axes. */
function subgrid(a: Float64Array, res: number, step: number): Float64Array {
  const g = res / step;
  const out = new Float64Array(g * g);
  for (let j = 0; j < g; j++) for (let i = 0; i < g; i++) out[j * g + i] = a[j * step * res + i * step] ?? 0;
  return out;
}

/**
 * An n x n periodic grid brought to 2n x 2n: the old points kept, the new ones between them by the
 * four-point cubic (-1, 9, 9, -1) / 16 along x, then along y (wrapping at the edges).
 */
function upsample2(a: Float64Array, n: number): Float64Array {
  const m = 2 * n;
  const wide = new Float64Array(n * m);
  for (let j = 0; j < n; j++) {
    const r = j * n;
    const w = j * m;
    for (let i = 0; i < n; i++) {
      const p0 = a[r + ((i + n - 1) % n)] ?? 0;
      const p1 = a[r + i] ?? 0;
      const p2 = a[r + ((i + 1) % n)] ?? 0;
      const p3 = a[r + ((i + 2) % n)] ?? 0;
      wide[w + 2 * i] = p1;
      wide[w + 2 * i + 1] = (9 * (p1 + p2) - p0 - p3) / 16;
    }
  }
  const out = new Float64Array(m * m);
  for (let j = 0; j < n; j++) {
    const r0 = ((j + n - 1) % n) * m;
    const r1 = j * m;
    const r2 = ((j + 1) % n) * m;
    const r3 = ((j + 2) % n) * m;
    const even = 2 * j * m;
    const odd = even + m;
    for (let i = 0; i < m; i++) {
      const p1 = wide[r1 + i] ?? 0;
      out[even + i] = p1;
      out[odd + i] = (9 * (p1 + (wide[r2 + i] ?? 0)) - (wide[r0 + i] ?? 0) - (wide[r3 + i] ?? 0)) / 16;
    }
  }
  return out;
}
