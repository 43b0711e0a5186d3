import type { TrackingConfiguration } from '@shared/contracts/tracking-configurations.ts';
import { Button } from '@web/components/ui/button.tsx';
import { errorSentence } from '@web/lib/api-error.ts';
import { CheckCircle2, Radar } from 'lucide-react';
import { useEffect, useState } from 'react';
import { INSTALL_CHECK, useInstallCheck } from '../api/tracking-api.ts';

type Phase = 'idle' | 'waiting' | 'timed-out';

/**
 * "Verify installation" (issue #38 item 3): asks the server every 3 s, for up to 60 s, whether an
 * event from the site's domain has arrived, and says when the first one did.
 */
export function VerifyInstallation({ configuration }: { configuration: TrackingConfiguration }) {
  const [phase, setPhase] = useState<Phase>('idle');
  const check = useInstallCheck(configuration.id, phase === 'waiting');
  const firstEventAt = check.data?.firstEventAt ?? null;
  const domain = URL.parse(configuration.websiteUrl)?.host ?? configuration.websiteUrl;

  useEffect(() => {
    if (phase !== 'waiting' || firstEventAt) return;
    const timer = window.setTimeout(() => setPhase('timed-out'), INSTALL_CHECK.forMs);
    return () => window.clearTimeout(timer);
  }, [phase, firstEventAt]);

  return (
    <div className="space-y-2 rounded-md border border-slate-700 p-3" data-testid="verify-installation">
      <Button
        variant="outline"
        disabled={phase === 'waiting' && !firstEventAt}
        onClick={() => setPhase('waiting')}
      >
        <Radar aria-hidden="true" />
        {phase === 'waiting' && !firstEventAt ? 'Waiting for a first event…' : 'Verify installation'}
      </Button>
      <p className="text-sm text-slate-400" role="status">
        {firstEventAt ? (
          <span className="flex items-center gap-2 text-emerald-300">
            <CheckCircle2 aria-hidden="true" className="size-4" />
            Installed: the first event from {domain} arrived at {new Date(firstEventAt).toLocaleString()}.
          </span>
        ) : check.isError ? (
          <span className="text-rose-300">
            {errorSentence(check.error, 'Could not check the installation')}
          </span>
        ) : phase === 'waiting' ? (
          `Open ${domain} in another tab and move the mouse or click: this checks for a minute.`
        ) : phase === 'timed-out' ? (
          `No event from ${domain} in 60 seconds. Check that the snippet is saved in theme.liquid before </head>, that the theme is published, and that no ad blocker stops tracker.js; then try again.`
        ) : (
          'After pasting the snippet, click to check that events arrive.'
        )}
      </p>
    </div>
  );
}
