/**
 * Plane transforms from the map (PDF points) to the scan (pixels). The page transform is a
 * homography through the four registration marks (exact for 4 points, so it absorbs skew, scale,
 * offset and a scanner's slight keystone); an affine least-squares fit through the same four
 * tells how well the marks agree with a flat page, which is the residual a reading reports and
 * what tells a page from itself turned half round.
 */
export type Point = { x: number; y: number };
/** Row-major 3×3 with h[8] = 1. */
export type Homography = readonly number[];

/** Solves A·x = b in place by Gaussian elimination with partial pivoting; null when singular. */
export function solveLinear(a: number[][], b: number[]): number[] | null {
  const n = b.length;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++) if (Math.abs(a[row][col]) > Math.abs(a[pivot][col])) pivot = row;
    if (Math.abs(a[pivot][col]) < 1e-12) return null;
    [a[col], a[pivot]] = [a[pivot], a[col]];
    [b[col], b[pivot]] = [b[pivot], b[col]];
    for (let row = col + 1; row < n; row++) {
      const f = a[row][col] / a[col][col];
      for (let k = col; k < n; k++) a[row][k] -= f * a[col][k];
      b[row] -= f * b[col];
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let row = n - 1; row >= 0; row--) {
    let sum = b[row];
    for (let k = row + 1; k < n; k++) sum -= a[row][k] * x[k];
    x[row] = sum / a[row][row];
  }
  return x;
}

/** The homography taking each `from[i]` to `to[i]` (direct linear transform, four pairs); null for a degenerate set. */
export function homographyFrom4(from: readonly Point[], to: readonly Point[]): Homography | null {
  const h = new Array<number>(9);
  return homographyInto(from, to, h) ? h : null;
}

/** The augmented system [A | b] of homographyInto, 8 rows of 9. */
const DLT = new Float64Array(72);

/**
 * homographyFrom4 written into `out` (h[8] = 1), false for a degenerate set: the same equations
 * solved by the same steps as solveLinear (so the same numbers), in a scratch matrix instead of
 * new arrays — the sheet search (detect-sheet.ts) tries thousands of fours a photo.
 */
export function homographyInto(from: readonly Point[], to: readonly Point[], out: number[] | Float64Array): boolean {
  const m = DLT;
  for (let i = 0; i < 4; i++) {
    const { x, y } = from[i];
    const { x: u, y: v } = to[i];
    let r = 18 * i;
    m[r] = x; m[r + 1] = y; m[r + 2] = 1; m[r + 3] = 0; m[r + 4] = 0; m[r + 5] = 0; m[r + 6] = -u * x; m[r + 7] = -u * y; m[r + 8] = u;
    r += 9;
    m[r] = 0; m[r + 1] = 0; m[r + 2] = 0; m[r + 3] = x; m[r + 4] = y; m[r + 5] = 1; m[r + 6] = -v * x; m[r + 7] = -v * y; m[r + 8] = v;
  }
  for (let col = 0; col < 8; col++) {
    let pivot = col;
    for (let row = col + 1; row < 8; row++) if (Math.abs(m[row * 9 + col]) > Math.abs(m[pivot * 9 + col])) pivot = row;
    if (Math.abs(m[pivot * 9 + col]) < 1e-12) return false;
    if (pivot !== col) {
      for (let k = 0; k < 9; k++) {
        const t = m[col * 9 + k];
        m[col * 9 + k] = m[pivot * 9 + k];
        m[pivot * 9 + k] = t;
      }
    }
    for (let row = col + 1; row < 8; row++) {
      const f = m[row * 9 + col] / m[col * 9 + col];
      for (let k = col; k < 8; k++) m[row * 9 + k] -= f * m[col * 9 + k];
      m[row * 9 + 8] -= f * m[col * 9 + 8];
    }
  }
  for (let row = 7; row >= 0; row--) {
    let sum = m[row * 9 + 8];
    for (let k = row + 1; k < 8; k++) sum -= m[row * 9 + k] * out[k];
    out[row] = sum / m[row * 9 + row];
  }
  out[8] = 1;
  return true;
}

export function applyHomography(h: Homography, p: Point): Point {
  const w = h[6] * p.x + h[7] * p.y + h[8];
  return { x: (h[0] * p.x + h[1] * p.y + h[2]) / w, y: (h[3] * p.x + h[4] * p.y + h[5]) / w };
}

/** The inverse transform (pixels → map), normalised so that h[8] = 1. */
export function invertHomography(h: Homography): Homography {
  const [a, b, c, d, e, f, g, k, i] = h;
  const m = [e * i - f * k, c * k - b * i, b * f - c * e, f * g - d * i, a * i - c * g, c * d - a * f, d * k - e * g, b * g - a * k, a * e - b * d];
  return m.map((v) => v / m[8]);
}

/** Largest distance between `to[i]` and where the least-squares affine fit of the pairs puts `from[i]`. */
export function affineResidual(from: readonly Point[], to: readonly Point[]): number {
  // Normal equations of [x y 1]·c = u (and = v), shared 3×3 matrix.
  const m = [[0, 0, 0], [0, 0, 0], [0, 0, 0]];
  const bu = [0, 0, 0];
  const bv = [0, 0, 0];
  from.forEach((p, i) => {
    const row = [p.x, p.y, 1];
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 3; c++) m[r][c] += row[r] * row[c];
      bu[r] += row[r] * to[i].x;
      bv[r] += row[r] * to[i].y;
    }
  });
  const cu = solveLinear(m.map((r) => [...r]), bu);
  const cv = solveLinear(m.map((r) => [...r]), bv);
  if (!cu || !cv) return Number.POSITIVE_INFINITY;
  return Math.max(...from.map((p, i) => Math.hypot(cu[0] * p.x + cu[1] * p.y + cu[2] - to[i].x, cv[0] * p.x + cv[1] * p.y + cv[2] - to[i].y)));
}

/** The affine map taking three points exactly where they go, as a homography; null when they are on one line. */
export function affineFrom3(from: readonly Point[], to: readonly Point[]): Homography | null {
  const m = from.slice(0, 3).map((p) => [p.x, p.y, 1]);
  const cu = solveLinear(m.map((r) => [...r]), to.slice(0, 3).map((p) => p.x));
  const cv = solveLinear(m.map((r) => [...r]), to.slice(0, 3).map((p) => p.y));
  return cu && cv ? [cu[0], cu[1], cu[2], cv[0], cv[1], cv[2], 0, 0, 1] : null;
}

/**
 * Largest distance between `to[i]` and where the best rotation + uniform scale + shift puts
 * `from[i]`: with three marks an affine fit is always exact, but a similarity still tells a page
 * from itself turned round (the raised mark changes one distance by 8 mm).
 */
export function similarityResidual(from: readonly Point[], to: readonly Point[]): number {
  // Unknowns a, b, tx, ty of u = a·x − b·y + tx, v = b·x + a·y + ty; normal equations.
  const n = [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]];
  const r = [0, 0, 0, 0];
  from.forEach((p, i) => {
    for (const [row, rhs] of [[[p.x, -p.y, 1, 0], to[i].x], [[p.y, p.x, 0, 1], to[i].y]] as const) {
      for (let j = 0; j < 4; j++) {
        for (let k = 0; k < 4; k++) n[j][k] += row[j] * row[k];
        r[j] += row[j] * rhs;
      }
    }
  });
  const c = solveLinear(n, r);
  if (!c) return Number.POSITIVE_INFINITY;
  const [a, b, tx, ty] = c;
  return Math.max(...from.map((p, i) => Math.hypot(a * p.x - b * p.y + tx - to[i].x, b * p.x + a * p.y + ty - to[i].y)));
}
