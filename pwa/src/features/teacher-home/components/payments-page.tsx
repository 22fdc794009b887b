import { MobilePage } from '../../mobile-ui/components/mobile-page';

/**
 * /teachers/PaymentsMobile. The settlement reports themselves come with the money feature, which
 * replaces this content; until then the page shows the spec's empty text.
 */
export function PaymentsPage() {
  return (
    <MobilePage title="Payments" role="Teacher">
      <p className="empty-state">No settlement reports currently</p>
    </MobilePage>
  );
}
