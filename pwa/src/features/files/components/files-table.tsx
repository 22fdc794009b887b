import { IonButton, IonIcon } from '@ionic/react';
import { formatMegabytes, type FileItem, type FileSortKey } from '@rollbook/shared-types/files';
import type { SortDirection } from '@rollbook/shared-types/list-page';
import { downloadOutline } from 'ionicons/icons';
import { SortHeader } from '../../../components/ui/sort-header';
import { FILE_COLUMNS } from './file-list-order';

interface FilesTableProps {
  files: FileItem[];
  onDownload: (item: FileItem) => void;
  /** The order the rows are in, and a column header's click (sorted by the server, across pages). */
  order: { sort: FileSortKey; dir: SortDirection };
  onSort: (key: FileSortKey) => void;
  busy: boolean;
}

/** Documents with type, title, size, shared with, times accessed and upload date, each downloadable. */
export function FilesTable({ files, onDownload, order, onSort, busy }: FilesTableProps) {
  return (
    <table className="files-table" aria-busy={busy}>
      <thead>
        <tr>
          {FILE_COLUMNS.map((column) => (
            <SortHeader key={column.sortKey} label={column.label} sortKey={column.sortKey} order={order} onSort={onSort} />
          ))}
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
