import { useSyncExternalStore } from 'react';

import { TOAST_DURATION_MS, TOAST_LIMIT } from '@/config/constants';

/**
 * Notification toasts (spec 000 sections 4 and 9): at most one visible; a toast
 * can be added, updated and dismissed; it hides after 5 s by default. The
 * spec's 1,000,000 ms "removal delay" only keeps dismissed toasts in memory
 * for exit animations; nothing here animates, so dismissed toasts go at once.
 */
export type ToastVariant = 'default' | 'destructive';
export type Toast = { id: number; title: string; description?: string; variant: ToastVariant; duration: number };
export type ToastInput = { title: string; description?: string; variant?: ToastVariant; duration?: number };

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit() {
  for (const listener of listeners) listener();
}

function schedule(toast: Toast) {
  clearTimeout(timers.get(toast.id));
  if (toast.duration > 0 && Number.isFinite(toast.duration)) {
    timers.set(toast.id, setTimeout(() => dismissToast(toast.id), toast.duration));
  }
}

/** Shows a toast; the newest replaces any visible one. Returns its id. */
export function toast(input: ToastInput): number {
  const item: Toast = { id: nextId++, variant: 'default', duration: TOAST_DURATION_MS, ...input };
  for (const old of toasts.slice(TOAST_LIMIT - 1)) clearTimeout(timers.get(old.id));
  toasts = [item, ...toasts].slice(0, TOAST_LIMIT);
  schedule(item);
  emit();
  return item.id;
}

export function updateToast(id: number, patch: Partial<ToastInput>) {
  toasts = toasts.map((t) => (t.id === id ? { ...t, ...patch } : t));
  const updated = toasts.find((t) => t.id === id);
  if (updated) schedule(updated);
  emit();
}

export function dismissToast(id?: number) {
  for (const t of toasts) if (id === undefined || t.id === id) clearTimeout(timers.get(t.id));
  toasts = id === undefined ? [] : toasts.filter((t) => t.id !== id);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): Toast[] {
  return useSyncExternalStore(subscribe, () => toasts, () => toasts);
}
