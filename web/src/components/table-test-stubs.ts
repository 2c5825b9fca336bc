/**
 * What antd's table needs from the browser and jsdom lacks, for the table unit tests: ResizeObserver (the
 * table measures itself) and getComputedStyle with a pseudo-element (asked when measuring the scroll bar,
 * answered for the element). Call from a test file's top level.
 */
import { afterAll, beforeAll } from 'vitest';

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

export function stubTableMeasuring(): void {
  const originalGetComputedStyle = window.getComputedStyle;
  beforeAll(() => {
    globalThis.ResizeObserver ??= ResizeObserverStub;
    window.getComputedStyle = (element) => originalGetComputedStyle(element);
  });
  afterAll(() => {
    window.getComputedStyle = originalGetComputedStyle;
  });
}
