/**
 * Whether `held` comes true within `ms` (asked every 20 ms): for what one server hears of another's
 * change a moment later, such as PostgreSQL's notices of identity changes (decision 055).
 */
export async function eventually(held: () => boolean | Promise<boolean>, ms = 2_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await held()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return held();
}
