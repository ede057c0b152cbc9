import { Card } from '@/components/ui/card';
import type { NewsletterSettings } from '@/types/generated/NewsletterSettings';

import { ATTITUDES, FORMATS, LENGTHS, READER_LEVELS } from '../utils/newsletter-form';

type Option<T extends string> = { readonly value: T; readonly label: string };

function Select<T extends string>(props: {
  label: string;
  value: T;
  options: readonly Option<T>[];
  onChange: (value: T) => void;
}) {
  return (
    <label className="block text-sm font-semibold text-stone-800">
      {props.label}
      <select
        className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 font-normal"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value as T)}
      >
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

type SettingsPanelProps = { settings: NewsletterSettings; onChange: (settings: NewsletterSettings) => void };

/** Length, reader level, attitude, format and charts (spec 001 section 3; defaults per section 9). */
export function SettingsPanel({ settings, onChange }: SettingsPanelProps) {
  const set = <K extends keyof NewsletterSettings>(key: K, value: NewsletterSettings[K]) => onChange({ ...settings, [key]: value });
  return (
    <Card className="space-y-3">
      <h2 className="text-lg font-semibold">Settings</h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <Select label="Length" value={settings.length} options={LENGTHS} onChange={(v) => set('length', v)} />
        <Select label="Reader level" value={settings.readerLevel} options={READER_LEVELS} onChange={(v) => set('readerLevel', v)} />
        <Select
          label="Analyst attitude"
          value={settings.analystAttitude}
          options={ATTITUDES}
          onChange={(v) => set('analystAttitude', v)}
        />
        <Select label="Format" value={settings.format} options={FORMATS} onChange={(v) => set('format', v)} />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={settings.includeCharts} onChange={(e) => set('includeCharts', e.target.checked)} />
        Include charts
      </label>
    </Card>
  );
}
