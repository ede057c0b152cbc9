import { type KeyboardEvent, useId, useRef } from 'react';

type Tab<T extends string> = { value: T; label: string };

type TabListProps<T extends string> = {
  tabs: ReadonlyArray<Tab<T>>;
  value: T;
  onChange: (value: T) => void;
  label: string;
  /** Prefix for ids, so panels can point back with aria-labelledby. */
  idBase?: string;
  /** Many tabs (the 15 notes fields): wrap onto more rows instead of a strip cut off at the edge. */
  wrap?: boolean;
};

/** WAI-ARIA tabs: arrow keys move between tabs, only the selected one is in the tab order. */
export function TabList<T extends string>({ tabs, value, onChange, label, idBase, wrap = false }: TabListProps<T>) {
  const fallback = useId();
  const base = idBase ?? fallback;
  const refs = useRef<Array<HTMLButtonElement | null>>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    event.preventDefault();
    const next = (index + delta + tabs.length) % tabs.length;
    const tab = tabs[next];
    if (tab) {
      onChange(tab.value);
      refs.current[next]?.focus();
    }
  };

  return (
    <div
      role="tablist"
      aria-label={label}
      data-wrap={wrap || undefined}
      className={`flex gap-1 rounded-xl bg-amber-100 p-1 ${wrap ? 'flex-wrap' : 'overflow-x-auto'}`}
    >
      {tabs.map((tab, index) => {
        const selected = tab.value === value;
        return (
          <button
            key={tab.value}
            ref={(el) => {
              refs.current[index] = el;
            }}
            id={`${base}-tab-${tab.value}`}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={`${base}-panel-${tab.value}`}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.value)}
            onKeyDown={(e) => onKeyDown(e, index)}
            className={`${wrap ? 'flex-auto' : 'flex-1'} rounded-lg px-4 py-2 text-sm font-semibold whitespace-nowrap focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none ${selected ? 'bg-white text-amber-900 shadow' : 'text-stone-600 hover:text-amber-900'}`}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

export const tabPanelProps = (base: string, value: string) => ({
  role: 'tabpanel' as const,
  id: `${base}-panel-${value}`,
  'aria-labelledby': `${base}-tab-${value}`,
  tabIndex: 0,
});
