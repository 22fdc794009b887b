import { IonButton, IonInput } from '@ionic/react';
import { useCourseLevels } from '../../scheduling-lookups/api/get-levels';
import { useSubjects } from '../../scheduling-lookups/api/get-subjects';
import { useActiveTeachers } from '../../scheduling-lookups/api/get-teachers';
import { DmyDateField } from '../../scheduling-lookups/components/dmy-date-field';
import { SelectField } from '../../scheduling-lookups/components/select-field';
import { PERIOD_OPTIONS, STATUS_OPTIONS, withDate, withPeriod, type ClassFilter, type Period } from './class-filter';

interface ClassFiltersProps {
  filter: ClassFilter;
  onChange: (filter: ClassFilter) => void;
  onReset: () => void;
}

const all = { value: 0, label: 'All' };

/** Course name, subject, level, status, teacher, dates and period of the classes list (spec §2.6). */
export function ClassFilters({ filter, onChange, onReset }: ClassFiltersProps) {
  const subjects = useSubjects();
  const levels = useCourseLevels();
  const teachers = useActiveTeachers();
  const set = (patch: Partial<ClassFilter>) => onChange({ ...filter, ...patch });
  return (
    <div className="sched-filters" role="search" aria-label="Filter classes">
      <IonInput
        label="Course name"
        labelPlacement="stacked"
        fill="outline"
        debounce={400}
        value={filter.title}
        onIonInput={(event) => set({ title: event.detail.value ?? '' })}
      />
      <SelectField label="Subject" value={filter.subjectId} options={[all, ...(subjects.data ?? []).map((s) => ({ value: s.subjectId, label: s.name }))]} onChange={(v) => set({ subjectId: Number(v) })} />
      <SelectField label="Level" value={filter.levelId} options={[all, ...(levels.data ?? []).map((l) => ({ value: l.courseLevelId, label: l.name }))]} onChange={(v) => set({ levelId: Number(v) })} />
      <SelectField label="Status" value={filter.statusId} options={STATUS_OPTIONS} onChange={(v) => set({ statusId: Number(v) })} />
      <SelectField
        label="Teacher"
        value={filter.teacherId}
        options={[all, ...(teachers.data ?? []).map((t) => ({ value: t.teacherId, label: `${t.firstName} ${t.lastName}` }))]}
        onChange={(v) => set({ teacherId: Number(v) })}
      />
      <DmyDateField label="Start date" value={filter.startDate} onChange={(text) => onChange(withDate(filter, 'startDate', text))} />
      <DmyDateField label="End date" value={filter.endDate} onChange={(text) => onChange(withDate(filter, 'endDate', text))} />
      <SelectField label="Period" value={filter.period} options={PERIOD_OPTIONS} onChange={(v) => onChange(withPeriod(filter, v as Period))} />
      <IonButton fill="outline" onClick={onReset}>RESET</IonButton>
    </div>
  );
}
