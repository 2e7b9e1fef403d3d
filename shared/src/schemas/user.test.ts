import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { messages } from '../messages.js';
import {
  forgotPasswordSchema,
  loginSchema,
  profileFormSchema,
  registerSchema,
  resetPasswordBodySchema,
  resetPasswordFormSchema,
  updateProfileSchema,
} from './user.js';

/**
 * The first message per field, which is the one a form shows next to the field
 * and the API answers: later rules may add more (an empty password is also
 * "too short"), but the spec's order decides what the user reads.
 */
function errorsOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

const validRegistration = {
  name: 'Asha',
  email: 'asha@example.com',
  password: 'secret1',
  confiremPassword: 'secret1',
};

describe('registerSchema', () => {
  it.each(['name', 'email', 'password', 'confiremPassword'])(
    'rejects a missing %s with the spec message',
    (field) => {
      const { [field]: _left, ...rest } = validRegistration as Record<string, string>;
      expect(errorsOf(registerSchema, rest)[field]).toBe(messages.fieldsCantBeEmpty);
    },
  );

  it.each(['name', 'email', 'password', 'confiremPassword'])(
    'rejects an empty %s with the spec message',
    (field) => {
      const errors = errorsOf(registerSchema, { ...validRegistration, [field]: '' });
      expect(errors[field]).toBe(messages.fieldsCantBeEmpty);
    },
  );

  it('treats a name or email of only spaces as empty', () => {
    const errors = errorsOf(registerSchema, { ...validRegistration, name: '   ', email: '  ' });
    expect(errors).toMatchObject({ name: messages.fieldsCantBeEmpty, email: messages.fieldsCantBeEmpty });
  });

  it('rejects a password shorter than 6 with the spec message', () => {
    const errors = errorsOf(registerSchema, {
      ...validRegistration,
      password: '12345',
      confiremPassword: '12345',
    });
    expect(errors).toEqual({ password: messages.passwordTooShort });
  });

  it('accepts a password of exactly 6 characters', () => {
    const input = { ...validRegistration, password: '123456', confiremPassword: '123456' };
    expect(registerSchema.safeParse(input).success).toBe(true);
  });

  it('rejects a confirmation that does not match with the spec message', () => {
    const errors = errorsOf(registerSchema, { ...validRegistration, confiremPassword: 'secret2' });
    expect(errors).toEqual({ confiremPassword: messages.passwordsDidntMatch });
  });

  it('rejects an email that is not an address', () => {
    expect(errorsOf(registerSchema, { ...validRegistration, email: 'asha' })).toEqual({
      email: messages.invalidEmail,
    });
  });

  it('rejects a name over 100 characters', () => {
    expect(errorsOf(registerSchema, { ...validRegistration, name: 'a'.repeat(101) })).toEqual({
      name: messages.tooLong('Name', 100),
    });
  });

  it('rejects a password over 128 characters', () => {
    const long = 'a'.repeat(129);
    expect(
      errorsOf(registerSchema, { ...validRegistration, password: long, confiremPassword: long }),
    ).toMatchObject({
      password: messages.tooLong('Password', 128),
    });
  });

  it('lower-cases and trims the email and trims the name, but keeps spaces in the password', () => {
    const parsed = registerSchema.parse({
      ...validRegistration,
      name: '  Asha  ',
      email: ' Asha@Example.COM ',
      password: ' pass word ',
      confiremPassword: ' pass word ',
    });
    expect(parsed).toEqual({
      name: 'Asha',
      email: 'asha@example.com',
      password: ' pass word ',
      confiremPassword: ' pass word ',
    });
  });

  it('drops fields it does not know, such as isAdmin', () => {
    const parsed = registerSchema.parse({ ...validRegistration, isAdmin: true, role: 'admin' });
    expect(parsed).not.toHaveProperty('isAdmin');
    expect(parsed).not.toHaveProperty('role');
  });
});

describe('loginSchema', () => {
  it.each(['email', 'password'])('rejects a missing %s with the spec message', (field) => {
    const input: Record<string, string> = { email: 'asha@example.com', password: 'secret1' };
    delete input[field];
    expect(errorsOf(loginSchema, input)[field]).toBe(messages.fieldsCantBeEmpty);
  });

  it('rejects empty fields with the spec message', () => {
    expect(errorsOf(loginSchema, { email: '', password: '' })).toEqual({
      email: messages.fieldsCantBeEmpty,
      password: messages.fieldsCantBeEmpty,
    });
  });

  it('does not apply the length rule of registration to a login password', () => {
    expect(loginSchema.safeParse({ email: 'asha@example.com', password: '1' }).success).toBe(true);
  });

  it('lower-cases the email so a login matches the registration', () => {
    expect(loginSchema.parse({ email: 'ASHA@Example.com', password: 'x' }).email).toBe('asha@example.com');
  });
});

describe('forgotPasswordSchema', () => {
  it('rejects a missing email with the singular spec message', () => {
    expect(errorsOf(forgotPasswordSchema, {})).toEqual({ email: messages.fieldCantBeEmpty });
  });

  it('rejects an empty email with the singular spec message', () => {
    expect(errorsOf(forgotPasswordSchema, { email: ' ' })).toEqual({ email: messages.fieldCantBeEmpty });
  });

  it('rejects an email that is not an address', () => {
    expect(errorsOf(forgotPasswordSchema, { email: 'asha@' })).toEqual({ email: messages.invalidEmail });
  });
});

describe('resetPasswordFormSchema', () => {
  it.each(['password', 'confirmPassword'])('rejects an empty %s with the spec message', (field) => {
    const input = { password: 'secret1', confirmPassword: 'secret1', [field]: '' };
    expect(errorsOf(resetPasswordFormSchema, input)[field]).toBe(messages.fieldsCantBeEmpty);
  });

  it('rejects passwords that do not match with the spec message', () => {
    expect(errorsOf(resetPasswordFormSchema, { password: 'secret1', confirmPassword: 'secret2' })).toEqual({
      confirmPassword: messages.resetPasswordsDidNotMatch,
    });
  });

  it('rejects a password shorter than 6 with the spec message', () => {
    expect(errorsOf(resetPasswordFormSchema, { password: 'abc', confirmPassword: 'abc' })).toEqual({
      password: messages.passwordTooShort,
    });
  });
});

describe('resetPasswordBodySchema', () => {
  it('rejects a missing password with the spec message', () => {
    expect(errorsOf(resetPasswordBodySchema, {})).toEqual({ password: messages.fieldsCantBeEmpty });
  });

  it('rejects a password shorter than 6 with the spec message', () => {
    expect(errorsOf(resetPasswordBodySchema, { password: '12345' })).toEqual({
      password: messages.passwordTooShort,
    });
  });

  it('accepts a password of 6 characters', () => {
    expect(resetPasswordBodySchema.safeParse({ password: '123456' }).success).toBe(true);
  });
});

describe('profileFormSchema', () => {
  const form = { userName: 'Asha', oldPassword: '', newPassword: '', confirmPassword: '' };
  const firstError = (input: object) => Object.values(errorsOf(profileFormSchema, { ...form, ...input }));

  it('accepts a name change with every password field empty', () => {
    expect(profileFormSchema.safeParse({ ...form, userName: 'Asha K' }).success).toBe(true);
  });

  it('rejects an empty name with the spec message', () => {
    expect(errorsOf(profileFormSchema, { ...form, userName: '' })).toEqual({
      userName: messages.fieldsCantBeEmpty,
    });
  });

  it('asks for the old password first when any password field is filled', () => {
    expect(errorsOf(profileFormSchema, { ...form, newPassword: 'secret2' })).toEqual({
      oldPassword: messages.enterOldPassword,
    });
    expect(firstError({ confirmPassword: 'secret2' })).toEqual([messages.enterOldPassword]);
  });

  it('asks for the new password second', () => {
    expect(errorsOf(profileFormSchema, { ...form, oldPassword: 'secret1', confirmPassword: 'x' })).toEqual({
      newPassword: messages.enterNewPassword,
    });
  });

  it('asks for the confirmation third', () => {
    expect(errorsOf(profileFormSchema, { ...form, oldPassword: 'secret1', newPassword: 'secret2' })).toEqual({
      confirmPassword: messages.enterConfirmPassword,
    });
  });

  it('rejects a confirmation that does not match fourth, before the length rule', () => {
    const input = { oldPassword: 'secret1', newPassword: 'abc', confirmPassword: 'abd' };
    expect(errorsOf(profileFormSchema, { ...form, ...input })).toEqual({
      confirmPassword: messages.profilePasswordsDidNotMatch,
    });
  });

  it('rejects a new password equal to the old one with the spec message', () => {
    const input = { oldPassword: 'secret1', newPassword: 'secret1', confirmPassword: 'secret1' };
    expect(errorsOf(profileFormSchema, { ...form, ...input })).toEqual({
      newPassword: messages.oldAndNewSame,
    });
  });

  it('rejects a new password shorter than 6', () => {
    const input = { oldPassword: 'secret1', newPassword: 'abc', confirmPassword: 'abc' };
    expect(errorsOf(profileFormSchema, { ...form, ...input })).toEqual({
      newPassword: messages.passwordTooShort,
    });
  });

  it('accepts old, new and a matching confirmation', () => {
    const input = { oldPassword: 'secret1', newPassword: 'secret2', confirmPassword: 'secret2' };
    expect(profileFormSchema.safeParse({ ...form, ...input }).success).toBe(true);
  });
});

describe('updateProfileSchema', () => {
  it('accepts a name alone and defaults the passwords to empty', () => {
    expect(updateProfileSchema.parse({ userName: ' Asha ' })).toEqual({
      userName: 'Asha',
      oldPassword: '',
      newPassword: '',
    });
  });

  it('reads an empty or missing name as the name unchanged (a password-only change)', () => {
    const input = { userName: '', oldPassword: 'secret1', newPassword: 'secret2' };
    expect(updateProfileSchema.parse(input)).toEqual(input);
    expect(updateProfileSchema.parse({}).userName).toBe('');
    expect(updateProfileSchema.parse({ userName: '   ' }).userName).toBe('');
  });

  it('rejects a new password without the old one with the spec message', () => {
    expect(errorsOf(updateProfileSchema, { userName: 'Asha', newPassword: 'secret2' })).toEqual({
      oldPassword: messages.enterOldPassword,
    });
  });

  it('rejects an old password without a new one with the spec message', () => {
    expect(errorsOf(updateProfileSchema, { userName: 'Asha', oldPassword: 'secret1' })).toEqual({
      newPassword: messages.enterNewPassword,
    });
  });

  it('rejects a new password shorter than 6 with the spec message', () => {
    expect(
      errorsOf(updateProfileSchema, { userName: 'Asha', oldPassword: 'secret1', newPassword: 'abc' }),
    ).toEqual({
      newPassword: messages.passwordTooShort,
    });
  });

  it('rejects a new password equal to the old one with the spec message', () => {
    const input = { userName: 'Asha', oldPassword: 'secret1', newPassword: 'secret1' };
    expect(errorsOf(updateProfileSchema, input)).toEqual({ newPassword: messages.oldAndNewSame });
  });

  it('accepts a name with old and new passwords', () => {
    const input = { userName: 'Asha', oldPassword: 'secret1', newPassword: 'secret2' };
    expect(updateProfileSchema.safeParse(input).success).toBe(true);
  });
});
