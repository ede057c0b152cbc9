import { useHealth } from '../api/get-health';

/** A small line telling whether the API answers; useful to visitors and to the e2e test. */
export function ServiceStatus() {
  const { data, error, isLoading } = useHealth();

  let dot = 'bg-stone-400';
  let text = 'Service status: checking...';
  if (error || (data && data.status !== 'ok')) {
    dot = 'bg-red-600';
    text = "Service status: unavailable. The shop's lights are off right now; try again in a bit.";
  } else if (!isLoading && data) {
    dot = 'bg-green-600';
    text = 'Service status: OK';
  }

  return (
    <p role="status" data-testid="service-status" className="flex items-center gap-2 text-sm text-stone-600">
      <span aria-hidden="true" className={`size-2.5 rounded-full ${dot}`} />
      <span>{text}</span>
      {data?.version ? <span className="text-stone-400">(v{data.version})</span> : null}
    </p>
  );
}
