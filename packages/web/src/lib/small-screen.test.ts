import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useWindowHeight } from './small-screen';

const initial = window.innerHeight;
const setHeight = (px: number) =>
  Object.defineProperty(window, 'innerHeight', { value: px, configurable: true });

afterEach(() => setHeight(initial));

describe('useWindowHeight', () => {
  it('reads the window height, follows resizes, and reads afresh once nobody is following', () => {
    setHeight(700);
    const first = renderHook(() => useWindowHeight());
    expect(first.result.current).toBe(700);

    act(() => {
      setHeight(820);
      window.dispatchEvent(new Event('resize'));
    });
    expect(first.result.current).toBe(820);

    first.unmount();
    // changed while no page followed it (no resize seen here): the next page still gets it right
    setHeight(600);
    expect(renderHook(() => useWindowHeight()).result.current).toBe(600);
  });
});
