const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * When an Activity entry was mined, whole: day, month, year and time in the visitor's locale
 * ("Nov 10, 2026, 12:00 PM"), on a line of its own so it is never cut.
 */
export function activityDate(minedAt: string, locale?: string, timeZone?: string): string {
  const key = `${locale ?? ''}|${timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) })));
  return format.format(new Date(minedAt));
}
