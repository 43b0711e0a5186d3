import { LOGIN_PATH, PRODUCT_TITLE } from '@shared/ui-constants.ts';
import { CityBackground } from '@web/components/layout/city-background.tsx';
import { buttonClasses } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import type { LucideIcon } from 'lucide-react';
import {
  ArrowRight,
  Brain,
  ChartLine,
  Cpu,
  Database,
  Layers,
  Lock,
  ShieldCheck,
  Target,
  TrendingUp,
  Users,
  Zap,
} from 'lucide-react';
import type { ReactNode } from 'react';

interface Feature {
  icon: LucideIcon;
  title: string;
  description: string;
}

/** The four capabilities of spec §1. */
const FEATURES: readonly Feature[] = [
  {
    icon: ChartLine,
    title: 'Revenue Tracking & Forecasting',
    description:
      'Follow revenue in real time and see where it is heading with forecasts built from your own orders.',
  },
  {
    icon: Target,
    title: 'AI-Powered Opportunities',
    description:
      'Automatically detect revenue opportunities and growth areas, ranked by their potential impact.',
  },
  {
    icon: Users,
    title: 'Customer Analytics',
    description: 'Understand your customers with RFM analysis and churn prediction, segment by segment.',
  },
  {
    icon: Layers,
    title: 'Unified Multi-Platform Data',
    description: 'Your store, Google Analytics 4 and Meta ads brought together in one place.',
  },
];

/** The 'Why Choose' block: Real-Time, Secure, Unified. */
const REASONS: readonly Feature[] = [
  {
    icon: Zap,
    title: 'Real-Time',
    description: 'Live data processing keeps every number current as orders, sessions and ad spend come in.',
  },
  {
    icon: ShieldCheck,
    title: 'Secure',
    description: 'Enterprise-grade security with encrypted credential storage for every connected platform.',
  },
  {
    icon: Database,
    title: 'Unified',
    description:
      'One view across your store, analytics and advertising instead of three separate dashboards.',
  },
];

/** The 'Powered by Advanced Technology' block: three items. */
const TECHNOLOGY: readonly Feature[] = [
  {
    icon: Brain,
    title: 'Predictive Models',
    description: 'Customer lifetime value, churn and revenue forecasts fitted to your store’s history.',
  },
  {
    icon: Cpu,
    title: 'Opportunity Detection',
    description: 'Detectors scan segments, channels and stock levels to surface what is worth acting on.',
  },
  {
    icon: Lock,
    title: 'Encrypted Vault',
    description: 'Platform credentials are encrypted with AES-256 before they are stored.',
  },
];

/** Full-page navigation to the identity provider (not a data call). */
function SignInLink({ children, size = 'lg' }: { children: string; size?: 'lg' | 'default' }) {
  return (
    <a href={LOGIN_PATH} className={buttonClasses({ size, className: 'px-8' })}>
      {children}
      <ArrowRight aria-hidden="true" />
    </a>
  );
}

function FeatureCard({ feature }: { feature: Feature }) {
  const Icon = feature.icon;
  return (
    <Card className="h-full">
      <CardHeader>
        <span className="mb-2 flex size-11 items-center justify-center rounded-lg bg-indigo-500/20 text-indigo-300">
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <CardTitle>{feature.title}</CardTitle>
        <CardDescription className="text-slate-300">{feature.description}</CardDescription>
      </CardHeader>
    </Card>
  );
}

/**
 * Signed-out landing screen (spec §2), also shown on `/` while the session check is pending; on a
 * fresh install with password accounts the hero holds `ownerSetup` ("Create the owner account")
 * instead of the sign-in button.
 */
export function LandingPage({ ownerSetup }: { ownerSetup?: ReactNode }) {
  return (
    <div className="relative min-h-screen">
      <CityBackground />
      <div className="relative z-10">
        <header className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6">
          <span className="flex items-center gap-2 text-lg font-bold text-white">
            <span className="flex size-8 items-center justify-center rounded-lg bg-indigo-500">
              <TrendingUp aria-hidden="true" className="size-5" />
            </span>
            {PRODUCT_TITLE}
          </span>
        </header>

        <main className="mx-auto max-w-7xl px-4 pb-20 sm:px-6">
          <section className="mx-auto max-w-3xl py-16 text-center sm:py-24">
            <p className="mb-4 inline-flex rounded-full border border-indigo-400/40 bg-indigo-500/10 px-3 py-1 text-sm text-indigo-200">
              Revenue analytics for online store owners and marketers
            </p>
            <h1 className="text-4xl font-extrabold tracking-tight text-white sm:text-6xl">{PRODUCT_TITLE}</h1>
            <p className="mt-3 text-xl font-semibold text-indigo-200 sm:text-2xl">
              Unlock your store’s hidden revenue
            </p>
            <p className="mt-6 text-lg text-slate-300">
              Connect your store, Google Analytics 4 and Meta ads. Upside tracks and forecasts your revenue,
              finds the opportunities you are missing, and shows you which customers to win back.
            </p>
            <div className="mt-10 flex justify-center">
              {ownerSetup ?? <SignInLink>Sign In to Get Started</SignInLink>}
            </div>
          </section>

          <section aria-labelledby="features-heading" className="py-8">
            <h2 id="features-heading" className="sr-only">
              Features
            </h2>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {FEATURES.map((feature) => (
                <li key={feature.title}>
                  <FeatureCard feature={feature} />
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="why-heading" className="py-16">
            <h2 id="why-heading" className="text-center text-3xl font-bold text-white">
              Why Choose {PRODUCT_TITLE}?
            </h2>
            <ul className="mt-10 grid gap-8 md:grid-cols-3">
              {REASONS.map((reason) => {
                const Icon = reason.icon;
                return (
                  <li key={reason.title} className="text-center">
                    <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-indigo-500/20 text-indigo-300">
                      <Icon aria-hidden="true" className="size-7" />
                    </span>
                    <h3 className="mt-4 text-xl font-semibold text-white">{reason.title}</h3>
                    <p className="mt-2 text-slate-300">{reason.description}</p>
                  </li>
                );
              })}
            </ul>
          </section>

          <section aria-labelledby="technology-heading" className="py-8">
            <Card className="bg-slate-900/80">
              <CardHeader className="text-center">
                <h2 id="technology-heading" className="text-3xl font-bold text-white">
                  Powered by Advanced Technology
                </h2>
              </CardHeader>
              <CardContent>
                <ul className="grid gap-6 md:grid-cols-3">
                  {TECHNOLOGY.map((item) => {
                    const Icon = item.icon;
                    return (
                      <li key={item.title} className="flex gap-4">
                        <Icon aria-hidden="true" className="mt-1 size-6 shrink-0 text-indigo-300" />
                        <div>
                          <h3 className="font-semibold text-white">{item.title}</h3>
                          <p className="mt-1 text-sm text-slate-300">{item.description}</p>
                        </div>
                      </li>
                    );
                  })}
                </ul>
              </CardContent>
            </Card>
          </section>

          <section aria-labelledby="cta-heading" className="py-16 text-center">
            <h2 id="cta-heading" className="text-3xl font-bold text-white">
              Ready to boost your revenue?
            </h2>
            <p className="mt-4 text-lg text-slate-300">
              Sign in, connect your platforms and see your first opportunities.
            </p>
            <div className="mt-8 flex justify-center">
              <SignInLink>Get Started Now</SignInLink>
            </div>
          </section>
        </main>
      </div>
    </div>
  );
}
