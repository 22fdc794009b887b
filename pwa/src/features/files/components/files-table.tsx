import { IonButton, IonIcon } from '@ionic/react';
import { formatMegabytes, type FileItem } from '@rollbook/shared-types/files';
import { downloadOutline } from 'ionicons/icons';

/** Documents with type, title, size, shared with, times accessed and upload date, each downloadable. */
export function FilesTable({ files, onDownload }: { files: FileItem[]; onDownload: (item: FileItem) => void }) {
  return (
    <table className="files-table">
      <thead>
        <tr>
          <th scope="col">Type</th>
          <th scope="col">Title</th>
          <th scope="col">Size</th>
          <th scope="col">Shared with</th>
          <th scope="col">Times accessed</th>
          <th scope="col">Upload date</th>
          <th scope="col">
            <span className="visually-hidden">Download</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {files.map((item) => (
          <tr key={item.fileId}>
            <td>{item.fileType}</td>
            <td>{item.title}</td>
            <td>{formatMegabytes(item.size)}</td>
            <td>{item.fileAccessSubject}</td>
            <td>{item.timesAccessed}</td>
            <td>{item.uploadedDateString}</td>
            <td>
              <IonButton fill="clear" aria-label={`Download ${item.title}`} title="Download" onClick={() => onDownload(item)}>
                <IonIcon slot="icon-only" icon={downloadOutline} aria-hidden="true" />
              </IonButton>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
