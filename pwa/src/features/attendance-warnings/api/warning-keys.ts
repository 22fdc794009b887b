// Under the dashboard's root: live notices refresh the dashboard, and a threshold change refreshes
// the tile, the list and the threshold (lookups/get-attendance-rates.ts) at once.
export const warningKeys = {
  all: ['dashboard'] as const,
  list: <Q extends object>(query: Q) => ['dashboard', 'attendance-warnings', query] as const,
};
