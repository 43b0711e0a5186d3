import type { AuthUser } from '@shared/contracts/auth.ts';
import { PRODUCT_TITLE } from '@shared/ui-constants.ts';
import { LogoutForm } from '@web/components/layout/logout-form.tsx';
import { buttonClasses } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { getDisplayName, getWelcomeGreeting } from '@web/lib/display-name.ts';
import { Activity, ChartColumn, LogOut, Rocket, ShieldCheck, UserRound, Zap } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

export interface HomePageProps {
  user: AuthUser;
  /**
   * Extra actions in the Get Started card, after 'Open Dashboard' (e.g. the integrations feature's
   * "Connect demo store" button in demo mode).
   */
  getStartedActions?: ReactNode;
}

/**
 * The signed-in home screen (spec §2), shown on `/` while the workspace has no data yet (design §5):
 * header with name and Sign Out, the greeting, and the four cards.
 */
export function HomePage({ user, getStartedActions }: HomePageProps) {
  const displayName = getDisplayName(user);
  return (
    <div className="grid gap-8">
      <header className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-slate-700/70 bg-slate-900/75 px-5 py-4 backdrop-blur-sm transparency-reduced:bg-slate-900">
        <p className="text-xl font-bold tracking-tight text-white">{PRODUCT_TITLE}</p>
        <div className="flex items-center gap-3">
          {user.profileImageUrl ? (
            <img
              src={user.profileImageUrl}
              alt=""
              className="size-9 rounded-full border border-slate-600 object-cover"
              referrerPolicy="no-referrer"
            />
          ) : (
            <span className="flex size-9 items-center justify-center rounded-full bg-slate-700 text-slate-200">
              <UserRound aria-hidden="true" className="size-5" />
            </span>
          )}
          <span className="text-sm font-medium text-slate-100" data-testid="home-display-name">
            {displayName}
          </span>
          <LogoutForm className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            <LogOut aria-hidden="true" />
            Sign Out
          </LogoutForm>
        </div>
      </header>

      <section>
        <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
          {getWelcomeGreeting(user)}
        </h1>
        <p className="mt-2 text-slate-300">Here is where your store’s revenue insights will come together.</p>
      </section>

      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Zap aria-hidden="true" className="size-5 text-indigo-300" />
              Quick Actions
            </CardTitle>
            <CardDescription>Jump to the places you will use most.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-3">
            <Link href="/dashboard" className={buttonClasses()}>
              <ChartColumn aria-hidden="true" />
              View Dashboard
            </Link>
            <Link href="/profile" className={buttonClasses({ variant: 'outline' })}>
              <UserRound aria-hidden="true" />
              Profile &amp; Integrations
            </Link>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <ShieldCheck aria-hidden="true" className="size-5 text-emerald-300" />
              Platform Status
            </CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-slate-300">Check your integration status in Profile &amp; Integrations.</p>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Activity aria-hidden="true" className="size-5 text-amber-300" />
              Recent Activity
            </CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-slate-300">Your analytics data is being processed. Check back soon.</p>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Rocket aria-hidden="true" className="size-5 text-rose-300" />
              Get Started
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <p className="text-slate-300">
              Your data will appear here once you visit the dashboard and connect your platforms.
            </p>
            <div className="flex flex-wrap gap-3">
              <Link href="/dashboard" className={buttonClasses()}>
                Open Dashboard
              </Link>
              {getStartedActions}
            </div>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
