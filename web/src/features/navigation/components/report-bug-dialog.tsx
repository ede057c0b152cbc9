import { useEffect, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { useFocusTrap } from '@/hooks/use-focus-trap';

import { reportBug } from '../api/report-bug';

type ReportBugDialogProps = {
  onClose: () => void;
  /** The report went through: the dialog and what opened it (the drawer) close. */
  onSubmitted: () => void;
};

export const BUG_REPORT_SENT = 'Bug report submitted successfully!';
export const BUG_REPORT_FAILED = 'Failed to submit bug report';

/** An alert once the closed dialog and drawer are painted away, so nothing stale sits behind it. */
function alertAfterPaint(message: string) {
  requestAnimationFrame(() => setTimeout(() => window.alert(message), 0));
}

/**
 * Report Bug (spec 000 "Report-bug dialog"): email, subject and description
 * are required; the button reads 'Submitting...' while sending. On success the
 * dialog and the drawer close and the spec's alert says so; on failure the alert
 * says so and the dialog stays, with what was typed, to try again.
 */
export function ReportBugDialog({ onClose, onSubmitted }: ReportBugDialogProps) {
  const [email, setEmail] = useState('');
  const [subject, setSubject] = useState('');
  const [description, setDescription] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const firstField = useRef<HTMLDivElement>(null);
  const trap = useFocusTrap<HTMLDivElement>();

  useEffect(() => {
    firstField.current?.querySelector('input')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onClose();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [onClose]);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    try {
      await reportBug({ email: email.trim(), subject: subject.trim(), description: description.trim() });
      setSubmitting(false);
      onSubmitted();
      alertAfterPaint(BUG_REPORT_SENT);
    } catch {
      setSubmitting(false);
      window.alert(BUG_REPORT_FAILED);
    }
  };

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <button type="button" aria-label="Close bug report" tabIndex={-1} className="absolute inset-0 bg-stone-900/50" onClick={onClose} />
      <div
        ref={trap}
        role="dialog"
        aria-modal="true"
        aria-labelledby="report-bug-title"
        className="relative w-full max-w-md rounded-2xl bg-white p-6 shadow-2xl"
      >
        <h2 id="report-bug-title" className="font-serif text-2xl font-bold text-amber-900">
          Report a Bug
        </h2>
        <p className="mt-1 text-sm text-stone-600">Something squeaking? Tell me where and I'll oil it.</p>
        <form onSubmit={onSubmit} className="mt-4 space-y-3">
          <div ref={firstField}>
            <Field label="Email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" />
          </div>
          <Field label="Subject" required value={subject} onChange={(e) => setSubject(e.target.value)} />
          <div>
            <label htmlFor="bug-description" className="mb-1 block text-sm font-semibold text-stone-800">
              Description
            </label>
            <textarea
              id="bug-description"
              required
              rows={4}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              className="w-full rounded-lg border border-stone-300 px-3 py-2 focus:ring-2 focus:ring-amber-500 focus:outline-none"
            />
          </div>
          <div className="flex justify-end gap-2 pt-2">
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={submitting}>
              {submitting ? 'Submitting...' : 'Submit Report'}
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}
