/** Spec section 9: ratings run from 0 to 5 in half steps. */
export const MAX_RATING = 5;

/** The half steps a reviewer can pick: 0.5, 1, ... 5. */
export const RATING_STEPS = Array.from({ length: MAX_RATING * 2 }, (_, i) => (i + 1) / 2);

/** An average such as 3.74 shows as 3.5 stars; out-of-range values are clamped. */
export function roundToHalf(rating: number): number {
  if (!Number.isFinite(rating)) return 0;
  return Math.min(MAX_RATING, Math.max(0, Math.round(rating * 2) / 2));
}

/** "1 star", "0.5 stars", "3.5 stars". */
export function starsLabel(stars: number): string {
  return `${stars} ${stars === 1 ? 'star' : 'stars'}`;
}

export type StarFill = 'full' | 'half' | 'empty';

/** How each of the five stars is drawn for a rating already rounded to a half step. */
export function starFills(rating: number): StarFill[] {
  return Array.from({ length: MAX_RATING }, (_, i) => {
    if (rating >= i + 1) return 'full';
    if (rating >= i + 0.5) return 'half';
    return 'empty';
  });
}
