/** Whether the visitor's connection asks us not to fetch ahead (slow-2g or data saving on). */
export function prefetchAllowed(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  if (!connection) return true;
  return !connection.saveData && connection.effectiveType !== 'slow-2g';
}
