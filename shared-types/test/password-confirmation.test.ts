import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { UpdatePasswordRequestSchema } from '../src/profile.js';
import { RegisterRequestSchema } from '../src/signup.js';
import { ResetPasswordRequestSchema } from '../src/users.js';

// A form that fails on another field must still say that the two passwords differ, in the same
// answer (the forms show the schema's messages and have no match check of their own): the user
// fixes both at once instead of meeting the second message after the first.
const messagesAt = (schema: z.ZodType, input: unknown, field: string) =>
  (schema.safeParse(input).error?.issues ?? []).filter((issue) => issue.path.join('.') === field).map((issue) => issue.message);

describe('the passwords-match check', () => {
  const cases: [string, z.ZodType, Record<string, unknown>, string][] = [
    ['password reset', ResetPasswordRequestSchema, { email: 'ann@example.com', code: '', password: 'long-enough-1', confirmPassword: 'long-enough-2' }, 'code'],
    ['password reset, short password', ResetPasswordRequestSchema, { email: 'ann@example.com', code: '123456', password: 'short', confirmPassword: 'shorter' }, 'password'],
    ['sign-up', RegisterRequestSchema, { email: 'ann@example.com', code: '', password: 'long-enough-1', confirmPassword: 'long-enough-2' }, 'code'],
    ['profile', UpdatePasswordRequestSchema, { userName: 'ann', oldPassword: '', newPassword: 'long-enough-1', confirmPassword: 'long-enough-2' }, 'oldPassword'],
  ];

  it.each(cases)('%s: reported beside the other field\'s problem', (_, schema, input, otherField) => {
    expect(messagesAt(schema, input, otherField)).toHaveLength(1);
    expect(messagesAt(schema, input, 'confirmPassword')).toEqual(['Passwords do not match']);
  });

  it.each(cases)('%s: not reported when the two are equal', (_, schema, input, otherField) => {
    const confirmPassword = 'newPassword' in input ? input.newPassword : input.password;
    expect(messagesAt(schema, { ...input, confirmPassword }, otherField)).toHaveLength(1);
    expect(messagesAt(schema, { ...input, confirmPassword }, 'confirmPassword')).toEqual([]);
  });
});
