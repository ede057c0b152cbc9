import { useEffect, useRef } from 'react';

import { TOAST_SWIPE_THRESHOLD_PX } from '@/config/constants';
import { dismissToast, type Toast, useToasts } from '@/lib/toast';

/**
 * The notification region: F8 focuses it, a swipe right (50 px) or the close
 * button dismisses a toast. Polite live region so screen readers hear it.
 */
export function Toaster() {
  const toasts = useToasts();
  const regionRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <section aria-label="Notifications (F8)">
      <ol
        ref={regionRef}
        tabIndex={-1}
        aria-live="polite"
        className="fixed right-0 bottom-0 z-[60] flex w-full max-w-sm flex-col gap-2 p-4 outline-none"
      >
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} />
        ))}
      </ol>
    </section>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const startX = useRef<number | null>(null);
  const tone =
    toast.variant === 'destructive' ? 'border-red-300 bg-red-700 text-white' : 'border-amber-300 bg-white text-stone-900';
  return (
    <li
      role={toast.variant === 'destructive' ? 'alert' : 'status'}
      className={`flex items-start gap-3 rounded-xl border p-4 shadow-lg ${tone}`}
      onPointerDown={(e) => (startX.current = e.clientX)}
      onPointerUp={(e) => {
        if (startX.current !== null && e.clientX - startX.current >= TOAST_SWIPE_THRESHOLD_PX) dismissToast(toast.id);
        startX.current = null;
      }}
    >
      <div className="flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? <p className="mt-1 text-sm opacity-90">{toast.description}</p> : null}
      </div>
      <button
        type="button"
        onClick={() => dismissToast(toast.id)}
        aria-label="Close notification"
        className="rounded px-1 text-lg leading-none opacity-70 hover:opacity-100"
      >
        ×
      </button>
    </li>
  );
}
