/** A wait in the unit a person reads: '40 minutes', '3 hours'. */
export function waitText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  return `${Math.ceil(minutes / 60)} hours`;
}
