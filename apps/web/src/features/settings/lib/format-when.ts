const format = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A date and time in the reader's locale ("Nov 24, 2026, 7:05 AM"). */
export const formatWhen = (iso: string) => format.format(new Date(iso));
