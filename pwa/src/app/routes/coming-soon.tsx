import { ComingSoon } from '../../components/ui/coming-soon';
import { SignedInPage } from '../layout/signed-in-page';

/** A signed-in route whose screen arrives with a later issue. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <SignedInPage title={title}>
      <ComingSoon />
    </SignedInPage>
  );
}
