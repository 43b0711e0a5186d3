import { buttonClasses } from '@web/components/ui/button.tsx';
import { Bell } from 'lucide-react';
import { Link } from 'wouter';
import { CountBadge } from './count-badge.tsx';

/** Bell in the header: its badge is the active-opportunity count (capped at '9+'); opens the Opportunities page. */
export function NotificationBell({ count }: { count: number }) {
  const label =
    count > 0
      ? `Notifications: ${count} active ${count === 1 ? 'opportunity' : 'opportunities'}`
      : 'Notifications';
  return (
    <Link
      href="/"
      aria-label={label}
      className={buttonClasses({ variant: 'ghost', size: 'icon', className: 'relative' })}
    >
      <Bell aria-hidden="true" />
      <CountBadge count={count} className="absolute -top-0.5 -right-0.5" />
    </Link>
  );
}
