import type { Opportunity } from '@shared/contracts/opportunities.ts';
import { Button } from '@web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog.tsx';
import { useToast } from '@web/components/ui/use-toast.ts';
import { errorSentence } from '@web/lib/api-error.ts';
import { type ReactNode, useState } from 'react';
import {
  type OpportunityAction,
  useOpportunityAction,
} from '../../../lib/opportunities/opportunity-queries.ts';

/** Days a Snooze hides an opportunity for. */
const SNOOZE_DAYS = 7;

/** The browser's day `days` from today as YYYY-MM-DD (the server checks it against the shop's). */
function dayFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export interface OpportunityControls {
  /** Asks for confirmation first; the toast after it offers Undo. */
  onImplement(id: string): void;
  onDismiss(id: string): void;
  onSnooze(id: string): void;
  /** The opportunity an action is running on. */
  pendingId: string | null;
  /** The Implement confirmation, rendered once by the page. */
  confirmation: ReactNode;
}

/**
 * The owner's controls of the opportunity list (issue #36): Implement after a confirmation,
 * Dismiss and Snooze (7 days) at once — each followed by a toast whose Undo restores the
 * opportunity to open.
 */
export function useOpportunityControls(list: readonly Opportunity[]): OpportunityControls {
  const { toast } = useToast();
  const action = useOpportunityAction();
  const [confirmId, setConfirmId] = useState<string | null>(null);
  const confirming = list.find((o) => o.id === confirmId) ?? null;

  const undo = (id: string) =>
    action.mutate(
      { id, action: 'restore' },
      {
        onSuccess: () => toast({ title: 'Undone', description: 'The opportunity is open again.' }),
        onError: (error) =>
          toast({
            title: 'Error',
            description: errorSentence(error, 'Failed to undo'),
            variant: 'destructive',
          }),
      },
    );
  const run = (
    id: string,
    kind: OpportunityAction,
    done: { title: string; description: string },
    until?: string,
  ) =>
    action.mutate(
      { id, action: kind, until },
      {
        onSuccess: () =>
          toast({
            title: done.title,
            description: (
              <span className="flex flex-wrap items-center gap-2">
                {done.description}
                <Button size="sm" variant="outline" data-testid="undo-opportunity" onClick={() => undo(id)}>
                  Undo
                </Button>
              </span>
            ),
            duration: 10_000,
          }),
        onError: (error) =>
          toast({
            title: 'Error',
            description: errorSentence(error, `Failed to ${kind} the opportunity`),
            variant: 'destructive',
          }),
      },
    );

  const confirmation = (
    <Dialog open={confirming !== null} onOpenChange={(open) => (open ? null : setConfirmId(null))}>
      <DialogContent data-testid="implement-confirmation">
        <DialogHeader>
          <DialogTitle>Implement this opportunity?</DialogTitle>
          <DialogDescription>
            {confirming?.title}. Upside records today's value of what it should move as the baseline and
            measures the change after each analysis. You can undo this.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => setConfirmId(null)}>
            Cancel
          </Button>
          <Button
            data-testid="confirm-implement"
            onClick={() => {
              if (confirming) {
                run(confirming.id, 'implement', {
                  title: 'Success',
                  description: 'Opportunity implementation has been initiated.',
                });
              }
              setConfirmId(null);
            }}
          >
            Implement
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );

  return {
    onImplement: setConfirmId,
    onDismiss: (id) =>
      run(id, 'dismiss', { title: 'Dismissed', description: 'Hidden until you restore it.' }),
    onSnooze: (id) => {
      const until = dayFromToday(SNOOZE_DAYS);
      run(id, 'dismiss', { title: 'Snoozed', description: `Hidden until ${until}.` }, until);
    },
    pendingId: action.isPending ? (action.variables?.id ?? null) : null,
    confirmation,
  };
}
