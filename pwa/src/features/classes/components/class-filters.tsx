import { IonButton, IonInput } from '@ionic/react';
import { parseDmy } from '@rollbook/shared-types/dates';
import { useCourseLevels } from '../../../lookups/get-levels';
import { useSubjects } from '../../../lookups/get-subjects';
import { useActiveTeachers } from '../../../lookups/get-teachers';
import { DmyDateField } from '../../../components/form-fields/dmy-date-field';
import { SelectField } from '../../../components/form-fields/select-field';
import { useDebouncedDraft } from '../../../lib/use-debounced-draft';
import { PERIOD_OPTIONS, STATUS_OPTIONS, withDate, withPeriod, type ClassFilter, type Period } from './class-filter';

interface ClassFiltersProps {
  filter: ClassFilter;
  /** `typing`: from a text box, committed once typing pauses. */
  onChange: (filter: ClassFilter, how?: { typing: boolean }) => void;
  onReset: () => void;
}

const all = { value: 0, label: 'All' };

/** A date counts once it is a real d/m/yyyy date (or cleared); until then the field says what is wrong. */
const dateValue = (text: string) => (text.trim() === '' ? '' : parseDmy(text) ? text.trim() : null);

/** Course name, subject, level, status, teacher, dates and period of the classes list (spec §2.6). */
export function ClassFilters({ filter, onChange, onReset }: ClassFiltersProps) {
  const subjects = useSubjects();
  const levels = useCourseLevels();
  const teachers = useActiveTeachers();
  const set = (patch: Partial<ClassFilter>) => onChange({ ...filter, ...patch });
  const typed = (next: ClassFilter) => onChange(next, { typing: true });
  const [title, setTitle] = useDebouncedDraft(filter.title, (value) => typed({ ...filter, title: value }));
  const [startDate, setStartDate] = useDebouncedDraft(filter.startDate, (value) => typed(withDate(filter, 'startDate', value)), dateValue);
  const [endDate, setEndDate] = useDebouncedDraft(filter.endDate, (value) => typed(withDate(filter, 'endDate', value)), dateValue);
  return (
    <div className="sched-filters" role="search" aria-label="Filter classes">
      <IonInput
        label="Course name"
        labelPlacement="stacked"
        fill="outline"
        type="search"
        value={title}
        onIonInput={(event) => setTitle(event.detail.value ?? '')}
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
      <DmyDateField label="Start date" value={startDate} onChange={setStartDate} />
      <DmyDateField label="End date" value={endDate} onChange={setEndDate} />
      <SelectField label="Period" value={filter.period} options={PERIOD_OPTIONS} onChange={(v) => onChange(withPeriod(filter, v as Period))} />
      <IonButton fill="outline" onClick={onReset}>RESET</IonButton>
    </div>
  );
}
