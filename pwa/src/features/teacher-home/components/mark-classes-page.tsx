import { MobilePage } from '../../../components/mobile/mobile-page';

/** /teachers/MarkClassesMobile: a placeholder page (spec §2.1: placeholder text only). */
export function MarkClassesPage() {
  return (
    <MobilePage title="Mark classes" role="Teacher">
      <p className="empty-state">To mark a class, open Classes and tap its status.</p>
    </MobilePage>
  );
}
