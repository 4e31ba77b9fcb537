import { formatExactDate, formatPostDate } from '../../lib/dates';

/**
 * When something happened, as a post card says it ("5 min", "Nov 23"), with the exact day and time on
 * hover and in `dateTime` (issue 47, one time format): comments and notifications as well as posts.
 */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  return (
    <time className={className} dateTime={iso} title={formatExactDate(iso)}>
      {formatPostDate(iso)}
    </time>
  );
}
