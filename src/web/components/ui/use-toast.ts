import { useSyncExternalStore } from 'react';
import { dismissToast, getToasts, subscribeToToasts, type ToastItem, toast } from './toast-store.ts';

export { dismissToast, toast } from './toast-store.ts';

/**
 * `const { toast } = useToast(); toast({ title: 'Error', description: message, variant: 'destructive' })`.
 * One toast is visible at a time; a new one replaces the old.
 */
export function useToast(): {
  toasts: ToastItem[];
  toast: typeof toast;
  dismiss: typeof dismissToast;
} {
  const toasts = useSyncExternalStore(subscribeToToasts, getToasts, getToasts);
  return { toasts, toast, dismiss: dismissToast };
}
