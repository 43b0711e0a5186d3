import { PRODUCT_TITLE } from '@shared/ui-constants.ts';
import { DesktopNav } from '@web/components/layout/desktop-nav.tsx';
import { LogoutForm } from '@web/components/layout/logout-form.tsx';
import { MobileNav } from '@web/components/layout/mobile-nav.tsx';
import { NotificationBell } from '@web/components/layout/notification-bell.tsx';
import { buttonClasses } from '@web/components/ui/button.tsx';
import { useActiveOpportunityCount } from '@web/features/opportunities/api/use-active-opportunity-count.ts';
import { StoreSwitcher } from '@web/features/stores/components/store-switcher.tsx';
import { LogOut, TrendingUp, UserRound } from 'lucide-react';
import { Link, useLocation } from 'wouter';

/**
 * The page shell's header (spec §2): menu groups (dropdowns from md up, a slide-in panel below), the
 * store switcher (issue #17), the notification bell, the /profile button (highlighted on /profile) and Logout (from md up).
 */
export function TopNav() {
  const [location] = useLocation();
  const opportunityCount = useActiveOpportunityCount();
  const profileActive = location === '/profile';

  return (
    <header className="sticky top-0 z-40 border-b border-slate-800/80 bg-slate-950/80 backdrop-blur-md transparency-reduced:bg-slate-950">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
        <MobileNav opportunityCount={opportunityCount} />
        <Link
          href="/"
          className="mr-2 flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-white"
        >
          <span className="flex size-8 items-center justify-center rounded-lg bg-indigo-500">
            <TrendingUp aria-hidden="true" className="size-5 text-white" />
          </span>
          {PRODUCT_TITLE}
        </Link>
        <DesktopNav opportunityCount={opportunityCount} />
        <div className="ml-auto flex items-center gap-1 lg:gap-2">
          <StoreSwitcher />
          <NotificationBell count={opportunityCount} />
          <Link
            href="/profile"
            aria-label="Profile"
            aria-current={profileActive ? 'page' : undefined}
            className={buttonClasses({
              variant: profileActive ? 'default' : 'ghost',
              size: 'sm',
              className: 'h-9',
            })}
          >
            <UserRound aria-hidden="true" />
            <span className="hidden lg:inline">Profile</span>
          </Link>
          <LogoutForm
            className={buttonClasses({
              variant: 'outline',
              size: 'sm',
              className: 'hidden h-9 md:inline-flex',
            })}
          >
            <LogOut aria-hidden="true" />
            Logout
          </LogoutForm>
        </div>
      </div>
    </header>
  );
}
