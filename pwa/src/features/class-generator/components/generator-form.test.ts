import { CLASS_MESSAGES } from '@rollbook/shared-types/classes';
import { describe, expect, it } from 'vitest';
import { checkGenerator, initialGenerator, refusalKind, type GeneratorValues } from './generator-form';

const ready: GeneratorValues = {
  teacherId: 3, teacherRateId: 8, roomId: 0, scheduleId: 1, dayWeekId: 0, startDateString: '2/11/2026', time: '10:00',
  numberOfClasses: '10', classLength: '60',
};

describe('class generator form', () => {
  it('starts with the class length of the course and the classes its minutes still allow', () => {
    expect(initialGenerator({ timeDiscrepancy: 600, classLengthTemplate: 60 })).toMatchObject({ numberOfClasses: '10', classLength: '60' });
    expect(initialGenerator({ timeDiscrepancy: 0, classLengthTemplate: 45 })).toMatchObject({ numberOfClasses: '', classLength: '45' });
  });

  it('asks for every required field of section 2.4', () => {
    const result = checkGenerator({ ...ready, teacherId: 0, teacherRateId: 0, scheduleId: 0, startDateString: '', time: '', numberOfClasses: '', classLength: '' }, 5, 600);
    expect(result.kind).toBe('invalid');
    expect(result.kind === 'invalid' && result.fieldErrors).toEqual({
      teacherId: ['Please select a teacher'],
      teacherRateId: ['Please select a rate'],
      time: ['Please enter a time as HH:mm'],
      scheduleId: ['Please select a schedule'],
      startDateString: ['Please enter a valid date as d/m/yyyy'],
      numberOfClasses: ['Please enter the number of classes'],
      classLength: ['Please enter the class length'],
    });
  });

  it('reads the typed counts as whole numbers, as typed with spaces or leading zeros, and refuses others with the form message', () => {
    const ok = checkGenerator({ ...ready, numberOfClasses: ' 010 ', classLength: '060' }, 5, 600);
    expect(ok.kind === 'ok' && ok.request).toMatchObject({ numberOfClasses: 10, classLength: 60 });
    const bad = checkGenerator({ ...ready, numberOfClasses: '1e1', classLength: '6.0' }, 5, 600);
    expect(bad.kind === 'invalid' && bad.fieldErrors).toEqual({ numberOfClasses: ['Please enter the number of classes'], classLength: ['Please enter the class length'] });
  });

  it('refuses a start date that is not a real day', () => {
    const result = checkGenerator({ ...ready, startDateString: '29/2/2027' }, 5, 600);
    expect(result.kind === 'invalid' && result.fieldErrors.startDateString).toEqual(['Please enter a valid date as d/m/yyyy']);
  });

  it('says no minutes remain when none is left, before checking the amount', () => {
    expect(checkGenerator(ready, 5, 0).kind).toBe('noMinutes');
    expect(checkGenerator(ready, 5, -30).kind).toBe('noMinutes');
  });

  it('refuses more minutes than are left and accepts exactly what is left', () => {
    expect(checkGenerator(ready, 5, 599).kind).toBe('notEnoughTime');
    const ok = checkGenerator(ready, 5, 600);
    expect(ok.kind === 'ok' && ok.request).toMatchObject({ courseId: 5, teacherId: 3, numberOfClasses: 10, classLength: 60, startDateString: '2/11/2026', roomId: null, dayWeekId: null });
  });

  it('recognises the API refusals', () => {
    expect(refusalKind(CLASS_MESSAGES.noMinutes)).toBe('noMinutes');
    expect(refusalKind(CLASS_MESSAGES.notEnoughToGenerate)).toBe('notEnoughTime');
    expect(refusalKind('Course not found')).toBeNull();
  });
});
