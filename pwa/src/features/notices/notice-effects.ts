import type { Notice } from '@rollbook/shared-types/notices';
import type { QueryClient } from '@tanstack/react-query';

// What a notice changes on screen. Query keys are a convention shared by the money screens:
// settlement lists and reports live under 'reports', dashboard figures under 'dashboard', and the
// scheduling screens' class lists under 'classes' (raising or deleting a report changes statuses).
export const NOTICE_INVALIDATES = [['reports'], ['dashboard'], ['classes']] as const;

/** Raise and delete mutations of the money screens carry keys under this root (e.g. ['reports', 'raise']). */
export const MONEY_MUTATION_ROOT = ['reports'] as const;

export const NOTICE_MESSAGES: Record<Notice['type'], string> = {
  'settlement-raised': 'A settlement report has been raised',
  'settlement-deleted': 'A settlement report has been deleted',
};

export async function refreshAfterNotice(queryClient: QueryClient): Promise<void> {
  await Promise.all(NOTICE_INVALIDATES.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** The report a finished raise or delete mutation of this tab touched, if any. */
function touchedReportId(data: unknown): number | null {
  if (typeof data !== 'object' || data === null) return null;
  const record = data as { paymentHeaderId?: unknown; paymentHeader?: { paymentHeaderId?: unknown } | null };
  const id = record.paymentHeader?.paymentHeaderId ?? record.paymentHeaderId;
  return typeof id === 'number' ? id : null;
}

/**
 * True when this tab raised or deleted the report itself: its screen has already said so, so the
 * notice needs no toast. The server may send the notice before the call's answer arrives, so a
 * pending raise or delete is waited for (at most `waitMs`).
 */
export async function isOwnChange(queryClient: QueryClient, notice: Notice, waitMs = 10_000): Promise<boolean> {
  const pending = () => queryClient.isMutating({ mutationKey: [...MONEY_MUTATION_ROOT] }) > 0;
  if (pending()) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, waitMs);
      const unsubscribe = queryClient.getMutationCache().subscribe(() => {
        if (!pending()) done();
      });
      function done() {
        clearTimeout(timer);
        unsubscribe();
        resolve();
      }
    });
  }
  return queryClient
    .getMutationCache()
    .findAll({ mutationKey: [...MONEY_MUTATION_ROOT], status: 'success' })
    .some((mutation) => touchedReportId(mutation.state.data) === notice.paymentHeaderId);
}
