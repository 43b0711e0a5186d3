import { LOGOUT_PATH } from '@shared/ui-constants.ts';
import type { ReactNode } from 'react';

/**
 * Signing out: a form that POSTs to /api/logout and follows its redirect (issue #36: logout is a
 * POST only, so no link or image on another site can sign a user out). The browser sends the
 * Origin header with it, which the same-origin rule checks.
 */
export function LogoutForm({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <form method="post" action={LOGOUT_PATH} className="contents">
      <button type="submit" className={className}>
        {children}
      </button>
    </form>
  );
}
