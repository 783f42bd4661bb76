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

/**
 * Strokes (ticks, crosses, dots, scribbles, pen): a sample of a bubble's interior is clearly dark
 * when its darkness is `darkness` or more, at least `aboveTemplate` darker than the page's
 * unmarked bubbles print there (the letter) and `aboveBubble` darker than the bubble's own
 * paper (its lighter quarter: an even light-pencil fill, v ≈ 0.35–0.45, never stands out of itself), with at least
 * `neighbours` of its eight neighbours dark too (sensor noise makes lone dark samples; a pencil
 * line is two or more pixels wide). An erasure's haze (v ≈ 0.15–0.3) stays below `darkness`.
 * A bubble whose dark share is `present` or more holds a stroke; `weak` or more, spread over 40 %
 * of the bubble, a weak one (a light tick) that is never read as a mark but always flagged.
 */
export const STROKE = { darkness: 0.42, aboveTemplate: 0.25, aboveBubble: 0.25, neighbours: 2, present: 0.04, weak: 0.015 } as const;

/** Strokes are looked for in this inner ellipse (fractions of the bubble's half-axes): most of the bubble, the outline left to the template. */
export const STROKE_AREA = { x: 0.82, y: 0.8 } as const;

/** The template of an unmarked bubble is the TEMPLATE_PERCENTILE of the bubbles printed alike (fewer than TEMPLATE_MIN_BUBBLES: of all bubbles of the page's grid), widened by TEMPLATE_REACH_PT. */
export const TEMPLATE_PERCENTILE = 0.2;
export const TEMPLATE_MIN_BUBBLES = 3;
export const TEMPLATE_REACH_PT = 0.4;

/** The four diagonal sectors outside a bubble where a cross over a fill shows its arms: angles off the row (degrees), and how far out from the outline (pt). */
export const CORNER = { angle: [25, 65], gap: 1.2, reach: 3.5 } as const;
/** A corner holds an arm when this share more of it is dark than on the page's unmarked bubbles; CANCEL_ARMS arms over a fill cancel it. */
export const ARM = 0.12;
export const CANCEL_ARMS = 2;

/**
 * On a page marked throughout with strokes (ticks, crosses, dots) a stroke is read as the mark
 * only when every other bubble of its question is clean: fill at most `fill`, tone under `tone`,
 * dark share under `dark` — nothing that could be a weaker stroke or an erasure (harsh scans give
 * an erased smudge a few dark samples). Anything else there → ambiguous, with the proposal.
 */
export const HABIT_CLEAN = { fill: 0.12, tone: 0.17, dark: 0.02 } as const;

/**
 * A bubble's paper level (the median darkness of its interior off the printed letter and
 * outline; bubble-fills.ts `paperLevel`): light pencil (grey 150–170) measures ≥ `mark`, an
 * erased smudge (grey 178–215) ≤ `erased`. On a page written in light pencil, a question whose
 * light marks reach `mark` with every other bubble clean or erased is read without a person;
 * beside any habit's mark, a bubble at or under `erased` is an erasure.
 */
export const LIGHT_LEVEL = { mark: 0.355, markTone: 0.25, erased: 0.32 } as const;
/** Template samples darker than this are print (letter, outline), left out of a bubble's paper level. */
export const LEVEL_PAPER = 0.15;
/** Beside a page's habit strokes, a line (flat or straight) at most this share of the weakest stroke's dark share is a stray pencil line. */
export const STRAY_LINE = 0.5;
/** …and any other weak stroke (under STROKE.present) at most this share of it, a rubbed-out one (a 1-bit scan leaves an erasure a few specks). */
export const RUBBED_OUT = 0.25;

/**
 * Transform verification (verify-transform.ts): the outline path is `lineInsetPt` inside the
 * bubble's rectangle (the middle of its 0.75 pt border), compared with paths `innerPt` inside
 * and `outerPt` outside; searched `searchPt` around the transform's place in `stepPt` steps. An
 * outline is found when it is `ringContrast` darker than both; a bubble whose inside is
 * `coveredInside` dark is covered by pencil and not counted. The transform holds when at least
 * `foundShare` of the bubbles checked and `foundOfAll` of all sampled (pencil covers a few, never
 * most: a fit a pitch off lands the first options on the question's number) were found, their
 * median offset at most `maxMedianOffsetPt` (0.35 mm). The sample: first and last option of the
 * top, bottom and `rowsPerColumn` more rows of each column; under `minChecked` bubbles: not judged.
 * A black-and-white page's thin outlines break up: `foundShareTwoLevel` of them there.
 * The page code's symbol must also lie within `maxCodeOffsetMm` of where the transform puts it.
 */
/*
 * photoRingContrast: a photo's page is cut out flat from a frame where the sheet may be 100 dpi and
 * blurred by a pixel or more, so a 0.26 mm outline keeps less of its contrast: measured on the photo
 * corpus, outlines where the transform puts them score 0.07–0.12, a transform 4 pt or a pitch off
 * ≤ 0.04 (docs/scan-reading.md "Photos").
 */
export const VERIFY = { lineInsetPt: 0.375, innerPt: 1.6, outerPt: 1.0, searchPt: 1.5, stepPt: 0.5, ringContrast: 0.1, coveredInside: 0.35, minChecked: 6, foundShare: 0.8, foundShareTwoLevel: 0.7, foundOfAll: 0.4, maxMedianOffsetPt: 1.0, rowsPerColumn: 8, maxCodeOffsetMm: 1.5, photoRingContrast: 0.05 } as const;

/**
 * Scanner modes (scanner-mode.ts): a page is two-level (black-and-white) when under `maxMidShare`
 * of a sparse grid lies between `twoLevelEdge` and 255 − `twoLevelEdge` (a grey scan's outlines,
 * letters and pencil alone are several per cent). Colour: a sample is saturated when its channels
 * spread `saturated` or more; a page with `minColourShare` saturated samples picks the channel
 * where its commonest colour (the print) is lightest, provided every other colour with
 * `otherColourShare` of the saturated samples stays at or under `otherColourDark` there.
 * Under `lowDpi` the page gets the flag low-dpi.
 */
export const SCANNER = { twoLevelEdge: 16, maxMidShare: 0.002, saturated: 60, minColourShare: 0.002, otherColourShare: 0.1, otherColourDark: 140, lowDpi: 150 } as const;
