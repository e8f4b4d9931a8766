/**
 * How long after its creation a business without an enrichment task is still expected to get one:
 * the recovery sweep creates the task its lost job would have made for businesses this recent
 * (a range read of recent businesses instead of a read of them all), and E1 answers 202 for them
 * meanwhile. An older business without a task was missed while no sweeper ran for that long, and
 * answers 404 until a refresh requests its records.
 */
export const UNTASKED_WINDOW_MS = 7 * 24 * 3600 * 1000;
