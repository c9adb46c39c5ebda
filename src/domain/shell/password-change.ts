// 'Change password' (user menu, local accounts): the three fields, when they may be sent, and the
// server's 400 put beside the field it names.

export type PasswordField = 'current' | 'new' | 'repeat';

export type PasswordDraft = Record<PasswordField, string>;

/** A refusal to show: beside a field, or (field null) under the form. */
export type PasswordProblem = { field: PasswordField | null; text: string };

/** POST /api/backend/me/password's body. */
export type PasswordChange = { current_password: string; new_password: string };

export const EMPTY_PASSWORDS: PasswordDraft = { current: '', new: '', repeat: '' };

export const PASSWORDS_DIFFER = 'The two new passwords differ';

/** The repeat differs from the new password (once something is typed into it). */
export const passwordsDiffer = (draft: PasswordDraft) => draft.repeat !== '' && draft.repeat !== draft.new;

/** All three given and the repeat the same: the change may be sent. */
export const isPasswordChangeReady = (draft: PasswordDraft) => draft.current !== '' && draft.new !== '' && draft.new === draft.repeat;

export const passwordChangeOf = (draft: PasswordDraft): PasswordChange => ({ current_password: draft.current, new_password: draft.new });

const SERVER_FIELDS: ReadonlyArray<[name: string, field: PasswordField]> = [
  ['current_password', 'current'],
  ['new_password', 'new'],
];

/**
 * The server's message beside the field it names, without the name: "current_password: does not match" →
 * current, "Does not match"; "body.new_password must NOT have fewer than 8 characters" → new, "Must NOT have…".
 * A message naming no field stays whole, under the form.
 */
export function passwordProblem(message: string): PasswordProblem {
  for (const [name, field] of SERVER_FIELDS) {
    const named = new RegExp(`^(?:body\\.)?${name}:?\\s+(.+)$`, 's').exec(message.trim());
    if (named) return { field, text: named[1].charAt(0).toUpperCase() + named[1].slice(1) };
    if (message.includes(name)) return { field, text: message };
  }
  return { field: null, text: message };
}
