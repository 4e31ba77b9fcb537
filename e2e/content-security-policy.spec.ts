import { expect, test } from './support/fixtures';
import { settled } from './support/settled';

// Every screen must work under the server's own Content-Security-Policy: a blocked stylesheet or
// script would show as a `securitypolicyviolation` event, not as a failed assertion elsewhere.
test('the app runs under its Content-Security-Policy without a single violation', async ({ page, signInAsGuest }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`),
    );
  });
  const login = await page.goto('/');
  expect(login?.headers()['content-security-policy']).toContain("script-src 'self'");
  await signInAsGuest();
  for (const path of ['/landing', '/explore', '/bookmark', '/likepage', '/profilepage/guest', '/test']) {
    await page.goto(path);
    await settled(page);
    const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
    expect(violations, path).toEqual([]);
  }
});
