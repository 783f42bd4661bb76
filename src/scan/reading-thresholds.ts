/**
 * The reader's numbers, in one place (docs/scan-reading.md explains each and how it was chosen
 * on the generated corpus).
 *
 * A pixel's darkness v runs from 0 (the page's paper) to 1 (its registration marks' black).
 * Pencil lies at v ≈ 0.55–0.85; an erased mark's haze at v ≈ 0.15–0.3. A pixel counts as ink
 * along a ramp from INK_RAMP[0] (not at all) to INK_RAMP[1] (fully), so haze adds nothing and
 * noise near the ramp's foot adds little.
 */
export const INK_RAMP = [0.4, 0.62] as const;

/**
 * A bubble's fill is the ink share of its interior above the page's own unmarked bubbles (their
 * printed letters count as ink too, equally for all), scaled so a solid fill is 1. At or above
 * MARKED it is a mark; at or below UNMARKED it is not; in between nobody guesses: ambiguous.
 */
export const MARKED = 0.55;
export const UNMARKED = 0.3;

/**
 * Light pencil (grey 150–170 over the whole bubble, v ≈ 0.35–0.45) stays below the ink ramp's foot:
 * its fill is ~0, so the fill alone would read it as no mark. The bubble's *tone* — its mean
 * darkness above the page's own unmarked bubbles (the median of the lighter half of their tones) —
 * catches it: light pencil measures 0.23–0.36, an erased smudge (grey 178–215) 0.12–0.27,
 * an unmarked bubble under 0.08, a pencil fill over 0.48 (corpus, docs/scan-reading.md).
 * The two overlap by a few grey levels, so the question's own darkest mark decides which bound
 * applies: where nothing is marked, a bubble toned LIGHT_ALONE or more may be the student's only
 * answer, in light pencil — ambiguous, never blank; beside a clear mark, a lighter bubble is the
 * usual erased change of mind, and only one toned LIGHT_BESIDE_MARK or more (darker than any
 * erasure) makes the question ambiguous. LIGHT_ALONE is as low as clean 300 dpi scans allow (at
 * 0.20 a clean erasure in a blank question is flagged); the lightest pencil measured, 0.23 at
 * office 300 dpi, is only 0.01 above it.
 */
export const LIGHT_ALONE = 0.22;
export const LIGHT_BESIDE_MARK = 0.27;

/** The measured interior: the bubble's inner ellipse shrunk to these fractions of its half-axes, clear of the outline after ±0.3 mm of placement error. */
export const INTERIOR = { x: 0.62, y: 0.6 } as const;

/** Marks that land more than this far from where a flat page puts them make the page worth a look. */
export const RESIDUAL_FLAG_MM = 0.8;

/** A page without marks is a blank back when less than this share of it is darker than half-way to black. */
export const BLANK_INK_SHARE = 0.002;
