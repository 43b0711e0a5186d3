import { Spinner } from '@web/components/ui/spinner.tsx';

/** Shown while the run's holdout and calibration checks are computed (a few seconds, once per run). */
export function ChecksPending() {
  return (
    <div className="py-4" data-testid="checks-pending">
      <Spinner showLabel label="Checking the models against held-out data…" />
    </div>
  );
}
