// The command line of `npm run user` (server/cli/user.ts), read apart from running it.
import { checkRole, type AccountCommand, type AccountRequest } from '../admin/account-admin';

export const USAGE = `Usage: npm run user -- <command> [NAME] [ROLE]
  add NAME [--role ROLE]  create an account (asks for its password); ROLE viewer (the default), curator
                          or admin; the first account there is becomes admin whatever is asked
  role NAME ROLE          give an account another role (the last admin stays one)
  passwd NAME             set a new password (ends the account's sessions)
  remove NAME             delete an account (ends its sessions; not the last admin)
  list                    list the accounts: name and role, separated by a tab
The password is read from the terminal without echo, or from standard input when it is not a terminal.
Works while the server runs (it goes through the server for the embedded database).
Changes are written to the audit trail as made by "npm run user".`;

export class UsageError extends Error {}

/** The command line as a request; a UsageError when it is not one (the usage is printed). */
export function parseUserArgs(args: string[]): AccountRequest {
  const [command, ...rest] = args;
  const positional: string[] = [];
  let role: string | undefined;
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i];
    if (arg === '--role' && command === 'add' && i + 1 < rest.length) role = rest[++i];
    else if (arg.startsWith('--role=') && command === 'add') role = arg.slice('--role='.length);
    else if (arg.startsWith('-')) throw new UsageError(`Unknown option "${arg}"`);
    else positional.push(arg);
  }
  const names: Record<AccountCommand, number> = { add: 1, passwd: 1, remove: 1, role: 2, list: 0 };
  const wanted = Object.hasOwn(names, command ?? '') ? names[command as AccountCommand] : undefined;
  if (wanted === undefined) throw new UsageError(command ? `Unknown command "${command}"` : 'No command given');
  if (positional.length !== wanted) throw new UsageError(`"${command}" takes ${['no name', 'a name', 'a name and a role'][wanted]}`);
  if (command === 'role') role = positional[1];
  return { command: command as AccountCommand, username: positional[0], role: role === undefined ? undefined : checkRole(role) };
}
