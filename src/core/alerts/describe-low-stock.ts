/**
 * The detail line of a "runs out within the lead time" alert: the units left and the days of
 * cover, in words an owner reads at a glance ("1 unit left, about 2 days of cover"; under half a
 * day, "less than a day of cover").
 */
export function describeLowStock(available: number, daysOfCover: number, leadTimeDays: number): string {
  const days = Math.round(daysOfCover);
  const cover =
    days === 0 ? 'less than a day of cover' : `about ${days} day${days === 1 ? '' : 's'} of cover`;
  return `${available} unit${available === 1 ? '' : 's'} left, ${cover} — less than the ${leadTimeDays}-day lead time.`;
}
