/**
 * How a member without "can see customers' personal data" sees a shop customer (issue #17 item 2,
 * decision 055): each word of a name keeps its first letter, an e-mail keeps the first letter of
 * its local part and of its domain and the top-level domain — enough to tell rows apart, not to
 * identify or write to anyone. Cost and profit figures are not masked but withheld (null).
 */
export function maskName(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => word !== '')
    .map((word) => `${[...word][0] ?? ''}***`)
    .join(' ');
}

export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return maskName(email);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const topLevel = dot > 0 ? domain.slice(dot) : '';
  return `${email[0] ?? ''}***@${domain[0] ?? ''}***${topLevel}`;
}
