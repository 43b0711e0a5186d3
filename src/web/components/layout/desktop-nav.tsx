import * as NavigationMenu from '@radix-ui/react-navigation-menu';
import { NAV_MENU_DELAY_MS, NAV_MENU_SKIP_DELAY_MS } from '@shared/ui-constants.ts';
import { cn } from '@web/lib/cn.ts';
import { ChevronDown } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { CountBadge } from './count-badge.tsx';
import { isNavItemActive, NAV_GROUPS } from './nav-items.ts';

/**
 * Desktop (md and up) navigation: one dropdown per menu group, each item with its one-line description
 * (spec §2). Radix NavigationMenu with its 200 ms open delay and 300 ms skip window.
 */
export function DesktopNav({ opportunityCount }: { opportunityCount: number }) {
  const [location] = useLocation();
  return (
    <NavigationMenu.Root
      delayDuration={NAV_MENU_DELAY_MS}
      skipDelayDuration={NAV_MENU_SKIP_DELAY_MS}
      aria-label="Main"
      className="relative hidden md:block"
    >
      <NavigationMenu.List className="flex items-center gap-1">
        {NAV_GROUPS.map((group) => {
          const groupActive = group.items.some((item) => isNavItemActive(item.href, location));
          return (
            <NavigationMenu.Item key={group.label} className="relative">
              <NavigationMenu.Trigger
                className={cn(
                  'group inline-flex h-9 items-center gap-1 rounded-md px-3 text-sm font-medium text-slate-200 transition-colors',
                  'hover:bg-slate-800 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400',
                  'data-[state=open]:bg-slate-800 data-[state=open]:text-white',
                  groupActive && 'text-indigo-300',
                )}
              >
                {group.label}
                <ChevronDown
                  aria-hidden="true"
                  className="size-3.5 transition-transform duration-200 group-data-[state=open]:rotate-180"
                />
              </NavigationMenu.Trigger>
              <NavigationMenu.Content className="absolute top-full left-0 z-50 mt-2 w-[380px] rounded-xl border border-slate-700 bg-slate-900/95 p-2 shadow-2xl backdrop-blur transparency-reduced:bg-slate-900 data-[state=open]:animate-fade-in">
                <ul className="grid gap-1">
                  {group.items.map((item) => {
                    const active = isNavItemActive(item.href, location);
                    const Icon = item.icon;
                    return (
                      <li key={item.href}>
                        <NavigationMenu.Link asChild active={active}>
                          <Link
                            href={item.href}
                            aria-current={active ? 'page' : undefined}
                            className={cn(
                              'flex items-start gap-3 rounded-lg p-3 transition-colors hover:bg-slate-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400',
                              active && 'bg-indigo-500/15',
                            )}
                          >
                            <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-300" />
                            <span className="grid gap-0.5">
                              <span className="flex items-center gap-2 text-sm font-medium text-white">
                                {item.label}
                                {item.showsOpportunityCount ? <CountBadge count={opportunityCount} /> : null}
                              </span>
                              <span className="text-xs text-slate-400">{item.description}</span>
                            </span>
                          </Link>
                        </NavigationMenu.Link>
                      </li>
                    );
                  })}
                </ul>
              </NavigationMenu.Content>
            </NavigationMenu.Item>
          );
        })}
      </NavigationMenu.List>
    </NavigationMenu.Root>
  );
}
