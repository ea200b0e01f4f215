/** In-place iterative radix-2 complex FFT over interleaved-free re/im arrays of length n (a power of two). */
export function fft1d(re: Float64Array, im: Float64Array, tw?: Twiddles): void {
  const n = re.length;
  const table = tw && tw.n === n ? tw : twiddles(n);
  // The bit-reversal permutation, as its swaps (i < j), made once per size.
  const swaps = table.swaps;
  for (let s = 0; s < swaps.length; s += 2) {
    const i = swaps[s]!;
    const j = swaps[s + 1]!;
    const tr = re[i]!;
    re[i] = re[j]!;
    re[j] = tr;
    const ti = im[i]!;
    im[i] = im[j]!;
    im[j] = ti;
  }
  // The first stage's twiddle is 1: sums and differences of neighbours.
  for (let a = 0; a + 1 < n; a += 2) {
    const br = re[a + 1]!;
    const bi = im[a + 1]!;
    const ar = re[a]!;
    const ai = im[a]!;
    re[a] = ar + br;
    im[a] = ai + bi;
    re[a + 1] = ar - br;
    im[a + 1] = ai - bi;
  }
  const twr = table.re;
  const twi = table.im;
  for (let len = 4, off = 1; len <= n; off += len >> 1, len <<= 1) {
    const half = len >> 1;
    for (let i = 0; i < n; i += len) {
      for (let k = 0; k < half; k++) {
        const a = i + k;
        const b = a + half;
        const cr = twr[off + k]!;
        const ci = twi[off + k]!;
        const br = re[b]!;
        const bi = im[b]!;
        const xr = br * cr - bi * ci;
        const xi = br * ci + bi * cr;
        const ar = re[a]!;
        const ai = im[a]!;
        re[a] = ar + xr;
        im[a] = ai + xi;
        re[b] = ar - xr;
        im[b] = ai - xi;
      }
    }
  }
}

/** The twiddle factors of every stage of an n-point FFT, stage after stage (n - 1 in all). */
export interface Twiddles {
  n: number;
  re: Float64Array;
  im: Float64Array;
  /** The bit-reversal permutation's swaps, pairs (i, j) with i < j. */
  swaps: Int32Array;
}

export function twiddles(n: number): Twiddles {
  const re = new Float64Array(Math.max(1, n - 1));
  const im = new Float64Array(Math.max(1, n - 1));
  for (let len = 2, off = 0; len <= n; off += len >> 1, len <<= 1) {
    const ang = (-2 * Math.PI) / len;
    const wr = Math.cos(ang);
    const wi = Math.sin(ang);
    let cr = 1;
    let ci = 0;
    for (let k = 0; k < len >> 1; k++) {
      re[off + k] = cr;
      im[off + k] = ci;
      const ncr = cr * wr - ci * wi;
      ci = cr * wi + ci * wr;
      cr = ncr;
    }
  }
  const swaps: number[] = [];
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) swaps.push(i, j);
  }
  return { n, re, im, swaps: Int32Array.from(swaps) };
}

/**
 * 2-D FFT of an n x n real image (row-major, n a power of two); returns the power spectrum |F|^2.
 * With maxFreq, only the frequencies with |fx| <= maxFreq are computed (the rest stay 0), which is
 * all a radial average up to that radius needs.
 *
 * The input is real, so two rows go through one complex FFT (one as the real part, the other as
 * the imaginary part, separated afterwards by the transform's symmetry), and the spectrum is
 * symmetric, P(fy, -fx) = P(-fy, fx), so only the columns 0..maxFreq are transformed and the
 * columns n - fx are mirror images of them. Both halve the work of the plain row-column FFT.
 */
export function powerSpectrum2d(img: Float64Array, n: number, maxFreq = n): Float64Array {
  if (n === 1) return Float64Array.of((img[0] ?? 0) ** 2);
  const tw = twiddles(n);
  const re = new Float64Array(n * n);
  const im = new Float64Array(n * n);
  const zr = new Float64Array(n);
  const zi = new Float64Array(n);
  for (let y = 0; y < n; y += 2) {
    zr.set(img.subarray(y * n, y * n + n));
    zi.set(img.subarray((y + 1) * n, (y + 1) * n + n));
    fft1d(zr, zi, tw);
    const r0 = y * n;
    const r1 = r0 + n;
    for (let k = 0; k < n; k++) {
      const m = k === 0 ? 0 : n - k;
      const ar = zr[k] ?? 0;
      const ai = zi[k] ?? 0;
      const br = zr[m] ?? 0;
      const bi = zi[m] ?? 0;
      re[r0 + k] = (ar + br) / 2;
      im[r0 + k] = (ai - bi) / 2;
      re[r1 + k] = (ai + bi) / 2;
      im[r1 + k] = (br - ar) / 2;
    }
  }
  // Columns as rows of the transposed arrays (contiguous, cache-friendly).
  const reT = transpose(re, n);
  const imT = transpose(im, n);
  const p = new Float64Array(n * n);
  const last = Math.min(Math.floor(maxFreq), n / 2);
  for (let x = 0; x <= last; x++) {
    const col = x * n;
    fft1d(reT.subarray(col, col + n), imT.subarray(col, col + n), tw);
    const mirror = x === 0 || x === n / 2 ? -1 : n - x;
    for (let y = 0; y < n; y++) {
      const v = (reT[col + y] ?? 0) ** 2 + (imT[col + y] ?? 0) ** 2;
      p[y * n + x] = v;
      if (mirror >= 0) p[(y === 0 ? 0 : n - y) * n + mirror] = v;
    }
  }
  return p;
}

/** The transpose of an n x n row-major matrix, in 32 x 32 blocks. */
function transpose(a: Float64Array, n: number): Float64Array {
  const out = new Float64Array(n * n);
  const B = 32;
  for (let y0 = 0; y0 < n; y0 += B)
    for (let x0 = 0; x0 < n; x0 += B)
      for (let y = y0; y < Math.min(n, y0 + B); y++)
        for (let x = x0; x < Math.min(n, x0 + B); x++) out[x * n + y] = a[y * n + x] ?? 0;
  return out;
}
