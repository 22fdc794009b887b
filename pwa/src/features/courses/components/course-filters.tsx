import { IonButton, IonInput } from '@ionic/react';
import { useSubjects } from '../../scheduling-lookups/api/get-subjects';
import { DmyDateField } from '../../scheduling-lookups/components/dmy-date-field';
import { SelectField } from '../../scheduling-lookups/components/select-field';
import { COURSE_STATUS_OPTIONS, REMAINING_OPTIONS, type CourseFilter } from './course-filter';

interface CourseFiltersProps {
  filter: CourseFilter;
  onChange: (filter: CourseFilter) => void;
  onReset: () => void;
}

/** Title, subject, status, dates and classes remaining (spec §2.2). */
export function CourseFilters({ filter, onChange, onReset }: CourseFiltersProps) {
  const subjects = useSubjects();
  const set = (patch: Partial<CourseFilter>) => onChange({ ...filter, ...patch });
  return (
    <div className="sched-filters" role="search" aria-label="Filter courses">
      <IonInput label="Title" labelPlacement="stacked" fill="outline" debounce={400} value={filter.title} onIonInput={(event) => set({ title: event.detail.value ?? '' })} />
      <SelectField
        label="Subject"
        value={filter.subjectId}
        options={[{ value: 0, label: 'All' }, ...(subjects.data ?? []).map((s) => ({ value: s.subjectId, label: s.name }))]}
        onChange={(v) => set({ subjectId: Number(v) })}
      />
      <SelectField label="Status" value={filter.statusId} options={COURSE_STATUS_OPTIONS} onChange={(v) => set({ statusId: Number(v) })} />
      <DmyDateField label="Start date" value={filter.startDate} onChange={(startDate) => set({ startDate })} />
      <DmyDateField label="End date" value={filter.endDate} onChange={(endDate) => set({ endDate })} />
      <SelectField label="Classes remaining" value={filter.classesRemaining} options={REMAINING_OPTIONS} onChange={(v) => set({ classesRemaining: Number(v) })} />
      <IonButton fill="outline" onClick={onReset}>RESET</IonButton>
    </div>
  );
}
