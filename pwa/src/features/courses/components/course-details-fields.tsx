import { IonInput, IonTextarea, IonToggle } from '@ionic/react';
import { useCompanies } from '../../../lookups/get-companies';
import { useCompanyAddresses } from '../../../lookups/get-company-addresses';
import { useCourseTypes } from '../../../lookups/get-course-types';
import { useCourseLevels } from '../../../lookups/get-levels';
import { useSubjects } from '../../../lookups/get-subjects';
import { DmyDateField } from '../../../components/form-fields/dmy-date-field';
import { firstError, invalidClass, type FieldErrors } from '../../../components/form-fields/field-errors';
import { SelectField } from '../../../components/form-fields/select-field';
import { digitsOnly, type CourseFormValues } from './course-form-values';

interface CourseDetailsFieldsProps {
  values: CourseFormValues;
  errors: FieldErrors;
  onChange: (patch: Partial<CourseFormValues>) => void;
}

type TextField = 'title' | 'definedAddress';
type NumberField = 'duration' | 'classLengthTemplate' | 'price' | 'maxNumberStudents' | 'minNumberStudents';

/** Every field of the course (spec §3, §5), each with its message beside it. */
export function CourseDetailsFields({ values, errors, onChange }: CourseDetailsFieldsProps) {
  const types = useCourseTypes();
  const subjects = useSubjects();
  const levels = useCourseLevels();
  const companies = useCompanies();
  const addresses = useCompanyAddresses(values.companyId || null);

  const textInput = (field: TextField, label: string) => (
    <IonInput
      className={invalidClass(firstError(errors, field))}
      label={label}
      labelPlacement="stacked"
      fill="outline"
      value={values[field]}
      errorText={firstError(errors, field)}
      onIonInput={(event) => onChange({ [field]: event.detail.value ?? '' })}
    />
  );
  const numberInput = (field: NumberField, label: string) => (
    <IonInput
      className={invalidClass(firstError(errors, field))}
      label={label}
      labelPlacement="stacked"
      fill="outline"
      inputmode="numeric"
      value={values[field]}
      errorText={firstError(errors, field)}
      onIonInput={(event) => {
        const digits = digitsOnly(event.detail.value ?? '');
        // Put the cleaned text back into the box as well as into the state.
        if (event.target.value !== digits) event.target.value = digits;
        onChange({ [field]: digits });
      }}
    />
  );

  return (
    <div className="sched-form-grid course-details-fields">
      <div className="sched-wide">{textInput('title', 'Title')}</div>
      <IonTextarea
        className={invalidClass(firstError(errors, 'description'), 'sched-wide')}
        label="Description"
        labelPlacement="stacked"
        fill="outline"
        autoGrow
        value={values.description}
        errorText={firstError(errors, 'description')}
        onIonInput={(event) => onChange({ description: event.detail.value ?? '' })}
      />
      <SelectField label="Type" value={values.typeId || null} errorText={firstError(errors, 'typeId')}
        options={(types.data ?? []).map((t) => ({ value: t.courseTypeId, label: t.name }))} onChange={(v) => onChange({ typeId: Number(v) })} />
      <SelectField label="Subject" value={values.subjectId || null} errorText={firstError(errors, 'subjectId')}
        options={(subjects.data ?? []).map((s) => ({ value: s.subjectId, label: s.name }))} onChange={(v) => onChange({ subjectId: Number(v) })} />
      <SelectField label="Level" value={values.courseLevelId || null} errorText={firstError(errors, 'courseLevelId')}
        options={(levels.data ?? []).map((l) => ({ value: l.courseLevelId, label: l.name }))} onChange={(v) => onChange({ courseLevelId: Number(v) })} />
      <div className="course-toggles">
        <IonToggle justify="start" labelPlacement="end" checked={values.private} onIonChange={(event) => onChange({ private: event.detail.checked })}>Private</IonToggle>
        <IonToggle justify="start" labelPlacement="end" checked={values.sponsored} onIonChange={(event) => onChange({ sponsored: event.detail.checked })}>Sponsored</IonToggle>
        <IonToggle justify="start" labelPlacement="end" checked={values.virtual} onIonChange={(event) => onChange({ virtual: event.detail.checked })}>Virtual</IonToggle>
      </div>
      <SelectField
        label="Company"
        value={values.companyId || null}
        errorText={firstError(errors, 'companyId')}
        options={[...(values.private ? [{ value: 0, label: 'None (private)' }] : []), ...(companies.data ?? []).map((c) => ({ value: c.companyId, label: c.name }))]}
        onChange={(v) => onChange({ companyId: Number(v), addressId: 0 })}
      />
      <SelectField
        label="Address"
        value={values.addressId || null}
        errorText={firstError(errors, 'addressId')}
        disabled={!values.companyId}
        placeholder={values.companyId ? 'Primary address' : 'Choose a company first'}
        options={[{ value: 0, label: 'Primary address' }, ...(addresses.data ?? []).map((a) => ({ value: a.addressId, label: a.address }))]}
        onChange={(v) => onChange({ addressId: Number(v) })}
      />
      {textInput('definedAddress', 'Defined address')}
      <DmyDateField label="Start date" value={values.startDateString} errorText={firstError(errors, 'startDateString')} onChange={(startDateString) => onChange({ startDateString })} />
      <DmyDateField label="End date" value={values.endDateString} errorText={firstError(errors, 'endDateString')} onChange={(endDateString) => onChange({ endDateString })} />
      {numberInput('duration', 'Number of classes')}
      {numberInput('classLengthTemplate', 'Class length (mins)')}
      {numberInput('price', 'Price (£)')}
      {numberInput('maxNumberStudents', 'Max students')}
      {numberInput('minNumberStudents', 'Min students')}
    </div>
  );
}
