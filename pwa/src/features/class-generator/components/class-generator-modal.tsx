import { IonButton, IonInput, IonSpinner, useIonAlert } from '@ionic/react';
import { CLASS_MESSAGES, type GenerateClassesRequest } from '@rollbook/shared-types/classes';
import type { SkippedDate } from '@rollbook/shared-types/closures';
import type { CourseDetail } from '@rollbook/shared-types/courses';
import { useState } from 'react';
import { useNotify } from '../../../components/ui/notify';
import { ApiError } from '../../../lib/api-client';
import { ClashError } from '../../../lib/clash-aware-request';
import { useDayWeeks } from '../../../lookups/get-day-weeks';
import { useSchedules } from '../../../lookups/get-schedules';
import { useActiveTeachers } from '../../../lookups/get-teachers';
import { DmyDateField } from '../../../components/form-fields/dmy-date-field';
import { apiFieldErrors, errorMessage, firstError, invalidClass, type FieldErrors } from '../../../components/form-fields/field-errors';
import { SchedModal } from '../../../components/scheduling/sched-modal';
import { SelectField } from '../../../components/form-fields/select-field';
import { TimeSelect } from '../../../components/form-fields/time-select';
import { useClashConfirm } from '../../../components/scheduling/use-clash-confirm';
import { useGenerateClasses } from '../api/generate-classes';
import { planClasses } from '../api/plan-classes';
import { useCourseRooms } from '../api/get-course-rooms';
import { useTeacherRates } from '../api/get-teacher-rates';
import { checkGenerator, GENERATED_MESSAGE, initialGenerator, minutesLeft, refusalKind, type GeneratorValues } from './generator-form';

/** The class generator (spec §2.4): a series of classes on a schedule, at a time, with a teacher. */
export function ClassGeneratorModal({ course, onDismissed }: { course: CourseDetail; onDismissed: () => void }) {
  const [open, setOpen] = useState(true);
  const [values, setValues] = useState<GeneratorValues>(() => initialGenerator(course));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notEnoughTime, setNotEnoughTime] = useState(false);
  const teachers = useActiveTeachers();
  const rates = useTeacherRates(values.teacherId);
  const rooms = useCourseRooms(course.courseId);
  const schedules = useSchedules();
  const dayWeeks = useDayWeeks();
  const generate = useGenerateClasses();
  const confirmClashes = useClashConfirm();
  const [presentAlert] = useIonAlert();
  const notify = useNotify();

  const set = (patch: Partial<GeneratorValues>) => setValues((current) => ({ ...current, ...patch }));
  const noMinutesAlert = () => void presentAlert({ header: 'Sorry!', message: CLASS_MESSAGES.noMinutes, buttons: ['OK'] });

  const [planning, setPlanning] = useState(false);
  const [skipped, setSkipped] = useState<SkippedDate[]>([]);

  /** Says which dates fall on closures before anything is created; answers whether to go ahead. */
  const confirmSkipped = (dates: SkippedDate[]) =>
    new Promise<boolean>((resolve) => {
      if (dates.length === 0) return resolve(true);
      void presentAlert({
        header: 'Closure days skipped',
        message: `These dates are closures, so no class is made on them; the series runs on to keep ${values.numberOfClasses} classes: ${dates.map((d) => `${d.dateString} (${d.closureName})`).join(', ')}.`,
        buttons: [
          { text: 'CANCEL', role: 'cancel', handler: () => resolve(false) },
          { text: 'CREATE CLASSES', handler: () => resolve(true) },
        ],
      });
    });

  const create = async () => {
    if (generate.isPending || planning) return;
    const check = checkGenerator(values, course.courseId, minutesLeft(course));
    setErrors(check.kind === 'invalid' ? check.fieldErrors : {});
    setNotEnoughTime(check.kind === 'notEnoughTime');
    if (check.kind === 'noMinutes') return noMinutesAlert();
    if (check.kind !== 'ok') return;
    setPlanning(true);
    const plan = await planClasses(check.request).then((p) => p.skipped, (error: unknown) => error);
    setPlanning(false);
    if (!Array.isArray(plan)) return showError(plan);
    setSkipped(plan);
    if (!(await confirmSkipped(plan))) return;
    submit(check.request);
  };

  const showError = (error: unknown) => {
    const fieldErrors = apiFieldErrors(error);
    if (fieldErrors) setErrors(fieldErrors);
    else notify.error(errorMessage(error));
  };

  const submit = (request: GenerateClassesRequest) => {
    generate.mutate(
      request,
      {
        onSuccess: () => {
          notify.success(GENERATED_MESSAGE);
          setOpen(false);
        },
        onError: async (error) => {
          if (error instanceof ClashError) {
            if (await confirmClashes(error.message, error.clashes)) submit({ ...request, allowClashes: true });
            return;
          }
          const refusal = error instanceof ApiError ? refusalKind(error.message) : null;
          if (refusal === 'noMinutes') return noMinutesAlert();
          if (refusal === 'notEnoughTime') return setNotEnoughTime(true);
          showError(error);
        },
      },
    );
  };

  const error = (field: string) => firstError(errors, field);
  const footer = (
    <>
      <IonButton fill="outline" onClick={() => setOpen(false)}>CANCEL</IonButton>
      <IonButton onClick={() => void create()} disabled={generate.isPending || planning}>
        {generate.isPending || planning ? <IonSpinner name="dots" aria-label="Creating classes" /> : 'CREATE CLASSES'}
      </IonButton>
    </>
  );
  return (
    <SchedModal isOpen={open} title="Generate classes" onClose={() => setOpen(false)} onDismissed={onDismissed} footer={footer}>
      <p>
        {course.title}: {Math.max(0, minutesLeft(course))} of {course.durationMinutes} minutes left to generate.
      </p>
      <div className="sched-form-grid class-generator-form">
        <SelectField label="Teacher" value={values.teacherId || null} errorText={error('teacherId')}
          options={(teachers.data ?? []).map((t) => ({ value: t.teacherId, label: `${t.firstName} ${t.lastName}` }))}
          onChange={(v) => set({ teacherId: Number(v), teacherRateId: 0 })} />
        <SelectField label="Rate" value={values.teacherRateId || null} errorText={error('teacherRateId')} disabled={!values.teacherId}
          placeholder={values.teacherId ? 'Please select' : 'Choose a teacher first'}
          options={(rates.data ?? []).map((r) => ({ value: r.teacherRateId, label: `${r.description} (£${r.rate.toFixed(2)}/hour)` }))}
          onChange={(v) => set({ teacherRateId: Number(v) })} />
        <SelectField label="Room" value={values.roomId} errorText={error('roomId')}
          options={[{ value: 0, label: 'No room' }, ...(rooms.data ?? []).map((r) => ({ value: r.roomId, label: r.name }))]}
          onChange={(v) => set({ roomId: Number(v) })} />
        <SelectField label="Schedule" value={values.scheduleId || null} errorText={error('scheduleId')}
          options={(schedules.data ?? []).map((s) => ({ value: s.scheduleId, label: s.name }))}
          onChange={(v) => set({ scheduleId: Number(v) })} />
        <SelectField label="Day of the week" value={values.dayWeekId} errorText={error('dayWeekId')}
          options={[{ value: 0, label: 'Day of the start date' }, ...(dayWeeks.data ?? []).map((d) => ({ value: d.dayWeekId, label: d.name }))]}
          onChange={(v) => set({ dayWeekId: Number(v) })} />
        <DmyDateField label="Start date" value={values.startDateString} errorText={error('startDateString')} onChange={(startDateString) => set({ startDateString })} />
        <TimeSelect value={values.time} errorText={error('time')} onChange={(time) => set({ time })} />
        <IonInput className={invalidClass(error('numberOfClasses'))} label="Number of classes" labelPlacement="stacked" fill="outline" inputmode="numeric"
          value={values.numberOfClasses} errorText={error('numberOfClasses')} onIonInput={(event) => set({ numberOfClasses: event.detail.value ?? '' })} />
        <IonInput className={invalidClass(error('classLength'))} label="Class length (mins)" labelPlacement="stacked" fill="outline" inputmode="numeric"
          value={values.classLength} errorText={error('classLength')} onIonInput={(event) => set({ classLength: event.detail.value ?? '' })} />
      </div>
      {skipped.length > 0 && (
        <p className="class-generator-skipped" role="status">
          Skipped for closures: {skipped.map((d) => `${d.dateString} (${d.closureName})`).join(', ')}
        </p>
      )}
      {notEnoughTime && <p className="sched-inline-error" role="alert">{CLASS_MESSAGES.notEnoughToGenerate}</p>}
    </SchedModal>
  );
}
