import { formatDay } from '../../../../core/insights/format-day.ts';
import { formatMoney, minorToDecimal } from '../../../../shared/money.ts';
import type { DigestData, DigestKpi } from '../../../domain/notifications/read-digest.ts';
import { escapeHtml } from '../../../http/escape-html.ts';
import type { RenderedMail } from '../../../platform/mail/rendered-mail.ts';

export interface DigestLinks {
  /** The app's origin, for links back to the pages. */
  appUrl: string;
  unsubscribeUrl: string;
}

/** "+12.5 %" / "−3.0 %" / "—" (no base to compare with). */
export function formatChange(current: number, base: number): string {
  if (base === 0) return '—';
  const change = ((current - base) / Math.abs(base)) * 100;
  const sign = change > 0 ? '+' : change < 0 ? '−' : '±';
  return `${sign}${Math.abs(change).toFixed(1)} %`;
}

const rangeLabel = (range: { start: string; end: string }) =>
  range.start === range.end ? formatDay(range.start) : `${formatDay(range.start)} – ${formatDay(range.end)}`;

interface KpiLine {
  label: string;
  value: string;
  vsPrevious: string;
  vsLastYear: string;
  note: string | null;
}

function kpiLines(data: DigestData): KpiLine[] {
  if (!data.kpis) return [];
  const money = (minor: number) => formatMoney(minorToDecimal(minor, data.currencyDigits), data.currency);
  const line = (label: string, kpi: DigestKpi, show: (n: number) => string, note: string | null = null) => ({
    label,
    value: show(kpi.current),
    vsPrevious: formatChange(kpi.current, kpi.previous),
    vsLastYear: formatChange(kpi.current, kpi.lastYear),
    note,
  });
  const { revenue, orders, aov, contributionMargin } = data.kpis;
  return [
    line('Revenue', revenue, money),
    line('Orders', orders, (n) => n.toLocaleString('en-US')),
    line('Average order value', aov, money),
    ...(contributionMargin
      ? [
          line(
            'Contribution margin',
            contributionMargin,
            money,
            contributionMargin.estimated ? 'estimated: some costs are not known' : null,
          ),
        ]
      : []),
  ];
}

/**
 * The daily or weekly digest as an e-mail. Tables and inline styles only (what common mail
 * clients render), no scripts, no images, every figure also in the plain-text part.
 */
export function renderDigest(data: DigestData, links: DigestLinks): RenderedMail {
  const periodName = data.period === 'daily' ? 'Daily digest' : 'Weekly digest';
  const when = data.range ? rangeLabel(data.range) : 'no synced orders yet';
  const subject = `${data.storeName} · ${periodName} · ${when}`;
  const kpis = kpiLines(data);
  const money = (amount: string) => formatMoney(amount, data.currency);
  const url = (path: string) => `${links.appUrl}${path}`;

  // "Previous" is the period just before (the day before a daily digest); "last year" the same
  // weekdays 52 weeks earlier.
  const comparedWith = `Compared with the ${data.period === 'daily' ? 'day' : 'week'} before (${data.previous ? rangeLabel(data.previous) : 'none synced'}) and the same ${data.period === 'daily' ? 'weekday' : 'weekdays'} a year earlier (${data.lastYear ? rangeLabel(data.lastYear) : 'none synced'}).`;
  const text: string[] = [`${data.storeName} — ${periodName.toLowerCase()} for ${when}`, ''];
  if (kpis.length === 0) text.push('No orders have been synced yet: connect your store to see figures here.');
  else {
    text.push(comparedWith);
    for (const k of kpis)
      text.push(
        `${k.label}: ${k.value} (${k.vsPrevious} vs previous, ${k.vsLastYear} vs last year)${k.note ? ` — ${k.note}` : ''}`,
      );
  }
  text.push('', 'Top opportunities:');
  if (data.opportunities.length === 0) text.push('  none yet');
  data.opportunities.forEach((o, i) => {
    text.push(`  ${i + 1}. ${o.title} (up to ${money(o.revenueImpactMax)})`);
  });
  text.push(`  ${url('/opportunities')}`, '', 'Open alerts:');
  if (data.alerts.length === 0) text.push('  none');
  for (const a of data.alerts) text.push(`  - ${a.title}: ${a.detail} ${url(a.link)}`);
  text.push('', 'Stock alerts:');
  if (data.stock.length === 0) text.push('  none');
  for (const s of data.stock) text.push(`  - ${s.product}: ${s.status}`);
  text.push('', `Unsubscribe from these digests: ${links.unsubscribeUrl}`);

  const cell = 'padding:6px 4px;border-bottom:1px solid #e5e7eb;font-size:13px;';
  const section = (title: string, body: string) =>
    `<h2 style="font-size:16px;margin:24px 0 8px;color:#111827;">${escapeHtml(title)}</h2>${body}`;
  const list = (items: string[], empty: string) =>
    items.length === 0
      ? `<p style="margin:0;color:#6b7280;font-size:14px;">${escapeHtml(empty)}</p>`
      : `<ul style="margin:0;padding-left:20px;font-size:14px;color:#111827;">${items.map((i) => `<li style="margin:4px 0;">${i}</li>`).join('')}</ul>`;
  const kpiTable =
    kpis.length === 0
      ? `<p style="font-size:14px;color:#6b7280;">No orders have been synced yet: connect your store to see figures here.</p>`
      : `<table role="presentation" cellpadding="0" cellspacing="0" width="100%" style="border-collapse:collapse;">
<tr><th align="left" style="${cell}color:#6b7280;">Metric</th><th align="right" style="${cell}color:#6b7280;">Value</th><th align="right" style="${cell}color:#6b7280;">vs previous</th><th align="right" style="${cell}color:#6b7280;">vs last year</th></tr>
${kpis
  .map(
    (k) =>
      `<tr><td style="${cell}">${escapeHtml(k.label)}${k.note ? `<br><span style="font-size:12px;color:#92400e;">${escapeHtml(k.note)}</span>` : ''}</td><td align="right" style="${cell}font-weight:600;">${escapeHtml(k.value)}</td><td align="right" style="${cell}">${escapeHtml(k.vsPrevious)}</td><td align="right" style="${cell}">${escapeHtml(k.vsLastYear)}</td></tr>`,
  )
  .join('\n')}
</table>
<p style="font-size:12px;color:#6b7280;margin:8px 0 0;">${escapeHtml(comparedWith)} Revenue is net of refunds.</p>`;
  const link = (path: string, label: string) =>
    `<a href="${escapeHtml(url(path))}" style="color:#4f46e5;">${escapeHtml(label)}</a>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;">
<table role="presentation" cellpadding="0" cellspacing="0" width="100%" style="background:#f3f4f6;"><tr><td align="center" style="padding:8px;">
<table role="presentation" cellpadding="0" cellspacing="0" width="100%" style="max-width:600px;background:#ffffff;border-radius:8px;"><tr><td style="padding:16px;">
<p style="margin:0;font-size:12px;color:#6b7280;text-transform:uppercase;letter-spacing:0.05em;">${escapeHtml(periodName)}</p>
<h1 style="margin:4px 0 0;font-size:20px;color:#111827;">${escapeHtml(data.storeName)}</h1>
<p style="margin:4px 0 16px;font-size:14px;color:#374151;">${escapeHtml(when)}</p>
${kpiTable}
${section(
  'Top opportunities',
  `${list(
    data.opportunities.map(
      (o) => `<strong>${escapeHtml(o.title)}</strong> — up to ${escapeHtml(money(o.revenueImpactMax))}`,
    ),
    'No opportunities yet.',
  )}<p style="margin:8px 0 0;font-size:14px;">${link('/opportunities', 'See all opportunities')}</p>`,
)}
${section(
  'Open alerts',
  list(
    data.alerts.map((a) => `${link(a.link, a.title)}: ${escapeHtml(a.detail)}`),
    'No open alerts.',
  ),
)}
${section(
  'Stock alerts',
  list(
    data.stock.map((s) => `${escapeHtml(s.product)}: ${escapeHtml(s.status)}`),
    'No product is out of stock or close to it.',
  ),
)}
<p style="margin:24px 0 0;font-size:12px;color:#6b7280;">You receive this because digests are on for you in Upside. <a href="${escapeHtml(links.unsubscribeUrl)}" style="color:#6b7280;">Unsubscribe</a> · ${link('/settings/notifications', 'Notification settings')}</p>
</td></tr></table>
</td></tr></table>
</body></html>`;
  return { subject, html, text: text.join('\n') };
}
