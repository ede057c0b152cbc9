import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageTitle } from '@/components/ui/page-title';
import type { NewsletterSettings } from '@/types/generated/NewsletterSettings';

import { useNewsletterStocks, useNewsletterTemplates } from '../api/newsletter';
import { useGenerateNewsletter } from '../hooks/use-generate-newsletter';
import { DEFAULT_SETTINGS, type PromptChoice, promptFields, validateNewsletter } from '../utils/newsletter-form';
import { ResultPanel } from './result-panel';
import { SettingsPanel } from './settings-panel';
import { StockPicker } from './stock-picker';

/** /admin/newsletter: choose stocks, a template or a prompt, and settings; generate; copy. */
export function NewsletterPage() {
  const { data: stocks = [] } = useNewsletterStocks();
  const [selected, setSelected] = useState<string[]>([]);
  const [settings, setSettings] = useState<NewsletterSettings>(DEFAULT_SETTINGS);
  const [choice, setChoice] = useState<PromptChoice>({ templateId: null, customPrompt: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const { generate, result, progress, pending } = useGenerateNewsletter();

  const submit = () => {
    const invalid = validateNewsletter(selected, choice);
    setProblem(invalid);
    if (invalid) return;
    void generate({ stocks: selected, settings, ...promptFields(choice) });
  };

  return (
    <div className="space-y-5">
      <PageTitle title="Newsletter Generator" subtitle="Pick the stocks, tell Bubba what to write about, and he'll write it from the filings." />
      <div className="grid gap-5 lg:grid-cols-2">
        <StockPicker stocks={stocks} selected={selected} onChange={setSelected} />
        <div className="space-y-5">
          <SettingsPanel settings={settings} onChange={setSettings} />
          <PromptCard choice={choice} onChange={setChoice} />
        </div>
      </div>
      <Card className="space-y-3">
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={submit} disabled={pending}>
            {pending ? 'Generating...' : 'Generate Newsletter'}
          </Button>
          {problem ? (
            <p role="alert" className="text-sm text-red-700">
              {problem}
            </p>
          ) : null}
        </div>
        {progress ? <ProgressBar {...progress} /> : null}
      </Card>
      {result ? <ResultPanel result={result} /> : null}
    </div>
  );
}

function PromptCard({ choice, onChange }: { choice: PromptChoice; onChange: (choice: PromptChoice) => void }) {
  const { data: templates = [] } = useNewsletterTemplates();
  return (
    <Card className="space-y-3">
      <h2 className="text-lg font-semibold">What should Bubba write about?</h2>
      <div role="group" aria-label="Quick templates" className="flex flex-wrap gap-2">
        {templates.map((t) => (
          <Button
            key={t.id}
            variant={choice.templateId === t.id ? 'primary' : 'outline'}
            aria-pressed={choice.templateId === t.id}
            onClick={() => onChange({ templateId: t.id, customPrompt: '' })}
          >
            {t.title}
          </Button>
        ))}
      </div>
      <label className="block text-sm font-semibold text-stone-800">
        Or write your own prompt
        <textarea
          rows={3}
          value={choice.customPrompt}
          onChange={(e) => onChange({ templateId: null, customPrompt: e.target.value })}
          placeholder="e.g. How much debt are these companies carrying?"
          className="mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2 font-normal"
        />
      </label>
    </Card>
  );
}

function ProgressBar({ stage, percent, message }: { stage: string; percent: number; message: string }) {
  return (
    <div className="space-y-1 text-sm">
      <div role="progressbar" aria-label="Newsletter progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 w-full rounded bg-gray-200">
        <div className="h-2 rounded bg-green-600" style={{ width: `${percent}%` }} />
      </div>
      <p>
        {stage}
        {message ? `: ${message}` : ''}
      </p>
    </div>
  );
}
