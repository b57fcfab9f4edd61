// A robot's status as browsers are told it (the live event `device.status`, ./bus.ts): written here, below the
// features, because the gateway (beats, the offline sweep) and the commands (a lock obeyed) both announce it.

/** What a browser needs to show a robot's status change. */
export const STATUS_COLUMNS = [
  '_id',
  'device_id',
  'name',
  'integrator',
  'dealer',
  'online',
  'state',
  'work_status',
  'last_heartbeat',
] as const;

export function statusEvent(row: Record<string, unknown>) {
  const data = Object.fromEntries(STATUS_COLUMNS.map((c) => [c, row[c]]));
  return {
    type: 'device.status' as const,
    integrator: (row.integrator as string) ?? null,
    dealer: (row.dealer as string) ?? null,
    data,
  };
}
