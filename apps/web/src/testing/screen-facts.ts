import { waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';

/**
 * What a person (or their screen reader) is told, read from the DOM as the browser journeys read it
 * with Playwright's toHaveAccessibleDescription and toast locators.
 */

/** The element's accessible description: the text of what its aria-describedby names. */
export function accessibleDescription(element: Element): string {
  const ids = element.getAttribute('aria-describedby')?.split(/\s+/).filter(Boolean) ?? [];
  return ids
    .map((id) => element.ownerDocument.getElementById(id)?.textContent ?? '')
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The texts of the toasts on screen. A toast that is leaving is marked `data-in="false"` by
 * react-toastify and taken away when its exit animation ends, which never happens in jsdom (it runs
 * no CSS): such a toast is not counted.
 */
export function shownToasts(): string[] {
  return [...document.querySelectorAll('.Toastify__toast[data-in="true"]')].map((toast) => toast.textContent ?? '');
}

/** Waits until a toast on screen carries `text`. */
export async function waitForToast(text: string) {
  await waitFor(() => expect(shownToasts().filter((shown) => shown.includes(text))).not.toEqual([]));
}

/**
 * jsdom lays nothing out and has no ResizeObserver: a stand-in that never reports a size, for the
 * screens whose virtual post list measures its cards. Undone after the test (setup.ts).
 */
export function stubResizeObserver() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
