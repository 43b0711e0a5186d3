import { TOAST_DURATION_MS, TOAST_LIMIT } from '@shared/ui-constants.ts';
import type { ReactNode } from 'react';

/**
 * The single-toast store (spec §4 and §9): a module-level list that keeps at most TOAST_LIMIT (1) toasts, the
 * newest replacing the previous, each shown for TOAST_DURATION_MS unless it sets its own duration.
 * Components read it through `useToast()`; anything (including non-React code such as query callbacks) can
 * call `toast()`.
 */

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; defaults to 5000. */
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: string;
  /** False while the toast plays its exit after being dismissed or timing out. */
  open: boolean;
  variant: ToastVariant;
  duration: number;
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
}

/** Adds a toast in front and keeps only the newest `limit` (pure; exported for tests). */
export function addToastToList(
  list: readonly ToastItem[],
  item: ToastItem,
  limit = TOAST_LIMIT,
): ToastItem[] {
  return [item, ...list].slice(0, limit);
}

/** Time a dismissed toast stays mounted so its exit transition can run. */
const REMOVE_DELAY_MS = 300;

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();

function setToasts(next: ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getToasts(): ToastItem[] {
  return toasts;
}

/** Shows a toast, replacing the one on screen. Returns a handle to dismiss it early. */
export function toast(input: ToastInput): ToastHandle {
  counter += 1;
  const id = `toast-${counter}`;
  setToasts(
    addToastToList(toasts, {
      ...input,
      id,
      open: true,
      variant: input.variant ?? 'default',
      duration: input.duration ?? TOAST_DURATION_MS,
    }),
  );
  return { id, dismiss: () => dismissToast(id) };
}

/** Closes one toast (or all when no id is given); it is removed after its exit transition. */
export function dismissToast(id?: string): void {
  setToasts(toasts.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)));
  setTimeout(() => {
    setToasts(toasts.filter((item) => item.open || (id !== undefined && item.id !== id)));
  }, REMOVE_DELAY_MS);
}
