import { z } from 'zod';
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH } from '../constants.js';
import { messages } from '../messages.js';
import { isBlankText } from '../text.js';

/**
 * HTML number inputs give their value as a string ("1499"): a plain decimal
 * string counts as exactly its number. Any other string stays a string, so the
 * field refuses it with its message.
 */
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;
export const numberFromForm = (input: unknown) =>
  typeof input === 'string' && PLAIN_DECIMAL.test(input) ? Number(input) : input;

/**
 * Reusable field schemas. `required` gives the spec's "cant be empty" message
 * both for a missing field and for an empty string, so the form and the server
 * say the same thing. A text of invisible characters only counts as empty; one
 * with anything visible is kept whole (a zero-width joiner inside an emoji or a
 * Devanagari conjunct belongs to it).
 */
export function requiredString(message: string) {
  return z
    .string({ error: message })
    .trim()
    .refine((text) => !isBlankText(text), { error: message });
}

/**
 * U+FFFD stands where a character could not be decoded: a text holding it was
 * garbled on its way, and the shop would store (and export) it garbled.
 */
export function readableText(emptyMessage: string, field: string, max: number) {
  return requiredText(emptyMessage, field, max).refine((text) => !text.includes('\uFFFD'), {
    error: messages.unreadableCharacter(field),
  });
}

/** Required text of at most `max` characters; longer: "`field` must be at most `max` characters". */
export function requiredText(emptyMessage: string, field: string, max: number) {
  return requiredString(emptyMessage).max(max, { error: messages.tooLong(field, max) });
}

export function nameField(emptyMessage: string) {
  return requiredString(emptyMessage).max(MAX_NAME_LENGTH, {
    error: messages.tooLong('Name', MAX_NAME_LENGTH),
  });
}

export function emailField(emptyMessage: string) {
  return requiredString(emptyMessage)
    .max(MAX_EMAIL_LENGTH, { error: messages.tooLong('Email', MAX_EMAIL_LENGTH) })
    .pipe(z.email({ error: messages.invalidEmail }))
    .transform((email) => email.toLowerCase());
}

/** Passwords are not trimmed: spaces may be part of them. */
export function passwordField(emptyMessage: string) {
  return z
    .string({ error: emptyMessage })
    .min(1, { error: emptyMessage })
    .max(MAX_PASSWORD_LENGTH, { error: messages.tooLong('Password', MAX_PASSWORD_LENGTH) });
}

/**
 * An amount in rupees of whole paise, one paisa or more (a smaller one would be stored as
 * nothing); `number` is the number schema with its own checks, `message` what else is refused.
 */
export function rupeesField(number: z.ZodNumber, message: string) {
  return number
    .min(0.01, { error: message })
    .refine((p) => Math.abs(Math.round(p * 100) - p * 100) < 1e-6, { error: message });
}
