import { IonButton, IonInput, IonNote, IonSelect, IonSelectOption, IonSpinner } from '@ionic/react';
import { FILE_MESSAGES, FILE_OWNER_STUDENT, FileUploadFieldsSchema, type FileAccessSubject } from '@rollbook/shared-types/files';
import { useRef, useState, type FormEvent } from 'react';
import { useNotify } from '../../../components/ui/notify';
import { ApiError } from '../../../lib/api-client';
import { useUploadFile } from '../api/upload-file';

type Field = 'title' | 'fileType' | 'fileAccessSubject' | 'file';
type Errors = Partial<Record<Field, string>>;

const invalid = (error: string | undefined) => (error ? 'ion-invalid ion-touched' : undefined);

/** Upload one document: type, title, who it is shared with, and the file. */
export function UploadForm({ ownerType, ownerId }: { ownerType: number; ownerId: number }) {
  const [fileType, setFileType] = useState('Document');
  const [title, setTitle] = useState('');
  const [shared, setShared] = useState<FileAccessSubject>('Staff');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadFile();
  const notify = useNotify();
  const choices: FileAccessSubject[] = ownerType === FILE_OWNER_STUDENT ? ['Staff', 'Owner', 'Teachers', 'Everyone'] : ['Staff', 'Owner', 'Everyone'];
  const inputId = `upload-file-${ownerType}-${ownerId}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    const parsed = FileUploadFieldsSchema.safeParse({ entityTypeId: ownerType, entityId: ownerId, title, fileType, fileAccessSubject: shared });
    if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
    if (!file) found.file = FILE_MESSAGES.noFile;
    setErrors(found);
    if (!parsed.success || !file) return;
    upload.mutate(
      { entityTypeId: ownerType, entityId: ownerId, title: parsed.data.title, fileType: parsed.data.fileType, fileAccessSubject: shared, file },
      {
        onSuccess: () => {
          setTitle('');
          setFile(null);
          if (fileInput.current) fileInput.current.value = '';
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            const fromServer: Errors = {};
            for (const [field, messages] of Object.entries(error.fieldErrors)) fromServer[field as Field] = messages[0];
            setErrors(fromServer);
          }
          notify.error(error.message);
        },
      },
    );
  };

  return (
    <form className="upload-form" onSubmit={submit} noValidate aria-label="Upload a document">
      <IonInput
        label="Type"
        labelPlacement="stacked"
        fill="outline"
        value={fileType}
        errorText={errors.fileType}
        className={invalid(errors.fileType)}
        onIonInput={(event) => setFileType(event.detail.value ?? '')}
      />
      <IonInput
        label="Title"
        labelPlacement="stacked"
        fill="outline"
        value={title}
        errorText={errors.title}
        className={invalid(errors.title)}
        onIonInput={(event) => setTitle(event.detail.value ?? '')}
      />
      <IonSelect
        label="Shared with"
        labelPlacement="stacked"
        fill="outline"
        interface="popover"
        value={shared}
        onIonChange={(event) => setShared(event.detail.value as FileAccessSubject)}
      >
        {choices.map((choice) => (
          <IonSelectOption key={choice} value={choice}>
            {choice}
          </IonSelectOption>
        ))}
      </IonSelect>
      <div className="upload-form__file">
        <label htmlFor={inputId}>File</label>
        <input id={inputId} ref={fileInput} type="file" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
        {errors.file && <IonNote color="danger">{errors.file}</IonNote>}
      </div>
      <IonButton type="submit" disabled={upload.isPending}>
        {upload.isPending ? <IonSpinner name="dots" aria-label="Uploading" /> : 'UPLOAD'}
      </IonButton>
    </form>
  );
}
