import * as DialogPrimitive from '@radix-ui/react-dialog';
import { PRODUCT_TITLE } from '@shared/ui-constants.ts';
import { LogoutForm } from '@web/components/layout/logout-form.tsx';
import { buttonClasses } from '@web/components/ui/button.tsx';
import { cn } from '@web/lib/cn.ts';
import { LogOut, Menu, UserRound, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { CountBadge } from './count-badge.tsx';
import { isNavItemActive, NAV_GROUPS } from './nav-items.ts';

/**
 * Small-screen navigation (below md): a menu button opening a slide-in panel (Radix Dialog) with the same
 * three groups; choosing an item closes the panel (spec §2).
 */
export function MobileNav({ opportunityCount }: { opportunityCount: number }) {
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  const close = () => setOpen(false);
  const linkClass = (active: boolean) =>
    cn(
      'flex items-start gap-3 rounded-lg p-2.5 transition-colors hover:bg-slate-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400',
      active && 'bg-indigo-500/15',
    );

  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger
        aria-label="Open navigation menu"
        className={buttonClasses({ variant: 'ghost', size: 'icon', className: 'md:hidden' })}
      >
        <Menu aria-hidden="true" />
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/70 data-[state=open]:animate-fade-in" />
        <DialogPrimitive.Content className="fixed inset-y-0 left-0 z-50 flex w-80 max-w-[85vw] flex-col overflow-y-auto border-r border-slate-700 bg-slate-950 p-4 shadow-2xl data-[state=open]:animate-slide-in-left">
          <div className="mb-4 flex items-center justify-between">
            <DialogPrimitive.Title className="text-lg font-bold text-white">
              {PRODUCT_TITLE}
            </DialogPrimitive.Title>
            <DialogPrimitive.Close
              aria-label="Close navigation menu"
              className={buttonClasses({ variant: 'ghost', size: 'icon' })}
            >
              <X aria-hidden="true" />
            </DialogPrimitive.Close>
          </div>
          <DialogPrimitive.Description className="sr-only">Main navigation</DialogPrimitive.Description>
          <nav aria-label="Main" className="grid gap-5">
            {NAV_GROUPS.map((group) => (
              <section key={group.label} aria-label={group.label}>
                <h2 className="mb-1 px-2.5 text-xs font-semibold tracking-wider text-slate-500 uppercase">
                  {group.label}
                </h2>
                <ul className="grid gap-0.5">
                  {group.items.map((item) => {
                    const active = isNavItemActive(item.href, location);
                    const Icon = item.icon;
                    return (
                      <li key={item.href}>
                        <Link
                          href={item.href}
                          onClick={close}
                          aria-current={active ? 'page' : undefined}
                          className={linkClass(active)}
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
                      </li>
                    );
                  })}
                </ul>
              </section>
            ))}
            <section aria-label="Account" className="grid gap-0.5 border-t border-slate-800 pt-4">
              <Link
                href="/profile"
                onClick={close}
                aria-current={location === '/profile' ? 'page' : undefined}
                className={linkClass(location === '/profile')}
              >
                <UserRound aria-hidden="true" className="size-5 text-indigo-300" />
                <span className="text-sm font-medium text-white">Profile &amp; Integrations</span>
              </Link>
              <LogoutForm className={`${linkClass(false)} w-full text-left`}>
                <LogOut aria-hidden="true" className="size-5 text-indigo-300" />
                <span className="text-sm font-medium text-white">Logout</span>
              </LogoutForm>
            </section>
          </nav>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
