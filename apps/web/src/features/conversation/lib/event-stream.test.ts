import { describe, expect, it } from 'vitest';
import { parseEvents } from './event-stream';

describe('parseEvents', () => {
  it('parses complete events, skips comments and keeps the unfinished rest', () => {
    const { events, rest } = parseEvents(
      'retry: 3000\n: connected\n\nid: 1\nevent: notification\ndata: {"a":1}\n\n: heartbeat\n\nid: 2\nevent: notif',
    );
    expect(events).toEqual([{ id: '1', event: 'notification', data: '{"a":1}' }]);
    expect(rest).toBe('id: 2\nevent: notif');
  });
});
