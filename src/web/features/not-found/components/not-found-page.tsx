import { PRODUCT_TITLE } from '@shared/ui-constants.ts';
import { CityBackground } from '@web/components/layout/city-background.tsx';
import { buttonClasses } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/components/ui/card.tsx';
import { CircleAlert } from 'lucide-react';
import { Link } from 'wouter';

/** Any path that is not in the route table (spec §2): 'Page Not Found' with a way home. */
export function NotFoundPage() {
  return (
    <div className="relative flex min-h-screen items-center justify-center px-4">
      <CityBackground />
      <Card className="relative z-10 w-full max-w-md">
        <CardHeader>
          <h1 className="flex items-center gap-2 text-2xl font-bold text-white">
            <CircleAlert aria-hidden="true" className="size-7 text-rose-400" />
            Page Not Found
          </h1>
        </CardHeader>
        <CardContent className="grid gap-5">
          <p className="text-slate-300">The page you are looking for does not exist in {PRODUCT_TITLE}.</p>
          <Link href="/" className={buttonClasses({ className: 'justify-self-start' })}>
            Go to home
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
