/**
 * The analysis pipeline's thresholds, one named value per meaning. The worker (every analysis
 * run) and `upside analyze` (the CLI) read them from here.
 */

/**
 * Fewest repeat customers for which the lifetime models (BG/NBD, Gamma-Gamma) are fitted and
 * shown on the dashboards: below it P(alive) and CLV are too noisy to act on, so the pages say
 * "insufficient data" instead (design §6, "fewer than ~200 repeat customers").
 */
export const MIN_REPEAT_CUSTOMERS_SHOWN = 200;

/**
 * Fewest customers, and fewest repeat customers, for which a lifetime fit is attempted at all: a
 * maximum-likelihood fit of four parameters needs at least this much to be defined. `upside
 * analyze` fits on request down to this floor (it prints the fit, not advice built on it).
 */
export const MIN_CUSTOMERS_FITTED = 10;
export const MIN_REPEAT_CUSTOMERS_FITTED = 3;

/**
 * Days of orders whose subtotal and shipping the facts carry one by one (the free-shipping
 * detector's window: the days after asOf − 90).
 */
export const RECENT_ORDER_DAYS = 90;
/** Window of the stock-out impact list (days before asOf). */
export const STOCK_WINDOW_DAYS = 90;
/** Days of daily revenue history the forecast is fitted on. */
export const HISTORY_DAYS_FOR_FORECAST = 730;
/** Days of history returned with the forecast for the chart. */
export const HISTORY_POINTS_SHOWN = 120;
/** Weeks of the pooled cohort retention curve kept. */
export const COHORT_WEEKS_SHOWN = 26;
