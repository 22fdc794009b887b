import { NOTE_TYPE_GENERAL } from '@rollbook/shared-types/notes';
import { SignedInPage } from '../../../app/layout/signed-in-page';
import { NotesPanel } from './notes-panel';

/** /notes: the school's general notes, i.e. the notes component for entity id 1 of type 3. */
export function NotesPage() {
  return (
    <SignedInPage title="Notes">
      <NotesPanel entityTypeId={NOTE_TYPE_GENERAL} entityId={1} />
    </SignedInPage>
  );
}
