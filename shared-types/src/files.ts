import { z } from 'zod';
import { BodyIdSchema, IdSchema, integerSchema } from './integers.js';
import { DEFAULT_PAGE_SIZE, pageQueryShape, pageResponseSchema, type SortDirection } from './list-page.js';
import { FILE_OWNER_STUDENT, FILE_OWNER_TEACHER } from './owner-types.js';

/** Default upload limit; the server's MAX_UPLOAD_BYTES may differ (its 413 message says the limit). */
export const DEFAULT_MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export { FILE_OWNER_STUDENT, FILE_OWNER_TEACHER };

/**
 * Who may see a file besides the school's administrators (spec: "shared with", fileAccessSubject):
 * Staff: administrators only. Owner: also the student or teacher the file belongs to. Teachers
 * (student files only): also the student's teachers. Everyone: the owner and, for a student's file,
 * their teachers.
 */
export const FileAccessSubjectSchema = z.enum(['Staff', 'Owner', 'Teachers', 'Everyone']);
export type FileAccessSubject = z.infer<typeof FileAccessSubjectSchema>;

export const FILE_MESSAGES = {
  noFile: 'Please choose a file to upload',
  title: 'Please enter a title',
  badName: 'The file name is not valid',
  tooLarge: (limitBytes: number) => `The file is too large: the limit is ${formatMegabytes(limitBytes)}`,
  teachersOnTeacherFile: "A teacher's document can be shared with Staff, Owner or Everyone",
  oneFile: 'Please upload one file at a time',
} as const;

/** 10485760 → '10 MB', 1536 → '2 KB'. */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb < 1) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/** A document (spec §3: name, extention, size, fileAccessSubject, timesAccessed, uploadedDateString). */
export const FileItemSchema = z.object({
  fileId: z.number().int(),
  entityTypeId: z.number().int(),
  entityId: z.number().int(),
  title: z.string(),
  fileType: z.string(),
  /** The uploaded file's name (metadata only: never used as a path). */
  name: z.string(),
  /** Spelt as in the spec. Lower-case, without the dot; empty when the name has none. */
  extention: z.string(),
  contentType: z.string(),
  /** Bytes. */
  size: z.number().int(),
  fileAccessSubject: FileAccessSubjectSchema,
  timesAccessed: z.number().int(),
  /** dd/MM/yyyy (school time). */
  uploadedDateString: z.string(),
  uploadedAt: z.string(),
  uploadedBy: z.string(),
});
export type FileItem = z.infer<typeof FileItemSchema>;
export const FileListSchema = z.array(FileItemSchema);

/** The documents list's sort keys: its visible columns. Default: upload date, newest first. */
export const FILE_SORT_KEYS = ['date', 'type', 'title', 'size', 'sharedWith', 'timesAccessed'] as const;
export type FileSortKey = (typeof FILE_SORT_KEYS)[number];
export const FILE_DEFAULT_SORT = 'date' satisfies FileSortKey;
/** A key's direction when `dir` is not sent: newest, largest and most opened first; text A to Z. */
export const FILE_SORT_NATURAL_DIR = { date: 'desc', size: 'desc', timesAccessed: 'desc' } as const satisfies Partial<Record<FileSortKey, SortDirection>>;
/** The spec names no page size for documents. */
export const FILE_PAGE_SIZE = DEFAULT_PAGE_SIZE;

const filePageShape = pageQueryShape(FILE_SORT_KEYS);

/**
 * GET /api/files/GetFilesByStudentId?studentId= and GetFilesByTeacherId?teacherId=. Without page or
 * pageSize: every file the caller may see, newest first, as a bare array. With them: one page as FilePage.
 */
export const FilesByStudentQuerySchema = z.object({ studentId: IdSchema, ...filePageShape });
export const FilesByTeacherQuerySchema = z.object({ teacherId: IdSchema, ...filePageShape });
/** The paging half of either documents query. */
export type FilePageQuery = Omit<z.infer<typeof FilesByStudentQuerySchema>, 'studentId'>;

export const FilePageSchema = pageResponseSchema('files', FileItemSchema);
export type FilePage = z.infer<typeof FilePageSchema>;
/** The documents list's answer: the bare list (no paging asked) or one page. */
export const FilesResponseSchema = z.union([FileListSchema, FilePageSchema]);

/**
 * POST /api/files/Upload, multipart/form-data: these text fields (in any order) plus exactly one
 * file part (any field name). Answers the stored FileItem with 201.
 */
export const FileUploadFieldsSchema = z.object({
  entityTypeId: integerSchema({ min: 1, max: 2, values: [FILE_OWNER_STUDENT, FILE_OWNER_TEACHER] }, { message: 'entityTypeId must be 1 (student) or 2 (teacher)' }),
  entityId: IdSchema,
  title: z.string({ error: FILE_MESSAGES.title }).trim().min(1, FILE_MESSAGES.title).max(200, 'A title can be at most 200 characters'),
  fileType: z.string().trim().max(60, 'A type can be at most 60 characters').optional().transform((v) => v || 'Document'),
  fileAccessSubject: FileAccessSubjectSchema.default('Staff'),
});
export type FileUploadFields = z.input<typeof FileUploadFieldsSchema>;

/** GET /api/files/Download?id= → the bytes as an attachment; counts one access. */
export const FileDownloadQuerySchema = z.object({ id: IdSchema });

/**
 * POST /api/files/Delete { id } → the deleted file's id. Not the files left: a documents list is
 * paged, so the client asks again for the page it shows (and its total); the whole list of a
 * student's documents was read and sent for nothing.
 */
export const DeleteFileRequestSchema = z.object({ id: BodyIdSchema });
export const DeletedFileSchema = z.object({ fileId: z.number().int() });
export type DeletedFile = z.infer<typeof DeletedFileSchema>;
