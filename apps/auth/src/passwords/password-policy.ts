import { PasswordPolicyError } from './passwords.errors';

/** The minimum length of a password. */
export const MIN_PASSWORD_LENGTH = 12;

/** Throws {@link PasswordPolicyError} unless `password` is acceptable for the user with `email`. */
export function assertPasswordPolicy(password: string, email: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new PasswordPolicyError(`Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`);
  }
  if (password.trim() !== password) throw new PasswordPolicyError('Password must not start or end with spaces.');
  if (password.toLowerCase().includes(email.toLowerCase().split('@')[0]) && email.split('@')[0].length >= 4) {
    throw new PasswordPolicyError('Password must not contain your email name.');
  }
  if (new Set(password).size < 4) throw new PasswordPolicyError('Password must use at least 4 different characters.');
}
