/**
 * Interaction constants the spec fixes for the browser (spec §4 and §9). They live in shared/ so tests and
 * any server-rendered text can agree with the SPA on the same numbers.
 */

/** Spec §9: only one toast is visible at a time. */
export const TOAST_LIMIT = 1;

/** Spec §9: a toast stays for 5000 ms unless dismissed. */
export const TOAST_DURATION_MS = 5000;

/** Spec §9: the notification badge shows the count up to this value, then '9+'. */
export const NOTIFICATION_BADGE_CAP = 9;

/** Radix NavigationMenu timings (design §2: the spec's menu timings are the Radix defaults). */
export const NAV_MENU_DELAY_MS = 200;
export const NAV_MENU_SKIP_DELAY_MS = 300;

/** Radix Tooltip timings (design §2: the spec's tooltip timings are the Radix defaults). */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** Browser navigations (not data calls) that start and end a session (spec §2). */
export const LOGIN_PATH = '/api/login';
export const LOGOUT_PATH = '/api/logout';

/** The product title shown in the header, landing hero and browser tab. */
export const PRODUCT_TITLE = 'Upside';
