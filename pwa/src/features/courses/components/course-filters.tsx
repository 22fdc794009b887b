import { IonButton, IonInput } from '@ionic/react';
import { parseDmy } from '@rollbook/shared-types/dates';
import { useSubjects } from '../../../lookups/get-subjects';
import { DmyDateField } from '../../../components/form-fields/dmy-date-field';
import { SelectField } from '../../../components/form-fields/select-field';
import { Staged } from '../../../lib/staged';
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
      {/*
        The other fields and RESET follow one per task (lib/staged.tsx): each is an Ionic element whose
        first render is a few ms on a desktop and four times that on a slow phone, and all of them in
        one task made one of the list's longest. They fill the grid's cells left to right, in order,
        so nothing shown moves; the table comes after them.
      */}
      <Staged>
        <SelectField
          label="Subject"
          value={filter.subjectId}
          options={[{ value: 0, label: 'All' }, ...(subjects.data ?? []).map((s) => ({ value: s.subjectId, label: s.name }))]}
          onChange={(v) => set({ subjectId: Number(v) })}
        />
      </Staged>
      <Staged>
        <SelectField label="Status" value={filter.statusId} options={COURSE_STATUS_OPTIONS} onChange={(v) => set({ statusId: Number(v) })} />
      </Staged>
      <Staged>
        <DmyDateField label="Start date" value={startDate} onChange={setStartDate} />
      </Staged>
      <Staged>
        <DmyDateField label="End date" value={endDate} onChange={setEndDate} />
      </Staged>
      <Staged>
        <SelectField label="Classes remaining" value={filter.classesRemaining} options={REMAINING_OPTIONS} onChange={(v) => set({ classesRemaining: Number(v) })} />
      </Staged>
      <Staged>
        <IonButton fill="outline" onClick={onReset}>RESET</IonButton>
      </Staged>
    </div>
  );
}
