import type { Page } from '@playwright/test';

/** A react-toastify toast carrying this text. */
export const toast = (page: Page, text: string | RegExp) => page.locator('.Toastify__toast').filter({ hasText: text });
