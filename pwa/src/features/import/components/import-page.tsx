import { IonButton, IonLabel, IonSegment, IonSegmentButton } from '@ionic/react';
import { IMPORT_KINDS, IMPORT_MAX_BYTES, IMPORT_MESSAGES, type ImportKind, type ImportPreview, type ImportResult } from '@rollbook/shared-types/import';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { SignedInPage } from '../../../app/layout/signed-in-page';
import { useNotify } from '../../../components/ui/notify';
import { ApiError } from '../../../lib/api-client';
import { usePreviewImport } from '../api/preview-import';
import { useRunImport } from '../api/run-import';
import { KIND_NAMES, previewAdvice, previewSummary, resultSummary } from '../import-texts';
import { ColumnGuide } from './column-guide';
import { FileStep } from './file-step';
import { PreviewTable } from './preview-table';
import '../../../components/ui/person-record.css';
import '../import.css';

const isKind = (value: string | undefined): value is ImportKind => (IMPORT_KINDS as readonly string[]).includes(value ?? '');

/** /import/students, /import/teachers, /import/courses: choose a CSV file, preview its rows, import it. */
export function ImportPage() {
  const { kind } = useParams();
  if (!isKind(kind)) return <Navigate to="/import/students" replace />;
  return <ImportKindPage key={kind} kind={kind} />;
}

function ImportKindPage({ kind }: { kind: ImportKind }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const previewing = usePreviewImport();
  const importing = useRunImport();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<{ data: ImportPreview; seq: number } | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const names = KIND_NAMES[kind];

  const choose = async (chosen: File | null) => {
    setPreview(null);
    setResult(null);
    setError(chosen && chosen.size > IMPORT_MAX_BYTES ? IMPORT_MESSAGES.tooLarge : null);
    // A copy of the bytes: what is imported is exactly what was previewed, even if the file changes on disk.
    setFile(chosen && chosen.size <= IMPORT_MAX_BYTES ? new File([await chosen.arrayBuffer()], chosen.name, { type: 'text/csv' }) : null);
  };

  const runPreview = (chosen: File) =>
    previewing.mutate({ kind, file: chosen }, {
      onSuccess: (data) => { setError(null); setPreview((p) => ({ data, seq: (p?.seq ?? 0) + 1 })); },
      onError: (e) => { setPreview(null); setError(e.message); },
    });

  const runImport = (chosen: File) =>
    importing.mutate({ kind, file: chosen }, {
      onSuccess: (done) => { setResult(done); setPreview(null); setFile(null); notify.success('Import finished'); },
      onError: (e) => {
        setError(e.message);
        // The school's data changed since the preview: show the rows as they now stand.
        if (e instanceof ApiError && e.code === 'IMPORT_HAS_PROBLEMS') runPreview(chosen);
      },
    });

  return (
    <SignedInPage title={`Import ${names.plural}`}>
      <section className="people-list import-page">
        <IonSegment value={kind} onIonChange={(event) => navigate(`/import/${String(event.detail.value)}`)} aria-label="What to import">
          {IMPORT_KINDS.map((k) => (
            <IonSegmentButton key={k} value={k}>
              <IonLabel>{KIND_NAMES[k].title}</IonLabel>
            </IonSegmentButton>
          ))}
        </IonSegment>
        <FileStep kind={kind} file={file} previewing={previewing.isPending} onFile={(f) => void choose(f)} onPreview={() => file && runPreview(file)} />
        {error && <p className="import-page__error" role="alert">{error}</p>}
        {result && (
          <div className="import-page__result" role="status">
            <p>{resultSummary(result)}</p>
            <IonButton routerLink={names.list}>GO TO {names.title.toUpperCase()}</IonButton>
          </div>
        )}
        {preview && (
          <>
            <div className="import-page__summary" role="status">
              <p>{previewSummary(preview.data.totals)}</p>
              <p>{previewAdvice(preview.data.totals)}</p>
              <IonButton disabled={preview.data.totals.rowsWithProblems > 0 || importing.isPending || !file} onClick={() => file && runImport(file)}>
                IMPORT
              </IonButton>
            </div>
            <PreviewTable key={preview.seq} preview={preview.data} />
          </>
        )}
        <ColumnGuide kind={kind} />
      </section>
    </SignedInPage>
  );
}
