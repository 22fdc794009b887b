import { IonSpinner } from '@ionic/react';
import { useNotify } from '../../../components/ui/notify';
import { useDownloadFile } from '../api/download-file';
import { useFiles } from '../api/get-files';
import { FilesTable } from './files-table';
import { UploadForm } from './upload-form';
import './files.css';

/** Documents tab of a student (ownerType 1) or teacher (2): upload, list and download. */
export function DocumentsPanel({ ownerType, ownerId }: { ownerType: number; ownerId: number }) {
  const files = useFiles(ownerType, ownerId);
  const download = useDownloadFile();
  const notify = useNotify();
  return (
    <section className="documents-panel" aria-label="Documents">
      <UploadForm ownerType={ownerType} ownerId={ownerId} />
      {files.isPending && <IonSpinner aria-label="Loading documents" />}
      {files.isError && <p role="alert">{files.error.message}</p>}
      {files.data && files.data.length === 0 && <p className="files-empty">No files currently</p>}
      {files.data && files.data.length > 0 && (
        <FilesTable files={files.data} onDownload={(item) => download.mutate(item, { onError: (error) => notify.error(error.message) })} />
      )}
    </section>
  );
}
