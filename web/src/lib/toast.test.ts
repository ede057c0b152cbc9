import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { dismissToast, toast, updateToast, useToasts } from './toast';

afterEach(() => {
  dismissToast();
  vi.useRealTimers();
});

describe('toasts', () => {
  it('shows one at a time, the newest first', () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      toast({ title: 'first' });
      toast({ title: 'second' });
    });
    expect(result.current.map((t) => t.title)).toEqual(['second']);
  });

  it('hides after 5 s and can be updated or dismissed', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToasts());
    let id = 0;
    act(() => {
      id = toast({ title: 'Saved' });
      updateToast(id, { description: 'All good' });
    });
    expect(result.current[0]?.description).toBe('All good');
    act(() => vi.advanceTimersByTime(4999));
    expect(result.current).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toHaveLength(0);

    act(() => {
      id = toast({ title: 'Again' });
      dismissToast(id);
    });
    expect(result.current).toHaveLength(0);
  });
});
