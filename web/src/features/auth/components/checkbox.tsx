import { type ReactNode, useId } from 'react';

type CheckboxProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  onBlur?: () => void;
  label: ReactNode;
  error?: string;
};

/** A labelled checkbox with its error message tied to it. */
export function Checkbox({ checked, onChange, onBlur, label, error }: CheckboxProps) {
  const id = useId();
  return (
    <div>
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-1 size-4 accent-amber-700"
        />
        <label htmlFor={id} className="text-sm text-stone-700">
          {label}
        </label>
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 ml-6 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
