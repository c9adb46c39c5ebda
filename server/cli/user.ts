import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { readConfig } from '../config';
import { openDatabase } from '../db/open';
import { AccountError } from '../identity/accounts';
import { runAccountCommand, type AccountCommand, type AccountRequest } from '../admin/account-admin';
import { askDataDirOwner, claimDataDir, DataDirBusyError } from '../admin/data-dir-lock';

const USAGE = `Usage: npm run user -- <command> [NAME]
  add NAME      create an account (asks for its password)
  passwd NAME   set a new password
  remove NAME   delete an account
  list          list the accounts
The password is read from the terminal without echo, or from standard input when it is not a terminal.
Works while the server runs (it goes through the server for the embedded database).`;

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
  const [command, username] = args;
  if (!['add', 'passwd', 'remove', 'list'].includes(command) || (command !== 'list' && !username)) {
    console.error(USAGE);
    return 2;
  }
  const needsPassword = command === 'add' || command === 'passwd';
  const password = needsPassword ? await readPassword() : undefined;
  console.log(await run({ command: command as AccountCommand, username, password }));
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
