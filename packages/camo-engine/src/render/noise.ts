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

  /** out[p] = at(us[p], vs[p]) for every p, octave by octave (the same sums as at()). */
  fill(us: Float64Array, vs: Float64Array, out: Float32Array): void {
    out.set(this.sum(us, vs));
  }

  /** at(us[p], vs[p]) for every p in full precision, octave by octave (the same sums as at()). */
  sum(us: Float64Array, vs: Float64Array): Float64Array {
    const acc = new Float64Array(us.length);
    const lattices = this.lattices;
    for (let o = 0; o < lattices.length; o++) lattices[o]?.addTo(us, vs, this.amps[o] ?? 0, acc);
    return acc;
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
