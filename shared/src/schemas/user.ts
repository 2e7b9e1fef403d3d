import { z } from 'zod';
import { MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../constants.js';
import { messages } from '../messages.js';
import { isBlankText } from '../text.js';
import { emailField, nameField, passwordField, requiredString } from './fields.js';

const empty = messages.fieldsCantBeEmpty;

/** A password field of the profile, which may be left empty; its message is for any other wrong value. */
const profilePassword = (message: string) =>
  z
    .string({ error: message })
    .max(MAX_PASSWORD_LENGTH, { error: messages.tooLong('Password', MAX_PASSWORD_LENGTH) });

function newPassword(emptyMessage: string) {
  return passwordField(emptyMessage).min(MIN_PASSWORD_LENGTH, { error: messages.passwordTooShort });
}

/** POST /api/user/register, and the sign-up form. `confiremPassword` is the spec's spelling. */
export const registerSchema = z
  .object({
    name: nameField(empty),
    email: emailField(empty),
    password: newPassword(empty),
    confiremPassword: passwordField(empty),
  })
  .refine((v) => v.password === v.confiremPassword, {
    error: messages.passwordsDidntMatch,
    path: ['confiremPassword'],
  });
export type RegisterInput = z.input<typeof registerSchema>;

/** POST /api/user/login. No format check: an unknown address is simply not registered. */
export const loginSchema = z.object({
  email: requiredString(empty)
    .max(254, { error: messages.tooLong('Email', 254) })
    .transform((e) => e.toLowerCase()),
  password: passwordField(empty),
});
export type LoginInput = z.input<typeof loginSchema>;

/** POST /api/user/forgotPass. */
export const forgotPasswordSchema = z.object({
  email: emailField(messages.fieldCantBeEmpty),
});
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/** POST /api/user/resetPassword/:resetToken: the API takes only `password`. */
export const resetPasswordBodySchema = z.object({
  password: newPassword(empty),
});

/** The reset form asks twice. */
export const resetPasswordFormSchema = z
  .object({
    password: newPassword(empty),
    confirmPassword: passwordField(empty),
  })
  .refine((v) => v.password === v.confirmPassword, {
    error: messages.resetPasswordsDidNotMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordFormInput = z.input<typeof resetPasswordFormSchema>;

/**
 * PATCH /api/user/update. Password fields are optional together: if either is
 * given, both must be, and the new one must differ from the old.
 */
export const updateProfileSchema = z
  .object({
    /**
     * Empty, blank (invisible characters only), null or left out: the name stays as it is (the
     * spec's client sends '' with a password change).
     */
    userName: z
      .string({ error: messages.invalidRequest })
      .trim()
      .max(MAX_NAME_LENGTH, { error: messages.tooLong('Name', MAX_NAME_LENGTH) })
      .nullish()
      .transform((name) => (name === undefined || name === null || isBlankText(name) ? '' : name)),
    /** null, as JSON clients send for "no value", is a field left empty. */
    oldPassword: profilePassword(messages.enterOldPassword)
      .nullish()
      .transform((p) => p ?? ''),
    newPassword: profilePassword(messages.enterNewPassword)
      .nullish()
      .transform((p) => p ?? ''),
  })
  .superRefine((v, ctx) => {
    if (!v.oldPassword && !v.newPassword) return;
    if (!v.oldPassword) {
      ctx.addIssue({ code: 'custom', message: messages.enterOldPassword, path: ['oldPassword'] });
    } else if (!v.newPassword) {
      ctx.addIssue({ code: 'custom', message: messages.enterNewPassword, path: ['newPassword'] });
    } else if (v.newPassword.length < MIN_PASSWORD_LENGTH) {
      ctx.addIssue({ code: 'custom', message: messages.passwordTooShort, path: ['newPassword'] });
    } else if (v.oldPassword === v.newPassword) {
      ctx.addIssue({ code: 'custom', message: messages.oldAndNewSame, path: ['newPassword'] });
    }
  });
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

/**
 * The profile form: the API fields plus the confirmation, checked in the
 * spec's order (old, new, confirm, match, same). "Nothing changed" needs the
 * current name, so the form checks that itself.
 */
export const profileFormSchema = z
  .object({
    userName: nameField(empty),
    oldPassword: profilePassword(messages.enterOldPassword),
    newPassword: profilePassword(messages.enterNewPassword),
    confirmPassword: profilePassword(messages.enterConfirmPassword),
  })
  .superRefine((v, ctx) => {
    if (!v.oldPassword && !v.newPassword && !v.confirmPassword) return;
    const fail = (message: string, field: string) => ctx.addIssue({ code: 'custom', message, path: [field] });
    if (!v.oldPassword) return fail(messages.enterOldPassword, 'oldPassword');
    if (!v.newPassword) return fail(messages.enterNewPassword, 'newPassword');
    if (!v.confirmPassword) return fail(messages.enterConfirmPassword, 'confirmPassword');
    if (v.newPassword !== v.confirmPassword)
      return fail(messages.profilePasswordsDidNotMatch, 'confirmPassword');
    if (v.newPassword.length < MIN_PASSWORD_LENGTH) return fail(messages.passwordTooShort, 'newPassword');
    if (v.oldPassword === v.newPassword) return fail(messages.oldAndNewSame, 'newPassword');
  });
export type ProfileFormInput = z.input<typeof profileFormSchema>;

/** Answers. No answer carries a password or token hash: these are the whole shapes. */
export const publicUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const loginAnswerSchema = z.object({
  name: z.string(),
  isAdmin: z.boolean(),
  message: z.string(),
});
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;
