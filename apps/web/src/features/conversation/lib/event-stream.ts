/** One Server-Sent Event, as parsed from the text of a stream. */
export interface StreamEvent {
  id: string | undefined;
  event: string;
  data: string;
}

/**
 * Splits received SSE text into complete events (blank-line separated) and the unfinished rest.
 * Comment lines (`: heartbeat`) and `retry:` are skipped.
 */
export function parseEvents(buffer: string): { events: StreamEvent[]; rest: string } {
  const blocks = buffer.split(/\r?\n\r?\n/);
  const rest = blocks.pop() ?? '';
  const events: StreamEvent[] = [];
  for (const block of blocks) {
    let id: string | undefined;
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') id = value;
      else if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0) events.push({ id, event, data: data.join('\n') });
  }
  return { events, rest };
}
