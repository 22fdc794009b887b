// Query and mutation keys of the Payments screen. Every key starts with 'reports': live notices
// (and raising or deleting here) refresh everything under that root, and the notices feature
// recognises this tab's own raise and delete by their ['reports', …] mutation keys.
export const settlementKeys = {
  all: ['reports'] as const,
  classesToProcess: (periodEndDate: string) => ['reports', 'classes-to-process', periodEndDate] as const,
  paymentYears: ['reports', 'payment-years'] as const,
  headersByYear: (year: number) => ['reports', 'payment-headers', 'year', year] as const,
  headersByMonth: (dateToShow: string) => ['reports', 'payment-headers', 'month', dateToShow] as const,
  raise: ['reports', 'raise'] as const,
  deletePayments: ['reports', 'delete-payments'] as const,
};

/** What raising or deleting a report changes: the money figures and the classes' statuses. */
export const SETTLEMENT_CHANGES = [['reports'], ['dashboard'], ['classes']] as const;
