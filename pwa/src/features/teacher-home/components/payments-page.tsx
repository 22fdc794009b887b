import type { ReactNode } from 'react';
import { useOnline } from '../../../offline/hooks/use-sync-state';
import { MobilePage } from '../../../components/mobile/mobile-page';

/**
 * /teachers/PaymentsMobile: the money feature's content (the teacher's settlement reports and
 * classes to process), which reads the server; with no signal the page says so.
 */
export function PaymentsPage({ content }: { content: ReactNode | null }) {
  const online = useOnline();
  return (
    <MobilePage title="Payments" role="Teacher">
      {!content && <p className="empty-state">No settlement reports currently</p>}
      {content && !online && <p className="empty-state">Your payments show when you are online.</p>}
      {content && online && content}
    </MobilePage>
  );
}
