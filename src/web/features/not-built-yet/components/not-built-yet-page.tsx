import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Construction } from 'lucide-react';
import { Link } from 'wouter';

/**
 * Placeholder for a navigation target whose page is not written yet: always a titled note inside the shell,
 * never a blank screen. Replace the route's `page` in app/routes.tsx when the real page lands.
 */
export function NotBuiltYetPage({ title }: { title: string }) {
  return (
    <Card className="mx-auto max-w-xl">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-2xl">
          <Construction aria-hidden="true" className="size-6 text-amber-300" />
          <span>{title}</span>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-slate-300">
        <p>This page is not built yet.</p>
        <Link href="/" className="text-indigo-300 underline-offset-4 hover:underline">
          Back to home
        </Link>
      </CardContent>
    </Card>
  );
}
