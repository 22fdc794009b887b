// Whose notes and documents they are, as plain numbers in a module of their own: the app's route
// table needs them at start-up, and importing them from files.ts or notes.ts would bring those
// modules' schemas (and the paging contract) into the first JavaScript every phone downloads.

/** Files belong to a student (1) or a teacher (2). */
export const FILE_OWNER_STUDENT = 1;
export const FILE_OWNER_TEACHER = 2;

/** 1 student, 2 teacher, 3 the school's general notes (the only type that can be deleted). */
export const NOTE_TYPE_STUDENT = 1;
export const NOTE_TYPE_TEACHER = 2;
export const NOTE_TYPE_GENERAL = 3;
