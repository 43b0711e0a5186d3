import { loadavg } from 'node:os';

/**
 * The machine's load averages (1, 5, 15 min), as every bench prints them beside its figures: on a
 * shared 2-core machine a figure means little without the load it was measured at.
 */
export const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
