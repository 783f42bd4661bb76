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

/** The measured interior: the bubble's inner ellipse shrunk to these fractions of its half-axes, clear of the outline after ±0.3 mm of placement error. */
export const INTERIOR = { x: 0.62, y: 0.6 } as const;

/** Marks that land more than this far from where a flat page puts them make the page worth a look. */
export const RESIDUAL_FLAG_MM = 0.8;

/** A page without marks is a blank back when less than this share of it is darker than half-way to black. */
export const BLANK_INK_SHARE = 0.002;
