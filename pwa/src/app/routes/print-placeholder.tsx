import { ComingSoon } from '../../components/ui/coming-soon';
import { PrintPage } from '../layout/print-page';

/** A printable report whose content arrives with a later issue (no auto-print until then). */
export function PrintPlaceholderPage({ title }: { title: string }) {
  return (
    <PrintPage title={title}>
      <ComingSoon />
    </PrintPage>
  );
}
