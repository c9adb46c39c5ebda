import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { readConfig } from '../config';
import { openDatabase } from '../storage/open-database';
import { AccountError } from '../identity/accounts';
import { checkRole, runAccountCommand, type AccountCommand, type AccountRequest } from '../admin/account-admin';
import { askDataDirOwner, claimDataDir, DataDirBusyError } from '../admin/data-dir-lock';

const USAGE = `Usage: npm run user -- <command> [NAME] [ROLE]
  add NAME [--role ROLE]  create an account (asks for its password); ROLE viewer (the default), curator
                          or admin; the first account there is becomes admin whatever is asked
  role NAME ROLE          give an account another role (the last admin stays one)
  passwd NAME             set a new password (ends the account's sessions)
  remove NAME             delete an account (ends its sessions; not the last admin)
  list                    list the accounts: name and role, separated by a tab
The password is read from the terminal without echo, or from standard input when it is not a terminal.
Works while the server runs (it goes through the server for the embedded database).
Changes are written to the audit trail as made by "npm run user".`;

class UsageError extends Error {}

/** The command line as a request; a UsageError when it is not one (the usage is printed). */
function parseArgs(args: string[]): AccountRequest {
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

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = '';
    for await (const chunk of process.stdin) text += chunk;
    return text.split(/\r?\n/)[0];
  }
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
  const ask = async (prompt: string) => {
    process.stdout.write(prompt);
    const rl = createInterface({ input: process.stdin, output: muted, terminal: true });
    const answer = await new Promise<string>((resolve) => rl.question('', resolve));
    rl.close();
    process.stdout.write('\n');
    return answer;
  };
  const first = await ask('Password: ');
  if ((await ask('Repeat it: ')) !== first) throw new AccountError('The passwords differ');
  return first;
}

async function run(request: AccountRequest): Promise<string> {
  const config = readConfig();
  if (!config.databaseUrl) {
    // The server holds the embedded database: ask it to do the work.
    const answer = await askDataDirOwner(config.dataDir, 'POST', '/accounts', request);
    if (answer) {
      const { message } = answer.body as { message: string };
      if (answer.status !== 200) throw new AccountError(message);
      return message;
    }
  }
  // Hold the folder like a server would, so that a server starting meanwhile stops instead of corrupting it.
  const lock = config.databaseUrl ? undefined : await claimDataDir(config.dataDir, 'npm run user');
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    return await runAccountCommand(db, request);
  } finally {
    await lock?.release();
    await db.close();
  }
}

async function main(args: string[]) {
  let request: AccountRequest;
  try {
    request = parseArgs(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n${USAGE}`);
    return 2;
  }
  const needsPassword = request.command === 'add' || request.command === 'passwd';
  const password = needsPassword ? await readPassword() : undefined;
  console.log(await run({ ...request, password }));
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof AccountError || error instanceof DataDirBusyError;
    console.error(known ? (error as Error).message : error);
    process.exit(1);
  },
);
