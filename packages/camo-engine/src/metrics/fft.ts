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

/** 2-D FFT of an n x n real image (row-major); returns the power spectrum |F|^2. */
export function powerSpectrum2d(img: Float64Array, n: number): Float64Array {
  const re = new Float64Array(n * n);
  const im = new Float64Array(n * n);
  re.set(img);
  const rowR = new Float64Array(n);
  const rowI = new Float64Array(n);
  const tw = twiddles(n);
  for (let y = 0; y < n; y++) {
    rowR.set(re.subarray(y * n, y * n + n));
    rowI.fill(0);
    fft1d(rowR, rowI, tw);
    re.set(rowR, y * n);
    im.set(rowI, y * n);
  }
  for (let x = 0; x < n; x++) {
    for (let y = 0; y < n; y++) {
      rowR[y] = re[y * n + x] ?? 0;
      rowI[y] = im[y * n + x] ?? 0;
    }
    fft1d(rowR, rowI, tw);
    for (let y = 0; y < n; y++) {
      re[y * n + x] = rowR[y] ?? 0;
      im[y * n + x] = rowI[y] ?? 0;
    }
  }
  const p = new Float64Array(n * n);
  for (let i = 0; i < n * n; i++) p[i] = (re[i] ?? 0) ** 2 + (im[i] ?? 0) ** 2;
  return p;
}
