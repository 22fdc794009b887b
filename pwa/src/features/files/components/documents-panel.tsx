import { IonSpinner } from '@ionic/react';
import { ListPageNav } from '../../../components/ui/list-page-nav';
import { useNotify } from '../../../components/ui/notify';
import { useLastPageWhenPastTheEnd, usePanelList } from '../../../lib/use-panel-list';
import { useDownloadFile } from '../api/download-file';
import { useFilePage } from '../api/get-files';
import { FILE_LIST } from './file-list-order';
import { FilesTable } from './files-table';
import { UploadForm } from './upload-form';
import './files.css';

/** Documents tab of a student (ownerType 1) or teacher (2): upload, and one page of the list at a time, sortable, each downloadable. */
export function DocumentsPanel({ ownerType, ownerId }: { ownerType: number; ownerId: number }) {
  const list = usePanelList(`${ownerType}:${ownerId}`, FILE_LIST);
  const files = useFilePage(ownerType, ownerId, list.query);
  const data = files.data;
  useLastPageWhenPastTheEnd(list, data, files.isPlaceholderData);
  const download = useDownloadFile();
  const notify = useNotify();
  return (
    <section className="documents-panel" aria-label="Documents">
      <UploadForm ownerType={ownerType} ownerId={ownerId} />
      {files.isPending && <IonSpinner aria-label="Loading documents" />}
      {files.isError && <p role="alert">{files.error.message}</p>}
      {data && data.total === 0 && <p className="files-empty">No files currently</p>}
      {data && data.files.length > 0 && (
        <FilesTable
          files={data.files}
          onDownload={(item) => download.mutate(item, { onError: (error) => notify.error(error.message) })}
          order={list.order}
          onSort={list.sortBy}
          busy={files.isPlaceholderData}
        />
      )}
      {data && data.total > 0 && (
        <ListPageNav
          noun="documents"
          page={list.state.page}
          pageSize={list.state.pageSize}
          total={data.total}
          pageSizes={FILE_LIST.pageSizes}
          onPage={list.setPage}
          onPageSize={list.setPageSize}
        />
      )}
    </section>
  );
}
