/** In-place iterative radix-2 complex FFT over interleaved-free re/im arrays of length n (a power of two). */
export function fft1d(re: Float64Array, im: Float64Array, tw?: Twiddles): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      const tr = re[i] ?? 0;
      re[i] = re[j] ?? 0;
      re[j] = tr;
      const ti = im[i] ?? 0;
      im[i] = im[j] ?? 0;
      im[j] = ti;
    }
  }
  const table = tw && tw.n === n ? tw : twiddles(n);
  for (let len = 2, off = 0; len <= n; off += len >> 1, len <<= 1) {
    const half = len >> 1;
    for (let i = 0; i < n; i += len) {
      for (let k = 0; k < half; k++) {
        const a = i + k;
        const b = a + half;
        const cr = table.re[off + k] ?? 1;
        const ci = table.im[off + k] ?? 0;
        const br = re[b] ?? 0;
        const bi = im[b] ?? 0;
        const xr = br * cr - bi * ci;
        const xi = br * ci + bi * cr;
        const ar = re[a] ?? 0;
        const ai = im[a] ?? 0;
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
  return { n, re, im };
}

/**
 * 2-D FFT of an n x n real image (row-major); returns the power spectrum |F|^2. With maxFreq, only
 * the columns with horizontal frequency |fx| <= maxFreq are transformed (the rest stay 0), which
 * is all a radial average up to that radius needs.
 */
export function powerSpectrum2d(img: Float64Array, n: number, maxFreq = n): Float64Array {
  const tw = twiddles(n);
  // Rows in place, then the columns as rows of the transposed arrays (contiguous, cache-friendly).
  const re = Float64Array.from(img);
  const im = new Float64Array(n * n);
  for (let y = 0; y < n; y++) fft1d(re.subarray(y * n, y * n + n), im.subarray(y * n, y * n + n), tw);
  const reT = transpose(re, n);
  const imT = transpose(im, n);
  const pT = new Float64Array(n * n);
  for (let x = 0; x < n; x++) {
    if (Math.min(x, n - x) > maxFreq) continue;
    fft1d(reT.subarray(x * n, x * n + n), imT.subarray(x * n, x * n + n), tw);
    for (let i = x * n; i < x * n + n; i++) pT[i] = (reT[i] ?? 0) ** 2 + (imT[i] ?? 0) ** 2;
  }
  return transpose(pT, n);
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
