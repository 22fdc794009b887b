import { IonButton, IonInput } from '@ionic/react';
import { parseDmy } from '@rollbook/shared-types/dates';
import { useSubjects } from '../../../lookups/get-subjects';
import { DmyDateField } from '../../../components/form-fields/dmy-date-field';
import { SelectField } from '../../../components/form-fields/select-field';
import { useDebouncedDraft } from '../../../lib/use-debounced-draft';
import { COURSE_STATUS_OPTIONS, REMAINING_OPTIONS, type CourseFilter } from './course-filter';

interface CourseFiltersProps {
  filter: CourseFilter;
  /** `typing`: from a text box, committed once typing pauses. */
  onChange: (filter: CourseFilter, how?: { typing: boolean }) => void;
  onReset: () => void;
}

/** A date counts once it is a real d/m/yyyy date (or cleared); until then the field says what is wrong. */
const dateValue = (text: string) => (text.trim() === '' ? '' : parseDmy(text) ? text.trim() : null);

/** Title (the list's free-text search), subject, status, dates and classes remaining (spec §2.2). */
export function CourseFilters({ filter, onChange, onReset }: CourseFiltersProps) {
  const subjects = useSubjects();
  const set = (patch: Partial<CourseFilter>, typing = false) => onChange({ ...filter, ...patch }, { typing });
  const [title, setTitle] = useDebouncedDraft(filter.title, (value) => set({ title: value }, true));
  const [startDate, setStartDate] = useDebouncedDraft(filter.startDate, (value) => set({ startDate: value }, true), dateValue);
  const [endDate, setEndDate] = useDebouncedDraft(filter.endDate, (value) => set({ endDate: value }, true), dateValue);
  return (
    <div className="sched-filters" role="search" aria-label="Filter courses">
      <IonInput
        label="Title"
        labelPlacement="stacked"
        fill="outline"
        type="search"
        placeholder="Search titles"
        value={title}
        onIonInput={(event) => setTitle(event.detail.value ?? '')}
      />
      <SelectField
        label="Subject"
        value={filter.subjectId}
        options={[{ value: 0, label: 'All' }, ...(subjects.data ?? []).map((s) => ({ value: s.subjectId, label: s.name }))]}
        onChange={(v) => set({ subjectId: Number(v) })}
      />
      <SelectField label="Status" value={filter.statusId} options={COURSE_STATUS_OPTIONS} onChange={(v) => set({ statusId: Number(v) })} />
      <DmyDateField label="Start date" value={startDate} onChange={setStartDate} />
      <DmyDateField label="End date" value={endDate} onChange={setEndDate} />
      <SelectField label="Classes remaining" value={filter.classesRemaining} options={REMAINING_OPTIONS} onChange={(v) => set({ classesRemaining: Number(v) })} />
      <IonButton fill="outline" onClick={onReset}>RESET</IonButton>
    </div>
  );
}
