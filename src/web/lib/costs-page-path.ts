/** Where the owner enters unit costs, fee rules and expenses (the Costs settings page). */
export const COSTS_PAGE_PATH = '/settings/costs';
