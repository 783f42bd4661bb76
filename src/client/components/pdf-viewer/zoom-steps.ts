import { PDF_ZOOM } from '../../../shared/limits';

// The viewer's zoom (back-office.md §9: start 1, step 0.1, 0.8 to 2). Sums of 0.1 drift
// (0.1 + 0.2 ≠ 0.3), so each step is rounded back to one decimal before it is clamped.

export function zoomIn(zoom: number): number {
  return Math.min(PDF_ZOOM.max, Math.round((zoom + PDF_ZOOM.step) * 10) / 10);
}

export function zoomOut(zoom: number): number {
  return Math.max(PDF_ZOOM.min, Math.round((zoom - PDF_ZOOM.step) * 10) / 10);
}

/** How the zoom reads: 100 %, 80 % … */
export const zoomPercent = (zoom: number) => `${Math.round(zoom * 100)}%`;
