import { CityBackground } from '@web/components/layout/city-background.tsx';
import type { ReactNode } from 'react';
import { TopNav } from './top-nav.tsx';

/** Frame of every signed-in page: cityscape background, top navigation, centred content. */
export function PageShell({ children }: { children: ReactNode }) {
  return (
    <div className="relative min-h-screen">
      <CityBackground />
      <div className="relative z-10 flex min-h-screen flex-col">
        <TopNav />
        <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6">
          {children}
        </main>
      </div>
    </div>
  );
}
