import { Button } from '@web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { errorSentence } from '@web/lib/api-error.ts';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'wouter';
import { useAddStore } from '../api/use-add-store.ts';

/**
 * "Add store" (issue #17, owners and admins): names a new, empty store of the active workspace,
 * switches to it and opens its dashboard, whose empty state says how to connect Shopify.
 */
export function AddStoreDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [name, setName] = useState('');
  const add = useAddStore();
  const [, navigate] = useLocation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(name, {
      onSuccess: () => {
        setName('');
        onOpenChange(false);
        navigate('/dashboard');
      },
    });
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="add-store-dialog">
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Add store</DialogTitle>
            <DialogDescription>
              A new store in this workspace, with its own Shopify, Google Analytics and Meta connections. You
              connect Shopify next.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="new-store-name">Store name</Label>
            <Input
              id="new-store-name"
              value={name}
              maxLength={100}
              onChange={(event) => setName(event.target.value)}
              placeholder="e.g. EU storefront"
              autoFocus
            />
          </div>
          {add.error ? (
            <p role="alert" className="text-sm text-red-300">
              {errorSentence(add.error, 'Could not add the store.')}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="submit" disabled={add.isPending || name.trim() === ''}>
              {add.isPending ? 'Adding…' : 'Add store'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
