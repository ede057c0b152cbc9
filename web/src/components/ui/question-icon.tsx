/**
 * Line icons for the 12 questions (and the notes), drawn as inline SVG so they
 * look the same everywhere (emoji depend on the visitor's fonts).
 */
const PATHS: Record<number | 'notes', string> = {
  1: 'M3 17l6-6 4 4 8-8M14 7h7v7',
  2: 'M12 3v18M7 21h10M4 7h16M5 7l-3 6h6zM19 7l-3 6h6z',
  3: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM15 9.5c0-1.4-1.3-2.5-3-2.5s-3 1-3 2.3c0 3 6 1.7 6 4.7 0 1.3-1.3 2.5-3 2.5s-3-1.1-3-2.5M12 5.5v13',
  4: 'M6 3a3 3 0 1 0 0 6 3 3 0 0 0 0-6zM6 15a3 3 0 1 0 0 6 3 3 0 0 0 0-6zM8.1 8.1L20 20M8.1 15.9L20 4',
  5: 'M4 6h16a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2zM12 9.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5zM6 12h.01M18 12h.01',
  6: 'M3 21h18M4 10h16M12 3l9 5H3zM6 10v8M10 10v8M14 10v8M18 10v8',
  7: 'M5 3h14v14H5zM8 7h8M8 11h5M14 17l-1 4 2.5-1.5L18 21l-1-4',
  8: 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zM12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z',
  9: 'M20.6 13.4l-7.2 7.2a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8zM7.5 6a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3z',
  10: 'M21 12A9 9 0 1 1 12 3v9zM15 3.5A9 9 0 0 1 20.5 9H15z',
  11: 'M9 4a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM2 21v-1a6 6 0 0 1 12 0v1M16 4.1a4 4 0 0 1 0 7.8M22 21v-1a6 6 0 0 0-4-5.6',
  12: 'M3 7l6 6 4-4 8 8M21 10v7h-7',
  notes: 'M6 3h10l4 4v14H6zM15 3v5h5M9 12h8M9 16h6',
};

type QuestionIconProps = { number: number | 'notes'; className?: string };

export function QuestionIcon({ number, className = 'size-6' }: QuestionIconProps) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" className={className}>
      <path d={PATHS[number] ?? PATHS[1]} />
    </svg>
  );
}
