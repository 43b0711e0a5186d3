import type { LucideIcon } from 'lucide-react';
import {
  Brain,
  ChartColumn,
  Filter,
  FlaskConical,
  Image,
  Lightbulb,
  MousePointerClick,
  Package,
  PiggyBank,
  Scale,
  Search,
  Sparkles,
  Target,
  Users,
} from 'lucide-react';

export interface NavItem {
  href: string;
  label: string;
  /** One line shown under the label in the desktop dropdowns and the small-screen panel. */
  description: string;
  icon: LucideIcon;
  /** Shows the active-opportunity count as a badge (spec §2: only Opportunities). */
  showsOpportunityCount?: boolean;
}

export interface NavGroup {
  label: string;
  items: readonly NavItem[];
}

/** The three menu groups of the top navigation, in the spec's order (spec §2). */
export const NAV_GROUPS: readonly NavGroup[] = [
  {
    label: 'Analytics',
    items: [
      {
        href: '/',
        label: 'Opportunities',
        description: 'Ranked revenue opportunities to act on',
        icon: Target,
        showsOpportunityCount: true,
      },
      {
        href: '/orders',
        label: 'Order Lookup',
        description: 'Find any order by its name or number',
        icon: Search,
      },
      {
        href: '/analytics',
        label: 'Revenue Analytics',
        description: 'Traffic, revenue and conversions from GA4',
        icon: ChartColumn,
      },
      {
        href: '/customers',
        label: 'Customer Segments',
        description: 'RFM segments, lifetime value and churn risk',
        icon: Users,
      },
      {
        href: '/profit',
        label: 'Profit',
        description: 'Profit and loss from gross sales to net profit',
        icon: PiggyBank,
      },
    ],
  },
  {
    label: 'Performance',
    items: [
      {
        href: '/campaigns',
        label: 'Campaign Performance',
        description: 'Every platform’s ad spend, ROAS and attribution',
        icon: Sparkles,
      },
      {
        href: '/creatives',
        label: 'Creatives',
        description: 'Each ad creative: CTR, hook rate, CPA, verified profit and fatigue',
        icon: Image,
      },
      {
        href: '/measurement',
        label: 'Measurement',
        description: 'What ad spend causes: marketing-mix model and budget planner',
        icon: Scale,
      },
      {
        href: '/funnels',
        label: 'Funnels',
        description: 'Checkout and custom funnels with drop-off and revenue per step',
        icon: Filter,
      },
      {
        href: '/products',
        label: 'Product Analysis',
        description: 'Sales velocity, stock cover and stock-outs',
        icon: Package,
      },
      {
        href: '/testing',
        label: 'A/B Testing',
        description: 'Compare variants with significance tests',
        icon: FlaskConical,
      },
    ],
  },
  {
    label: 'Intelligence',
    items: [
      {
        href: '/models',
        label: 'Predictive Models',
        description: 'Forecasts, backtests and model diagnostics',
        icon: Brain,
      },
      {
        href: '/insights',
        label: 'AI Insights',
        description: 'Anomalies and narrative insights',
        icon: Lightbulb,
      },
      {
        href: '/cursor-tracking',
        label: 'Cursor Tracking',
        description: 'Heatmaps of how visitors move and click',
        icon: MousePointerClick,
      },
    ],
  },
];

/** True when `location` is `href` (exact for '/', otherwise the path or one of its sub-paths). */
export function isNavItemActive(href: string, location: string): boolean {
  if (href === '/') return location === '/';
  return location === href || location.startsWith(`${href}/`);
}
